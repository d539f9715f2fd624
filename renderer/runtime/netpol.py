"""Kubernetes NetworkPolicy semantics, on parsed NetworkPolicy objects (networking.k8s.io/v1).

The rules of the API reference and https://kubernetes.io/docs/concepts/services-networking/network-policies/:
a pod no policy selects (in its namespace, for a direction) is not isolated in that direction; once
one selects it, only what some selecting policy's rule admits gets through (default deny). A rule
admits a peer when it names no peers or one of them matches (`podSelector` in the policy's own
namespace, `namespaceSelector` (with `podSelector`: both), `ipBlock` for addresses outside the
cluster's pods), and the port when it names no ports or one of them matches: by number (with
`endPort`), or by name, a named port being the destination pod's container port of that name. A
connection needs the source's egress and the destination's ingress. `policyTypes`, when absent, is
Ingress, plus Egress when the policy has `egress` rules.

The one home of these rules: the runtime model (`admitted`) and the chart's tests both use it.
"""
from __future__ import annotations


class Peer:
    """A pod as NetworkPolicies see it: namespace, labels, its namespace's labels and named ports
    ({name: (containerPort, protocol)})."""

    def __init__(self, name, namespace, labels, ports=(), namespace_labels=None):
        self.name, self.namespace, self.labels = name, namespace, dict(labels or {})
        self.ports = {p.get("name"): (p.get("containerPort"), p.get("protocol", "TCP"))
                      for p in ports if isinstance(p, dict)}
        self.namespace_labels = dict(namespace_labels or {}, **{"kubernetes.io/metadata.name": namespace})

    def __repr__(self):
        return f"Pod({self.namespace}/{self.name})"


class External:
    """An address outside the cluster's pods (matched by `ipBlock` only)."""

    def __init__(self, ip):
        import ipaddress

        self.ip = ipaddress.ip_address(ip)

    def __repr__(self):
        return f"External({self.ip})"


def selects(selector, labels) -> bool:
    """Whether a label selector (matchLabels, matchExpressions) selects `labels`; {} selects all."""
    selector = selector if isinstance(selector, dict) else {}
    for key, value in (selector.get("matchLabels") or {}).items():
        if labels.get(key) != value:
            return False
    for expression in selector.get("matchExpressions") or ():
        key, op, values = expression.get("key"), expression.get("operator"), expression.get("values") or []
        if op == "In" and labels.get(key) not in values:
            return False
        if op == "NotIn" and key in labels and labels[key] in values:
            return False
        if op == "Exists" and key not in labels:
            return False
        if op == "DoesNotExist" and key in labels:
            return False
    return True


def _peer_matches(peer, policy_namespace, other) -> bool:
    if "ipBlock" in peer:
        if not isinstance(other, External):
            return False
        import ipaddress

        block = peer["ipBlock"]
        return other.ip in ipaddress.ip_network(block["cidr"]) and not any(
            other.ip in ipaddress.ip_network(e) for e in block.get("except") or ())
    if isinstance(other, External):
        return False
    if "namespaceSelector" in peer:
        if not selects(peer["namespaceSelector"], other.namespace_labels):
            return False
    elif other.namespace != policy_namespace:
        return False
    return selects(peer["podSelector"], other.labels) if "podSelector" in peer else True


def _ports_match(ports, port, protocol, destination) -> bool:
    if not ports:
        return True
    for entry in ports:
        if entry.get("protocol", "TCP") != protocol:
            continue
        wanted = entry.get("port")
        if wanted is None:
            return True
        if isinstance(wanted, int) and wanted <= port <= entry.get("endPort", wanted):
            return True
        if isinstance(wanted, str) and isinstance(destination, Peer) \
                and destination.ports.get(wanted) == (port, protocol):
            return True
    return False


def policy_types(policy) -> list:
    spec = policy.get("spec") or {}
    # The API server's defaulting (SetDefaults_NetworkPolicy): Egress when `egress` holds a rule, not when it is
    # only present (`egress: []`).
    return spec.get("policyTypes") or (["Ingress"] + (["Egress"] if spec.get("egress") else []))


def selecting(policies, pod, direction, memo=None) -> list:
    """The policies that isolate `pod` in `direction` (Ingress, Egress); `memo`: a dict that keeps them
    per pod for further calls with the same policies."""
    if memo is not None:
        key = (pod.namespace, pod.name, direction)
        if key not in memo:
            memo[key] = selecting(policies, pod, direction)
        return memo[key]
    return [p for p in policies if (p.get("metadata") or {}).get("namespace", pod.namespace) == pod.namespace
            and selects((p.get("spec") or {}).get("podSelector"), pod.labels) and direction in policy_types(p)]


def admits(policies, pod, direction, peer, port, protocol, destination, memo=None) -> bool:
    """Whether `pod`'s `direction` lets `peer` through on `port` (`destination`: whose named ports count)."""
    isolating = selecting(policies, pod, direction, memo)
    if not isolating:
        return True
    rules_key, peers_key = ("ingress", "from") if direction == "Ingress" else ("egress", "to")
    for policy in isolating:
        namespace = (policy.get("metadata") or {}).get("namespace", pod.namespace)
        for rule in policy["spec"].get(rules_key) or ():
            peers = rule.get(peers_key)
            if (not peers or any(_peer_matches(p, namespace, peer) for p in peers)) \
                    and _ports_match(rule.get("ports"), port, protocol, destination):
                return True
    return False


def allowed(policies, source, destination, port, protocol="TCP", memo=None) -> bool:
    """The source's egress and the destination's ingress both admit the connection (`memo`: see selecting)."""
    egress = isinstance(source, External) or admits(policies, source, "Egress", destination, port, protocol,
                                                    destination, memo)
    return egress and (isinstance(destination, External) or admits(policies, destination, "Ingress", source, port,
                                                                   protocol, destination, memo))


def admits_from_outside(policies, pod, port, own: dict, protocol="TCP") -> bool:
    """Whether `pod`'s ingress lets something outside the release reach `port` (an ingress controller,
    a load balancer, a scraper): a rule naming no peers, or a peer that is not only the release's
    own pods (`own`: the labels every pod of the release has, which a podSelector of its own names)."""
    isolating = selecting(policies, pod, "Ingress")
    if not isolating:
        return True

    def outside(peer) -> bool:
        if "namespaceSelector" in peer or "ipBlock" in peer:
            return True
        labels = (peer.get("podSelector") or {}).get("matchLabels") or {}
        return not all(labels.get(k) == v for k, v in own.items())

    for policy in isolating:
        for rule in policy["spec"].get("ingress") or ():
            peers = rule.get("from")
            if (not peers or any(outside(p) for p in peers)) and _ports_match(rule.get("ports"), port, protocol, pod):
                return True
    return False


def admits_some_address(policies, pod, ports, protocol="TCP") -> bool:
    """Whether `pod`'s egress lets it reach some address outside the cluster's pods on one of `ports`
    (a rule naming no peers, or an `ipBlock`)."""
    isolating = selecting(policies, pod, "Egress")
    if not isolating:
        return True
    for policy in isolating:
        for rule in policy["spec"].get("egress") or ():
            peers = rule.get("to")
            if (not peers or any("ipBlock" in p for p in peers)) \
                    and any(_ports_match(rule.get("ports"), port, protocol, None) for port in ports):
                return True
    return False
