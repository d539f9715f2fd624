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
    ({"access": "namespace"}, {"omitNamespaces": ["kube-system"]}, ["omit", "does not allow"]),
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


# clouddriver's RBAC follows its in-cluster accounts (rbac.clouddriver.access: accounts, the default) ---------

IN_CLUSTER = {"providers": {"kubernetes": {"enabled": True, "accounts": [
    {"name": "here", "serviceAccount": True, "namespaces": ["apps", "spinnaker"]},
    # No kubeconfig: kubectl takes the pod's in-cluster credentials all the same.
    {"name": "implicit", "namespaces": ["batch"]},
    # Its own credentials: nothing of clouddriver's ServiceAccount.
    {"name": "remote", "kubeconfigContents": "${KUBECONFIG}", "namespaces": ["elsewhere"]}]}}}


def _objects(helm, tmp_path, values):  # noqa: F811
    import yaml

    result = render_values(helm, tmp_path, values, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    return [d for d in yaml.safe_load_all(result.stdout) if d], result.stderr


def _clouddriver_rbac(objs):
    """{kind: sorted namespaces (None: cluster-scoped)} of clouddriver's own-cluster RBAC (not its -secrets Role)."""
    out: dict = {}
    for obj in objs:
        meta = obj["metadata"]
        if obj["kind"] in ("Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding") \
                and (meta.get("labels") or {}).get("app.kubernetes.io/component") == "clouddriver":
            out.setdefault(obj["kind"], []).append(meta.get("namespace"))
    return {kind: sorted(n or "" for n in found) for kind, found in out.items()}


def _clouddriver_token(objs) -> bool:
    [pod] = [o["spec"]["template"]["spec"] for o in objs if o["kind"] == "Deployment"
             and o["metadata"]["labels"].get("app.kubernetes.io/component") == "clouddriver"]
    return pod["automountServiceAccountToken"]


def test_by_default_clouddriver_gets_roles_in_exactly_the_namespaces_its_in_cluster_accounts_list(helm, tmp_path):  # noqa: F811
    objs, stderr = _objects(helm, tmp_path, {"halconfig": IN_CLUSTER})
    assert _clouddriver_rbac(objs) == {"Role": ["apps", "batch", "spinnaker"],
                                       "RoleBinding": ["apps", "batch", "spinnaker"]}
    assert _clouddriver_token(objs) is True
    assert "rbac-namespaces" not in stderr
    _, _, report = check_values({"halconfig": IN_CLUSTER}, namespace="spinnaker")
    assert not [p for p in report.problems if p.check == "rbac-namespaces"]


def test_without_an_in_cluster_account_clouddriver_gets_nothing_and_no_token(helm, tmp_path):  # noqa: F811
    remote = {"providers": {"kubernetes": {"enabled": True, "accounts": [IN_CLUSTER["providers"]["kubernetes"][
        "accounts"][2]]}}}
    objs, _ = _objects(helm, tmp_path, {"halconfig": remote})
    assert _clouddriver_rbac(objs) == {} and _clouddriver_token(objs) is False


@pytest.mark.parametrize("rbac,expected", [
    ({"access": "none"}, {}),
    ({"access": "namespace", "namespaces": ["other"]}, {"Role": ["other", "spinnaker"],
                                                        "RoleBinding": ["other", "spinnaker"]}),
    ({"access": "cluster"}, {"ClusterRole": [""], "ClusterRoleBinding": [""]}),
])
def test_an_explicit_access_keeps_its_meaning(rbac, expected, helm, tmp_path):  # noqa: F811
    objs, _ = _objects(helm, tmp_path, {"halconfig": IN_CLUSTER, "rbac": {"clouddriver": rbac}})
    assert _clouddriver_rbac(objs) == expected
    assert _clouddriver_token(objs) is bool(expected)


def _rbac_warnings(text: str) -> list:
    return sorted(line[line.index("account "):] for line in text.splitlines() if "[rbac-namespaces]" in line)


def _post_render_warnings(values: dict, form: str) -> str:
    """What the post-renderer says (on stderr, which Helm passes on only to a terminal) for the
    stream Helm 3 or Helm 4 hands it."""
    import handover

    stream = (handover.helm3_stream if form == "helm3" else handover.helm4_stream)(handover.render(values))
    result = handover.post_render(stream, {"SPINNAKER_RENDERER_NO_TTY": "1"})
    assert result.returncode == 0, result.stderr.decode()
    return result.stderr.decode()


@pytest.mark.parametrize("account,rbac,words", [
    ({"namespaces": []}, {}, ["'lonely' lists no namespaces", "accounts[0].namespaces", "`cluster`"]),
    ({"omitNamespaces": ["kube-system"]}, {}, ["'lonely' names only namespaces to omit"]),
    ({"namespaces": ["apps"]}, {"access": "none"}, ["'lonely' acts as clouddriver's ServiceAccount",
                                                    "grants nothing", "`accounts`"]),
])
def test_an_in_cluster_account_left_without_access_is_one_warning_on_every_route(account, rbac, words, helm,
                                                                                  tmp_path):  # noqa: F811
    """The "authorized" check: the values route (validate -f, migrate) and the post-renderer under both
    Helms say the same; the release grants it nothing and mounts no token."""
    values = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "lonely", "serviceAccount": True, **account}]}}}, "rbac": {"clouddriver": rbac}}
    objs, _ = _objects(helm, tmp_path, values)
    assert _clouddriver_rbac(objs) == {} and _clouddriver_token(objs) is False
    _, _, report = check_values(values, namespace="spinnaker")
    on_values = _rbac_warnings("\n".join(p.render() for p in report.warnings))
    assert len(on_values) == 1
    for word in words:
        assert word in on_values[0], (word, on_values[0])
    assert _rbac_warnings(_post_render_warnings(values, "helm%d" % helm[0].major)) == on_values


