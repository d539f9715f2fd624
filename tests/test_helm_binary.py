"""The real `helm` CLI, Helm 3.17.2 and Helm 4.1.4, end to end with the post-renderer.

`make setup` installs both (scripts/install_helm.py, checksum-pinned); the
`helm3`/`helm4` fixtures skip with the reason where they are missing and fail
under CI. No cluster is involved: `helm template` and client-side dry runs
(Helm 3's install dry run talks to a discovery-only stand-in API server).
Helm 3 runs the executable post-renderer scripts/post-render; Helm 4 runs the
plugin, installed with `helm plugin install` into a data home of its own.
"""
from __future__ import annotations

import glob
import os

import pytest
import yaml

from conftest import ROOT
from test_migrate import hal_home  # noqa: F401  (the ~/.hal fixture)

CHART = os.path.join(ROOT, "charts", "spinnaker")
PLUGIN_NAME = "spinnaker-renderer"
CI_VALUES = sorted(os.listdir(os.path.join(CHART, "ci")))


@pytest.fixture(scope="session")
def helm4_plugin(helm4):
    """Helm 4 with the checkout's plugin installed (`helm plugin install ./plugins/...`)."""
    listed = helm4.run("plugin", "list")
    if PLUGIN_NAME not in listed.stdout:
        result = helm4.run("plugin", "install", os.path.join(ROOT, "plugins", PLUGIN_NAME))
        assert result.returncode == 0, result.stderr
    return helm4


@pytest.fixture(params=[3, 4], ids=["helm3", "helm4"])
def helm(request, tmp_path):
    """(helm binary, post-renderer flags, env) for each major: the way a user runs it."""
    env = {"SPINNAKER_RENDERER_ERROR_FILE": str(tmp_path / "last-error.txt")}
    if request.param == 3:
        return request.getfixturevalue("helm3"), ["--post-renderer", os.path.join(ROOT, "scripts", "post-render")], env
    return request.getfixturevalue("helm4_plugin"), ["--post-renderer", PLUGIN_NAME], env


def render_values(helm, tmp_path, values: dict, *args):
    """`helm template spin CHART -f VALUES ARGS` with the post-renderer, as the `helm` fixture's Helm runs it."""
    binary, flags, env = helm
    path = tmp_path / "values.yaml"
    path.write_text(yaml.safe_dump(values))
    return binary.run("template", "spin", CHART, "-f", str(path), *args, *flags, env=env)


def _docs(text: str) -> list[dict]:
    return [d for d in yaml.safe_load_all(text) if d]


def _failure_reason(binary, result, env) -> str:
    """What the user gets to read: stderr, or with Helm 4 (which hides it) the error file."""
    if binary.major >= 4:
        assert f'plugin "{PLUGIN_NAME}" exited with error' in result.stderr
        with open(env["SPINNAKER_RENDERER_ERROR_FILE"], encoding="utf-8") as handle:
            return handle.read()
    return result.stderr


