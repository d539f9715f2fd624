"""Preflight checks: offline rules a halconfig must pass before anything is rendered.

The model (`renderer.model`) checks each value on its own; these checks look
across values (a `primaryAccount` names an account that exists, a file the
halconfig points at is mounted in the pods, ...), the kind of rule Halyard's
and Armory's operator's validators ran. Each check is declared once, with an
id, the path it looks at, what it says, how to fix it and its severity; the
halconfig reference lists them (`renderer.generate.halconfig_reference`). Every route (validate,
generate, post-render, the helm wrapper) runs them through
`renderer.read.halconfig.read`, so a mistake gets the same verdict everywhere.

`kleat_accepted` marks rules kleat (the reference translator) did not enforce:
they are errors, and warnings under `--kleat-compat`.

`registry` declares and runs the checks, `chart` holds what the chart says about
the pods; one module per concern declares its checks, and they run (and the
reference lists them) in the order imported here.
"""
from .chart import Chart
from .registry import CHECKS, run_checks
from . import accounts, storage, kubernetes, files, security, formats  # noqa: F401 (each registers its checks)
from .files import FILE_FIELDS
from .formats import URL_FIELDS, unreachable

__all__ = ["CHECKS", "Chart", "FILE_FIELDS", "URL_FIELDS", "run_checks", "unreachable"]
