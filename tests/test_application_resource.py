"""The optional `Application` (app.k8s.io/v1beta1) object: off by default; when on,
it selects the release's objects and lists every kind and workload the chart rendered."""
from __future__ import annotations

import pytest
import yaml

pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402

CLUSTER_SCOPED = {"ClusterRole", "ClusterRoleBinding", "Namespace"}
FEATURES = {
    "application": {"enabled": True, "descriptor": {"owners": [{"name": "platform team"}]}},
    "expose": {"host": "spinnaker.example.com"},
    "ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}},
    "networkPolicy": {"enabled": True},
    "serviceDefaults": {"pdb": {"enabled": True}},
    "rbac": {"clouddriver": {"access": "namespace"}},
    "services": {"gate": {"autoscaling": {"enabled": True, "maxReplicas": 3}}},
    "halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
    "monitoringDaemon": {"prometheus": {"podMonitor": {"enabled": True}, "serviceMonitor": {"enabled": True}}},
}


def _is_test_hook(obj) -> bool:
    """`helm test` Pods are checks run on demand, not components (Helm 4 post-renders them)."""
    return "test" in ((obj["metadata"].get("annotations") or {}).get("helm.sh/hook") or "")


def _objects(values, form="helm3"):
    stream = (handover.helm3_stream if form == "helm3" else handover.helm4_stream)(handover.render(values))
    result = handover.post_render(stream)
    assert result.returncode == 0, result.stderr.decode()
    return [d for d in yaml.safe_load_all(result.stdout.decode()) if d], stream, result.stdout.decode()


def test_off_by_default():
    objects, _, _ = _objects({})
    assert not any(o["kind"] == "Application" for o in objects)


@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_lists_every_kind_and_workload_of_the_release(form):
    objects, _, _ = _objects(FEATURES, form)
    [app] = [o for o in objects if o["kind"] == "Application"]
    assert app["apiVersion"] == "app.k8s.io/v1beta1"
    selector = app["spec"]["selector"]["matchLabels"]
    listed = {(k["group"], k["kind"]) for k in app["spec"]["componentKinds"]}
    objects = [o for o in objects if not _is_test_hook(o)]
    members = [o for o in objects if o["kind"] not in CLUSTER_SCOPED | {"Application"}
               and selector.items() <= (o["metadata"].get("labels") or {}).items()]
    rendered = {(o["apiVersion"].rpartition("/")[0], o["kind"]) for o in members}
    assert rendered <= listed, f"kinds rendered but not listed: {sorted(rendered - listed)}"
    unlabelled = [(o["kind"], o["metadata"]["name"]) for o in objects
                  if o["kind"] not in CLUSTER_SCOPED | {"Application"} and o not in members]
    assert unlabelled == [], "objects the Application's selector misses"
    deployments = {o["metadata"]["name"] for o in objects if o["kind"] == "Deployment"
                   and o["metadata"]["labels"].get("spinnaker.io/service")}
    info = {i["name"]: i["value"] for i in app["spec"]["info"]}
    assert {f"spin-spinnaker-{name}" for name in info} == deployments
    assert info["clouddriver-ro-deck"] == "http://spin-spinnaker-clouddriver-ro-deck:7002"
    descriptor = app["spec"]["descriptor"]
    assert descriptor["owners"] == [{"name": "platform team"}]
    assert {"description": "Deck (UI)", "url": "http://spinnaker.example.com"} in descriptor["links"]


def test_passes_the_post_renderer_untouched():
    _, stream, out = _objects({"application": {"enabled": True}})
    [before] = [d for d in stream.split("\n---\n") if "kind: Application\n" in d]
    assert before.strip("-\n") in out
