"""The user's existing Secrets (`secrets.files`, `secrets.env`) reach only the services that need them.

Rendered by Helm's engine and post-rendered through the real entry point; the
assertions are on the pods that reach the cluster.
"""
from __future__ import annotations

import os

import pytest
import yaml

from conftest import ROOT

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402

FORMS = {"helm3": handover.helm3_stream, "helm4": handover.helm4_stream}
KUBECONFIGS = {"secretName": "kubeconfigs"}
HALCONFIG = {
    "providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "prod", "kubeconfigFile": "/var/secrets/kubeconfig-prod"}]}},
    "persistentStorage": {"gcs": {"enabled": True, "bucket": "b", "jsonPath": "/var/secrets/gcs.json"}},
    "security": {"authn": {"enabled": True, "oauth2": {"enabled": True, "client": {
        "clientId": "spinnaker", "clientSecret": "${OAUTH_CLIENT_SECRET}"}}}},
}


def production_values() -> dict:
    with open(os.path.join(ROOT, "examples", "values-production.yaml")) as handle:
        return yaml.safe_load(handle)


def render(values, form="helm3"):
    """The post-rendered release (text)."""
    result = handover.post_render(FORMS[form](handover.render(values)))
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def refused(values) -> str:
    result = handover.post_render(handover.helm3_stream(handover.render(values)))
    assert result.returncode == 1 and result.stdout == b""
    return result.stderr.decode()


def pods(text) -> dict:
    """{workload component: pod spec} of the Spinnaker services."""
    out = {}
    for obj in yaml.safe_load_all(text):
        if isinstance(obj, dict) and obj["kind"] == "Deployment" \
                and "spinnaker.io/service" in obj["metadata"]["labels"]:
            out[obj["metadata"]["labels"]["app.kubernetes.io/component"]] = obj["spec"]["template"]["spec"]
    return out


# The chart's own store credentials (bundled or `existingSecret` Redis/MySQL), not `secrets` entries.
CHART_STORE_ENV = {"FRONT50_DB_PASSWORD", "KEEL_DB_PASSWORD", "SPINNAKER_REDIS_PASSWORD"}


def user_secrets(spec) -> dict:
    """{container: {"files": [Secret names mounted at /var/secrets], "env": [Secret names]}}."""
    volumes = {v["name"]: v for v in spec.get("volumes") or ()}
    out = {}
    for container in spec["containers"]:
        files = []
        for mount in container.get("volumeMounts") or ():
            if mount["mountPath"] == "/var/secrets":
                files += [s["secret"]["name"] for s in volumes[mount["name"]]["projected"]["sources"]]
        env = [e["valueFrom"]["secretKeyRef"]["name"] for e in container.get("env") or ()
               if "secretKeyRef" in (e.get("valueFrom") or {}) and e["name"] not in CHART_STORE_ENV]
        if files or env:
            out[container["name"]] = {"files": files, "env": env}
    return out


def routed(text) -> dict:
    return {component: user_secrets(spec) for component, spec in pods(text).items() if user_secrets(spec)}


@pytest.mark.parametrize("form", FORMS)
def test_the_production_example_hands_each_secret_to_its_services_only(form):
    got = routed(render(production_values(), form))
    kubeconfigs = {"clouddriver": {"files": ["spinnaker-kubeconfigs"], "env": []}}
    assert got == {"clouddriver-caching": kubeconfigs, "clouddriver-rw": kubeconfigs, "clouddriver-ro": kubeconfigs,
                   "clouddriver-ro-deck": kubeconfigs,
                   "gate": {"gate": {"files": [], "env": ["spinnaker-oauth"]}}}


def test_routing_follows_the_paths_each_service_refers_to():
    values = {"halconfig": HALCONFIG,
              "secrets": {"files": [{"secretName": "kubeconfigs", "keys": ["kubeconfig-prod"]},
                                    {"secretName": "gcs", "keys": ["gcs.json"]}],
                          "env": [{"name": "OAUTH_CLIENT_SECRET", "secretName": "oauth", "key": "secret"}]}}
    assert routed(render(values)) == {"clouddriver": {"clouddriver": {"files": ["kubeconfigs"], "env": []}},
                                      "front50": {"front50": {"files": ["gcs"], "env": []}},
                                      "gate": {"gate": {"files": [], "env": ["oauth"]}}}


