"""A service's own ServiceAccount annotations reach the account its pods run as.

`services.<name>.serviceAccountAnnotations` goes on the ServiceAccount the chart creates for the
service (templates/serviceaccounts.yaml). An account the chart does not create (`rbac.serviceAccounts.
<account>.create: false`, the namespace's `default`, or no `rbac.create`) is left to its owner, so the
annotations are written nowhere, and what they were for (an IRSA role, a GKE or Azure workload
identity) is not the pods': the service runs, and its calls to the cloud fail or act as another
identity. A warning, with the fix. The chart lists such services in the bundle's
`rbac.annotationsNotApplied` (renderer/read/chartbundle.py mirrors it).
"""
from __future__ import annotations

from .findings import warning


def _why(rbac: dict, service: str, account: str) -> tuple[str, str]:
    """(why the chart does not create `account`, what lets it)."""
    if not rbac.get("create"):
        return "rbac.create is false", "set rbac.create: true"
    if account == "default":
        return ("it is the namespace's `default` account", f"give services.{service}.serviceAccountName an account "
                "of its own (or leave it empty for the chart's)")
    return (f"rbac.serviceAccounts.{account}.create is false",
            f"remove rbac.serviceAccounts.{account}.create: false")


def check(release, pods) -> list:
    rbac = release.bundle.get("rbac") if isinstance(release.bundle.get("rbac"), dict) else {}
    found = []
    for entry in rbac.get("annotationsNotApplied") or ():
        if not isinstance(entry, dict):
            continue
        service, account = str(entry.get("service") or ""), str(entry.get("account") or "")
        why, lets = _why(rbac, service, account)
        found.append(warning(f"services.{service}.serviceAccountAnnotations",
                             f"not applied: {service} runs as ServiceAccount {account}, which the chart does not "
                             f"create ({why}), so its pods do not get what the annotations give (an IRSA role, "
                             "a workload identity).",
                             f"Annotate {account} yourself (kubectl annotate serviceaccount {account} <key>=<value>), "
                             f"or let the chart create it: {lets}."))
    return found
