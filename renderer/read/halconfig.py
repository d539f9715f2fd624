"""From parsed halconfig data (kleat form or a Halyard file) to the normalized model.

This is the single entry point the CLI and the post-renderer share:
`read(data)` returns `(hal, report)`; translation may only proceed when
`report.ok`. `read_for_release` also picks the release to translate for, and
`read_chart_halconfig` reads the halconfig the way the chart carries it (in its
values or in the config bundle), so every Helm route reads it alike.
"""
from __future__ import annotations

from renderer.read import controlchars, halyard
from renderer.model import HAL
from renderer.read.preflight import run_checks
from renderer.problems import Report
from renderer.releases import Release, target
from renderer.read.unread import report_unread
from renderer.model.normalize import normalize


def read(data, *, deployment: str | None = None, strict: bool = False, base: tuple = (),
         kleat_compat: bool = False, chart=None):
    """Normalize halconfig `data` and run the preflight checks; problems (with paths under `base`) go
    to the report. `chart` (a `renderer.read.preflight.Chart`) enables the checks against the chart's values."""
    hal, report, _ = _read(data, deployment, strict, base, kleat_compat, chart, False)
    return hal, report


def read_for_release(data, requested: Release | None = None, *, deployment: str | None = None,
                     strict: bool = False, base: tuple = (), kleat_compat: bool = False, chart=None,
                     fallback: Release | None = None, via_helm: bool = False, option: str = "--deployment"):
    """(hal, release, report): `read`, plus the release to translate for
    (`requested`, else the halconfig's version, else `fallback`; see `renderer.releases.target`).
    `via_helm`: `data` is what Helm's YAML reader made of the values (the config bundle); `option`: what
    the user set `deployment` with, for the messages."""
    hal, report, where = _read(data, deployment, strict, base, kleat_compat, chart, via_helm, option)
    release = None
    if hal is not None:
        release = target(requested, hal, report, where + ("version",), fallback=fallback)
        if release is not None:
            report_unread(HAL, hal, release, report, where)
    return hal, release, report


def read_chart_halconfig(values: dict, requested: Release | None = None, *, chart=None, kleat_compat: bool = False,
                         fallback: Release | None = None, via_helm: bool = False):
    """(hal, release, report) for the halconfig as the chart carries it, in its values (`validate -f`,
    the helm wrapper) or in the config bundle it hands the post-renderer: `halconfig` (a mapping, or
    the text `--set-file halconfig=FILE` gives), `halconfigDeployment` and `strict`; paths under
    `halconfig`. `chart` (a `renderer.read.preflight.Chart`) is what the chart says about its pods."""
    hal = values.get("halconfig")
    if isinstance(hal, str):  # the chart parses it (templates/_halconfig.tpl spinnaker.loadHal)
        from renderer.read.yaml11 import load

        hal = load(hal, "halconfig") if hal.strip() else {}
        via_helm = False  # read here, from its text
    text = values.get("halconfig") if isinstance(values.get("halconfig"), str) else ""
    hal, release, report = read_for_release(hal or {}, requested, deployment=values.get("halconfigDeployment") or None,
                                            strict=values.get("strict") is True, base=("halconfig",),
                                            kleat_compat=kleat_compat, chart=chart, fallback=fallback,
                                            via_helm=via_helm, option="halconfigDeployment")
    if text:
        from renderer.read.yaml11 import typed_as_written

        typed_as_written(report, text, ("halconfig",))
    return hal, release, report


def _read(data, deployment, strict, base, kleat_compat, chart=None, via_helm=False, option="--deployment"):
    """(hal, report, path of the halconfig inside `data`)."""
    report = Report(kleat_compat=kleat_compat)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        hint = ""
        if isinstance(data, list) and data and all(isinstance(d, dict) and "name" in d for d in data):
            hint = ("It reads as a list of Halyard deployments, as `hal config` prints them: put it under "
                    "`deploymentConfigurations:` (and set currentDeployment) to make a Halyard file.")
        report.error(base, f"a halconfig is a mapping of sections, not {type(data).__name__}.", hint)
        return None, report, base
    if not controlchars.check(data, report, base):
        return None, report, base
    halyard_form = halyard.is_halyard_file(data)
    if halyard_form:
        data, where = halyard.from_halyard(data, deployment, report, base, option)
        if data is None:
            return None, report, base
        base = base + where
    elif deployment is not None:
        report.error(base, f"{option} {deployment} was given, but this is not a Halyard file.",
                     f"Drop {option} for a kleat-form halconfig.")
        return None, report, base
    data = halyard.apply_rules(data, base, report, halyard_form)
    hal = normalize(HAL, data, report, strict=strict, path=base, via_helm=via_helm)
    if hal is not None:
        run_checks(hal, report, base, chart)
    report.restore_paths()
    return hal, report, base
