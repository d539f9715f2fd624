"""HA splits with their own pod settings, and Spring Cloud Config bootstrap files, as real installs use them.

Through real Helm 3 and Helm 4 with the post-renderer: each split's scheduling, sidecars, env, JAVA_OPTS,
volumes and annotations on that split only (the shapes of real Halyard directories' per-split
service-settings and deploymentEnvironment entries); `bootstrapConfig` files in the Secret of exactly the
services kork's ConfigServerBootstrap makes read them, never in a ConfigMap. The real directories'
`profiles/spinnakerconfig.yml` go through the post-renderer as they are.
"""
from __future__ import annotations

import base64
import glob
import os

import pytest
import yaml

from conftest import REFERENCE, need_reference
from renderer.service_facts import BOOTSTRAP_SERVICES
from test_helm_binary import helm, helm4_plugin, render_values  # noqa: F401

GIT_PASSWORD = "ghp-not-a-real-token-1234"
TOLERATION = {"key": "dedicated", "operator": "Equal", "value": "caching", "effect": "NoSchedule"}
CACERTS = {"name": "oes-cacerts", "secret": {"secretName": "oes-cacerts"}}
CACERTS_MOUNT = {"name": "oes-cacerts", "mountPath": "/etc/pki/ca-trust/extracted/java"}
SPLIT_JAVA_OPTS = "-Xmx1536m -Dspring.cloud.config.server.native.searchLocations=file:///opt/spinnaker/config"
VALUES = {
    # igor runs (a CI is on), so all three services that bootstrap run.
    "halconfig": {"ci": {"jenkins": {"enabled": True, "masters": [{"name": "j", "address": "http://jenkins:8080"}]}}},
    "services": {"clouddriver": {"podAnnotations": {"moniker.spinnaker.io/application": "spin"}}},
    "ha": {
        "clouddriver": {"enabled": True, "splits": {
            # hal-dirs/01's clouddriver-*.yml: a CA volume, annotations and JAVA_OPTS per split; a taint of its own.
            "caching": {"tolerations": [TOLERATION], "nodeSelector": {"pool": "caching"},
                        "javaOpts": SPLIT_JAVA_OPTS, "extraVolumes": [CACERTS], "extraVolumeMounts": [CACERTS_MOUNT],
                        "podAnnotations": {"moniker.spinnaker.io/application": "spin", "split": "caching"},
                        "sidecars": [{"name": "cache-proxy", "image": "docker.io/library/busybox:1.37.0",
                                      "command": ["sleep", "infinity"]}]},
            "rw": {"env": [{"name": "ACCOUNTS_TOKEN", "valueFrom": {"secretKeyRef": {"name": "git", "key": "token"}}}]},
        }},
        "echo": {"enabled": True, "splits": {"scheduler": {"affinity": {"nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": "pool", "operator": "In", "values": ["cron"]}]}]}}}}}},
    },
    "bootstrapConfig": {
        # hal-dirs/01's spinnakerconfig.yml, with a password of its own.
        "spinnaker": {"spring": {"profiles": {"include": "git"}, "cloud": {"config": {"server": {"git": {
            "uri": "https://github.example.com/org/accounts.git", "username": "spinnaker", "password": GIT_PASSWORD,
            "basedir": "/tmp/config-repo", "searchPaths": "accounts", "defaultLabel": "main",
            "refresh-rate": 10}}}}}, "encrypt": {"key": "not-a-real-key"}},
        # A second repository for clouddriver alone, its password from a Secret through secrets.env.
        "clouddriver": {"spring.cloud.config.server.git.repos.extra": {
            "uri": "https://github.example.com/org/more.git", "password": "${EXTRA_GIT_TOKEN}"}},
    },
    "secrets": {"env": [{"name": "EXTRA_GIT_TOKEN", "secretName": "extra-git", "key": "token"}]},
}


def _objects(text):
    return [d for d in yaml.safe_load_all(text) if d]


def _config_objects(objs):
    """{(kind, service): {file: text}} of the post-renderer's ConfigMaps and Secrets."""
    out = {}
    for obj in objs:
        name = obj["metadata"]["name"]
        if obj["kind"] not in ("ConfigMap", "Secret") or not ("-config-" in name or "-secret-" in name):
            continue
        service = obj["metadata"]["labels"]["app.kubernetes.io/component"]
        data = obj.get("data") or {}
        out[(obj["kind"], service)] = {k: base64.b64decode(v).decode() if obj["kind"] == "Secret" else v
                                       for k, v in data.items()}
    return out


