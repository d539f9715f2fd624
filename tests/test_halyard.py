"""Halyard-form input: each rewrite rule on a small input, with its note.

Rules (from the issue): github-status -> githubStatus; persistentStoreType X ->
X.enabled; serviceIntegrations list -> map; SAML metadataLocal/metadataRemote/
serviceAddress; drop roleProviderType, oauth2 provider, security.enabled,
providerVersion, metricStores.enabled; azure useSshPublicKey string -> bool;
telemetry -> stats; primaryAccount fallback (Halyard form only). The syntactic
rules apply to kleat-form input too. Nothing changes without a note.
"""
from __future__ import annotations

import copy

import pytest

from renderer.read.halconfig import read
from renderer.problems import ERROR, NOTE, WARNING
from renderer.translate import translate

BASE = ("deploymentConfigurations", 0)


def halyard(deployment: dict, name="default", **top) -> dict:
    return {"halyardVersion": "1.45.0", "currentDeployment": name,
            "deploymentConfigurations": [dict(deployment, name=name)], **top}


def problems(report, level=None, path=None):
    return [p for p in report.problems
            if (level is None or p.level == level) and (path is None or p.path == tuple(path))]


def ok(data, **kw):
    # Fragments (SAML on without the rest of security, canary without stores): the preflight
    # checks' refusals are kleat-compat warnings here; test_verdict tests them.
    kw.setdefault("kleat_compat", True)
    hal, report = read(data, **kw)
    assert report.ok, [p.render() for p in report.errors]
    return hal, report


def refused(data, path, *words, **kw):
    hal, report = read(data, **kw)
    assert not report.ok
    errors = problems(report, ERROR, path)
    assert errors, ([p.render() for p in report.errors], path)
    text = " ".join(p.message + " " + p.hint for p in errors).lower()
    for word in words:
        assert word.lower() in text, (word, text)
    return report


def both_forms(section: dict):
    """(form name, data, base path) for the same content in kleat and Halyard form."""
    return [("kleat", copy.deepcopy(section), ()), ("halyard", halyard(copy.deepcopy(section)), BASE)]


FORMS = ["kleat", "halyard"]


def _form(kind, section):
    return dict((k, (d, b)) for k, d, b in both_forms(section))[kind]


# ------------------------------------------------------------ deployments


def test_current_deployment_chosen():
    data = {"currentDeployment": "b",
            "deploymentConfigurations": [{"name": "a", "version": "1.0.0"}, {"name": "b", "version": "2.0.0"}]}
    hal, report = ok(data)
    assert hal["version"] == "2.0.0"
    assert problems(report, NOTE, ("deploymentConfigurations", 1))


def test_deployment_argument_overrides_current():
    data = {"currentDeployment": "b",
            "deploymentConfigurations": [{"name": "a", "version": "1.0.0"}, {"name": "b", "version": "2.0.0"}]}
    hal, _ = ok(data, deployment="a")
    assert hal["version"] == "1.0.0"
    assert "name" not in hal


def test_missing_deployment_lists_names():
    data = {"currentDeployment": "b", "deploymentConfigurations": [{"name": "a"}, {"name": "b"}]}
    hal, report = read(data, deployment="zzz")
    assert hal is None and not report.ok
    message = report.errors[0].message + report.errors[0].hint
    assert "'a'" in message and "'b'" in message and "zzz" in message


def test_single_deployment_without_current():
    hal, _ = ok({"deploymentConfigurations": [{"name": "only", "timezone": "UTC"}]})
    assert hal["timezone"] == "UTC"


def test_empty_deployments_refused():
    refused({"deploymentConfigurations": []}, ("deploymentConfigurations",))


def test_deployment_argument_on_kleat_form_refused():
    hal, report = read({"timezone": "UTC"}, deployment="x")
    assert hal is None and not report.ok


