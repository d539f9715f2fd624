"""Each service runs an image of the release its config is written for.

The config is written for the bundle's `version`; a service of another release reads other keys
(settings move and are renamed between releases: renderer/release_changes.py), so it fails on the
config or silently ignores part of it. The release's own image is the one the chart names
(`spinnaker.image` in _images.tpl): `<registry>/<service>:<version>` since 2025, and
`.../<service>:spinnaker-<version>` for the 1.x line, from any registry (`spinnaker.registry`,
`global.imageRegistry`, `image.registry`: mirrors of the same image) and in any of Spinnaker's image
variants (`-slim`, `-ubuntu`, ...). Anything else is a custom build, which must be declared with
the release it was built from (`services.<name>.image.release`, in the bundle as `imageRelease`).
"""
from __future__ import annotations

from ..releases import Release, UnsupportedRelease
from .findings import error, warning

# Spinnaker's image variants (Halyard's imageVariant: SLIM, UBUNTU, JAVA8, UBUNTU_JAVA8, as tag suffixes).
VARIANTS = ("", "-slim", "-ubuntu", "-java8", "-ubuntu-java8")


def release_tag(version: str) -> str:
    """The tag of a release's images (the chart's `spinnaker.image`)."""
    return f"spinnaker-{version}" if version.startswith("1.") else version


def split_image(image: str):
    """(name without tag or digest, tag, digest) of an image reference."""
    name, _, digest = image.partition("@")
    tag = ""
    if ":" in name.rsplit("/", 1)[-1]:
        name, tag = name.rsplit(":", 1)
    return name, tag, digest


def tagged_release(tag: str):
    """The release a tag names in the shape Spinnaker's images are tagged (`2026.4.0`,
    `spinnaker-1.30.1`, with a variant), or None."""
    prefixed = tag.startswith("spinnaker-")
    rest = tag[len("spinnaker-"):] if prefixed else tag
    for variant in VARIANTS:
        version = rest[:len(rest) - len(variant)] if variant and rest.endswith(variant) else rest
        if (variant and not rest.endswith(variant)) or not _is_version(version):
            continue
        # 1.x images carry the `spinnaker-` prefix, 2025+ ones do not.
        return version if prefixed == version.startswith("1.") else None
    return None


def _is_version(text: str) -> bool:
    parts = text.split(".")
    return len(parts) == 3 and all(part.isdigit() for part in parts)


def check(release, pods) -> list:
    version = str(release.bundle.get("version") or "")
    found = []
    for pod in pods:
        if pod.container is None or not pod.image:
            continue
        finding = judge_image(pod.workload, pod.service, pod.image, version, str(pod.entry.get("imageRelease") or ""))
        if finding is not None:
            found.append(finding)
    return found


def judge_image(workload: str, service: str, image: str, version: str, declared: str):
    """The finding for `image` running `service` under config for `version`, or None."""
    name, tag, digest = split_image(image)
    repository = name.rsplit("/", 1)[-1]
    expected = f"{service}:{release_tag(version)}"
    tagged = tagged_release(tag) if repository == service else None
    where = f"services.{service}.image"
    if declared:
        try:
            Release.parse(declared)
        except UnsupportedRelease as exc:
            return error(f"{where}.release", f"{service}'s image is declared a build of {declared!r}: {exc}",
                         "Name the release the image was built from.")
        if tagged and tagged != declared:
            return error(f"{where}.release", f"{workload} runs {image}, Spinnaker {tagged}'s image, but "
                                             f"services.{service}.image.release says it is a build of {declared}.",
                         f"Set image.release to {tagged}, or use the image of {declared}.")
        if declared != version:
            return error(f"{where}.release",
                         f"{workload} runs {image}, declared a build of Spinnaker {declared}, but the config is "
                         f"written for Spinnaker {version}: {service} {declared} reads the settings of its own "
                         "release, and fails on, or silently ignores, what changed since.",
                         f"Set spinnaker.version: {declared} (the config is then written for the image's release), "
                         f"or remove services.{service}.image to run {version}'s image ({expected}).")
        return None
    if tagged == version:
        return None
    if tagged:
        return error(where, f"{workload} runs {image}, Spinnaker {tagged}'s {service} image, but its config is "
                            f"written for Spinnaker {version}: {service} {tagged} reads the settings of its own "
                            "release, and fails on, or silently ignores, what changed in between.",
                     f"Remove services.{service}.image.tag to run {version}'s image ({expected}), or "
                     + _set_version(tagged) + ".")
    if digest and not tag:
        return warning(where, f"{workload} runs {image}, pinned by digest alone, so which release it is from cannot "
                              f"be told; if it is not Spinnaker {version}'s {service}, it fails on this config.",
                       f"Declare the release it was built from: services.{service}.image.release: {version} "
                       "(when it is).")
    return error(where, f"{workload} runs {image}, which is not Spinnaker {version}'s {service} image ({expected}, "
                        "from any registry): a custom build runs only with the config of the release it was built "
                        "from, and nothing says which release that is.",
                 f"Declare it: services.{service}.image.release: <the release it was built from> (and set "
                 f"spinnaker.version to that release), or remove services.{service}.image to run {version}'s image.")


def _set_version(other: str) -> str:
    try:
        Release.parse(other)
    except UnsupportedRelease:
        return f"run a release this chart writes config for ({other} is not one)"
    return f"set spinnaker.version: {other} to write the config for the image's release"
