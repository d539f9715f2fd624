"""Real users' halconfigs through every route (../shared/reference/real-world/configs).

Published Halyard configs, messy on purpose (their README says what each must get): put into
the chart as a Helm user would, the file's own bytes under `halconfig:` (or `--set-file
halconfig=FILE`), the release left to the chart. Every route gives the same verdict:
`validate -f`, Helm 3 (executable post-renderer), Helm 4 (plugin) and `spinnaker-renderer helm`.
A file is refused only when it is not YAML (naming the line), or for a file path no volume
provides (`file-mounted`) or an unfilled placeholder in a URL; any other refusal is a defect
of the rule. Files refused for `file-mounted` must render once the user mounts those paths.

The directories (`hal-dirs/`) go through `migrate`: tests/test_migrate_real_world.py.
"""
from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys

import pytest
import yaml

from conftest import REFERENCE, ROOT, need_reference
from test_helm_binary import PLUGIN_NAME, helm4_plugin  # noqa: F401  (Helm 4 with the plugin installed)

CHART = os.path.join(ROOT, "charts", "spinnaker")
CONFIGS = os.path.join(REFERENCE, "real-world", "configs")
NAMES = sorted(os.path.basename(p) for p in glob.glob(os.path.join(CONFIGS, "*.yml"))) or ["(corpus missing)"]
# What is fair to refuse a real config for: it cannot be read, a file nothing mounts, a
# placeholder nobody filled in.
FAIR = re.compile(r"not valid YAML|\[file-mounted\]|unfilled placeholder")
ERROR_LINE = re.compile(r"^error: (\S+)", re.M)


def _config(name: str) -> str:
    need_reference()
    if name not in os.listdir(CONFIGS):
        pytest.fail(f"{name} is not in {CONFIGS}")
    with open(os.path.join(CONFIGS, name), encoding="utf-8") as handle:
        return handle.read()


def _is_yaml(text: str) -> bool:
    try:
        yaml.safe_load(text)
        return True
    except yaml.YAMLError:
        return False


def values_text(text: str, extra: dict | None = None) -> str:
    """The user's file, byte for byte, as the `halconfig` value (plus other values)."""
    body = "".join(("  " + line if line.strip() else line) for line in text.splitlines(keepends=True))
    out = "halconfig:\n" + body + ("" if body.endswith("\n") else "\n")
    return out + (yaml.safe_dump(extra, sort_keys=False) if extra else "")


def _validate(tmp_path, text):
    path = tmp_path / "values.yaml"
    path.write_text(text)
    # With a helm, `validate -f` also runs the chart's and the post-renderer's checks: Helm's whole verdict.
    helm = os.path.join(ROOT, ".venv", "bin", "helm3")
    return subprocess.run([sys.executable, "-m", "renderer", "validate", "-f", str(path)], capture_output=True,
                          text=True, cwd=ROOT, env=dict(os.environ, SPINNAKER_RENDERER_NO_TTY="1", HELM_BIN=helm))


def _unmounted(stderr: str) -> list[str]:
    return re.findall(r": (/\S+) is not in a directory the chart mounts", stderr)


def mounts_for(paths) -> dict:
    """What a user adds for the files the refusal names: a volume over each file's directory."""
    directories = sorted({os.path.dirname(p) for p in paths})
    return {"services": {"deck": {
        "extraVolumes": [{"name": f"files-{i}", "emptyDir": {}} for i in range(len(directories))],
        "extraVolumeMounts": [{"name": f"files-{i}", "mountPath": d} for i, d in enumerate(directories)]}}}


@pytest.mark.parametrize("name", NAMES)
def test_validate_refuses_only_what_is_truly_broken(name, tmp_path):
    text = _config(name)
    result = _validate(tmp_path, values_text(text))
    assert "Traceback" not in result.stderr
    assert "REDACTED" not in result.stderr  # no message shows a credential
    if not _is_yaml(text):
        assert result.returncode == 1
        assert re.search(r"values\.yaml:\d+\): not valid YAML", result.stderr), result.stderr
        return
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert all(FAIR.search(line) for line in errors), "\n".join(errors)
    assert (result.returncode == 0) == (not errors), result.stderr
    if errors:  # a refusal for files: mounting them is all it takes
        again = _validate(tmp_path, values_text(text, mounts_for(_unmounted(result.stderr))))
        assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("name", NAMES)
