"""Every login method in the halconfig ends up on in gate, for every supported
release, read the way that release's gate reads it (gate's sources at the
release tags: the conditions quoted below), and the credentials stay out of
ConfigMaps."""
from __future__ import annotations

import base64
import copy
import os
import re

import pytest
import yaml

from conftest import ROOT
from renderer.read import halconfig
from renderer.releases import Release
from renderer.translate import translate

# One release of every supported line, and both sides of every change of gate's keys.
LINES = ["1.30.0", "1.35.3", "2025.1.6", "2025.2.0", "2026.2.3", "2026.4.0"]

# gate-oauth2 OAuthConfigEnabled (2025.2.0+): a regex on property names.
NEW_OAUTH2 = re.compile(r"spring\.security\.oauth2\.client\.registration\..*\.client-id")


def flat(data, prefix="") -> dict:
    """Spring's view of a YAML file: dotted property names (list items as [i])."""
    out = {}
    if isinstance(data, dict):
        for key, value in data.items():
            out.update(flat(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.update(flat(value, f"{prefix}[{i}]"))
    else:
        out[prefix] = data
    return out


def gate_logins(gate: dict, release: str) -> set:
    """The login methods `release`'s gate turns on with this gate.yml (its @Conditional* in the sources)."""
    props = flat(gate)
    on = set()
    if Release.parse(release) >= Release.parse("2025.2.0"):
        if any(NEW_OAUTH2.fullmatch(name) and value for name, value in props.items()):
            on.add("oauth2")
    elif props.get("security.oauth2.client.clientId"):  # @ConditionalOnProperty(security.oauth2.client.clientId)
        on.add("oauth2")
    if props.get("security.basicform.enabled") is True and props.get("spring.security.user.name") \
            and props.get("spring.security.user.password"):
        on.add("basic")
    if props.get("saml.enabled") is True:
        on.add("saml")
    for method, flag in (("ldap", "ldap.enabled"), ("x509", "x509.enabled"), ("iap", "google.iap.enabled")):
        if props.get(flag) is True:
            on.add(method)
    return on


def gate_for(authn: dict, release: str, kleat_compat: bool = False, **security) -> dict:
    hal, report = halconfig.read({"security": dict(security, authn=authn)}, kleat_compat=kleat_compat)
    assert report.ok, report.problems
    return translate(hal, Release.parse(release))


# Halyard's provider presets, as they are stored in a halconfig.
PROVIDERS = {
    "github": {
        "client": {"clientId": "gh-id", "clientSecret": "gh-secret-value",
                   "accessTokenUri": "https://github.com/login/oauth/access_token",
                   "userAuthorizationUri": "https://github.com/login/oauth/authorize", "scope": "user:email"},
        "resource": {"userInfoUri": "https://api.github.com/user"},
        "userInfoMapping": {"email": "email", "lastName": "name", "username": "login"},
    },
    "google": {
        "client": {"clientId": "g-id", "clientSecret": "g-secret-value",
                   "accessTokenUri": "https://www.googleapis.com/oauth2/v4/token",
                   "userAuthorizationUri": "https://accounts.google.com/o/oauth2/v2/auth", "scope": "profile email"},
        "resource": {"userInfoUri": "https://www.googleapis.com/oauth2/v3/userinfo"},
        "userInfoMapping": {"email": "email", "firstName": "given_name", "lastName": "family_name"},
        "userInfoRequirements": {"hd": "example.com"},
    },
    "azure": {
        "client": {"clientId": "az-id", "clientSecret": "az-secret-value",
                   "accessTokenUri": "https://login.microsoftonline.com/tenant/oauth2/token",
                   "userAuthorizationUri": "https://login.microsoftonline.com/tenant/oauth2/authorize",
                   "scope": "profile", "clientAuthenticationScheme": "query"},
        "resource": {"userInfoUri": "https://graph.windows.net/me?api-version=1.6"},
        "userInfoMapping": {"username": "userPrincipalName", "email": "userPrincipalName",
                            "firstName": "givenName", "lastName": "surname"},
    },
    "spinnaker": {  # a generic (OTHER) provider
        "client": {"clientId": "o-id", "clientSecret": "o-secret-value",
                   "accessTokenUri": "https://sso.example.com/oauth2/token",
                   "userAuthorizationUri": "https://sso.example.com/oauth2/authorize", "scope": "openid email",
                   "clientAuthenticationScheme": "header",
                   "preEstablishedRedirectUri": "https://gate.example.com/api/v1/login"},
        "resource": {"userInfoUri": "https://sso.example.com/oauth2/userinfo"},
        "userInfoMapping": {"email": "mail", "username": "uid"},
    },
}


@pytest.mark.parametrize("release", LINES)
@pytest.mark.parametrize("provider", sorted(PROVIDERS))
def test_oauth2_turns_on_in_gate(provider, release):
    oauth2 = dict(PROVIDERS[provider], enabled=True)
    out = gate_for({"enabled": True, "oauth2": oauth2}, release)
    gate = out["gate.yml"]
    assert gate_logins(gate, release) == {"oauth2"}
    assert out["settings.js"]["authEnabled"] is True
    client = oauth2["client"]
    if Release.parse(release) < Release.parse("2025.2.0"):
        # kleat's legacy block, what those gates read; on by its client ID (no gate reads `enabled`)
        assert gate["security"]["oauth2"] == {k: v for k, v in oauth2.items() if k != "enabled"}
        assert "spring" not in gate
        return
    assert "oauth2" not in gate.get("security", {})
    spring = gate["spring"]["security"]["oauth2"]["client"]
    registration = spring["registration"][provider]
    assert registration["client-id"] == client["clientId"]
    assert registration["client-secret"] == client["clientSecret"]
    assert registration["authorization-grant-type"] == "authorization_code"
    assert registration["scope"] == client["scope"].split()
    endpoints = spring["provider"][provider]
    assert endpoints["authorization-uri"] == client["userAuthorizationUri"]
    assert endpoints["token-uri"] == client["accessTokenUri"]
    assert endpoints["user-info-uri"] == oauth2["resource"]["userInfoUri"]
    mapping = oauth2["userInfoMapping"]
    assert endpoints["user-name-attribute"] == mapping.get("username", "email")
    written = spring["registration"]["user-info-mapping"]
    assert written == {{"firstName": "first-name", "lastName": "last-name"}.get(k, k): v for k, v in mapping.items()}
    if "userInfoRequirements" in oauth2:
        assert spring["registration"]["user-info-requirements"] == oauth2["userInfoRequirements"]
    method = {"query": "client_secret_post", "header": "client_secret_basic"}.get(
        client.get("clientAuthenticationScheme"))
    assert registration.get("client-authentication-method") == method
    if provider == "spinnaker":
        assert registration["redirect-uri"] == "https://gate.example.com/api/v1/login/oauth2/code/spinnaker"
    else:
        assert registration["redirect-uri"] == "{baseUrl}/login/oauth2/code/{registrationId}"


def test_oauth2_callback_follows_the_public_gate_url():
    out = gate_for({"oauth2": dict(PROVIDERS["github"], enabled=True)}, "2026.4.0",
                   apiSecurity={"overrideBaseUrl": "https://spinnaker.example.com/api/v1"})
    registration = out["gate.yml"]["spring"]["security"]["oauth2"]["client"]["registration"]["github"]
    assert registration["redirect-uri"] == "https://spinnaker.example.com/api/v1/login/oauth2/code/github"


@pytest.mark.parametrize("release", LINES)
def test_oauth2_without_client_id_is_off_and_deck_agrees(release):
    oauth2 = copy.deepcopy(PROVIDERS["google"])
    del oauth2["client"]["clientId"]
    # A warning ([authn-complete], tests/test_verdict.py): gate runs with that login off, and
    # Deck agrees.
    hal, report = halconfig.read({"security": {"authn": {"enabled": True, "oauth2": dict(oauth2, enabled=True)}}})
    assert report.ok and [p.check for p in report.warnings] == ["authn-complete"]
    out = gate_for({"enabled": True, "oauth2": dict(oauth2, enabled=True)}, release, kleat_compat=True)
    assert gate_logins(out["gate.yml"], release) == set()
    assert out["settings.js"]["authEnabled"] is False


@pytest.mark.parametrize("release", LINES)
def test_basic_login(release):
    basic = {"enabled": True, "user": {"username": "admin", "password": "basic-password"}}
    out = gate_for({"basic": basic}, release)
    gate = out["gate.yml"]
    assert gate_logins(gate, release) == {"basic"}
    assert gate["security"] == {"basicform": {"enabled": True}}
    assert gate["spring"] == {"security": {"user": {"name": "admin", "password": "basic-password"}}}
    assert out["settings.js"]["authEnabled"] is True


@pytest.mark.parametrize("release", LINES)
def test_ldap_x509_iap_unchanged(release):
    authn = {"ldap": {"enabled": True, "url": "ldaps://ldap.example.com/dc=example", "userDnPattern": "uid={0}"},
             "x509": {"enabled": True, "roleOid": "1.2.3"}, "iap": {"enabled": True, "audience": "/p/1"}}
    gate = gate_for(authn, release)["gate.yml"]
    assert gate_logins(gate, release) == {"ldap", "x509", "iap"}
    assert gate["ldap"] == authn["ldap"] and gate["x509"] == authn["x509"] and gate["google"] == {"iap": authn["iap"]}


SAML = {"enabled": True, "metadataUrl": "/var/secrets/saml/metadata.xml", "issuerId": "spinnaker",
        "keyStore": "/var/secrets/saml/saml.jks", "keyStorePassword": "saml-store-password",
        "keyStoreAliasName": "saml", "redirectHostname": "gate.example.com", "redirectProtocol": "https",
        "redirectBasePath": "/", "signatureDigest": "SHA256", "signRequests": True,
        "signingCredentials": [{"privateKeyLocation": "/var/secrets/saml/key.pem",
                                "certificateLocation": "/var/secrets/saml/cert.pem"}],
        "decryptionCredentials": [{"privateKeyLocation": "/var/secrets/saml/dec.pem",
                                   "certificateLocation": "/var/secrets/saml/dec.crt"}],
        "userAttributeMapping": {"roles": "groups"}}
LEGACY_SAML = ("metadataUrl", "issuerId", "keyStore", "keyStorePassword", "keyStoreAliasName")


def _saml(release):
    gate = gate_for({"saml": SAML}, release)["gate.yml"]
    assert gate_logins(gate, release) == {"saml"}
    return gate


def test_saml_before_spring_security_is_kleats():
    saml = _saml("1.34.2")["saml"]
    expected = {k: v for k, v in SAML.items()
                if k not in ("signRequests", "signingCredentials", "decryptionCredentials")}
    assert saml == expected


@pytest.mark.parametrize("release", ["1.35.0", "2025.2.0", "2026.2.3"])
def test_saml_on_spring_security_signs_with_pem_credentials(release):
    gate = _saml(release)
    saml = gate["saml"]
    for dead in ("redirectHostname", "redirectProtocol", "redirectBasePath", "signatureDigest",
                 "decryptionCredentials"):
        assert dead not in saml
    assert saml["signRequests"] is True and saml["signingCredentials"] == SAML["signingCredentials"]
    assert all(saml[key] == SAML[key] for key in LEGACY_SAML)
    assert "saml2" not in str(gate.get("spring"))


@pytest.mark.parametrize("release", ["2026.3.0", "2026.4.0"])
def test_saml_as_a_relying_party_registration(release):
    gate = _saml(release)
    assert gate["saml"] == {"enabled": True, "userAttributeMapping": {"roles": "groups"}}
    registration = gate["spring"]["security"]["saml2"]["relyingparty"]["registration"]["SSO"]
    assert registration == {
        "entity-id": "spinnaker",
        "acs": {"location": "{baseUrl}/saml/SSO"},
        "assertingparty": {"metadata-uri": "file:/var/secrets/saml/metadata.xml",
                           "singlesignon": {"sign-request": True}},
        "signing": {"credentials": [{"private-key-location": "file:/var/secrets/saml/key.pem",
                                     "certificate-location": "file:/var/secrets/saml/cert.pem"}]},
        "decryption": {"credentials": [{"private-key-location": "file:/var/secrets/saml/dec.pem",
                                        "certificate-location": "file:/var/secrets/saml/dec.crt"}]},
    }


GITHUB_APP = {"baseUrl": "https://api.github.com", "organization": "example", "appId": "123",
              "privateKeyPath": "/var/secrets/app.pem", "installationId": "456", "authMethod": "GITHUB_APP"}


@pytest.mark.parametrize("release,reads", [("2025.4.4", False), ("2026.0.1", True), ("2026.4.0", True)])
def test_fiat_github_app_group_sync(release, reads):
    hal, report = halconfig.read({"security": {
        "authn": {"enabled": True, "basic": {"enabled": True, "user": {"username": "admin", "password": "pw"}}},
        "authz": {"enabled": True, "groupMembership": {"service": "GITHUB", "github": GITHUB_APP}}}})
    assert report.ok and not report.problems, report.problems
    github = translate(hal, Release.parse(release))["fiat.yml"]["auth"]["groupMembership"]["github"]
    if reads:
        assert github == GITHUB_APP
    else:
        assert github == {"baseUrl": "https://api.github.com", "organization": "example"}


def test_authn_enabled_alone_does_not_tell_deck_to_log_in():
    out = gate_for({"enabled": True}, "2026.4.0")
    assert out["settings.js"]["authEnabled"] is False
    out = gate_for({"enabled": False, "ldap": {"enabled": True, "url": "ldap://x"}}, "2026.4.0")
    assert out["settings.js"]["authEnabled"] is True


# ------------------------------------------------------------ the examples

def _example_halconfig(name):
    with open(os.path.join(ROOT, "examples", name)) as handle:
        data = yaml.safe_load(handle)
    return data["halconfig"] if "halconfig" in data else data


@pytest.mark.parametrize("release", LINES)
@pytest.mark.parametrize("example", ["halconfig.yml", "values-production.yaml"])
def test_examples_turn_login_on_for_every_release(example, release):
    hal, report = halconfig.read(_example_halconfig(example))
    assert report.ok
    out = translate(hal, Release.parse(release))
    assert gate_logins(out["gate.yml"], release) == {"oauth2"}
    assert out["settings.js"]["authEnabled"] is True


# --------------------------------------------------- through the post-renderer

def _post_render(values):
    import handover
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    result = handover.post_render(handover.helm3_stream(handover.render(values)))
    assert result.returncode == 0, result.stderr.decode()
    return [o for o in yaml.safe_load_all(result.stdout.decode()) if isinstance(o, dict)]


def _gate_objects(objs):
    return [o for o in objs if o["kind"] in ("ConfigMap", "Secret")
            and (o["metadata"].get("labels") or {}).get("app.kubernetes.io/component") == "gate"]


@pytest.mark.parametrize("release", ["1.35.3", "2025.2.0", "2026.4.0"])
def test_client_secret_reaches_gate_only_through_a_secret(release):
    oauth2 = dict(PROVIDERS["google"], enabled=True)
    objs = _post_render({"spinnaker": {"version": release},
                         "halconfig": {"security": {"authn": {"enabled": True, "oauth2": oauth2}}}})
    gate_files = {}
    for obj in objs:
        for name, value in (obj.get("data") or {}).items():
            text = base64.b64decode(value).decode() if obj["kind"] == "Secret" else value
            if obj["kind"] == "ConfigMap":
                assert "g-secret-value" not in text, (obj["metadata"]["name"], name)
            if obj in _gate_objects(objs):
                gate_files[(obj["kind"], name)] = text
    gate = yaml.safe_load(gate_files[("Secret", "gate.yml")])
    assert gate_logins(gate, release) == {"oauth2"}
    assert ("ConfigMap", "gate.yml") not in gate_files


@pytest.mark.parametrize("release", ["1.36.0", "2025.3.1", "2026.4.0"])
def test_production_example_has_login_in_every_release_line(release):
    with open(os.path.join(ROOT, "examples", "values-production.yaml")) as handle:
        values = yaml.safe_load(handle)
    values.setdefault("spinnaker", {})["version"] = release
    objs = _post_render(values)
    [secret] = [o for o in _gate_objects(objs) if o["kind"] == "Secret"]
    gate = yaml.safe_load(base64.b64decode(secret["data"]["gate.yml"]).decode())
    assert gate_logins(gate, release) == {"oauth2"}
    deck = [o for o in objs if o["kind"] == "ConfigMap"
            and (o["metadata"].get("labels") or {}).get("app.kubernetes.io/component") == "deck"]
    assert '"authEnabled":true' in deck[0]["data"]["settings.js"].replace(" ", "")


def test_post_render_refuses_an_unsupported_release():
    import handover
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    result = handover.post_render(handover.helm3_stream(handover.render({"spinnaker": {"version": "1.29.0"}})))
    assert result.returncode == 1 and result.stdout == b""
    assert b"spinnaker.version" in result.stderr and b"2026.N.P" in result.stderr


@pytest.mark.parametrize("uri,registration", [
    ("https://accounts.google.com/o/oauth2/v2/auth", "google"),
    ("https://github.com/login/oauth/authorize", "github"),
    ("https://github.example.com/login/oauth/authorize", "github"),  # GitHub Enterprise
    ("https://login.microsoftonline.com/tenant/oauth2/authorize", "azure"),
    ("https://idcs-1.identity.oraclecloud.com/oauth2/v1/authorize", "oracle"),
    ("https://sso.example.com/authorize", "spinnaker"),
    (None, "spinnaker"),
])
def test_oauth2_registration_is_named_after_the_provider(uri, registration):
    from renderer.translate.gate import oauth2_registration

    client = {"clientId": "id", "clientSecret": "secret"}
    if uri is not None:
        client["userAuthorizationUri"] = uri
    assert oauth2_registration({"client": client}) == registration
    gate = gate_for({"oauth2": {"enabled": True, "client": client}}, "2026.4.0")["gate.yml"]
    assert gate["spring"]["security"]["oauth2"]["client"]["registration"][registration]["client-id"] == "id"