def test_splits_and_bootstrap_files_through_each_helm(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, VALUES)
    assert result.returncode == 0, result.stderr
    objs = _objects(result.stdout)
    pods = {d["metadata"]["labels"]["app.kubernetes.io/component"]: d["spec"]["template"]
            for d in objs if d["kind"] == "Deployment"}
    caching, rw = pods["clouddriver-caching"], pods["clouddriver-rw"]
    assert caching["spec"]["tolerations"] == [TOLERATION] and caching["spec"]["nodeSelector"] == {"pool": "caching"}
    assert "tolerations" not in rw["spec"] and "nodeSelector" not in rw["spec"]
    assert [c["name"] for c in caching["spec"]["containers"]] == ["clouddriver", "cache-proxy"]
    assert [c["name"] for c in rw["spec"]["containers"]] == ["clouddriver"]
    main = {e["name"]: e for e in caching["spec"]["containers"][0]["env"]}
    assert main["JAVA_OPTS"]["value"] == SPLIT_JAVA_OPTS
    assert CACERTS in caching["spec"]["volumes"] and CACERTS not in rw["spec"]["volumes"]
    assert caching["metadata"]["annotations"]["split"] == "caching"
    assert rw["metadata"]["annotations"]["moniker.spinnaker.io/application"] == "spin"  # the service's
    assert "ACCOUNTS_TOKEN" in {e["name"] for e in rw["spec"]["containers"][0]["env"]}
    assert "ACCOUNTS_TOKEN" not in main
    assert "affinity" in pods["echo-scheduler"]["spec"] and "affinity" not in pods["echo-worker"]["spec"]

    files = _config_objects(objs)
    for (kind, service), held in files.items():
        bootstrap = {name for name in held if name.endswith("config.yml")}
        if kind == "ConfigMap" or service not in BOOTSTRAP_SERVICES:
            assert not bootstrap, (kind, service)
            assert GIT_PASSWORD not in "".join(held.values()), (kind, service)
    for service in BOOTSTRAP_SERVICES:
        secret = files[("Secret", service)]
        assert yaml.safe_load(secret["spinnakerconfig.yml"]) == VALUES["bootstrapConfig"]["spinnaker"]
        assert ("clouddriverconfig.yml" in secret) == (service == "clouddriver")
    # The placeholder in clouddriverconfig.yml routes its Secret to clouddriver's splits alone.
    for workload, pod in pods.items():
        env = {e["name"] for e in pod["spec"]["containers"][0].get("env") or ()}
        assert ("EXTRA_GIT_TOKEN" in env) == workload.startswith("clouddriver-"), workload
    # Each split reads its service's files: the same projected Secret.
    secret_name = [o["metadata"]["name"] for o in objs if o["kind"] == "Secret" and "-clouddriver-secret-" in
                   o["metadata"]["name"]]
    for split in ("clouddriver-caching", "clouddriver-ro-deck"):
        sources = [v for v in pods[split]["spec"]["volumes"] if v["name"] == "config"][0]["projected"]["sources"]
        assert sources[1]["secret"]["name"] == secret_name[0]


def _hal_dirs_with_bootstrap():
    need_reference()
    return sorted(glob.glob(os.path.join(REFERENCE, "real-world", "hal-dirs", "*", "default", "profiles",
                                         "spinnakerconfig.yml")))


@pytest.mark.parametrize("index", range(4))
def test_real_spinnakerconfig_files_reach_the_services_that_read_them(index):
    """hal-dirs 01, 03, 05, 06: their profiles/spinnakerconfig.yml as bootstrapConfig.spinnaker."""
    handover = pytest.importorskip("handover")
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    paths = _hal_dirs_with_bootstrap()
    assert len(paths) == 4, paths
    with open(paths[index]) as handle:
        given = yaml.safe_load(handle)
    stream = handover.helm3_stream(handover.render({"bootstrapConfig": {"spinnaker": given},
                                                    "halconfig": VALUES["halconfig"]}))
    result = handover.post_render(stream, env={"SPINNAKER_RENDERER_NO_TTY": "1"})
    assert result.returncode == 0, result.stderr.decode()
    files = _config_objects(_objects(result.stdout.decode()))
    assert sorted(s for (kind, s), held in files.items() if "spinnakerconfig.yml" in held) == sorted(BOOTSTRAP_SERVICES)
    assert all(kind == "Secret" for (kind, _), held in files.items() if "spinnakerconfig.yml" in held)