def test_the_chart_picks_the_release(name, tmp_path):
    """A halconfig naming a release the renderer does not write for (1.20.5, `SPINNAKER-VERSION`)
    runs the chart's release, with a warning; `local:1.30.1` is 1.30.1."""
    text = _config(name)
    if not _is_yaml(text):
        assert _validate(tmp_path, values_text(text)).returncode == 1  # nothing to pick a release from
        return
    from renderer.read.yaml11 import load
    from renderer.releases import DEFAULT, SUPPORTED_PATTERN

    data = load(text, name)
    deployment = next(d for d in data["deploymentConfigurations"] if d["name"] == data["currentDeployment"])
    version = str(deployment.get("version") or "").removeprefix("local:")
    expected = version if re.match(SUPPORTED_PATTERN, version) else str(DEFAULT)
    paths = re.findall(r"(/\S+)", text)  # mounting any absolute path the file names keeps file-mounted quiet
    result = _validate(tmp_path, values_text(text, mounts_for(p for p in paths if p.count("/") > 1)))
    assert result.returncode == 0, result.stderr
    assert f"valid for Spinnaker {expected} " in result.stderr
    assert (expected == version) != ("the config is written for Spinnaker" in result.stderr), result.stderr


# ---------------------------------------------------------------- Helm 3, Helm 4, the wrapper

def _render_args(name, text, tmp_path):
    """(helm args for the values, whether the config renders): the file's bytes under `halconfig:`, or
    `--set-file` when it is not YAML (a values file holding it would not be YAML either); the paths the
    refusal names mounted, as the user would after reading it."""
    if not _is_yaml(text):
        path = tmp_path / name
        path.write_text(text)
        return ["--set-file", f"halconfig={path}"], False
    values = tmp_path / "values.yaml"
    validated = _validate(tmp_path, values_text(text))
    values.write_text(values_text(text, mounts_for(_unmounted(validated.stderr))))
    return ["-f", str(values)], True


def _objects(stdout: str) -> dict:
    return {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(stdout) if d}


def _check_rendered(objects: dict, text: str):
    kinds = {kind for kind, _ in objects}
    assert "SpinnakerConfigBundle" not in kinds
    configmaps = [o for (kind, _), o in objects.items() if kind == "ConfigMap"]
    secrets = [o for (kind, _), o in objects.items() if kind == "Secret"]
    files = {key for obj in configmaps + secrets for key in {**(obj.get("data") or {}), **(obj.get("stringData") or {})}}
    assert {"clouddriver.yml", "gate.yml", "settings.js"} <= files, sorted(files)
    # Inline credentials of the file (scrubbed to REDACTED) reach nothing but a Secret's data, and no
    # credential by the one rule is outside one (tests/test_credentials.py).
    from test_credentials import exposed_credentials

    if "REDACTED" in text:
        assert "REDACTED" not in json.dumps([o if o["kind"] != "Secret" else o["metadata"] for o in objects.values()])
    assert exposed_credentials(list(objects.values())) == []


@pytest.fixture(scope="module")
def rendered():
    return {}


@pytest.mark.parametrize("name", NAMES)
def test_helm3_and_helm4_give_the_same_verdict_and_objects(name, helm3, helm4_plugin, tmp_path, rendered):  # noqa: F811
    text = _config(name)
    args, renders = _render_args(name, text, tmp_path)
    error_file = tmp_path / "last-error.txt"
    env = {"SPINNAKER_RENDERER_NO_TTY": "1", "SPINNAKER_RENDERER_ERROR_FILE": str(error_file)}
    three = helm3.run("template", "spin", CHART, "-n", "spinnaker", *args,
                      "--post-renderer", os.path.join(ROOT, "scripts", "post-render"), env=env)
    four = helm4_plugin.run("template", "spin", CHART, "-n", "spinnaker", *args, "--post-renderer", PLUGIN_NAME,
                            env=env)
    if not renders:
        for result in (three, four):
            assert result.returncode != 0
            assert re.search(r"halconfig: not valid YAML: .*line \d+", result.stderr), result.stderr
        return
    assert three.returncode == 0, three.stderr
    assert four.returncode == 0, four.stderr + (error_file.read_text() if error_file.exists() else "")
    objects = _objects(three.stdout)
    _check_rendered(objects, text)
    assert objects == _objects(four.stdout)


@pytest.mark.parametrize("name", NAMES)
def test_the_wrapper_gives_the_same_verdict(name, helm3, tmp_path):
    text = _config(name)
    args, renders = _render_args(name, text, tmp_path)
    env = dict(helm3.env, HELM_BIN=str(helm3), SPINNAKER_RENDERER_NO_TTY="1",
               SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "last-error.txt"))
    result = subprocess.run([sys.executable, "-m", "renderer", "helm", "template", "spin", CHART, *args],
                            capture_output=True, text=True, cwd=ROOT, env=env)
    assert "Traceback" not in result.stderr
    assert (result.returncode == 0) == renders, result.stderr
