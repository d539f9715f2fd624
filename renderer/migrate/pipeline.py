"""`migrate`: read HAL_DIR, run the passes, settle what Helm would refuse (renderer.migrate says the order)."""
from __future__ import annotations

from ..problems import ERROR, WARNING, format_path
from ..read import controlchars
from . import credentials, passes
from .haldir import read_hal_dir
from .output import Migration
from .passes.facts import Halyard
from .settle import settle


def migrate(path: str, deployment: str | None = None, includes=(), command=None, source=None,
            notes=(), namespace: str | None = None, release_name: str = "spinnaker") -> Migration:
    """Migrate HAL_DIR; `.ok` is false only when there is nothing to write (no readable Halyard config,
    no such deployment) or the values could not render. `includes`: paths outside HAL_DIR it may read
    (--include); `command`: the migrate command line, for the hints adding them; `source`: what the
    user named, when HAL_DIR is an unpacked `hal backup` archive; `notes`: (source, text) of what
    unpacking it skipped; `namespace`: Halyard's namespace (--namespace), over the config's `location`;
    `release_name`: the Helm release the values are for (--release-name), which names its Services."""
    hal_dir = read_hal_dir(path, deployment, includes=includes, command=command, source=source)
    for where, text in notes:
        hal_dir.findings.human(where, text)
    report = hal_dir.findings
    if hal_dir.rewritten is None:
        for problem in hal_dir.report.problems:
            if problem.level == ERROR:
                report.error(problem.render("config")[len("error: "):])
        if report.ok:
            report.error("the config could not be read.")
        return Migration(hal_dir, {}, report, None, {})
    hal = Halyard(hal_dir, report, credentials.Vault(report), namespace=namespace, release_name=release_name)
    passes.run(hal)
    # What HAL_DIR's files (profiles, service-settings, scripts) put in the values, under the rule the
    # config's own values met in read_hal_dir: refused, not set aside into values.yaml.
    for where, message in controlchars.problems(hal.values):
        report.error(f"values: {format_path(where)}: {message} {controlchars.HINT}")
    if not report.ok:
        return Migration(hal_dir, {}, report, None, {})
    reported = {p.message for p in hal_dir.report.problems if p.level == WARNING and not p.check}
    aside = hal.aside + settle(hal.values, report, reported, hal_dir.base)
    migration = Migration(hal_dir, hal.values, report, hal.namespace, hal.vault.values, hal.groups, aside,
                          hal.location)
    migration.spin_redis = hal.spin_redis
    return migration
