"""The integration sections: artifacts, ci, repository, notifications, pubsub, canary, metricStores.

Halyard-only keys are accepted, dropped and reported; keys kleat lacks but a
service reads reach that service's file; credentials are marked secret and
kept out of Deck's settings.js; bad values are refused with their path.
"""
from __future__ import annotations

import pytest
from conftest import secret_paths

from renderer.read import halconfig
from renderer.model import (
    HAL,
    artifacts,
    canary,
    ci,
    metricstores,
    notifications,
    pubsub,
    repository,
)
from renderer.problems import ERROR, NOTE, WARNING
from renderer.translate import translate

MODULES = (artifacts, ci, repository, notifications, pubsub, canary, metricstores)
SECTIONS = ("artifacts", "ci", "repository", "notifications", "pubsub", "canary", "metricStores")


def read(data, **kw):
    return halconfig.read(data, **kw)


def at(level, report):
    return {p.path: p for p in report.problems if p.level == level}


def nest(path, value):
    """Build data with `value` at `path`; an int in the path makes a one-item list."""
    for key in reversed(path):
        value = [value] if isinstance(key, int) else {key: value}
    return value


def dig(data, path):
    for key in path:
        data = data[key]
    return data


# --- Halyard-only keys: accepted, dropped, reported ---------------------------------------------

DROPPED = [
    ("pubsub", "google", "pubsubType"),
    ("canary", "stagesEnabled"),
    ("canary", "reduxLoggerEnabled"),
    ("canary", "atlasWebComponentsUrl"),
    ("canary", "serviceIntegrations", "prometheus", "accounts", 0, "supportedTypes"),
    ("metricStores", "enabled"),
    ("repository", "artifactory", "searches", 0, "permissions"),
    ("repository", "nexus", "searches", 0, "permissions"),
    ("ci", "codebuild", "accounts", 0, "permissions"),
    ("ci", "travis", "masters", 0, "numberOfRepositories"),
]
VALUES = {"pubsubType": "GOOGLE", "stagesEnabled": True, "reduxLoggerEnabled": True,
          "atlasWebComponentsUrl": "https://atlas.example/wc.js",
          "supportedTypes": ["METRICS_STORE"], "enabled": True, "permissions": {"READ": ["dev"]},
          "numberOfRepositories": 25}


@pytest.mark.parametrize("path", DROPPED, ids=lambda p: ".".join(map(str, p)))
def test_halyard_only_key_is_dropped_with_a_note(path):
    data = nest(path, VALUES[path[-1]])
    if isinstance(path[-2], int):  # keep the list item named, so no 'name' warning
        dig(data, path[:-1])["name"] = "x"
    hal, report = read(data)
    assert report.ok, report.problems
    assert path in at(NOTE, report), report.problems
    assert not at(WARNING, report), report.problems
    assert path[-1] not in dig(hal, path[:-1])


def test_aws_canary_keys_reach_kayenta_as_explicit_credentials():
    # Kayenta's AwsManagedAccount binds static keys only under explicitCredentials.
    hal, report = read({"canary": {"enabled": True, "serviceIntegrations": {"aws": {
        "enabled": True, "accounts": [{"name": "s3", "accessKeyId": "AKIA", "secretAccessKey": "s3cr3t"},
                                      {"name": "role", "profileName": "default"}]}}}},
        kleat_compat=True)  # no metrics source: a preflight refusal, beside the point here
    assert report.ok
    kayenta = translate(hal)["kayenta.yml"]["kayenta"]
    assert kayenta["aws"]["accounts"] == [
        {"name": "s3", "explicitCredentials": {"accessKey": "AKIA", "secretKey": "s3cr3t"}},
        {"name": "role", "profileName": "default"}]


