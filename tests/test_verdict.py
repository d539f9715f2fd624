"""One verdict everywhere: a table of mistakes through every route a user can take.

Each mistake is chart values (or raw values text). Every route must give the
same verdict (accept or refuse) and show the same key words of the message:

- `validate -f VALUES` and `generate HALCONFIG OUTDIR` (the halconfig alone,
  where the mistake does not need the chart's values to be seen);
- the post-renderer on Helm's own rendering (helm-python-sdk), Helm 3's stream;
- `spinnaker-renderer helm template` (the wrapper, on Helm 3);
- plain `helm template` with Helm 3.17 (`--post-renderer scripts/post-render`)
  and Helm 4.1 (the plugin; its stderr is hidden, so the reason is read from
  the last-error file, as `spinnaker-renderer last-error` prints it).

Accepted mistakes are warnings: their key words are checked where warnings
are shown (validate, generate, the wrapper, the post-renderer's stderr).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT

CHART = os.path.join(ROOT, "charts", "spinnaker")
CHART_DEFAULT_RELEASE = "2026.4.0"

K8S = {"enabled": True, "primaryAccount": "k8s", "accounts": [{"name": "k8s"}]}


def hal(**sections):
    """A valid halconfig plus `sections` (deep-merged one level down)."""
    out = {"providers": {"kubernetes": dict(K8S)}}
    for key, value in sections.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def k8s(**account):
    return {"kubernetes": {**K8S, "accounts": [{"name": "k8s", **account}]}}


AUTHN = {"enabled": True, "basic": {"enabled": True, "user": {"username": "u", "password": "p"}}}

DUPLICATE_KEY = """halconfig:
  providers:
    kubernetes:
      enabled: true
      accounts:
        - name: k8s
          permissions:
            READ: [a]
          permissions:
            WRITE: [b]
