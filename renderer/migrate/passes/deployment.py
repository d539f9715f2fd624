"""The deployment: what kind of install Halyard made, in which namespace, and which services run."""
from __future__ import annotations

from .facts import deep, said


def run(hal) -> None:
    found = hal.environment("type")
    if found is not None:
        _type(hal, *found)
    found = hal.environment("location")
    if found is not None:
        _location(hal, *found)
    hal.each(hal.fields(("enabled",), splits=False), lambda name, key, value, where: _enabled(hal, name, value, where))


def _type(hal, value, where):
    if isinstance(value, (dict, list)):
        hal.text(value, where)
    elif value is not None and str(value) != "Distributed":
        hal.report.human(where, f"Halyard deployed with type {said(value)} (a VM install); the chart deploys to "
                                "Kubernetes. Sizing and scheduling values below may not describe the old hosts.")
    else:
        hal.report.dropped(where, "the chart is the Kubernetes (Distributed) deployment.")


def _location(hal, value, where):
    if hal.given:
        hal.report.mapped(where, "helm --namespace", f"Halyard's namespace {hal.given!r} (--namespace; the "
                                                     f"config says {said(value)}): the report's commands use "
                                                     "it; install the release there or in a new one.")
        if value and hal.text(value, where):
            hal.location = str(value)
        return
    if value and hal.text(value, where):
        hal.location = str(value)
        if hal.namespace is None:
            hal.report.human(where, f"{value!r} is not a namespace name but a placeholder your own tooling "
                                    "filled in, so migrate cannot name Halyard's namespace: the report's "
                                    "commands say \"$NAMESPACE\" (set it in your shell first), and Halyard's "
                                    "Redis is not carried over. Run migrate again with `--namespace NAME`.",
                             target="helm --namespace")
            return
        hal.report.mapped(where, "helm --namespace", f"Halyard's namespace {value!r}: install the release "
                                                     "there (or in a new one; see the cut-over steps).")


def _enabled(hal, name, value, where):
    deep(hal.values, hal.place(name) + ("enabled",), str(value).lower() == "true")
    hal.report.mapped(where, f"services.{name}.enabled")
