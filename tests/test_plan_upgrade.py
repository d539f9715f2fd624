"""`plan` sees what `helm upgrade` meets in the cluster: the release's names and the fields Kubernetes
will not update.

- The workload fields plan mirrors (`renderer.plan.immutable.of_values`: StatefulSets' spec outside
  what an update may change, Deployments' selectors) are the chart's, rendered by Helm's engine, for
  the defaults, every example and the values that change them, as release `spin` in namespace `cd`.
- A change to a StatefulSet's volumeClaimTemplates, serviceName or selector, or a Deployment's
  selector, is "`helm upgrade` will be refused", exit 3, with the steps.
- A rendered release of any name, planned against the values it was rendered from, is "no changes"
  (`--from-manifests` and `helm diff` take the name and namespace from its objects).
"""
from __future__ import annotations

import base64
import glob
import json
import os

import pytest
import yaml

from conftest import ROOT
from renderer.plan import EXIT_CHANGES, EXIT_INVALID, EXIT_SAME, EXIT_UPGRADE_REFUSED, make_plan, report
from renderer.read.chartbundle import bundle as chart_bundle
from renderer.plan.immutable import of_manifests, of_values
from renderer.plan.side import from_values
from renderer.read.inputs import CHART_VALUES, merge_values
from renderer.releases import DEFAULT

handover = pytest.importorskip("handover")
pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml")))
CHART_DEFAULTS = yaml.safe_load(open(CHART_VALUES))
# Values that change the mirrored fields: names, the stores' claims, a Redis without a volume, no MySQL.
VARIANTS = {
    "names": {"nameOverride": "cd", "fullnameOverride": "spin-spinnaker"},
    "claims": {"redis": {"storageSize": "20Gi", "storageClassName": "fast"},
               "storage": {"storageSize": "50G", "storageClassName": "ssd"}},
    "redis-in-memory": {"redis": {"persistence": False}},
    "no-bundled-store": {"storage": {"bundled": False}},
}


def values_of(*layers) -> dict:
    values = CHART_DEFAULTS
    for layer in layers:
        values = merge_values(values, layer)
    return values


def _cases():
    cases = [(os.path.basename(p), yaml.safe_load(open(p))) for p in EXAMPLES]
    return [("defaults", {})] + cases + sorted(VARIANTS.items())


@pytest.mark.parametrize("user", [c[1] for c in _cases()], ids=[c[0] for c in _cases()])
def test_the_mirrored_workload_fields_and_bundle_are_the_charts(user):
    rendered = handover.render(user, name="spin", namespace="cd")
    docs = [yaml.safe_load(doc) for _, doc in handover.documents(rendered)]
    theirs = of_manifests([d for d in docs if isinstance(d, dict)])
    values = values_of(user)
    bundle = chart_bundle(values, str(DEFAULT), "spin", "cd")
    assert of_values(values, bundle, "spin") == theirs
    assert any(kind == "Deployment" for kind, _ in theirs)
    chart = json.loads(base64.b64decode(yaml.safe_load(rendered["spinnaker/templates/config-bundle.yaml"])["data"]
                                        ["bundle"]))
    for key in ("services", "redis", "storage", "halconfig"):
        assert bundle[key] == chart[key], key
    assert {k: bundle["release"][k] for k in ("name", "namespace", "fullname")} == \
        {k: chart["release"][k] for k in ("name", "namespace", "fullname")}


def plan_of(old, new, release="spinnaker", namespace=""):
    return make_plan(from_values(values_of(old), "current", release_name=release, namespace=namespace),
                     from_values(values_of(new), "new", release_name=release, namespace=namespace))


@pytest.mark.parametrize("change,workloads,causes,step", [
    ({"redis": {"storageSize": "20Gi"}}, ["spin-spinnaker-redis"], ["redis.storageSize"],
     "kubectl patch pvc data-spin-spinnaker-redis-0 -n cd -p '{\"spec\":{\"resources\":{\"requests\":"
     "{\"storage\":\"20Gi\"}}}}'"),
    ({"storage": {"storageSize": "16Gi"}}, ["spin-spinnaker-mysql"], ["storage.storageSize"],
     "kubectl delete statefulset spin-spinnaker-mysql -n cd --cascade=orphan"),
    ({"redis": {"storageSize": "2Gi"}}, ["spin-spinnaker-redis"], ["redis.storageSize"], "cannot shrink"),
    ({"storage": {"storageClassName": "ssd"}}, ["spin-spinnaker-mysql"], ["storage.storageClassName"],
     "kubectl delete pvc data-spin-spinnaker-mysql-0 -n cd"),
    ({"redis": {"storageClassName": "ssd"}}, ["spin-spinnaker-redis"], ["redis.storageClassName"],
     "restore the backup"),
    # The release name contains "spin", so nameOverride leaves every name and changes every selector.
    ({"nameOverride": "spin"}, ["spin-clouddriver", "spin-deck", "spin-echo", "spin-front50", "spin-gate", "spin-orca",
                                "spin-rosco", "spin-mysql", "spin-redis"], ["nameOverride"],
     "kubectl delete replicaset -n cd -l app.kubernetes.io/instance=spin,app.kubernetes.io/name=spinnaker"),
], ids=["redis-size", "mysql-size", "redis-shrink", "mysql-class", "redis-class", "selectors"])
def test_a_change_kubernetes_will_not_make_is_an_upgrade_refusal(change, workloads, causes, step):
    base = {"fullnameOverride": "spin"} if "nameOverride" in change else {}
    plan = plan_of(base, merge_values(base, change), release="spin", namespace="cd")
    assert plan.exit_code == EXIT_UPGRADE_REFUSED and plan.refusals == []
    assert sorted(n for r in plan.immutable for n in r.names) == sorted(workloads)
    text = report.text(plan)
    assert text.startswith("== `helm upgrade` will be refused")
    assert all(f"({cause})" in text for cause in causes)
    assert step in text
    assert report.summary(plan).startswith("`helm upgrade` will be refused")
    assert "helm upgrade" in report.markdown(plan)


