"""The release's NetworkPolicies admit each connection, under Kubernetes' semantics (runtime.netpol).

- A call between the release's pods (runtime.connections) needs the caller's egress and the
  destination's ingress to admit it on the port the pod serves (the Service's `targetPort`, a name
  read from the pod's container ports). A dropped connection times out, so every call fails: an
  error. A policy that admits it only from or to namespaces chosen by labels other than their name
  (which the render cannot see: runtime.netpol) is not judged: a warning naming those labels.
- An Ingress of the release reaches its backend only when the backend's pods admit something from
  outside the release (the ingress controller runs elsewhere) on that port; otherwise it can never
  serve: an error.
- gate's X.509 client-certificate API (`default.apiPort` in gate's config) is reached by clients
  outside the release: it needs a port on a Service that selects gate and admission from outside.
  Without them that API is unreachable while the rest of Spinnaker runs: a warning. A
  TLS-terminating Ingress drops the client certificate, so that port is exposed with TLS
  passthrough or a LoadBalancer Service.
- A PodMonitor's or ServiceMonitor's port must be a named port of the pods (or Services) it
  selects, admitted from outside (Prometheus runs elsewhere): else nothing is scraped, a warning.
- clouddriver's calls to the Kubernetes API of its accounts leave the pod network (the API server
  is no pod of the cluster's network on most clusters); whether a NetworkPolicy applies to them
  depends on the CNI (before or after the Service's address is translated), so when clouddriver's
  egress admits no address on 443 or 6443 it is a warning, naming `networkPolicy.egress`.
"""
from __future__ import annotations

from .findings import error, warning


def _peer(obj, default_namespace):
    from .netpol import Peer

    meta = obj.get("metadata") or {}
    template = (obj.get("spec") or {}).get("template") or {}
    labels = (template.get("metadata") or {}).get("labels") or {}
    ports = [p for c in (template.get("spec") or {}).get("containers") or () if isinstance(c, dict)
             for p in c.get("ports") or () if isinstance(p, dict)]
    return Peer(str(meta.get("name") or ""), str(meta.get("namespace") or default_namespace), labels, ports)


def _port_number(target_port, peer):
    if isinstance(target_port, int) and not isinstance(target_port, bool):
        return target_port
    found = peer.ports.get(target_port)
    return found[0] if found and isinstance(found[0], int) else None


class Workloads:
    """The release's workloads as NetworkPolicy peers: the services' pods (already read), and the
    other Deployments and StatefulSets (Redis, MySQL) read only when a Service selects none of those,
    and only those the block-YAML reader reads (the bundled Redis' StatefulSet, which holds a script,
    is not: calls to it are not judged here, as loading PyYAML would cost every helm command more
    than the rest of the post-render)."""

    def __init__(self, release, pods):
        from .netpol import Peer

        self.release = release
        self.namespace = release.namespace
        self.own = [Peer(p.entry["host"], p.namespace or self.namespace, p.labels, p.ports) for p in pods]
        self._others = None
        self._selected: dict = {}

    def others(self) -> list:
        if self._others is None:
            known = {peer.name for peer in self.own}
            self._others = [_peer(o, self.namespace) for kind in ("Deployment", "StatefulSet")
                            for o in self.release.objects(kind, cheap=True)
                            if (o.get("metadata") or {}).get("name") not in known]
        return self._others

    def all(self) -> list:
        return self.own + self.others()

    def selected(self, target) -> list:
        """The peers a Service selects, in its namespace (the release's)."""
        if target.name not in self._selected:
            from .netpol import selects

            def matching(peers):
                return [w for w in peers if w.namespace == self.namespace and target.selector
                        and selects({"matchLabels": target.selector}, w.labels)]

            self._selected[target.name] = matching(self.own) or matching(self.others())
        return self._selected[target.name]


