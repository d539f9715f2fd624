"""The renderer as a package: one version everywhere, the chart and the Helm 4 plugin inside,
and a fresh `pip install .` (no checkout) that renders through real Helm 3 and Helm 4."""
from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tomllib

import pytest
import yaml

from conftest import ROOT

import renderer
from renderer.cli import bundled
from renderer.generate import values_model


def _yaml(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def test_chart_plugin_and_package_versions_agree():
    chart = _yaml("charts", "spinnaker", "Chart.yaml")
    plugin = _yaml("plugins", "spinnaker-renderer", "plugin.yaml")
    assert chart["version"] == renderer.__version__, "bump charts/spinnaker/Chart.yaml version with renderer.__version__"
    assert plugin["version"] == renderer.__version__, "bump plugins/spinnaker-renderer/plugin.yaml with renderer.__version__"
    # appVersion is the Spinnaker release the chart deploys by default.
    assert chart["appVersion"] == values_model.DEFAULT_VERSION


def test_every_renderer_package_is_packaged():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        listed = set(tomllib.load(handle)["tool"]["setuptools"]["packages"])
    found = {os.path.relpath(d, ROOT).replace(os.sep, ".") for d, _, files in os.walk(os.path.join(ROOT, "renderer"))
             if "__init__.py" in files}
    assert found <= listed, f"add {sorted(found - listed)} to [tool.setuptools] packages in pyproject.toml"


def test_plugin_tarball_is_reproducible_and_complete(tmp_path):
    first = bundled.write_plugin_tarball(str(tmp_path / "a"))
    second = bundled.write_plugin_tarball(str(tmp_path / "b"))
    assert os.path.basename(first) == f"spinnaker-renderer-{renderer.__version__}.tgz"
    with open(first, "rb") as a, open(second, "rb") as b:
        assert a.read() == b.read()
    with tarfile.open(first) as archive:
        members = {m.name: m for m in archive.getmembers()}
    assert set(members) == {"spinnaker-renderer", "spinnaker-renderer/plugin.yaml", "spinnaker-renderer/post-render"}
    assert members["spinnaker-renderer/post-render"].mode & 0o111


@pytest.fixture(scope="module")
def installed(installed_renderer):
    return installed_renderer


def _fresh_env(bin_dir, helm, tmp_path, **extra):
    """PATH with the fresh venv and the system only; helm's own homes; run outside the checkout."""
    env = {k: v for k, v in helm.env.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}:/usr/local/bin:/usr/bin:/bin"
    env["HELM_BIN"] = str(helm)
    env["HELM_DATA_HOME"] = str(tmp_path / "helm-data")
    env["SPINNAKER_RENDERER_ERROR_FILE"] = str(tmp_path / "last-error.txt")
    env.update(extra)
    return env


def _rendered(stdout: str) -> set:
    return {(d["kind"], d["metadata"]["name"]) for d in yaml.safe_load_all(stdout) if d}


@pytest.mark.parametrize("major", [3, 4])
def test_installed_wrapper_renders_the_shipped_chart(installed, major, request, tmp_path):
    helm = request.getfixturevalue(f"helm{major}")
    env = _fresh_env(installed, helm, tmp_path)
    chart = subprocess.run([str(installed / "spinnaker-renderer"), "chart-path"], capture_output=True, text=True,
                           env=env, cwd=tmp_path, check=True).stdout.strip()
    assert not chart.startswith(ROOT), chart
    result = subprocess.run([str(installed / "spinnaker-renderer"), "helm", "template", "spin", "-n", "cd"],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    objects = _rendered(result.stdout)
    assert ("Deployment", "spin-spinnaker-clouddriver") in objects
    assert not any(kind == "SpinnakerConfigBundle" for kind, _ in objects)
    if major >= 4:
        assert "installed the Helm 4 plugin spinnaker-renderer from" in result.stderr
        assert "spinnaker-renderer-" in result.stderr and ".tgz" in result.stderr


def test_installed_renderer_with_plain_helm3(installed, helm3, tmp_path):
    """Helm 3 without the wrapper: the console script is the post-renderer, `post-render` its argument."""
    env = _fresh_env(installed, helm3, tmp_path)
    chart = subprocess.run(["spinnaker-renderer", "chart-path"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, check=True).stdout.strip()
    result = subprocess.run([str(helm3), "template", "spin", chart, "--post-renderer", "spinnaker-renderer",
                             "--post-renderer-args", "post-render"], capture_output=True, text=True, env=env,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert ("Deployment", "spin-spinnaker-clouddriver") in _rendered(result.stdout)


def test_installed_plugin_tarball_with_plain_helm4(installed, helm4, tmp_path):
    """Helm 4 without the wrapper: `helm plugin install` the tarball, the plugin finds the renderer on PATH."""
    env = _fresh_env(installed, helm4, tmp_path)
    tarball = subprocess.run(["spinnaker-renderer", "plugin-package", "-o", str(tmp_path / "dist")],
                             capture_output=True, text=True, env=env, cwd=tmp_path, check=True).stdout.strip()
    install = subprocess.run([str(helm4), "plugin", "install", tarball, "--verify=false"], capture_output=True,
                             text=True, env=env, cwd=tmp_path)
    assert install.returncode == 0, install.stderr
    chart = subprocess.run(["spinnaker-renderer", "chart-path"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, check=True).stdout.strip()
    result = subprocess.run([str(helm4), "template", "spin", chart, "--post-renderer", "spinnaker-renderer"],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert ("Deployment", "spin-spinnaker-clouddriver") in _rendered(result.stdout)
    # Without the renderer on PATH the plugin says so (in the error file Helm 4 leaves to us).
    env["PATH"] = "/usr/bin:/bin"
    missing = subprocess.run([str(helm4), "template", "spin", chart, "--post-renderer", "spinnaker-renderer"],
                             capture_output=True, text=True, env=env, cwd=tmp_path)
    assert missing.returncode != 0
    assert "spinnaker-renderer not found" in (tmp_path / "last-error.txt").read_text()
