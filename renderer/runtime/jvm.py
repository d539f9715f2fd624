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

An `-Xms` (or `-XX:InitialHeapSize`) takes part: HotSpot exits at start-up ("Initial heap size set to a
larger value than the maximum heap size", GCArguments::initialize_heap_flags_and_sizes in
src/hotspot/share/gc/shared/gcArguments.cpp) when an initial size on the command line is above an
`-Xmx`; `-Xms` always counts as the command line (Arguments::parse_each_vm_init_arg sets it with
FLAG_SET_CMDLINE from any source), `-XX:InitialHeapSize` only from the launcher's arguments (not
JAVA_TOOL_OPTIONS or _JAVA_OPTIONS, whose `-XX:` flags keep their origin). Any other initial size
above the maximum raises the maximum to it: with no `-Xmx`, Arguments::set_heap_size takes
MAX2(the percentage's share, InitialHeapSize), and the same function's later branch does it for an
`-XX:InitialHeapSize` from the environment. So `-Xms3g` in a 1Gi container is a 3 GiB heap.

What the JVM needs outside the heap is estimated per service (`non_heap`) from the facts in
renderer/service_facts.py (`JVM_MEMORY`, each service's `threadPools`, with their sources): Metaspace,
the committed code cache, the collector's and runtime's own structures, and the touched part of each
thread's stack. A heap that leaves less is likely killed as it fills; one that leaves more may still
need more on a busy clouddriver.
"""
from __future__ import annotations


from .findings import error, warning

MIB = 1 << 20
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
    """{name: (value, env var)} of the `-D` system properties the pod's JVM gets, a later flag winning
    ({} when a variable is unreadable, from a Secret or ConfigMap). Gradle's start scripts split JAVA_OPTS
    and `<SERVICE>_OPTS` as a shell would (`xargs`): the quotes around a value
    (`-Dhttp.nonProxyHosts='a|b'`) are not part of it."""
    read = _flags(pod)
    found: dict = {}
    for flag, var in zip(read[0], read[2]) if read else ():
        if flag.startswith("-D"):
            name, _, text = flag[2:].partition("=")
            if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
                text = text[1:-1]
            found[name] = (text, var)
    return found


# The variables HotSpot reads itself: their `-XX:` flags are not the command line's (FLAG_IS_CMDLINE).
_ENVIRON = ("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")


def non_heap(service: str) -> float:
    """What `service`'s JVM is estimated to need outside its heap, in bytes (service_facts.JVM_MEMORY)."""
    return sum(part[1] for part in non_heap_parts(service))


def non_heap_parts(service: str) -> list:
    """[(what, bytes)] of `non_heap`, for the messages and the docs."""
    from ..service_facts import JVM_MEMORY, SERVICES

    facts = {key: entry["estimate"] for key, entry in JVM_MEMORY.items()}
    threads = facts["jvmThreads"] + sum(count for _, count, _ in SERVICES[service].thread_pools)
    return [("Metaspace", facts["metaspaceMiB"] * MIB), ("code cache", facts["codeCacheMiB"] * MIB),
            ("GC and runtime", facts["gcAndRuntimeMiB"] * MIB),
            (f"{threads} threads' stacks", threads * facts["stackTouchedKiB"] * 1024)]


def __getattr__(name: str):
    # NON_HEAP: the most any service is estimated to need outside its heap, for a sizing that has no service
    # at hand (migrate's, until it calls `max_heap_for`): a heap it fits never trips this check.
    if name == "NON_HEAP":
        from ..service_facts import JAVA_SERVICES

        return max(non_heap(service) for service in JAVA_SERVICES)
    raise AttributeError(name)


def max_heap_for(service: str, limit_mib: float) -> int:
    """The largest heap (MiB, whole) for `service` in a container of `limit_mib`: the limit less what the JVM is
    estimated to need outside the heap (`non_heap`), at most the chart's share (service_facts.DEFAULT_HEAP_PERCENT).
    Below MIN_HEAP the limit is too small for the service: the caller raises it."""
    from ..service_facts import DEFAULT_HEAP_PERCENT

    return int(min(limit_mib * DEFAULT_HEAP_PERCENT / 100, limit_mib - non_heap(service) / MIB))


class Heap:
    """The maximum heap for `flags` in a container of `limit` bytes: `bytes`, and `how` it was sized. `environ`:
    the positions in `flags` of those HotSpot read from JAVA_TOOL_OPTIONS or _JAVA_OPTIONS. `refused`: the
    JVM's own words when it exits at start-up for these sizes ("" when it starts)."""

    def __init__(self, flags: list, limit: float, environ=()):
        xmx = percent = fraction = min_percent = min_fraction = initial = None
        initial_cmdline, initial_flag = False, ""
        for at, flag in enumerate(flags):
            if flag.startswith("-Xmx"):
                xmx = size(flag[4:]) or xmx
            elif flag.startswith("-XX:MaxHeapSize="):
                xmx = size(flag.split("=", 1)[1]) or xmx
            elif flag.startswith("-Xms") and size(flag[4:]) is not None:
                initial, initial_cmdline, initial_flag = size(flag[4:]), True, flag
            elif flag.startswith("-XX:InitialHeapSize=") and size(flag.split("=", 1)[1]) is not None:
                initial, initial_cmdline, initial_flag = size(flag.split("=", 1)[1]), at not in environ, flag
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
        self.percent = 100.0
        self.refused = ""
        self.initial_flag = initial_flag  # the flag that set the initial size, when one did
        if xmx:
            self.bytes, self.how = xmx, f"-Xmx{_mib(xmx)}m, with a memory limit of {_mib(limit)} MiB"
            self.flag = "xmx"
            self.flag_text = f"-Xmx{_mib(xmx)}m"
            if initial and initial > xmx and initial_cmdline:
                self.refused = "Initial heap size set to a larger value than the maximum heap size"
            elif initial and initial > xmx:
                self._raised(initial, limit)
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
        if initial and initial > self.bytes:
            self._raised(initial, limit)

    def _raised(self, initial: float, limit: float):
        """HotSpot raises the maximum heap to an initial size above it."""
        self.bytes, self.flag, self.percent = initial, "xms", 100.0
        self.flag_text = self.initial_flag
        self.how = (f"{self.initial_flag}: HotSpot raises the maximum heap to the initial size, with a memory "
                    f"limit of {_mib(limit)} MiB")


def _number(flag: str):
    try:
        return float(flag.split("=", 1)[1])
    except ValueError:
        return None


def _mib(value) -> int:
    return int(value // MIB)


def _pct(value: float) -> str:
    return f"{value:g}"


def _share(service: str, limit: float) -> int:
    """The whole percentage of `limit` that `max_heap_for` gives the heap."""
    from ..service_facts import DEFAULT_HEAP_PERCENT

    share = (limit - non_heap(service)) / limit * 100
    return min(DEFAULT_HEAP_PERCENT, int(share) - (share < int(share)))  # math.floor, without loading math


def _round_up(value: float, step: float) -> float:
    steps = value / step
    return (int(steps) + (steps > int(steps))) * step  # math.ceil(steps) * step, without loading math


def _flags(pod):
    """(flags, environ positions, the variables they came from) of the pod's JVM, or None when one is
    unreadable (from a Secret or ConfigMap)."""
    flags, environ, sources = [], set(), []
    for var in option_sources(pod.service):
        if var not in pod.env:
            continue
        if pod.env[var] is None:
            return None
        words = pod.env[var].split()
        if var in _ENVIRON:
            environ.update(range(len(flags), len(flags) + len(words)))
        sources += [var] * len(words)
        flags += words
    return flags, environ, sources


def check(release, pods) -> list:
    from ..service_facts import SERVICES

    found = []
    for pod in pods:
        facts = SERVICES.get(pod.service)
        if pod.container is None or facts is None or not facts.java:
            continue
        read = _flags(pod)
        if read is None:
            continue
        flags, environ, sources = read
        limit = quantity(pod.memory_limit)
        heap = Heap(flags, limit or 0, environ)
        if heap.refused:  # with container support or without: an -Xms above the -Xmx never starts
            found.append(_refused(pod, flags, sources, heap))
            continue
        if "-XX:-UseContainerSupport" in flags:
            continue  # the heap is a share of the node's memory, not of the limit
        if not limit:
            continue  # no limit: nothing kills the container for its size (the chart wants -Xmx then)
        if heap.bytes + non_heap(pod.service) <= limit:
            continue
        found.append(_warning(pod, heap, limit))
    return found


def _options_path(pod, var: str) -> str:
    """The values path that sets `var` for the pod's JVM."""
    from ..service_facts import SPLITS

    own = "javaOpts" if var == "JAVA_OPTS" else "env"
    if pod.workload in SPLITS:
        service, key = SPLITS[pod.workload]
        return f"ha.{service}.splits.{key}.{own}"
    return f"services.{pod.service}.{own}"


def _refused(pod, flags: list, sources: list, heap: Heap):
    xmx = next(f for f in reversed(flags) if f.startswith(("-Xmx", "-XX:MaxHeapSize=")))
    initial = heap.initial_flag
    var = sources[len(flags) - 1 - flags[::-1].index(initial)]
    split = f" (or services.{pod.service}.{_options_path(pod, var).rsplit('.', 1)[1]}, when the split has none of " \
            "its own)" if pod.workload != pod.service else ""
    most = xmx[4:] if xmx.startswith("-Xmx") else xmx.split("=", 1)[1]
    return error(_options_path(pod, var),
                 f"{pod.workload}'s JVM is given {initial} ({var}), above its maximum heap {xmx}: the JVM exits "
                 f"at start-up (\"{heap.refused}\", HotSpot's gcArguments.cpp), so the pod never runs.",
                 f"To fix it, lower {initial} to at most {most} or drop it{split}.")


def _warning(pod, heap: Heap, limit: float):
    service = pod.service
    from ..service_facts import SPLITS

    # A split's own resources (ha.<service>.resources.<split>) win over the service's.
    resources = (f"ha.{service}.resources.{SPLITS[pod.workload][1]}" if pod.workload in SPLITS
                 else f"services.{service}.resources")
    outside = non_heap(service)
    parts = ", ".join(f"{what} {_mib(amount)}" for what, amount in non_heap_parts(service))
    need = heap.bytes + outside
    return warning(resources,
                   f"{pod.workload}'s JVM heap can grow to {_mib(heap.bytes)} MiB ({heap.how}), and {service} is "
                   f"estimated to need {_mib(outside)} MiB more outside the heap ({parts} MiB): {_mib(need)} MiB, "
                   "over the limit, so the kernel kills the container (OOMKilled) as the heap fills.",
                   "To fix it, " + " or ".join(fixes(service, heap, limit)) + ".")


def fixes(service: str, heap: Heap, limit: float) -> list:
    """What makes the heap fit: a heap flag for this limit (or a larger limit when this one leaves too
    little heap), or a larger limit for these flags."""
    outside = non_heap(service)
    out = []
    room = max_heap_for(service, limit / MIB) * MIB
    if room >= MIN_HEAP and heap.flag == "xmx":
        out.append(f"lower -Xmx in services.{service}.javaOpts to -Xmx{_mib(room)}m")
    elif room >= MIN_HEAP and heap.flag == "xms":
        out.append(f"drop {heap.initial_flag} from services.{service}.javaOpts (or lower it to -Xms{_mib(room)}m or "
                   f"less: an initial size above the maximum raises the maximum)")
    elif room >= MIN_HEAP:
        out.append(f"set services.{service}.javaOpts to -XX:MaxRAMPercentage={_share(service, limit)}.0 "
                   f"(or -Xmx{_mib(room)}m, in place of {heap.flag_text})")
    else:
        least = _round_up(outside + MIN_HEAP, 64 * MIB)
        out.append(f"raise limits.memory to {_mib(least)}Mi and set services.{service}.javaOpts to "
                   f"-XX:MaxRAMPercentage={_share(service, least)}.0")
    if heap.flag in ("xmx", "xms"):
        out.append(f"raise limits.memory to {_mib(_round_up(heap.bytes + outside, 64 * MIB))}Mi")
    elif heap.percent < 100 and room >= MIN_HEAP:
        # Raising the limit raises a percentage heap with it: the limit where the rest is what the JVM needs.
        least = max(outside / (1 - heap.percent / 100), 2 * _DEFAULT_MAX_HEAP)
        out.append(f"raise limits.memory to {_mib(_round_up(least, 64 * MIB))}Mi or more")
    return out
