"""The release and the halconfig: which release the values run (`spinnaker.version`), the config's own
problems said with the values path to fix, and the halconfig in kleat form (fields the release does
not read left out, inline credentials moved to the credentials Secret)."""
from __future__ import annotations

import copy
import re

from ...model import HAL
from ...problems import ERROR, NOTE, WARNING, Report, format_path
from ...releases import DEFAULT, Release, UnsupportedRelease
from .. import credentials

_RELEASE_SHAPE = re.compile(r"^[0-9]+\.[0-9]+\.[0-9]+$")


def run(hal) -> None:
    hal_dir, report, base = hal.hal_dir, hal.report, hal.hal_dir.base
    _problems(hal_dir, report, base)
    hal.release = _release(hal_dir.rewritten.get("version"), "config: " + format_path(base + ("version",)),
                           hal.values, report)
    hal.pinned = "spinnaker" in hal.values
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


def _release(version, where, values, report):
    """The release to translate for, and `spinnaker.version` when the chart runs Halyard's release."""
    try:
        release = Release.parse(version)
    except UnsupportedRelease as exc:
        if version and _RELEASE_SHAPE.match(str(version)):
            report.human(where, f"{exc} Halyard ran {version}; the release runs {DEFAULT} (the chart's default) "
                                "unless `spinnaker.version` names another. Read the upgrade notes of the releases "
                                "in between before switching over.")
        elif version:
            report.dropped(where, f"{version!r} is not a published Spinnaker release (a build name or a local "
                                  f"BOM); the chart runs {DEFAULT} unless `spinnaker.version` is set (images of "
                                  "your own: `services.<name>.image`, declared with the release they were built "
                                  "from in `image.release`).")
        return DEFAULT
    values["spinnaker"] = {"version": version}
    report.mapped(where, "spinnaker.version")
    return release
