"""Every render's findings reach the release itself: the ConfigMap `<fullname>-findings`.

Helm 3 and 4 drop a post-renderer's stderr when it succeeds, so under Argo CD, Flux and helmfile in CI
the warnings reach nobody. Each route is run here as CI runs it: stdin not a terminal, no controlling
terminal (a new session, so no /dev/tty), and the misspelt key must show in the rendered release:
Helm 3, Helm 4 (the plugin), helmfile (Helm 3), the `helm` wrapper (and in its log), Argo CD's
plugin script. Argo CD's health check (examples/argocd/findings-health.yaml) runs on Lua 5.1.
"""
from __future__ import annotations

import os
import subprocess

import pytest
import yaml

import handover
from conftest import ROOT
from renderer.postrender import PREFIX, findings

CHART = os.path.join(ROOT, "charts", "spinnaker")
EXAMPLES = os.path.join(ROOT, "examples")
PLUGIN_NAME = "spinnaker-renderer"
TYPO = {"halconfig": {"timezon": "Europe/Paris"}}
TYPO_PATH = "halconfig.timezon"


def _objects(text: str) -> list[dict]:
    return [d for d in yaml.safe_load_all(text) if isinstance(d, dict)]


def _findings(text: str, fullname: str = "spin-spinnaker") -> dict:
    [found] = [o for o in _objects(text) if o["kind"] == "ConfigMap" and o["metadata"]["name"] == fullname + "-findings"]
    return found


def _no_terminal(args, **kwargs):
    """Run as CI does: no standard input, no controlling terminal (so no /dev/tty), output captured."""
    env = dict(kwargs.pop("env", None) or os.environ)
    env.pop("SPINNAKER_RENDERER_NO_TTY", None)  # the post-renderer's own /dev/tty writes would fail anyway
    return subprocess.run([str(a) for a in args], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          start_new_session=True, env=env, **kwargs)


