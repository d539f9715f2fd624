"""Security: public URLs, TLS, plugins, RBAC of in-cluster accounts, authorization and login."""
from __future__ import annotations

import re

from renderer.model.references import is_reference
from renderer.read.rbac_namespaces import findings as rbac_findings
from renderer.problems import ERROR, NOTE, WARNING
from .registry import check
from .lookups import get


@check("base-url-host", "security.uiSecurity.overrideBaseUrl, security.apiSecurity.overrideBaseUrl",
       "agree with expose.host", "Remove overrideBaseUrl (the chart derives it from expose.host) or make the "
       "hosts agree.", needs_chart=True, kleat_accepted=False, severity=WARNING,
       evidence="Deck and gate run; only gate's redirects and CORS, and Deck's calls to gate, go to the other "
                "host, which must then route to them.")
def _base_urls(hal, chart):
    from .chart import url_host

    if not chart.host:
        return
    for block in ("uiSecurity", "apiSecurity"):
        url = get(hal, "security", block, "overrideBaseUrl")
        if url and not is_reference(url) and not url.startswith("/"):  # a path stays on the host
            host = url_host(url)
            if host != chart.host and not host.endswith("." + chart.host):
                yield ("security", block, "overrideBaseUrl"), (f"its host {host!r} is not expose.host "
                                                               f"{chart.host!r}.")


def _profile_sets(chart, service, *keys) -> bool:
    """Whether the chart's profile for `service` sets the Spring property `keys` (any spelling Spring's
    relaxed binding accepts for the last key: key-store, keyStore)."""
    node = (chart.profiles.get(service) if chart is not None else None) or {}
    *parents, last = keys
    for key in parents:
        node = node.get(key) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return False
    spellings = {last, re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), last)}
    return any(node.get(k) not in (None, "") for k in spellings)


@check("tls-complete", "security.apiSecurity.ssl, security.uiSecurity.ssl", "TLS enabled has its key store / certificate",
       "Set keyStore and keyStorePassword (gate) or sslCertificateFile and sslCertificateKeyFile (Deck), give "
       "them in profiles.gate (server.ssl.key-store), or serve with the chart's stores (tls, "
       "services.<name>.tls).", severity=WARNING,
       evidence="gate's embedded server does not start HTTPS without a key store unless one comes from elsewhere "
                "(a profile, JAVA_OPTS, the environment), which the halconfig cannot show; Deck serves plain HTTP "
                "without DECK_CERT/DECK_KEY.")
def _tls(hal, chart):
    served = chart.tls_services if chart is not None else frozenset()
    ssl = get(hal, "security", "apiSecurity", "ssl") or {}
    if ssl.get("enabled") is True and not ssl.get("keyStore") and "gate" not in served \
            and not _profile_sets(chart, "gate", "server", "ssl", "keyStore"):
        yield (("security", "apiSecurity", "ssl", "keyStore"),
               "not set although TLS is enabled: gate does not start unless a profile or its environment "
               "gives server.ssl.key-store.")
    ssl = get(hal, "security", "uiSecurity", "ssl") or {}
    if ssl.get("enabled") is True and "deck" not in served:
        for key in ("sslCertificateFile", "sslCertificateKeyFile"):
            if not ssl.get(key):
                yield (("security", "uiSecurity", "ssl", key),
                       "not set although TLS is enabled: Deck serves plain HTTP.")


@check("plugins-root-path", "spinnaker.extensibility.pluginsRootPath", "plugins download to a writable directory",
       "Leave pluginsRootPath unset (each service downloads to /opt/<service>/plugins, which the chart mounts "
       "writable), or mount a volume there (services.<name>.extraVolumes / extraVolumeMounts).", severity=WARNING,
       evidence="kork downloads each enabled plugin into pluginsRootPath when the service starts "
                "(kork-plugins PluginsAutoConfiguration); the chart's Java pods run with a read-only root filesystem "
                "where only /opt/<service>/plugins, /tmp and the mounted volumes are writable, so the download "
                "fails and with strictPluginLoading (the default) the service does not start.")