def test_halyard_file_with_integration_sections():
    """The Halyard spellings of these sections, in one ~/.hal/config."""
    config = {"currentDeployment": "default", "deploymentConfigurations": [{
        "name": "default",
        "notifications": {"github-status": {"enabled": True, "token": "gh-token"},
                          "slack": {"enabled": True, "botName": "spinbot", "token": "xoxb"}},
        "pubsub": {"enabled": True, "google": {"enabled": True, "pubsubType": "GOOGLE", "subscriptions": [
            {"name": "gcr", "project": "p", "subscriptionName": "s", "messageFormat": "GCR"}]}},
        "metricStores": {"enabled": True, "period": 30,
                         "prometheus": {"enabled": True, "add_source_metalabels": True}},
        "canary": {"enabled": True, "reduxLoggerEnabled": True, "stagesEnabled": True,
                   "defaultStorageAccount": "gcs-store", "serviceIntegrations": [
                       {"name": "prometheus", "enabled": True, "accounts": [
                           {"name": "prom", "endpoint": {"baseUrl": "http://prom:9090"},
                            "supportedTypes": ["METRICS_STORE"]}]},
                       {"name": "google", "enabled": True, "gcsEnabled": True, "accounts": [
                           {"name": "gcs-store", "project": "p", "bucket": "b",
                            "supportedTypes": ["CONFIGURATION_STORE", "OBJECT_STORE"]}]}]},
    }]}
    hal, report = read(config)
    assert report.ok, report.problems
    assert not at(WARNING, report), report.problems
    base = ("deploymentConfigurations", 0)
    notes = at(NOTE, report)
    for path in (("pubsub", "google", "pubsubType"), ("metricStores", "enabled"),
                 ("canary", "stagesEnabled"), ("canary", "reduxLoggerEnabled"),
                 # Reported where it stands in the file: the first entry of Halyard's list.
                 ("canary", "serviceIntegrations", 0, "accounts", 0, "supportedTypes")):
        assert base + path in notes, (path, report.problems)
    out = translate(hal)
    assert out["echo.yml"]["githubStatus"] == {"enabled": True, "token": "gh-token"}
    assert "pubsubType" not in out["echo.yml"]["pubsub"]["google"]
    kayenta = out["kayenta.yml"]["kayenta"]
    assert kayenta["prometheus"]["accounts"] == [{"name": "prom", "endpoint": {"baseUrl": "http://prom:9090"}}]
    assert kayenta["gcs"] == {"enabled": True}
    settings = out["settings.js"]
    assert settings["canary"]["storageAccountName"] == "gcs-store"
    assert "stagesEnabled" not in settings["canary"]
    assert settings["notifications"]["githubStatus"] == {"enabled": True}
    assert settings["notifications"]["slack"] == {"enabled": True, "botName": "spinbot"}
    monitoring = out["spinnaker-monitoring.yml"]
    assert monitoring["prometheus"] == {"enabled": True, "add_source_metalabels": True}
    assert monitoring["monitor"] == {"period": 30, "metric_store": ["prometheus"]}


# --- keys kleat lacks that a service reads: passed through --------------------------------------

def test_nexus_reaches_igor():
    nexus = {"enabled": True, "searches": [{"name": "releases", "baseUrl": "https://nexus/repository",
                                            "repo": "maven-releases", "nodeId": "node-1",
                                            "username": "igor", "password": "pw"}]}
    hal, report = read({"repository": {"nexus": nexus}})
    assert report.ok and not report.problems, report.problems
    assert translate(hal)["igor.yml"]["nexus"] == nexus


def test_no_repository_means_no_nexus_in_igor():
    hal, _ = read({"repository": {"artifactory": {"enabled": True}}})
    assert "nexus" not in translate(hal)["igor.yml"]


def test_jenkins_trust_store_reaches_igor():
    master = {"name": "ci", "address": "https://jenkins", "trustStore": "/var/secrets/ca.jks",
              "trustStoreType": "JKS", "trustStorePassword": "changeit"}
    hal, report = read({"ci": {"jenkins": {"enabled": True, "masters": [master]}}})
    assert report.ok and not report.problems, report.problems
    assert translate(hal)["igor.yml"]["jenkins"]["masters"] == [master]


