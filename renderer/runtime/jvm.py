"""The JVM's heap, plus what it needs outside the heap, fits the container's memory limit.

A container that goes over its memory limit is killed by the kernel (OOMKilled), and the JVM's heap
grows to its maximum before a full collection, so the maximum heap plus the memory outside the heap
must fit the limit. The maximum heap is HotSpot's (src/hotspot/share/runtime/arguments.cpp,
Arguments::set_heap_size, JDK 17, the JDK of Spinnaker's images: `openjdk17` in each service's
Dockerfile.slim at spinnaker-release-2026.2.3):

- `-Xmx` / `-XX:MaxHeapSize` when given (the last one wins);
- else `-XX:MaxRAMPercentage` of the container's memory (the cgroup limit, JDK 10+ container
  support), default 25; `-XX:MaxRAMFraction=N` (deprecated) stands for 100/N when no percentage
  is given; a container whose `-XX:MinRAMPercentage` share (default 50) is below HotSpot's default
  maximum heap (96 MiB scaled for 64-bit words, 124.8 MiB) gets that share instead, and any other
  at least that default.

The JVM reads its options from JAVA_TOOL_OPTIONS (first), then the command line, where the launcher
puts JDK_JAVA_OPTIONS before the start script's arguments: Spinnaker's start scripts (Gradle's,
spinnaker-gradle-project SpinnakerApplicationPlugin: no heap flags of their own) pass JAVA_OPTS then
`<SERVICE>_OPTS`; _JAVA_OPTIONS comes last of all. A later flag wins.

NON_HEAP is what a Spinnaker service needs at least outside its heap once it serves: class
metadata (Metaspace: Spring Boot and kork load some 20,000 classes, 100+ MiB), JIT-compiled code
(the code cache, committed as it fills: ~48 MiB once the hot paths are compiled), thread stacks
(Tomcat's workers, schedulers and clients: 100+ threads touching 100+ KiB each, ~16 MiB), and the
garbage collector's own structures and direct buffers (~28 MiB). It is a floor, not a forecast:
a heap that leaves less than this is certainly killed when it fills; one that leaves more may
still need more on a busy clouddriver. The chart's defaults leave 205 MiB (1Gi at 80%) or more.
"""
from __future__ import annotations

import math

from .findings import warning

MIB = 1 << 20
NON_HEAP = 192 * MIB
# The smallest heap the fixes propose: below it a Spinnaker service does not get through its start.
MIN_HEAP = 256 * MIB
_DEFAULT_MAX_HEAP = 96 * MIB * 13 / 10  # HotSpot's MaxHeapSize default, ScaleForWordSize on 64-bit
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
# Kubernetes' quantity suffixes, longest first (read without regular expressions: compiling one costs
# more than the whole check on a small release).
_SCALE = (("Ki", 2 ** 10), ("Mi", 2 ** 20), ("Gi", 2 ** 30), ("Ti", 2 ** 40), ("Pi", 2 ** 50), ("Ei", 2 ** 60),
          ("m", 1e-3), ("k", 1e3), ("M", 1e6), ("G", 1e9), ("T", 1e12), ("P", 1e15), ("E", 1e18))


def quantity(value):
    """A Kubernetes quantity in bytes (or cores), or None when it is not one."""
    if value is None or isinstance(value, bool):
        return None
    text = str(value)
    scale = 1
    for suffix, factor in _SCALE:
        if text.endswith(suffix):
            text, scale = text[:-len(suffix)], factor
            break
    if not text or not (text[0].isdigit() or text[0] == "."):
        return None
    try:
        return float(text) * scale
    except ValueError:
        return None


def size(text: str):
    """A HotSpot size (`2g`, `1536m`, `1048576`) in bytes, or None."""
    unit = text[-1:].lower() if text[-1:].isalpha() else ""
    digits = text[:-1] if unit else text
    if not digits.isdigit() or unit not in _UNITS:
        return None
    return int(digits) * _UNITS[unit]


def option_sources(service: str) -> tuple:
    """The env vars the JVM's options come from, in the order it reads them (a later flag wins)."""
    return ("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "JAVA_OPTS",
            "".join(c if c.isalnum() else "_" for c in service.upper()) + "_OPTS", "_JAVA_OPTIONS")


def system_properties(pod) -> dict:
    """{name: (value, env var)} of the `-D` system properties the pod's JVM gets, a later flag winning.
    Gradle's start scripts split JAVA_OPTS and `<SERVICE>_OPTS` as a shell would (`xargs`): the quotes
    around a value (`-Dhttp.nonProxyHosts='a|b'`) are not part of it."""
    found = {}
    for var in option_sources(pod.service):
        value = pod.env.get(var)
        if not value:
            continue
        for flag in value.split():
            if flag.startswith("-D") and "=" in flag:
                name, _, text = flag[2:].partition("=")
                if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
                    text = text[1:-1]
                found[name] = (text, var)
            elif flag.startswith("-D"):
                found[flag[2:]] = ("", var)
    return found


