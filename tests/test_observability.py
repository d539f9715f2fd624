"""The services' own Prometheus endpoint through the Observability plugin (`observability`), rendered
by real Helm 3 and Helm 4 with the post-renderer: the plugin goes into exactly the services it
declares, in the version that loads on the release; every monitor endpoint finds a port and path
the scraped pod serves; the scraper named in `networkPolicy.metricsFrom`, and only it, reaches them."""
from __future__ import annotations

import os
import re

import pytest
import yaml

from renderer.service_facts import OBSERVABILITY_PLUGIN
from test_helm_binary import _docs, helm, helm4_plugin, render_values  # noqa: F401

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

from conftest import ROOT  # noqa: E402
from test_chart_templates import docs, render, render_error  # noqa: E402
from test_security import FULLNAME, Pod, allowed, component, of_kind, post_render, release_pods, selects  # noqa: E402
from test_state import helm_profiles  # noqa: E402

PLUGIN = OBSERVABILITY_PLUGIN["id"]
MONITORING = [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]
EVERYTHING = {"halconfig": {"security": {"authz": {"enabled": True}}, "ci": {"jenkins": {"enabled": True}},
                            "canary": {"enabled": True}, "managedDelivery": {"enabled": True}},
              "ha": {"clouddriver": {"enabled": True}},
              "expose": {"host": "spinnaker.example.com", "gatePath": "/api/v1"},
              "networkPolicy": {"metricsFrom": MONITORING}, "monitorLabels": {"release": "kube-prometheus-stack"},
              "observability": {"enabled": True, "podAnnotations": True, "podMonitor": {"enabled": True},
                                "serviceMonitor": {"enabled": True}}}


def _helm_profiles(objs) -> dict:
    """{service: its <service>-helm.yml}."""
    return {name[:-len("-helm.yml")]: data for name, data in helm_profiles(objs).items()}


def _workload(obj) -> str:
    return obj["metadata"]["labels"]["app.kubernetes.io/component"]


def _keeps(endpoint, labels, kind) -> bool:
    """Whether the endpoint's relabelings keep a target with these labels (only `keep` is used)."""
    for rule in endpoint.get("relabelings") or ():
        assert rule["action"] == "keep", rule
        [source] = rule["sourceLabels"]
        prefix = f"__meta_kubernetes_{kind}_label_"
        label = next(k for k in labels if prefix + re.sub(r"[^a-zA-Z0-9_]", "_", k) == source)
        if not re.fullmatch(rule["regex"], labels[label]):
            return False
    return True