def test_input_is_not_mutated():
    data = halyard({"notifications": {"github-status": {"enabled": True}},
                    "persistentStorage": {"persistentStoreType": "s3", "s3": {"bucket": "b"}},
                    "canary": {"serviceIntegrations": [{"name": "google", "enabled": True}]},
                    "security": {"authn": {"saml": {"metadataLocal": "/m", "serviceAddress": "https://h/"}}},
                    "providers": {"kubernetes": {"accounts": [{"name": "k"}]},
                                  "azure": {"accounts": [{"name": "az", "useSshPublicKey": "true"}]}},
                    "telemetry": {"enabled": False}})
    before = copy.deepcopy(data)
    ok(data)
    assert data == before


# ------------------------------------------------------------ github-status


@pytest.mark.parametrize("kind", FORMS)
def test_github_status_renamed(kind):
    data, base = _form(kind, {"notifications": {"github-status": {"enabled": True, "token": "t"}}})
    hal, report = ok(data)
    assert hal["notifications"] == {"githubStatus": {"enabled": True, "token": "t"}}
    assert problems(report, NOTE, base + ("notifications", "github-status"))
    echo = translate(hal)["echo.yml"]
    assert echo["githubStatus"] == {"enabled": True, "token": "t"}


@pytest.mark.parametrize("kind", FORMS)
def test_github_status_both_given_refused(kind):
    data, base = _form(kind, {"notifications": {"github-status": {"enabled": True},
                                                "githubStatus": {"enabled": False}}})
    refused(data, base + ("notifications", "github-status"), "githubStatus")


# ------------------------------------------------------ persistentStoreType


@pytest.mark.parametrize("store", ["s3", "gcs", "azs", "oracle"])
@pytest.mark.parametrize("kind", FORMS)
def test_persistent_store_type_enables_store(kind, store):
    data, base = _form(kind, {"persistentStorage": {"persistentStoreType": store,
                                                    store: {"bucket" if store in ("s3", "gcs") else
                                                            "storageContainerName" if store == "azs" else
                                                            "bucketName": "b"}}})
    hal, report = ok(data)
    block = hal["persistentStorage"][store]
    assert block["enabled"] is True
    assert "b" in block.values()
    assert "persistentStoreType" not in hal["persistentStorage"]
    assert problems(report, NOTE, base + ("persistentStorage", "persistentStoreType"))
    front50 = translate(hal)["front50.yml"]
    assert front50["spinnaker"][store]["enabled"] is True
    assert front50["spinnaker"][store] == hal["persistentStorage"][store]


def test_persistent_store_type_without_block():
    hal, _ = ok(halyard({"persistentStorage": {"persistentStoreType": "gcs"}}))
    assert hal["persistentStorage"]["gcs"] == {"enabled": True}


def test_persistent_store_type_only_enables_chosen():
    hal, _ = ok(halyard({"persistentStorage": {"persistentStoreType": "gcs", "gcs": {"bucket": "g"},
                                               "s3": {"bucket": "s"}}}))
    assert "enabled" not in hal["persistentStorage"]["s3"]
    assert translate(hal)["front50.yml"]["spinnaker"]["s3"] == {"bucket": "s"}


@pytest.mark.parametrize("kind", FORMS)
def test_persistent_store_type_redis_refused(kind):
    data, base = _form(kind, {"persistentStorage": {"persistentStoreType": "redis"}})
    refused(data, base + ("persistentStorage", "persistentStoreType"), "front50", "redis")


@pytest.mark.parametrize("value", ["mongo", "S4", ""])
def test_persistent_store_type_unknown_refused(value):
    report = refused(halyard({"persistentStorage": {"persistentStoreType": value}}),
                     BASE + ("persistentStorage", "persistentStoreType"))
    text = " ".join(p.message + p.hint for p in report.errors)
    assert "s3" in text and "gcs" in text  # says what would be valid


def test_persistent_store_type_contradicting_enabled_refused():
    refused(halyard({"persistentStorage": {"persistentStoreType": "s3", "s3": {"enabled": False}}}),
            BASE + ("persistentStorage", "s3", "enabled"))


# ---------------------------------------------------- serviceIntegrations