def test_bitbucket_token_reaches_clouddriver_only():
    account = {"name": "bb", "token": "t0k", "tokenFile": "/var/secrets/bb"}
    hal, report = read({"artifacts": {"bitbucket": {"enabled": True, "accounts": [account]}}})
    assert report.ok and not report.problems, report.problems
    out = translate(hal)
    assert out["clouddriver.yml"]["artifacts"]["bitbucket"]["accounts"] == [account]
    assert "artifacts" not in out["echo.yml"]  # echo binds no artifact accounts: the token stays with clouddriver


def test_canary_metric_source_extras_reach_kayenta():
    integrations = {
        "datadog": {"enabled": True, "metadataCachingIntervalMS": 900000, "accounts": [
            {"name": "dd", "endpoint": {"baseUrl": "https://api.datadoghq.com"},
             "supportedTypes": ["METRICS_STORE"]}]},
        "newrelic": {"enabled": True, "accounts": [{"name": "nr", "supportedTypes": ["METRICS_STORE"]}]},
        "signalfx": {"enabled": True, "accounts": [{"name": "sfx", "supportedTypes": ["METRICS_STORE"]}]},
    }
    store = {"enabled": True, "accounts": [{"name": "s3", "supportedTypes": ["OBJECT_STORE"]}]}
    hal, report = read({"canary": {"enabled": True, "serviceIntegrations": dict(integrations, aws=store)}})
    assert report.ok and not report.problems, report.problems
    kayenta = translate(hal)["kayenta.yml"]["kayenta"]
    for name, block in integrations.items():
        assert kayenta[name] == block


def test_monitoring_daemon_extras_reach_spinnaker_monitoring():
    hal, report = read({"metricStores": {
        "prometheus": {"enabled": True, "addSourceMetalabels": False},
        "stackdriver": {"enabled": True, "project": "p", "instance_id": "1234"}}})
    assert report.ok and not report.problems, report.problems
    out = translate(hal)["spinnaker-monitoring.yml"]
    assert out["prometheus"] == {"enabled": True, "add_source_metalabels": False}  # false is kept
    assert out["stackdriver"]["instance_id"] == "1234"


def test_default_storage_account_is_storage_account_name():
    hal, report = read({"canary": {"defaultStorageAccount": "store", "serviceIntegrations": {"aws": {
        "accounts": [{"name": "store"}]}}}})
    assert report.ok and not report.problems
    assert hal["canary"]["storageAccountName"] == "store"
    assert translate(hal)["settings.js"]["canary"]["storageAccountName"] == "store"
    _, report = read({"canary": {"storageAccountName": "b", "defaultStorageAccount": "a"}})
    assert ("canary", "defaultStorageAccount") in at(ERROR, report), report.problems


def test_github_status_alias_is_accepted_in_kleat_form():
    hal, report = read({"notifications": {"github-status": {"enabled": True}}})
    assert report.ok
    assert hal["notifications"] == {"githubStatus": {"enabled": True}}


# --- credentials --------------------------------------------------------------------------------

