"""gate.yml: the API server: TLS, CORS, authentication, optional services."""
from ..releases import Release
from ._common import enabled_setting, get, pick


def gate(hal: dict, release: Release) -> dict:
    security = hal.get("security") or {}
    authn = security.get("authn") or {}
    api = security.get("apiSecurity") or {}
    oauth2 = authn.get("oauth2")
    spring = pick(oauth2=oauth2 if get(oauth2, "enabled") is True else None, basic=authn.get("basic"))
    deck_url = get(security, "uiSecurity", "overrideBaseUrl")
    services = pick(deck={"baseUrl": deck_url} if deck_url else None,
                    kayenta=enabled_setting(get(hal, "canary", "enabled")))
    gremlin = get(hal, "features", "gremlin")
    return pick(
        server={"ssl": api["ssl"]} if api.get("ssl") is not None else None,
        cors={"allowedOriginsPattern": api["corsAccessPattern"]} if api.get("corsAccessPattern") else None,
        security=spring or None,
        saml=authn.get("saml"),
        ldap=authn.get("ldap"),
        x509=authn.get("x509"),
        google={"iap": authn["iap"]} if authn.get("iap") is not None else None,
        services=services or None,
        integrations={"gremlin": {"enabled": True}} if gremlin is True else None,
    )