def check(release, pods) -> list:
    policies = release.objects("NetworkPolicy")
    if not policies:
        return []
    from .connections import connections, targets
    from .netpol import allowed

    workloads = Workloads(release, pods)
    callers = {peer.name: peer for peer in workloads.own}
    services = targets(release)
    found, judged, memo, undecided = [], {}, {}, {}
    for conn in connections(release, pods):
        target = conn.target
        if target is None or conn.port not in target.ports or not target.selector:
            continue
        if conn.from_browser:
            continue  # no egress of the pod's: the browser's own network decides

        source = callers.get(conn.pod.entry["host"])
        for dest in workloads.selected(target):
            number = _port_number(target.ports[conn.port], dest)
            key = (source.name, dest.name, number)
            if number is None or key in judged:
                continue
            judged[key] = allowed(policies, source, dest, number, memo=memo)
            if judged[key] is not True and judged[key]:
                undecided.setdefault(judged[key].labels, []).append(f"{conn.pod.workload} to {dest.name}:{number}")
            if judged[key]:
                continue
            found.append(error("networkPolicy", f"{conn.pod.workload} calls {conn.url} ({conn.where}), but the "
                                                f"release's NetworkPolicies do not admit {conn.pod.workload}'s pods to "
                                                f"{dest.name}'s on port {number} (the caller's egress and the "
                                                "destination's ingress must both admit it): every call times out.",
                               "Admit the call in the policy that isolates them (a `patches` entry or "
                               "networkPolicy.egress), or set networkPolicy.enabled: false."))
    found += [_unchecked(labels, calls) for labels, calls in sorted(undecided.items(), key=lambda i: sorted(i[0]))]
    found += _ingresses(release, policies, services, workloads)
    found += _gate_api(release, pods, policies, services, workloads)
    found += _monitors(release, policies, services, workloads)
    found += _kubernetes_api(release, pods, policies, callers)
    return found


def _unchecked(labels, calls):
    named = ", ".join(sorted(labels))
    shown = ", ".join(calls[:3]) + (f" and {len(calls) - 3} more calls" if len(calls) > 3 else "")
    return warning("networkPolicy", f"the release's NetworkPolicies admit {shown} only by a "
                                    f"namespaceSelector on the label{'s' if len(labels) != 1 else ''} {named}, "
                                    "which the render cannot see (it knows a namespace's name only): these calls "
                                    "are not checked, and time out if the namespace lacks the label.",
                   f"Make sure the namespace carries {named}, or select it by kubernetes.io/metadata.name (the API "
                   "server sets it on every namespace) to have the calls checked.")


def _own(release) -> dict:
    """The labels that select the release's pods (Helm's instance and name labels)."""
    labels = (release.bundle.get("release") or {}).get("labels") or {}
    return {k: labels[k] for k in ("app.kubernetes.io/instance", "app.kubernetes.io/name") if k in labels}


def _ingresses(release, policies, services, workloads) -> list:
    from .netpol import admits_from_outside

    found = []
    for ingress in release.objects("Ingress"):
        name = (ingress.get("metadata") or {}).get("name")
        spec = ingress.get("spec") or {}
        backends = [p.get("backend") for rule in spec.get("rules") or () if isinstance(rule, dict)
                    for p in (rule.get("http") or {}).get("paths") or () if isinstance(p, dict)]
        backends.append(spec.get("defaultBackend"))
        for backend in backends:
            service = (backend or {}).get("service") if isinstance(backend, dict) else None
            target = services.get((service or {}).get("name")) if isinstance(service, dict) else None
            if target is None:
                continue
            port = service.get("port") or {}
            wanted = port.get("number") if "number" in port else port.get("name")
            by_name = {p_name: p for p_name, p in _named_ports(release, target.name).items()}
            number = wanted if isinstance(wanted, int) else (by_name.get(wanted) or {}).get("port")
            if number not in target.ports:
                found.append(error("ingress", f"Ingress {name} sends traffic to Service {target.name} port {wanted}, "
                                              f"which it does not have (its ports: "
                                              f"{', '.join(str(p) for p in target.ports)}): it can never serve.",
                                   f"Use one of {target.name}'s ports."))
                continue
            for dest in workloads.selected(target):
                pod_port = _port_number(target.ports[number], dest)
                if pod_port is not None and not admits_from_outside(policies, dest, pod_port, _own(release)):
                    found.append(error("networkPolicy.ingressFrom", f"Ingress {name} sends traffic to {dest.name} on "
                                                                    f"port {pod_port}, but the release's NetworkPolicies "
                                                                    "admit nothing from outside the release there, so the "
                                                                    "ingress controller's requests time out.",
                                       "Admit the ingress controller's namespace in networkPolicy.ingressFrom."))
    return found


def _named_ports(release, service_name) -> dict:
    for obj in release.objects("Service"):
        if (obj.get("metadata") or {}).get("name") == service_name:
            return {p.get("name"): p for p in (obj.get("spec") or {}).get("ports") or () if isinstance(p, dict)}
    return {}


