"""The core model sections: security, persistentStorage, stats/features, spinnaker, the root.

Halyard-only keys are accepted, dropped and reported; pass-through keys
reach the service that reads them; credentials are marked secret.
"""
from __future__ import annotations


import pytest

from renderer.read import halconfig
from renderer.model import HAL, HALYARD_FILE, common, hal as hal_module, security, spinnaker, storage
from renderer.model.dsl import ENUM
from renderer.problems import ERROR, NOTE, WARNING
from renderer.translate import translate

CORE_MODULES = (security, storage, hal_module, common, spinnaker)


def read(data, **kw):
    return halconfig.read(data, **kw)


def problems(report, level):
    return {p.path: p for p in report.problems if p.level == level}


def field(*path):
    """The Field at `path` (input names) below HAL."""
    msg, found = HAL, None
    for key in path:
        found = msg.inputs[key]
        msg = found.target
    return found


# --- Halyard-only keys: accepted, dropped, reported -------------------------------------------

@pytest.mark.parametrize("path,value", [
    (("deploymentEnvironment",), {"size": "SMALL", "customSizing": {"gate": {"replicas": 2}}}),
    (("armory",), {"dinghy": {"enabled": True}}),
    (("plugins",), {"plugins": [], "enabled": False}),
    (("security", "enabled"), True),
    (("security", "authn", "oauth2", "provider"), "GOOGLE"),
    (("security", "authz", "groupMembership", "github", "roleProviderType"), "GITHUB"),
    (("persistentStorage", "redis"), {"host": "redis", "port": 6379}),
    (("persistentStorage", "oraclebmcs"), {"tenancyId": "t"}),
    (("stats", "readTimeoutMillis"), 5000),
    (("stats", "connectionTimeoutMillis"), 3000),
    (("stats", "deploymentMethod"), {"type": "halyard", "version": "1.45.0"}),
    (("stats", "spinnakerVersion"), "1.30.0"),
    (("features", "artifacts"), True),
    (("features", "artifactsRewrite"), True),
    (("features", "fiat"), True),
    (("features", "entityTags"), True),
    (("features", "auth"), True),
    (("features", "jobs"), False),
    (("features", "mineCanary"), True),
    (("spinnaker", "extensibility", "plugins", "Acme.Plugin", "uiResourceLocation"), "/x.js"),
])
def test_halyard_only_key_is_dropped_with_a_note(path, value):
    data = value
    for key in reversed(path):
        data = {key: data}
    hal, report = read(data)
    assert report.ok, report.problems
    notes = problems(report, NOTE)
    assert path in notes, report.problems
    assert not problems(report, WARNING)
    node = hal
    for key in path[:-1]:
        node = node[key]
    assert path[-1] not in node


def test_dropped_stats_keys_leave_echo_stats_alone():
    hal, report = read({"version": "1.30.0",
                        "stats": {"enabled": True, "instanceId": "abc", "readTimeoutMillis": 9000,
                                  "deploymentMethod": {"type": "halyard"}, "spinnakerVersion": "0.0.1"}})
    assert report.ok
    stats = translate(hal)["echo.yml"]["stats"]
    assert stats["spinnakerVersion"] == "1.30.0"
    assert stats["deploymentMethod"]["type"] != "halyard"
    assert "readTimeoutMillis" not in stats


def test_halyard_deployment_level_keys_in_a_halyard_file():
    data = {"halyardVersion": "1.45.0", "currentDeployment": "default",
            "deploymentConfigurations": [{
                "name": "default", "version": "1.30.0",
                "deploymentEnvironment": {"size": "SMALL"},
                "telemetry": {"enabled": False},
                "persistentStorage": {"persistentStoreType": "s3", "s3": {"bucket": "b"}},
            }]}
    hal, report = read(data)
    assert report.ok, report.problems
    base = ("deploymentConfigurations", 0)
    notes = problems(report, NOTE)
    assert base + ("deploymentEnvironment",) in notes
    assert "services.<name>" in notes[base + ("deploymentEnvironment",)].message
    assert "name" not in hal and "telemetry" not in hal
    assert hal["stats"] == {"enabled": False}
    assert hal["persistentStorage"]["s3"] == {"bucket": "b", "enabled": True}
    assert translate(hal)["front50.yml"]["spinnaker"]["s3"]["enabled"] is True


def test_name_in_kleat_form_is_dropped_with_a_note():
    hal, report = read({"name": "default", "version": "1.30.0"})
    assert ("name",) in problems(report, NOTE)
    assert hal == {"version": "1.30.0"}


@pytest.mark.parametrize("path", [
    ("name",), ("telemetry",),
    ("persistentStorage", "persistentStoreType"),
    ("security", "authn", "saml", "metadataLocal"),
    ("security", "authn", "saml", "metadataRemote"),
    ("security", "authn", "saml", "serviceAddress"),
])
def test_fields_rewritten_by_halyard_py_are_declared_as_converted(path):
    assert field(*path).halyard.startswith("converted:")


def test_persistent_store_type_values():
    f = field("persistentStorage", "persistentStoreType")
    assert f.kind == ENUM and set(f.values[1:]) == {"s3", "gcs", "azs", "oracle", "redis"}


