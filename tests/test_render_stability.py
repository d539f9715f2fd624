"""Every example renders to the same bytes twice: through real Helm 3 and Helm 4 and
through Helm's engine in-process (helm-python-sdk). GitOps (render in CI and commit,
Argo CD, Flux, helmfile diff) depends on it: a render that differs is a change."""
from __future__ import annotations

import glob
import os

import pytest
import yaml

from conftest import ROOT

CHART = os.path.join(ROOT, "charts", "spinnaker")
EXAMPLES = {"(defaults)": None}
EXAMPLES.update({os.path.relpath(p, ROOT): p for p in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml")))})
EXAMPLES.update({os.path.relpath(p, ROOT): p for p in sorted(glob.glob(os.path.join(CHART, "ci", "*-values.yaml")))})
EXAMPLES["examples/halconfig.yml (as halconfig)"] = os.path.join(ROOT, "examples", "halconfig.yml")


def _values_file(example: str, tmp_path) -> str | None:
    path = EXAMPLES[example]
    if path is None or not example.endswith("(as halconfig)"):
        return path
    with open(path, encoding="utf-8") as handle:
        # Its files are under /var/secrets: the chart mounts them from a Secret in secrets.files.
        wrapped = {"halconfig": yaml.safe_load(handle), "secrets": {"files": [{"secretName": "spinnaker-files"}]}}
    out = tmp_path / "halconfig-values.yaml"
    out.write_text(yaml.safe_dump(wrapped))
    return str(out)


def _assert_same(first: str, second: str, example: str):
    # No random value can make them differ: the chart generates nothing (tests/test_state.py).
    assert first, f"{example}: empty render"
    assert first == second, f"{example}: two renders of the same values differ"


@pytest.mark.parametrize("example", list(EXAMPLES))
@pytest.mark.parametrize("major", [3, 4])
def test_real_helm_renders_every_example_identically_twice(major, example, request, tmp_path):
    if major == 3:
        helm = request.getfixturevalue("helm3")
        flags = ["--post-renderer", os.path.join(ROOT, "scripts", "post-render")]
    else:
        helm = request.getfixturevalue("helm4")
        if "spinnaker-renderer" not in helm.run("plugin", "list").stdout:
            installed = helm.run("plugin", "install", os.path.join(ROOT, "plugins", "spinnaker-renderer"))
            assert installed.returncode == 0, installed.stderr
        flags = ["--post-renderer", "spinnaker-renderer"]
    values = _values_file(example, tmp_path)
    args = ["template", "spin", CHART, "--namespace", "spinnaker", *flags, *(["-f", values] if values else [])]
    renders = []
    for _ in range(2):
        result = helm.run(*args, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        renders.append(result.stdout)
    _assert_same(*renders, example)


@pytest.mark.parametrize("example", list(EXAMPLES))
@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_in_process_render_is_identical_twice(form, example, tmp_path):
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    import handover

    path = _values_file(example, tmp_path)
    values = {}
    if path:
        with open(path, encoding="utf-8") as handle:
            values = yaml.safe_load(handle) or {}
    stream_of = handover.helm3_stream if form == "helm3" else handover.helm4_stream
    outputs = []
    for _ in range(2):
        result = handover.post_render(stream_of(handover.render(values)))
        assert result.returncode == 0, result.stderr.decode()
        outputs.append(result.stdout.decode())
    _assert_same(*outputs, example)
