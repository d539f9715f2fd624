"""`images`: every image a release pulls, read from the release itself.

The list comes from the rendered release (the chart through Helm's template engine and the
post-renderer, the route `validate -f` takes: renderer/cli/chartcheck.py), hooks and `helm test`'s
Pod among it: what a mirror must hold is what the cluster will be told to pull, whatever decided it
(the chart's defaults, `global.imageRegistry` and `spinnaker.registry`, per-service images, HA splits,
the user's sidecars, init containers and extra objects). A second list kept beside the chart's
templates would drift from them.
"""
from __future__ import annotations

# A pod's three lists of containers; any object that holds them (a Pod, a workload's template, a
# CronJob's job template, a custom resource in extraObjects) pulls their images.
CONTAINER_LISTS = ("containers", "initContainers", "ephemeralContainers")
ANNOTATION = "artifacthub.io/images"


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
