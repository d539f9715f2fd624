"""Images: which build each service runs, and the pull secrets.

The config is written for the release the values run, so a service runs that release's image
(renderer/runtime/images.py): Halyard's own build (`artifactId`) is kept only when its tag names
that release; otherwise the report says how to keep it. A split runs its service's image."""
from __future__ import annotations

import re

from ...service_facts import SPLITS
from .facts import UNKNOWN_SETTING, deep, deep_get, said, settings_source


def run(hal) -> None:
    found = hal.environment("imageVariant")
    if found is not None:
        _image_variant(hal, *found)
    unkept: dict = {}  # {why: [(service, artifactId)]} of the builds not kept
    split_builds: dict = {}  # {(service, artifactId): [its splits]}

    def artifact(name, key, value, where):
        if not isinstance(value, str):
            hal.report.dropped(where, UNKNOWN_SETTING)
        elif name in SPLITS:
            _split_artifact(hal, name, value, where, split_builds)
        else:
            _artifact(hal, name, value, where, unkept)
    hal.each(hal.fields(("artifactId",)), artifact)
    _say_unkept(hal, unkept)
    _say_split_builds(hal, split_builds)
    hal.each(hal.kubernetes(("imagePullSecrets",)), lambda name, key, value, where, block:
             _pull_secrets(hal, value, where))


def image(artifact: str) -> dict:
    """`registry/path/repo:tag` or `...@sha256:...` as the chart's image fields."""
    digest = ""
    if "@" in artifact:
        artifact, digest = artifact.split("@", 1)
    name, tag = artifact, ""
    if re.search(r":[^/]+$", artifact):
        name, tag = artifact.rsplit(":", 1)
    registry, _, repository = name.rpartition("/")
    out = {"registry": registry, "repository": repository}
    if digest:
        out["digest"] = digest
    elif tag:
        out["tag"] = tag
    return {k: v for k, v in out.items() if v}


def _pin(image: dict) -> str:
    return f"digest: {image['digest']}" if image.get("digest") else f"tag: {image.get('tag', '')}"


def _image_variant(hal, value, where):
    if value and hal.text(value, where) and str(value).upper() != "SLIM":
        suffix = str(value).lower().replace("_", "-")
        hal.report.human(where, f"Halyard ran the {suffix!r} image variant; the chart runs the default images. "
                                f"To keep the variant set `services.<name>.image.tag` (e.g. `<version>-{suffix}` "
                                "for 2025+ releases).")
    elif value:
        hal.report.dropped(where, "the slim variant is the default.")


def _artifact(hal, name, artifact, where, unkept):
    """Halyard's custom image: kept, declared with its release, only when its tag names the release
    the halconfig says Halyard ran and the chart runs it too (`spinnaker.version`)."""
    from ...runtime.images import release_tag

    release = str(hal.release)
    found = image(artifact)
    expected = f"{name}:{release_tag(release)}"
    target = f"services.{name}.image"
    if hal.pinned and re.match(re.escape(release) + r"(?![0-9.])", found.get("tag", "")):
        deep(hal.values, ("services", name, "image"), dict(found, release=release))
        hal.report.converted(where, target, f"Halyard ran {artifact}, a build whose tag names Spinnaker "
                                            f"{release}, the release Halyard ran and spinnaker.version runs: "
                                            f"kept, declared `image.release: {release}` (the post-renderer "
                                            "refuses a custom image whose release it cannot tell). To run "
                                            f"the release's own image ({expected}) remove {target}; when "
                                            "upgrading, change both.")
        return
    if not hal.pinned:
        why = f"Halyard's release ({hal.hal_version or 'none'}) is not one this chart writes config for"
    else:
        why = "the tag does not say which release the build is from"
    unkept.setdefault(why, []).append((name, artifact))


