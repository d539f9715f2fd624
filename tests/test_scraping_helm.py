"""Prometheus scraping of the monitoring daemons through real Helm 3 and Helm 4 with the
post-renderer: the PodMonitor and the ServiceMonitor name the `metrics` port every scraped pod and
its Service have, and the default NetworkPolicies carry a policy admitting the scraper to it."""
from __future__ import annotations

import yaml

from test_helm_binary import helm, helm4_plugin, render_values  # noqa: F401

VALUES = {"halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
          "monitorLabels": {"release": "kube-prometheus-stack", "team": "cd"},
          "monitoringDaemon": {"prometheus": {"podMonitor": {"enabled": True},
                                              "serviceMonitor": {"enabled": True, "labels": {"team": "platform"}}}}}


def test_pod_and_service_monitors_find_every_daemon(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, VALUES, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    objs = [d for d in yaml.safe_load_all(result.stdout) if d]
    kinds = {}
    for obj in objs:
        kinds.setdefault(obj["kind"], []).append(obj)
    [pod_monitor], [service_monitor] = kinds["PodMonitor"], kinds["ServiceMonitor"]
    assert pod_monitor["spec"]["podMetricsEndpoints"][0]["port"] == "metrics"
    assert service_monitor["spec"]["endpoints"][0]["port"] == "metrics"
    # monitorLabels on both (what a default kube-prometheus-stack selects by), a monitor's own labels win.
    assert {"release": "kube-prometheus-stack", "team": "cd"}.items() <= pod_monitor["metadata"]["labels"].items()
    assert {"release": "kube-prometheus-stack", "team": "platform"}.items() <= service_monitor["metadata"]["labels"].items()
    scraped = [d for d in kinds["Deployment"]
               if "monitoring-daemon" in {c["name"] for c in d["spec"]["template"]["spec"]["containers"]}]
    with_port = [s for s in kinds["Service"] if "metrics" in {p["name"] for p in s["spec"]["ports"]}]
    assert len(scraped) == len(with_port) >= 6
    assert {s["metadata"]["name"] for s in with_port} == {d["metadata"]["name"] for d in scraped}
    for deployment in scraped:
        ports = {p["name"] for c in deployment["spec"]["template"]["spec"]["containers"] for p in c.get("ports") or ()}
        assert "metrics" in ports, deployment["metadata"]["name"]
    [metrics_policy] = [p for p in kinds["NetworkPolicy"] if p["metadata"]["name"].endswith("-metrics")]
    assert metrics_policy["spec"]["ingress"][0]["ports"][0]["port"] == "metrics"