@pytest.mark.parametrize("kind", FORMS)
def test_service_integrations_list_to_map(kind):
    data, base = _form(kind, {"canary": {"enabled": True, "serviceIntegrations": [
        {"name": "google", "enabled": True, "gcsEnabled": True,
         "accounts": [{"name": "g", "bucket": "kayenta"}]},
        {"name": "prometheus", "enabled": False, "accounts": [{"name": "p"}]},
    ]}})
    hal, report = ok(data)
    integrations = hal["canary"]["serviceIntegrations"]
    assert sorted(integrations) == ["google", "prometheus"]
    assert "name" not in integrations["google"]
    assert integrations["google"]["accounts"] == [{"name": "g", "bucket": "kayenta"}]
    assert problems(report, NOTE, base + ("canary", "serviceIntegrations"))
    kayenta = translate(hal)["kayenta.yml"]["kayenta"]
    assert kayenta["google"] == {"enabled": True, "accounts": [{"name": "g", "bucket": "kayenta"}]}
    assert kayenta["gcs"] == {"enabled": True}
    assert kayenta["prometheus"] == {"enabled": False, "accounts": [{"name": "p"}]}


@pytest.mark.parametrize("entry", [{"enabled": True}, {"name": None}, {"name": 5}, "google"],
                         ids=["no-name", "null-name", "number-name", "not-a-mapping"])
def test_service_integration_without_name_refused(entry):
    data = halyard({"canary": {"serviceIntegrations": [{"name": "google"}, entry]}})
    refused(data, BASE + ("canary", "serviceIntegrations", 1), "name")


def test_service_integration_duplicate_name_refused():
    data = halyard({"canary": {"serviceIntegrations": [{"name": "google", "enabled": True},
                                                       {"name": "google", "enabled": False}]}})
    refused(data, BASE + ("canary", "serviceIntegrations", 1, "name"), "google")


# ------------------------------------------------------------------- SAML


def _saml(kind, saml):
    return _form(kind, {"security": {"authn": {"enabled": True, "saml": dict({"enabled": True}, **saml)}}})


SAML = BASE + ("security", "authn", "saml")


@pytest.mark.parametrize("kind", FORMS)
@pytest.mark.parametrize("key,value", [("metadataLocal", "/var/secrets/metadata.xml"),
                                       ("metadataLocal", "relative/meta.xml"),
                                       ("metadataRemote", "https://idp.test/metadata")])
def test_saml_metadata_kept_verbatim(kind, key, value):
    data, base = _saml(kind, {key: value})
    hal, report = ok(data)
    saml = hal["security"]["authn"]["saml"]
    assert saml["metadataUrl"] == value  # no file:// added
    assert key not in saml
    assert problems(report, NOTE, base + ("security", "authn", "saml", key))
    assert translate(hal)["gate.yml"]["saml"]["metadataUrl"] == value


def test_saml_two_metadata_sources_refused():
    refused(halyard({"security": {"authn": {"saml": {"metadataLocal": "/a", "metadataRemote": "https://b"}}}}),
            SAML)


def test_saml_metadata_and_url_refused():
    refused(halyard({"security": {"authn": {"saml": {"metadataLocal": "/a", "metadataUrl": "/b"}}}}), SAML)


@pytest.mark.parametrize("address,protocol,host,path", [
    ("https://spinnaker.test:8084", "https", "spinnaker.test:8084", "/"),
    ("https://spinnaker.test:8084/", "https", "spinnaker.test:8084", "/"),
    ("http://gate.example.com/api/v1", "http", "gate.example.com", "/api/v1"),
    ("https://gate.example.com:443/gate/", "https", "gate.example.com:443", "/gate/"),
])
@pytest.mark.parametrize("kind", FORMS)
def test_saml_service_address_split(kind, address, protocol, host, path):
    data, base = _saml(kind, {"metadataUrl": "/m", "serviceAddress": address})
    hal, report = ok(data)
    saml = hal["security"]["authn"]["saml"]
    assert (saml["redirectProtocol"], saml["redirectHostname"], saml["redirectBasePath"]) == (protocol, host, path)
    assert "serviceAddress" not in saml
    assert problems(report, NOTE, base + ("security", "authn", "saml", "serviceAddress"))
    gate = translate(hal)["gate.yml"]["saml"]
    assert (gate["redirectProtocol"], gate["redirectHostname"], gate["redirectBasePath"]) == (protocol, host, path)


