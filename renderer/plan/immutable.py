"""What `helm upgrade` cannot change in place: the fields of the release's workloads Kubernetes
refuses to update.

Sources (kubernetes/kubernetes, pkg/apis/apps/validation/validation.go):
- `ValidateStatefulSetUpdate`: a StatefulSet's spec may change only in `replicas`, `ordinals`,
  `template`, `updateStrategy`, `persistentVolumeClaimRetentionPolicy` and `minReadySeconds`
  (Kubernetes 1.27, the chart's `kubeVersion` floor; later releases add `revisionHistoryLimit`,
  which the chart does not set); any other difference is "Forbidden: updates to statefulset spec
  for fields other than ...": `serviceName`, `selector`, `volumeClaimTemplates` (size, class, labels).
- `ValidateDeploymentUpdate`: an apps/v1 Deployment's `spec.selector` "field is immutable".

Helm sends such a change anyway and the upgrade fails part-way. The fields of one side come from a
rendered release's own objects (`of_manifests`) or, for values, from the templates mirrored here
(`of_values`: templates/redis.yaml, mysql.yaml, deployments.yaml); tests/test_plan.py renders the
chart with Helm's engine and checks that the mirror gives the same fields, so they cannot drift.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from ..read import chartbundle

STATEFULSET_MUTABLE = frozenset({"replicas", "ordinals", "template", "updateStrategy",
                                 "persistentVolumeClaimRetentionPolicy", "minReadySeconds"})
WORKLOADS = ("Deployment", "StatefulSet")
# The values that set a bundled store's volume claim, by the StatefulSet's component label.
_STORE_VALUES = {"redis": "redis", "mysql": "storage"}


def fixed_spec(kind: str, spec) -> dict:
    """The part of a workload's spec an update must leave as it is."""
    spec = spec if isinstance(spec, dict) else {}
    if kind == "StatefulSet":
        return {k: v for k, v in spec.items() if k not in STATEFULSET_MUTABLE}
    return {"selector": spec.get("selector")}


def of_manifests(docs) -> dict:
    """{(kind, name): fixed spec} of the Deployments and StatefulSets in a rendered release."""
    out = {}
    for doc in docs:
        if doc.get("kind") in WORKLOADS:
            name = str((doc.get("metadata") or {}).get("name") or "")
            out[(doc["kind"], name)] = fixed_spec(doc["kind"], doc.get("spec"))
    return out


def _selector(values: dict, release: str, component: str) -> dict:
    """`spinnaker.componentSelector`."""
    return {"app.kubernetes.io/name": chartbundle.app_name(values), "app.kubernetes.io/instance": release,
            "app.kubernetes.io/component": component}


def _claims(values: dict, release: str, component: str) -> list:
    """The volume claim template of a bundled store (redis.yaml, mysql.yaml)."""
    conf = chartbundle._mapping(values.get(_STORE_VALUES[component]))
    spec = {"accessModes": ["ReadWriteOnce"]}
    if conf.get("storageClassName"):
        spec["storageClassName"] = conf["storageClassName"]
    spec["resources"] = {"requests": {"storage": conf.get("storageSize")}}
    return [{"metadata": {"name": "data", "labels": _selector(values, release, component)}, "spec": spec}]


def of_values(values: dict, bundle: dict, release: str) -> dict:
    """{(kind, name): fixed spec} the chart renders for `values` (merged over its values.yaml)."""
    out = {}
    for workload, entry in bundle["services"].items():
        out[("Deployment", entry["host"])] = {"selector": {"matchLabels": _selector(values, release, workload)}}
    stores = {"redis": chartbundle.redis_bundled(values), "mysql": bool(bundle["storage"].get("bundled"))}
    for component, bundled in stores.items():
        if not bundled:
            continue
        name = chartbundle.component(values, component, release)
        selector = {"matchLabels": _selector(values, release, component)}
        persistent = chartbundle.truthy(chartbundle._mapping(values.get("redis")).get("persistence"))
        if component == "redis" and not persistent:
            out[("Deployment", name)] = {"selector": selector}
            continue
        out[("StatefulSet", name)] = {"serviceName": name, "selector": selector,
                                      "volumeClaimTemplates": _claims(values, release, component)}
    return out


_QUANTITY = re.compile(r"^([+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E)?$")
_FACTORS = {None: 1, "m": Decimal("0.001"), "k": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9, "T": 10 ** 12, "P": 10 ** 15,
            "E": 10 ** 18, "Ki": 2 ** 10, "Mi": 2 ** 20, "Gi": 2 ** 30, "Ti": 2 ** 40, "Pi": 2 ** 50, "Ei": 2 ** 60}


def quantity(value):
    """A Kubernetes quantity as a number (`20Gi` == `20480Mi`, as the API server compares them), or None."""
    match = _QUANTITY.match(str(value).strip()) if value is not None else None
    if not match:
        return None
    try:
        return Decimal(match.group(1)) * _FACTORS[match.group(2)]
    except InvalidOperation:
        return None


def _flat(node, prefix: str) -> dict:
    """{dotted path: scalar}; list items by index, volume claim templates by their name."""
    out = {}
    if isinstance(node, dict):
        for key, value in node.items():
            out.update(_flat(value, f"{prefix}.{key}"))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            named = ((item.get("metadata") or {}).get("name") if isinstance(item, dict) else None) or index
            out.update(_flat(item, f"{prefix}[{named}]"))
    else:
        out[prefix] = node
    return out