"""

# (id, values or raw text, verdict, key words, needs the chart's values)
MISTAKES = [
    # typos and unknown keys: warnings with a did-you-mean, errors with strict: true
    ("typo in a section", {"halconfig": hal(provders={"x": 1})}, "accept", ["provders", "providers"], False),
    ("typo in an account", {"halconfig": hal(providers=k8s(contxt="x"))}, "accept", ["contxt", "context"], False),
    ("Spring key in the halconfig", {"halconfig": hal(server={"port": 1})}, "accept", ["server", "profiles"], False),
    ("typo with strict", {"strict": True, "halconfig": hal(provders={"x": 1})}, "refuse", ["provders"], False),
    # wrong types
    ("number in words", {"halconfig": hal(providers=k8s(cacheThreads="many"))}, "refuse",
     ["cacheThreads", "integer"], False),
    ("boolean in words", {"halconfig": hal(providers={"kubernetes": {**K8S, "enabled": "maybe"}})}, "refuse",
     ["kubernetes", "enabled"], False),
    ("accounts as a mapping", {"halconfig": hal(providers={"kubernetes": {"enabled": True, "accounts": {"a": 1}}})},
     "refuse", ["accounts"], False),
    ("a string for a list", {"halconfig": hal(providers=k8s(namespaces="default"))}, "refuse", ["namespaces"], False),
    ("not an enum value", {"halconfig": hal(security={"authz": {"groupMembership": {"service": "LDAP2"}}})},
     "refuse", ["service", "LDAP"], False),
    # missing names, dangling references
    ("nameless account", {"halconfig": hal(providers={"kubernetes": {"enabled": True, "accounts": [{"context": "c"}]}})},
     "refuse", ["accounts[0].name", "name"], False),
    ("nameless docker registry", {"halconfig": hal(providers={**k8s(), "dockerRegistry": {
        "enabled": True, "accounts": [{"address": "https://index.docker.io"}]}})},
     "refuse", ["dockerRegistry", "accounts[0].name"], False),
    ("duplicate account names", {"halconfig": hal(providers={"kubernetes": {**K8S, "accounts": [
        {"name": "k8s"}, {"name": "k8s"}]}})}, "accept", ["accounts[1].name", "already used"], False),
    ("dangling primaryAccount", {"halconfig": hal(providers={"kubernetes": {**K8S, "primaryAccount": "k8"}})},
     "accept", ["primaryAccount", "Did you mean 'k8s'"], False),
    ("dangling docker registry reference", {"halconfig": hal(providers=k8s(dockerRegistries=[
        {"accountName": "dockerhub"}]))}, "accept", ["dockerRegistries[0].accountName", "dockerhub"], False),
    ("dangling canary metrics account", {"halconfig": hal(canary={"defaultMetricsAccount": "prom"})}, "accept",
     ["defaultMetricsAccount", "prom"], False),
    ("dangling canary storage account", {"halconfig": hal(canary={"storageAccountName": "s3"})}, "accept",
     ["storageAccountName"], False),
    ("canary without a metrics store", {"halconfig": hal(canary={"enabled": True})}, "accept",
     ["canary", "metrics source"], False),
    ("subscription named twice", {"halconfig": hal(pubsub={"enabled": True, "google": {"enabled": True, "subscriptions": [
        {"name": "builds", "project": "p", "subscriptionName": "s"},
        {"name": "builds", "project": "p", "subscriptionName": "t"}]}})}, "accept",
     ["subscriptions[1].name", "given twice"], False),
    # storage
    ("two front50 stores", {"halconfig": hal(persistentStorage={"s3": {"enabled": True, "bucket": "b"},
                                                                "gcs": {"enabled": True, "bucket": "b"}})},
     "refuse", ["persistentStorage", "front50 stores"], False),
    ("Redis store", {"halconfig": {"currentDeployment": "default", "deploymentConfigurations": [
        {"name": "default", "persistentStorage": {"persistentStoreType": "redis"}, **hal()}]}},
     "refuse", ["persistentStoreType", "redis"], False),
    ("front50's S3 key as an encrypted reference", {"halconfig": hal(persistentStorage={"s3": {
        "enabled": True, "bucket": "b", "accessKeyId": "AKIA", "secretAccessKey": "encrypted:s3!r:us-west-2!b:k!f:s3"}})},
     "refuse", ["s3.secretAccessKey", "AWS_SECRET_ACCESS_KEY"], False),
    ("keel without SQL", {"storage": {"bundled": False}, "halconfig": hal(managedDelivery={"enabled": True})},
     "refuse", ["managedDelivery", "persistentStorage.sql"], False),
    ("keel on the bundled MySQL", {"halconfig": hal(managedDelivery={"enabled": True})}, "accept", [], True),
    ("managed delivery on, keel not run", {"services": {"keel": {"enabled": False}}, "storage": {"bundled": False},
                                           "halconfig": hal(managedDelivery={"enabled": True})}, "accept", [], True),
    ("keel on storage.external's PostgreSQL", {"storage": {"external": {
        "host": "pg.example.com", "engine": "postgresql", "existingSecret": "sql"}},
        "halconfig": hal(managedDelivery={"enabled": True})}, "refuse", ["managedDelivery.enabled", "MySQL only"], True),
    ("keel's own database on PostgreSQL", {"halconfig": hal(managedDelivery={"enabled": True}, persistentStorage={
        "sql": {"enabled": True, "default": {"jdbcUrl": "jdbc:postgresql://pg:5432/keel"}}})}, "refuse",
     ["persistentStorage.sql.default.jdbcUrl", "MySQL only"], False),
    # kubernetes
    ("kinds and omitKinds", {"halconfig": hal(providers=k8s(kinds=["deployment"], omitKinds=["secret"]))},
     "refuse", ["kinds", "omitKinds"], False),
    ("namespaces and omitNamespaces", {"halconfig": hal(providers=k8s(namespaces=["a"], omitNamespaces=["b"]))},
     "refuse", ["namespaces", "omitNamespaces"], False),
    # files the pods do not have
    ("kubeconfig in the home directory", {"halconfig": hal(providers=k8s(
        kubeconfigFile="/home/spinnaker/.kube/config"))}, "refuse", ["kubeconfigFile", "secrets.files"], True),
    ("/var/secrets without secrets.files", {"halconfig": hal(persistentStorage={"gcs": {
        "enabled": True, "bucket": "b", "jsonPath": "/var/secrets/gcs.json"}})}, "refuse", ["jsonPath", "secrets.files"],
     True),
    ("/var/secrets with secrets.files", {"secrets": {"files": [{"secretName": "gcs-key"}]}, "halconfig": hal(persistentStorage={
        "gcs": {"enabled": True, "bucket": "b", "jsonPath": "/var/secrets/gcs.json"}})}, "accept", [], True),
    # public URLs, TLS, auth
    ("overrideBaseUrl against expose.host", {"expose": {"host": "spinnaker.example.com"}, "halconfig": hal(
        security={"uiSecurity": {"overrideBaseUrl": "https://deck.other.org"}})}, "accept",
     ["overrideBaseUrl", "expose.host"], True),
    ("TLS without a key store", {"halconfig": hal(security={"apiSecurity": {"ssl": {"enabled": True}}})}, "accept",
     ["apiSecurity.ssl.keyStore", "TLS", "gate does not start"], False),
    ("TLS with the key store in a profile", {"profiles": {"gate": {"server": {"ssl": {"key-store": "/var/secrets/ks.p12"}}}},
                                             "secrets": {"files": [{"secretName": "ks", "services": ["gate"]}]},
                                             "halconfig": hal(security={"apiSecurity": {"ssl": {"enabled": True}}})},
     "accept", [], True),
    ("authz without authn", {"halconfig": hal(security={"authz": {"enabled": True, "groupMembership": {
        "service": "FILE", "file": {"path": "/var/secrets/roles.yml"}}}})}, "accept", ["authz", "authentication"],
     False),
    ("fiat without a role provider", {"halconfig": hal(security={"authn": AUTHN, "authz": {"enabled": True}})},
     "accept", ["groupMembership", "role provider"], False),
    ("fiat's LDAP role provider without its block", {"halconfig": hal(security={"authn": AUTHN, "authz": {
        "enabled": True, "groupMembership": {"service": "LDAP"}}})}, "refuse", ["groupMembership.ldap", "LDAP"], False),
    ("oauth2 without a client", {"halconfig": hal(security={"authn": {"enabled": True, "oauth2": {
        "enabled": True}}})}, "accept", ["oauth2", "clientId"], False),
    ("saml without metadata", {"halconfig": hal(security={"authn": {"enabled": True, "saml": {
        "enabled": True, "issuerId": "spin"}}})}, "refuse", ["saml", "metadataUrl"], False),
    ("ldap without a URL", {"halconfig": hal(security={"authn": {"enabled": True, "ldap": {
        "enabled": True, "userDnPattern": "uid={0}"}}})}, "refuse", ["ldap", "url"], False),
    ("a URL without a scheme", {"halconfig": hal(ci={"jenkins": {"enabled": True, "masters": [
        {"name": "j", "address": "jenkins:8080"}]}})}, "accept", ["masters[0].address", "http://jenkins:8080"], False),
    ("an unfilled URL placeholder", {"halconfig": hal(ci={"jenkins": {"enabled": True, "masters": [
        {"name": "j", "address": "<JENKINS_URL>"}]}})}, "refuse", ["masters[0].address", "<JENKINS_URL>"], False),
    ("a URL with a space", {"halconfig": hal(ci={"jenkins": {"enabled": True, "masters": [
        {"name": "j", "address": "https://jenkins example.com"}]}})}, "refuse", ["masters[0].address", "not a URL"],
     False),
    ("Gate by path on Deck's host", {"halconfig": hal(security={"apiSecurity": {"overrideBaseUrl": "/gate/"},
                                                                "uiSecurity": {"overrideBaseUrl": "/"}})},
     "accept", [], False),
    ("a secret reference in a URL field", {"halconfig": hal(ci={"jenkins": {"enabled": True, "masters": [
        {"name": "j", "address": "encryptedFile:s3!r:us-west-2!b:bucket!f:jenkins-url"}]}})}, "accept", [], False),
    ("a placeholder in a number field", {"halconfig": hal(providers=k8s(cacheThreads="${CACHE_THREADS:4}"))},
     "accept", [], False),
    ("misspelt time zone", {"halconfig": hal(timezone="America/Los_Angles")}, "accept",
     ["timezone", "America/Los_Angeles"], False),
    # RBAC the chart grants clouddriver, against what an in-cluster account asks of it
    ("an in-cluster account outside clouddriver's RBAC", {"halconfig": hal(providers=k8s(
        serviceAccount=True, namespaces=["default", "apps"])), "rbac": {"clouddriver": {"access": "namespace"}}},
     "accept", ["namespaces", "apps", "rbac.clouddriver.namespaces"], True),
    # plugins
    ("a plugin for a service that does not exist", {"halconfig": hal(spinnaker={"extensibility": {"plugins": {
        "A.One": {"enabled": True, "services": ["orka"]}}}})}, "refuse", ["services", "'orka'"], False),
    ("plugins downloaded where the pods cannot write", {"halconfig": hal(spinnaker={"extensibility": {
        "pluginsRootPath": "/opt/spinnaker/plugins", "plugins": {"A.One": {"enabled": True}}}})}, "accept",
     ["pluginsRootPath", "/opt/<service>/plugins"], False),
    # versions
    # the chart runs a release: a halconfig version it does not write for is told, not refused
    ("version without a patch", {"halconfig": hal(version="1.35")}, "accept",
     ["version", "'1.35' is not a Spinnaker release", "2026.4.0"], False),
    ("version with a v", {"halconfig": hal(version="v1.35.3")}, "accept", ["version", "v1.35.3"], False),
    ("version that is a build name", {"halconfig": hal(version="io-codelab")}, "accept", ["version", "io-codelab"],
     False),
    ("an old release", {"halconfig": hal(version="1.20.5")}, "accept", ["version", "1.20.5", "2026.4.0"], False),
    ("Halyard's local bill of materials", {"halconfig": hal(version="local:1.30.1")}, "accept", [], False),
    ("spinnaker.version over the halconfig's", {"spinnaker": {"version": "2026.4.0"}, "halconfig": hal(
        version="1.35.0")}, "accept", ["1.35.0", "2026.4.0"], True),
    ("chart release that is not one", {"spinnaker": {"version": "1.35"}, "halconfig": hal()}, "refuse",
     ["spinnaker.version", "1.35", "is not a Spinnaker release"], True),
    # the deployment of a Halyard file, chosen in the values: messages name the value, not a flag
    ("halconfigDeployment for a kleat-form halconfig", {"halconfigDeployment": "prod", "halconfig": hal()}, "refuse",
     ["halconfigDeployment prod was given", "Drop halconfigDeployment"], True),
    # what only the chart and the post-renderer see: validate -f runs them too
    ("a Secret no service uses", {"secrets": {"files": [{"secretName": "unused"}]}, "halconfig": hal()}, "refuse",
     ["secrets.files[0]", "no service"], True),
    ("a memory request above the default limit", {"services": {"clouddriver": {"resources": {"requests": {
        "memory": "16Gi"}}}}, "halconfig": hal()}, "refuse", ["services.clouddriver.resources", "requests.memory 16Gi"],
     True),
    ("a CPU request above its limit", {"services": {"deck": {"resources": {"requests": {"cpu": "2"}, "limits": {
        "cpu": "1500m"}}}}, "halconfig": hal()}, "refuse", ["services.deck.resources", "requests.cpu"], True),
    ("front50's S3 key as a placeholder nothing fills", {"halconfig": hal(persistentStorage={"s3": {
        "enabled": True, "bucket": "b", "accessKeyId": "${AWS_KEY}", "secretAccessKey": "${AWS_SECRET}"}})},
     "refuse", ["s3.accessKeyId", "secrets.env"], True),
    ("a placeholder nothing defines", {"halconfig": hal(notifications={"slack": {"enabled": True,
                                                                                "token": "${SLACK_TOKEN}"}})},
     "accept", ["slack.token", "SLACK_TOKEN", "literal text"], True),
    ("a placeholder secrets.env defines", {"secrets": {"env": [{"name": "SLACK_TOKEN", "secretName": "slack",
                                                                 "key": "token"}]},
                                           "halconfig": hal(notifications={"slack": {"enabled": True,
                                                                                     "token": "${SLACK_TOKEN}"}})},
     "accept", [], True),
    # Spring Cloud Config bootstrap files (bootstrapConfig)
    ("Halyard's spinnakerconfig.yml as a profile", {"profiles": {"spinnakerconfig": {"encrypt": {"key": "k"}}},
                                                    "halconfig": hal()}, "refuse",
     ["profiles.spinnakerconfig", "bootstrapConfig.spinnaker"], True),
    ("a git basedir the pods cannot write", {"bootstrapConfig": {"spinnaker": {"spring": {"cloud": {"config": {
        "server": {"git": {"uri": "https://git.example.com/a.git", "basedir": "/opt/config-repo"}}}}}}},
                                             "halconfig": hal()}, "refuse",
     ["bootstrapConfig.spinnaker", "/opt/config-repo", "/tmp"], True),
    ("a profile that is a number", {"profiles": {"gate": 5}, "halconfig": hal()}, "refuse",
     ["profiles.gate", "a number is not a Spring config file"], True),
    ("a profile's text the services cannot read", {"profiles": {"gate": "a: [b\n"}, "halconfig": hal()}, "refuse",
     ["profiles.gate", "cannot read this YAML (line 2 of the text)"], True),
    ("a bootstrap file's second document that is a list", {"bootstrapConfig": {"spinnaker": "a: 1\n---\n- b\n"},
                                                           "halconfig": hal()}, "refuse",
     ["bootstrapConfig.spinnaker", "document 2 of the text is a list"], True),
    ("a composite's git base_dir the pods cannot write, in a bootstrap file given as text", {"bootstrapConfig": {
        "spinnaker": "spring:\n  cloud:\n    config:\n      server:\n        composite:\n        - type: git\n"
                     "          uri: https://git.example.com/a.git\n          base_dir: /opt/config-repo\n"},
        "halconfig": hal()}, "refuse", ["bootstrapConfig.spinnaker", "composite[0].basedir /opt/config-repo"], True),
    ("a bootstrap file no service reads", {"bootstrapConfig": {"gate": {"encrypt": {"key": "k"}}}, "halconfig": hal()},
     "accept", ["bootstrapConfig.gate", "nothing reads gateconfig.yml"], True),
    # names as the API server checks them (renderer/postrender/names.py), on the final stream
    ("an object name Kubernetes refuses", {"fullnameOverride": "../x", "halconfig": hal()}, "refuse",
     ["fullnameOverride", "'../x-clouddriver'", "DNS-1123 subdomain", "Service '../x-gate'", "DNS-1035"], True),
    ("an annotation key with a newline", {"commonAnnotations": {"a\nb": "x"}, "halconfig": hal()}, "refuse",
     ["commonAnnotations", "annotations key 'a\\nb'"], True),
    ("a label value with a space", {"commonLabels": {"team": "a b"}, "halconfig": hal()}, "refuse",
     ["commonLabels", "labels[team] 'a b'"], True),
    ("an env name with a newline", {"services": {"gate": {"env": [{"name": "A\nB", "value": "x"}]}},
                                    "halconfig": hal()}, "refuse", ["services.gate.env", "env name 'A\\nB'"], True),
    ("an env name only Kubernetes 1.32 and later accept", {"services": {"gate": {"env": [
        {"name": "MY VAR", "value": "x"}]}}, "halconfig": hal()}, "accept", ["env name 'MY VAR'", "before 1.32"], True),
    ("two objects of one kind with one name", {"extraObjects": [{"apiVersion": "v1", "kind": "Service", "metadata": {
        "name": "spin-spinnaker-gate"}, "spec": {"ports": [{"port": 80}]}}], "halconfig": hal()}, "refuse",
     ["Service 'spin-spinnaker-gate'", "two objects of this kind in one namespace", "[extraObjects"], True),
    ("an Ingress host with a newline", {"expose": {"host": "a\nb.example.com"}, "halconfig": hal()}, "refuse",
     ["expose.host", "host 'a\\nb.example.com'"], True),
    # C0 control characters in any other string of the objects (renderer/postrender/controls.py)
    ("a NUL in an annotation value", {"commonAnnotations": {"team": "a\x00b"}, "halconfig": hal()}, "refuse",
     ["metadata.annotations.team", 'the control character "\\x00"', "[commonAnnotations]"], True),
    ("a terminal escape in an env value", {"services": {"gate": {"env": [{"name": "A", "value": "\x1b[2J"}]}},
                                           "halconfig": hal()}, "refuse",
     ["env[", 'the control character "\\x1b"', "[services.gate.env or serviceDefaults.env]"], True),
    ("a backspace in an extra object", {"extraObjects": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {
        "name": "extra"}, "data": {"k": "a\bb"}}], "halconfig": hal()}, "refuse",
     ["data.k", 'the control character "\\b"', "[extraObjects]", "ConfigMap extra"], True),
    ("tab, newline and carriage return in values", {"commonAnnotations": {"note": "a\tb\r\nc"}, "extraObjects": [{
        "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "pem"}, "data": {
            "ca.crt": "-----BEGIN CERTIFICATE-----\nMIIB\tAA\r\n-----END CERTIFICATE-----\n"}}],
        "halconfig": hal()}, "accept", [], True),
    # TLS between the services (tls, services.<name>.tls)
    ("TLS on without a Secret", {"tls": {"enabled": True}, "halconfig": hal()}, "refuse",
     ["tls (services.", "no Secret holds its key store", "tls.secretName"], True),
    ("gate's key store both in apiSecurity.ssl and the chart's tls",
     {"tls": {"secretName": "spinnaker-tls"}, "services": {"gate": {"tls": {"enabled": True}}},
      "halconfig": hal(security={"apiSecurity": {"ssl": {"enabled": True,
                                                          "keyStore": "/opt/spinnaker/tls/gate.p12"}}})},
     "accept", ["apiSecurity.ssl", "keyStore not used", "services.gate.tls.enabled: false"], True),
    # would it run (renderer/runtime): images, the JVM's heap, TLS, placeholders (tests/test_runtime.py has
    # every check in each severity)
    ("an image of another release", {"services": {"gate": {"image": {"tag": "2025.3.0"}}}, "halconfig": hal()},
     "refuse", ["services.gate.image", "Spinnaker 2025.3.0's gate image", "spinnaker.version: 2025.3.0"], True),
    ("a custom image declared with the release", {"services": {"gate": {"image": {
        "repository": "my-gate", "tag": "x1", "release": "2026.4.0"}}}, "halconfig": hal()}, "accept", [], True),
    ("a heap as large as the memory limit", {"services": {"echo": {"javaOpts": "-XX:MaxRAMPercentage=100.0"}},
                                             "halconfig": hal()},
     "accept", ["services.echo.resources", "OOMKilled", "-XX:MaxRAMPercentage=80.0"], True),
    ("an -Xms above the -Xmx", {"services": {"orca": {"javaOpts": "-Xmx512m -Xms1g"}}, "halconfig": hal()},
     "refuse", ["services.orca.javaOpts", "-Xms1g", "Initial heap size set to a larger value than the maximum heap "
                "size"], True),
    ("an -Xms alone, above the memory limit", {"services": {"orca": {"javaOpts": "-Xms3g"}}, "halconfig": hal()},
     "accept", ["services.orca.resources", "3072 MiB (-Xms3g", "OOMKilled"], True),
    # the API server's limits (renderer/runtime/apiserver.py)
    ("a 2 MB profile", {"profiles": {"orca": {"notes": "x" * (2 << 20)}}, "halconfig": hal()},
     "refuse", ["profiles.orca", "orca-local.yml 2,09", "over 1,048,576"], True),
    ("TLS a profile serves that a probe of the user's own does not use", {
        "profiles": {"orca": {"server": {"ssl": {"enabled": True, "key-store": "/var/secrets/ks.p12"}}}},
        "services": {"orca": {"readinessProbe": {"httpGet": {"path": "/health", "port": 8083, "scheme": "HTTP"}}}},
        "secrets": {"files": [{"secretName": "ks", "services": ["orca"]}]}, "halconfig": hal()},
     "refuse", ["profiles.orca", "orca serves TLS on port 8083", "readinessProbe asks for HTTP"], True),
    ("SpEL in orca's webhook stages", {"profiles": {"orca": {"webhook": {"preconfigured": [
        {"payload": "${parameterValues['x']}", "url": "https://x/${trigger.id}"}]}}}, "halconfig": hal()},
     "accept", [], True),
    # sed-style templates left unfilled: a scheme the reader does not know, a host no DNS name can be
    ("an unfilled PROTOCOL://OVERRIDE_DECK_URL", {"halconfig": hal(security={
        "uiSecurity": {"overrideBaseUrl": "PROTOCOL://OVERRIDE_DECK_URL"},
        "authn": {"enabled": True, "ldap": {"enabled": True, "url": "ldap://RELEASE_NAME-openldap:389",
                                            "userDnPattern": "uid={0},ou=users"}}})}, "accept",
     ["uiSecurity.overrideBaseUrl", "scheme PROTOCOL:// is not one its reader knows", "authn.ldap.url",
      "host RELEASE_NAME-openldap can never resolve"], False),
    ("an unfilled redis.externalUrl", {"redis": {"externalUrl": "redis://RELEASE_NAME-redis-master:6379"},
                                       "halconfig": hal()}, "accept",
     ["redis.externalUrl", "host RELEASE_NAME-redis-master can never resolve"], True),
    ("an unfilled host in a profile's URL", {"profiles": {"gate": {"ldap": {"url": "ldap://RELEASE_NAME-openldap:389"}}},
                                            "halconfig": hal()}, "accept",
     ["profiles.gate", "a URL in gate-local.yml", "host RELEASE_NAME-openldap can never resolve"], True),
    # YAML
    ("YAML error", "halconfig:\n  providers:\n    kubernetes:\n      enabled: true\n     accounts: []\n", "refuse",
     ["YAML", "did not find expected key"], True),
    # a key given twice in a values file: Helm 3 and 4 keep the last (Go YAML), so validate warns and goes on
    ("duplicate key in a values file", DUPLICATE_KEY, "accept", ["permissions", "duplicate key (first at line 7)"],
     True),
    ("duplicate key and an error after it", DUPLICATE_KEY.replace("name: k8s", "name: k8s\n          kubeconfigFile: "
                                                                  "/home/me/.kube/config"),
     "refuse", ["kubeconfigFile", "secrets.files"], True),
    # a valid one, so "accept" is tested on every route too
    ("nothing wrong", {"halconfig": hal(version="2026.4.0")}, "accept", [], False),
]
IDS = [m[0] for m in MISTAKES]


def test_the_table_is_large_enough():
    assert len([m for m in MISTAKES if m[2] == "refuse"]) >= 20 and len([m for m in MISTAKES if m[2] == "accept"]) >= 20


def test_every_preflight_check_is_in_the_table():
    import copy

    from renderer.read.inputs import check_values
    from renderer.read.preflight import CHECKS

    found = set()
    for _, values, _, _, _ in MISTAKES:
        if not isinstance(values, str):
            found |= {p.check for p in check_values(copy.deepcopy(values))[2].problems if p.check}
    assert sorted({c.id for c in CHECKS} - found) == []


# ---------------------------------------------------------------- routes

def _values_file(tmp_path, values) -> str:
    path = tmp_path / "values.yaml"
    path.write_text(values if isinstance(values, str) else yaml.safe_dump(values, sort_keys=False))
    return str(path)


def _cli(*args, env=None):
    # `validate -f` renders the chart with helm for the chart's and the post-renderer's checks.
    helm = os.path.join(ROOT, ".venv", "bin", "helm3")
    return subprocess.run([sys.executable, "-m", "renderer", *args], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, SPINNAKER_RENDERER_NO_TTY="1", HELM_BIN=helm, **(env or {})))


def route_validate(tmp_path, values):
    # As the release the Helm routes render (`spin`): object names depend on it.
    result = _cli("validate", "-f", _values_file(tmp_path, values), "--release-name", "spin")
    return result.returncode == 0, result.stderr


def route_generate(tmp_path, values):
    if isinstance(values, str):
        pytest.skip("a values file that is not YAML has no halconfig to generate from")
    halconfig = values.get("halconfig") or {}
    path = tmp_path / "halconfig.yml"
    path.write_text(yaml.safe_dump(halconfig, sort_keys=False))
    args = ["generate", str(path), str(tmp_path / "out")]
    if values.get("strict"):
        args.append("--strict")
    # The release the chart runs: the halconfig's when it names one the chart writes for, else its default.
    from renderer.releases import SUPPORTED_PATTERN, halconfig_release

    version = str(halconfig.get("version") or "")
    args += ["--release", str(halconfig_release(version)) if re.match(SUPPORTED_PATTERN, version.removeprefix(
        "local:")) else CHART_DEFAULT_RELEASE]
    result = _cli(*args)
    return result.returncode == 0, result.stderr


def route_post_render(tmp_path, values):
    pytest.importorskip("helm_python", reason="helm-python-sdk renders the chart")
    import handover

    try:
        rendered = handover.render(values)
    except Exception as exc:  # noqa: BLE001 - Helm refused (schema or template) before post-render
        return False, str(exc)
    result = handover.post_render(handover.helm3_stream(rendered),
                                  env={"SPINNAKER_RENDERER_NO_TTY": "1",
                                       "SPINNAKER_RENDERER_ERROR_FILE": str(tmp_path / "last-error.txt")})
    return result.returncode == 0, result.stderr.decode()


def helm_binary(name: str) -> str:
    """.venv/bin/helm3 or helm4 (installed by `make setup`); skipped where missing outside CI."""
    path = os.path.join(ROOT, ".venv", "bin", name)
    if not os.access(path, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing: run make setup")
        pytest.skip(f"{path} is missing (make setup installs it)")
    return path


def _helm_env(tmp_path):
    return dict(os.environ, SPINNAKER_RENDERER_NO_TTY="1", HELM_CACHE_HOME=str(tmp_path / "cache"),
                HELM_CONFIG_HOME=str(tmp_path / "config"),
                SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "last-error.txt"))


def route_wrapper(tmp_path, values):
    env = _helm_env(tmp_path)
    env["HELM_BIN"] = helm_binary("helm3")
    result = subprocess.run([sys.executable, "-m", "renderer", "helm", "template", "spin", CHART,
                             "-f", _values_file(tmp_path, values)], capture_output=True, text=True, cwd=ROOT,
                            env=env)
    return result.returncode == 0, result.stderr


def route_helm3(tmp_path, values):
    result = subprocess.run([helm_binary("helm3"), "template", "spin", CHART, "-f", _values_file(tmp_path, values),
                             "--post-renderer", os.path.join(ROOT, "scripts", "post-render")],
                            capture_output=True, text=True, env=_helm_env(tmp_path))
    return result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def helm4_home(tmp_path_factory):
    helm = helm_binary("helm4")
    home = tmp_path_factory.mktemp("helm4")
    env = dict(os.environ, HELM_DATA_HOME=str(home / "data"), HELM_CONFIG_HOME=str(home / "config"),
               HELM_CACHE_HOME=str(home / "cache"))
    env.pop("HELM_PLUGINS", None)  # 4.1.4 installs under HELM_DATA_HOME and must look there too
    subprocess.run([helm, "plugin", "install", os.path.join(ROOT, "plugins", "spinnaker-renderer")],
                   env=env, check=True, capture_output=True)
    return env


def route_helm4(tmp_path, values, helm4_env):
    error_file = tmp_path / "last-error.txt"
    env = dict(helm4_env, SPINNAKER_RENDERER_NO_TTY="1", SPINNAKER_RENDERER_ERROR_FILE=str(error_file))
    result = subprocess.run([helm_binary("helm4"), "template", "spin", CHART, "-f", _values_file(tmp_path, values),
                             "--post-renderer", "spinnaker-renderer"], capture_output=True, text=True, env=env)
    shown = result.stderr
    if result.returncode != 0 and "exited with error" in result.stderr:
        assert error_file.exists(), "Helm 4 hid the reason and no last-error was kept"
        shown += error_file.read_text()
    return result.returncode == 0, shown


ROUTES = ["validate", "generate", "post-render", "wrapper", "helm3", "helm4"]
# Routes where an accepted input's warnings are shown.
SHOWS_WARNINGS = {"validate", "generate", "post-render", "wrapper"}


def _applies(route, mistake) -> bool:
    """`generate` has no chart values (mounts, expose, spinnaker.version) to see a chart-only mistake
    in; and a values file that is not YAML is refused by Helm before anything reaches the post-renderer."""
    _, values, _, _, chart_only = mistake
    return not (route == "generate" and chart_only) and not (route == "post-render" and isinstance(values, str))


@pytest.mark.parametrize("route,name,values,verdict,words,chart_only",
                         [(route, *m) for m in MISTAKES for route in ROUTES if _applies(route, m)],
                         ids=[f"{m[0]}-{route}" for m in MISTAKES for route in ROUTES if _applies(route, m)])
def test_same_verdict_everywhere(request, tmp_path, route, name, values, verdict, words, chart_only):
    if route == "helm4":
        accepted, shown = route_helm4(tmp_path, values, request.getfixturevalue("helm4_home"))
    else:
        accepted, shown = globals()["route_" + route.replace("-", "_")](tmp_path, values)
    assert accepted == (verdict == "accept"), f"{route}: expected {verdict}:\n{shown}"
    assert "Traceback" not in shown
    if verdict == "refuse" or route in SHOWS_WARNINGS:
        missing = [w for w in words if w not in shown]
        assert not missing, f"{route}: {missing} not in:\n{shown}"


def _first_error(shown: str) -> str:
    """The first `error: <path>: ...` line, without what only the CLI adds (file:line, --kleat-compat)."""
    from renderer.problems import KLEAT_COMPAT_HINT

    line = next(line for line in shown.splitlines() if re.match(r"(spinnaker-renderer post-render: )?error: \w", line)
                and "is not valid:" not in line)
    line = re.sub(r"^.*?error: ", "error: ", line).replace(" " + KLEAT_COMPAT_HINT, "")
    return re.sub(r" \([^()]*\.yaml:\d+\)", "", line).strip()


def test_a_duplicate_key_leaves_the_first_error_to_be_helms(tmp_path, helm4_home):
    """Helm 3 and 4 read a values file keeping the last of a key given twice, then refuse what follows;
    validate -f and the wrapper warn about the key and give the same first error."""
    values = [m for m in MISTAKES if m[0] == "duplicate key and an error after it"][0][1]
    firsts = {}
    for route in ("validate", "wrapper", "helm3", "helm4"):
        run = tmp_path / route
        run.mkdir()
        accepted, shown = (route_helm4(run, values, helm4_home) if route == "helm4"
                           else globals()["route_" + route](run, values))
        assert not accepted, shown
        firsts[route] = _first_error(shown)
    assert len(set(firsts.values())) == 1, firsts
    assert "kubeconfigFile" in firsts["helm3"]


def test_plan_reads_a_duplicate_key_as_helm_does(tmp_path):
    """`plan` is a route too: the repeated key warns, the last value is the one planned."""
    old = _values_file(tmp_path, DUPLICATE_KEY)
    result = _cli("plan", "-f", old, "--to", "-f", old)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(f"permissions ({old}:9): a duplicate key (first at line 7)") == 1


# Values the chart's schema refuses, with halconfig mistakes besides: Helm checks the schema first.
SCHEMA_REFUSED = [
    ({"services": {"echo": {"port": "abc"}}, "halconfig": hal(providers=k8s(kinds=["a"], omitKinds=["b"]))},
     "services.echo.port: Invalid type. Expected: [integer,null], given: string"),
    ({"storage": {"external": {"host": "db", "engine": "oracle"}}},
     'storage.external.engine: storage.external.engine must be one of the following: "mysql", "postgresql", null'),
    ({"spinnaker": 5}, "spinnaker: Invalid type. Expected: [object,null], given: integer"),
    ({"halconfig": {"notifications": {"slack": {"enabled": True, "token": ["listPw-88d2f1"]}}}},
     "halconfig.notifications.slack.token: Invalid type. Expected: [string,number,boolean,null], given: array"),
]


@pytest.mark.parametrize("values,said", SCHEMA_REFUSED, ids=["text port", "engine", "spinnaker", "credential list"])
def test_values_the_schema_refuses_are_refused_in_helms_words_first(tmp_path, values, said):
    """validate -f, the wrapper and plan check the chart's schema before anything reads the values (plan
    read them to a traceback), and say it as Helm does, without the value."""
    routes = {"helm3": route_helm3(tmp_path, values)[1], "wrapper": route_wrapper(tmp_path, values)[1],
              "validate": route_validate(tmp_path, values)[1]}
    (tmp_path / "base").mkdir()
    base = _values_file(tmp_path / "base", {"halconfig": hal()})
    plan = _cli("plan", "-f", base, "--to", "-f", _values_file(tmp_path, values))
    assert plan.returncode == 1 and "Traceback" not in plan.stderr
    routes["plan"] = plan.stderr
    for route, shown in routes.items():
        assert said in shown and "listPw" not in shown, f"{route}:\n{shown}"
        assert "Traceback" not in shown and "kinds" not in shown, f"{route}:\n{shown}"


def test_last_error_names_a_command_that_reproduces_it(tmp_path, helm4_home):
    values = {"halconfig": hal(providers=k8s(kinds=["deployment"], omitKinds=["secret"]))}
    accepted, shown = route_helm4(tmp_path, values, helm4_home)
    assert not accepted
    assert "spinnaker-renderer validate -f VALUES.yaml -n default --release-name spin`" in shown
    again = _cli("validate", "-f", _values_file(tmp_path, values))
    assert again.returncode == 1 and "providers.kubernetes.accounts[0].kinds" in again.stderr


def test_the_wrapper_names_the_command_that_reproduces_it(tmp_path):
    values = {"halconfig": hal(providers=k8s(kinds=["deployment"], omitKinds=["secret"]))}
    accepted, shown = route_wrapper(tmp_path, values)
    assert not accepted and "Reproduce with: spinnaker-renderer validate -f" in shown
    assert shown.rstrip().endswith(" -n default --release-name spin"), shown  # what the checks depend on


def test_the_readmes_validate_gives_the_examples_no_warning():
    """The examples are installed into namespace spinnaker (README, `make install`) and clouddriver's
    account lists it: validate is told the namespace as helm is, so the docs' command gives none."""
    import glob

    readme = "\n".join(open(path, encoding="utf-8").read()
                       for path in [os.path.join(ROOT, "README.md"), *glob.glob(os.path.join(ROOT, "docs", "*.md"))])
    commands = re.findall(r"spinnaker-renderer\s+validate\s[^`\n]*-f [^`\n]*", readme)
    commands = [c for c in commands if "HALCONFIG|" not in c]  # the synopsis says the options
    assert commands and all(" -n " in c for c in commands), commands
    for example in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml"))):
        result = _cli("validate", "-n", "spinnaker", "--release-name", "spinnaker", "-f", example)
        assert result.returncode == 0 and "(0 warnings" in result.stderr, result.stderr


