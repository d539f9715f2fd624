"""Every pod the chart renders can be scheduled where the user says, hooks and tests included.

On a cluster whose nodes are all tainted, `serviceDefaults` scheduling must reach Redis, MySQL,
the credentials hook Job and the `helm test` Pod as well as the services; Helm 3 does not
post-render hooks, so it comes from the templates. Real Helm 3 and Helm 4 with the post-renderer.
"""
from __future__ import annotations

import os

import yaml

from conftest import ROOT
from test_helm_binary import helm, helm4_plugin, render_values  # noqa: F401

CHART = os.path.join(ROOT, "charts", "spinnaker")
TOLERATION = {"key": "dedicated", "operator": "Equal", "value": "spinnaker", "effect": "NoSchedule"}
TAINTED = {
    "serviceDefaults": {"nodeSelector": {"pool": "spinnaker"}, "tolerations": [TOLERATION],
                        "priorityClassName": "spinnaker-high"},
    "storage": {"bundled": "true"},  # MySQL too
    "halconfig": {"managedDelivery": {"enabled": True}},
}


def _pod_specs(text: str) -> dict:
    specs = {}
    for doc in yaml.safe_load_all(text):
        if not doc:
            continue
        kind, name = doc["kind"], doc["metadata"]["name"]
        if kind == "Pod":
            specs[(kind, name)] = doc["spec"]
        elif kind in ("Deployment", "StatefulSet", "Job", "DaemonSet"):
            specs[(kind, name)] = doc["spec"]["template"]["spec"]
    return specs


def test_a_tainted_cluster_schedules_every_pod(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, TAINTED, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    specs = _pod_specs(result.stdout)
    names = {name for _, name in specs}
    for component in ("redis", "mysql", "credentials-hook", "test-health", "clouddriver", "deck", "keel"):
        assert any(component in name for name in names), (component, sorted(names))
    for key, spec in specs.items():
        assert TOLERATION in (spec.get("tolerations") or []), key
        assert spec.get("nodeSelector") == {"pool": "spinnaker"}, key
        assert spec.get("priorityClassName") == "spinnaker-high", key


def test_a_pod_of_the_charts_own_keeps_its_own_settings(helm3, tmp_path):
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({**TAINTED, "redis": {"nodeSelector": {"disk": "ssd"}, "podAnnotations": {
        "backup.velero.io/backup-volumes": "data"}}}))
    result = helm3.run("template", "spin", CHART, "-f", str(values), "--post-renderer",
                       os.path.join(ROOT, "scripts", "post-render"))
    assert result.returncode == 0, result.stderr
    redis = [d for d in yaml.safe_load_all(result.stdout) if d and d["kind"] == "StatefulSet"
             and d["metadata"]["name"].endswith("redis")][0]
    spec = redis["spec"]["template"]["spec"]
    assert spec["nodeSelector"] == {"disk": "ssd"} and TOLERATION in spec["tolerations"]
    assert redis["spec"]["template"]["metadata"]["annotations"] == {"backup.velero.io/backup-volumes": "data"}


def test_one_registry_value_for_every_image(helm3, tmp_path):
    """Air-gapped: `global.imageRegistry` moves every image the chart runs, hooks and tests included."""
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({"global": {"imageRegistry": "mirror.example.com/"}, "storage": {"bundled": "true"},
                                      "halconfig": {"metricStores": {"prometheus": {"enabled": True}}}}))
    result = helm3.run("template", "spin", CHART, "-f", str(values), "--post-renderer",
                       os.path.join(ROOT, "scripts", "post-render"))
    assert result.returncode == 0, result.stderr
    images = {c["image"] for spec in _pod_specs(result.stdout).values()
              for c in spec["containers"] + (spec.get("initContainers") or [])}
    assert len(images) >= 8 and all(i.startswith("mirror.example.com/") for i in images), sorted(images)
    assert "mirror.example.com/spinnaker/gate:2026.4.0" in images  # the repository path is kept


def test_an_irsa_role_lands_on_exactly_its_services_account(helm3, tmp_path):
    role = {"eks.amazonaws.com/role-arn": "arn:aws:iam::123456789012:role/front50-s3"}
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({"rbac": {"serviceAccountAnnotations": {"team": "platform"}},
                                      "services": {"front50": {"serviceAccountAnnotations": role},
                                                   "igor": {"serviceAccountName": "ci-reader"}},
                                      "halconfig": {"ci": {"jenkins": {"enabled": True}}}}))
    result = helm3.run("template", "spin", CHART, "-f", str(values), "--post-renderer",
                       os.path.join(ROOT, "scripts", "post-render"))
    assert result.returncode == 0, result.stderr
    docs = [d for d in yaml.safe_load_all(result.stdout) if d]
    accounts = {d["metadata"]["name"]: d["metadata"].get("annotations") or {} for d in docs
                if d["kind"] == "ServiceAccount" and "credentials" not in d["metadata"]["name"]}
    carrying = [name for name, annotations in accounts.items() if "eks.amazonaws.com/role-arn" in annotations]
    assert carrying == ["spin-spinnaker-front50"], accounts
    assert all(a.get("team") == "platform" for a in accounts.values()), accounts
    assert "ci-reader" in accounts
    pods = {d["metadata"]["name"]: d["spec"]["template"]["spec"] for d in docs if d["kind"] == "Deployment"}
    assert pods["spin-spinnaker-igor"]["serviceAccountName"] == "ci-reader"
    assert pods["spin-spinnaker-front50"]["serviceAccountName"] == "spin-spinnaker-front50"
