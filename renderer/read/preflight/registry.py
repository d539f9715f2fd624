"""The checks' register: each check declared once with its rule, fix and severity, and the run
of them all over one halconfig."""
from __future__ import annotations

from renderer.records import record

from renderer.problems import ERROR, NOTE, WARNING
from .chart import Chart


# id; path: where it looks, in the reference's notation; rule: what must hold (for the reference);
# fix: how to fix it (appended to every message); run(hal, chart): yields (path, message);
# severity: ERROR only where a service fails to start or crashes, or the value can never work, WARNING
# for anything Spinnaker runs with; evidence: why that severity (the service source, or the Spring or
# Kubernetes behaviour), listed in the halconfig reference; needs_chart: runs only when the chart's
# values are known (mounts, expose, profiles); strings_under: the field names whose string values the
# check looks at, anywhere in the halconfig (run(hal, chart, found) then gets them as (path, value)).
Check = record("Check", "id path rule fix run severity evidence kleat_accepted needs_chart strings_under")


CHECKS: list[Check] = []


def check(id, path, rule, fix, *, evidence, severity=ERROR, kleat_accepted=True, needs_chart=False,
          strings_under=None):
    def register(fn):
        CHECKS.append(Check(id, path, rule, fix, fn, severity, evidence, kleat_accepted and severity == ERROR,
                            needs_chart, strings_under))
        return fn
    return register


def run_checks(hal: dict, report, base: tuple = (), chart: Chart | None = None) -> None:
    """Run every check on the normalized halconfig; problems go to `report` under `base`."""
    if not isinstance(hal, dict):
        return
    checks = [item for item in CHECKS if chart is not None or not item.needs_chart]
    # The strings every check looks for, found in one walk of the halconfig (guided by the model), not
    # one walk per check: a large halconfig's thousands of accounts are visited once.
    keysets = tuple(dict.fromkeys(item.strings_under for item in checks if item.strings_under))
    strings = dict(zip(keysets, _keyed_strings(hal, keysets))) if keysets else {}
    for item in checks:
        run = item.run(hal, chart, strings[item.strings_under]) if item.strings_under else item.run(hal, chart)
        for found in run or ():
            # A check yields (path, message), or (path, message, severity) where one rule has cases of
            # different consequence (an LDAP login without a URL stops gate; OAuth2 without a client
            # leaves login off).
            path, message = found[0], found[1]
            severity = found[2] if len(found) > 2 else item.severity
            text = f"{message} [{item.id}]"
            if severity == NOTE:
                report.note(base + tuple(path), text)
            elif severity == WARNING:
                report.warning(base + tuple(path), text, item.fix)
            elif item.kleat_accepted:
                report.kleat_accepted(base + tuple(path), text, item.fix)
            else:
                report.error(base + tuple(path), text, item.fix)
            report.problems[-1].check = item.id


def _keyed_strings(hal, keysets):
    """For each of `keysets`, (path, value) of every string held under one of its keys in the halconfig,
    in document order."""
    from renderer.model import HAL
    from renderer.model.walk import keyed_strings_by

    return keyed_strings_by(HAL, hal, keysets)
