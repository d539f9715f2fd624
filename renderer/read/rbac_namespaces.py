"""What the chart grants clouddriver's own ServiceAccount, and the kubernetes accounts that act as it.

A kubernetes account with `serviceAccount: true`, or with neither `kubeconfigFile` nor
`kubeconfigContents` (kubectl then falls back to the pod's in-cluster credentials), acts with the
ServiceAccount clouddriver runs as. `rbac.clouddriver.access` decides what the chart binds to it
(`grant`, the same rule as templates/_rbac.tpl `spinnaker.clouddriverGrant`): by default
(`accounts`) a Role in exactly the namespaces those accounts list; `namespace` the release
namespace and `rbac.clouddriver.namespaces`; `cluster` a ClusterRole; `none` nothing. An account
the release does not create (`rbac.serviceAccounts.<name>.create: false`, `default`, or no
`rbac.create`) keeps the RBAC its owner gave it.

An account with `serviceAccount: true` and no `namespaces` makes clouddriver list the cluster's
namespaces, which a namespace-scoped Role forbids; clouddriver then finds none and the account
caches and deploys nothing (KubernetesCredentials.getDeclaredNamespaces is best effort). Under
`rbac.clouddriver.access: namespace` the chart therefore writes the namespaces its Roles cover
into such an account, the release namespace first. The preflight check `rbac-namespaces` judges
each account against the grant (`findings`).
"""
from __future__ import annotations

from ..model.references import is_reference

ACCESS = ("accounts", "none", "namespace", "cluster")
DEFAULT_ACCESS = "accounts"


def _truthy(value) -> bool:
    return value is not None and str(value).lower() == "true"


def clouddriver_rbac(values: dict, account: str = "", created: bool = True) -> dict:
    """The config bundle's `rbac` from the chart values: `rbac.clouddriver`'s `access` and `namespaces`,
    `rbac.create`, and the ServiceAccount clouddriver runs as (`serviceAccount`) and whether the
    release creates it (`serviceAccountCreated`)."""
    rbac = values.get("rbac") if isinstance(values, dict) else None
    rbac = rbac if isinstance(rbac, dict) else {}
    conf = rbac.get("clouddriver") if isinstance(rbac.get("clouddriver"), dict) else {}
    namespaces = conf.get("namespaces")
    return {"create": _truthy(rbac.get("create", True)), "access": str(conf.get("access") or DEFAULT_ACCESS),
            "namespaces": [n for n in namespaces if isinstance(n, str)] if isinstance(namespaces, list) else [],
            "serviceAccount": account, "serviceAccountCreated": created}


def service_account_created(values: dict, account: str) -> bool:
    """`spinnaker.serviceAccountCreated`: the chart creates ServiceAccount `account`."""
    rbac = values.get("rbac") if isinstance(values.get("rbac"), dict) else {}
    own = (rbac.get("serviceAccounts") or {}).get(account) if isinstance(rbac.get("serviceAccounts"), dict) else None
    return (_truthy(rbac.get("create", True)) and account != "default"
            and not (isinstance(own, dict) and str(own.get("create")).lower() == "false"))


def _kubernetes(hal) -> dict:
    providers = hal.get("providers") if isinstance(hal, dict) else None
    kubernetes = providers.get("kubernetes") if isinstance(providers, dict) else None
    return kubernetes if isinstance(kubernetes, dict) else {}


def in_cluster(account) -> bool:
    """An account that acts with clouddriver's own ServiceAccount."""
    return isinstance(account, dict) and (_truthy(account.get("serviceAccount")) or not (
        account.get("kubeconfigFile") or account.get("kubeconfigContents")))


def in_cluster_accounts(hal) -> list:
    """(index, account) of the in-cluster accounts of an enabled kubernetes provider."""
    kubernetes = _kubernetes(hal)
    accounts = kubernetes.get("accounts")
    if not _truthy(kubernetes.get("enabled")) or not isinstance(accounts, list):
        return []
    return [(i, a) for i, a in enumerate(accounts) if in_cluster(a)]


def plain_namespaces(account) -> list:
    """The namespaces an account lists that a Role can be written for (a secret reference cannot)."""
    listed = account.get("namespaces") if isinstance(account, dict) else None
    return [n for n in listed if isinstance(n, str) and not is_reference(n)] \
        if isinstance(listed, list) else []


