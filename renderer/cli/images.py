"""`images`: every image a release pulls, read from the release itself.

The list comes from the rendered release (the chart through Helm's template engine and the
post-renderer, the route `validate -f` takes: renderer/cli/chartcheck.py), hooks and `helm test`'s
Pod among it: what a mirror must hold is what the cluster will be told to pull, whatever decided it
(the chart's defaults, `global.imageRegistry` and `spinnaker.registry`, per-service images, HA splits,
the user's sidecars, init containers and extra objects). A second list kept beside the chart's
templates would drift from them.

Chart.yaml's `artifacthub.io/images` is this list for the default release (for Artifact Hub, and for whoever
mirrors before installing), written by scripts/generate.py, which needs helm for it.
"""
from __future__ import annotations

import os
import re

# A pod's three lists of containers; any object that holds them (a Pod, a workload's template, a
# CronJob's job template, a custom resource in extraObjects) pulls their images.
CONTAINER_LISTS = ("containers", "initContainers", "ephemeralContainers")
ANNOTATION = "artifacthub.io/images"
CHART_YAML = "charts/spinnaker/Chart.yaml"
_COMMENT = "  # The default release's images (scripts/generate.py; `spinnaker-renderer images -f` for yours).\n"
# The generated entry: its comment, its key and the indented lines of its value.
_ENTRY = re.compile(r"^(?:" + re.escape(_COMMENT) + r")?  " + re.escape(ANNOTATION) + r": \|\n(?:    .*\n)*", re.M)


def images_in(stream: str) -> list[str]:
    """The images of every container in the documents of a manifest stream, sorted, each once."""
    import yaml

    found: set = set()
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for document in yaml.load_all(stream, Loader=loader):
        _collect(document, found)
    return sorted(found)


def _collect(node, found: set) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in CONTAINER_LISTS and isinstance(value, list):
                found.update(c["image"] for c in value
                             if isinstance(c, dict) and isinstance(c.get("image"), str) and c["image"])
            _collect(value, found)
    elif isinstance(node, list):
        for item in node:
            _collect(item, found)


def artifacthub_images(images) -> str:
    """`artifacthub.io/images`' value: a YAML list, in a string, of `name` (the image's repository without
    its registry and path) and `image`."""
    import yaml

    entries = [{"name": image.partition("@")[0].rsplit("/", 1)[-1].split(":", 1)[0], "image": image}
               for image in images]
    return yaml.safe_dump(entries, sort_keys=False, default_flow_style=False, width=1000)


class NoHelm(Exception):
    """No helm to render the default release with (the reason is the text)."""


def default_release_images(chart: str, files=None) -> list[str]:
    """The images of the chart in directory `chart` rendered with its defaults; `files` ({path under the
    chart: text}) replace the chart's own first (the ones scripts/generate.py is about to write: the
    values and the facts table decide images). NoHelm without a helm binary."""
    import shutil
    import tempfile

    from renderer.cli.chartcheck import chart_verdict

    with tempfile.TemporaryDirectory(prefix="spinnaker-renderer-") as directory:
        copy = os.path.join(directory, os.path.basename(chart))
        shutil.copytree(chart, copy)
        for rel, text in (files or {}).items():
            with open(os.path.join(copy, rel), "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        verdict = chart_verdict([], chart=copy)
    if verdict.skipped:
        raise NoHelm(verdict.skipped)
    if verdict.errors:
        raise RuntimeError("the default release does not render: " + "; ".join(verdict.errors))
    return images_in(verdict.rendered)


def with_images(chart_yaml: str, images) -> str:
    """Chart.yaml's text with its `artifacthub.io/images` annotation listing `images` (the rest unchanged)."""
    value = "".join(f"    {line}\n" for line in artifacthub_images(images).splitlines())
    entry = f"{_COMMENT}  {ANNOTATION}: |\n{value}"
    if _ENTRY.search(chart_yaml):
        return _ENTRY.sub(lambda _: entry, chart_yaml, count=1)
    if re.search(r"^annotations:[ \t]*\n", chart_yaml, re.M):
        return re.sub(r"^annotations:[ \t]*\n", lambda m: m.group(0) + entry, chart_yaml, count=1, flags=re.M)
    return chart_yaml.rstrip("\n") + "\nannotations:\n" + entry