def test_saml_halyard_spellings_reach_gate():
    data = {"deploymentConfigurations": [{"name": "d", "security": {"authn": {"saml": {
        "enabled": True, "metadataRemote": "https://idp/metadata.xml",
        "serviceAddress": "https://gate.example.com/api"}}}}]}
    hal, report = read(data)
    assert report.ok, report.problems
    saml = translate(hal)["gate.yml"]["saml"]
    assert saml["metadataUrl"] == "https://idp/metadata.xml"
    assert (saml["redirectProtocol"], saml["redirectHostname"], saml["redirectBasePath"]) == \
        ("https", "gate.example.com", "/api")


# --- pass-through keys ------------------------------------------------------------------------

def test_group_membership_external_passes_to_fiat():
    hal, report = read({"security": {"authn": {"enabled": True},
                                     "authz": {"enabled": True, "groupMembership": {"service": "EXTERNAL"}}}})
    assert report.ok and not report.problems
    assert translate(hal)["fiat.yml"]["auth"]["groupMembership"]["service"] == "EXTERNAL"


def test_group_membership_rejects_unknown_service():
    _, report = read({"security": {"authz": {"groupMembership": {"service": "KERBEROS"}}}})
    errors = problems(report, ERROR)
    assert ("security", "authz", "groupMembership", "service") in errors
    assert "EXTERNAL" in errors[("security", "authz", "groupMembership", "service")].message


def test_s3_versioning_false_reaches_front50():
    hal, report = read({"persistentStorage": {"s3": {"enabled": True, "bucket": "b", "versioning": False}}})
    assert report.ok and not report.problems
    assert translate(hal)["front50.yml"]["spinnaker"]["s3"]["versioning"] is False


def test_s3_versioning_wrong_type_is_refused_with_its_path():
    hal, report = read({"persistentStorage": {"s3": {"versioning": "sometimes"}}})
    errors = problems(report, ERROR)
    assert ("persistentStorage", "s3", "versioning") in errors
    assert "versioning" not in hal["persistentStorage"]["s3"]


def test_plugin_config_and_extensions_are_kept():
    plugin = {"enabled": True, "version": "1.0.0", "config": {"nested": {"a": [1, 2]}},
              "extensions": {"acme.stage": {"enabled": True, "config": {"x": "y"}}}}
    hal, report = read({"spinnaker": {"extensibility": {
        "plugins": {"Acme.Plugin": plugin},
        "repositories": {"acme": {"url": "https://example.com/plugins.json"}}}}})
    assert report.ok and not report.problems
    assert hal["spinnaker"]["extensibility"]["plugins"]["Acme.Plugin"] == plugin


def test_plugin_extension_enabled_must_be_a_boolean():
    _, report = read({"spinnaker": {"extensibility": {"plugins": {"P": {
        "extensions": {"e": {"enabled": "yes"}}}}}}})
    assert ("spinnaker", "extensibility", "plugins", "P", "extensions", "e", "enabled") in problems(report, ERROR)


# --- secrets ------------------------------------------------------------------------------------

SECRETS = [
    ("webhook", "trust", "trustStorePassword"),
    ("security", "apiSecurity", "ssl", "keyStorePassword"),
    ("security", "apiSecurity", "ssl", "trustStorePassword"),
    ("security", "uiSecurity", "ssl", "sslCertificatePassphrase"),
    ("security", "authn", "oauth2", "client", "clientSecret"),
    ("security", "authn", "saml", "keyStorePassword"),
    ("security", "authn", "ldap", "managerPassword"),
    ("security", "authn", "basic", "user", "password"),
    ("security", "authz", "groupMembership", "github", "accessToken"),
    ("security", "authz", "groupMembership", "ldap", "managerPassword"),
    ("persistentStorage", "azs", "storageAccountKey"),
    ("persistentStorage", "oracle", "privateKeyPassphrase"),
    ("persistentStorage", "oraclebmcs", "privateKeyPassphrase"),
    ("persistentStorage", "s3", "secretAccessKey"),
    ("persistentStorage", "sql", "default", "password"),
    ("persistentStorage", "sql", "migration", "password"),
]


@pytest.mark.parametrize("path", SECRETS)
def test_credentials_are_secret(path):
    assert field(*path).secret


def test_only_credentials_are_secret():
    """Paths, key IDs, user names and URLs stay visible."""
    found = set()

    def walk(msg, path, seen):
        for f in msg.fields.values():
            if f.secret:
                found.add(path + (f.name,))
            if f.target is not None and f.target.name not in seen:
                walk(f.target, path + (f.name,), seen | {f.target.name})

    for top in ("webhook", "security", "persistentStorage", "stats", "features", "spinnaker",
                "managedDelivery"):
        walk(HAL.fields[top].target, (top,), set())
    assert found == set(SECRETS)


# --- declarations -------------------------------------------------------------------------------

def test_halyard_file_message():
    assert set(HALYARD_FILE.fields) == {"halyardVersion", "currentDeployment", "deploymentConfigurations"}
    deployments = HALYARD_FILE.fields["deploymentConfigurations"]
    assert deployments.repeated and deployments.target is HAL
