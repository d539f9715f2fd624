"""Chart conventions operators expect: Service exposure settings and the user's own objects,
through real Helm 3 (executable post-renderer) and Helm 4 (plugin)."""
from __future__ import annotations

import os

import pytest
import yaml

from conftest import ROOT
from test_helm_binary import PLUGIN_NAME, helm4_plugin  # noqa: F401

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


@pytest.mark.parametrize("major", [3, 4])
def test_service_exposure_and_extra_objects(major, request, tmp_path):
    helm = request.getfixturevalue("helm3" if major == 3 else "helm4_plugin")
    post_renderer = os.path.join(ROOT, "scripts", "post-render") if major == 3 else PLUGIN_NAME
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump(VALUES))
    result = helm.run("template", "spin", CHART, "-n", "cd", "-f", str(values), "--post-renderer", post_renderer,
                      env={"SPINNAKER_RENDERER_ERROR_FILE": str(tmp_path / "err")})
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