SECRETS = {
    ("artifacts", "bitbucket", "accounts", "password"), ("artifacts", "bitbucket", "accounts", "token"),
    ("artifacts", "github", "accounts", "password"), ("artifacts", "github", "accounts", "token"),
    ("artifacts", "gitlab", "accounts", "token"),
    ("artifacts", "gitrepo", "accounts", "password"), ("artifacts", "gitrepo", "accounts", "token"),
    ("artifacts", "gitrepo", "accounts", "sshPrivateKeyPassphrase"),
    ("artifacts", "helm", "accounts", "password"), ("artifacts", "http", "accounts", "password"),
    ("artifacts", "oracle", "accounts", "privateKeyPassphrase"),
    ("artifacts", "s3", "accounts", "awsSecretAccessKey"),
    ("ci", "codebuild", "secretAccessKey"), ("ci", "concourse", "masters", "password"),
    ("ci", "jenkins", "masters", "password"), ("ci", "jenkins", "masters", "trustStorePassword"),
    ("ci", "jenkins", "masters", "token"),
    ("ci", "travis", "masters", "githubToken"), ("ci", "wercker", "masters", "token"),
    ("repository", "artifactory", "searches", "password"), ("repository", "nexus", "searches", "password"),
    ("notifications", "slack", "token"), ("notifications", "twilio", "token"),
    ("notifications", "githubStatus", "token"),
    ("canary", "serviceIntegrations", "aws", "accounts", "secretAccessKey"),
    ("canary", "serviceIntegrations", "datadog", "accounts", "apiKey"),
    ("canary", "serviceIntegrations", "datadog", "accounts", "applicationKey"),
    ("canary", "serviceIntegrations", "newrelic", "accounts", "apiKey"),
    ("canary", "serviceIntegrations", "prometheus", "accounts", "password"),
    ("canary", "serviceIntegrations", "signalfx", "accounts", "accessToken"),
    ("metricStores", "datadog", "api_key"), ("metricStores", "datadog", "app_key"),
    ("metricStores", "newrelic", "insert_key"),
}


def test_exactly_the_credentials_are_secret():
    """Paths, key IDs, account IDs, user names and URLs stay visible."""
    found = set()
    for top in SECTIONS:
        found |= secret_paths(HAL.fields[top].target, (top,))
    assert found == SECRETS


def test_notification_tokens_stay_out_of_settings_js():
    hal, _ = read({"notifications": {
        "slack": {"enabled": True, "botName": "bot", "token": "xoxb-1", "baseUrl": "https://slack.example"},
        "twilio": {"enabled": True, "account": "AC1", "token": "tw-1", "from": "+100"},
        "githubStatus": {"enabled": True, "token": "gh-1"}}})
    out = translate(hal)
    shown = out["settings.js"]["notifications"]
    assert shown["slack"] == {"enabled": True, "botName": "bot", "baseUrl": "https://slack.example"}
    assert shown["sms"] == {"enabled": True, "account": "AC1", "from": "+100"}
    assert shown["githubStatus"] == {"enabled": True}
    assert out["echo.yml"]["slack"]["token"] == "xoxb-1"  # echo still needs it


# --- bad input is refused with its path ---------------------------------------------------------

@pytest.mark.parametrize("path,value", [
    (("canary", "serviceIntegrations", "datadog", "metadataCachingIntervalMS"), "soon"),
    (("metricStores", "prometheus", "add_source_metalabels"), "maybe"),
    (("repository", "nexus", "searches"), {"name": "x"}),
    (("ci", "jenkins", "masters", 0, "trustStore"), ["a"]),
    (("canary", "serviceIntegrations", "signalfx", "accounts", 0, "supportedTypes", 0), "LOGS_STORE"),
    (("pubsub", "google", "subscriptions", 0, "messageFormat"), "JSON"),
])
def test_wrong_value_is_refused_with_its_path(path, value):
    data = nest(path, value)
    _, report = read(data)
    assert path in at(ERROR, report), report.problems


def test_unnamed_nexus_search_refused_and_kleat_compat_warns():
    data = {"repository": {"nexus": {"searches": [{"repo": "r"}]}}}
    path = ("repository", "nexus", "searches", 0, "name")
    _, report = read(data, kleat_compat=True)
    assert report.ok and path in at(WARNING, report)
    _, report = read(data)
    assert path in at(ERROR, report)


# --- declarations -------------------------------------------------------------------------------

def test_service_integrations_keyed_by_name():
    assert HAL.fields["canary"].target.fields["serviceIntegrations"].keyed_list == "name"
