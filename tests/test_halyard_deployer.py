"""The Halyard deployer oracle (tests/halyard_deployer.py) on a directory written to exercise each of
its rules, and the equivalence harness's comparison and report matching on objects made by hand.
No corpus needed: these run on a public clone too."""
from __future__ import annotations

import types

import pytest
import yaml

import halyard_deployer as hd
import test_halyard_equivalence as eq

CONFIG = {
    "currentDeployment": "default",
    "deploymentConfigurations": [{
        "name": "default", "version": "local:1.30.1",
        "providers": {"dockerRegistry": {"enabled": False}},
        "ci": {"jenkins": {"enabled": True}},
        # Halyard ignores the written flag: a store that is on turns the monitoring daemon on.
        "metricStores": {"enabled": False, "prometheus": {"enabled": True}},
        "security": {"authz": {"enabled": False}, "apiSecurity": {"ssl": {"enabled": True}}},
        "deploymentEnvironment": {
            "location": "spin", "imageVariant": "UBUNTU",
            "haServices": {"clouddriver": {"enabled": True, "disableClouddriverRoDeck": True},
                           "echo": {"enabled": False}},
            "customSizing": {
                "spin-clouddriver": {"replicas": 5, "requests": {"memory": "1Gi"}},
                "clouddriver-caching": {"requests": {"cpu": 1}, "limits": {"memory": "4Gi"}, "replicas": 7},
                "spin-clouddriver-caching": {"replicas": 3, "requests": {"cpu": 2}},
            },
            "tolerations": {"spin-clouddriver": [{"key": "svc", "operator": "Exists"}],
                            "clouddriver": [{"key": "base", "operator": "Exists"}],
                            "spin-clouddriver-rw": [{"key": "rw", "operator": "Exists"}]},
            "nodeSelectors": {"spin-orca": "ignored"},
            "sidecars": {"clouddriver": [{"name": "proxy", "dockerImage": "envoy:1"}]},
            "livenessProbeConfig": {"enabled": True, "initialDelaySeconds": 90},
        },
    }],
}
SETTINGS = {
    "gate.yml": {"kubernetes": {"useExecHealthCheck": False, "serviceAccountName": "gate-sa",
                                "imagePullSecrets": ["registry"],
                                "nodeSelector": {"pool": "web"}},
                 "env": {"JAVA_OPTS": "-Xmx1g", "PORT_NUMBER": 9}},
    "clouddriver-rw.yml": {"artifactId": "my/clouddriver:1", "targetSize": 2},
    "redis.yml": {"skipLifeCycleManagement": True},
}
PROFILES = {
    "clouddriver-local.yml": "a: 1\n", "clouddriver-rw-local.yml": "b: 1\n", "clouddriver-ro-local.yml": "c: 1\n",
    "spinnakerconfig.yml": "spring: {}\n", "spinnaker-local.yml": "d: 1\n", "settings-local.js": "//\n",
    "igor-overrides.yml": "services:\n  clouddriver:\n    baseUrl: http://stormdriver:8090\n",
}


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    hal = tmp_path_factory.mktemp("hal")
    (hal / "config").write_text(yaml.safe_dump(CONFIG))
    (hal / "default" / "service-settings").mkdir(parents=True)
    (hal / "default" / "profiles").mkdir()
    for name, data in SETTINGS.items():
        (hal / "default" / "service-settings" / name).write_text(yaml.safe_dump(data))
    (hal / "default" / "service-settings" / "orca.yml").write_text("")  # empty: Halyard's defaults
    for name, text in PROFILES.items():
        (hal / "default" / "profiles" / name).write_text(text)
    return hd.deployment(str(hal))


def test_which_workloads_run(oracle):
    assert set(oracle.running()) == {"clouddriver-caching", "clouddriver-rw", "clouddriver-ro", "deck", "echo",
                                     "front50", "gate", "igor", "orca", "rosco"}
    assert oracle.version == "1.30.1" and oracle.namespace == "spin"


def test_sizing_keys(oracle):
    w = oracle.workloads
    # Resources: the canonical key first; replicas only from spin-<canonical>; no split falls back
    # to spin-clouddriver.
    assert w["clouddriver-caching"].resources == {"requests": {"cpu": "1"}, "limits": {"memory": "4Gi"}}
    assert w["clouddriver-caching"].replicas == 3
    assert w["clouddriver-rw"].resources == {"requests": {}, "limits": {}} and w["clouddriver-rw"].replicas == 2


def test_scheduling_keys(oracle):
    w = oracle.workloads
    assert w["clouddriver-rw"].tolerations == [{"key": "rw", "operator": "Exists"}]
    assert w["clouddriver-caching"].tolerations == [{"key": "base", "operator": "Exists"}]
    assert [s["name"] for s in w["clouddriver-ro"].sidecars] == ["proxy"]
    assert w["orca"].node_selector == {} and w["gate"].node_selector == {"pool": "web"}
    assert w["gate"].service_account == "gate-sa" and w["orca"].service_account is None
    assert w["gate"].image_pull_secrets == ["registry"]