def _gate_api(release, pods, policies, services, workloads) -> list:
    from .netpol import admits_from_outside
    from .spring import pod_config

    found = []
    for pod in pods:
        if pod.service != "gate" or pod.container is None:
            continue
        file, port = pod_config(release, pod).effective("default.apiPort")
        try:
            port = int(port)
        except (TypeError, ValueError):
            continue
        from .spring import values_path

        where = values_path("gate", file) or "halconfig"
        exposed = [t for t in services.values() if any(_port_number(tp, w) == port for tp in t.ports.values()
                                                       for w in workloads.selected(t) if w.name == pod.entry["host"])]
        if not exposed:
            found.append(warning(where, f"gate serves its X.509 client-certificate API on port {port} (default.apiPort "
                                        f"in {file}), but no Service of the release has that port: clients cannot "
                                        "reach it.", "Expose the port with a Service (a LoadBalancer, or an Ingress "
                                                     "with TLS passthrough: a TLS-terminating Ingress drops the "
                                                     "client certificate)."))
            continue
        dest = next((w for w in workloads.own if w.name == pod.entry["host"]), None)
        if dest is not None and not admits_from_outside(policies, dest, port, _own(release)):
            found.append(warning("networkPolicy", f"gate serves its X.509 client-certificate API on port {port} "
                                                  f"(default.apiPort in {file}), but the release's NetworkPolicies "
                                                  "admit nothing from outside the release there: clients time out.",
                                 "Admit the port from the clients' networks (networkPolicy.ingressFrom)."))
    return found


def _monitors(release, policies, services, workloads) -> list:
    from .netpol import admits_from_outside, selects

    found = []
    for monitor in release.objects("PodMonitor"):
        spec = monitor.get("spec") or {}
        selector = spec.get("selector") or {}
        for endpoint in spec.get("podMetricsEndpoints") or ():
            name = (endpoint or {}).get("port")
            for dest in workloads.all():
                if dest.namespace != release.namespace or not selects(selector, dest.labels):
                    continue
                found += _scraped(monitor, dest, name, policies, _own(release))
    for monitor in release.objects("ServiceMonitor"):
        spec = monitor.get("spec") or {}
        for endpoint in spec.get("endpoints") or ():
            name = (endpoint or {}).get("port")
            for obj in release.objects("Service"):
                if not selects(spec.get("selector") or {}, (obj.get("metadata") or {}).get("labels") or {}):
                    continue
                port = _named_ports(release, (obj.get("metadata") or {}).get("name")).get(name)
                target = services.get((obj.get("metadata") or {}).get("name"))
                if port is None or target is None:
                    continue
                for dest in workloads.selected(target):
                    number = _port_number(port.get("targetPort", port.get("port")), dest)
                    if number is not None and not admits_from_outside(policies, dest, number, _own(release)):
                        found.append(_unscraped(monitor, dest, number))
    return found


def _scraped(monitor, dest, name, policies, own) -> list:
    from .netpol import admits_from_outside

    kind, title = monitor.get("kind"), (monitor.get("metadata") or {}).get("name")
    if name not in dest.ports:
        return [warning("metrics", f"{kind} {title} scrapes the port named {name!r} of {dest.name}, which has no "
                                   "container port of that name: nothing is scraped.",
                        "Name the port the metrics are served on.")]
    number = dest.ports[name][0]
    return [] if admits_from_outside(policies, dest, number, own) else [_unscraped(monitor, dest, number)]


def _unscraped(monitor, dest, number):
    return warning("networkPolicy.metricsFrom",
                   f"{monitor.get('kind')} {(monitor.get('metadata') or {}).get('name')} scrapes {dest.name} on port "
                   f"{number}, but the release's NetworkPolicies admit nothing from outside the release there: "
                   "Prometheus' requests time out and nothing is scraped.",
                   "Name Prometheus' namespace in networkPolicy.metricsFrom.")


def _kubernetes_api(release, pods, policies, callers) -> list:
    from .netpol import admits_some_address

    halconfig = release.bundle.get("halconfig") if isinstance(release.bundle.get("halconfig"), dict) else {}
    kubernetes = ((halconfig.get("providers") or {}).get("kubernetes") or {}) if isinstance(halconfig, dict) else {}
    if not isinstance(kubernetes, dict) or not kubernetes.get("enabled") or not kubernetes.get("accounts"):
        return []
    found = []
    for pod in pods:
        if pod.service != "clouddriver" or pod.container is None:
            continue
        if not admits_some_address(policies, callers[pod.entry["host"]], (443, 6443)):
            found.append(warning("networkPolicy.egress", f"{pod.workload} calls the Kubernetes API of its kubernetes "
                                                         "accounts, but the release's NetworkPolicies admit its egress "
                                                         "to no address on port 443 or 6443: on most CNIs every call "
                                                         "to the API server times out (whether a policy applies to "
                                                         "it depends on the CNI).",
                                 "Add the API servers' addresses (ipBlock) with port 443 and 6443 to "
                                 "networkPolicy.egress."))
    return found
