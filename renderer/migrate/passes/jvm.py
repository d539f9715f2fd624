"""JVM options: Halyard's default heap share, and each Java workload's heap fitted to its pods' memory.

Runs after sizing and env (`services.<name>.javaOpts` from service-settings `env.JAVA_OPTS`)."""
from __future__ import annotations

import re

from ...generate.values_model import default_resources
from ...runtime.jvm import quantity
from ...service_facts import SERVICES
from .facts import deep, deep_get

# Halyard's JAVA_OPTS for a JVM whose service-settings `env` has none (halyard/halyard-deploy/.../distributed/
# kubernetes/v2/KubernetesV2Service.java buildServiceSettings, at spinnaker-release-2025.0.0).
HALYARD_JAVA_OPTS = "-XX:MaxRAMPercentage=50.0"
_HEAP_FLAG = re.compile(r"(?:^|\s)-(?:Xmx|XX:MaxHeapSize=|XX:MaxRAMPercentage=|XX:MaxRAMFraction=)\S*")


def run(hal) -> None:
    # Halyard gave a JVM without JAVA_OPTS of its own this heap share; the chart's default is larger.
    deep(hal.values, ("serviceDefaults", "javaOpts"), HALYARD_JAVA_OPTS)
    hal.report.mapped("service-settings/<service>.yml: env.JAVA_OPTS (none)", "serviceDefaults.javaOpts",
                      f"Halyard ran every JVM without JAVA_OPTS of its own with {HALYARD_JAVA_OPTS} "
                      "(KubernetesV2Service.buildServiceSettings), a heap of half the memory limit; kept for "
                      "those services (remove it for the chart's -XX:MaxRAMPercentage=80.0)")
    hal.guarded(lambda _, __: _fit_heaps(hal), None, "deploymentEnvironment.customSizing")


def _fit_heaps(hal):
    """Each Java workload's heap, plus what the JVM needs outside it (renderer/runtime/jvm.py), fits
    its pods: Halyard's JAVA_OPTS often carry `-XX:MaxRAMPercentage=100.0`, which gives the heap the
    whole limit. Pods without a memory limit (requests only, as Halyard ran them) get an -Xmx from
    their request, since the JVM would size the heap from the node's memory; when only some of the
    pods sharing one `javaOpts` have a limit (a service's is one for all its splits without their
    own), the others get a limit equal to their request, and the heap a share of the limits that
    fits the smallest. Only services whose sizing or JVM options come from the Halyard directory are
    looked at: the chart's own defaults fit."""
    from ...generate.values_model import DEFAULT_JAVA_OPTS
    from ...runtime.jvm import MIB, MIN_HEAP, NON_HEAP, Heap

    services = hal.values.get("services") or {}
    defaults = (hal.values.get("serviceDefaults") or {}).get("javaOpts")
    for name in sorted(SERVICES):
        facts = SERVICES[name]
        svc = services.get(name) or {}
        ha = (hal.values.get("ha") or {}).get(name) or {}
        split_on = hal.ha_on.get(name) and facts.splits
        own = {split.name: ("ha", name, "splits", split.key, "javaOpts") for split in facts.splits
               if split_on and deep_get(ha, ("splits", split.key, "javaOpts"))}
        split_sizing = split_on and any(deep_get(ha, ("splits", split.key, "resources")) for split in facts.splits)
        if not facts.java or not (svc.get("resources") or "javaOpts" in svc or split_sizing or own):
            continue
        groups = [(path, [split]) for split, path in own.items()]
        shared = [split.name for split in facts.splits if split.name not in own] if split_on else [name]
        if shared:
            groups.append((("services", name, "javaOpts"), shared))
        for path, members in groups:
            _fit_heap(hal, name, facts, path, members, defaults or facts.java_opts or DEFAULT_JAVA_OPTS,
                      (MIB, MIN_HEAP, NON_HEAP, Heap))