@pytest.mark.parametrize("address", ["spinnaker.test:8084", 8084])
def test_saml_service_address_not_a_url_refused(address):
    refused(halyard({"security": {"authn": {"saml": {"serviceAddress": address}}}}),
            SAML + ("serviceAddress",), "https://")


# ------------------------------------------------------- dropped with a note


DROPPED = {
    "roleProviderType": ({"security": {"authz": {"enabled": True, "groupMembership": {
        "service": "GOOGLE", "google": {"domain": "d.test", "roleProviderType": "GOOGLE"}}}}},
        ("security", "authz", "groupMembership", "google", "roleProviderType")),
    "oauth2-provider": ({"security": {"authn": {"oauth2": {"enabled": True, "provider": "GITHUB",
                                                           "client": {"clientId": "c"}}}}},
                        ("security", "authn", "oauth2", "provider")),
    "security.enabled": ({"security": {"enabled": True, "authn": {"enabled": True}}}, ("security", "enabled")),
    "providerVersion": ({"providers": {"kubernetes": {"enabled": True, "primaryAccount": "k",
                                                      "accounts": [{"name": "k", "providerVersion": "V2"}]}}},
                        ("providers", "kubernetes", "accounts", 0, "providerVersion")),
    "metricStores.enabled": ({"metricStores": {"enabled": True, "prometheus": {"enabled": True}}},
                             ("metricStores", "enabled")),
}


@pytest.mark.parametrize("kind", FORMS)
@pytest.mark.parametrize("case", sorted(DROPPED))
def test_halyard_only_fields_dropped_with_note(case, kind):
    section, path = DROPPED[case]
    data, base = _form(kind, section)
    hal, report = ok(data, strict=True)  # known fields: --strict does not refuse them
    node = hal
    for part in path[:-1]:
        node = node[part]
    assert path[-1] not in node
    notes = problems(report, NOTE, base + path)
    assert len(notes) == 1, [p.render() for p in report.problems]
    assert not problems(report, WARNING, base + path)
    # and no output file carries it
    if path[-1] != "enabled":
        assert path[-1] not in _all_keys(translate(hal))


def _all_keys(data, found=None):
    found = set() if found is None else found
    if isinstance(data, dict):
        found.update(data)
        for value in data.values():
            _all_keys(value, found)
    elif isinstance(data, list):
        for value in data:
            _all_keys(value, found)
    return found


def test_dropped_fields_absent_from_outputs():
    section = {"security": {"enabled": True,
                            "authn": {"enabled": True,
                                      "oauth2": {"enabled": True, "provider": "GITHUB", "client": {"clientId": "c"}}},
                            "authz": {"enabled": True, "groupMembership": {
                                "service": "FILE", "file": {"path": "/r.yml", "roleProviderType": "FILE"}}}},
               "metricStores": {"enabled": True, "period": 30, "prometheus": {"enabled": True}}}
    hal, _ = ok(halyard(section))
    out = translate(hal)
    assert out["fiat.yml"]["auth"]["groupMembership"] == {"service": "FILE", "file": {"path": "/r.yml"}}
    assert "provider" not in out["gate.yml"]["security"]["oauth2"]
    assert out["spinnaker-monitoring.yml"]["monitor"] == {"period": 30, "metric_store": ["prometheus"]}
    assert "enabled" not in out["spinnaker-monitoring.yml"]


# -------------------------------------------------------- useSshPublicKey


@pytest.mark.parametrize("kind", FORMS)
@pytest.mark.parametrize("raw,value", [("true", True), ("false", False), ("True", True), (" FALSE ", False)])
def test_azure_use_ssh_public_key_string_to_bool(kind, raw, value):
    data, base = _form(kind, {"providers": {"azure": {"enabled": True, "accounts": [
        {"name": "a1"}, {"name": "a2", "useSshPublicKey": raw}]}}})
    hal, report = ok(data)
    account = hal["providers"]["azure"]["accounts"][1]
    assert account["useSshPublicKey"] is value
    assert problems(report, NOTE, base + ("providers", "azure", "accounts", 1, "useSshPublicKey"))
    assert translate(hal)["clouddriver.yml"]["azure"]["accounts"][1]["useSshPublicKey"] is value


