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
