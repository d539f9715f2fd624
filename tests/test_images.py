"""`spinnaker-renderer images` lists what the release pulls: for the defaults and every example, its list is
the set of images in the release real Helm renders with the post-renderer (the one
tests/test_render_stability.py renders, read again here), hooks and the `helm test` Pod included; Chart.yaml's
`artifacthub.io/images` is the default release's list; an error prints nothing on stdout."""
from __future__ import annotations

import os

import pytest
import yaml

from conftest import ROOT
from test_render_stability import EXAMPLES, _values_file, real_helm_release

# Where each kind keeps its pod spec: the test's own reading of the release, written apart from the
# command's (renderer/cli/images.py walks every object for container lists).
POD_SPECS = {
    "Pod": ("spec",),
    "Deployment": ("spec", "template", "spec"), "StatefulSet": ("spec", "template", "spec"),
    "DaemonSet": ("spec", "template", "spec"), "ReplicaSet": ("spec", "template", "spec"),
    "Job": ("spec", "template", "spec"), "CronJob": ("spec", "jobTemplate", "spec", "template", "spec"),
}


def pod_images(stream: str) -> set:
    found = set()
    for obj in yaml.safe_load_all(stream):
        if not obj or obj.get("kind") not in POD_SPECS:
            continue
        spec = obj
        for key in POD_SPECS[obj["kind"]]:
            spec = spec[key]
        for field in ("containers", "initContainers", "ephemeralContainers"):
            found.update(container["image"] for container in spec.get(field) or ())
    return found


