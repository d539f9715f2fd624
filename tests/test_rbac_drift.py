"""An in-cluster Kubernetes account (serviceAccount: true) acts with clouddriver's own
ServiceAccount: the RBAC the chart grants it (rbac.clouddriver) must cover the namespaces the
account works in, or the account's caching and deployments fail with 403 while clouddriver runs.
A warning, with the values to change, on the values route and in the post-renderer."""
from __future__ import annotations

import pytest

from renderer.read.inputs import check_values
from test_helm_binary import helm, helm4_plugin, render_values  # noqa: F401


def _warnings(rbac, namespace="spinnaker", **account):
    values = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "k8s", "serviceAccount": True, **account}]}}}, "rbac": {"clouddriver": rbac}}
    _, _, report = check_values(values, namespace=namespace)
    assert report.ok
    return [p.render() for p in report.warnings if p.check == "rbac-namespaces"]


@pytest.mark.parametrize("rbac,account,words", [
    ({"access": "none"}, {"namespaces": ["spinnaker"]}, ["serviceAccount", "'none'", "nothing"]),
    ({"access": "namespace"}, {"omitNamespaces": ["kube-system"]}, ["omit", "forbids"]),
    ({"access": "namespace"}, {"namespaces": ["spinnaker", "apps"]}, ["apps", "outside"]),
])
def test_drift_is_a_warning_naming_the_namespaces(rbac, account, words):
    [warning] = _warnings(rbac, **account)
    for word in words:
        assert word in warning, (word, warning)
    assert "rbac.clouddriver" in warning


@pytest.mark.parametrize("rbac,account", [
    ({"access": "cluster"}, {}),
    ({"access": "namespace"}, {"namespaces": ["spinnaker"]}),
    ({"access": "namespace", "namespaces": ["apps"]}, {"namespaces": ["spinnaker", "apps"]}),
])
def test_covered_accounts_are_quiet(rbac, account):
    assert _warnings(rbac, **account) == []


def test_accounts_with_their_own_credentials_are_not_judged():
    values = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "remote", "kubeconfigContents": "${KUBECONFIG}"}]}}}}
    _, _, report = check_values(values, namespace="spinnaker")
    assert not [p for p in report.warnings if p.check == "rbac-namespaces"]


def test_the_release_namespace_counts():
    assert _warnings({"access": "namespace"}, namespace="cd", namespaces=["cd"]) == []
    assert _warnings({"access": "namespace"}, namespace="other", namespaces=["cd"]) != []


def test_an_account_without_namespaces_gets_the_ones_its_rbac_covers(helm, tmp_path):  # noqa: F811
    """It would otherwise list the cluster's namespaces, which its Role forbids, and find none."""
    import yaml

    values = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "in-cluster", "serviceAccount": True}, {"name": "own", "serviceAccount": True,
                                                         "namespaces": ["spinnaker"]}]}}},
              "rbac": {"clouddriver": {"access": "namespace", "namespaces": ["apps"]}}}
    result = render_values(helm, tmp_path, values, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    [clouddriver] = [yaml.safe_load(d["data"]["clouddriver.yml"]) for d in yaml.safe_load_all(result.stdout)
                     if d and d["kind"] == "ConfigMap" and "clouddriver.yml" in (d.get("data") or {})]
    accounts = {a["name"]: a for a in clouddriver["kubernetes"]["accounts"]}
    assert accounts["in-cluster"]["namespaces"] == ["spinnaker", "apps"]
    assert accounts["own"]["namespaces"] == ["spinnaker"]
    # The values route says so, as a note.
    _, _, report = check_values(values, namespace="spinnaker")
    [note] = [p.render() for p in report.problems if p.check == "rbac-namespaces"]
    assert note.startswith("note") and "spinnaker, apps" in note


def test_a_namespaces_value_that_is_no_list_is_read_as_none():
    """The schema refuses it under Helm; the values route must not crash on it before."""
    assert _warnings({"access": "namespace", "namespaces": 5}, namespaces=["spinnaker"]) == []


def test_plan_fills_in_the_namespaces_as_the_post_renderer_does():
    from test_plan import side as plan_side

    values = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "in-cluster", "serviceAccount": True}]}}},
              "rbac": {"clouddriver": {"access": "namespace", "namespaces": ["apps"]}}}
    side = plan_side(values)
    [account] = side.files["clouddriver"]["clouddriver.yml"]["kubernetes"]["accounts"]
    assert account["namespaces"] == ["default", "apps"]


@pytest.mark.parametrize("args,namespace", [(["-n", "cd"], "cd"), (["--namespace=cd"], "cd"), ([], "default")])
def test_the_helm_wrapper_judges_in_helm_s_namespace(args, namespace, tmp_path, capsys, monkeypatch):
    import yaml

    from renderer.cli.helm import HelmArgs, check_values as wrapper_check
    from test_helm_binary import CHART

    monkeypatch.delenv("HELM_NAMESPACE", raising=False)
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "k8s", "serviceAccount": True, "namespaces": ["cd"]}]}}},
        "rbac": {"clouddriver": {"access": "namespace"}}}))
    assert wrapper_check(HelmArgs(["template", "spin", CHART, "-f", str(values), *args], 3)) == []
    warned = "outside" in capsys.readouterr().err
    assert warned == (namespace != "cd")
