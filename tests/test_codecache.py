"""The renderer's modules from one compiled file (renderer/codecache.py): used while each module's source
is the one compiled, never for an edited module, another checkout or another Python."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

PROBE = ("import sys; sys.path.insert(0, {root!r}); import renderer.releases as r, renderer.codecache as c; "
         "print(type(r.__loader__).__name__, r.DEFAULT)")


@pytest.fixture
def checkout(tmp_path):
    """A copy of the package with its one-file cache written."""
    shutil.copytree(os.path.join(ROOT, "renderer"), tmp_path / "renderer",
                    ignore=shutil.ignore_patterns("__pycache__"))
    _python(tmp_path, "import renderer.codecache as c; c.build()")
    return tmp_path


def _python(root, code: str) -> str:
    done = subprocess.run([sys.executable, "-I", "-S", "-c", f"import sys; sys.path.insert(0, {str(root)!r}); " + code],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_module_comes_from_the_file(checkout):
    assert _python(checkout, PROBE.format(root=str(checkout))) == "Finder 2026.4.0"


def test_an_edited_module_is_imported_from_its_source(checkout):
    path = checkout / "renderer" / "releases.py"
    path.write_text(path.read_text().replace("DEFAULT = Release(2026, 4, 0)", "DEFAULT = Release(2026, 5, 0)"))
    out = _python(checkout, PROBE.format(root=str(checkout)))
    assert out.endswith("2026.5.0") and not out.startswith("Finder")


def test_a_file_written_for_another_checkout_is_not_used(checkout, tmp_path_factory):
    moved = tmp_path_factory.mktemp("moved")
    shutil.copytree(checkout / "renderer", moved / "renderer")  # with its __pycache__: the other's file
    assert not _python(moved, PROBE.format(root=str(moved))).startswith("Finder")


def test_no_file_means_the_usual_import(tmp_path):
    shutil.copytree(os.path.join(ROOT, "renderer"), tmp_path / "renderer", ignore=shutil.ignore_patterns("__pycache__"))
    assert not _python(tmp_path, PROBE.format(root=str(tmp_path))).startswith("Finder")
