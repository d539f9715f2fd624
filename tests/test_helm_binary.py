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
from test_migrate import hal_home  # noqa: F401  (the ~/.hal fixture)

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


def test_a_migrated_halyard_directory_renders_with_everything(tmp_path, hal_home):
    """`migrate` on a ~/.hal tree (test_migrate's fixture), then the real helm CLI."""
    import yaml

    from renderer.migrate import migrate

    migration = migrate(str(hal_home[0]))
    assert migration.ok
    values = tmp_path / "values.yaml"
    values.write_text(migration.values_yaml)
    args, env = _post_render_args(tmp_path)
    result = subprocess.run([HELM, "template", "spin", CHART, "--namespace", "spinnaker", "-f", str(values), *args],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    objs = [o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)]
    pods = {o["metadata"]["name"]: o for o in objs if o["kind"] == "Deployment"}
    caching = pods["spin-spinnaker-clouddriver-caching"]
    assert caching["spec"]["replicas"] == 3
    container = caching["spec"]["template"]["spec"]["containers"][0]
    assert container["resources"]["requests"] == {"cpu": 2, "memory": "8Gi"}
    assert {"name": "SPRING_PROFILES_ACTIVE", "value": "helm,caching,local,caching-local"} in container["env"]
    assert pods["spin-spinnaker-echo-worker"]["spec"]["replicas"] == 3
    assert pods["spin-spinnaker-orca"]["spec"]["template"]["spec"]["tolerations"][0]["key"] == "dedicated"
    config = next(o for o in objs if o["kind"] == "ConfigMap"
                  and o["metadata"]["name"].startswith("spin-spinnaker-clouddriver-config-"))
    assert "poll-interval" in config["data"]["clouddriver-caching-local.yml"]
