"""What the chart's values add to the halconfig before it is translated (`apply_chart`).

Public URLs from `expose`, where the halconfig has none: one host in values gives
Deck's and Gate's URLs; they become the halconfig's
`security.uiSecurity.overrideBaseUrl`, `security.apiSecurity.overrideBaseUrl`
and `corsAccessPattern` unless those are set, so every place Spinnaker needs
the host (settings.js gateUrl, Gate's redirects and CORS) agrees. Then the
namespaces clouddriver's RBAC covers (renderer/read/rbac_namespaces.py).
"""
from __future__ import annotations


def apply_chart(hal: dict, bundle: dict) -> dict:
    """The halconfig as the chart's release runs it: the post-renderer's and plan's one preparation."""
    from ..read.rbac_namespaces import apply_rbac_namespaces

    hal = apply_expose(hal, bundle.get("expose") or {})
    return apply_rbac_namespaces(hal, bundle.get("rbac"), (bundle.get("release") or {}).get("namespace") or "")


def apply_expose(hal: dict, expose: dict) -> dict:
    wanted = {
        ("uiSecurity", "overrideBaseUrl"): expose.get("deckUrl"),
        ("apiSecurity", "overrideBaseUrl"): expose.get("gateUrl"),
        ("apiSecurity", "corsAccessPattern"): expose.get("corsPattern"),
    }
    if not any(wanted.values()):
        return hal
    hal = dict(hal)
    security = dict(hal.get("security") or {})
    for (section, key), value in wanted.items():
        if not value:
            continue
        block = dict(security.get(section) or {})
        if not block.get(key):
            block[key] = value
        security[section] = block
    hal["security"] = security
    return hal
