"""Every example renders to the same bytes twice: through real Helm 3 and Helm 4 and
through Helm's engine in-process (helm-python-sdk). GitOps (render in CI and commit,
Argo CD, Flux, helmfile diff) depends on it: a render that differs is a change.

And the chart renders what is pinned: each document of every example's `helm template`
(without the post-renderer, whose output follows the translator: tests/test_golden.py) has
the digest in tests/golden/chart-renders.json, under both Helms. A refactor of the templates
(helpers moved between partials, a helper rewritten) must leave them all as they are; after a
deliberate change, `make golden` rewrites the file, whose diff names the objects that changed.
The chart is rendered at version 0.0.0, so that a version bump, which changes every object's
helm.sh/chart label and nothing else, needs no new pin."""
from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import pytest
import yaml

from conftest import HELM_BINARIES, ROOT

CHART = os.path.join(ROOT, "charts", "spinnaker")
EXAMPLES = {"(defaults)": None}
EXAMPLES.update({os.path.relpath(p, ROOT): p for p in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml")))})
EXAMPLES.update({os.path.relpath(p, ROOT): p for p in sorted(glob.glob(os.path.join(CHART, "ci", "*-values.yaml")))})
EXAMPLES["examples/halconfig.yml (as halconfig)"] = os.path.join(ROOT, "examples", "halconfig.yml")
PINNED = os.path.join(ROOT, "tests", "golden", "chart-renders.json")
_SOURCE = re.compile(r"^# Source: (.+)$", re.M)


def _values_file(example: str, tmp_path) -> str | None:
    path = EXAMPLES[example]
    if path is None or not example.endswith("(as halconfig)"):
        return path
    with open(path, encoding="utf-8") as handle:
        # Its files are under /var/secrets: the chart mounts them from a Secret in secrets.files.
        wrapped = {"halconfig": yaml.safe_load(handle), "secrets": {"files": [{"secretName": "spinnaker-files"}]}}
    out = os.path.join(str(tmp_path), "halconfig-values.yaml")
    with open(out, "w", encoding="utf-8") as handle:
        yaml.safe_dump(wrapped, handle)
    return out


def _assert_same(first: str, second: str, example: str):
    # No random value can make them differ: the chart generates nothing (tests/test_state.py).
    assert first, f"{example}: empty render"
    assert first == second, f"{example}: two renders of the same values differ"


def _real_helm_render(request, major: int, example: str, tmp_path) -> str:
    """The release real Helm `major` renders for `example` with the post-renderer (release `spin`,
    namespace `spinnaker`)."""
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
    result = helm.run(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return result.stdout


def real_helm_release(request, major: int, example: str, tmp_path) -> str:
    """`_real_helm_render`, once a session for each Helm and example: other tests read the same release
    (tests/test_images.py) without rendering it again."""
    renders = request.getfixturevalue("release_renders")
    if (major, example) not in renders:
        renders[major, example] = _real_helm_render(request, major, example, tmp_path)
    return renders[major, example]


@pytest.mark.parametrize("example", list(EXAMPLES))
@pytest.mark.parametrize("major", [3, 4])
def test_real_helm_renders_every_example_identically_twice(major, example, request, tmp_path):
    _assert_same(real_helm_release(request, major, example, tmp_path),
                 _real_helm_render(request, major, example, tmp_path), example)


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


# the pinned renders ----------------------------------------------------------------------------

def _chart_at_version_zero(base: str) -> str:
    """A copy of the chart whose version is 0.0.0 (the rest byte for byte)."""
    chart = os.path.join(base, "spinnaker")
    shutil.copytree(CHART, chart)
    path = os.path.join(chart, "Chart.yaml")
    with open(path, encoding="utf-8") as handle:
        text, count = re.subn(r"^version: .*$", "version: 0.0.0", handle.read(), count=1, flags=re.M)
    assert count == 1, "Chart.yaml has no version line"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return chart


def _template(helm: str, chart: str, example: str, tmp) -> subprocess.CompletedProcess:
    values = _values_file(example, tmp)
    return subprocess.run([helm, "template", "spin", chart, "--namespace", "spinnaker",
                           *(["-f", values] if values else [])], capture_output=True, text=True)


def digests(text: str) -> dict:
    """{"<template> <kind>/<name>": digest of the document's bytes} of `helm template`'s output,
    in its order, and "(the whole output)": the digest of every byte (separators, order)."""
    out = {}
    for document in re.split(r"^---\n", text, flags=re.M):
        if not document.strip():
            continue
        source = _SOURCE.search(document)
        obj = yaml.safe_load(document) or {}
        key = f"{source.group(1) if source else '?'} {obj.get('kind')}/{(obj.get('metadata') or {}).get('name')}"
        while key in out:
            key += "+"
        out[key] = hashlib.sha256(document.encode()).hexdigest()[:16]
    out["(the whole output)"] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return out


@pytest.fixture(scope="module")
def chart_at_version_zero(tmp_path_factory):
    return _chart_at_version_zero(str(tmp_path_factory.mktemp("pinned-chart")))


@pytest.fixture(scope="module")
def pinned():
    with open(PINNED, encoding="utf-8") as handle:
        return json.load(handle)


def test_every_example_is_pinned(pinned):
    assert sorted(pinned) == sorted(EXAMPLES), "run `make golden` to pin the examples' renders"


@pytest.mark.parametrize("example", list(EXAMPLES))
@pytest.mark.parametrize("major", [3, 4])
def test_the_chart_renders_what_is_pinned(major, example, request, tmp_path, chart_at_version_zero, pinned):
    helm = request.getfixturevalue(f"helm{major}")
    result = _template(helm, chart_at_version_zero, example, tmp_path)
    assert result.returncode == 0, result.stderr
    got, want = digests(result.stdout), pinned.get(example, {})
    changed = [f"changed: {key}" for key in want if key in got and got[key] != want[key]]
    changed += [f"new: {key}" for key in got if key not in want]
    changed += [f"gone: {key}" for key in want if key not in got]
    assert not changed, (f"{example} under Helm {major} renders other bytes than pinned; if deliberately, run "
                         "`make golden` and review the diff of tests/golden/chart-renders.json:\n" + "\n".join(changed))


def regenerate() -> None:
    """Rewrite tests/golden/chart-renders.json from Helm 3's renders (Helm 4's must agree: the test)."""
    pins = {}
    with tempfile.TemporaryDirectory() as tmp:
        chart = _chart_at_version_zero(tmp)
        for example in EXAMPLES:
            result = _template(HELM_BINARIES[3], chart, example, tmp)
            if result.returncode != 0:
                sys.exit(f"{example}: {result.stderr.strip()}")
            pins[example] = digests(result.stdout)
    with open(PINNED, "w", encoding="utf-8") as handle:
        json.dump(pins, handle, indent=1)
        handle.write("\n")
    print(f"wrote {os.path.relpath(PINNED, ROOT)}")


if __name__ == "__main__":
    regenerate()