def test_env_profiles_and_images(oracle):
    w = oracle.workloads
    assert w["gate"].env == {"SPRING_PROFILES_ACTIVE": "overrides,local", "JAVA_OPTS": "-Xmx1g", "PORT_NUMBER": "9"}
    assert w["orca"].env["JAVA_OPTS"] == "-XX:MaxRAMPercentage=50.0"
    assert w["clouddriver-caching"].spring_profiles == ["caching", "local", "caching-local"]
    assert w["front50"].spring_profiles == ["test", "local"] and "SPRING_PROFILES_ACTIVE" not in w["front50"].env
    assert hd.image_of(w["orca"]) == "orca@1.30.1-ubuntu" and hd.image_of(w["clouddriver-rw"]) == "my/clouddriver:1"
    assert w["orca"].monitoring_daemon and not w["deck"].monitoring_daemon


def test_probes(oracle):
    w = oracle.workloads
    gate = w["gate"]
    assert (gate.scheme, gate.readiness) == ("https", hd.Probe("httpGet", port=8084, path="/health", scheme="HTTPS"))
    assert gate.liveness == hd.Probe("httpGet", port=8084, path="/health", scheme="HTTPS", initial_delay=90)
    assert w["orca"].readiness.command == ["wget", "--no-check-certificate", "--spider", "-q",
                                           "http://localhost:8083/health"]
    assert w["deck"].readiness == hd.Probe("tcpSocket", port=9000)


def test_config_files_mounted_and_read(oracle):
    w = oracle.workloads
    assert set(w["clouddriver-rw"].config_files) == {"clouddriver-local.yml", "clouddriver-rw-local.yml",
                                                      "spinnakerconfig.yml", "spinnaker-local.yml"}
    assert "clouddriver-ro-local.yml" in w["clouddriver-ro"].config_files
    assert set(w["orca"].config_files) == {"spinnaker-local.yml"}  # orca does not bootstrap
    assert set(w["deck"].config_files) == {"settings-local.js"}


def test_endpoints(oracle):
    w = oracle.workloads
    # The user's igor-overrides.yml replaced the generated one: echo comes from spinnaker.yml again.
    assert w["igor"].endpoints == {"clouddriver": ("http://stormdriver:8090", False),
                                   "echo": ("http://spin-echo.spin:8089", True)}
    assert w["rosco"].endpoints["clouddriver"] == ("http://spin-clouddriver-ro.spin:7002", True)
    assert w["gate"].base_url == "https://localhost:8084"


def _deployment(component, container, spec=None, replicas=1):
    return {"kind": "Deployment", "metadata": {"name": f"x-{component}", "labels": {
        "app.kubernetes.io/component": component, "app.kubernetes.io/version": "2026.4.0"}},
        "spec": {"replicas": replicas, "template": {"metadata": {}, "spec": dict(
            {"containers": [container], "terminationGracePeriodSeconds": 720}, **(spec or {}))}}}


def test_the_comparison_finds_each_difference(oracle):
    container = {"name": "clouddriver", "image": "my/clouddriver:1", "ports": [{"containerPort": 7002}],
                 "env": [{"name": "SPRING_PROFILES_ACTIVE", "value": "helm,rw,local,rw-local"},
                         {"name": "JAVA_OPTS", "value": "-XX:MaxRAMPercentage=50.0"}],
                 "readinessProbe": {"httpGet": {"path": "/health", "port": 7002, "scheme": "HTTP"}}}
    objs = [_deployment("clouddriver-rw", container, {"tolerations": [{"key": "other"}]}, replicas=2)]
    rendered = eq.Rendered(objs, types.SimpleNamespace(secrets={}))
    diffs = {(d.kind, d.what) for d in eq.compare(oracle, rendered) if d.workload == "clouddriver-rw"}
    assert diffs == {("release", "config release"), ("image-release", "image"), ("tolerations", "tolerations"),
                     ("liveness-probe", "livenessProbe"), ("config-file", "clouddriver-local.yml"),
                     ("config-file", "clouddriver-rw-local.yml"), ("config-file", "spinnakerconfig.yml"),
                     ("config-file", "spinnaker-local.yml"), ("sidecars", "proxy"), ("sidecars", "monitoring-daemon"),
                     # spinnaker.yml's echo (running); its clouddriver (not running under HA) is not compared
                     ("endpoint", "echo")}
    assert ("workload-set", "runs") in {(d.kind, d.what) for d in eq.compare(oracle, rendered) if d.workload == "orca"}


@pytest.mark.parametrize("row, explains", [
    (("default/profiles/orca-overrides.yml", "", "move its settings into `profiles.<service>`."), False),
    (("default/profiles/orca-overrides.yml", "", "Halyard's overrides profile; now in `profiles.orca`."), True),
    (("default/profiles/orca-overrides.yml", "profiles.orca", ""), False),  # no reason
    (("default/profiles/gate-overrides.yml", "profiles.orca", "a reason"), False),  # another file
])
def test_a_difference_is_explained_only_by_a_row_with_source_concrete_path_and_reason(row, explains):
    diff = eq.Difference("config-file", "orca", "orca-overrides.yml", "read", "absent")
    context = {"deployment": "default", "halyard_release": r"1\.28\.1", "settings": set(),
               "services": {n: f["base"] for n, f in hd.WORKLOADS.items()}}
    assert eq.explained(diff, [row], context) is explains


def test_every_expected_gap_names_a_kind_and_a_corpus_directory():
    for name, kinds in eq.EXPECTED_GAPS.items():
        assert name in eq.CORPUS_DIRS or eq.CORPUS_DIRS == ["(no corpus)"], name
        assert set(kinds) <= set(eq.KINDS), (name, set(kinds) - set(eq.KINDS))