def test_a_secret_without_keys_goes_to_every_service_that_refers_to_var_secrets():
    values = {"halconfig": HALCONFIG, "secrets": {"files": [KUBECONFIGS]}}
    assert set(routed(render(values))) == {"clouddriver", "front50"}


def test_profiles_and_service_env_count_as_references():
    values = {"halconfig": {}, "secrets": {
        "files": [KUBECONFIGS],
        "env": [{"name": "SLACK_TOKEN", "secretName": "slack", "key": "token"}]},
        "profiles": {"echo": {"slack": {"enabled": True, "token": "${SLACK_TOKEN}"}}},
        "services": {"rosco": {"env": [{"name": "GOOGLE_APPLICATION_CREDENTIALS",
                                        "value": "/var/secrets/gce.json"}]}}}
    assert routed(render(values)) == {"echo": {"echo": {"files": [], "env": ["slack"]}},
                                      "rosco": {"rosco": {"files": ["kubeconfigs"], "env": []}}}


def test_deck_mounts_no_user_secret_unless_listed():
    for text in (render({}), render(production_values()), render({"halconfig": HALCONFIG,
                                                                  "secrets": {"files": [KUBECONFIGS]}})):
        assert user_secrets(pods(text)["deck"]) == {}
    listed = {"halconfig": HALCONFIG, "secrets": {"files": [dict(KUBECONFIGS, services=["deck", "orca"])]}}
    got = routed(render(listed))
    assert got == {"deck": {"deck": {"files": ["kubeconfigs"], "env": []}},
                   "orca": {"orca": {"files": ["kubeconfigs"], "env": []}}}


def test_deck_gets_the_tls_files_its_own_settings_name():
    values = {"halconfig": {"security": {"uiSecurity": {"ssl": {
        "enabled": True, "sslCertificateFile": "/var/secrets/deck.crt", "sslCertificateKeyFile": "/var/secrets/deck.key"}}}},
        "secrets": {"files": [{"secretName": "deck-tls", "keys": ["deck.crt", "deck.key"]}]}}
    assert routed(render(values)) == {"deck": {"deck": {"files": ["deck-tls"], "env": []}}}


def test_the_monitoring_sidecar_mounts_what_its_config_refers_to():
    values = {"halconfig": {"metricStores": {"stackdriver": {"enabled": True,
                                                             "credentialsPath": "/var/secrets/sd.json"}}},
              "secrets": {"files": [{"secretName": "stackdriver"}]}}
    got = routed(render(values))
    assert got and all(containers == {"monitoring-daemon": {"files": ["stackdriver"], "env": []}}
                       for containers in got.values())


def test_changing_a_secret_rolls_only_the_services_that_mount_it():
    base = production_values()
    before = render(base).split("\n---\n")
    changed = yaml.safe_load(yaml.safe_dump(base))
    changed["secrets"]["env"][0]["key"] = "client-secret-2026"
    after = render(changed).split("\n---\n")
    assert len(before) == len(after)
    differ = [a for b, a in zip(before, after) if a != b]
    assert [yaml.safe_load(d)["metadata"]["name"] for d in differ] == ["spin-spinnaker-gate"]
    changed["secrets"]["files"][0]["secretName"] = "spinnaker-kubeconfigs-v2"
    again = render(changed).split("\n---\n")
    differ = sorted(yaml.safe_load(a)["metadata"]["name"] for a, b in zip(again, after) if a != b)
    assert differ == [f"spin-spinnaker-clouddriver-{split}" for split in ("caching", "ro", "ro-deck", "rw")]


def test_an_unreferenced_secret_is_refused_with_the_fix():
    message = refused({"secrets": {"files": [{"secretName": "gcp"}]}})
    assert "secrets.files[0]" in message and "'gcp'" in message and "services:" in message
    message = refused({"secrets": {"env": [{"name": "AWS_SECRET_ACCESS_KEY", "secretName": "aws", "key": "k"}]}})
    assert "secrets.env[0]" in message and "${AWS_SECRET_ACCESS_KEY}" in message and "services:" in message
    message = refused({"secrets": {"files": [{"secretName": "gcp", "services": ["clouddrivr"]}]}})
    assert "secrets.files[0].services[0]" in message and "'clouddrivr'" in message
    assert "Traceback" not in message


