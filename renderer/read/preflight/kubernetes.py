"""Kubernetes accounts' namespaces."""
from __future__ import annotations

from .registry import check
from .lookups import get


@check("namespaces-or-omit", "providers.kubernetes.accounts[].namespaces", "not both namespaces and omitNamespaces",
       "Give either namespaces or omitNamespaces.",
       evidence="KubernetesAccountProperties.ManagedAccount.validate() throws for an account that sets both "
                "(clouddriver/clouddriver-kubernetes/.../config/KubernetesAccountProperties.java), so the account "
                "never loads.")
def _namespaces(hal, chart):
    for i, account in enumerate(get(hal, "providers", "kubernetes", "accounts") or []):
        if account.get("namespaces") and account.get("omitNamespaces"):
            yield ("providers", "kubernetes", "accounts", i, "namespaces"), \
                "namespaces and omitNamespaces are both given; clouddriver refuses the account."