def test_an_equal_quantity_is_no_change_and_renaming_a_store_loses_its_claim():
    assert plan_of({"redis": {"storageSize": "8Gi"}}, {"redis": {"storageSize": "8192Mi"}}).exit_code == EXIT_SAME
    # New names are new objects (nothing refused), but the stores would start on new, empty claims.
    renamed = plan_of({}, {"fullnameOverride": "spin"})
    assert renamed.immutable == [] and sorted(r.name for r in renamed.refusals) == ["mysql", "redis"]
    assert "data-spinnaker-redis-0 stays unread" in report.text(renamed)
    assert renamed.exit_code == EXIT_INVALID


def _release_manifests(tmp_path, example, name, **extra):
    """(manifests file, values file) of `example` (plus `extra`) rendered and post-rendered as release
    `name` in namespace cd (what `helm get manifest` returns)."""
    user = merge_values(yaml.safe_load(open(os.path.join(ROOT, "examples", example))), extra)
    result = handover.post_render(handover.helm3_stream(handover.render(user, name=name, namespace="cd")))
    assert result.returncode == 0, result.stderr
    manifests, values = tmp_path / f"{example}-manifests.yaml", tmp_path / example
    manifests.write_bytes(result.stdout)
    values.write_text(yaml.safe_dump(user))
    return manifests, values, user


@pytest.mark.parametrize("name", ["spin", "spinnaker"])
def test_a_rendered_release_of_any_name_planned_against_its_values_is_no_change(name, run_cli, tmp_path):
    # Production: HA splits (their Service names reach every service's spinnaker.yml); minimal: the
    # bundled stores, with clouddriver's namespace from the release's.
    namespaced = {"rbac": {"clouddriver": {"access": "namespace"}},
                  "halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
                      {"name": "in-cluster", "serviceAccount": True}]}}}}
    for example, extra in (("values-production.yaml", {}), ("values-minimal.yaml", namespaced)):
        manifests, values, user = _release_manifests(tmp_path, example, name, **extra)
        same = run_cli("plan", "--from-manifests", str(manifests), "--to", "-f", str(values))
        assert same.returncode == EXIT_SAME, same.stdout + same.stderr
        assert "no changes" in same.stdout
    bigger = tmp_path / "bigger.yaml"
    bigger.write_text(yaml.safe_dump(merge_values(user, {"redis": {"storageSize": "20Gi"}})))
    refused = run_cli("plan", "--from-manifests", str(manifests), "--to", "-f", str(bigger))
    assert refused.returncode == EXIT_UPGRADE_REFUSED, refused.stdout + refused.stderr
    fullname = "spin-spinnaker" if name == "spin" else "spinnaker"
    assert f"kubectl patch pvc data-{fullname}-redis-0 -n cd " in refused.stdout
    assert "`helm upgrade` will be refused" in refused.stderr
    other = run_cli("plan", "--from-manifests", str(manifests), "--release", "other", "--to", "-f", str(values))
    assert other.returncode == EXIT_INVALID and f"holds release {name} in namespace cd" in other.stderr


def test_two_sets_of_values_as_a_named_release(run_cli, tmp_path):
    values = tmp_path / "values.yaml"
    values.write_text("redis:\n  storageSize: 8Gi\n")
    bigger = tmp_path / "bigger.yaml"
    bigger.write_text("redis:\n  storageSize: 10Gi\n")
    out = run_cli("plan", "-f", str(values), "--to", "-f", str(bigger), "--release", "spin", "--namespace", "cd")
    assert out.returncode == EXIT_UPGRADE_REFUSED and "data-spin-spinnaker-redis-0 -n cd" in out.stdout
    same = run_cli("plan", "-f", str(values), "--to", "-f", str(values), "--release", "spin")
    assert same.returncode == EXIT_SAME
    usage = run_cli("plan", "--help")
    assert "3 changes `helm upgrade` cannot make" in " ".join(usage.stdout.split())
    assert EXIT_CHANGES == 2 and EXIT_INVALID == 1
