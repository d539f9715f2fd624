"""Chart conventions operators expect: Service exposure settings and the user's own objects,
through real Helm 3 (executable post-renderer) and Helm 4 (plugin)."""
from __future__ import annotations

import os

import pytest
import yaml

from conftest import ROOT
from test_helm_binary import helm, helm4_plugin, render_values  # noqa: F401

CHART = os.path.join(ROOT, "charts", "spinnaker")
VALUES = {
    "services": {
        "gate": {"serviceType": "LoadBalancer", "loadBalancerSourceRanges": ["10.0.0.0/8"],
                 "externalTrafficPolicy": "Local", "nodePort": 30084},
        "deck": {"serviceType": "NodePort", "nodePort": 30900},
        "orca": {"loadBalancerSourceRanges": ["10.0.0.0/8"], "externalTrafficPolicy": "Local"},  # ClusterIP: unused
    },
    "extraObjects": [
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "{{ .Release.Name }}-extra"}, "data": {"a": "b"}},
        "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Release.Name }}-scraper\n"
        "  namespace: {{ .Release.Namespace }}\n",
    ],
}


def _objects(result) -> dict:
    assert result.returncode == 0, result.stderr
    return {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(result.stdout) if d}


def test_service_exposure_and_extra_objects(helm, tmp_path):  # noqa: F811
    objects = _objects(render_values(helm, tmp_path, VALUES, "-n", "cd"))
    gate = objects["Service", "spin-spinnaker-gate"]["spec"]
    assert gate["type"] == "LoadBalancer" and gate["loadBalancerSourceRanges"] == ["10.0.0.0/8"]
    assert gate["externalTrafficPolicy"] == "Local" and gate["ports"][0]["nodePort"] == 30084
    deck = objects["Service", "spin-spinnaker-deck"]["spec"]
    assert deck["type"] == "NodePort" and deck["ports"][0]["nodePort"] == 30900 and "externalTrafficPolicy" not in deck
    orca = objects["Service", "spin-spinnaker-orca"]["spec"]
    assert orca["type"] == "ClusterIP" and "loadBalancerSourceRanges" not in orca and "externalTrafficPolicy" not in orca
    assert objects["ConfigMap", "spin-extra"]["data"] == {"a": "b"}
    assert objects["ServiceAccount", "spin-scraper"]["metadata"]["namespace"] == "cd"


def _container(objects, workload):
    return objects["Deployment", f"spin-spinnaker-{workload}"]["spec"]["template"]["spec"]["containers"][0]


# --- probes ------------------------------------------------------------------------------------

PROBES = {
    "serviceDefaults": {"readinessProbe": {"failureThreshold": 7}, "startupProbe": {"failureThreshold": 99}},
    "services": {
        "gate": {"readinessProbe": {"periodSeconds": 3, "timeoutSeconds": 2},
                 "livenessProbe": {"httpGet": {"path": "/health", "port": 8084}}},
        "orca": {"startupProbe": {"initialDelaySeconds": 0, "failureThreshold": 90}},
        "deck": {"startupProbe": {"tcpSocket": {"port": 9000}}},
    },
}


def test_probe_fields_go_over_the_charts_probes(helm, tmp_path):  # noqa: F811
    objects = _objects(render_values(helm, tmp_path, PROBES))
    gate = _container(objects, "gate")
    # The chart's handler stays; the service's fields over serviceDefaults' over the chart's.
    assert gate["readinessProbe"] == {"httpGet": {"path": "/health", "port": 8084, "scheme": "HTTP"},
                                      "periodSeconds": 3, "timeoutSeconds": 2, "failureThreshold": 7}
    # A handler given replaces the chart's TCP check instead of joining it.
    assert gate["livenessProbe"] == {"httpGet": {"path": "/health", "port": 8084},
                                     "periodSeconds": 20, "timeoutSeconds": 5, "failureThreshold": 6}
    orca = _container(objects, "orca")
    assert orca["startupProbe"] == {"tcpSocket": {"port": 8083}, "initialDelaySeconds": 0, "periodSeconds": 10,
                                    "failureThreshold": 90}
    assert _container(objects, "clouddriver")["startupProbe"]["failureThreshold"] == 99
    deck = _container(objects, "deck")
    # deck has no startup probe of the chart's: its own handler adds one, serviceDefaults' fields join it.
    assert deck["startupProbe"] == {"tcpSocket": {"port": 9000}, "failureThreshold": 99}
    assert deck["readinessProbe"] == {"tcpSocket": {"port": 9000}, "periodSeconds": 10, "failureThreshold": 7}


def test_serviceDefaults_probe_fields_add_no_probe_the_chart_has_not(helm, tmp_path):  # noqa: F811
    objects = _objects(render_values(helm, tmp_path, {"serviceDefaults": {"startupProbe": {"periodSeconds": 5}}}))
    assert "startupProbe" not in _container(objects, "deck")
    assert _container(objects, "echo")["startupProbe"]["periodSeconds"] == 5


