"""The chart's templates, rendered by Helm's real template engine (helm-python-sdk).

These tests look at what the chart itself produces, before any post-rendering:
which workloads run, their images, labels, probes and resources, the config
bundle handed to the post-renderer (docs/architecture.md), the stores, the
Ingress and the test hook. Security properties (container lock-down, RBAC,
ServiceAccount tokens, NetworkPolicies) are tested once, on what reaches the
cluster after post-rendering, in tests/test_security.py.
"""
from __future__ import annotations

import base64
import functools
import json
import os
import re
import sys

import pytest
import yaml

from conftest import REFERENCE, ROOT, need_reference

helm_python = pytest.importorskip(
    "helm_python", reason="helm-python-sdk (pip install helm-python-sdk) provides Helm's template engine")

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from renderer import service_facts  # noqa: E402
from renderer.generate import values_model

CHART = os.path.join(ROOT, "charts", "spinnaker")
RELEASE, NAMESPACE = "spin", "spinnaker"
FULLNAME = "spin-spinnaker"
# Every service but Deck (Apache serving static files) is a Spring Boot service.
JAVA = sorted(service_facts.JAVA_SERVICES)
# Halyard's HA splits: split -> (base service, Spring profiles it adds).
HA_SPLITS = {
    "clouddriver-caching": ("clouddriver", ("caching",)),
    "clouddriver-rw": ("clouddriver", ("rw",)),
    "clouddriver-ro": ("clouddriver", ("ro",)),
    "clouddriver-ro-deck": ("clouddriver", ("ro-deck",)),
    "echo-scheduler": ("echo", ("scheduler",)),
    "echo-worker": ("echo", ("worker",)),
}
ALWAYS = ["clouddriver", "deck", "echo", "front50", "gate", "orca", "rosco"]
OPTIONAL = ["fiat", "igor", "kayenta", "keel"]
BUNDLE_KEYS = {"release", "halconfig", "halconfigDeployment", "strict", "version", "services", "disabled",
               "redis", "storage", "mounts", "expose", "profiles", "settingsLocalJs", "bootstrapConfig", "patches", "secrets", "kubernetesSecrets",
               "rbac", "observability"}
ALL_OPTIONAL_ON = {"security": {"authz": {"enabled": "true"}},  # quoted on purpose
                   "canary": {"enabled": True},
                   "managedDelivery": {"enabled": True},
                   "ci": {"jenkins": {"enabled": True, "masters": []}}}


# rendering -----------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _render(values_json: str) -> dict:
    chart = helm_python.Chart.load(CHART)
    return chart.render(json.loads(values_json), name=RELEASE, namespace=NAMESPACE)


def render(values=None) -> dict:
    """Template path -> text (NOTES.txt and hooks included)."""
    return _render(json.dumps(values or {}, sort_keys=True))


def docs(values=None) -> list[dict]:
    """Every rendered document, parsed (which also proves each one is valid YAML)."""
    out = []
    for path, text in render(values).items():
        if path.endswith("NOTES.txt"):
            continue
        for doc in yaml.safe_load_all(text):
            if doc is not None:
                assert isinstance(doc, dict), (path, doc)
                out.append(doc)
    return out


def of_kind(objs, kind):
    return [o for o in objs if o["kind"] == kind]


def named(objs, kind, name):
    found = [o for o in objs if o["kind"] == kind and o["metadata"]["name"] == name]
    assert len(found) == 1, (kind, name, [o["metadata"]["name"] for o in of_kind(objs, kind)])
    return found[0]


def deployments(values=None) -> dict:
    """Spinnaker workload Deployments by workload name (component label); Redis excluded."""
    return {d["metadata"]["labels"]["app.kubernetes.io/component"]: d
            for d in of_kind(docs(values), "Deployment")
            if d["metadata"]["labels"]["app.kubernetes.io/component"] != "redis"}


def bundle(values=None) -> dict:
    [doc] = of_kind(docs(values), "SpinnakerConfigBundle")
    return json.loads(base64.b64decode(doc["data"]["bundle"], validate=True))


def main_container(deployment):
    return deployment["spec"]["template"]["spec"]["containers"][0]


def env_of(container) -> dict:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container.get("env") or ()}


def render_error(values) -> str:
    with pytest.raises(helm_python.HelmError) as info:
        render(values)
    return str(info.value)


def reference_halyard(case="case-00"):
    need_reference()  # skips without ../shared, fails under CI
    path = os.path.join(REFERENCE, "halyard-format", case, "config")
    with open(path) as handle:
        return yaml.safe_load(handle)


