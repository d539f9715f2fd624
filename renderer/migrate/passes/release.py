"""The release and the halconfig: which release the values run (`spinnaker.version`), the config's own
problems said with the values path to fix, and the halconfig in kleat form (fields the release does
not read left out, inline credentials moved to the credentials Secret)."""
from __future__ import annotations

import copy
import re

from ...model import HAL
from ...problems import ERROR, NOTE, WARNING, Report, format_path
from ...releases import DEFAULT, LINES, Release, UnsupportedRelease, halconfig_release, halconfig_version
from .. import credentials

_RELEASE_SHAPE = re.compile(r"^[0-9]+\.[0-9]+\.[0-9]+$")


def run(hal) -> None:
    hal_dir, report, base = hal.hal_dir, hal.report, hal.hal_dir.base
    _problems(hal_dir, report, base)
    hal.release = _release(hal_dir.rewritten.get("version"), "config: " + format_path(base + ("version",)),
                           hal.values, report)
    hal.pinned = _own(hal_dir.rewritten.get("version")) == hal.release  # Halyard's own release runs
    _jump(hal, hal_dir.rewritten)
    halconfig = dict(credentials.move(HAL, _read_by(hal_dir.rewritten, hal.release, report, base), hal.vault, base,
                                      hal.release, hal_dir.text))
    # The release lives in `spinnaker.version` only: one place to change it when upgrading.
    halconfig.pop("version", None)
    hal.values["halconfig"] = halconfig


def _problems(hal_dir, report, base):
    for problem in hal_dir.report.problems:
        if problem.check or problem.path[-1:] == ("deploymentEnvironment",):
            continue  # the preflight checks run again on the values (settle); deploymentEnvironment: the passes
        where = "config: " + format_path(problem.path)
        if problem.level == ERROR:
            # The model could not read it: it is not in the values (settle reports what it sets aside).
            inside = problem.path[:len(base)] == base
            target = format_path(("halconfig",) + problem.path[len(base):]) if inside else ""
            report.human(where, f"{problem.message} {problem.hint}".strip() + " Left out of the values: fix it "
                                "there" + (f" (`{target}`)" if target else "") + ".", target)
        elif problem.level == WARNING:
            report.dropped(where, problem.message + (" " + problem.hint if problem.hint else ""))
        elif problem.level == NOTE and "dropped" in problem.message:
            report.dropped(where, problem.message)
        elif problem.level == NOTE:
            report.converted(where, "halconfig", problem.message)


def _read_by(halconfig: dict, release, report, base) -> dict:
    """`halconfig` without the fields `release` does not read (`ci.wercker` from 2026.1.0), each reported
    as dropped: every file the renderer writes leaves them out, so in the values they would only make
    every Helm route warn again; and a credential in one would reach a service that never reads it."""
    from ...read.unread import report_unread
    from ..settle import pop

    found = Report()
    report_unread(HAL, halconfig, release, found)
    if not found.problems:
        return halconfig
    halconfig = copy.deepcopy(halconfig)
    for problem in found.problems:
        pop(halconfig, problem.path)
        report.dropped("config: " + format_path(tuple(base) + problem.path),
                       f"{problem.message} migrate left it out of the values; to run a release that reads it, set "
                       f"`spinnaker.version` to that release and add `{format_path(('halconfig',) + problem.path)}` "
                       "back from the Halyard config.")
    return halconfig


def _own(version):
    """Halyard's release as a Release (even one the chart does not run), or None."""
    text = str(halconfig_version(version) or "")
    return Release(*(int(part) for part in text.split("."))) if _RELEASE_SHAPE.match(text) else None


def _release(version, where, values, report):
    """The release to translate for, always pinned in `spinnaker.version` (a later chart's default
    must not upgrade the install unasked): Halyard's release when the chart runs it (Halyard's
    `local:X.Y.Z` read as X.Y.Z, as on every route: releases.halconfig_release), else the chart's."""
    try:
        release = halconfig_release(version)
    except UnsupportedRelease as exc:
        values["spinnaker"] = {"version": str(DEFAULT)}
        if version and _own(version) is not None:
            report.human(where, f"{exc} Halyard ran {version}; the values pin {DEFAULT}, the release chosen at "
                                "migration (`spinnaker.version`).", target="spinnaker.version")
        else:
            report.human(where, (f"{version!r} is not a published Spinnaker release (a build name or a local BOM)"
                                 if version else "the config names no Spinnaker release")
                         + f"; the values pin {DEFAULT}, the release chosen at migration (`spinnaker.version`; "
                         "images of your own: `services.<name>.image`, declared with the release they were "
                         "built from in `image.release`).", target="spinnaker.version")
        return DEFAULT
    values["spinnaker"] = {"version": str(release)}
    report.mapped(where, "spinnaker.version", f"{version} read as {release}" if str(release) != version else "")
    return release


def _jump(hal, halconfig):
    """The one-time steps `plan --to-release` lists between Halyard's release and the one the values
    pin (renderer/release_changes.py); for a release older than the oldest the project knows, that the
    steps before it are not covered."""
    from ...read.bumps import crossed

    old = _own(halconfig.get("version"))
    if old is None or old == hal.release:
        return
    oldest = Release(LINES[0].major, LINES[0].first, 0)
    where = f"config: {format_path(hal.hal_dir.base + ('version',))}"
    storage = (halconfig.get("persistentStorage") or {}) if isinstance(halconfig.get("persistentStorage"), dict) \
        else {}
    state = {"front50Store": str(storage.get("persistentStoreType") or "").lower() or None}
    steps = crossed(max(old, oldest) if old < oldest else old, hal.release, halconfig, state)
    said = "; ".join(f"{entry['release']} ({entry['kind']}, {', '.join(entry['services'])}): {entry['what'].rstrip('.')}"
                     for entry in steps) or "none known for this config"
    hal.report.human(where, f"Halyard ran {old}, the values run {hal.release}: the one-time steps of that jump "
                            f"(as `spinnaker-renderer plan --to-release {hal.release}` lists them): {said}."
                     + (f" The project knows no steps before {oldest}: read the upstream notes from {old} to "
                        f"{oldest} (https://spinnaker.io/changelogs/) before switching over." if old < oldest
                        else ""), target="spinnaker.version")
