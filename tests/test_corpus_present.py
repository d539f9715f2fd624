"""The reference corpus (../shared/reference) is where the suite expects it.

A public clone has none: every test over it skips (or has no parameters) and this one says why.
Under CI (`CI` set) the corpus is beside the clone, and a missing one fails here."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import REFERENCE, ROOT, need_reference


def test_the_reference_corpus_is_present():
    need_reference()
    assert os.path.isfile(os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml"))
    assert os.path.isdir(os.path.join(REFERENCE, "real-world", "configs"))


def test_a_clone_without_the_corpus_collects_cleanly(tmp_path):
    """What a public clone gets: the tracked files, no ../shared. Collection must not fail."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    clone = tmp_path / "clone"
    for name in listed.stdout.decode().split("\0"):
        if name and os.path.isfile(os.path.join(ROOT, name)):
            target = clone / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(os.path.join(ROOT, name), target)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["SPINNAKER_SHARED"] = str(tmp_path / "no-shared")
    env["PYTHONPATH"] = str(clone)
    result = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                            cwd=clone, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " error" not in result.stdout.splitlines()[-1], result.stdout[-3000:]


def test_a_run_without_the_corpus_says_so_at_its_end(tmp_path):
    """`make test` in a clone without ../shared ends by saying how many tests skipped and why, so a green
    run is not read as the whole suite; the Quickstart says so too."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["SPINNAKER_SHARED"] = str(tmp_path / "no-shared")
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "tests/test_corpus_present.py::test_the_reference_corpus_is_present"],
                            cwd=ROOT, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "1 corpus test skipped: ../shared is not beside this clone" in result.stdout, result.stdout[-3000:]
    assert str(tmp_path / "no-shared") in result.stdout
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    quickstart = readme[readme.index("## Quickstart"):readme.index("\n## ", readme.index("## Quickstart") + 1)]
    assert "../shared" in quickstart and "skip" in quickstart, "the Quickstart says what a clone without it skips"