def test_helm_template_runs_the_post_renderer(helm, tmp_path):
    binary, flags, env = helm
    result = binary.run("template", "spin", CHART, "--namespace", "spinnaker", *flags, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    kinds = {(d["kind"], d["metadata"]["name"]) for d in _docs(result.stdout)}
    assert not any(kind == "SpinnakerConfigBundle" for kind, _ in kinds)
    assert any(kind == "ConfigMap" and name.startswith("spin-spinnaker-clouddriver-config-") for kind, name in kinds)
    assert ("Deployment", "spin-spinnaker-clouddriver") in kinds
    assert "spinnaker-renderer-placeholder" not in result.stdout


def test_a_failure_reaches_the_user(helm, tmp_path):
    binary, flags, env = helm
    values = tmp_path / "values.yaml"
    values.write_text("halconfig:\n  providers:\n    kubernetes:\n      accounts:\n"
                      "      - name: a\n        kinds: [deployment]\n        omitKinds: [secret]\n")
    result = binary.run("template", "spin", CHART, "-f", str(values), *flags, env=env, cwd=tmp_path)
    assert result.returncode != 0
    assert "halconfig.providers.kubernetes.accounts[0].kinds" in _failure_reason(binary, result, env)
    assert "kind: Deployment" not in result.stdout


def test_each_helm_validates_values_against_the_schema(helm, tmp_path):
    """Helm 3 (gojsonschema) and Helm 4 (santhosh-tekuri/jsonschema) both refuse a wrong type."""
    binary, flags, env = helm
    result = binary.run("template", "spin", CHART, "--set", "redis.enabled=sometimes", *flags, env=env, cwd=tmp_path)
    assert result.returncode != 0
    assert "values don't meet the specifications of the schema" in result.stderr
    assert "redis" in result.stderr and "enabled" in result.stderr
    # ...and accept the same key with a right value.
    ok = binary.run("template", "spin", CHART, "--set", "redis.enabled=true", *flags, env=env, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize("values", ["(defaults)", *CI_VALUES])
@pytest.mark.parametrize("major", [3, 4])
def test_helm_lint_strict_passes(major, values, request):
    binary = request.getfixturevalue(f"helm{major}")
    args = ["lint", "--strict", CHART]
    if values != "(defaults)":
        args += ["-f", os.path.join(CHART, "ci", values)]
    result = binary.run(*args)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 chart(s) failed" in result.stdout


def test_helm_lint_strict_refuses_a_bad_value(helm3, helm4):
    for binary in (helm3, helm4):
        result = binary.run("lint", "--strict", CHART, "--set", "redis.enabled=sometimes")
        assert result.returncode != 0, f"Helm {binary.major} accepted a wrong type"


def test_a_packaged_chart_renders_through_the_post_renderer(helm, tmp_path):
    binary, flags, env = helm
    packaged = binary.run("package", CHART, "-d", str(tmp_path), env=env)
    assert packaged.returncode == 0, packaged.stderr
    with open(os.path.join(CHART, "Chart.yaml"), encoding="utf-8") as handle:
        version = yaml.safe_load(handle)["version"]
    tarball = tmp_path / f"spinnaker-{version}.tgz"
    assert tarball.is_file()
    result = binary.run("template", "spin", str(tarball), *flags, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "spin-spinnaker-clouddriver-config-" in result.stdout


def test_hooks_are_post_rendered_by_helm4_only(helm, tmp_path):
    """Helm 4 post-renders hooks (the `helm test` Pod), Helm 3 does not: a patch shows it."""
    binary, flags, env = helm
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({"patches": [{
        "target": {"kind": "Pod", "name": "spin-spinnaker-test-health"}, "type": "strategic",
        "patch": {"metadata": {"annotations": {"patched-by": "post-renderer"}}}}]}))
    result = binary.run("template", "spin", CHART, "-f", str(values), *flags, env=env, cwd=tmp_path)
    if binary.major >= 4:
        assert result.returncode == 0, result.stderr
        pod = next(d for d in _docs(result.stdout) if d["kind"] == "Pod")
        assert pod["metadata"]["annotations"]["patched-by"] == "post-renderer"
        assert pod["metadata"]["annotations"]["helm.sh/hook"] == "test"
    else:
        assert result.returncode != 0
        assert "matched no Pod named 'spin-spinnaker-test-health'" in _failure_reason(binary, result, env)
        plain = binary.run("template", "spin", CHART, *flags, env=env, cwd=tmp_path)
        assert plain.returncode == 0, plain.stderr
        pod = next(d for d in _docs(plain.stdout) if d["kind"] == "Pod")
        assert pod["metadata"]["annotations"]["helm.sh/hook"] == "test"


def _objects(text: str) -> dict:
    """{(kind, name): object} without Helm 4's own post-render bookkeeping annotation."""
    out = {}
    for doc in _docs(text):
        annotations = doc["metadata"].get("annotations") or {}
        for key in [k for k in annotations if k.startswith("postrenderer.helm.sh/")]:
            del annotations[key]
        if "annotations" in doc["metadata"] and not annotations:
            del doc["metadata"]["annotations"]
        out[(doc["kind"], doc["metadata"]["name"])] = doc
    return out


@pytest.mark.parametrize("example", ["(defaults)"] + sorted(
    os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "examples", "values-*.yaml"))))
