"""The namespaces an in-cluster Kubernetes account works in, from the RBAC the chart grants clouddriver.

An account with `serviceAccount: true` and no `namespaces` makes clouddriver list the cluster's
namespaces, which a namespace-scoped Role forbids; clouddriver then finds none and the account
caches and deploys nothing (KubernetesCredentials.getDeclaredNamespaces is best effort). Under
`rbac.clouddriver.access: namespace` the chart therefore writes the namespaces its Roles cover
into such an account, the release namespace first. The preflight check `rbac-namespaces` says so.
"""
from __future__ import annotations


def clouddriver_rbac(values: dict) -> dict:
    """`{access, namespaces}` from the chart values' `rbac.clouddriver` (the config bundle's `rbac`)."""
    rbac = values.get("rbac") if isinstance(values, dict) else None
    conf = rbac.get("clouddriver") if isinstance(rbac, dict) else None
    conf = conf if isinstance(conf, dict) else {}
    namespaces = conf.get("namespaces")
    return {"access": str(conf.get("access") or "none"),
            "namespaces": [n for n in namespaces if isinstance(n, str)] if isinstance(namespaces, list) else []}


def granted_namespaces(rbac: dict | None, namespace: str) -> list | None:
    """The namespaces clouddriver's Roles cover, or None when its access is not per namespace."""
    if not isinstance(rbac, dict) or rbac.get("access") != "namespace":
        return None
    out = [namespace or "default"]
    for extra in rbac.get("namespaces") or ():
        if isinstance(extra, str) and extra not in out:
            out.append(extra)
    return out


def needs_namespaces(account) -> bool:
    """An in-cluster account that leaves its namespaces to a cluster-wide listing."""
    return (isinstance(account, dict) and account.get("serviceAccount") is True
            and not account.get("namespaces") and not account.get("omitNamespaces"))


def apply_rbac_namespaces(hal: dict, rbac: dict | None, namespace: str) -> dict:
    granted = granted_namespaces(rbac, namespace)
    kubernetes = (hal.get("providers") or {}).get("kubernetes") if isinstance(hal.get("providers"), dict) else None
    if granted is None or not isinstance(kubernetes, dict) or not any(
            needs_namespaces(a) for a in kubernetes.get("accounts") or ()):
        return hal
    accounts = [dict(a, namespaces=list(granted)) if needs_namespaces(a) else a for a in kubernetes["accounts"]]
    providers = dict(hal["providers"], kubernetes=dict(kubernetes, accounts=accounts))
    return dict(hal, providers=providers)