def test_an_account_the_release_does_not_create_keeps_its_owners_rbac(helm, tmp_path):  # noqa: F811
    """As Halyard ran it: clouddriver as an account that exists (its RBAC is the user's), token mounted."""
    values = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "all", "serviceAccount": True}]}}},
        "services": {"clouddriver": {"serviceAccountName": "spinnaker"}},
        "rbac": {"serviceAccounts": {"spinnaker": {"create": False}}, "clouddriver": {"access": "none"}}}
    objs, stderr = _objects(helm, tmp_path, values)
    assert "spinnaker" not in [o["metadata"]["name"] for o in objs if o["kind"] == "ServiceAccount"]
    [pod] = [o["spec"]["template"]["spec"] for o in objs if o["kind"] == "Deployment"
             and o["metadata"]["labels"].get("app.kubernetes.io/component") == "clouddriver"]
    assert pod["serviceAccountName"] == "spinnaker" and pod["automountServiceAccountToken"] is True
    assert _clouddriver_rbac(objs) == {} and "rbac-namespaces" not in stderr
    _, _, report = check_values(values, namespace="spinnaker")
    assert not [p for p in report.problems if p.check == "rbac-namespaces"]


@pytest.mark.parametrize("values", [
    {"halconfig": IN_CLUSTER},
    {"halconfig": IN_CLUSTER, "rbac": {"create": False}},
    {"halconfig": IN_CLUSTER, "services": {"clouddriver": {"serviceAccountName": "default"}}},
    {"services": {"clouddriver": {"serviceAccountName": "cd"}}, "rbac": {"serviceAccounts": {"cd": {"create": False}}}},
])
def test_the_values_routes_mirror_of_the_chart_grants_the_same(values):
    """renderer/read/rbac_namespaces.py `grant` (validate -f, plan) is templates/_rbac.tpl's rule."""
    import base64
    import json

    import handover
    import yaml

    from renderer.read.chartbundle import bundle as chart_bundle
    from renderer.read.inputs import merge_values, CHART_VALUES
    from renderer.read.rbac_namespaces import grant
    from renderer.releases import DEFAULT

    rendered = handover.render(values, name="spinnaker", namespace="spinnaker")
    theirs = json.loads(base64.b64decode(yaml.safe_load(rendered["spinnaker/templates/config-bundle.yaml"])[
        "data"]["bundle"]))
    merged = merge_values(yaml.safe_load(open(CHART_VALUES)), values)
    ours = chart_bundle(merged, str(DEFAULT), "spinnaker", "spinnaker")
    assert ours["rbac"] == theirs["rbac"]
    objs = [yaml.safe_load(doc) for _, doc in handover.documents(rendered)]
    given = grant(ours["rbac"], values.get("halconfig") or {}, "spinnaker")
    assert _clouddriver_rbac(objs) == ({"Role": sorted(given["namespaces"]), "RoleBinding": sorted(given["namespaces"])}
                                       if given["scope"] == "namespace" else {})
    assert _clouddriver_token(objs) is given["token"]


def test_plan_shows_an_rbac_change():
    from test_plan import plan_of

    from renderer.plan import report

    plan = plan_of([{"halconfig": IN_CLUSTER, "rbac": {"clouddriver": {"access": "none"}}}],
                   [{"halconfig": IN_CLUSTER}])
    assert plan.access == ("none", "Roles in apps, batch, spinnaker")
    assert "clouddriver's own cluster (rbac.clouddriver): none -> Roles in apps, batch, spinnaker" in report.text(plan)
    assert plan_of([{"halconfig": IN_CLUSTER}], [{"halconfig": IN_CLUSTER}]).access is None


def test_plan_reads_the_rbac_of_a_rendered_release_as_it_reads_values():
    import handover

    from renderer.plan.side import from_manifests
    from test_plan import side as plan_side

    values = {"halconfig": IN_CLUSTER, "rbac": {"kubernetesSecrets": {"clouddriver": ["kubeconfigs"]}}}
    result = handover.post_render(handover.helm3_stream(handover.render(values, name="spinnaker")))
    assert result.returncode == 0, result.stderr.decode()
    rendered = from_manifests(result.stdout.decode(), "current")
    # clouddriver's -secrets Role (rbac.kubernetesSecrets) is not its own-cluster access.
    assert rendered.access == plan_side(values).access == "Roles in apps, batch, spinnaker"
