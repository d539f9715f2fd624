"""The real `helm` CLI with the post-renderer, where a helm binary exists.

These machines have none, so the suite covers the same path through Helm's Go
engine (helm-python-sdk) in test_postrender_e2e.py; this module checks the
CLI wiring itself (Helm 3 executable, Helm 4 plugin) wherever helm is installed.
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from conftest import ROOT

HELM = os.environ.get("HELM_BIN") or shutil.which("helm")
pytestmark = pytest.mark.skipif(
    HELM is None, reason="no helm binary on PATH (set HELM_BIN): the same render and post-render path is "
                         "covered through helm-python-sdk in test_postrender_e2e.py")
CHART = os.path.join(ROOT, "charts", "spinnaker")


def _major() -> int:
    out = subprocess.run([HELM, "version", "--template", "{{ .Version }}"], capture_output=True, text=True, check=True)
    return int(out.stdout.strip().lstrip("v").split(".")[0])


def _post_render_args(tmp_path) -> tuple[list, dict]:
    env = dict(os.environ, SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "last-error.txt"))
    if _major() >= 4:
        env["HELM_PLUGINS"] = str(tmp_path / "plugins")
        subprocess.run([HELM, "plugin", "install", os.path.join(ROOT, "plugins", "spinnaker-renderer")],
                       env=env, check=True, capture_output=True)
        return ["--post-renderer", "spinnaker-renderer"], env
    return ["--post-renderer", os.path.join(ROOT, "scripts", "post-render")], env


def test_helm_template_runs_the_post_renderer(tmp_path):
    args, env = _post_render_args(tmp_path)
    result = subprocess.run([HELM, "template", "spin", CHART, "--namespace", "spinnaker", *args],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "SpinnakerConfigBundle" not in result.stdout
    assert "spin-spinnaker-clouddriver-config-" in result.stdout
    assert "spinnaker-renderer-placeholder" not in result.stdout


def test_a_failure_reaches_the_user(tmp_path):
    args, env = _post_render_args(tmp_path)
    values = tmp_path / "values.yaml"
    values.write_text("halconfig:\n  providers:\n    kubernetes:\n      accounts:\n"
                      "      - name: a\n        kinds: [deployment]\n        omitKinds: [secret]\n")
    result = subprocess.run([HELM, "template", "spin", CHART, "-f", str(values), *args],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode != 0
    path = "halconfig.providers.kubernetes.accounts[0].kinds"
    if _major() >= 4:  # Helm 4 hides the plugin's stderr; the reason is in the error file
        assert path in (tmp_path / "last-error.txt").read_text()
    else:
        assert path in result.stderr


def test_helm_template_is_byte_identical_and_keeps_the_credentials_hook(tmp_path):
    """No generated value in the chart (GitOps diffs stay quiet); the hook that makes the passwords in
    the cluster is in the output under both Helm 3 (hooks not post-rendered) and Helm 4 (post-rendered)."""
    args, env = _post_render_args(tmp_path)
    outputs = [subprocess.run([HELM, "template", "spin", CHART, "--namespace", "spinnaker", *args],
                              capture_output=True, text=True, env=env, cwd=tmp_path) for _ in range(2)]
    assert outputs[0].returncode == 0, outputs[0].stderr
    assert outputs[0].stdout == outputs[1].stdout
    assert "name: spin-spinnaker-credentials-hook" in outputs[0].stdout
    assert "helm.sh/hook: pre-install,pre-upgrade" in outputs[0].stdout