def _say_unkept(hal, unkept):
    """The builds not kept, one item per reason, naming each service's value."""
    from ...runtime.images import release_tag

    release = str(hal.release)
    for why, builds in sorted(unkept.items()):
        names = [name for name, _ in builds]
        ran = "; ".join(f"`services.{name}.image`: {artifact} (now {name}:{release_tag(release)})"
                        for name, artifact in builds)
        name, artifact = builds[0]
        found = image(artifact)
        example = (f"`services.{name}.image: {{registry: {found.get('registry', '')}, repository: "
                   f"{found.get('repository', '')}, {_pin(found)}, release: <release>}}`")
        hal.report.human(
            settings_source(names, "artifactId"),
            f"Halyard ran build{'s' if len(builds) > 1 else ''} of {'their' if len(builds) > 1 else 'its'} own; "
            f"the release runs Spinnaker {release}'s own image{'s' if len(builds) > 1 else ''} instead, "
            f"because the config is written for {release} and {why}: a service of another release fails on "
            f"that config or ignores part of it. {ran}. To keep a build, declare it with the release it was "
            f"built from (e.g. {example}) and set `spinnaker.version` to that release (a supported one).",
            target=f"services.{name}.image" if len(builds) == 1 else
            f"services.{{{','.join(names)}}}.image")


def _split_artifact(hal, split, artifact, where, split_builds):
    """A split's own artifactId: the chart runs one image for all of a service's splits
    (`services.<service>.image`), which the service's own artifactId decided."""
    service = SPLITS[split][0]
    target = f"services.{service}.image"
    kept = deep_get(hal.values, ("services", service, "image"))
    if isinstance(kept, dict) and {k: v for k, v in kept.items() if k != "release"} == image(artifact):
        hal.report.mapped(where, target, f"the build {service} runs too: every {service} split runs `{target}`")
        return
    if (hal.settings.get(service) or {}).get("artifactId") == artifact:
        hal.report.converted(where, target, f"the same build as service-settings/{service}.yml's artifactId, "
                                            f"which decides the one image of all {service}'s splits "
                                            f"(`{target}`): see the item for it")
        return
    split_builds.setdefault((service, artifact), []).append(split)


def _say_split_builds(hal, split_builds):
    """The splits' own builds the chart cannot run, one item per build."""
    from ...runtime.images import release_tag

    for (service, artifact), splits in sorted(split_builds.items()):
        target = f"services.{service}.image"
        kept = deep_get(hal.values, ("services", service, "image"))
        found = image(artifact)
        runs = (f"{kept.get('registry', '')}/{kept.get('repository', '')}:{kept.get('tag') or kept.get('digest')}"
                if isinstance(kept, dict) else f"Spinnaker {hal.release}'s own {service} image "
                                               f"({service}:{release_tag(str(hal.release))})")
        hal.report.human(settings_source(splits, "artifactId"),
                         f"Halyard ran {artifact} in {', '.join(splits)}; the chart runs one image in all of "
                         f"{service}'s splits, `{target}`: {runs}, as service-settings/{service}.yml decided "
                         "(see its artifactId). A split cannot run another build: to run this one everywhere, "
                         f"declare it in `{target}` with the release it was built from (`{{registry: "
                         f"{found.get('registry', '')}, repository: {found.get('repository', '')}, "
                         f"{_pin(found)}, release: <release>}}`) and set `spinnaker.version` to that "
                         "release.", target=target)


def _pull_secrets(hal, value, where):
    pulls = hal.values.setdefault("spinnaker", {}).setdefault("imagePullSecrets", [])
    for secret in value if isinstance(value, list) else [value]:
        secret = secret.get("name") if isinstance(secret, dict) else secret
        if not isinstance(secret, str) or not secret:
            hal.report.human(where, f"{said(secret)} is not a Secret name; skipped.")
            continue
        if {"name": secret} not in pulls:
            pulls.append({"name": secret})
    hal.report.mapped(where, "spinnaker.imagePullSecrets", "the chart's pull secrets apply to every pod")