def _values(tmp_path, values: dict, name: str = "values.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(values))
    return path


# The object ------------------------------------------------------------------

def test_every_render_has_the_object_an_empty_list_without_findings():
    stream = handover.helm3_stream(handover.render({}))
    result = handover.post_render(stream)
    assert result.returncode == 0, result.stderr.decode()
    found = _findings(result.stdout.decode())
    assert found["data"] == {"count": "0", "findings": ""}
    labels = found["metadata"]["labels"]
    assert labels["app.kubernetes.io/component"] == "findings"
    assert labels["app.kubernetes.io/part-of"] == "spinnaker"
    assert labels["app.kubernetes.io/instance"] == "spin"
    assert found["metadata"]["namespace"] == "spinnaker"


@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_a_new_warning_changes_only_the_findings_object(form):
    """A new finding shows as a diff of that one object, and restarts no pod: no config hash moves."""
    make = handover.helm3_stream if form == "helm3" else handover.helm4_stream
    plain = handover.post_render(make(handover.render({})))
    typo = handover.post_render(make(handover.render(TYPO)))
    assert plain.returncode == 0 and typo.returncode == 0, typo.stderr.decode()
    before = {(o["kind"], o["metadata"]["name"]): o for o in _objects(plain.stdout.decode())}
    after = {(o["kind"], o["metadata"]["name"]): o for o in _objects(typo.stdout.decode())}
    assert before.keys() == after.keys()
    changed = sorted(key for key in before if before[key] != after[key])
    assert changed == [("ConfigMap", "spin-spinnaker-findings")]
    data = after[("ConfigMap", "spin-spinnaker-findings")]["data"]
    assert data["count"] == "1"
    assert data["findings"].startswith(f"warning: {TYPO_PATH}: ") and "Did you mean 'timezone'?" in data["findings"]


def test_findings_are_sorted_once_each_and_cut_to_fit():
    lines = [f"{PREFIX}warning: a.b{i:05}: {'x' * 200}" for i in range(3000)]
    lines += lines[:10]  # the same finding from two passes is one
    text, count = findings.findings_text(reversed(lines), prefix=PREFIX)
    assert count == 3000
    kept = text.splitlines()
    assert kept[:-1] == sorted(kept[:-1]) and kept[0].startswith("warning: a.b00000: ")
    assert len(text.encode()) <= findings.LIMIT + 500
    assert kept[-1].startswith(f"... and {3000 - len(kept) + 1} more findings")
    assert "spinnaker-renderer validate -f" in kept[-1]


def test_no_credential_machine_path_or_control_character_in_a_finding():
    home = os.path.expanduser("~")
    lines = ["warning: a: the password hunter2-secret is weak",
             "warning: b: redis://:s3cr3t-pw@redis:6379 is not reachable",
             "warning: c: read /tmp/spinnaker-renderer-ab12_cd/values-0.yaml",
             f"warning: d: see {home}/values/prod.yaml",
             "warning: e: a key with \x1b[31mred\x1b[0m\x00 in it"]
    text, count = findings.findings_text(lines, {"hunter2-secret"})
    assert count == 5
    assert "hunter2-secret" not in text and "s3cr3t-pw" not in text
    assert text.count(findings.REDACTED) == 2
    assert "/tmp/" not in text and "read values-0.yaml" in text
    assert home + "/" not in text and "see ~/values/prod.yaml" in text
    assert "\x1b" not in text and "\x00" not in text and "\\x1b[31mred" in text


def test_the_credentials_of_a_release_stay_out_of_its_findings():
    """A release with credentials in its halconfig and in a pod's env, and warnings about them."""
    values = {"halconfig": {"timezon": "UTC",
                            "persistentStorage": {"persistentStoreType": "s3",
                                                  "s3": {"bucket": "b", "accessKeyId": "AKIAEXAMPLEKEY1",
                                                         "secretAccessKey": "verysecret-s3-key"}}},
              "services": {"orca": {"env": [{"name": "DB_PASSWORD", "value": "env-password-123"}]}}}
    result = handover.post_render(handover.helm3_stream(handover.render(values)))
    assert result.returncode == 0, result.stderr.decode()
    data = _findings(result.stdout.decode())["data"]
    assert int(data["count"]) >= 2, data  # the misspelt key, the literal credential in orca's env
    assert "services.orca" in data["findings"]
    for secret in ("verysecret-s3-key", "env-password-123"):
        assert secret not in data["findings"]


# Every route, without a terminal ----------------------------------------------------------------

@pytest.fixture(scope="module")
def helm4_plugin(helm4):
    if PLUGIN_NAME not in helm4.run("plugin", "list").stdout:
        result = helm4.run("plugin", "install", os.path.join(ROOT, "plugins", PLUGIN_NAME))
        assert result.returncode == 0, result.stderr
    return helm4


def test_helm3_puts_the_misspelt_key_in_the_release(helm3, tmp_path):
    result = _no_terminal([helm3, "template", "spin", CHART, "-n", "spinnaker", "-f", _values(tmp_path, TYPO),
                           "--post-renderer", os.path.join(ROOT, "scripts", "post-render")], env=helm3.env)
    assert result.returncode == 0, result.stderr
    assert TYPO_PATH not in result.stderr  # Helm 3 drops a succeeding post-renderer's stderr...
    assert TYPO_PATH in _findings(result.stdout)["data"]["findings"]  # ...the release keeps it


def test_helm4_plugin_puts_the_misspelt_key_in_the_release(helm4_plugin, tmp_path):
    result = _no_terminal([helm4_plugin, "template", "spin", CHART, "-n", "spinnaker", "-f", _values(tmp_path, TYPO),
                           "--post-renderer", PLUGIN_NAME], env=helm4_plugin.env)
    assert result.returncode == 0, result.stderr
    assert TYPO_PATH not in result.stderr
    assert TYPO_PATH in _findings(result.stdout)["data"]["findings"]


def test_helmfile_puts_the_misspelt_key_in_the_release(helmfile, helm3, tmp_path):
    _values(tmp_path, TYPO, "typo.yaml")
    (tmp_path / "helmfile.yaml").write_text(yaml.safe_dump({"releases": [{
        "name": "spin", "namespace": "spinnaker", "chart": CHART, "values": ["typo.yaml"],
        "postRenderer": "spinnaker-renderer", "postRendererArgs": ["post-render"]}]}))
    env = dict(helm3.env, PATH=f"{os.path.join(ROOT, '.venv', 'bin')}:{os.environ['PATH']}")
    result = _no_terminal([helmfile, "--helm-binary", helm3, "-f", tmp_path / "helmfile.yaml", "template"],
                          env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert TYPO_PATH in _findings(result.stdout)["data"]["findings"]


@pytest.mark.parametrize("major", [3, 4])
def test_the_wrapper_prints_the_findings_and_the_release_keeps_them(major, request, tmp_path):
    helm = request.getfixturevalue(f"helm{major}")
    env = dict(helm.env, HELM_BIN=str(helm), HELM_DATA_HOME=str(tmp_path / "helm-data"))
    result = _no_terminal([os.path.join(ROOT, ".venv", "bin", "spinnaker-renderer"), "helm", "template", "spin",
                           CHART, "-n", "spinnaker", "-f", _values(tmp_path, TYPO)], env=env)
    assert result.returncode == 0, result.stderr
    assert TYPO_PATH in result.stderr  # the wrapper's log
    assert TYPO_PATH in _findings(result.stdout)["data"]["findings"]
    assert str(tmp_path) not in _findings(result.stdout)["data"]["findings"]
    # The wrapper has shown the halconfig's warnings with file lines before helm ran; the release gets
    # every finding all the same, as from plain helm.
    plain = handover.post_render(handover.helm3_stream(handover.render(TYPO)))
    assert _findings(result.stdout)["data"] == _findings(plain.stdout.decode())["data"]


def test_the_argocd_plugin_logs_the_findings_and_the_release_keeps_them(tmp_path):
    plugin = yaml.safe_load(open(os.path.join(EXAMPLES, "argocd", "plugin.yaml"), encoding="utf-8"))
    _values(tmp_path, TYPO)
    env = dict(os.environ, PATH=f"{os.path.join(ROOT, '.venv', 'bin')}:{os.environ['PATH']}",
               HELM_BIN=os.path.join(ROOT, ".venv", "bin", "helm3"), ARGOCD_APP_NAME="spin",
               ARGOCD_APP_NAMESPACE="spinnaker", ARGOCD_ENV_CHART=CHART)
    generate = plugin["spec"]["generate"]
    if not os.access(env["HELM_BIN"], os.X_OK):
        pytest.skip("no Helm 3 at .venv/bin/helm3 (`make setup` installs it)")
    result = _no_terminal([*generate["command"], *generate["args"]], env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert TYPO_PATH in result.stderr
    assert TYPO_PATH in _findings(result.stdout)["data"]["findings"]


UNUSED_SECRET = {"secrets": {"files": [{"secretName": "nobody-uses-me"}]}}  # refused by the post-renderer alone
UNUSED_REASON = "secrets.files[0]: Secret 'nobody-uses-me': no service's config refers to"


def test_a_helm4_refusal_reaches_the_ci_log(helm4_plugin, tmp_path):
    """Helm 4.1 buffers a plugin's stderr and never shows it: the plugin writes the reason to helm's."""
    env = dict(helm4_plugin.env, SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "last-error.txt"))
    result = _no_terminal([helm4_plugin, "template", "spin", CHART, "-n", "spinnaker", "-f",
                           _values(tmp_path, UNUSED_SECRET), "--post-renderer", PLUGIN_NAME], env=env)
    assert result.returncode != 0 and result.stdout == ""
    assert f'plugin "{PLUGIN_NAME}" exited with error' in result.stderr
    assert result.stderr.count(UNUSED_REASON) == 1, result.stderr
    assert UNUSED_REASON in (tmp_path / "last-error.txt").read_text()  # `spinnaker-renderer last-error`


def test_the_wrapper_says_a_helm4_refusal_once(helm4, tmp_path):
    env = dict(helm4.env, HELM_BIN=str(helm4), HELM_DATA_HOME=str(tmp_path / "helm-data"),
               SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "last-error.txt"))
    result = _no_terminal([os.path.join(ROOT, ".venv", "bin", "spinnaker-renderer"), "helm", "template", "spin",
                           CHART, "-n", "spinnaker", "-f", _values(tmp_path, UNUSED_SECRET)], env=env)
    assert result.returncode != 0 and result.stdout == ""
    assert result.stderr.count(UNUSED_REASON) == 1, result.stderr


# Argo CD's health check ----------------------------------------------------------------------------

def _health(obj: dict) -> dict:
    try:
        from lupa import lua51
    except ImportError:
        message = "no lupa (pip install '.[test]'), whose Lua 5.1 runs Argo CD's health check"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with open(os.path.join(EXAMPLES, "argocd", "findings-health.yaml"), encoding="utf-8") as handle:
        script = yaml.safe_load(handle)["data"]["resource.customizations.health.ConfigMap"]
    lua = lua51.LuaRuntime()
    lua.globals().obj = lua.table_from(obj, recursive=True)
    # Argo CD runs the script as a chunk and reads the table it returns.
    result = lua.execute(script)
    return dict(result)


def test_argocd_health_check_marks_findings_degraded():
    typo = handover.post_render(handover.helm3_stream(handover.render(TYPO)))
    plain = handover.post_render(handover.helm3_stream(handover.render({})))
    health = _health(_findings(typo.stdout.decode()))
    assert health["status"] == "Degraded"
    assert TYPO_PATH in health["message"] and "1 finding" in health["message"]
    assert "kubectl -n spinnaker get configmap spin-spinnaker-findings" in health["message"]
    assert _health(_findings(plain.stdout.decode())) == {"status": "Healthy",
                                                          "message": "spinnaker-renderer: no findings"}
    # Every other ConfigMap (Argo CD has one check per kind): healthy, whatever its data says.
    others = [o for o in _objects(typo.stdout.decode()) if o["kind"] == "ConfigMap"
              and not o["metadata"]["name"].endswith("-findings")]
    assert others
    for other in others + [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x-findings"},
                            "data": {"count": "3"}}]:
        assert _health(other)["status"] == "Healthy", other["metadata"]["name"]