# ---------------------------------------------------------------- what validate reads

def test_values_files_merge_as_helm_merges_them():
    from renderer.read.inputs import merge_values

    base = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [{"name": "a"}]}},
                          "timezone": "UTC"}, "strict": False}
    override = {"halconfig": {"providers": {"kubernetes": {"accounts": [{"name": "b"}]}}, "timezone": None}}
    assert merge_values(base, override) == {
        "halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [{"name": "b"}]}}}, "strict": False}


def test_validate_reads_several_values_files_and_points_at_the_last(tmp_path):
    first = tmp_path / "base.yaml"
    first.write_text(yaml.safe_dump({"halconfig": hal()}))
    second = tmp_path / "prod.yaml"
    second.write_text("halconfig:\n  providers:\n    kubernetes:\n      enabled: true\n      primaryAccount: prod\n"
                      "      accounts:\n      - name: production\n")
    result = _cli("validate", "-f", str(first), "-f", str(second))
    assert result.returncode == 0
    assert f"halconfig.providers.kubernetes.primaryAccount ({second}:5)" in result.stderr
    second.write_text(second.read_text().replace("- name: production", "- context: production"))
    result = _cli("validate", "-f", str(first), "-f", str(second))
    assert result.returncode == 1
    assert f"halconfig.providers.kubernetes.accounts[0].name ({second}:7)" in result.stderr
    assert "--kleat-compat accepts it" in result.stderr  # the CLI can; Helm users are not told


def test_validate_reads_a_halyard_directory(tmp_path):
    hal_dir = tmp_path / ".hal"
    hal_dir.mkdir()
    (hal_dir / "config").write_text(yaml.safe_dump({"currentDeployment": "default", "deploymentConfigurations": [
        {"name": "default", "version": "2026.4.0", **hal(timezone="Mars/Olympus")}]}))
    result = _cli("validate", str(hal_dir))
    assert result.returncode == 0
    assert "deploymentConfigurations[0].timezone" in result.stderr and "config:" in result.stderr


def test_kleat_compat_turns_the_refusals_into_warnings_and_nothing_else(tmp_path):
    path = tmp_path / "halconfig.yml"
    path.write_text(yaml.safe_dump(hal(version="2026.4.0", providers={"kubernetes": {
        "enabled": True, "primaryAccount": "x", "accounts": [{"context": "c"}]}})))
    refused = _cli("generate", str(path), str(tmp_path / "a"))
    assert refused.returncode == 1 and not (tmp_path / "a").exists()
    compat = _cli("generate", "--kleat-compat", str(path), str(tmp_path / "b"))
    assert compat.returncode == 0, compat.stderr
    assert compat.stderr.count("warning:") == 2 and "accepted because of --kleat-compat" in compat.stderr


@pytest.mark.parametrize("location", ["~/.hal/prod/saml/metadata.xml", "/var/secrets/saml/metadata.xml",
                                      "saml/metadata.xml", "https://idp.example.com/metadata"])
def test_saml_metadata_may_be_a_file_or_a_url(location):
    # Halyard's metadataLocal: a file path is what `hal config security authn saml` wrote.
    from renderer.read import halconfig

    saml = {"enabled": True, "issuerId": "spin", "metadataUrl": location}
    _, report = halconfig.read(hal(security={"authn": {"enabled": True, "saml": saml}}))
    assert [p.check for p in report.problems if getattr(p, "check", None) == "url"] == []


def test_saml_metadata_with_a_scheme_must_be_a_url():
    from renderer.read import halconfig

    saml = {"enabled": True, "issuerId": "spin", "metadataUrl": "https:/idp.example.com"}
    _, report = halconfig.read(hal(security={"authn": {"enabled": True, "saml": saml}}))
    assert [p.check for p in report.errors] == ["url"]


def test_keel_without_sql_needs_the_charts_bundled_mysql():
    from renderer.read.inputs import check_values

    values = {"halconfig": hal(managedDelivery={"enabled": True})}
    assert check_values(values)[2].ok
    _, _, report = check_values(dict(values, storage={"bundled": False}))
    assert [p.check for p in report.errors] == ["keel-sql"]


def test_time_zone_check_agrees_with_zoneinfo():
    """The check reads TZif files itself to keep zoneinfo off the post-render path; it must accept
    and refuse exactly what zoneinfo does."""
    import zoneinfo

    from renderer.read.preflight.formats import _known_zone

    names = sorted(zoneinfo.available_timezones())[::7] + [
        "UTC", "Etc/GMT+5", "America/Los_Angles", "Mars/Olympus", "zone.tab", "../../etc/passwd", "/etc/passwd",
        "America", "utc"]
    for name in names:
        try:
            zoneinfo.ZoneInfo(name)
            expected = True
        except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
            expected = False
        assert _known_zone(name) is expected, name
