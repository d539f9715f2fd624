"""Sizing: replicas and requests/limits of every pod (customSizing, service-settings `targetSize`),
completed as Kubernetes and the chart read them, and the pods Halyard left unsized."""
from __future__ import annotations

from ...generate.values_model import default_resources
from ...runtime.jvm import quantity
from ...service_facts import SERVICES, SPLITS
from .facts import deep, deep_get, entries, name_of, not_a_service


def run(hal) -> None:
    found = hal.environment("customSizing")
    if found is not None:
        hal.guarded(lambda value, where: _custom_sizing(hal, value, where), *found)
    hal.each(hal.fields(("targetSize",)), lambda name, key, value, where: _target_size(hal, name, value, where))
    _unsized(hal)


def resources(entry):
    out = {}
    for part in ("requests", "limits"):
        block = entry.get(part)
        if isinstance(block, dict):
            block = {k: v for k, v in block.items() if v not in (None, "")}
            if block:
                out[part] = block
    return out


def _target_size(hal, name, value, where):
    if hal.split_away(name, "targetSize", where) or hal.number(value, where) is None:
        return
    if (hal.env.get("customSizing") or {}).get(f"spin-{name}", {}).get("replicas") is not None:
        hal.report.dropped(where, f"customSizing.spin-{name}.replicas wins, as in Halyard.")
    else:
        target = hal.target(name, "replicas")
        deep(hal.values, target, int(value))
        hal.report.mapped(where, ".".join(target))


def _custom_sizing(hal, value, where):
    for key, entry, here in entries(value, where):
        if not isinstance(entry, dict):
            hal.report.dropped(here, "expected a mapping of replicas, requests and limits.")
            continue
        name = name_of(key)
        container = not key.startswith("spin-")
        if name in ("monitoring-daemon", "redis") and (entry.get("requests") or entry.get("limits")):
            target = "monitoringDaemon.resources" if name == "monitoring-daemon" else "redis.resources"
            from ...generate import values_model

            model = values_model.MonitoringDaemon if name == "monitoring-daemon" else values_model.Redis
            deep(hal.values, tuple(target.split(".")),
                 _complete(hal, resources(entry), None, split=False, where=f"{here}.requests/limits",
                           default=model.fields["resources"].default, target=target))
            hal.report.mapped(here, target)
            continue
        if name not in SERVICES and name not in SPLITS:
            hal.report.dropped(here, not_a_service(name))
            continue
        service = SPLITS[name][0] if name in SPLITS else name
        if name in SPLITS and not hal.split_on(name):
            hal.report.dropped(here, f"haServices.{service} is not enabled, so Halyard ran no {name}.")
            continue
        if "replicas" in entry and entry["replicas"] is not None:
            if container:
                hal.report.dropped(f"{here}.replicas", f"Halyard read replicas only from 'spin-{name}'.")
            elif name == service and hal.ha_on.get(service):
                hal.report.dropped(f"{here}.replicas", f"with haServices.{service} on Halyard ran no spin-{name}; "
                                                       f"each split's replicas are "
                                                       f"`ha.{service}.splits.<split>.replicas`.")
            else:
                path = hal.target(name, "replicas")
                if hal.number(entry["replicas"], f"{here}.replicas") is not None:
                    deep(hal.values, path, int(entry["replicas"]))
                    hal.report.mapped(f"{here}.replicas", ".".join(path))
        own = resources(entry)
        if own:
            own = _complete(hal, own, service, split=name in SPLITS, where=f"{here}.requests/limits",
                            target=".".join(hal.target(name, "resources")))
            if not container and isinstance(value.get(name), dict) and resources(value[name]):
                hal.report.dropped(f"{here}.requests/limits", f"'{name}' (the container entry) wins, as in Halyard.")
                continue
            path = hal.target(name, "resources")
            deep(hal.values, path, own)
            if SERVICES[service].java and "memory" not in (resources(entry).get("limits") or {}) and \
                    "memory" in (resources(entry).get("requests") or {}):
                hal.requests_only[name] = own["requests"]["memory"]
            note = ""
            if name == service and hal.ha_on.get(service):
                note = (f"with haServices.{service} on, Halyard applied this to no pod; the chart applies it "
                        f"to every {service} split without its own sizing")
            hal.report.mapped(f"{here}.requests/limits", ".".join(path), note)