def _same(path: str, a, b) -> bool:
    if a == b:
        return True
    if path.endswith(".resources.requests.storage"):
        qa, qb = quantity(a), quantity(b)
        return qa is not None and qa == qb
    return False


class Refused:
    """Workloads of one kind whose update Kubernetes refuses in the same way: what changes, and the
    steps that get there."""

    __slots__ = ("kind", "names", "fields", "steps")

    def __init__(self, kind, names, fields, steps):
        self.kind, self.names, self.fields, self.steps = kind, names, fields, steps

    def line(self) -> str:
        changes = "; ".join(f"{path}: {_show(a)} -> {_show(b)}{f' ({cause})' if cause else ''}"
                            for path, a, b, cause in self.fields)
        return f"{self.kind} {', '.join(self.names)}: {changes}"


def _show(value) -> str:
    return "(none)" if value is None else str(value)


def _cause(kind: str, component: str, path: str) -> str:
    """The values path behind a refused field, where one value decides it."""
    store = _STORE_VALUES.get(component) if kind == "StatefulSet" else None
    if store and path.endswith(".resources.requests.storage"):
        return f"{store}.storageSize"
    if store and path.endswith(".spec.storageClassName"):
        return f"{store}.storageClassName"
    if path.endswith("app.kubernetes.io/name"):
        return "nameOverride"
    return ""


def compare(old: dict, new: dict, namespace: str = "") -> list:
    """The workloads present on both sides whose fixed fields differ; Deployments that change alike
    (a new nameOverride changes every selector) in one entry."""
    ns = f"-n {namespace}" if namespace else "-n <namespace>"
    out, alike = [], {}
    for key in sorted(set(old) & set(new)):
        kind, name = key
        before, after = _flat(old[key], "spec"), _flat(new[key], "spec")
        component = str((after.get("spec.selector.matchLabels.app.kubernetes.io/component")
                         or before.get("spec.selector.matchLabels.app.kubernetes.io/component") or ""))
        fields = [(path, before.get(path), after.get(path), _cause(kind, component, path))
                  for path in sorted(set(before) | set(after)) if not _same(path, before.get(path), after.get(path))]
        if not fields:
            continue
        if kind == "Deployment":
            common = {k: v for k, v in before.items() if not k.endswith("/component")}
            group = alike.setdefault(repr((fields, sorted(common.items()))), Refused(kind, [], fields, None))
            group.names.append(name)
            group.steps = _deployment_steps(group.names, common, ns)
            if len(group.names) == 1:
                out.append(group)
        else:
            out.append(Refused(kind, [name], fields, _statefulset_steps(name, fields, ns)))
    return out


def _deployment_steps(names, selector, ns) -> list:
    prefix = "spec.selector.matchLabels."
    old = ",".join(f"{k[len(prefix):]}={v}" for k, v in sorted(selector.items()) if k.startswith(prefix))
    return [f"kubectl delete deployment {' '.join(names)} {ns} --cascade=orphan   (their pods keep serving)",
            "helm upgrade ...   (creates the Deployments with the new selector; their pods start beside the old ones)",
            f"kubectl delete replicaset {ns} -l {old}   (once the new pods are ready: the old pods go)"]


def _statefulset_steps(name, fields, ns) -> list:
    """How to get there without a failed upgrade."""
    storage = [f for f in fields if f[0].endswith(".resources.requests.storage")]
    others = [f for f in fields if f not in storage]
    claim = f"data-{name}-0"
    orphan = f"kubectl delete statefulset {name} {ns} --cascade=orphan   (the pod and its volume claim stay)"
    # The new StatefulSet finds its claim by name (data-<name>-0) whatever the template's labels say;
    # only a storage class or access mode needs another claim.
    if any(".volumeClaimTemplates" in f[0] and (".spec.storageClassName" in f[0] or ".spec.accessModes" in f[0])
           for f in others):
        return ["an existing claim keeps its storage class: keep the old value, or move the data to a new claim:",
                f"back up the data (MySQL: mysqldump; Redis: redis-cli --rdb) from pod {name}-0",
                orphan,
                f"kubectl delete pod {name}-0 {ns} && kubectl delete pvc {claim} {ns}   (the old volume's data goes)",
                "helm upgrade ...   (a new StatefulSet with a new, empty claim)",
                "restore the backup"]
    steps = []
    if storage:
        if not all((quantity(b) or 0) > (quantity(a) or 0) for _, a, b, _ in storage):
            return ["a volume claim cannot shrink (Kubernetes refuses a smaller request): keep the size it has, or "
                    "move the data to a new claim (back up, delete the claim, upgrade, restore)"]
        size = storage[0][2]
        steps += [f"kubectl get storageclass $(kubectl get pvc {claim} {ns} -o jsonpath='{{.spec.storageClassName}}') "
                  "-o jsonpath='{.allowVolumeExpansion}'   (must say true: otherwise keep the size)",
                  f"kubectl patch pvc {claim} {ns} -p '{{\"spec\":{{\"resources\":{{\"requests\":{{\"storage\":"
                  f"\"{size}\"}}}}}}}}'   (the volume grows; the data stays)"]
    steps += [orphan, "helm upgrade ...   (creates the StatefulSet with the new fields; it finds its claim by name)"]
    if others:
        steps.append(f"kubectl delete pod {name}-0 {ns}   (re-created by the new StatefulSet, on the same claim)")
    return steps
