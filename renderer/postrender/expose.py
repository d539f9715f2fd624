"""Public URLs from the chart's `expose` values, where the halconfig has none.

One host in values gives Deck's and Gate's URLs; they become the halconfig's
`security.uiSecurity.overrideBaseUrl`, `security.apiSecurity.overrideBaseUrl`
and `corsAccessPattern` unless those are set, so every place Spinnaker needs
the host (settings.js gateUrl, Gate's redirects and CORS) agrees.
"""
from __future__ import annotations


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
