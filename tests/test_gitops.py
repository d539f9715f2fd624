"""The GitOps examples work as written: Argo CD's plugin, the Flux route, helmfile.

Argo CD and Flux are not run here; what they run is: the plugin's generate
command (with the environment Argo CD gives it, from the example Application)
in a fresh pip-installed renderer, the Flux render script whose output
`kubectl kustomize` (kustomize 5.7, what Flux's kustomize-controller builds
with) must accept, and helmfile 0.166 with Helm 3 (helmfile 0.x predates
Helm 4, so for Helm 4 the helm command helmfile builds from the file is run).
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest
import yaml

from conftest import KUBECTL, ROOT

EXAMPLES = os.path.join(ROOT, "examples")
PLUGIN_NAME = "spinnaker-renderer"


def _load(*parts):
    with open(os.path.join(EXAMPLES, *parts), encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _objects(text: str) -> list[dict]:
    return [d for d in yaml.safe_load_all(text) if d]


def _assert_post_rendered(text: str):
    objects = _objects(text)
    kinds = {(o["kind"], o["metadata"]["name"]) for o in objects}
    assert ("Deployment", "spinnaker-gate") in kinds, sorted(kinds)[:10]
    assert not any(o["kind"] == "SpinnakerConfigBundle" for o in objects)
    assert any(o["kind"] == "ConfigMap" and o["metadata"]["name"].startswith("spinnaker-clouddriver-config-")
               for o in objects)
    return objects


@pytest.fixture(params=[3, 4], ids=["helm3", "helm4"])
def any_helm(request):
    return request.getfixturevalue(f"helm{request.param}")


def _renderer_env(bin_dir, helm, tmp_path, **extra):
    """What a sidecar or CI job has: the installed renderer and helm, nothing of the checkout."""
    env = {k: v for k, v in helm.env.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=f"{bin_dir}:/usr/local/bin:/usr/bin:/bin", HELM_BIN=str(helm),
               HELM_DATA_HOME=str(tmp_path / "helm-data"), SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "err.txt"))
    env.update(extra)
    return env


# Argo CD ---------------------------------------------------------------------

def test_argocd_application_names_the_plugin_and_its_parameters():
    plugin = _load("argocd", "plugin.yaml")
    app = _load("argocd", "application.yaml")
    assert plugin["kind"] == "ConfigManagementPlugin" and plugin["apiVersion"] == "argoproj.io/v1alpha1"
    # Without spec.version Argo CD knows the plugin by metadata.name.
    assert "version" not in plugin["spec"]
    assert app["spec"]["source"]["plugin"]["name"] == plugin["metadata"]["name"]
    script = " ".join(plugin["spec"]["generate"]["args"])
    for param in app["spec"]["source"]["plugin"]["env"]:
        assert f"ARGOCD_ENV_{param['name']}" in script
    with open(os.path.join(EXAMPLES, "argocd", "Dockerfile"), encoding="utf-8") as handle:
        dockerfile = handle.read()
    assert "COPY examples/argocd/plugin.yaml /home/argocd/cmp-server/config/plugin.yaml" in dockerfile
    assert "USER 999" in dockerfile


def _argocd_generate(bin_dir, helm, tmp_path):
    """Run the plugin's generate command the way Argo CD's cmp-server does for application.yaml."""
    plugin = _load("argocd", "plugin.yaml")
    app = _load("argocd", "application.yaml")
    source = tmp_path / "repo" / app["spec"]["source"]["path"]
    source.mkdir(parents=True)
    params = {f"ARGOCD_ENV_{p['name']}": p["value"] for p in app["spec"]["source"]["plugin"]["env"]}
    for name in params["ARGOCD_ENV_VALUES_FILES"].split():
        shutil.copy(os.path.join(EXAMPLES, name), source / name)
    env = _renderer_env(bin_dir, helm, tmp_path, ARGOCD_APP_NAME=app["metadata"]["name"],
                        ARGOCD_APP_NAMESPACE=app["spec"]["destination"]["namespace"], **params)
    generate = plugin["spec"]["generate"]
    return subprocess.run([*generate["command"], *generate.get("args", [])], cwd=source, env=env,
                          capture_output=True, text=True)


def test_argocd_plugin_generates_the_release(installed_renderer, any_helm, tmp_path):
    first = _argocd_generate(installed_renderer, any_helm, tmp_path / "a")
    assert first.returncode == 0, first.stderr
    objects = _assert_post_rendered(first.stdout)
    assert all(o["metadata"].get("namespace") in (None, "spinnaker") for o in objects)
    assert not any("helm.sh/hook" in (o["metadata"].get("annotations") or {}) and o["kind"] == "Pod"
                   for o in objects), "helm test Pods are skipped"
    second = _argocd_generate(installed_renderer, any_helm, tmp_path / "b")
    assert second.stdout == first.stdout, "Argo CD would see a diff on every refresh"


def test_argocd_plugin_fails_with_the_reason(installed_renderer, helm3, tmp_path):
    app = _load("argocd", "application.yaml")
    values = app["spec"]["source"]["plugin"]["env"][0]["value"]
    bad = tmp_path / "bad"
    (bad / "repo" / app["spec"]["source"]["path"]).mkdir(parents=True)
    (bad / "repo" / app["spec"]["source"]["path"] / values).write_text("redis:\n  enabled: sometimes\n")
    plugin = _load("argocd", "plugin.yaml")
    env = _renderer_env(installed_renderer, helm3, bad, ARGOCD_APP_NAME="spinnaker", ARGOCD_APP_NAMESPACE="spinnaker",
                        ARGOCD_ENV_VALUES_FILES=values)
    generate = plugin["spec"]["generate"]
    result = subprocess.run([*generate["command"], *generate["args"]], cwd=bad / "repo" / app["spec"]["source"]["path"],
                            env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "values: redis.enabled" in result.stderr
    assert result.stdout == ""


# Flux ------------------------------------------------------------------------

def _flux_render(bin_dir, helm, tmp_path):
    kustomization = _load("flux", "spinnaker-kustomization.yaml")
    repo = tmp_path / "repo"
    repo.mkdir(parents=True)
    out = repo / kustomization["spec"]["path"]
    env = _renderer_env(bin_dir, helm, tmp_path)
    result = subprocess.run([os.path.join(EXAMPLES, "flux", "render"), os.path.join(EXAMPLES, "values-production.yaml"),
                             kustomization["spec"]["path"]], env=env, capture_output=True, text=True, cwd=repo)
    assert result.returncode == 0, result.stderr
    return out


def test_flux_route_renders_what_kustomize_builds(installed_renderer, any_helm, tmp_path):
    kustomization = _load("flux", "spinnaker-kustomization.yaml")
    assert kustomization["apiVersion"] == "kustomize.toolkit.fluxcd.io/v1"
    assert kustomization["spec"]["prune"] is True
    out = _flux_render(installed_renderer, any_helm, tmp_path / "a")
    if not os.access(KUBECTL, os.X_OK):
        pytest.skip(f"no kubectl at {KUBECTL} to build the kustomization")
    built = subprocess.run([KUBECTL, "kustomize", str(out)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    objects = _assert_post_rendered(built.stdout)
    assert {"kind": "Namespace", "name": "spinnaker"} == {"kind": objects[0]["kind"], "name": objects[0]["metadata"]["name"]}
    again = _flux_render(installed_renderer, any_helm, tmp_path / "b")
    for name in ("manifests.yaml", "namespace.yaml", "kustomization.yaml"):
        assert (out / name).read_bytes() == (again / name).read_bytes(), f"{name} changes on every render"


def test_flux_render_without_arguments_is_a_usage_error(tmp_path):
    result = subprocess.run([os.path.join(EXAMPLES, "flux", "render")], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 2
    assert "usage:" in result.stderr


# helmfile --------------------------------------------------------------------

def _helmfile_release():
    [release] = _load("helmfile.yaml")["releases"]
    return release


def test_helmfile_example_through_helmfile_and_helm3(helmfile, helm3, tmp_path):
    env = dict(helm3.env, PATH=f"{os.path.join(ROOT, '.venv', 'bin')}:{os.environ['PATH']}")
    renders = []
    for _ in range(2):
        result = subprocess.run([helmfile, "--helm-binary", str(helm3), "-f", os.path.join(EXAMPLES, "helmfile.yaml"),
                                 "template"], env=env, capture_output=True, text=True, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        renders.append(result.stdout)
    _assert_post_rendered(renders[0])
    assert renders[0] == renders[1], "helmfile diff would show a change on every run"


@pytest.mark.parametrize("major", [3, 4])
def test_helmfile_release_through_real_helm(major, request, tmp_path):
    """The helm command helmfile runs for the release (chart, values, postRenderer + args), on each Helm."""
    helm = request.getfixturevalue(f"helm{major}")
    release = _helmfile_release()
    env = dict(helm.env, PATH=f"{os.path.join(ROOT, '.venv', 'bin')}:{os.environ['PATH']}")
    if major == 4 and PLUGIN_NAME not in helm.run("plugin", "list").stdout:
        installed = helm.run("plugin", "install", os.path.join(ROOT, "plugins", PLUGIN_NAME))
        assert installed.returncode == 0, installed.stderr
    args = ["template", release["name"], os.path.normpath(os.path.join(EXAMPLES, release["chart"])),
            "--namespace", release["namespace"], "--post-renderer", release["postRenderer"]]
    for arg in release.get("postRendererArgs", []):
        args += ["--post-renderer-args", arg]
    for values in release["values"]:
        args += ["-f", os.path.join(EXAMPLES, values)]
    result = helm.run(*args, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    _assert_post_rendered(result.stdout)