def _plugins_root(hal, chart):
    extensibility = get(hal, "spinnaker", "extensibility") or {}
    path = extensibility.get("pluginsRootPath")
    if not path or not isinstance(path, str) or is_reference(path) or not extensibility.get("plugins"):
        return
    writable = ("/tmp/", *(chart.mounts if chart is not None else ()))
    if path.strip("/") == "plugins" and not path.startswith("/"):
        return
    if not any((path.rstrip("/") + "/").startswith(m) for m in writable):
        yield (("spinnaker", "extensibility", "pluginsRootPath"),
               f"{path!r} is not writable in every service's pod (each has /opt/<service>/plugins and /tmp): "
               "the plugins cannot be downloaded there.")


@check("rbac-namespaces", "providers.kubernetes.accounts[].namespaces", "an in-cluster account's namespaces are "
       "within clouddriver's RBAC", "The in-cluster accounts' namespaces and rbac.clouddriver.access decide what "
       "the chart grants clouddriver's ServiceAccount (renderer/read/rbac_namespaces.py).", severity=WARNING,
       needs_chart=True,
       evidence="An account with serviceAccount: true (or no kubeconfig) acts with clouddriver's own ServiceAccount, "
                "which the chart grants only what rbac.clouddriver says; outside it the Kubernetes API answers 403 "
                "and the account's caching agents and deployments fail while clouddriver itself runs.")
def _rbac(hal, chart):
    if chart is not None:
        for where, message, level in rbac_findings(hal, chart.rbac, chart.namespace):
            yield (where, message, NOTE) if level == "note" else (where, message)


@check("authz-needs-authn", "security.authz.enabled", "authorization needs authentication",
       "Enable a login method under security.authn, or set security.authz.enabled to false.", severity=WARNING,
       evidence="fiat runs and enforces permissions, but with no login every user is anonymous and gets only "
                "what anonymous users are allowed.")
def _authz(hal, chart):
    if get(hal, "security", "authz", "enabled") is True and get(hal, "security", "authn", "enabled") is not True:
        yield ("security", "authz", "enabled"), "authorization (fiat) is enabled but authentication is not."


@check("fiat-role-provider", "security.authz.groupMembership", "fiat enabled has a role provider",
       "Set security.authz.groupMembership.service (FILE, GOOGLE, GITHUB or LDAP) and that provider's block.",
       evidence="Without a role provider, or FILE, GITHUB or GOOGLE without their block, fiat runs and users get "
                "no roles (a warning); LDAP without its block gives fiat's LdapConfig no URL, and "
                "DefaultSpringSecurityContextSource refuses a null URL, so fiat does not start (an error; "
                "fiat/fiat-ldap/.../config/LdapConfig.java).")
def _fiat(hal, chart):
    authz = get(hal, "security", "authz") or {}
    if authz.get("enabled") is not True:
        return
    membership = authz.get("groupMembership") or {}
    service = membership.get("service")
    if not service:
        yield (("security", "authz", "groupMembership", "service"),
               "authorization is enabled without a role provider: users get no roles.", WARNING)
    elif service.lower() in ("file", "google", "github", "ldap") and not membership.get(service.lower()):
        yield (("security", "authz", "groupMembership", service.lower()),
               f"not set although the role provider is {service}.",
               ERROR if service.lower() == "ldap" else WARNING)


# field -> (what a complete block of that login method needs, severity when it is missing)
AUTHN_REQUIRED = {
    # gate turns OAuth2 on only when a client ID is set: without one it runs with login off.
    "oauth2": ((("client", "clientId"), ("client", "clientSecret")), WARNING),
    # gate's SAML and LDAP configurations are built when enabled and need their source to start.
    "saml": ((("metadataUrl",),), ERROR),
    "ldap": ((("url",),), ERROR),
}


@check("authn-complete", "security.authn.oauth2, saml, ldap", "an enabled login method has its required settings",
       "Set the missing field (see the halconfig reference for the block), or disable that login method.",
       evidence="gate builds SAML and LDAP login from these settings when the method is enabled and does not "
                "start without them (an error); OAuth2 is switched on by the client ID, so without one gate runs "
                "with that login off (a warning).")
def _authn(hal, chart):
    for method, (required, severity) in AUTHN_REQUIRED.items():
        block = get(hal, "security", "authn", method) or {}
        if block.get("enabled") is not True:
            continue
        for keys in required:
            if not get(block, *keys):
                yield (("security", "authn", method) + keys,
                       f"not set although {method} login is enabled.", severity)
