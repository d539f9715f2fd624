"""TLS between the services: the Spring settings for what the chart decided (bundle `services.<workload>.tls`
and `.managementTls`, from `tls` / `services.<name>.tls` and the halconfig; charts/spinnaker/templates/_tls.tpl).

Each setting with the code that reads it (spinnaker-release-2026.2.3; the same keys since 1.30):
- `server.ssl.*`: Spring Boot's embedded server (ServerProperties.ssl: key-store, key-store-type,
  key-store-password, key-alias, trust-store..., client-auth NONE/WANT/NEED), applied by kork-tomcat
  (kork/kork-tomcat/.../TomcatConfiguration.java, on `server.ssl.enabled`).
- `ok-http-client.*`: the stores kork's HTTP clients call the other services with
  (kork/kork-web/.../okhttp/OkHttpClientConfigurationProperties.java, prefix `ok-http-client`: key-store,
  key-store-type, key-store-password, trust-store, trust-store-type, trust-store-password; default type
  PKCS12). kork loads both stores as soon as either is set (config/okhttp3/DefaultOkHttpClientBuilderProvider
  .java, config/OkHttp3ClientConfiguration.groovy), so a caller gets both or neither.
- `management.server.port` / `management.server.ssl.*`: Spring Boot actuator's own server, which inherits
  `server.ssl` unless `management.server.ssl` is set (Spring Boot reference, "Configuring Management-specific
  SSL"). Under client auth `need` the kubelet's probes cannot pass the handshake (they present no
  certificate: kubernetes pkg/probe/http/http.go), so /health is served there over HTTPS without client auth.
Passwords are `${ENV}` placeholders the pod fills from the Secret (`secretKeyRef`), never values.
"""
from __future__ import annotations

from .errors import PostRenderError

# Spring Boot's Ssl keys that choose the server's certificate; the management server's copy refers to the
# ones the service's config sets (a placeholder to a key nobody sets would stop the service).
_KEY_SETTINGS = ("key-store", "key-store-type", "key-store-password", "key-store-provider", "key-alias",
                 "key-password", "certificate", "certificate-private-key", "bundle", "protocol", "enabled-protocols",
                 "ciphers")


def _kebab(key: str) -> str:
    """A key as Spring's canonical (kebab-case) name: keyStore -> key-store."""
    return "".join("-" + c if "A" <= c <= "Z" else c for c in key).lower().lstrip("-")


def _placeholder(env: str) -> str:
    return "${" + env + "}"


def chart_settings(entry: dict) -> dict:
    """The helm profile's share for the chart's stores in this service's pods (`entry`: the bundle's `tls`)."""
    out: dict = {}
    if entry.get("serve"):
        ssl = {"enabled": True, "key-store": entry["keyStore"], "key-store-type": entry["keyStoreType"],
               "key-store-password": _placeholder(entry["keyStorePasswordEnv"])}
        if entry.get("keyAlias"):
            ssl["key-alias"] = entry["keyAlias"]
        if entry.get("clientAuth"):
            ssl["client-auth"] = entry["clientAuth"]
            if entry["clientAuth"] != "none" and entry.get("trustStore"):
                ssl.update({"trust-store": entry["trustStore"], "trust-store-type": entry["trustStoreType"],
                            "trust-store-password": _placeholder(entry["trustStorePasswordEnv"])})
        out["server"] = {"ssl": ssl}
    if entry.get("client"):
        out["ok-http-client"] = {
            "key-store": entry["keyStore"], "key-store-type": entry["keyStoreType"],
            "key-store-password": _placeholder(entry["keyStorePasswordEnv"]),
            "trust-store": entry["trustStore"], "trust-store-type": entry["trustStoreType"],
            "trust-store-password": _placeholder(entry["trustStorePasswordEnv"])}
    return out


def _ssl_keys(data) -> set:
    """The `server.ssl` keys (kebab-case) one config file sets, in any spelling Spring reads
    (`server.ssl.keyStore`, `server: {ssl: {key-store: ...}}`, ...); a file given as YAML text, by what it
    sets (read.springtext.settings)."""
    from ..read.springtext import settings

    data = settings(data)
    found: set = set()
    target = ["server", "ssl"]

    def walk(node, path):
        if path[:2] == target and len(path) > 2:
            found.add(path[2])
        elif path == target[:len(path)] and isinstance(node, dict):
            for key, value in node.items():
                walk(value, path + [_kebab(part) for part in str(key).split(".")])

    walk(data, [])
    return found


