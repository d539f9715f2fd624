"""Every case in the reference corpus translates to exactly kleat's output."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import COMPARATOR, reference_cases, need_reference

CASES = reference_cases()


def test_corpus_is_complete():
    need_reference()
    assert len(CASES) == 16, [c[0] for c in CASES]


@pytest.mark.parametrize("case_id,halconfig,expected", CASES, ids=[c[0] for c in CASES])
def test_generate_matches_reference(case_id, halconfig, expected, tmp_path, run_cli):
    need_reference()
    if shutil.which("node") is None:
        pytest.skip("node is needed by the comparator to evaluate settings.js")
    out = tmp_path / "out"
    # As the acceptance checks do: where the default refuses what kleat
    # accepted (a version that names no release), --kleat-compat.
    result = run_cli("generate", halconfig, str(out))
    if result.returncode != 0:  # refused (e.g. a nameless account): as the acceptance checks do
        assert "--kleat-compat accepts it" in result.stderr, result.stderr
        result = run_cli("generate", "--kleat-compat", halconfig, str(out))
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(out)) == sorted(os.listdir(expected))
    compared = subprocess.run([sys.executable, COMPARATOR, str(out), expected],
                              capture_output=True, text=True)
    assert compared.returncode == 0, compared.stdout + compared.stderr