class Heap:
    """The maximum heap for `flags` in a container of `limit` bytes: `bytes`, and `how` it was sized."""

    def __init__(self, flags: list, limit: float):
        xmx = percent = fraction = min_percent = min_fraction = None
        for flag in flags:
            if flag.startswith("-Xmx"):
                xmx = size(flag[4:]) or xmx
            elif flag.startswith("-XX:MaxHeapSize="):
                xmx = size(flag.split("=", 1)[1]) or xmx
            elif flag.startswith("-XX:MaxRAMPercentage="):
                percent = _number(flag) if _number(flag) is not None else percent
            elif flag.startswith("-XX:MaxRAMFraction="):
                fraction = _number(flag) or fraction
            elif flag.startswith("-XX:MinRAMPercentage="):
                min_percent = _number(flag) if _number(flag) is not None else min_percent
            elif flag.startswith("-XX:MinRAMFraction="):
                min_fraction = _number(flag) or min_fraction
        self.flag = ""
        self.flag_text = "the JVM's default"
        if xmx:
            self.bytes, self.how = xmx, f"-Xmx{_mib(xmx)}m, with a memory limit of {_mib(limit)} MiB"
            self.flag = "xmx"
            self.flag_text = f"-Xmx{_mib(xmx)}m"
            return
        if percent is None and fraction:
            percent = 100.0 / fraction
        if min_percent is None and min_fraction:
            min_percent = 100.0 / min_fraction
        given = percent is not None
        if given:
            self.flag_text = "-XX:MaxRAMFraction" if fraction and not any(
                f.startswith("-XX:MaxRAMPercentage=") for f in flags) else "-XX:MaxRAMPercentage"
        percent = 25.0 if percent is None else percent
        min_percent = 50.0 if min_percent is None else min_percent
        self.percent = percent
        if limit * min_percent / 100 < _DEFAULT_MAX_HEAP:
            self.bytes = limit * min_percent / 100
            self.how = (f"-XX:MinRAMPercentage {_pct(min_percent)}% of the {_mib(limit)} MiB memory limit: the JVM's "
                        "share for a container this small")
        else:
            self.bytes = max(limit * percent / 100, _DEFAULT_MAX_HEAP)
            self.how = ((f"-XX:MaxRAMPercentage={_pct(percent)}" if given else "the JVM's default 25%")
                        + f" of the {_mib(limit)} MiB memory limit")
            self.flag = "percent" if given else "default"


def _number(flag: str):
    try:
        return float(flag.split("=", 1)[1])
    except ValueError:
        return None


def _mib(value) -> int:
    return int(value // MIB)


def _pct(value: float) -> str:
    return f"{value:g}"


def _round_up(value: float, step: float) -> float:
    return math.ceil(value / step) * step


def check(release, pods) -> list:
    from ..service_facts import SERVICES

    found = []
    for pod in pods:
        facts = SERVICES.get(pod.service)
        if pod.container is None or facts is None or not facts.java:
            continue
        limit = quantity(pod.memory_limit)
        if not limit:
            continue  # no limit: nothing kills the container for its size (the chart wants -Xmx then)
        flags, unknown = [], []
        for var in option_sources(pod.service):
            if var not in pod.env:
                continue
            if pod.env[var] is None:
                unknown.append(var)  # from a Secret or ConfigMap: its flags cannot be read
                continue
            flags += pod.env[var].split()
        if unknown or "-XX:-UseContainerSupport" in flags:
            continue
        heap = Heap(flags, limit)
        if heap.bytes + NON_HEAP <= limit:
            continue
        found.append(_warning(pod, heap, limit))
    return found


def _warning(pod, heap: Heap, limit: float):
    service = pod.service
    from ..service_facts import SPLITS

    # A split's own resources (ha.<service>.resources.<split>) win over the service's.
    resources = (f"ha.{service}.resources.{SPLITS[pod.workload][1]}" if pod.workload in SPLITS
                 else f"services.{service}.resources")
    need = heap.bytes + NON_HEAP
    return warning(resources,
                   f"{pod.workload}'s JVM heap can grow to {_mib(heap.bytes)} MiB ({heap.how}), and a Spinnaker "
                   f"service needs at least {_mib(NON_HEAP)} MiB more outside the heap (class metadata, compiled "
                   f"code, threads): {_mib(need)} MiB, over the limit, so the kernel kills the container (OOMKilled) "
                   "as the heap fills.", "To fix it, " + " or ".join(fixes(service, heap, limit)) + ".")


def fixes(service: str, heap: Heap, limit: float) -> list:
    """What makes the heap fit: a heap flag for this limit (or a larger limit when this one leaves too
    little heap), or a larger limit for these flags."""
    out = []
    room = limit - NON_HEAP
    if room >= MIN_HEAP and heap.flag == "xmx":
        out.append(f"lower -Xmx in services.{service}.javaOpts to -Xmx{_mib(room)}m")
    elif room >= MIN_HEAP:
        out.append(f"set services.{service}.javaOpts to -XX:MaxRAMPercentage={math.floor(room / limit * 100)}.0 "
                   f"(or -Xmx{_mib(room)}m, in place of {heap.flag_text})")
    else:
        least = _round_up(NON_HEAP + MIN_HEAP, 64 * MIB)
        out.append(f"raise limits.memory to {_mib(least)}Mi and set services.{service}.javaOpts to "
                   f"-XX:MaxRAMPercentage={math.floor((least - NON_HEAP) / least * 100)}.0")
    if heap.flag == "xmx":
        out.append(f"raise limits.memory to {_mib(_round_up(heap.bytes + NON_HEAP, 64 * MIB))}Mi")
    elif heap.percent < 100 and room >= MIN_HEAP:
        # Raising the limit raises a percentage heap with it: the limit where the rest is NON_HEAP.
        least = max(NON_HEAP / (1 - heap.percent / 100), 2 * _DEFAULT_MAX_HEAP)
        out.append(f"raise limits.memory to {_mib(_round_up(least, 64 * MIB))}Mi or more")
    return out
