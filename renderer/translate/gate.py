"""gate.yml: the API server: TLS, CORS, authentication, optional services.

Login settings are written where the target release reads them (the model
declares the keys per release; `_reads.place` writes them).
"""
from ..model.security import OAuth2, Basic, Saml
from ..releases import Release
from ._common import enabled_setting, get, pick
from ._reads import place

# The OAuth2 client registration gate gets (2025.2.0 and later), named after the
# provider whose authorization endpoint the client uses; Spring Boot fills in
# nothing we do not write, since every endpoint is written explicitly.
_REGISTRATIONS = (("accounts.google.com", "google"), ("github", "github"), ("microsoftonline", "azure"),
                  ("oracle", "oracle"))
_DEFAULT_REGISTRATION = "spinnaker"


def oauth2_registration(oauth2: dict) -> str:
    from ..read.preflight.chart import url_host  # urllib's hostname, without urllib's import

    host = url_host(get(oauth2, "client", "userAuthorizationUri") or "")
    for fragment, registration in _REGISTRATIONS:
        if fragment in host:
            return registration
    return _DEFAULT_REGISTRATION


def login_methods(hal: dict) -> list:
    """The login methods gate turns on for this halconfig (the same for every
    supported release): OAuth2 needs its client ID as well, as gate's
    condition on it does."""
    authn = get(hal, "security", "authn") or {}
    methods = [name for name in ("saml", "ldap", "x509", "iap", "basic") if get(authn, name, "enabled") is True]
    if get(authn, "oauth2", "enabled") is True and get(authn, "oauth2", "client", "clientId"):
        methods.insert(0, "oauth2")
    return methods


def _login(authn: dict, release: Release, gate_url: str | None) -> dict:
    out: dict = {}
    oauth2 = authn.get("oauth2")
    if get(oauth2, "enabled") is True:
        place(OAuth2, oauth2, release, out, ("security", "oauth2"),
              {"registration": oauth2_registration(oauth2), "gate_url": gate_url})
    if authn.get("basic") is not None:
        place(Basic, authn["basic"], release, out, ("security", "basic"))
    if authn.get("saml") is not None:
        place(Saml, authn["saml"], release, out, ("saml",))
    return out


def gate(hal: dict, release: Release) -> dict:
    security = hal.get("security") or {}
    authn = security.get("authn") or {}
    api = security.get("apiSecurity") or {}
    deck_url = get(security, "uiSecurity", "overrideBaseUrl")
    services = pick(deck={"baseUrl": deck_url} if deck_url else None,
                    kayenta=enabled_setting(get(hal, "canary", "enabled")))
    gremlin = get(hal, "features", "gremlin")
    login = _login(authn, release, get(api, "overrideBaseUrl"))
    return pick(
        server={"ssl": api["ssl"]} if api.get("ssl") is not None else None,
        cors={"allowedOriginsPattern": api["corsAccessPattern"]} if api.get("corsAccessPattern") else None,
        security=login.get("security"),
        spring=login.get("spring"),
        saml=login.get("saml"),
        ldap=authn.get("ldap"),
        x509=authn.get("x509"),
        google={"iap": authn["iap"]} if authn.get("iap") is not None else None,
        services=services or None,
        integrations={"gremlin": {"enabled": True}} if gremlin is True else None,
    )