def test_every_declared_service_serves_and_is_scraped_at_its_own_path(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, EVERYTHING, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    objs = _docs(result.stdout)
    profiles = _helm_profiles(objs)
    deployments = {_workload(d): d for d in objs if d["kind"] == "Deployment"}
    services = {s["metadata"]["name"]: s for s in objs if s["kind"] == "Service"}
    loaded = {w for w, d in deployments.items() if d["metadata"]["labels"]["spinnaker.io/service"]
              in OBSERVABILITY_PLUGIN["services"]}
    assert {"fiat", "igor", "kayenta", "gate", "clouddriver-caching", "clouddriver-ro-deck"} <= loaded
    assert "keel" in deployments and "keel" not in loaded and "deck" not in loaded
    for service in {d["metadata"]["labels"]["spinnaker.io/service"] for d in deployments.values()}:
        plugin = (((profiles.get(service) or {}).get("spinnaker") or {}).get("extensibility") or {})
        if service in OBSERVABILITY_PLUGIN["services"]:
            entry = plugin["plugins"][PLUGIN]
            assert entry["enabled"] is True and entry["config"]["metrics"]["prometheus"]["enabled"] is True
            # The chart's default release runs Spring Boot 3: no 1.x pin (it cannot load there).
            assert "version" not in entry, service
            assert plugin["repositories"][OBSERVABILITY_PLUGIN["repository"]]["url"] == OBSERVABILITY_PLUGIN["url"]
            exposed = profiles[service]["management"]["endpoints"]["web"]["exposure"]["include"].split(",")
            assert OBSERVABILITY_PLUGIN["endpoint"] in exposed and "health" in exposed
        else:
            assert PLUGIN not in (plugin.get("plugins") or {}), service

    [pod_monitor] = [o for o in objs if o["kind"] == "PodMonitor"]
    [service_monitor] = [o for o in objs if o["kind"] == "ServiceMonitor"]
    for monitor in pod_monitor, service_monitor:
        assert monitor["metadata"]["labels"]["release"] == "kube-prometheus-stack", monitor["kind"]
    gate_path = "/api/v1/" + OBSERVABILITY_PLUGIN["endpoint"]
    for workload, deployment in deployments.items():
        template = deployment["spec"]["template"]
        labels = template["metadata"]["labels"]
        ports = {p["name"]: p["containerPort"] for c in template["spec"]["containers"] for p in c.get("ports") or ()}
        expected = (gate_path if workload == "gate" else "/" + OBSERVABILITY_PLUGIN["endpoint"]) \
            if workload in loaded else None
        found = [e for e in pod_monitor["spec"]["podMetricsEndpoints"]
                 if selects(pod_monitor["spec"]["selector"], labels) and e["port"] in ports
                 and _keeps(e, labels, "pod")]
        assert [e["path"] for e in found] == ([expected] if expected else []), workload
        annotations = template["metadata"]["annotations"]
        if expected:
            assert annotations["prometheus.io/path"] == expected
            assert int(annotations["prometheus.io/port"]) == ports["http"]
        else:
            assert "prometheus.io/scrape" not in annotations, workload
        service = services[f"{FULLNAME}-{workload}"]
        slabels = service["metadata"]["labels"]
        sfound = [e for e in service_monitor["spec"]["endpoints"]
                  if selects(service_monitor["spec"]["selector"], slabels)
                  and e["port"] in {p["name"] for p in service["spec"]["ports"]} and _keeps(e, slabels, "service")]
        assert [e["path"] for e in sfound] == ([expected] if expected else []), workload


@pytest.mark.parametrize("values,version", [
    ({"spinnaker": {"version": "1.35.3"}}, OBSERVABILITY_PLUGIN["springBoot2Version"]),
    ({"spinnaker": {"version": "2025.3.2"}}, OBSERVABILITY_PLUGIN["springBoot2Version"]),
    ({"spinnaker": {"version": "2025.4.0"}}, None),
    ({"observability": {"pluginVersion": "2.0.1"}}, "2.0.1"),
    ({"spinnaker": {"version": "1.35.3"}, "observability": {"pluginVersion": "1.5.0"}}, "1.5.0"),
])
def test_the_plugin_version_is_the_one_that_loads_on_the_release(values, version):
    merged = {**values, "observability": {"enabled": True, **values.get("observability", {})},
              "networkPolicy": {"metricsFrom": MONITORING}}
    entry = _helm_profiles(post_render(merged))["orca"]["spinnaker"]["extensibility"]["plugins"][PLUGIN]
    assert entry.get("version") == version


def test_a_mirror_replaces_the_repository_and_nothing_is_loaded_when_off():
    mirror = "https://artifacts.example.internal/observability/repositories.json"
    values = {"observability": {"enabled": True, "repositoryUrl": mirror}}
    repos = _helm_profiles(post_render(values))["gate"]["spinnaker"]["extensibility"]["repositories"]
    assert repos == {OBSERVABILITY_PLUGIN["repository"]: {"url": mirror}}
    objs = post_render({})
    assert _helm_profiles(objs)
    assert not any(PLUGIN in yaml.safe_dump(p) for p in _helm_profiles(objs).values())
    assert not [o for o in objs if o["metadata"]["name"].endswith("-observability")]


def test_only_the_named_scraper_reaches_the_services_port():
    objs = post_render(EVERYTHING)
    policies = of_kind(objs, "NetworkPolicy")
    prometheus = Pod("prometheus-0", "monitoring", {"app.kubernetes.io/name": "prometheus"})
    elsewhere = Pod("prometheus-0", "apps", {"app.kubernetes.io/name": "prometheus"})
    pods = release_pods(objs)
    scraped = [p for p in pods if p.labels.get("spinnaker.io/service") in OBSERVABILITY_PLUGIN["services"]]
    assert len(scraped) >= 10
    for pod in scraped:
        port, _ = pod.ports["http"]
        assert allowed(policies, prometheus, pod, port), pod
        # Gate's port is public unless networkPolicy.ingressFrom narrows it (policy `ui`).
        assert not allowed(policies, elsewhere, pod, port) or component(pod) == "gate", pod
    others = [pod for pod in pods if pod not in scraped and "http" in pod.ports
              and pod.labels.get("spinnaker.io/service") != "deck"]
    assert [component(pod) for pod in others] == ["keel"]
    for pod in others:
        assert not allowed(policies, prometheus, pod, pod.ports["http"][0]), pod


@pytest.mark.parametrize("values,message", [
    ({"observability": {"enabled": True, "podMonitor": {"enabled": True}}}, "networkPolicy.metricsFrom"),
    ({"observability": {"enabled": True, "podAnnotations": True}, "networkPolicy": {"metricsFrom": MONITORING},
      "halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
      "monitoringDaemon": {"prometheus": {"podAnnotations": True}}}, "keep one"),
])
def test_scraping_the_api_port_is_refused_without_a_named_scraper(values, message):
    assert message in render_error(values)


def test_without_network_policies_no_scraper_must_be_named():
    objs = post_render({"networkPolicy": {"enabled": False},
                        "observability": {"enabled": True, "podMonitor": {"enabled": True}}})
    assert [o["metadata"]["name"] for o in objs if o["kind"] == "PodMonitor"] == [f"{FULLNAME}-observability"]


MOVED = {"profiles": {"spinnaker": {"management": {"server.port": 8008}},
                      "gate": {"management.server.port": "9090"},
                      "clouddriver-caching": {"management": {"server": {"port": 7777}}}},
         "ha": {"clouddriver": {"enabled": True}},
         "expose": {"host": "spinnaker.example.com", "gatePath": "/api/v1"},
         "networkPolicy": {"metricsFrom": MONITORING},
         "observability": {"enabled": True, "podMonitor": {"enabled": True}}}


def test_a_profile_moving_the_actuator_moves_the_probe_and_the_scrape_with_it():
    """`management.server.port` in the profiles (each spelling, later profiles winning) takes /health and
    the plugin's endpoint off the service port: the readiness probe, the Service, the helm test, the
    PodMonitor and the scraper's NetworkPolicy follow, and Gate's is no longer under its path."""
    objs = post_render(MOVED)
    expected = {"gate": 9090, "clouddriver-caching": 7777}
    deployments = {_workload(d): d for d in objs if d["kind"] == "Deployment"}
    [monitor] = [o for o in objs if o["kind"] == "PodMonitor"]
    policies = of_kind(objs, "NetworkPolicy")
    prometheus = Pod("prometheus-0", "monitoring", {"app.kubernetes.io/name": "prometheus"})
    pods = {component(p): p for p in release_pods(objs)}
    for workload, deployment in deployments.items():
        if workload == "deck":
            continue
        port = expected.get(workload, 8008)
        [main] = [c for c in deployment["spec"]["template"]["spec"]["containers"] if c["name"] == workload.split("-")[0]]
        assert main["readinessProbe"]["httpGet"] == {"path": "/health", "port": port, "scheme": "HTTP"}, workload
        assert {"name": "management", "containerPort": port, "protocol": "TCP"} in main["ports"], workload
        [service] = [s for s in objs if s["kind"] == "Service" and s["metadata"]["name"] == f"{FULLNAME}-{workload}"]
        assert {"name": "management", "port": port, "targetPort": "management", "protocol": "TCP"} \
            in service["spec"]["ports"], workload
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        scraped = [e for e in monitor["spec"]["podMetricsEndpoints"] if _keeps(e, labels, "pod")]
        if labels["spinnaker.io/service"] in OBSERVABILITY_PLUGIN["services"]:
            assert [(e["port"], e["path"]) for e in scraped] == [("management", "/aop-prometheus")], workload
            assert allowed(policies, prometheus, pods[workload], port), workload
    [test_pod] = [o for o in objs if o["kind"] == "Pod"]
    assert f"{FULLNAME}-gate:9090/health" in yaml.safe_dump(test_pod)


def test_the_management_port_cannot_be_the_daemons():
    values = {"halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
              "profiles": {"orca": {"management": {"server": {"port": 8008}}}}}
    assert "orca's management.server.port 8008" in render_error(values)


def test_the_notes_say_where_each_service_serves_its_metrics():
    notes = render({**MOVED, "profiles": {"gate": {"management.server.port": 9090}}})["spinnaker/templates/NOTES.txt"]
    assert "- orca: http://" in notes and "+ Prometheus metrics at :8083/aop-prometheus" in notes
    assert "+ Prometheus metrics at :9090/aop-prometheus" in notes  # gate's, moved off its path
    assert "Prometheus metrics" not in render()["spinnaker/templates/NOTES.txt"]


def test_the_production_examples_monitor_is_one_kube_prometheus_stack_selects():
    with open(os.path.join(ROOT, "examples", "values-production.yaml")) as handle:
        values = yaml.safe_load(handle)
    [monitor] = [d for d in docs(values) if d["kind"] in ("PodMonitor", "ServiceMonitor")]
    assert monitor["metadata"]["labels"]["release"] == "kube-prometheus-stack"
