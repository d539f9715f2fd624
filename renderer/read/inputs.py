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
# Where the chart is: the package's copy when installed (the plugin's tarball, a wheel), else the checkout's.
CHART_DIRS = (os.path.join(ROOT, "renderer", "chart"), os.path.dirname(CHART_VALUES))


def chart_values_path() -> str:
    """The chart's values.yaml, wherever the chart is (CHART_DIRS); CHART_VALUES when there is none."""
    return next((os.path.join(d, "values.yaml") for d in CHART_DIRS if os.path.isfile(os.path.join(d, "Chart.yaml"))),
                CHART_VALUES)


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


_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object",
               type(None): "null"}


def schema_problems(values: dict, schema: dict) -> list[str]:
    """The chart's values.schema.json verdict on merged `values`, one `values: <path>: <what>` line each,
    in the words Helm's own check uses, and never with the value: a credential of the wrong type would
    be printed otherwise. Checked before anything reads the values (`validate -f`, the `helm` wrapper,
    `plan`), as Helm checks them before it renders."""
    import json

    import jsonschema

    def listed(items) -> str:
        return ", ".join(json.dumps(v) for v in items)

    out = []
    for error in sorted(jsonschema.Draft7Validator(schema).iter_errors(values), key=lambda e: list(e.absolute_path)):
        where = ".".join(str(p) for p in error.absolute_path) or "(root)"
        rule, wanted = error.validator, error.validator_value
        if rule == "type":
            expected = f"[{','.join(wanted)}]" if isinstance(wanted, list) else wanted
            given = _JSON_TYPES.get(type(error.instance), type(error.instance).__name__)
            what = f"Invalid type. Expected: {expected}, given: {given}"
        elif rule == "enum":
            what = f"{where} must be one of the following: {listed(wanted)}"
        elif rule == "const":
            what = f"{where} does not match: {json.dumps(wanted)}"
        elif rule == "required":
            missing = [k for k in wanted if isinstance(error.instance, dict) and k not in error.instance]
            what = f"{', '.join(map(str, missing))} is required"
        elif rule == "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties") or {}), key=str)
            what = f"Additional property {', '.join(map(str, extra))} is not allowed"
        elif rule == "minimum":
            what = f"Must be greater than or equal to {wanted}"
        elif rule == "maximum":
            what = f"Must be less than or equal to {wanted}"
        else:
            what = f"does not meet the schema's `{rule}` rule"
        out.append(f"values: {where}: {what}")
    return list(dict.fromkeys(out))  # a `required` error comes once per missing key, each naming them all


_DEFAULTS: list = []


def chart_facts(values: dict, namespace: str = "default"):
    """What the chart would run for `values` (renderer.read.preflight.Chart). Values a caller has not
    merged over the chart's defaults (the wrapper, for a chart it cannot read) are merged here: the
    services that run come from them."""
    from renderer.read.preflight import Chart

    if not _DEFAULTS:
        import yaml

        try:
            with open(chart_values_path(), encoding="utf-8") as handle:
                _DEFAULTS.append(yaml.safe_load(handle) or {})
        except OSError:
            _DEFAULTS.append({})
    return Chart.from_values(merge_values(_DEFAULTS[0], values), namespace)


def check_values(values: dict, *, kleat_compat: bool = False, release=None, namespace: str = "default"):
    """(hal, release, report) for chart values, as every Helm route reads them: the release is
    `release` (--release), else `spinnaker.version`, else the halconfig's version when it names one,
    else the chart's default, as the chart's `spinnaker.version` helper picks it. `namespace` is the
    release's (Helm's -n)."""
    from renderer.read import controlchars, halconfig
    from renderer.problems import Report
    from renderer.releases import CHART_VERSION_HINT, DEFAULT, Release, UnsupportedRelease

    values = values if isinstance(values, dict) else {}
    refused = Report(kleat_compat=kleat_compat)  # the halconfig's are refused where it is read
    if not controlchars.check({k: values[k] for k in controlchars.CHART_NAMES if k in values}, refused):
        return None, None, refused
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