def images_command(capsys, *args) -> tuple[int, list, str]:
    from renderer.cli.main import main

    code = main(["images", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.parametrize("example", list(EXAMPLES))
def test_the_list_is_the_images_of_the_rendered_release(example, request, tmp_path, capsys):
    release = real_helm_release(request, 3, example, tmp_path)
    values = _values_file(example, tmp_path)
    code, listed, err = images_command(capsys, *(["-f", values] if values else []), "-n", "spinnaker",
                                       "--release-name", "spin")
    assert code == 0, err
    assert listed == sorted(set(listed)), "sorted, each once"
    assert set(listed) == pod_images(release), example


def test_hooks_the_test_pod_and_what_users_add_are_listed(tmp_path, helm3, run_cli):
    """Through the command line: the monitoring daemon, Redis, MySQL, the credentials hook's and `helm test`'s
    images, a sidecar and an init container of a service, and a CronJob in extraObjects; mirrored by
    `global.imageRegistry`."""
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({
        "global": {"imageRegistry": "mirror.example.com"},
        "halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
        "services": {"gate": {"sidecars": [{"name": "proxy", "image": "docker.io/envoyproxy/envoy:v1.31.0"}],
                              "initContainers": [{"name": "wait", "image": "docker.io/library/alpine:3.20"}]}},
        "extraObjects": [{"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "backup"},
                          "spec": {"schedule": "0 1 * * *", "jobTemplate": {"spec": {"template": {"spec": {
                              "restartPolicy": "Never",
                              "containers": [{"name": "dump", "image": "example.org/tools/dump:2"}]}}}}}}],
    }))
    result = run_cli("images", "-f", str(values), "-n", "spinnaker", env={"HELM_BIN": helm3})
    assert result.returncode == 0, result.stderr
    listed = result.stdout.splitlines()
    rendered = helm3.run("template", "spinnaker", os.path.join(ROOT, "charts", "spinnaker"), "-n", "spinnaker",
                         "-f", str(values), "--post-renderer", os.path.join(ROOT, "scripts", "post-render"))
    assert rendered.returncode == 0, rendered.stderr
    assert set(listed) == pod_images(rendered.stdout)
    with open(os.path.join(ROOT, "charts", "spinnaker", "values.yaml"), encoding="utf-8") as handle:
        defaults = yaml.safe_load(handle)
    for image in (defaults["monitoringDaemon"]["image"], defaults["redis"]["image"], defaults["storage"]["image"],
                  defaults["credentials"]["image"], defaults["tests"]["image"]):  # the hook, `helm test`
        assert "mirror.example.com/" + image.split("/", 1)[1] in listed, (image, listed)
    for image in ("docker.io/envoyproxy/envoy:v1.31.0", "docker.io/library/alpine:3.20",
                  "example.org/tools/dump:2"):
        assert image in listed, listed


# One of each kind of refusal (tests/test_verdict.py's table): the halconfig's, the YAML's, the chart's, the
# post-renderer's and its runtime model's (an image of another release).
REFUSALS = ("number in words", "YAML error", "chart release that is not one", "a Secret no service uses",
            "an image of another release")


@pytest.mark.parametrize("name", REFUSALS)
def test_what_every_route_refuses_lists_no_image(name, tmp_path, helm3, capsys):
    from test_verdict import MISTAKES

    values, verdict, words, _ = next(m[1:] for m in MISTAKES if m[0] == name)
    assert verdict == "refuse"
    path = tmp_path / "values.yaml"
    path.write_text(values if isinstance(values, str) else yaml.safe_dump(values, sort_keys=False))
    code, listed, err = images_command(capsys, "-f", str(path))
    assert (code, listed) == (1, []), err
    assert all(word in err for word in words), err
    assert "Traceback" not in err


def test_an_error_prints_no_image(tmp_path, helm3, run_cli):
    values = tmp_path / "values.yaml"
    values.write_text('spinnaker:\n  version: "9.9.9"\n')
    result = run_cli("images", "-f", str(values), env={"HELM_BIN": helm3})
    assert result.returncode == 1
    assert result.stdout == ""
    assert f"error: spinnaker.version ({values}:2)" in result.stderr
    assert "Traceback" not in result.stderr


def test_without_helm_it_says_so(tmp_path, run_cli):
    result = run_cli("images", env={"HELM_BIN": str(tmp_path / "no-helm")})
    assert result.returncode == 1
    assert result.stdout == ""
    assert "needs helm" in result.stderr and "Traceback" not in result.stderr


def test_chart_yaml_lists_the_default_release_images(request, tmp_path):
    """Artifact Hub's annotation (a YAML list in a string: name, image) is the default release's images;
    a stale one fails here (run scripts/generate.py)."""
    with open(os.path.join(ROOT, "charts", "spinnaker", "Chart.yaml"), encoding="utf-8") as handle:
        chart = yaml.safe_load(handle)
    entries = yaml.safe_load(chart["annotations"]["artifacthub.io/images"])
    assert [sorted(e) for e in entries] == [["image", "name"]] * len(entries)
    assert [e["image"] for e in entries] == sorted(pod_images(real_helm_release(request, 3, "(defaults)", tmp_path))), \
        "stale: run scripts/generate.py"
    assert all(e["name"] == e["image"].rsplit("/", 1)[1].split(":")[0] for e in entries)


def test_the_annotation_is_rewritten_in_place():
    from renderer.cli.images import with_images

    bare = "apiVersion: v2\nname: spinnaker\n"
    once = with_images(bare, ["r.example/a/redis:7", "r.example/b@sha256:00"])
    assert yaml.safe_load(yaml.safe_load(once)["annotations"]["artifacthub.io/images"]) == [
        {"name": "redis", "image": "r.example/a/redis:7"}, {"name": "b", "image": "r.example/b@sha256:00"}]
    assert with_images(once, ["r.example/a/redis:7", "r.example/b@sha256:00"]) == once
    other = once.replace("annotations:\n", "annotations:\n  artifacthub.io/license: Apache-2.0\n")
    changed = with_images(other, ["x/y:1"])
    assert yaml.safe_load(changed)["annotations"] == {
        "artifacthub.io/license": "Apache-2.0", "artifacthub.io/images": "- name: y\n  image: x/y:1\n"}