def test_helm3_executable_and_helm4_plugin_give_the_same_objects(example, helm3, helm4_plugin, tmp_path):
    """The same values through Helm 3's executable post-renderer and Helm 4's plugin: the same objects."""
    args = ["template", "spin", CHART, "--namespace", "spinnaker"]
    if example != "(defaults)":
        args += ["-f", os.path.join(ROOT, "examples", example)]
    env = {"SPINNAKER_RENDERER_ERROR_FILE": str(tmp_path / "last-error.txt")}
    three = helm3.run(*args, "--post-renderer", os.path.join(ROOT, "scripts", "post-render"), env=env, cwd=tmp_path)
    four = helm4_plugin.run(*args, "--post-renderer", PLUGIN_NAME, env=env, cwd=tmp_path)
    assert three.returncode == 0, three.stderr
    assert four.returncode == 0, four.stderr
    objects = _objects(three.stdout)
    assert any(kind == "ConfigMap" and "-gate-config-" in name for kind, name in objects)
    assert objects == _objects(four.stdout)


@pytest.fixture
def discovery_server():
    from discovery_apiserver import DiscoveryServer

    server = DiscoveryServer()
    yield server
    server.close()


def test_helm3_install_dry_run_post_renders(helm3, discovery_server, tmp_path):
    """Helm 3's install needs an API server even for --dry-run=client (to map kinds): a
    discovery-only stand-in. Post-rendered, every kind maps; without the post-renderer the
    config bundle's kind is refused, as a real cluster refuses it; nothing is written."""
    env = {"KUBECONFIG": discovery_server.kubeconfig(tmp_path / "kubeconfig")}
    args = ["install", "spin", CHART, "--namespace", "spinnaker", "--dry-run=client", "--disable-openapi-validation"]
    result = helm3.run(*args, "--post-renderer", os.path.join(ROOT, "scripts", "post-render"), env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "STATUS: pending-install" in result.stdout
    manifest = result.stdout.split("MANIFEST:", 1)[1].split("NOTES:", 1)[0]
    assert "spin-spinnaker-clouddriver-config-" in manifest
    assert "SpinnakerConfigBundle" not in manifest
    unrendered = helm3.run(*args, env=env, cwd=tmp_path)
    assert unrendered.returncode != 0
    assert 'no matches for kind "SpinnakerConfigBundle"' in unrendered.stderr
    assert {method for method, _ in discovery_server.requests} == {"GET"}


def test_helm4_install_dry_run_client_post_renders(helm4_plugin, tmp_path):
    """Helm 4 dry-runs an install with no API server at all."""
    env = {"SPINNAKER_RENDERER_ERROR_FILE": str(tmp_path / "last-error.txt"),
           "KUBECONFIG": str(tmp_path / "no-kubeconfig")}
    result = helm4_plugin.run("install", "spin", CHART, "--namespace", "spinnaker", "--dry-run=client",
                              "--post-renderer", PLUGIN_NAME, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "STATUS: pending-install" in result.stdout
    manifest = result.stdout.split("MANIFEST:", 1)[1].split("NOTES:", 1)[0]
    assert "spin-spinnaker-clouddriver-config-" in manifest
    assert "SpinnakerConfigBundle" not in manifest


def test_helm_template_is_byte_identical_and_keeps_the_credentials_hook(helm, tmp_path):
    """No generated value in the chart (GitOps diffs stay quiet); the hook that makes the passwords in
    the cluster is in the output under both Helm 3 (hooks not post-rendered) and Helm 4 (post-rendered)."""
    binary, flags, env = helm
    outputs = [binary.run("template", "spin", CHART, "--namespace", "spinnaker", *flags, env=env, cwd=tmp_path)
               for _ in range(2)]
    assert outputs[0].returncode == 0, outputs[0].stderr
    assert outputs[0].stdout == outputs[1].stdout
    assert "name: spin-spinnaker-credentials-hook" in outputs[0].stdout
    assert "helm.sh/hook: pre-install,pre-upgrade" in outputs[0].stdout


def test_a_migrated_halyard_directory_renders_with_everything(helm, tmp_path, hal_home):
    """`migrate` on a ~/.hal tree (test_migrate's fixture), then the real helm CLI."""
    import yaml

    from renderer.migrate import migrate

    migration = migrate(str(hal_home[0]))
    assert migration.ok
    values = tmp_path / "values.yaml"
    values.write_text(migration.values_yaml)
    binary, flags, env = helm
    result = binary.run("template", "spin", CHART, "--namespace", "spinnaker", "-f", str(values), *flags,
                        env=env, cwd=tmp_path)
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


@pytest.mark.parametrize("order", [
    ["template", "spin", "--kube-context", "foo", CHART],
    ["template", "--namespace", "cd", "spin", "--skip-tests", CHART],
    ["template", "-ncd", "spin", CHART, "--kube-context=foo"],
    ["template", "--description", "d", "--dry-run", "spin", "--", CHART],
])
def test_the_wrapper_finds_the_chart_after_any_flags(helm, run_cli, tmp_path, order):
    """`spinnaker-renderer helm` on the real binaries: the chart is found (so its schema is checked) wherever
    the flags stand, and the same command line renders once the values are right."""
    binary, _, env = helm
    env = dict(binary.env, **env, HELM_BIN=str(binary))
    values = tmp_path / "values.yaml"
    values.write_text("redis:\n  enabled: sometimes\n")
    refused = run_cli("helm", order[0], "-f", str(values), *order[1:], env=env)
    assert refused.returncode == 1, refused.stderr
    assert "values: redis.enabled" in refused.stderr and "helm was not run" in refused.stderr
    values.write_text("redis:\n  enabled: true\n")
    ok = run_cli("helm", order[0], f"--values={values}", *order[1:], env=env)
    assert ok.returncode == 0, ok.stderr
    assert "cannot tell" not in ok.stderr and "not a local chart" not in ok.stderr
    assert "kind: ConfigMap" in ok.stdout and "spinnaker-renderer-placeholder" not in ok.stdout


def _flag_table(binary, verb) -> set:
    """The flags `helm <verb> --help` prints, written the way renderer/cli/helmflags.py writes them."""
    import re

    line = re.compile(r"^\s+(?:-(\w), )?--([\w-]+)(?: (\S+))?(?:\s{2,}|$)")
    out = binary.run(verb, "--help").stdout
    found = set()
    for match in filter(None, map(line.match, out.splitlines())):
        short, name, kind = match.groups()
        found.add((f"-{short}/" if short else "") + "--" + name + ("=" if kind and "[=" not in kind else ""))
    return found


@pytest.mark.parametrize("major", [3, 4])
def test_the_flag_table_is_the_one_helm_defines(major, request):
    """renderer/cli/helmflags.py against the pinned binaries: which flags exist and which take the next argument."""
    from renderer.cli.helmflags import VERBS, flags

    binary = request.getfixturevalue(f"helm{major}")
    derived = {verb: _flag_table(binary, verb) for verb in VERBS}
    for verb in VERBS:
        table = flags(major, verb)
        expected = {}
        for token in derived[verb]:
            names = token.rstrip("=").split("/")
            expected.update({name: (names[-1], token.endswith("=")) for name in names})
        common = set.intersection(*derived.values())
        assert table == expected, (f"Helm {major} {verb} differs from renderer/cli/helmflags.py; its table is:\n"
                                   f"common: {' '.join(sorted(common))}\n{verb}: {' '.join(sorted(derived[verb] - common))}")