def _complete(hal, given, service, split, where, default=None, target=""):
    """Resources the chart accepts, as Kubernetes and upstream read Halyard's: a JVM's memory request
    without a limit (its heap a share of the node's memory under Halyard) gets a limit of at least the
    chart's default for the service, its heap sized to it (renderer.migrate.passes.jvm); another
    container's request stays without a limit, as Halyard ran it (a service's `limits.memory: null`
    removes the chart's default limit, which Helm would merge in; a split has none to remove); a limit
    without a request gets the request
    equal to it (Kubernetes' own default); a request above its limit raises the limit. A split's entry
    replaces the service's whole value, so one without memory gets the service's default memory."""
    if default is None and service is not None:
        default = default_resources(SERVICES[service])
    requests, limits = dict(given.get("requests") or {}), dict(given.get("limits") or {})
    added = []
    for kind in ("memory", "cpu"):
        if kind in limits and kind not in requests:
            requests[kind] = limits[kind]
            added.append(f"requests.{kind} = limits.{kind}")
    # Values merge key by key: a memory request alone would keep the chart's default limit (which may
    # even be below it, a pod the API server refuses); Halyard ran it without one.
    if "memory" in requests and "memory" not in limits:
        java = service is not None and SERVICES[service].java
        kept = ((default or {}).get("limits") or {}).get("memory")
        if java:
            # Under Halyard the JVM sized its heap from the node's memory: a limit no smaller than the
            # chart's default for the service, with the heap sized to it (passes.jvm), gives it no less.
            request = quantity(requests["memory"])
            limits["memory"] = requests["memory"] if kept is None or request >= quantity(kept) else kept
            added.append(f"limits.memory {limits['memory']} (Halyard set none; at least the chart's default for "
                         f"{service}, {kept}): its heap is sized to it")
        elif kept is not None:
            if not split:
                limits["memory"] = None
            added.append("no memory limit, as under Halyard" + ("" if split else
                         " (limits.memory: null removes the chart's default)"))
    for kind in ("memory", "cpu"):
        request, limit = quantity(requests.get(kind)), quantity(limits.get(kind))
        if request is not None and limit is not None and request > limit:
            hal.report.human(where, f"requests.{kind} {requests[kind]} is above limits.{kind} {limits[kind]}, "
                                    "a pod the API server refuses: the limit is raised to the request. Lower "
                                    "both if that is too much.")
            limits[kind] = requests[kind]
    if split and "memory" not in requests:
        default = default_resources(SERVICES[service])
        requests["memory"], limits["memory"] = default["requests"]["memory"], default["limits"]["memory"]
        added = [a for a in added if "no memory limit" not in a]
        added.append(f"memory from {service}'s default")
    if added:
        hal.report.converted(where, target, "completed for the chart: " + ", ".join(added))
    return {k: v for k, v in (("requests", requests), ("limits", limits)) if v}


def _unsized(hal):
    """The pods Halyard gave no requests or limits (no customSizing entry): the chart's defaults
    apply, said with the values, since a BestEffort pod is scheduled without regard to free memory,
    evicted first, and its JVM sizes the heap from the node's memory."""
    sizing = hal.env.get("customSizing") if isinstance(hal.env.get("customSizing"), dict) else {}
    sized = {name_of(str(key)) for key, entry in sizing.items() if isinstance(entry, dict) and resources(entry)}
    unsized = {}
    for pod, service in hal.workloads():
        own = (hal.values.get("services") or {}).get(service, {}).get("resources")
        if pod in sized or own or (pod in SPLITS and deep_get(hal.values, hal.target(pod, "resources"))):
            continue
        unsized.setdefault(service, []).append(pod)
    if not unsized:
        return
    said = []
    for service, pods in sorted(unsized.items()):
        default = default_resources(SERVICES[service])
        parts = [f"{part}.{kind} {value}" for part in ("requests", "limits")
                 for kind, value in sorted((default.get(part) or {}).items())]
        said.append(f"`services.{service}.resources` ({', '.join(pods) if pods != [service] else service}): "
                    + ", ".join(parts))
    hal.report.different(f"{hal.source}.customSizing", "",
                         "no entry for these pods, so Halyard set no requests or limits on them (BestEffort "
                         "pods: scheduled without regard to free memory, evicted first, a JVM's heap a share "
                         "of the node's memory). The chart's default requests and limits apply instead: "
                         + "; ".join(said) + ". Size each to what its pods use on Halyard's install "
                         "(`kubectl top pods`) if it needs more.")