def test_probe_fields_without_a_probe_to_adjust_fail(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, {"services": {"deck": {"startupProbe": {"periodSeconds": 5}}}})
    assert result.returncode != 0
    assert "services.deck.startupProbe" in result.stderr and "handler" in result.stderr


# --- what stays as it was ------------------------------------------------------------------------

def test_without_the_new_values_the_workloads_render_as_before(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, {})
    objects = _objects(result)
    # The chart's own probe text, in its own key order (a re-serialized probe would sort the keys).
    if helm[0].major < 4:  # Helm 4 re-serializes every document itself
        assert ("          startupProbe:\n            tcpSocket:\n              port: 8084\n"
                "            periodSeconds: 10\n            failureThreshold: 60\n") in result.stdout
    for (kind, name), obj in objects.items():
        if kind == "Deployment":
            assert obj["spec"]["replicas"] == 1 and "strategy" not in obj["spec"], name
    assert not [key for key in objects if key[0] in ("HorizontalPodAutoscaler", "Ingress")]


# --- rollout strategy ----------------------------------------------------------------------------

def test_rollout_strategy_per_service_over_the_default(helm, tmp_path):  # noqa: F811
    rolling = {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": 0}}
    objects = _objects(render_values(helm, tmp_path, {"serviceDefaults": {"strategy": rolling},
                                                      "services": {"deck": {"strategy": {"type": "Recreate"}}}}))
    assert objects["Deployment", "spin-spinnaker-gate"]["spec"]["strategy"] == rolling
    assert objects["Deployment", "spin-spinnaker-deck"]["spec"]["strategy"] == {"type": "Recreate"}
    # The chart's own Redis is not a Spinnaker service: its rollout stays the chart's.
    assert "strategy" not in objects["StatefulSet", "spin-spinnaker-redis"]["spec"]


def test_recreate_with_rolling_update_settings_fails(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, {"serviceDefaults": {"strategy": {
        "type": "Recreate", "rollingUpdate": {"maxSurge": 1}}}})
    assert result.returncode != 0 and "serviceDefaults.strategy: rollingUpdate" in result.stderr


# --- commonAnnotations ---------------------------------------------------------------------------

ANNOTATED = {
    "commonAnnotations": {"team": "cd", "flag": "on", "moniker.spinnaker.io/cluster": "theirs"},
    "storage": {"bundled": "true"},  # MySQL, and the credentials hook for its passwords
    "halconfig": {"managedDelivery": {"enabled": True}},
    "expose": {"host": "spin.example.com", "ingress": {"annotations": {"team": "web"}}},
    "serviceDefaults": {"pdb": {"enabled": True}},
    "services": {"gate": {"autoscaling": {"enabled": True, "maxReplicas": 3}}},
    "rbac": {"clouddriver": {"access": "namespace"}},
}


def test_common_annotations_reach_every_object(helm, tmp_path):  # noqa: F811
    objects = _objects(render_values(helm, tmp_path, ANNOTATED, "-n", "cd"))
    kinds = {kind for kind, _ in objects}
    assert {"ConfigMap", "Secret", "Deployment", "StatefulSet", "Service", "Ingress", "NetworkPolicy", "Role",
            "RoleBinding", "ServiceAccount", "PodDisruptionBudget", "HorizontalPodAutoscaler", "Job", "Pod"} <= kinds
    generated = [name for kind, name in objects if kind == "ConfigMap" and "-config-" in name]
    assert generated  # the post-renderer's own objects are among them
    for (kind, name), obj in objects.items():
        annotations = obj["metadata"].get("annotations") or {}
        assert annotations.get("flag") == "on", (kind, name)  # a YAML 1.1 boolean word stays a string
        # An object's own annotation wins over the common one.
        want = "web" if kind == "Ingress" else "cd"
        assert annotations.get("team") == want, (kind, name)
        if kind == "Deployment" and name.startswith("spin-spinnaker-"):
            assert annotations["moniker.spinnaker.io/cluster"] == name.removeprefix("spin-spinnaker-")
            template = obj["spec"]["template"]["metadata"]
            assert "team" not in (template.get("annotations") or {}), name  # pod templates: no restart
            assert "team" not in obj["spec"]["selector"]["matchLabels"], name
        if kind in ("Job", "Pod"):
            assert annotations["helm.sh/hook"], name  # hooks keep their helm.sh/hook annotations
    assert objects["Job", "spin-spinnaker-credentials-hook"]["metadata"]["annotations"][
        "helm.sh/hook"] == "pre-install,pre-upgrade"


def test_a_common_hook_annotation_is_refused(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, {"commonAnnotations": {"helm.sh/hook": "post-install"}})
    assert result.returncode != 0 and "commonAnnotations.helm.sh/hook" in result.stderr


# --- Ingress -------------------------------------------------------------------------------------

def test_ingress_extra_hosts_tls_and_path_type(helm, tmp_path):  # noqa: F811
    values = {"expose": {"host": "spin.example.com", "tls": {"enabled": True}, "ingress": {
        "pathType": "ImplementationSpecific", "extraHosts": ["spin.internal"],
        "extraTls": [{"hosts": ["spin.internal"], "secretName": "internal-tls"}]}}}
    spec = _objects(render_values(helm, tmp_path, values))["Ingress", "spin-spinnaker"]["spec"]
    assert spec["tls"] == [{"hosts": ["spin.example.com"], "secretName": "spin-spinnaker-tls"},
                           {"hosts": ["spin.internal"], "secretName": "internal-tls"}]
    rules = {rule["host"]: [(p["path"], p["pathType"], p["backend"]["service"]["name"]) for p in rule["http"]["paths"]]
             for rule in spec["rules"]}
    paths = [("/api/v1", "ImplementationSpecific", "spin-spinnaker-gate"),
             ("/", "ImplementationSpecific", "spin-spinnaker-deck")]
    assert rules == {"spin.example.com": paths, "spin.internal": paths}


# --- HorizontalPodAutoscalers ----------------------------------------------------------------------

AUTOSCALED = {
    "services": {
        "gate": {"autoscaling": {"enabled": True, "minReplicas": 2, "maxReplicas": 6,
                                 "targetCPUUtilizationPercentage": 70, "targetMemoryUtilizationPercentage": 85}},
        "deck": {"autoscaling": {"enabled": True, "maxReplicas": 3}},
        "clouddriver": {"autoscaling": {"enabled": True, "minReplicas": 2, "maxReplicas": 4}},
        "echo": {"autoscaling": {"enabled": True, "maxReplicas": 5}},
        "orca": {"autoscaling": {"enabled": False, "maxReplicas": 5}, "replicas": 2},
    },
    "ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True, "worker": 3}},
}


def test_autoscaled_deployments_leave_their_count_to_the_autoscaler(helm, tmp_path):  # noqa: F811
    objects = _objects(render_values(helm, tmp_path, AUTOSCALED))
    hpas = {name.removeprefix("spin-spinnaker-"): obj["spec"] for (kind, name), obj in objects.items()
            if kind == "HorizontalPodAutoscaler"}
    splits = ["clouddriver-caching", "clouddriver-ro", "clouddriver-ro-deck", "clouddriver-rw"]
    # echo's scheduler never scales: with the HA split only echo-worker gets an autoscaler.
    assert sorted(hpas) == sorted(["deck", "echo-worker", "gate"] + splits)
    for workload, spec in hpas.items():
        assert spec["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                          "name": f"spin-spinnaker-{workload}"}
        assert "replicas" not in objects["Deployment", f"spin-spinnaker-{workload}"]["spec"], workload
    assert hpas["gate"]["minReplicas"] == 2 and hpas["gate"]["maxReplicas"] == 6
    assert hpas["gate"]["metrics"] == [
        {"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}}},
        {"type": "Resource", "resource": {"name": "memory", "target": {"type": "Utilization",
                                                                        "averageUtilization": 85}}}]
    # No target given: CPU at 80%; no minReplicas: Kubernetes' 1.
    assert hpas["deck"]["metrics"] == [{"type": "Resource", "resource": {
        "name": "cpu", "target": {"type": "Utilization", "averageUtilization": 80}}}]
    assert "minReplicas" not in hpas["deck"]
    assert all(hpas[split]["minReplicas"] == 2 and hpas[split]["maxReplicas"] == 4 for split in splits)
    assert objects["Deployment", "spin-spinnaker-echo-scheduler"]["spec"]["replicas"] == 1
    assert objects["Deployment", "spin-spinnaker-orca"]["spec"]["replicas"] == 2


@pytest.mark.parametrize("service,why", [("echo", "cron trigger"), ("igor", "locking"), ("rosco", "bakes")])
def test_a_service_that_must_not_scale_is_refused(helm, tmp_path, service, why):  # noqa: F811
    values = {"services": {service: {"enabled": True, "autoscaling": {"enabled": True, "maxReplicas": 3}}}}
    result = render_values(helm, tmp_path, values)
    assert result.returncode != 0
    assert f"services.{service}.autoscaling.enabled" in result.stderr and why in result.stderr


def test_an_autoscaler_needs_its_bounds(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, {"services": {"gate": {"autoscaling": {"enabled": True}}}})
    assert result.returncode != 0 and "services.gate.autoscaling.maxReplicas is required" in result.stderr