SCENARIOS = {
    "defaults": {},
    "optional-services": {"halconfig": ALL_OPTIONAL_ON},
    "ha": {"ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}}},
    "expose-tls": {"expose": {"host": "spinnaker.example.com", "tls": {"enabled": True}}},
    "expose-subdomain": {"expose": {"host": "spinnaker.example.com", "gate": "subdomain"}},
    "external-redis": {"redis": {"externalUrl": "redis://redis.example:6379"}},
    "redis-ephemeral": {"redis": {"persistence": False}},
    "bundled-true": {"storage": {"bundled": "true"}},
    "bundled-false": {"storage": {"bundled": "false"}},
    "network-policy": {"networkPolicy": {"enabled": True}},
    "rbac-cluster": {"rbac": {"clouddriver": {"access": "cluster"}}},
    "rbac-namespace": {"rbac": {"clouddriver": {"access": "namespace", "namespaces": ["apps"]}}},
    "monitoring": {"halconfig": {"metricStores": {"prometheus": {"enabled": True}}}},
    "conventions": {"commonAnnotations": {"team": "cd"},
                    "serviceDefaults": {"strategy": {"type": "RollingUpdate",
                                                     "rollingUpdate": {"maxSurge": 1, "maxUnavailable": "25%"}},
                                        "livenessProbe": {"failureThreshold": 10}},
                    "services": {"gate": {"autoscaling": {"enabled": True, "maxReplicas": 4,
                                                          "targetMemoryUtilizationPercentage": 90},
                                          "readinessProbe": {"httpGet": {"path": "/api/v1/health", "port": 8084}}},
                                 "deck": {"strategy": {"type": "Recreate"}}},
                    "ha": {"echo": {"enabled": True}},
                    "expose": {"host": "spinnaker.example.com", "ingress": {
                        "pathType": "ImplementationSpecific", "extraHosts": ["spinnaker.internal"],
                        "extraTls": [{"hosts": ["spinnaker.internal"], "secretName": "internal"}]}}},
    "everything": {"halconfig": dict(ALL_OPTIONAL_ON, metricStores={"datadog": {"enabled": "true"}}),
                   "ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}},
                   "expose": {"host": "spinnaker.example.com"},
                   "networkPolicy": {"enabled": True},
                   "rbac": {"clouddriver": {"access": "namespace"}},
                   "serviceDefaults": {"pdb": {"enabled": True}},
                   "secrets": {"files": [{"secretName": "gcp"}],
                               "env": [{"name": "TOKEN", "secretName": "tok", "key": "t"}]},
                   "services": {"orca": {"sidecars": [{"name": "extra", "image": "busybox:1.37",
                                                       "resources": {"requests": {"cpu": "1m"}}}],
                                         "initContainers": [{"name": "init", "image": "busybox:1.37",
                                                             "resources": {"requests": {"cpu": "1m"}}}]}}},
}


# validity --------------------------------------------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_document_is_a_kubernetes_object(scenario):
    objs = docs(SCENARIOS[scenario])
    assert objs
    for obj in objs:
        assert obj.get("apiVersion") and obj.get("kind"), obj
        assert obj["metadata"]["name"], obj
        assert len(obj["metadata"]["name"]) <= 63 or obj["kind"] in ("Secret", "ConfigMap")
    keys = [(o["kind"], o["metadata"].get("namespace"), o["metadata"]["name"]) for o in objs]
    assert len(keys) == len(set(keys)), "duplicate objects"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_documents_match_the_kubernetes_schemas(scenario):
    kubernetes_validate = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate checks API schemas")
    for obj in docs(SCENARIOS[scenario]):
        if obj["kind"] == "SpinnakerConfigBundle":
            continue
        kubernetes_validate.validate(obj, "1.30", strict=True)


def test_lint_strict_is_clean_with_defaults():
    report = helm_python.lint(CHART, {}, strict=True)
    assert report["errors"] == []
    assert [m for m in report["messages"] if m["severity"] >= 2] == []


def test_app_version_is_the_default_version():
    with open(os.path.join(CHART, "Chart.yaml")) as handle:
        assert yaml.safe_load(handle)["appVersion"] == values_model.DEFAULT_VERSION
    assert bundle()["version"] == values_model.DEFAULT_VERSION


# which services run ---------------------------------------------------------

def test_optional_services_are_off_by_default():
    b = bundle()
    assert sorted(deployments()) == ALWAYS
    assert sorted(b["services"]) == ALWAYS
    assert sorted(b["disabled"]) == OPTIONAL


def test_optional_services_follow_the_halconfig():
    assert sorted(deployments({"halconfig": ALL_OPTIONAL_ON})) == sorted(ALWAYS + OPTIONAL)
    assert bundle({"halconfig": ALL_OPTIONAL_ON})["disabled"] == []


@pytest.mark.parametrize("halconfig,service", [
    ({"security": {"authz": {"enabled": True}}}, "fiat"),
    ({"canary": {"enabled": "true"}}, "kayenta"),
    ({"managedDelivery": {"enabled": True}}, "keel"),
    ({"ci": {"travis": {"enabled": True}}}, "igor"),
    ({"providers": {"dockerRegistry": {"enabled": True}}}, "igor"),
])
def test_each_optional_service_has_its_own_trigger(halconfig, service):
    running = deployments({"halconfig": halconfig})
    assert service in running
    assert sorted(set(running) - set(ALWAYS)) == [service]


def test_disabled_flags_in_the_halconfig_do_not_enable():
    hal = {"security": {"authz": {"enabled": False}}, "canary": {"enabled": "false"},
           "ci": {"jenkins": {"masters": []}}, "providers": {"dockerRegistry": {"enabled": False}}}
    assert sorted(deployments({"halconfig": hal})) == ALWAYS


def test_values_override_derived_enablement():
    values = {"halconfig": ALL_OPTIONAL_ON,
              "services": {"fiat": {"enabled": False}, "kayenta": {"enabled": False}, "deck": {"enabled": False}}}
    running = deployments(values)
    assert "fiat" not in running and "kayenta" not in running and "deck" not in running
    assert sorted(bundle(values)["disabled"]) == ["deck", "fiat", "kayenta"]
    assert "keel" in deployments({"services": {"keel": {"enabled": True}}})


def test_an_unknown_service_name_fails():
    # The values schema refuses it; without the schema the template does.
    assert "clouddrivr" in render_error({"services": {"clouddrivr": {"replicas": 2}}})


# versions and images ----------------------------------------------------------

def images(values=None) -> dict:
    return {name: main_container(d)["image"] for name, d in deployments(values).items()}


def test_release_versions_use_ghcr():
    for name, image in images({"spinnaker": {"version": "2025.2.1"}}).items():
        assert image == f"ghcr.io/spinnaker/{name}:2025.2.1"


def test_legacy_versions_use_the_community_registry():
    for name, image in images({"spinnaker": {"version": "1.36.1"}}).items():
        assert image == f"us-docker.pkg.dev/spinnaker-community/docker/{name}:spinnaker-1.36.1"


def test_registry_and_per_service_overrides():
    values = {"spinnaker": {"registry": "mirror.example/spin"},
              "services": {"gate": {"image": {"registry": "other.example", "repository": "my-gate", "tag": "dev"}},
                           "orca": {"image": {"digest": "sha256:" + "a" * 64, "tag": "ignored"}}}}
    got = images(values)
    assert got["clouddriver"] == f"mirror.example/spin/clouddriver:{values_model.DEFAULT_VERSION}"
    assert got["gate"] == "other.example/my-gate:dev"
    assert got["orca"] == "mirror.example/spin/orca@sha256:" + "a" * 64


def test_version_comes_from_the_halconfig_when_it_is_a_release():
    assert bundle({"halconfig": {"version": "1.35.2"}})["version"] == "1.35.2"
    assert images({"halconfig": {"version": "1.35.2"}})["gate"].endswith("/gate:spinnaker-1.35.2")
    for not_a_release in ("master-latest-unvalidated", "1.35.x", "latest"):
        assert bundle({"halconfig": {"version": not_a_release}})["version"] == values_model.DEFAULT_VERSION


def test_spinnaker_version_decides_over_the_halconfigs():
    # The renderer warns that the halconfig says another release (tests/test_releases.py).
    assert bundle({"spinnaker": {"version": "2026.1.0"}, "halconfig": {"version": "2026.2.0"}})["version"] == "2026.1.0"
    assert bundle({"spinnaker": {"version": "2026.1.0"}, "halconfig": {"version": "2026.1.0"}})["version"] == "2026.1.0"


@pytest.mark.parametrize("said,runs", [("1.20.5", values_model.DEFAULT_VERSION), ("1.29.0", values_model.DEFAULT_VERSION),
                                       ("local:1.30.1", "1.30.1"), ("1.38.2", "1.38.2"), ("2027.1.0", values_model.DEFAULT_VERSION)])
def test_the_chart_runs_the_halconfigs_release_only_when_the_renderer_writes_for_it(said, runs):
    assert bundle({"halconfig": {"version": said}})["version"] == runs


def test_a_version_that_is_no_release_fails():
    assert "not a Spinnaker release" in render_error({"spinnaker": {"version": "master-latest"}})


def test_monitoring_image_follows_the_model_and_the_registry():
    pods = deployments(SCENARIOS["monitoring"])
    sidecar = [c for c in pods["gate"]["spec"]["template"]["spec"]["containers"] if c["name"] == "monitoring-daemon"]
    assert sidecar[0]["image"] == service_facts.MONITORING_DAEMON_IMAGE
    mirrored = deployments(dict(SCENARIOS["monitoring"], spinnaker={"registry": "mirror.example/spin"}))
    sidecar = [c for c in mirrored["gate"]["spec"]["template"]["spec"]["containers"] if c["name"] == "monitoring-daemon"]
    assert sidecar[0]["image"] == "mirror.example/spin/" + service_facts.MONITORING_DAEMON_IMAGE.rsplit("/", 1)[1]


# workloads ---------------------------------------------------------------------

def test_workloads_follow_the_service_table():
    objs = docs({"halconfig": ALL_OPTIONAL_ON})
    for name, facts in service_facts.SERVICES.items():
        deployment = named(objs, "Deployment", f"{FULLNAME}-{name}")
        container = main_container(deployment)
        assert container["ports"][0]["containerPort"] == facts.port
        service = named(objs, "Service", f"{FULLNAME}-{name}")
        assert service["spec"]["ports"][0]["port"] == facts.port
        assert service["spec"]["selector"]["app.kubernetes.io/component"] == name
        if name in JAVA:
            # /health is DOWN while Redis is: it gates traffic, it must not restart the pod.
            assert container["readinessProbe"]["httpGet"]["path"] == "/health"
            assert container["livenessProbe"] == {"tcpSocket": {"port": facts.port}, "periodSeconds": 20,
                                                  "timeoutSeconds": 5, "failureThreshold": 6}
            env = env_of(container)
            assert env["SPRING_PROFILES_ACTIVE"] == "helm,local"
            assert env["JAVA_OPTS"].startswith("-XX:MaxRAMPercentage=")
            mounts = {m["mountPath"] for m in container["volumeMounts"]}
            assert "/tmp" in mounts
        else:
            assert container["readinessProbe"]["tcpSocket"]["port"] == facts.port
        grace = deployment["spec"]["template"]["spec"].get("terminationGracePeriodSeconds")
        assert grace == (facts.grace if facts.grace != 30 else None)
        annotations = deployment["metadata"]["annotations"]
        assert annotations["moniker.spinnaker.io/application"] == "spinnaker"
        assert annotations["moniker.spinnaker.io/cluster"] == name


def test_keel_keeps_its_own_java_opts():
    pods = deployments({"services": {"keel": {"enabled": True}}})
    assert env_of(main_container(pods["keel"]))["JAVA_OPTS"] == "-XX:MaxRAMPercentage=50.0"


def test_config_is_projected_from_placeholders():
    for name, deployment in deployments({"halconfig": ALL_OPTIONAL_ON}).items():
        spec = deployment["spec"]["template"]["spec"]
        [config] = [v for v in spec["volumes"] if v["name"] == "config"]
        assert config["projected"]["sources"] == [
            {"configMap": {"name": f"spinnaker-renderer-placeholder-configmap-{name}"}},
            {"secret": {"name": f"spinnaker-renderer-placeholder-secret-{name}"}}]
        [mount] = [m for m in main_container(deployment)["volumeMounts"] if m["name"] == "config"]
        assert mount == {"name": "config", "mountPath": "/opt/spinnaker/config", "readOnly": True}


def test_deck_gets_its_env_secret_and_gate_address():
    deck = main_container(deployments()["deck"])
    assert deck["envFrom"] == [{"secretRef": {"name": "spinnaker-renderer-placeholder-env-deck"}}]
    env = env_of(deck)
    assert env["DECK_HOST"] == "0.0.0.0" and env["DECK_PORT"] == "9000"
    assert env["API_HOST"] == f"http://{FULLNAME}-gate:8084"
    exposed = env_of(main_container(deployments(SCENARIOS["expose-tls"])["deck"]))
    assert exposed["API_HOST"] == f"http://{FULLNAME}-gate:8084/api/v1"


def test_gate_probes_follow_its_tls_and_path():
    gate = main_container(deployments({"halconfig": {"security": {"apiSecurity": {"ssl": {"enabled": "true"}}}}})["gate"])
    assert gate["readinessProbe"]["httpGet"]["scheme"] == "HTTPS"
    assert gate["ports"][0]["name"] == "https"
    gate = main_container(deployments(SCENARIOS["expose-tls"])["gate"])
    assert gate["readinessProbe"]["httpGet"] == {"path": "/api/v1/health", "port": 8084, "scheme": "HTTP"}


def test_ha_splits_replace_their_service():
    values = {"ha": {"clouddriver": {"enabled": True, "roDeck": 3}, "echo": {"enabled": True, "worker": 2}}}
    objs = docs(values)
    pods = deployments(values)
    splits = HA_SPLITS
    assert sorted(pods) == sorted(set(ALWAYS) - {"clouddriver", "echo"} | set(splits))
    for split, (service, profiles) in splits.items():
        deployment = pods[split]
        assert deployment["metadata"]["name"] == f"{FULLNAME}-{split}"
        for labels in (deployment["metadata"]["labels"], deployment["spec"]["template"]["metadata"]["labels"],
                       named(objs, "Service", f"{FULLNAME}-{split}")["metadata"]["labels"]):
            assert labels["app.kubernetes.io/component"] == split
            assert labels["spinnaker.io/service"] == service
        assert deployment["metadata"]["annotations"]["moniker.spinnaker.io/cluster"] == split
        env = env_of(main_container(deployment))
        # The split's own `<profile>-local` comes last: Halyard's `<split>-local.yml` (profiles.<split>).
        assert env["SPRING_PROFILES_ACTIVE"] == ",".join(("helm",) + profiles + ("local", profiles[-1] + "-local"))
        sources = [v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == "config"][0]
        assert sources["projected"]["sources"][0]["configMap"]["name"].endswith(f"-configmap-{service}")
    assert pods["clouddriver-ro-deck"]["spec"]["replicas"] == 3
    assert pods["echo-worker"]["spec"]["replicas"] == 2
    assert pods["clouddriver-caching"]["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] == 720
    b = bundle(values)
    for split, (service, profiles) in splits.items():
        # Both split services read Spring Cloud Config's bootstrap files: where their pods can write.
        assert b["services"][split] == {"service": service, "host": f"{FULLNAME}-{split}", "port":
                                        service_facts.SERVICES[service].port, "scheme": "http",
                                        "profiles": list(profiles), "monitoring": False, "imageRelease": "",
                                        "writable": ["/tmp", "/home/spinnaker", f"/opt/{service}/plugins"]}


def test_ha_splits_take_their_own_resources():
    own = {"requests": {"cpu": "2", "memory": "4Gi"}, "limits": {"memory": "4Gi"}}
    service = {"requests": {"cpu": "1", "memory": "3Gi"}, "limits": {"memory": "3Gi"}}
    values = {"ha": {"clouddriver": {"enabled": True, "caching": 3, "resources": {"caching": own}},
                     "echo": {"enabled": True, "resources": {"worker": own}}},
              "services": {"clouddriver": {"resources": service}}}
    pods = deployments(values)
    assert main_container(pods["clouddriver-caching"])["resources"] == own
    assert pods["clouddriver-caching"]["spec"]["replicas"] == 3
    for split in ("clouddriver-rw", "clouddriver-ro", "clouddriver-ro-deck"):
        assert main_container(pods[split])["resources"] == service
    assert main_container(pods["echo-worker"])["resources"] == own
    assert main_container(pods["echo-scheduler"])["resources"] == values_model.default_resources(
        service_facts.SERVICES["echo"])


def test_a_jvm_without_a_memory_limit_is_refused():
    # Helm merges values with the defaults: dropping the default limit takes an explicit null.
    no_limit = {"requests": {"cpu": "1", "memory": "2Gi"}, "limits": None}
    message = render_error({"services": {"orca": {"resources": no_limit}}})
    assert "services.orca.resources has no limits.memory" in message and "MaxRAMPercentage" in message
    message = render_error({"ha": {"clouddriver": {"enabled": True, "resources": {"ro": no_limit}}}})
    assert "ha.clouddriver.resources.ro has no limits.memory" in message
    # An explicit heap bound is the user's choice; Deck is no JVM.
    pods = deployments({"services": {"orca": {"resources": no_limit, "javaOpts": "-Xmx1536m"},
                                     "deck": {"resources": no_limit}}})
    assert main_container(pods["orca"])["resources"] == {"requests": {"cpu": "1", "memory": "2Gi"}}


def _split_settings(tag: str) -> dict:
    """A value of every per-split field (values_model.SPLIT_FIELDS), told apart by `tag`."""
    limit = {"requests": {"cpu": "1", "memory": f"{len(tag)}Gi"}, "limits": {"memory": f"{len(tag)}Gi"}}
    return {"replicas": len(tag), "resources": limit, "javaOpts": f"-Xmx1g -D{tag}=1",
            "env": [{"name": f"ENV_{tag.upper()}", "value": tag}],
            "envFrom": [{"configMapRef": {"name": tag}}], "nodeSelector": {"pool": tag},
            "tolerations": [{"key": tag, "operator": "Exists"}],
            "affinity": {"nodeAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                {"weight": 1, "preference": {"matchExpressions": [{"key": tag, "operator": "Exists"}]}}]}},
            "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": tag, "whenUnsatisfiable": "ScheduleAnyway"}],
            "priorityClassName": tag, "podAnnotations": {"who": tag}, "podLabels": {"who": tag},
            "extraVolumes": [{"name": f"v-{tag}", "emptyDir": {}}],
            "extraVolumeMounts": [{"name": f"v-{tag}", "mountPath": f"/mnt/{tag}"}],
            "sidecars": [{"name": f"side-{tag}", "image": "busybox"}],
            "initContainers": [{"name": f"init-{tag}", "image": "busybox"}],
            "hostAliases": [{"ip": "10.0.0.1", "hostnames": [tag]}], "terminationGracePeriodSeconds": len(tag) * 10}


# Where each per-split field lands in a Deployment: (field -> what the pod shows of it).
def _pod_view(deployment) -> dict:
    spec = deployment["spec"]["template"]["spec"]
    meta = deployment["spec"]["template"]["metadata"]
    main = spec["containers"][0]
    env = main.get("env") or []
    return {"replicas": deployment["spec"].get("replicas"), "resources": main.get("resources"),
            "javaOpts": env_of(main).get("JAVA_OPTS"), "env": [e for e in env if e["name"].startswith("ENV_")],
            "envFrom": main.get("envFrom"), "nodeSelector": spec.get("nodeSelector"),
            "tolerations": spec.get("tolerations"), "affinity": spec.get("affinity"),
            "topologySpreadConstraints": spec.get("topologySpreadConstraints"),
            "priorityClassName": spec.get("priorityClassName"),
            "podAnnotations": {"who": meta["annotations"].get("who")}, "podLabels": {"who": meta["labels"].get("who")},
            "extraVolumes": [v for v in spec["volumes"] if v["name"].startswith("v-")],
            "extraVolumeMounts": [m for m in main["volumeMounts"] if m["name"].startswith("v-")],
            "sidecars": [c for c in spec["containers"][1:]], "initContainers": spec.get("initContainers"),
            "hostAliases": spec.get("hostAliases"),
            "terminationGracePeriodSeconds": spec.get("terminationGracePeriodSeconds")}


def _as_rendered(settings: dict) -> dict:
    """What the pod shows of `settings` (user containers get the service's container securityContext)."""
    out = dict(settings)
    secured = values_model.ServiceDefaults.fields["securityContext"].default
    for key in ("sidecars", "initContainers"):
        out[key] = [dict(c, securityContext=secured) for c in settings[key]]
    return out


def test_an_ha_split_takes_each_of_its_own_settings_whole():
    """Every per-split field replaces the service's value whole on that split (Halyard's per-split
    settings), the other splits keep the service's, and a split with nothing falls back to
    serviceDefaults through its service."""
    split, service = _split_settings("split"), _split_settings("svc")
    values = {"ha": {"clouddriver": {"enabled": True, "splits": {"caching": split}}, "echo": {"enabled": True}},
              "services": {"clouddriver": service},
              "serviceDefaults": {"nodeSelector": {"pool": "defaults"}}}
    pods = deployments(values)
    assert set(_pod_view(pods["clouddriver-caching"])) == set(values_model.SPLIT_FIELDS)
    assert _pod_view(pods["clouddriver-caching"]) == _as_rendered(split)  # lists not merged with the service's
    rw = _pod_view(pods["clouddriver-rw"])
    assert {k: v for k, v in rw.items() if k != "replicas"} == \
        {k: v for k, v in _as_rendered(service).items() if k != "replicas"}
    assert rw["replicas"] == 1  # ha.clouddriver.rw: a split's count never came from services.<name>.replicas
    assert _pod_view(pods["echo-worker"])["nodeSelector"] == {"pool": "defaults"}


def test_a_splits_own_place_wins_over_the_older_ones():
    own = {"requests": {"cpu": "2", "memory": "6Gi"}, "limits": {"memory": "6Gi"}}
    older = {"requests": {"cpu": "1", "memory": "3Gi"}, "limits": {"memory": "3Gi"}}
    values = {"ha": {"clouddriver": {"enabled": True, "caching": 2, "ro": 4, "resources": {"caching": older, "ro": older},
                                     "splits": {"caching": {"replicas": 5, "resources": own}}}}}
    pods = deployments(values)
    assert pods["clouddriver-caching"]["spec"]["replicas"] == 5
    assert main_container(pods["clouddriver-caching"])["resources"] == own
    assert pods["clouddriver-ro"]["spec"]["replicas"] == 4
    assert main_container(pods["clouddriver-ro"])["resources"] == older
    message = render_error({"ha": {"clouddriver": {"enabled": True, "splits": {
        "rw": {"resources": {"requests": {"memory": "1Gi"}}}}}}})
    assert "ha.clouddriver.splits.rw.resources has no limits.memory" in message
    message = render_error({"ha": {"echo": {"enabled": True, "splits": {
        "worker": {"resources": {"requests": {"memory": "2Gi"}, "limits": {"memory": "1Gi"}}}}}}})
    assert "ha.echo.splits.worker.resources: requests.memory 2Gi is above limits.memory 1Gi" in message
    # A split's own heap bound is judged with its own resources.
    pods = deployments({"ha": {"echo": {"enabled": True, "splits": {
        "worker": {"resources": {"requests": {"memory": "1Gi"}}, "javaOpts": "-Xmx512m"}}}}})
    assert env_of(main_container(pods["echo-worker"]))["JAVA_OPTS"] == "-Xmx512m"


def test_the_bundle_says_where_bootstrapping_pods_may_write():
    """A git basedir must be writable: the chart's writable mounts under its read-only root filesystem,
    a split's own writable mounts, or everything when the root filesystem is writable."""
    values = {"ha": {"clouddriver": {"enabled": True, "splits": {"rw": {"extraVolumeMounts": [
                  {"name": "repo", "mountPath": "/var/repo"}, {"name": "ca", "mountPath": "/etc/ca", "readOnly": True}],
                  "extraVolumes": [{"name": "repo", "emptyDir": {}}, {"name": "ca", "secret": {"secretName": "ca"}}]}}}},
              "services": {"igor": {"enabled": True, "securityContext": {"readOnlyRootFilesystem": False}}},
              "bootstrapConfig": {"spinnaker": {"encrypt": {"key": "k"}}}}
    b = bundle(values)
    chart = ["/tmp", "/home/spinnaker"]
    assert b["services"]["clouddriver-rw"]["writable"] == chart + ["/opt/clouddriver/plugins", "/var/repo"]
    assert b["services"]["clouddriver-ro"]["writable"] == chart + ["/opt/clouddriver/plugins"]
    assert b["services"]["igor"]["writable"] == ["/"]
    assert "writable" not in b["services"]["gate"]  # gate reads no bootstrap file
    assert b["mounts"] == ["/var/repo", "/etc/ca"]  # a split's mounts hold halconfig files too
    assert b["bootstrapConfig"] == {"spinnaker": {"encrypt": {"key": "k"}}}


def test_host_aliases_reach_the_pods():
    aliases = [{"ip": "10.0.0.10", "hostnames": ["git.internal"]}]
    pods = deployments({"services": {"igor": {"enabled": True, "hostAliases": aliases}},
                        "serviceDefaults": {"hostAliases": [{"ip": "10.0.0.1", "hostnames": ["all"]}]}})
    assert pods["igor"]["spec"]["template"]["spec"]["hostAliases"] == aliases
    assert pods["gate"]["spec"]["template"]["spec"]["hostAliases"] == [{"ip": "10.0.0.1", "hostnames": ["all"]}]


def test_settings_fall_back_to_service_defaults():
    values = {"serviceDefaults": {"nodeSelector": {"pool": "spin"}, "replicas": 2,
                                 "podSecurityContext": {"runAsNonRoot": True, "runAsUser": 1000680000,
                                                        "seccompProfile": {"type": "RuntimeDefault"}}},
              "services": {"orca": {"nodeSelector": {"pool": "orca"}, "replicas": 0}}}
    pods = deployments(values)
    assert pods["rosco"]["spec"]["template"]["spec"]["nodeSelector"] == {"pool": "spin"}
    assert pods["rosco"]["spec"]["replicas"] == 2
    assert pods["orca"]["spec"]["template"]["spec"]["nodeSelector"] == {"pool": "orca"}
    assert pods["orca"]["spec"]["replicas"] == 0
    # Large uids stay integers (no JSON round trip turning them into 1.00068e+09).
    assert pods["rosco"]["spec"]["template"]["spec"]["securityContext"]["runAsUser"] == 1000680000
    # Deck's own securityContext (uid 33) is not replaced by the default.
    assert pods["deck"]["spec"]["template"]["spec"]["securityContext"]["runAsUser"] == 33


def test_user_extras_reach_the_pods():
    values = {"spinnaker": {"imagePullSecrets": [{"name": "regcred"}]},
              "secrets": {"files": [{"secretName": "gcp"}, {"secretName": "aws", "services": ["orca"]}],
                          "env": [{"name": "TOKEN", "secretName": "tok", "key": "t"}]},
              "services": {"gate": {"podLabels": {"team": "cd"}, "podAnnotations": {"a": "b"},
                                    "env": [{"name": "X", "value": "1"}],
                                    "extraVolumes": [{"name": "extra", "emptyDir": {}}],
                                    "extraVolumeMounts": [{"name": "extra", "mountPath": "/extra"}],
                                    "tolerations": [{"key": "k", "operator": "Exists"}],
                                    "priorityClassName": "high"}}}
    for name, deployment in deployments(values).items():
        spec = deployment["spec"]["template"]["spec"]
        assert spec["imagePullSecrets"] == [{"name": "regcred"}]
        # The user's Secrets are routed by the post-renderer (test_postrender_e2e), not by the templates.
        assert "/var/secrets" not in json.dumps(spec) and "TOKEN" not in env_of(main_container(deployment))
    assert bundle(values)["secrets"] == dict(values["secrets"], mountPath="/var/secrets",
                                             monitoringContainer="monitoring-daemon")
    gate = deployments(values)["gate"]
    spec = gate["spec"]["template"]["spec"]
    assert gate["spec"]["template"]["metadata"]["labels"]["team"] == "cd"
    assert gate["spec"]["template"]["metadata"]["annotations"]["a"] == "b"
    assert env_of(main_container(gate))["X"] == "1"
    assert {"name": "extra", "mountPath": "/extra"} in main_container(gate)["volumeMounts"]
    assert spec["priorityClassName"] == "high" and spec["tolerations"][0]["key"] == "k"


def test_pdbs_per_workload():
    assert of_kind(docs(), "PodDisruptionBudget") == []
    values = {"serviceDefaults": {"pdb": {"enabled": True}}, "services": {"orca": {"pdb": {"minAvailable": "50%"}}},
              "ha": {"clouddriver": {"enabled": True}}}
    pdbs = {p["metadata"]["name"]: p["spec"] for p in of_kind(docs(values), "PodDisruptionBudget")}
    assert f"{FULLNAME}-clouddriver-ro" in pdbs and f"{FULLNAME}-clouddriver" not in pdbs
    assert pdbs[f"{FULLNAME}-orca"]["minAvailable"] == "50%" and "maxUnavailable" not in pdbs[f"{FULLNAME}-orca"]
    assert pdbs[f"{FULLNAME}-gate"]["maxUnavailable"] == 1
    assert pdbs[f"{FULLNAME}-gate"]["selector"]["matchLabels"]["app.kubernetes.io/component"] == "gate"
    # The other way round: a service's own maxUnavailable replaces the default minAvailable.
    values = {"serviceDefaults": {"pdb": {"enabled": True, "minAvailable": 1}},
              "services": {"orca": {"pdb": {"maxUnavailable": 2}}}}
    pdbs = {p["metadata"]["name"]: p["spec"] for p in of_kind(docs(values), "PodDisruptionBudget")}
    assert pdbs[f"{FULLNAME}-orca"]["maxUnavailable"] == 2 and "minAvailable" not in pdbs[f"{FULLNAME}-orca"]
    assert pdbs[f"{FULLNAME}-gate"]["minAvailable"] == 1


def test_monitoring_sidecar_in_every_java_pod():
    pods = deployments(dict(SCENARIOS["monitoring"], halconfig=dict(ALL_OPTIONAL_ON, metricStores={
        "period": 30, "enabled": True, "prometheus": {"enabled": "true"}})))
    for name, deployment in pods.items():
        containers = {c["name"]: c for c in deployment["spec"]["template"]["spec"]["containers"]}
        if name == "deck":
            assert "monitoring-daemon" not in containers
            continue
        sidecar = containers["monitoring-daemon"]
        assert sidecar["ports"] == [{"name": "metrics", "containerPort": 8008, "protocol": "TCP"}]
        assert "/opt/spinnaker/config" in {m["mountPath"] for m in sidecar["volumeMounts"]}
    assert all(not w["monitoring"] for w in bundle()["services"].values())
    disabled_stores = {"halconfig": {"metricStores": {"enabled": True, "prometheus": {"enabled": False}}}}
    assert all(not w["monitoring"] for w in bundle(disabled_stores)["services"].values())


SCRAPED = {"halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
           "monitoringDaemon": {"prometheus": {"podAnnotations": True,
                                               "podMonitor": {"enabled": True, "interval": "30s",
                                                              "labels": {"release": "kube-prometheus"}}}}}


def test_prometheus_scrapes_the_daemons_when_asked():
    objs = docs(SCRAPED)
    [monitor] = of_kind(objs, "PodMonitor")
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    assert monitor["metadata"]["labels"]["release"] == "kube-prometheus"
    assert monitor["spec"]["podMetricsEndpoints"] == [
        {"port": "metrics", "path": "/prometheus_metrics", "interval": "30s"}]
    selector = monitor["spec"]["selector"]["matchLabels"]
    pods = deployments(SCRAPED)
    for name, deployment in pods.items():
        template = deployment["spec"]["template"]
        assert selector.items() <= template["metadata"]["labels"].items()
        annotations = template["metadata"].get("annotations") or {}
        ports = {p["name"]: p["containerPort"] for c in template["spec"]["containers"] for p in c.get("ports") or ()}
        if name == "deck":
            assert "metrics" not in ports and "prometheus.io/scrape" not in annotations
            continue
        assert annotations["prometheus.io/scrape"] == "true"
        assert annotations["prometheus.io/port"] == str(ports["metrics"])
        assert annotations["prometheus.io/path"] == "/prometheus_metrics"


def test_a_service_monitor_finds_the_daemons_through_the_services():
    values = {**SCRAPED, "monitoringDaemon": {"prometheus": {"serviceMonitor": {
        "enabled": True, "interval": "1m", "labels": {"release": "kube-prometheus"}}}}}
    objs = docs(values)
    assert of_kind(objs, "PodMonitor") == []
    [monitor] = of_kind(objs, "ServiceMonitor")
    assert monitor["metadata"]["labels"]["release"] == "kube-prometheus"
    assert monitor["spec"]["endpoints"] == [{"port": "metrics", "path": "/prometheus_metrics", "interval": "1m"}]
    selector = monitor["spec"]["selector"]["matchLabels"]
    services = [s for s in of_kind(objs, "Service") if selector.items() <= s["metadata"]["labels"].items()]
    with_metrics = {s["metadata"]["name"] for s in services if "metrics" in {p["name"] for p in s["spec"]["ports"]}}
    daemons = {name for name, d in deployments(values).items()
               if "monitoring-daemon" in {c["name"] for c in d["spec"]["template"]["spec"]["containers"]}}
    assert len(with_metrics) == len(daemons) >= 6
    assert with_metrics == {f"{FULLNAME}-{d}" for d in daemons}


def test_no_scraping_by_default():
    objs = docs(SCENARIOS["monitoring"])
    assert of_kind(objs, "PodMonitor") == [] and of_kind(objs, "ServiceMonitor") == []
    for deployment in deployments(SCENARIOS["monitoring"]).values():
        assert "prometheus.io/scrape" not in (deployment["spec"]["template"]["metadata"].get("annotations") or {})


@pytest.mark.parametrize("stores,expected", [
    ({}, "metricStores.prometheus.enabled"),
    ({"datadog": {"enabled": True}}, "metricStores.prometheus.enabled"),
    ({"prometheus": {"enabled": True, "push_gateway": "http://gw:9091"}}, "push_gateway"),
])
def test_scraping_without_the_daemons_prometheus_endpoint_fails(stores, expected):
    values = dict(SCRAPED, halconfig={"metricStores": stores})
    assert expected in render_error(values)


# the rosco image's packer plugins ---------------------------------------------------

def test_rosco_keeps_the_packer_plugins_of_its_image():
    # rosco's image installs packer's plugins under /home/spinnaker/.config/packer/plugins.
    pods = deployments()
    rosco = main_container(pods["rosco"])
    env = env_of(rosco)
    plugins = env["PACKER_PLUGIN_PATH"]
    assert plugins == "/home/spinnaker/.config/packer/plugins"
    mounts = {m["mountPath"]: m["name"] for m in rosco["volumeMounts"]}
    # No volume hides the image's plugin directory, and rosco still has a writable home.
    assert not [path for path in mounts if plugins == path or plugins.startswith(path.rstrip("/") + "/")]
    assert mounts[env["HOME"]] == "home"
    # The other Java services keep their writable home where the image puts it.
    assert {m["mountPath"]: m["name"] for m in main_container(pods["orca"])["volumeMounts"]}[
        "/home/spinnaker"] == "home"
    assert "PACKER_PLUGIN_PATH" not in env_of(main_container(pods["orca"]))


# rbac values (what the chart's RBAC grants: tests/test_security.py) --------------------

def test_kubernetes_secrets_need_a_known_service():
    assert "not a Spinnaker service" in render_error({"rbac": {"kubernetesSecrets": {"ecoh": ["x"]}}})
    assert "needs rbac.create" in render_error({"rbac": {"create": False, "kubernetesSecrets": {"echo": ["x"]}}})


# redis, storage ------------------------------------------------------------------

def test_bundled_redis():
    # Was: a Deployment on an emptyDir by default. Now persistent and password-protected by default
    # (tests/test_state.py covers both in depth); persistence: false keeps the old emptyDir form.
    objs = docs()
    redis = named(objs, "StatefulSet", f"{FULLNAME}-redis")
    container = redis["spec"]["template"]["spec"]["containers"][0]
    assert redis["spec"]["template"]["spec"]["securityContext"]["runAsUser"] == 999
    assert container["readinessProbe"]["exec"]["command"][-1].endswith("exec redis-cli ping")
    assert named(objs, "Service", f"{FULLNAME}-redis")["spec"]["ports"][0]["port"] == 6379
    assert bundle()["redis"] == {"url": f"redis://{FULLNAME}-redis:6379", "roUrl": "",
                                 "passwordEnv": "SPINNAKER_REDIS_PASSWORD"}
    assert redis["spec"]["volumeClaimTemplates"][0]["spec"]["resources"]["requests"]["storage"] == "8Gi"
    ephemeral = named(docs(SCENARIOS["redis-ephemeral"]), "Deployment", f"{FULLNAME}-redis")
    assert {"name": "data", "emptyDir": {}} in ephemeral["spec"]["template"]["spec"]["volumes"]


@pytest.mark.parametrize("values", [{"redis": {"externalUrl": "redis://redis.example:6379"}},
                                    {"redis": {"enabled": False}}])
def test_no_bundled_redis(values):
    objs = docs(values)
    assert not [o for o in objs if o["metadata"]["name"] == f"{FULLNAME}-redis"]
    assert bundle(values)["redis"]["url"] == values["redis"].get("externalUrl", "")


def test_read_replica_redis_reaches_the_bundle():
    values = {"ha": {"clouddriver": {"enabled": True, "redisRoUrl": "redis://replica:6379"}}}
    assert bundle(values)["redis"]["roUrl"] == "redis://replica:6379"


def mysql_objects(values):
    return [o for o in docs(values) if o["metadata"]["name"] == f"{FULLNAME}-mysql"]


@pytest.mark.parametrize("values,bundled", [
    ({}, True),
    ({"storage": {"bundled": "auto"}, "halconfig": {"persistentStorage": {"s3": {"enabled": "true", "bucket": "b"}}}},
     False),
    ({"halconfig": {"persistentStorage": {"persistentStoreType": "gcs"}}}, False),
    ({"halconfig": {"persistentStorage": {"s3": {"enabled": False}, "sql": {"enabled": True}}}}, True),
    ({"storage": {"bundled": "true"}, "halconfig": {"persistentStorage": {"gcs": {"enabled": True}}}}, True),
    ({"storage": {"bundled": "false"}}, False),
    ({"storage": {"bundled": False}}, False),
    ({"storage": {"bundled": None}}, True),  # null deletes the default: auto, not "<nil>"
])
def test_bundled_store_modes(values, bundled):
    assert bundle(values)["storage"]["bundled"] is bundled
    assert bool(mysql_objects(values)) is bundled
    front50 = env_of(main_container(deployments(values)["front50"]))
    assert ("FRONT50_DB_PASSWORD" in front50) is bundled


def test_bundled_mysql():
    # Was: a Secret with randAlphaNum passwords looked up from the cluster, passed as env vars.
    # Now: no generated value in the chart's output; passwords are files from the credentials Secret.
    objs = mysql_objects({})
    kinds = sorted(o["kind"] for o in objs)
    assert kinds == ["NetworkPolicy", "Service", "StatefulSet"]  # its NetworkPolicy is named after it
    [statefulset] = [o for o in objs if o["kind"] == "StatefulSet"]
    spec = statefulset["spec"]["template"]["spec"]
    assert spec["securityContext"]["runAsUser"] == 999 and spec["securityContext"]["fsGroup"] == 999
    env = env_of(spec["containers"][0])
    assert env["MYSQL_DATABASE"] == "front50" and env["MYSQL_USER"] == "front50"
    assert env["MYSQL_PASSWORD_FILE"] == "/run/secrets/mysql/password"
    assert env["MYSQL_ROOT_PASSWORD_FILE"] == "/run/secrets/mysql/root-password"
    assert not {"MYSQL_PASSWORD", "MYSQL_ROOT_PASSWORD"} & set(env)
    [passwords] = [v for v in spec["volumes"] if v["name"] == "passwords"]
    assert {s["secret"]["name"] for s in passwords["projected"]["sources"]} == {f"{FULLNAME}-credentials"}
    assert statefulset["spec"]["volumeClaimTemplates"][0]["metadata"]["name"] == "data"
    assert bundle()["storage"] == {"bundled": True, "front50": {
        "jdbcUrl": f"jdbc:mysql://{FULLNAME}-mysql:3306/front50", "user": "front50",
        "passwordEnv": "FRONT50_DB_PASSWORD"}}
    front50 = env_of(main_container(deployments()["front50"]))
    assert front50["FRONT50_DB_PASSWORD"] == {"secretKeyRef": {"name": f"{FULLNAME}-credentials", "key": "password"}}


def test_existing_secret_for_the_database():
    # Was: only the front50 password came from existingSecret; now every MySQL password does.
    values = {"storage": {"existingSecret": "front50-db"}}
    [statefulset] = [o for o in mysql_objects(values) if o["kind"] == "StatefulSet"]
    [passwords] = [v for v in statefulset["spec"]["template"]["spec"]["volumes"] if v["name"] == "passwords"]
    assert {s["secret"]["name"] for s in passwords["projected"]["sources"]} == {"front50-db"}
    front50 = env_of(main_container(deployments(values)["front50"]))
    assert front50["FRONT50_DB_PASSWORD"]["secretKeyRef"]["name"] == "front50-db"


# the config bundle -----------------------------------------------------------------

def test_bundle_has_the_documented_shape():
    values = {"halconfig": {"version": "2026.1.0"}, "strict": True, "profiles": {"gate": {"a": 1}},
              "settingsLocalJs": "window.x = 1;",
              "patches": [{"target": {"kind": "Deployment"}, "patch": {"metadata": {"labels": {"p": "1"}}}}]}
    [doc] = of_kind(docs(values), "SpinnakerConfigBundle")
    assert doc["apiVersion"] == "renderer.spinnaker.io/v1"
    assert doc["metadata"] == {"name": FULLNAME}
    assert list(doc["data"]) == ["bundle"]
    b = bundle(values)
    assert set(b) == BUNDLE_KEYS
    assert b["halconfig"] == values["halconfig"] and b["strict"] is True and b["halconfigDeployment"] == ""
    assert b["version"] == "2026.1.0"
    assert b["profiles"] == values["profiles"] and b["settingsLocalJs"] == values["settingsLocalJs"]
    assert b["patches"][0]["target"] == {"kind": "Deployment"}
    assert {k: v for k, v in b["release"].items() if k != "labels"} == {
        "name": RELEASE, "namespace": NAMESPACE, "fullname": FULLNAME, "chart": "spinnaker-0.1.0", "annotations": {}}
    for workload, entry in b["services"].items():
        reads_bootstrap = service_facts.SERVICES[entry["service"]].config_server_bootstrap
        assert set(entry) == {"service", "host", "port", "scheme", "profiles", "monitoring", "imageRelease"} | (
            {"writable"} if reads_bootstrap else set())
        assert entry["port"] == service_facts.SERVICES[entry["service"]].port
        assert entry["scheme"] in ("http", "https")
    assert b["expose"] == {"deckUrl": "", "gateUrl": "", "gatePath": "", "corsPattern": ""}


def test_bundle_release_labels_are_the_standard_labels():
    objs = docs()
    labels = bundle()["release"]["labels"]
    assert "app.kubernetes.io/component" not in labels
    assert labels["app.kubernetes.io/instance"] == RELEASE
    assert labels["app.kubernetes.io/managed-by"] == "Helm"
    gate = named(objs, "Deployment", f"{FULLNAME}-gate")["metadata"]["labels"]
    assert {k: v for k, v in gate.items() if k not in ("app.kubernetes.io/component", "spinnaker.io/service")} \
        == labels
    common = bundle({"commonLabels": {"team": "cd"}})["release"]["labels"]
    assert common["team"] == "cd"
    # The post-renderer's ConfigMaps and Secrets get commonAnnotations through the bundle.
    assert bundle({"commonAnnotations": {"team": "cd"}})["release"]["annotations"] == {"team": "cd"}


def test_bundle_services_match_the_kubernetes_services():
    values = SCENARIOS["everything"]
    objs = docs(values)
    services = {s["metadata"]["name"]: s for s in of_kind(objs, "Service")}
    for workload, entry in bundle(values)["services"].items():
        service = services[entry["host"]]
        assert service["spec"]["ports"][0]["port"] == entry["port"]
        assert service["spec"]["selector"]["app.kubernetes.io/component"] == workload
        assert entry["monitoring"] is (entry["service"] != "deck")


@pytest.mark.parametrize("expose,expected", [
    ({"host": "spin.example.com", "tls": {"enabled": True}},
     {"deckUrl": "https://spin.example.com", "gateUrl": "https://spin.example.com/api/v1", "gatePath": "/api/v1",
      "corsPattern": r"^https://spin\.example\.com$"}),
    ({"host": "spin.example.com", "gatePath": "gate/"},
     {"deckUrl": "http://spin.example.com", "gateUrl": "http://spin.example.com/gate", "gatePath": "/gate",
      "corsPattern": r"^http://spin\.example\.com$"}),
    ({"host": "spin.example.com", "gate": "subdomain", "gateSubdomain": "gate"},
     {"deckUrl": "http://spin.example.com", "gateUrl": "http://gate.spin.example.com", "gatePath": "",
      "corsPattern": r"^http://spin\.example\.com$"}),
])
def test_bundle_expose(expose, expected):
    got = bundle({"expose": expose})["expose"]
    assert got == expected
    assert re.match(got["corsPattern"], got["deckUrl"])
    assert not re.match(got["corsPattern"], got["deckUrl"].replace(".example", "Xexample"))


def test_halconfig_given_as_text_is_parsed():
    text = "security:\n  authz:\n    enabled: true\nversion: 1.35.0\n"
    b = bundle({"halconfig": text})
    assert b["halconfig"] == {"security": {"authz": {"enabled": True}}, "version": "1.35.0"}
    assert "fiat" in b["services"] and b["version"] == "1.35.0"


# Halyard files ---------------------------------------------------------------------

def test_halyard_file_uses_its_current_deployment():
    hal = reference_halyard()
    b = bundle({"halconfig": hal})
    assert b["halconfig"] == hal  # handed over as given; the renderer picks the deployment too
    # prod: authz, canary and CI on; its version (master-latest-unvalidated) is no release.
    assert {"fiat", "kayenta", "igor"} <= set(b["services"]) and "keel" in b["disabled"]
    assert b["version"] == values_model.DEFAULT_VERSION
    assert b["services"]["gate"]["scheme"] == "https"
    assert any(w["monitoring"] for w in b["services"].values())
    gate = main_container(deployments({"halconfig": hal})["gate"])
    assert gate["readinessProbe"]["httpGet"]["scheme"] == "HTTPS"


def test_halyard_file_with_a_named_deployment():
    values = {"halconfig": reference_halyard(), "halconfigDeployment": "staging"}
    b = bundle(values)
    assert b["version"] == "1.30.0" and b["halconfigDeployment"] == "staging"
    assert sorted(b["services"]) == ALWAYS
    assert images(values)["orca"] == "us-docker.pkg.dev/spinnaker-community/docker/orca:spinnaker-1.30.0"
    assert "no deployment named" in render_error(dict(values, halconfigDeployment="nope"))


def test_halyard_file_without_a_choice_fails():
    hal = {"deploymentConfigurations": [{"name": "a"}, {"name": "b"}]}
    assert "no deployment chosen" in render_error({"halconfig": hal})
    single = {"deploymentConfigurations": [{"name": "only", "canary": {"enabled": True}}]}
    assert "kayenta" in bundle({"halconfig": single})["services"]


# exposure ---------------------------------------------------------------------------

def test_no_ingress_without_a_host():
    assert of_kind(docs(), "Ingress") == []
    assert of_kind(docs({"expose": {"host": "x.example", "ingress": {"enabled": False}}}), "Ingress") == []


def test_ingress_path_mode_with_tls():
    values = {"expose": {"host": "spin.example.com", "tls": {"enabled": True},
                         "ingress": {"className": "nginx", "annotations": {"a": "b"}}}}
    [ingress] = of_kind(docs(values), "Ingress")
    spec = ingress["spec"]
    assert spec["ingressClassName"] == "nginx" and ingress["metadata"]["annotations"] == {"a": "b"}
    assert spec["tls"] == [{"hosts": ["spin.example.com"], "secretName": "spin-spinnaker-tls"}]
    [rule] = spec["rules"]
    paths = {p["path"]: p["backend"]["service"] for p in rule["http"]["paths"]}
    assert paths == {"/api/v1": {"name": f"{FULLNAME}-gate", "port": {"number": 8084}},
                     "/": {"name": f"{FULLNAME}-deck", "port": {"number": 9000}}}


def test_ingress_subdomain_mode():
    values = {"expose": {"host": "spin.example.com", "gate": "subdomain", "tls": {"enabled": True,
                                                                                  "secretName": "tls"}}}
    [ingress] = of_kind(docs(values), "Ingress")
    hosts = {r["host"]: r["http"]["paths"][0]["backend"]["service"]["name"] for r in ingress["spec"]["rules"]}
    assert hosts == {"spin.example.com": f"{FULLNAME}-deck", "api.spin.example.com": f"{FULLNAME}-gate"}
    assert ingress["spec"]["tls"] == [{"hosts": ["spin.example.com", "api.spin.example.com"], "secretName": "tls"}]


def test_ingress_extra_hosts_in_subdomain_mode():
    values = {"expose": {"host": "spin.example.com", "gate": "subdomain",
                         "ingress": {"extraHosts": ["spin.internal", "spin.example.com"]}}}
    [ingress] = of_kind(docs(values), "Ingress")
    hosts = [(r["host"], r["http"]["paths"][0]["backend"]["service"]["name"].removeprefix(f"{FULLNAME}-"),
              r["http"]["paths"][0]["pathType"]) for r in ingress["spec"]["rules"]]
    # Each extra host as `host` (Gate on its own subdomain), `host` itself once; no TLS asked for, none given.
    assert hosts == [("spin.example.com", "deck", "Prefix"), ("api.spin.example.com", "gate", "Prefix"),
                     ("spin.internal", "deck", "Prefix"), ("api.spin.internal", "gate", "Prefix")]
    assert "tls" not in ingress["spec"]
    # The URLs Spinnaker is told stay on `host`.
    assert bundle(values)["expose"]["deckUrl"] == "http://spin.example.com"


# helm test, NOTES ---------------------------------------------------------------------------

def test_health_test_hook_checks_every_workload():
    values = {"halconfig": ALL_OPTIONAL_ON, "ha": {"clouddriver": {"enabled": True}},
              "expose": {"host": "spin.example.com"}}
    text = render(values)["spinnaker/templates/tests/test-health.yaml"]
    [pod] = [d for d in yaml.safe_load_all(text) if d]
    annotations = pod["metadata"]["annotations"]
    assert annotations["helm.sh/hook"] == "test"
    assert annotations["helm.sh/hook-delete-policy"] == "before-hook-creation,hook-succeeded"
    container = pod["spec"]["containers"][0]
    assert container["image"] == "docker.io/library/busybox:1.37.0"
    script = "\n".join(container.get("args") or []) + "\n".join(container.get("command") or [])
    for workload, entry in bundle(values)["services"].items():
        if entry["service"] == "deck":
            assert f"http://{entry['host']}:{entry['port']}/" in script
        elif entry["service"] == "gate":
            assert f"http://{entry['host']}:{entry['port']}/api/v1/health" in script
        else:
            assert f"http://{entry['host']}:{entry['port']}/health" in script, workload
    assert not [p for p in render({"tests": {"enabled": False}}) if "tests/" in p and render(
        {"tests": {"enabled": False}})[p].strip()]


def test_notes():
    notes = render()["spinnaker/templates/NOTES.txt"]
    assert "post-render" in notes
    assert f"port-forward svc/{FULLNAME}-deck 9000:9000" in notes
    assert f"port-forward svc/{FULLNAME}-gate 8084:8084" in notes
    for service in ALWAYS:
        assert f"- {service}:" in notes
    exposed = render(SCENARIOS["expose-tls"])["spinnaker/templates/NOTES.txt"]
    assert "https://spinnaker.example.com/api/v1" in exposed and "port-forward" not in exposed


# the chart's copies of model facts -------------------------------------------------------------

def test_values_yaml_carries_the_service_table():
    with open(os.path.join(CHART, "values.yaml")) as handle:
        values = yaml.safe_load(handle)
    assert sorted(values["services"]) == sorted(service_facts.SERVICES)
    for name, facts in service_facts.SERVICES.items():
        assert values["services"][name]["port"] == facts.port
    assert values["monitoringDaemon"]["image"] == service_facts.MONITORING_DAEMON_IMAGE
