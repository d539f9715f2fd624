"""TLS between the services: `tls`, `services.<name>.tls`, and Deck's."""
from __future__ import annotations

from renderer.read.chartbundle import TLS_MOUNT_PATH
from renderer.model.dsl import Bool, Enum, IntValue, Str, messages

message = messages("values")


_CLIENT_AUTH = ("none", "want", "need")


def _tls_fields(defaults: bool) -> dict:
    """The key and trust store settings of `tls` (defaults) and of `services.<name>.tls` (empty: `tls`'s)."""
    d = (lambda value: value) if defaults else (lambda value: None)
    inherit = "" if defaults else " Empty: `tls`'s."
    return dict(
        secretName=Str("Existing Secret (in the release namespace) holding the key store and the trust store as "
                       f"keys; mounted read-only at `{TLS_MOUNT_PATH}` in the pods that use it." + inherit,
                       default=d("")),
        keyStoreKey=Str("Its key holding the key store (the service's certificate and private key; also its client "
                        "certificate when it calls the other services)." + inherit, default=d("keystore.p12")),
        keyStoreType=Str("Format of the key store: `PKCS12` or `JKS`." + inherit, default=d("PKCS12")),
        keyStorePasswordKey=Str("Key (in `passwordSecretName`) holding the key store's password; with PKCS12 or "
                                "Tomcat, also the key entry's password." + inherit, default=d("keystore-password")),
        keyAlias=Str("Alias of the key entry to serve, when the key store holds several; empty: the only one."
                     + inherit, default=d("")),
        trustStoreKey=Str("Its key holding the trust store (the CA certificates that signed the services' "
                          "certificates): the services verify each other with it, and under client auth the "
                          "callers' certificates too. Empty: none (a public CA the JVM trusts; no client "
                          "certificates are sent then)." + inherit, default=d("truststore.p12")),
        trustStoreType=Str("Format of the trust store: `PKCS12` or `JKS`." + inherit, default=d("PKCS12")),
        trustStorePasswordKey=Str("Key (in `passwordSecretName`) holding the trust store's password." + inherit,
                                  default=d("truststore-password")),
        passwordSecretName=Str("Secret holding the passwords, when not `secretName` (e.g. cert-manager's "
                               "`passwordSecretRef`)." + inherit, default=d("")),
        clientAuth=Enum(_CLIENT_AUTH if defaults else ("",) + _CLIENT_AUTH,
                        "Whether a service asks its callers for a client certificate: `none`, `want` (optional) "
                        "or `need` (mandatory: mutual TLS; the kubelet's probes present none, so /health then "
                        "moves to `tls.managementPort`)." + inherit, default=d("none")),
    )


ServiceTls = message(
    "ServiceTls", "TLS between the services, with a key store and a trust store from an existing Secret. The chart "
                  "mounts them, writes Spring Boot's `server.ssl` and kork's `ok-http-client` stores into each "
                  "service's `helm` profile (passwords as `${...}` filled from the Secret), switches the Services, "
                  "probes, `helm test` and every caller's URL to https, and under `clientAuth: need` serves "
                  "/health on `managementPort` over HTTPS without client auth. See the README, \"TLS between "
                  "services\".",
    enabled=Bool("Every Java service serves HTTPS with these stores (a service's own `services.<name>.tls.enabled` "
                 "decides for it). Deck needs PEM files: `services.deck.tls`.", default=False),
    **_tls_fields(True),
    managementPort=IntValue("Under `clientAuth: need`: the port /health and the actuator endpoints move to "
                            "(`management.server.port`, HTTPS without client auth), which the probes, `helm test` "
                            "and the scrapers use. A profile's own `management.server.port` wins.", default=8081),
)
ServiceTlsOverride = message(
    "ServiceTlsOverride", "This service's TLS; empty fields: `tls`'s.",
    enabled=Bool("Serve HTTPS; empty (null): `tls.enabled`.", default=None),
    **_tls_fields(False),
)
DeckTls = message(
    "DeckTls", "Deck's own HTTPS (its Apache reads PEM files; Halyard's `security.uiSecurity.ssl`), from an "
               "existing Secret such as a `kubernetes.io/tls` one, mounted read-only at "
               f"`{TLS_MOUNT_PATH}`.",
    enabled=Bool("Serve Deck over HTTPS with the certificate below.", default=None),
    secretName=Str("Existing Secret holding the certificate and its private key.", default=""),
    certificateKey=Str("Its key holding the PEM certificate (chain).", default="tls.crt"),
    privateKeyKey=Str("Its key holding the PEM private key (unencrypted).", default="tls.key"),
)