def test_azure_use_ssh_public_key_bool_untouched():
    hal, report = ok(halyard({"providers": {"azure": {"accounts": [{"name": "a", "useSshPublicKey": True}]}}}))
    assert hal["providers"]["azure"]["accounts"][0]["useSshPublicKey"] is True
    assert not problems(report, NOTE, BASE + ("providers", "azure", "accounts", 0, "useSshPublicKey"))


def test_azure_use_ssh_public_key_garbage_refused():
    refused(halyard({"providers": {"azure": {"accounts": [{"name": "a", "useSshPublicKey": "maybe"}]}}}),
            BASE + ("providers", "azure", "accounts", 0, "useSshPublicKey"))


# ------------------------------------------------------------- telemetry


@pytest.mark.parametrize("kind", FORMS)
def test_telemetry_read_as_stats(kind):
    data, base = _form(kind, {"version": "1.30.0",
                              "telemetry": {"enabled": False, "endpoint": "https://stats.test"}})
    hal, report = ok(data)
    assert "telemetry" not in hal
    assert hal["stats"] == {"enabled": False, "endpoint": "https://stats.test"}
    assert problems(report, NOTE, base + ("telemetry",))
    stats = translate(hal)["echo.yml"]["stats"]
    assert stats["enabled"] is False and stats["endpoint"] == "https://stats.test"


@pytest.mark.parametrize("kind", FORMS)
def test_telemetry_next_to_stats_is_dropped_with_a_note(kind):
    data, base = _form(kind, {"telemetry": {"enabled": True}, "stats": {"enabled": False}})
    hal, report = read(data)
    assert report.ok, report.problems
    assert hal["stats"] == {"enabled": False}
    notes = [p for p in report.problems if p.level == "note" and p.path == base + ("telemetry",)]
    assert notes and "'stats' is used" in notes[0].message


# -------------------------------------------------------- primaryAccount


def test_primary_account_fallback_in_halyard_form():
    hal, report = ok(halyard({"providers": {
        "kubernetes": {"enabled": True, "accounts": [{"name": "first"}, {"name": "second"}]},
        "aws": {"enabled": True, "accounts": [{"name": "a1", "regions": [{"name": "us-east-1"}]}]},
        "google": {"enabled": True, "primaryAccount": "g2",
                   "accounts": [{"name": "g1"}, {"name": "g2", "regions": ["europe-west1"]}]},
    }}))
    providers = hal["providers"]
    assert providers["kubernetes"]["primaryAccount"] == "first"
    assert providers["aws"]["primaryAccount"] == "a1"
    assert providers["google"]["primaryAccount"] == "g2"  # an explicit one is kept
    assert problems(report, NOTE, BASE + ("providers", "kubernetes", "primaryAccount"))
    assert problems(report, NOTE, BASE + ("providers", "aws", "primaryAccount"))
    assert not problems(report, NOTE, BASE + ("providers", "google", "primaryAccount"))
    out = translate(hal)
    assert "primaryAccount" not in out["clouddriver.yml"]["kubernetes"]  # Deck's and orca's, not clouddriver's
    assert out["settings.js"]["providers"]["aws"]["defaults"] == {"account": "a1", "region": "us-east-1"}
    assert out["settings.js"]["providers"]["gce"]["defaults"] == {"account": "g2", "region": "europe-west1"}
    assert out["orca.yml"]["default"]["bake"] == {"account": "a1"}


def test_no_primary_account_fallback_in_kleat_form():
    hal, report = ok({"providers": {"kubernetes": {"enabled": True, "accounts": [{"name": "first"}]},
                                    "aws": {"enabled": True, "accounts": [{"name": "a1"}]}}})
    assert "primaryAccount" not in hal["providers"]["kubernetes"]
    assert "primaryAccount" not in hal["providers"]["aws"]
    assert not [p for p in report.problems if p.path and p.path[-1] == "primaryAccount"]
    out = translate(hal)
    assert out["settings.js"]["providers"]["aws"] == {"defaults": {}}
    assert out["orca.yml"]["default"] == {"bake": {}}


