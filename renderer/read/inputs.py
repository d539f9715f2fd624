"""Chart values as every Helm route reads them: Helm's merge of values files, and the verdict on them.
(A halconfig file is read by `renderer.read.halconfig`, a Halyard directory by `renderer.migrate.haldir`.)

`check_values(values)` is the one verdict on chart values (`validate -f`, the
`helm` wrapper); it and the post-renderer (on the config bundle the chart hands
over) read the halconfig through `halconfig.read_chart_halconfig`, with the same
settings (`strict`, `halconfigDeployment`) and the same chart facts (mounted
directories, public host), so the same values get the same answer on every route.
"""
from __future__ import annotations

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHART_VALUES = os.path.join(ROOT, "charts", "spinnaker", "values.yaml")


def merge_values(base, override):
    """Helm's merge of a values file over the values so far: mappings merge key by key, anything
    else (lists included) replaces, and a null deletes the key."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            if value is None:
                out.pop(key, None)
            elif key in out:
                out[key] = merge_values(out[key], value)
            else:
                out[key] = _drop_nulls(value)
        return out
    return _drop_nulls(override)


def _drop_nulls(value):
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    return value


def chart_facts(values: dict, namespace: str = "default"):
    from renderer.read.preflight import Chart

    return Chart.from_values(values, namespace)


def check_values(values: dict, *, kleat_compat: bool = False, release=None, namespace: str = "default"):
    """(hal, release, report) for chart values, as every Helm route reads them: the release is
    `release` (--release), else `spinnaker.version`, else the halconfig's version when it names one,
    else the chart's default, as the chart's `spinnaker.version` helper picks it. `namespace` is the
    release's (Helm's -n)."""
    from renderer.read import halconfig
    from renderer.problems import Report
    from renderer.releases import CHART_VERSION_HINT, DEFAULT, Release, UnsupportedRelease

    values = values if isinstance(values, dict) else {}
    chosen = str((values.get("spinnaker") or {}).get("version") or "") if isinstance(values.get("spinnaker"), dict) else ""
    if release is None and chosen:
        try:
            release = Release.parse(chosen)
        except UnsupportedRelease as exc:
            report = Report(kleat_compat=kleat_compat)
            report.error(("spinnaker", "version"), str(exc), CHART_VERSION_HINT)
            return None, None, report
    return halconfig.read_chart_halconfig(values, release, chart=chart_facts(values, namespace), kleat_compat=kleat_compat,
                                          fallback=DEFAULT)
