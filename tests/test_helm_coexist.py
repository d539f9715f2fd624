"""Helm 3 and Helm 4 on one machine, one data home: the Helm 4 plugin never breaks Helm 3.

Helm 3 refuses its whole plugin list over one plugin.yaml in Helm 4's format, so the wrapper
installs the Helm 4 plugin into a data home of its own and points Helm 4 at it with HELM_PLUGINS
(keeping Helm's usual directory in the list); a user's own HELM_PLUGINS is honoured. Real binaries.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT

CHART = os.path.join(ROOT, "charts", "spinnaker")


@pytest.fixture
def machine(tmp_path, helm3, helm4):
    """One user's environment: the same HELM_DATA_HOME / XDG_DATA_HOME for both Helms."""
    env = {k: v for k, v in os.environ.items() if k not in ("HELM_PLUGINS", "HELM_DATA_HOME")}
    env.update(XDG_DATA_HOME=str(tmp_path / "xdg"), HELM_DATA_HOME=str(tmp_path / "xdg" / "helm"),
               HELM_CONFIG_HOME=str(tmp_path / "config"), HELM_CACHE_HOME=str(tmp_path / "cache"),
               SPINNAKER_RENDERER_NO_TTY="1", SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "last-error.txt"))
    return env


def _wrapper(env, helm, *args):
    return subprocess.run([sys.executable, "-m", "renderer", "helm", *args], capture_output=True, text=True,
                          cwd=ROOT, env=dict(env, HELM_BIN=str(helm)))


def test_helm3_works_after_the_wrapper_installed_the_helm4_plugin(machine, helm3, helm4):
    four = _wrapper(machine, helm4, "template", "spin", CHART)
    assert four.returncode == 0, four.stderr
    assert "installed the Helm 4 plugin" in four.stderr
    listed = subprocess.run([str(helm3), "plugin", "list"], capture_output=True, text=True, env=machine)
    assert listed.returncode == 0 and "failed to load plugins" not in listed.stderr, listed.stderr
    three = subprocess.run([str(helm3), "template", "spin", CHART, "--post-renderer",
                            os.path.join(ROOT, "scripts", "post-render")], capture_output=True, text=True, env=machine)
    assert three.returncode == 0 and "failed to load plugins" not in three.stderr, three.stderr
    three = _wrapper(machine, helm3, "template", "spin", CHART)
    assert three.returncode == 0, three.stderr
    again = _wrapper(machine, helm4, "template", "spin", CHART)  # found where it was put: not installed twice
    assert again.returncode == 0 and "installed the Helm 4 plugin" not in again.stderr, again.stderr


def test_a_users_helm_plugins_is_honoured(machine, helm4, tmp_path):
    plugins = tmp_path / "mine" / "plugins"
    env = dict(machine, HELM_PLUGINS=str(plugins))
    result = _wrapper(env, helm4, "template", "spin", CHART)
    assert result.returncode == 0, result.stderr
    assert (plugins / "spinnaker-renderer" / "plugin.yaml").exists()


def _commands(text: str) -> list[str]:
    return [line[2:] for line in text.splitlines() if line.startswith("  ")]


@pytest.fixture
def both_helms(tmp_path, helm3, helm4):
    """A user's machine with both Helms: `helm` is Helm 3, `helm4` Helm 4; fresh HOME and XDG dirs,
    no HELM_* variables (Helm computes its homes itself)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "helm").symlink_to(helm3)
    (bin_dir / "helm4").symlink_to(helm4)
    (bin_dir / "spinnaker-renderer").symlink_to(os.path.join(os.path.dirname(str(helm3)), "spinnaker-renderer"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HELM_", "XDG_"))}
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg-data"),
               XDG_CONFIG_HOME=str(tmp_path / "xdg-config"), XDG_CACHE_HOME=str(tmp_path / "xdg-cache"),
               PATH=f"{bin_dir}:/usr/bin:/bin", SPINNAKER_RENDERER_NO_TTY="1")
    return env


def _helm3_works(env):
    listed = subprocess.run(["helm", "plugin", "list"], capture_output=True, text=True, env=env)
    rendered = subprocess.run(["helm", "template", "spin", CHART, "--post-renderer",
                               os.path.join(ROOT, "scripts", "post-render")], capture_output=True, text=True, env=env)
    return listed.returncode == 0 and rendered.returncode == 0, listed.stderr + rendered.stderr


def test_the_printed_install_hint_keeps_helm3_working(both_helms, tmp_path):
    """`plugin-package`'s hint, run line by line as printed: Helm 4 renders with the plugin, Helm 3 still
    runs. Its Helm-4-only line, run on the same machine, is what breaks Helm 3 (hence the two routes)."""
    packaged = subprocess.run(["spinnaker-renderer", "plugin-package", "-o", str(tmp_path / "dist")],
                              capture_output=True, text=True, env=both_helms, cwd=tmp_path)
    assert packaged.returncode == 0, packaged.stderr
    safe, only_helm4 = packaged.stderr.split("only on a machine with Helm 4 and no Helm 3")
    script = "set -eu\n" + "\n".join(_commands(safe))
    assert "helm4 plugin install" in script and "helm4 template" in script
    run = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=both_helms, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "kind: Deployment" in run.stdout and "-config-" in run.stdout  # post-rendered by the plugin
    works, why = _helm3_works(both_helms)
    assert works, why
    # The wrapper finds the plugin where the hint put it: no second install.
    wrapped = subprocess.run(["spinnaker-renderer", "helm", "template", "spin", CHART], capture_output=True,
                             text=True, env=dict(both_helms, HELM_BIN="helm4"), cwd=tmp_path)
    assert wrapped.returncode == 0 and "installed the Helm 4 plugin" not in wrapped.stderr, wrapped.stderr

    [plain] = _commands(only_helm4)
    helm4_is_helm = dict(both_helms, PATH=f"{tmp_path / 'helm4-only'}:{both_helms['PATH']}")
    (tmp_path / "helm4-only").mkdir()
    (tmp_path / "helm4-only" / "helm").symlink_to(tmp_path / "bin" / "helm4")
    assert subprocess.run(["bash", "-c", plain], capture_output=True, text=True, env=helm4_is_helm,
                          cwd=tmp_path).returncode == 0
    works, why = _helm3_works(both_helms)
    assert not works and 'unknown field "apiVersion"' in why


@pytest.mark.parametrize("document, first_install", [
    ("docs/install.md", "## Helm 4: the plugin tarball"),
    ("examples/helmfile.yaml", "Helm 4 runs the plugin"),
    ("charts/spinnaker/README.md", "# Helm 4: the post-renderer is a plugin"),
])
def test_every_written_hint_leads_with_the_route_that_keeps_helm3(document, first_install):
    """The first install each document shows is the hint's own (a data home of the plugin's own); the plain
    `helm plugin install` comes after it, said to be for Helm 4 alone."""
    from renderer.cli.bundled import HELM4_DATA_HOME, HELM4_PLUGINS

    with open(os.path.join(ROOT, document), encoding="utf-8") as handle:
        text = handle.read()
    text = text[text.index(first_install):]
    safe, plain = text.index('HELM_DATA_HOME="$H4" helm4 plugin install'), text.index("helm plugin install")
    assert safe < plain
    assert f"export H4={HELM4_DATA_HOME}" in text[:safe] and HELM4_PLUGINS in text[safe:]
    assert "Helm 4 only" in text[safe:plain] or "Helm 4 and no Helm 3" in text[safe:plain]
