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
_INITIAL_FLAG = re.compile(r"(^|\s)-(?:Xms|XX:InitialHeapSize=)(\S*)")


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
    whole limit. Pods Halyard ran with a memory request only (their heap a share of the node's memory)
    have a limit from passes.sizing, and their heap is sized to it (`_sized_to_limit`); the pods sharing
    one `javaOpts` (a service's is one for all its splits without their own) get a share of the limits
    that fits the smallest. Only services whose sizing or JVM options come from the Halyard directory
    are looked at: the chart's own defaults fit."""
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
    sizes = [(pod, request, limit) for pod, request, limit, _ in pods]
    requests_only = [pod for pod, _, _, where in pods
                 if pod in hal.requests_only or (name in hal.requests_only and where[0] == "services")]
    if requests_only:
        new, why = _sized_to_limit(hal, name, options, pods, requests_only, jvm)
        sizes = [(pod, request, limit) for pod, request, limit, _ in sized()]
    else:
        new, why = fitted(options, sizes, *jvm)
    target = ".".join(path)
    if new is None and why:
        hal.report.human(f"{hal.source}.customSizing", why, target=target)
    lowered, note = initial_fits(new or options, sizes, jvm[0], jvm[3])
    if note:
        new, why = lowered, (f"{why}; " if new is not None else "") + note
    if new is not None:
        deep(hal.values, path, new)
        settings = members[0] if path[0] == "ha" else name
        said = repr(options) if given else f"(none: Halyard's default {options!r})"
        hal.report.converted(f"service-settings/{settings}.yml: env.JAVA_OPTS", target, f"{said} -> {new!r}: {why}")


def _sized_to_limit(hal, name, options, pods, unlimited, jvm):
    """(JAVA_OPTS, why) for pods Halyard ran with a memory request and no limit (`unlimited`): their JVM
    sized its heap from the node's memory (MaxRAMPercentage of it), so passes.sizing gave them a limit of
    at least the chart's default for the service; the heap is the chart's share of it less the sourced
    estimate of what the service needs outside its heap (runtime.jvm.max_heap_for). An explicit -Xmx
    Halyard's JVM had keeps its size, and so does an explicit initial heap (-Xms, the least heap the user
    asked for): the limit grows to hold it."""
    from ...runtime.jvm import max_heap_for, non_heap, size
    from ...service_facts import DEFAULT_HEAP_PERCENT

    mib, heap_of = jvm[0], jvm[3]
    had = heap_of(options.split(), 1 << 50)
    outside = non_heap(name) / mib
    initial = [size(match.group(2)) for match in _INITIAL_FLAG.finditer(options)]
    kept = max(([had.bytes] if had.flag in ("xmx", "xms") else []) + [b for b in initial[-1:] if b], default=0)
    if kept:
        # Halyard's JVM had this heap whatever the node: the limit holds it and what lies outside it.
        need = int(max(kept / mib / DEFAULT_HEAP_PERCENT * 100, kept / mib + outside)) + 1
        for pod, request, limit, where in pods:
            if limit / mib < need:
                deep(hal.values, where + ("limits", "memory"), f"{need}Mi")
    sized = [(pod, limit) for pod, request, limit, _ in _sized_pods(hal, name, SERVICES[name],
                                                                       (hal.values.get("services") or {}).get(name)
                                                                       or {}, (hal.values.get("ha") or {}).get(name)
                                                                       or {})
             if pod in {p[0] for p in pods}]
    heaps = {pod: max_heap_for(name, limit / mib) for pod, limit in sized}
    if len({limit for _, limit in sized}) == 1:
        flag = f"-Xmx{min(heaps.values())}m"
    else:
        flag = f"-XX:MaxRAMPercentage={min(heaps[pod] * 100 // int(limit / mib) for pod, limit in sized)}.0"
    rest = _HEAP_FLAG.sub("", options).strip()
    share = had.flag_text if had.flag in ("xmx", "xms") else \
        f"{had.percent:g}% of the node's memory ({had.flag_text if had.flag == 'percent' else 'the JVM default'})"
    requests = ", ".join(f"{pod} {hal.requests_only.get(pod) or hal.requests_only.get(name)}" for pod in unlimited)
    limits = ", ".join(f"{pod} {int(limit // mib)} MiB" for pod, limit in sized)
    return flag + (f" {rest}" if rest else ""), (
        f"Halyard gave {'these pods' if len(unlimited) > 1 else unlimited[0]} a memory request only ({requests}) "
        f"and no limit, so the JVM's heap was {share}; the release gives a memory limit ({limits}: at least the "
        f"chart's default for {name}) and {flag}, the chart's {DEFAULT_HEAP_PERCENT}% share at most, leaving the "
        f"{int(outside)} MiB {name} is estimated to need outside its heap (runtime.jvm.max_heap_for)")


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


def initial_fits(options: str, pods: list, mib, heap_of):
    """(JAVA_OPTS, why): an initial heap (`-Xms`, `-XX:InitialHeapSize=`) above the maximum heap the
    options give the smallest pod ((pod, request, limit) in bytes) lowered to that maximum, since HotSpot
    then exits at start-up (GCArguments::initialize_heap_flags_and_sizes, gcArguments.cpp: "Initial heap
    size set to a larger value than the maximum heap size"); ("", "") when it fits or there is none."""
    from ...runtime.jvm import size

    found = list(_INITIAL_FLAG.finditer(options))
    initial = size(found[-1].group(2)) if found else None
    if initial is None:
        return "", ""
    flags = _INITIAL_FLAG.sub(r"\1", options).split()
    explicit = any(f.startswith(("-Xmx", "-XX:MaxHeapSize=")) for f in flags)
    maxima = [heap_of(flags, limit or 0).bytes for pod, request, limit in pods if limit or explicit]
    if not maxima or initial <= min(maxima):
        return "", ""
    most = int(min(maxima) // mib)
    last = found[-1].start()

    def lowered(match):
        return f"{match.group(1)}-Xms{most}m" if match.start() == last else match.group(1)
    new = re.sub(r"\s+", " ", _INITIAL_FLAG.sub(lowered, options)).strip()
    why = ("the JVM would exit at start-up (\"Initial heap size set to a larger value than the maximum heap "
           "size\", HotSpot's gcArguments.cpp)" if explicit else
           "HotSpot would raise its maximum heap to it (gcArguments.cpp), past what the memory limit holds")
    return new, (f"{found[-1].group(0).strip()} is above the maximum heap of {most} MiB"
                 + (" (the smallest pod's)" if len(maxima) > 1 else "") + f": {why}, so it is lowered to -Xms{most}m")


def fitted(options: str, pods: list, mib, min_heap, non_heap, heap_of):
    """(new JAVA_OPTS or None, why): heap flags that fit every pod ((pod, request, limit) in bytes),
    replacing the heap flags of `options`; None with a reason when no flag can, None and "" when
    `options` fit already."""
    flags = options.split()
    rest = _HEAP_FLAG.sub("", options).strip()
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
