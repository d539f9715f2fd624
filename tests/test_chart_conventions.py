"""Chart conventions operators expect: Service exposure settings and the user's own objects,
through real Helm 3 (executable post-renderer) and Helm 4 (plugin)."""
from __future__ import annotations

import os

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


def test_service_exposure_and_extra_objects(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, VALUES, "-n", "cd")
    assert result.returncode == 0, result.stderr
    objects = {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(result.stdout) if d}
    gate = objects["Service", "spin-spinnaker-gate"]["spec"]
    assert gate["type"] == "LoadBalancer" and gate["loadBalancerSourceRanges"] == ["10.0.0.0/8"]
    assert gate["externalTrafficPolicy"] == "Local" and gate["ports"][0]["nodePort"] == 30084
    deck = objects["Service", "spin-spinnaker-deck"]["spec"]
    assert deck["type"] == "NodePort" and deck["ports"][0]["nodePort"] == 30900 and "externalTrafficPolicy" not in deck
    orca = objects["Service", "spin-spinnaker-orca"]["spec"]
    assert orca["type"] == "ClusterIP" and "loadBalancerSourceRanges" not in orca and "externalTrafficPolicy" not in orca
    assert objects["ConfigMap", "spin-extra"]["data"] == {"a": "b"}
    assert objects["ServiceAccount", "spin-scraper"]["metadata"]["namespace"] == "cd"