def test_listing_services_replaces_the_derivation():
    values = {"halconfig": HALCONFIG, "secrets": {
        "files": [{"secretName": "kubeconfigs", "keys": ["kubeconfig-prod"]}, {"secretName": "gcs", "keys": ["gcs.json"]}],
        "env": [{"name": "AWS_SECRET_ACCESS_KEY", "secretName": "aws", "key": "k", "services": ["front50", "fiat"]}]}}
    # fiat does not run here: listing it is harmless. No config names ${AWS_SECRET_ACCESS_KEY}: only the list routes it.
    assert routed(render(values)) == {"clouddriver": {"clouddriver": {"files": ["kubeconfigs"], "env": []}},
                                      "front50": {"front50": {"files": ["gcs"], "env": ["aws"]}}}



# S3 keys front50 reads from AWS_*: a `${NAME}` placeholder comes from NAME's secrets.env entry.
HALYARD_CI = os.path.join(ROOT, "charts", "spinnaker", "ci", "halyard-values.yaml")
MINIO_REF = {"secretKeyRef": {"name": "minio-credentials", "key": "secret-key"}}


def _aws_env(text) -> dict:
    """{component: {AWS_* name: env var}} of the Spinnaker pods' main containers."""
    out = {}
    for component, spec in pods(text).items():
        for container in spec["containers"]:
            for var in container.get("env") or ():
                if var["name"].startswith("AWS_"):
                    out.setdefault(component, {})[var["name"]] = var
    return out


def _s3_values(secret_access_key, env=None):
    s3 = {"enabled": True, "bucket": "spin", "endpoint": "http://minio:9000",
          "accessKeyId": "spinnaker", "secretAccessKey": secret_access_key}
    values = {"halconfig": {"persistentStorage": {"persistentStoreType": "s3", "s3": s3}}}
    if env is not None:
        values["secrets"] = {"env": env}
    return values


def _env_secret(text) -> dict:
    import base64

    [secret] = [o for o in yaml.safe_load_all(text) if isinstance(o, dict) and o["kind"] == "Secret"
                and "-front50-env-" in o["metadata"]["name"]]
    return {k: base64.b64decode(v).decode() for k, v in (secret.get("data") or {}).items()}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_halyard_ci_values_give_front50_the_minio_key_from_its_secret(form):
    with open(HALYARD_CI) as handle:
        text = render(yaml.safe_load(handle), form)
    assert _aws_env(text) == {"front50": {"AWS_SECRET_ACCESS_KEY": {
        "name": "AWS_SECRET_ACCESS_KEY", "valueFrom": MINIO_REF}}}
    # The literal access key id still goes through front50's env Secret; the placeholder never does.
    assert _env_secret(text) == {"AWS_ACCESS_KEY_ID": "spinnaker"}
    assert "${MINIO_SECRET_KEY}" not in text


def test_halyard_example_values_render_without_s3_keys():
    with open(os.path.join(ROOT, "examples", "values-halyard.yaml")) as handle:
        text = render(yaml.safe_load(handle))
    assert _aws_env(text) == {}
    assert _env_secret(text) == {}


def test_halyard_ci_values_through_real_helm3(helm3):
    result = helm3.run("template", "spin", os.path.join(ROOT, "charts", "spinnaker"), "-f", HALYARD_CI,
                       "--post-renderer", os.path.join(ROOT, "scripts", "post-render"))
    assert result.returncode == 0, result.stderr
    assert _aws_env(result.stdout) == {"front50": {"AWS_SECRET_ACCESS_KEY": {
        "name": "AWS_SECRET_ACCESS_KEY", "valueFrom": MINIO_REF}}}


def test_s3_placeholder_entry_limited_to_other_services_is_refused():
    entry = {"name": "MINIO_SECRET_KEY", "secretName": "minio-credentials", "key": "secret-key",
             "services": ["clouddriver"]}
    message = refused(_s3_values("${MINIO_SECRET_KEY}", [entry]))
    assert "persistentStorage.s3.secretAccessKey" in message and "front50" in message


@pytest.mark.parametrize("value", ["${MINIO_SECRET_KEY}", "${MINIO_SECRET_KEY:fallback}", "pre${MINIO_SECRET_KEY}"])
def test_s3_placeholder_without_a_whole_secrets_env_entry_is_refused(value):
    message = refused(_s3_values(value))
    assert "persistentStorage.s3.secretAccessKey" in message and "secrets.env" in message


def test_s3_literal_keys_stay_in_the_env_secret():
    text = render(_s3_values("literal-secret"))
    assert _aws_env(text) == {}
    assert _env_secret(text) == {"AWS_ACCESS_KEY_ID": "spinnaker", "AWS_SECRET_ACCESS_KEY": "literal-secret"}