def test_primary_account_fallback_skips_nameless_and_empty():
    hal, _ = ok(halyard({"providers": {"kubernetes": {"accounts": [{"context": "x"}, {"name": "second"}]},
                                       "google": {"accounts": []},
                                       "ecs": {"enabled": True}}}))
    assert "primaryAccount" not in hal["providers"]["kubernetes"]
    assert "primaryAccount" not in hal["providers"].get("google", {})
    assert "primaryAccount" not in hal["providers"]["ecs"]


# ----------------------------------------------------------- no silent change


SILENT_CHECK = {
    "github-status": {"notifications": {"github-status": {"enabled": True}}},
    "persistentStoreType": {"persistentStorage": {"persistentStoreType": "s3"}},
    "serviceIntegrations": {"canary": {"serviceIntegrations": [{"name": "aws", "enabled": True}]}},
    "metadataLocal": {"security": {"authn": {"saml": {"metadataLocal": "/m"}}}},
    "metadataRemote": {"security": {"authn": {"saml": {"metadataRemote": "https://m"}}}},
    "serviceAddress": {"security": {"authn": {"saml": {"metadataUrl": "/m", "serviceAddress": "https://h"}}}},
    "useSshPublicKey": {"providers": {"azure": {"accounts": [{"name": "a", "useSshPublicKey": "true"}]}}},
    "telemetry": {"telemetry": {"enabled": True}},
    "primaryAccount": {"providers": {"dcos": {"accounts": [{"name": "d"}]}}},
    **{name: section for name, (section, _) in DROPPED.items()},
}


@pytest.mark.parametrize("case", sorted(SILENT_CHECK))
def test_every_rewrite_is_noted(case):
    data = halyard(SILENT_CHECK[case])
    hal, report = ok(data)
    notes = [p for p in report.problems if p.level == NOTE and p.path != BASE]
    assert notes, f"{case}: rewritten without a note"
    for note in notes:
        assert note.path[:2] == BASE
        assert note.message


def test_notes_are_not_errors_or_warnings():
    """Halyard's own spellings are accepted quietly (notes only), also under --strict."""
    for case, section in SILENT_CHECK.items():
        _, report = ok(halyard(section), strict=True)
        assert not [p for p in problems(report, WARNING) if p.check is None], \
            (case, [p.render() for p in report.problems])


def test_unknown_top_level_key_in_halyard_file_warned():
    hal, report = ok(halyard({"timezone": "UTC"}, extra={"x": 1}))
    assert problems(report, WARNING, ("extra",))


# ------------------------------------------------------------ base paths


def test_base_prefixes_rule_paths_in_kleat_form():
    _, report = read({"notifications": {"github-status": {"enabled": "maybe"}}, "x": 1},
                     base=("values", "halconfig"))
    assert report.problems
    assert all(p.path[:2] == ("values", "halconfig") for p in report.problems), \
        [p.render() for p in report.problems]


@pytest.mark.parametrize("data", [
    halyard({"telemetry": {"enabled": True}}),
    {"currentDeployment": "nope", "deploymentConfigurations": [{"name": "a"}]},
    halyard({}, extra=1),
], ids=["note", "error", "warning"])
def test_base_prefixes_all_paths_in_halyard_form(data):
    _, report = read(data, base=("values", "halconfig"))
    assert report.problems
    assert all(p.path[:2] == ("values", "halconfig") for p in report.problems), \
        [p.render() for p in report.problems]


# ------------------------------------------------------ conflicting rewrites


def test_saml_service_address_conflicting_with_redirect_fields():
    hal, report = read(halyard({"security": {"authn": {"saml": {
        "metadataUrl": "/m", "serviceAddress": "https://a.test:1/p", "redirectHostname": "b.test"}}}}))
    if report.ok:
        assert hal["security"]["authn"]["saml"]["redirectHostname"] == "b.test"
    else:
        assert problems(report, ERROR)
