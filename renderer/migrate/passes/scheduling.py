"""Scheduling: where pods run (affinity, tolerations, node selectors)."""
from __future__ import annotations

from ...service_facts import SERVICES
from .facts import deep, env_text, name_of, not_a_service


def run(hal) -> None:
    for key, handler in (("affinity", _affinity), ("nodeSelectors", _node_selectors), ("tolerations", _tolerations)):
        found = hal.environment(key)
        if found is not None:
            hal.guarded(lambda value, where, handler=handler: handler(hal, value, where), *found)
    hal.each(hal.kubernetes(("nodeSelector",)), lambda name, key, value, where, block:
             _node_selector(hal, name, value, where))


def _node_selector(hal, name, value, where):
    if hal.split_away(name, "kubernetes.nodeSelector", where):
        return
    strings = hal.string_map(value, where)
    if strings:
        deep(hal.values, hal.place(name) + ("nodeSelector",), strings)
        hal.report.mapped(where, f"{'.'.join(hal.place(name))}.nodeSelector")


def _tolerations(hal, value, where):
    def convert(name, items, here):
        # One toleration written as a mapping instead of a one-item list.
        path = ".".join(hal.place(name) + ("tolerations",))
        if isinstance(items, dict) and set(items) & {"key", "operator", "effect"}:
            items = [items]
            hal.report.converted(here, path, "one toleration written as a mapping: made a one-item list")
        elif not isinstance(items, list) or not all(isinstance(t, dict) for t in items):
            hal.report.human(here, f"expected a list of tolerations, got {type(items).__name__}; skipped. "
                                   f"Set `{path}` by hand.")
            return
        deep(hal.values, hal.place(name) + ("tolerations",), items)
        hal.report.mapped(here, path)
    hal.per_service("tolerations", value, where, convert)


def _affinity(hal, value, where):
    def convert(name, items, here):
        path = hal.place(name) + ("affinity",)
        if not isinstance(items, dict):
            hal.report.human(here, f"expected an affinity mapping, got {type(items).__name__}; skipped. Set "
                                   f"`{'.'.join(path)}` by hand.")
            return
        affinity = {k: v for k, v in items.items() if v not in (None, {}, [])}
        if affinity:
            deep(hal.values, path, affinity)
            hal.report.mapped(here, ".".join(path))
    hal.per_service("affinity", value, where, convert)


def _node_selectors(hal, value, where):
    """Halyard's Kubernetes V2 deployer never read deploymentEnvironment.nodeSelectors (the V1
    deployer's, removed from Halyard in 2020; V2 reads service-settings `kubernetes.nodeSelector`
    only, KubernetesV2Service getPodSpecYaml), so its pods ran on any node: so do the release's. A
    selector no node matches would leave every pod Pending. The report says which value pins them."""
    if value in (None, {}, [], ""):
        return
    unread = ("Halyard's Kubernetes V2 deployer did not apply deploymentEnvironment.nodeSelectors (it was "
              "the V1 deployer's; V2 reads service-settings `kubernetes.nodeSelector` only), so its pods "
              "ran on any node, and so do the release's.")
    if not isinstance(value, dict):
        hal.report.dropped(where, f"{unread} (It is a {type(value).__name__} here, not node labels.)")
        return
    # Written per service ({spin-gate: {pool: x}}), as for tolerations, or as labels for every service.
    per_service = {k: v for k, v in value.items() if isinstance(v, dict)}
    for key in sorted(per_service, key=str):
        name, here = name_of(str(key)), f"{where}.{key}"
        if name in SERVICES:
            hal.report.dropped(here, f"{unread} To pin {name} to these nodes set "
                                     f"`services.{name}.nodeSelector: {_labels(per_service[key])}`.")
        else:
            hal.report.dropped(here, not_a_service(name))
    labels = {k: v for k, v in value.items() if k not in per_service and not isinstance(v, list)}
    for key in sorted(set(value) - set(per_service) - set(labels), key=str):
        hal.report.dropped(f"{where}.{key}", f"a {type(value[key]).__name__}, not a node label's value; "
                                             "Halyard applied no nodeSelectors either.")
    if labels:
        hal.report.dropped(where, f"{unread} To pin every service to these nodes set "
                                  f"`serviceDefaults.nodeSelector: {_labels(labels)}` (check first that "
                                  "nodes carry the labels: pods with a selector no node has stay Pending).")


def _labels(labels: dict) -> str:
    """Node labels as a YAML flow mapping of strings, as Kubernetes reads them."""
    import json

    return "{" + ", ".join(f"{k}: {json.dumps(env_text(v) if not isinstance(v, dict) else '')}"
                           for k, v in sorted(labels.items(), key=lambda item: str(item[0]))) + "}"
