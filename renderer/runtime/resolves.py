"""Each call reaches a Service that serves it.

- A URL naming a Service of the release must name one of its ports: a ClusterIP Service forwards
  only the ports it lists (Kubernetes' Service API: `spec.ports`; kube-proxy programs nothing else),
  so a call to another port never connects. An error: every such call fails.
- That port's `targetPort`, when it is a name, must be a container port of the pods the Service
  selects: otherwise the Service has no endpoints for it (the EndpointSlice controller finds no
  port of that name), and every call fails. An error.
- A URL naming a Service Halyard ran (`spin-orca`, `spin-clouddriver-rw`, `spin-echo-worker.spinnaker`)
  that the release does not render works only while Halyard's objects still run, and stops when the
  cut-over removes them: a warning, with the file and property. Halyard's Redis (`spin-redis`) is
  not one of them: `redis.externalUrl: redis://spin-redis.<namespace>:6379` is how the cut-over keeps
  the executions it holds (docs/migrate.md, "Moving from Halyard").
"""
from __future__ import annotations

from .findings import error, warning


def check(release, pods) -> list:
    from .connections import connections
    from .netpol import selects

    found, seen, serving = [], set(), {}
    for conn in connections(release, pods):
        key = (conn.pod.workload, conn.where, conn.url)
        if key in seen:
            continue
        seen.add(key)
        if conn.target is None:
            found.append(warning(conn.values, f"{conn.pod.workload} calls {conn.url} ({conn.where}): {conn.name} is "
                                              "the name of a Service Halyard ran, which this release does not render, "
                                              "so the call works only while Halyard's objects still run.",
                                 f"Point it at the release's Service ({_release_name(conn, pods)}), or remove the "
                                 "setting to use the release's own URL."))
            continue
        target = conn.target
        if conn.port is None:
            continue  # a scheme whose default port is not known here (thrift://, ws://): which port it calls is not
        if conn.port not in target.ports:
            listed = ", ".join(str(p) for p in target.ports) or "none"
            found.append(error(conn.values, f"{conn.pod.workload} calls {conn.url} ({conn.where}), but Service "
                                            f"{target.name} has no port {conn.port} (its ports: {listed}): every call "
                                            "fails to connect.",
                               f"Use one of {target.name}'s ports in the URL."))
            continue
        wanted = target.ports[conn.port]
        if not isinstance(wanted, str):
            continue
        if target.name not in serving:
            serving[target.name] = [p for p in pods if p.namespace == conn.pod.namespace and target.selector
                                    and selects({"matchLabels": target.selector}, p.labels)]
        served = serving[target.name]
        if served and not any(port.get("name") == wanted for p in served for port in p.ports):
            found.append(error(conn.values, f"{conn.pod.workload} calls {conn.url} ({conn.where}): Service "
                                            f"{target.name} sends port {conn.port} to the container port named "
                                            f"{wanted!r}, which its pods ({', '.join(p.workload for p in served)}) "
                                            "do not have, so the Service has no endpoints there and every call fails.",
                               "Keep the container port's name (a patch may have renamed it)."))
    return found


def _release_name(conn, pods) -> str:
    """The release's Service for the one Halyard named, when the release runs that workload."""
    from ..service_facts import SPLITS

    workload = conn.name[len("spin-"):]
    # Without HA, the service's one workload serves what Halyard's split did.
    for wanted in (workload, SPLITS.get(workload, (None,))[0]):
        for pod in pods:
            if pod.workload == wanted:
                return f"{pod.entry['host']}:{pod.entry.get('port')}"
    return f"the release runs no {workload}"
