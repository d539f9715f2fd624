"""Every case in the reference corpus translates to exactly kleat's output,
except the deliberate differences declared in `renderer.kleat_differences`."""
from __future__ import annotations

import importlib.util
import os
import shutil

import pytest

from conftest import COMPARATOR, ROOT, reference_cases, need_reference
from renderer.kleat_differences import DIFFERENCES, without

CASES = reference_cases()


def _comparator():
    spec = importlib.util.spec_from_file_location("compare_kleat_outputs", COMPARATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compare_except_declared(actual_dir, expected_dir) -> list:
    """The comparator's verdict, with the declared differences left out on both sides."""
    cmp = _comparator()
    failures = []
    names = set(os.listdir(expected_dir)) | set(os.listdir(actual_dir))
    for name in sorted(names):
        loader = cmp.load_settings if name.endswith(".js") else cmp.load_env if name.endswith(".env") \
            else cmp.load_yaml
        a = cmp.prune_empty_lists(loader(os.path.join(actual_dir, name)))
        e = cmp.prune_empty_lists(loader(os.path.join(expected_dir, name)))
        if name.endswith(".js"):
            cmp.strip_notification_tokens(e)
            leaked = cmp.strip_notification_tokens(a)
            if leaked:
                failures.append(f"{name}: browser-visible credentials for notifications {leaked}")
        for difference in DIFFERENCES:
            if difference.file == name:
                for path in difference.paths:
                    a, e = without(a, path), without(e, path)
        if a != e:
            failures.append(f"{name}: " + "; ".join(cmp.diff_paths(a, e)))
    return failures


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
    if result.returncode != 0:
        result = run_cli("generate", "--kleat-compat", halconfig, str(out))
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(out)) == sorted(os.listdir(expected))
    assert compare_except_declared(str(out), expected) == []


def test_every_deliberate_difference_is_in_the_readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        readme = " ".join(handle.read().split())
    for difference in DIFFERENCES:
        assert " ".join(difference.why.split()) in readme, difference.file