def grant(rbac: dict | None, hal, namespace: str) -> dict:
    """`{scope, namespaces, token}`: what the chart binds to clouddriver's ServiceAccount (scope none,
    namespace or cluster; the namespaces of its Roles) and whether clouddriver's pods mount the token."""
    rbac = rbac if isinstance(rbac, dict) else {}
    access = rbac.get("access") or DEFAULT_ACCESS
    accounts = in_cluster_accounts(hal)
    scope, namespaces = "none", []
    if rbac.get("create", True):
        if access == "cluster":
            scope = "cluster"
        elif access == "namespace":
            scope = "namespace"
            for name in [namespace or "default", *(rbac.get("namespaces") or ())]:
                if isinstance(name, str) and name not in namespaces:
                    namespaces.append(name)
        elif access == "accounts":
            for _, account in accounts:
                namespaces += [n for n in plain_namespaces(account) if n not in namespaces]
            scope = "namespace" if namespaces else "none"
    theirs = bool(accounts) and not rbac.get("serviceAccountCreated", True)
    return {"scope": scope, "namespaces": namespaces, "token": scope != "none" or theirs}


def granted_namespaces(rbac: dict | None, namespace: str) -> list | None:
    """The namespaces `rbac.clouddriver.access: namespace` covers, or None under another access."""
    if not isinstance(rbac, dict) or rbac.get("access") != "namespace":
        return None
    return grant(rbac, {}, namespace)["namespaces"] or None


def needs_namespaces(account) -> bool:
    """An in-cluster account that leaves its namespaces to a cluster-wide listing."""
    return (isinstance(account, dict) and _truthy(account.get("serviceAccount"))
            and not account.get("namespaces") and not account.get("omitNamespaces"))


def apply_rbac_namespaces(hal: dict, rbac: dict | None, namespace: str) -> dict:
    granted = granted_namespaces(rbac, namespace)
    kubernetes = _kubernetes(hal)
    if granted is None or not any(needs_namespaces(a) for a in kubernetes.get("accounts") or ()):
        return hal
    accounts = [dict(a, namespaces=list(granted)) if needs_namespaces(a) else a for a in kubernetes["accounts"]]
    providers = dict(hal["providers"], kubernetes=dict(kubernetes, accounts=accounts))
    return dict(hal, providers=providers)


_FIX_ACCOUNT = ("run clouddriver as an account that exists with its own RBAC "
                "(services.clouddriver.serviceAccountName, and rbac.serviceAccounts.<name>.create: false)")


def findings(hal, rbac: dict | None, namespace: str):
    """(values path under the halconfig, message, level or None for the check's) for each in-cluster
    account the chart's grant leaves without access to what it works on ("authorized")."""
    if not isinstance(rbac, dict):
        return
    if not rbac.get("serviceAccountCreated", True):
        return  # its RBAC is its owner's
    given = grant(rbac, hal, namespace)
    access = rbac.get("access") or DEFAULT_ACCESS
    # Not its name: that follows the release name, which not every route knows.
    account_name = "clouddriver's ServiceAccount"
    for i, account in in_cluster_accounts(hal):
        where = ("providers", "kubernetes", "accounts", i)
        name = account.get("name")
        if given["scope"] == "cluster":
            continue
        if access == "namespace" and needs_namespaces(account):
            yield (where + ("namespaces",), f"account {name!r} lists no namespaces, and clouddriver may not list "
                   "the cluster's: the chart gives it the namespaces its RBAC covers, "
                   f"{', '.join(given['namespaces'])} (rbac.clouddriver.access: namespace).", "note")
            continue
        if given["scope"] == "none" and (access != "accounts" or not rbac.get("create", True)):
            why = "rbac.create is false" if not rbac.get("create", True) else f"rbac.clouddriver.access is {access!r}"
            yield where + ("serviceAccount",), (
                f"account {name!r} acts as {account_name}, which the chart grants nothing ({why}): it may read and "
                "deploy nothing. To fix, set rbac.clouddriver.access to `accounts` (Roles in the namespaces the "
                f"accounts list), `namespace` or `cluster`, or {_FIX_ACCOUNT}."), None
            continue
        if not account.get("namespaces"):
            what = "names only namespaces to omit" if account.get("omitNamespaces") else "lists no namespaces"
            yield where + ("namespaces",), (
                f"account {name!r} {what}, so clouddriver lists the cluster's namespaces as {account_name}, "
                f"which rbac.clouddriver.access: {access} does not allow: it finds none, and may read and deploy "
                f"nothing. To fix, list its namespaces at providers.kubernetes.accounts[{i}].namespaces, set "
                f"rbac.clouddriver.access to `cluster`, or {_FIX_ACCOUNT}."), None
            continue
        covered = given["namespaces"]
        listed = [n for n in account.get("namespaces") or () if isinstance(n, str)]
        outside = [n for n in listed if n not in covered]
        if outside:
            fix = ("list them in rbac.clouddriver.namespaces" if access == "namespace" else
                   "write them as plain names (the chart cannot grant a secret reference)")
            yield where + ("namespaces",), (f"account {name!r} lists {', '.join(outside)}, outside clouddriver's "
                                            f"RBAC ({', '.join(covered) or 'none'}). To fix, {fix}, or set "
                                            "rbac.clouddriver.access to `cluster`."), None