def _fit_heap(hal, name, facts, path, members, fallback, jvm):
    """`_fit_heaps` for the pods `members` of service `name`, whose JAVA_OPTS are at `path`."""
    options = deep_get(hal.values, path) or fallback
    given = deep_get(hal.values, path) is not None
    ha = ((hal.values.get("ha") or {}).get(name) or {})

    def sized():
        pods = _sized_pods(hal, name, facts, (hal.values.get("services") or {}).get(name) or {}, ha)
        return [pod for pod in pods if pod[0] in members]
    pods = sized()
    if any(limit for *_, limit, _ in pods) and not all(limit for *_, limit, _ in pods):
        for pod, request, limit, where in pods:
            if not limit and request:
                deep(hal.values, where + ("limits", "memory"), deep_get(hal.values, where + ("requests", "memory")))
                hal.report.converted(f"{hal.source}.customSizing", ".".join(where) + ".limits.memory",
                                     f"{pod}: a limit equal to its request, as the other pods of {name} "
                                     "have limits and their JVM options (one for all) size the heap "
                                     "from the limit")
        pods = sized()
    new, why = fitted(options, [(pod, request, limit) for pod, request, limit, _ in pods], *jvm)
    target = ".".join(path)
    if new is None and why:
        hal.report.human(f"{hal.source}.customSizing", why, target=target)
    elif new is not None:
        deep(hal.values, path, new)
        settings = members[0] if path[0] == "ha" else name
        said = repr(options) if given else f"(none: Halyard's default {options!r})"
        hal.report.converted(f"service-settings/{settings}.yml: env.JAVA_OPTS", target, f"{said} -> {new!r}: {why}")


def _sized_pods(hal, name, facts, svc, ha) -> list:
    """(pod, memory request, memory limit, values path of its resources) of each pod of a service,
    in bytes (None: none), as the chart merges the values: a split's own resources replace the
    service's, which merge over the chart's default key by key."""
    default = default_resources(facts)
    own = svc.get("resources") or {}
    merged = {part: dict(default.get(part) or {}, **(own.get(part) or {})) for part in ("requests", "limits")}
    path = ("services", name, "resources")
    if hal.ha_on.get(name) and facts.splits:
        pods = [(split.name, deep_get(ha, ("splits", split.key, "resources")),
                 ("ha", name, "splits", split.key, "resources"))
                if deep_get(ha, ("splits", split.key, "resources")) else (split.name, merged, path)
                for split in facts.splits]
    else:
        pods = [(name, merged, path)]
    return [(pod, quantity((res.get("requests") or {}).get("memory")),
             quantity((res.get("limits") or {}).get("memory")), where) for pod, res, where in pods]


def fitted(options: str, pods: list, mib, min_heap, non_heap, heap_of):
    """(new JAVA_OPTS or None, why): heap flags that fit every pod ((pod, request, limit) in bytes),
    replacing the heap flags of `options`; None with a reason when no flag can, None and "" when
    `options` fit already."""
    flags = options.split()
    rest = _HEAP_FLAG.sub("", options).strip()
    unlimited = [(pod, request or 0) for pod, request, limit in pods if not limit]
    if unlimited:
        pod, request = min(unlimited, key=lambda item: item[1])
        heap = max(request - non_heap, min_heap)
        new = f"-Xmx{int(heap // mib)}m" + (f" {rest}" if rest else "")
        pods_said = "its pods run" if len(unlimited) > 1 else f"{pod} runs"
        return new, (f"{pods_said} without a memory limit (customSizing with a request only, as Halyard ran it), "
                     "where the JVM would size its heap from the node's memory; -Xmx is the memory request "
                     f"({int(request // mib)} MiB{', the smallest' if len(unlimited) > 1 else ''}) less the "
                     f"{int(non_heap // mib)} MiB a Spinnaker service needs outside its heap, at least "
                     f"{int(min_heap // mib)} MiB")
    heaps = [(pod, limit, heap_of(flags, limit).bytes) for pod, request, limit in pods]
    if all(heap + non_heap <= limit for pod, limit, heap in heaps):
        return None, ""
    smallest = min(limit for pod, limit, heap in heaps)
    percent = int((smallest - non_heap) * 100 // smallest)
    if smallest - non_heap < min_heap:
        return None, (f"a memory limit of {int(smallest // mib)} MiB leaves too little for a JVM: a Spinnaker "
                      f"service needs {int(non_heap // mib)} MiB outside its heap and a heap of at least "
                      f"{int(min_heap // mib)} MiB. Raise the memory request and limit of the smallest pod.")
    explicit = any(f.startswith(("-Xmx", "-XX:MaxHeapSize=")) for f in flags)
    if explicit and len({limit for pod, limit, heap in heaps}) == 1:
        flag = f"-Xmx{int((smallest - non_heap) // mib)}m"  # an -Xmx stays one, lowered to fit
    else:
        flag = f"-XX:MaxRAMPercentage={percent}.0"
    new = flag + (f" {rest}" if rest else "")
    grown = ", ".join(f"{pod} {int(heap // mib)} of {int(limit // mib)} MiB" for pod, limit, heap in heaps
                      if heap + non_heap > limit)
    return new, (f"these options let the heap grow over what the memory limit leaves outside it ({grown}; a "
                 f"Spinnaker service needs at least {int(non_heap // mib)} MiB outside its heap), so the kernel "
                 f"would kill the container as the heap fills; {flag} leaves that room"
                 + (" in the smallest limit" if len(heaps) > 1 else ""))
