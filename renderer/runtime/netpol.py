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

Of a namespace the render knows only its name: the API server sets `kubernetes.io/metadata.name` on
every namespace (the NamespaceDefaultLabelName feature, GA in Kubernetes 1.22), the rest of its labels
only the cluster knows. A `namespaceSelector` reading another label decides nothing here: the verdict
is `Undecided` (it refuses nothing, and names the labels), never "not admitted".

The one home of these rules: the runtime model (`admitted`) and the chart's tests both use it.
"""
from __future__ import annotations

NAME_LABEL = "kubernetes.io/metadata.name"


class Undecided:
    """A verdict that needs labels of a namespace the render cannot see (`labels`: their keys). It is
    true: what cannot be known is not refused."""

    def __init__(self, labels):
        self.labels = frozenset(labels)

    def __bool__(self):
        return True

    def __or__(self, other):
        return Undecided(self.labels | other.labels) if isinstance(other, Undecided) else self

    __ror__ = __or__

    def __repr__(self):
        return f"Undecided({sorted(self.labels)})"


class Peer:
    """A pod as NetworkPolicies see it: namespace, labels, named ports ({name: (containerPort,
    protocol)}), and its namespace's labels when they are known (None: only its name is)."""

    def __init__(self, name, namespace, labels, ports=(), namespace_labels=None):
        self.name, self.namespace, self.labels = name, namespace, dict(labels or {})
        self.ports = {p.get("name"): (p.get("containerPort"), p.get("protocol", "TCP"))
                      for p in ports if isinstance(p, dict)}
        self.namespace_labels = None if namespace_labels is None else dict(namespace_labels, **{NAME_LABEL: namespace})

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


def _namespace_selected(selector, other):
    """True, False, or Undecided when `selector` reads labels of `other`'s namespace beyond its name."""
    if other.namespace_labels is not None:
        return selects(selector, other.namespace_labels)
    selector = selector if isinstance(selector, dict) else {}
    by_name = {k: v for k, v in (selector.get("matchLabels") or {}).items() if k == NAME_LABEL}
    expressions = [e for e in selector.get("matchExpressions") or () if e.get("key") == NAME_LABEL]
    if not selects({"matchLabels": by_name, "matchExpressions": expressions}, {NAME_LABEL: other.namespace}):
        return False
    unseen = [k for k in selector.get("matchLabels") or {} if k != NAME_LABEL] + \
        [e.get("key") for e in selector.get("matchExpressions") or () if e.get("key") != NAME_LABEL]
    return Undecided(unseen) if unseen else True


def _peer_matches(peer, policy_namespace, other):
    """True, False, or Undecided (see _namespace_selected)."""
    if "ipBlock" in peer:
        if not isinstance(other, External):
            return False
        import ipaddress

        block = peer["ipBlock"]
        return other.ip in ipaddress.ip_network(block["cidr"]) and not any(
            other.ip in ipaddress.ip_network(e) for e in block.get("except") or ())
    if isinstance(other, External):
        return False
    namespaces = True
    if "namespaceSelector" in peer:
        namespaces = _namespace_selected(peer["namespaceSelector"], other)
        if not namespaces:
            return False
    elif other.namespace != policy_namespace:
        return False
    if "podSelector" in peer and not selects(peer["podSelector"], other.labels):
        return False
    return namespaces


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


def admits(policies, pod, direction, peer, port, protocol, destination, memo=None):
    """Whether `pod`'s `direction` lets `peer` through on `port` (`destination`: whose named ports count):
    True, False, or Undecided when only rules that read namespace labels the render cannot see could."""
    isolating = selecting(policies, pod, direction, memo)
    if not isolating:
        return True
    rules_key, peers_key = ("ingress", "from") if direction == "Ingress" else ("egress", "to")
    undecided = None
    for policy in isolating:
        namespace = (policy.get("metadata") or {}).get("namespace", pod.namespace)
        for rule in policy["spec"].get(rules_key) or ():
            if not _ports_match(rule.get("ports"), port, protocol, destination):
                continue
            peers = rule.get(peers_key)
            if not peers:
                return True
            for p in peers:
                matched = _peer_matches(p, namespace, peer)
                if matched is True:
                    return True
                if matched:
                    undecided = matched | undecided
    return undecided or False


def allowed(policies, source, destination, port, protocol="TCP", memo=None):
    """The source's egress and the destination's ingress both admit the connection (`memo`: see selecting):
    True, False, or Undecided (see admits)."""
    egress = isinstance(source, External) or admits(policies, source, "Egress", destination, port, protocol,
                                                    destination, memo)
    if not egress:
        return False
    ingress = isinstance(destination, External) or admits(policies, destination, "Ingress", source, port,
                                                          protocol, destination, memo)
    if not ingress:
        return False
    return True if egress is True and ingress is True else egress | ingress


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