def management_settings(workload: str, management: dict, entry: dict, common_files) -> dict:
    """`management.server.*` of a workload whose config serves with client auth `need`: the port the chart chose
    (`management["port"]`, absent when a profile gives one) and, unless a profile sets its own
    `management.server.ssl`, that port's TLS without client auth: the chart's key store when it serves with
    one (`entry`), else the server's certificate settings by reference (Spring resolves `${server.ssl.*}`
    from the workload's own files: the halconfig's gate.yml, the user's profiles). `common_files`: the config
    files the workload reads."""
    out: dict = {}
    if management.get("port"):
        out["port"] = int(management["port"])
    if management.get("ssl") and entry.get("serve"):
        ssl = dict(chart_settings(dict(entry, clientAuth="", client=False))["server"]["ssl"])
        out["ssl"] = dict(ssl, **{"client-auth": "none"})
    elif management.get("ssl"):
        keys: set = set()
        for data in common_files:
            keys |= _ssl_keys(data)
        chosen = [k for k in _KEY_SETTINGS if k in keys]
        if not chosen:
            raise PostRenderError(
                f"{workload} serves TLS with client auth need, but no config file of it names its certificate "
                "(server.ssl.key-store, certificate or bundle), so the port its probes use cannot serve it.",
                "Give the key store with tls.secretName (services.<name>.tls), or set management.server.ssl "
                f"yourself in profiles.{workload}.", where=f"profiles.{workload}")
        ssl = {"enabled": True, "client-auth": "none"}
        ssl.update({key: "${server.ssl." + key + "}" for key in chosen})
        out["ssl"] = ssl
    return {"management": {"server": out}} if out else {}


def first_entry(workloads: dict, names, key: str) -> dict:
    """The bundle's `key` (`tls`, `managementTls`) of the first of `names` that has one: a service's
    workloads (its HA splits) share them."""
    for name in names:
        value = workloads[name].get(key)
        if value:
            return value
    return {}


def apply_to_outputs(bundle: dict, hal: dict, outputs: dict) -> list:
    """Deck's deck.env with the chart's PEM files (`services.deck.tls`); warnings where the chart's stores
    replace the halconfig's own (Deck's uiSecurity.ssl files; gate's apiSecurity.ssl key store, which the
    helm profile overrides)."""
    workloads = bundle["services"]
    warnings = []
    security = hal.get("security") or {}
    deck = first_entry(workloads, [n for n, w in workloads.items() if w.get("service") == "deck"], "tls")
    if deck:
        ssl = (security.get("uiSecurity") or {}).get("ssl") or {}
        if ssl.get("sslCertificateFile") or ssl.get("sslCertificateKeyFile"):
            warnings.append("halconfig.security.uiSecurity.ssl: sslCertificateFile and sslCertificateKeyFile are "
                            f"not used: services.deck.tls gives Deck its certificate ({deck['certificate']}) and key "
                            f"({deck['privateKey']}); remove them from the halconfig, or turn services.deck.tls off.")
        outputs["deck.env"] = dict(outputs.get("deck.env") or {}, DECK_CERT=deck["certificate"],
                                   DECK_KEY=deck["privateKey"])
    gate = first_entry(workloads, [n for n, w in workloads.items() if w.get("service") == "gate"], "tls")
    ssl = (security.get("apiSecurity") or {}).get("ssl") or {}
    given = [k for k in ("keyStore", "keyStorePassword", "keyStoreType", "keyAlias") if ssl.get(k)]
    if gate.get("serve") and given:
        warnings.append(f"halconfig.security.apiSecurity.ssl: {', '.join(given)} not used: the chart's tls gives "
                        f"gate its key store ({gate['keyStore']}), which its helm profile sets over gate.yml; "
                        "remove them from the halconfig, or set services.gate.tls.enabled: false to serve with "
                        "them.")
    return warnings
