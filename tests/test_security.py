"""Security claims (docs/security.md) checked on what reaches the cluster: post-rendered manifests.

- Credentials from the halconfig never land in a ConfigMap, Deck's settings.js, an annotation,
  a label or a plain env value, for every case of the reference corpus and the golden case.
- Secure defaults: every container is locked down (non-root, no escalation, no capabilities,
  RuntimeDefault seccomp, requests, read-only root with writable emptyDirs), the user's own
  sidecars and init containers included, across value sets.
- RBAC: one ServiceAccount per service (none without `rbac.create`), no wildcards or admin roles,
  clouddriver's own-cluster access opt-in, Kubernetes Secrets readable only by the services named
  in `rbac.kubernetesSecrets`, tokens only where needed.
- NetworkPolicies (on by default), by their semantics: default deny for the release's pods, traffic
  between them, Redis and MySQL only from the services that use them, Deck/Gate from
  `networkPolicy.ingressFrom`, egress as listed.
"""
from __future__ import annotations

import base64
import functools
import json
import os

import pytest
import yaml

from conftest import (ALL_OPTIONAL_HALCONFIG, ROOT, chart_ready, need_reference, reference_cases,
                      string_values)

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402
from renderer import service_facts  # noqa: E402
from renderer.model import HAL  # noqa: E402
from renderer.model.credentials import secret_values  # noqa: E402
from renderer.runtime import netpol  # noqa: E402

NAMESPACE, FULLNAME = "spinnaker", "spin-spinnaker"
JAVA = set(service_facts.JAVA_SERVICES)  # Deck is Apache, not Spring Boot
OPTIONAL_ON = {name: {"enabled": True} for name in ("fiat", "igor", "kayenta", "keel")}
# keel without persistentStorage.sql: it gets its own database in the bundled MySQL, so the
# network policies must let keel (and front50) reach MySQL (MYSQL_USERS).
ALL_OPTIONAL = {k: v for k, v in ALL_OPTIONAL_HALCONFIG.items() if k != "persistentStorage"}
INIT = [{"name": "wait", "image": "docker.io/library/busybox:1.37.0",
         "resources": {"requests": {"cpu": "1m", "memory": "8Mi"}}}]
# A user's own sidecar: locked down like the chart's containers.
SIDECAR = {"name": "proxy", "image": "docker.io/library/busybox:1.37.0",
           "resources": {"requests": {"cpu": "10m", "memory": "16Mi"}}}
INGRESS_FROM = [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]
EGRESS = [{"to": [{"ipBlock": {"cidr": "10.0.0.0/8", "except": ["10.96.0.0/12"]}}],
           "ports": [{"port": 443, "protocol": "TCP"}]}]
VALUE_SETS = {
    "defaults": {},
    "everything-cluster": {
        "halconfig": ALL_OPTIONAL, "ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}},
        "networkPolicy": {"enabled": True}, "rbac": {"clouddriver": {"access": "cluster"}},
        "storage": {"bundled": "true"}, "services": {"orca": {"initContainers": INIT}}},
    "everything-namespace": {
        "halconfig": ALL_OPTIONAL, "ha": {"clouddriver": {"enabled": True}},
        "networkPolicy": {"enabled": True, "ingressFrom": INGRESS_FROM, "egress": EGRESS},
        "rbac": {"clouddriver": {"access": "namespace", "namespaces": ["apps"]}},
        "redis": {"persistence": False}, "expose": {"host": "spinnaker.example.com"},
        "services": {"gate": {"initContainers": INIT, "sidecars": [SIDECAR]}}},
}

# Further shapes of release for the container lock-down: exposure with TLS and a Gate subdomain,
# external stores (no Redis or MySQL pod), disruption budgets, the user's Secrets mounted.
MORE_SHAPES = {
    "exposed-external-stores": {
        "expose": {"host": "spinnaker.example.com", "gate": "subdomain", "tls": {"enabled": True}},
        "redis": {"externalUrl": "redis://redis.example:6379"}, "storage": {"bundled": "false"},
        "halconfig": {"persistentStorage": {"s3": {"enabled": True, "bucket": "b"}},
                      "metricStores": {"datadog": {"enabled": True}}}},
    "budgets-and-secrets": {
        "serviceDefaults": {"pdb": {"enabled": True}}, "ha": {"echo": {"enabled": True}},
        "secrets": {"files": [{"secretName": "gcp", "services": ["clouddriver"]}],
                    "env": [{"name": "TOKEN", "secretName": "tok", "key": "t", "services": ["orca"]}]},
        "services": {"orca": {"sidecars": [SIDECAR], "initContainers": INIT}}},
}


# rendering ---------------------------------------------------------------------

def post_render(values, form="helm4") -> list[dict]:
    """The objects that reach the cluster (Helm 4 form: hooks such as the test Pod included)."""
    make = handover.helm4_stream if form == "helm4" else handover.helm3_stream
    result = handover.post_render(make(handover.render(values)))
    assert result.returncode == 0, result.stderr.decode()
    return [o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)]


@pytest.fixture(scope="module")
def releases():
    return {name: post_render(values) for name, values in VALUE_SETS.items()}


def of_kind(objs, *kinds):
    return [o for o in objs if o["kind"] in kinds]


def pods(objs):
    """(object, pod metadata, pod spec) of every pod the release runs."""
    for obj in objs:
        if obj["kind"] in ("Deployment", "StatefulSet", "DaemonSet", "Job"):
            template = obj["spec"]["template"]
            yield obj, template["metadata"], template["spec"]
        elif obj["kind"] == "Pod":
            yield obj, obj["metadata"], obj["spec"]


HOOK = f"{FULLNAME}-credentials-hook"  # the pre-install Job that creates the credentials Secret, and its RBAC
# The bundled stores and the services that may reach them (docs/upgrade.md, "What is kept where").
REDIS_USERS = {"clouddriver", "echo", "fiat", "gate", "igor", "kayenta", "orca", "rosco"}
MYSQL_USERS = {"front50", "keel"}


def is_hook_pod(metadata) -> bool:
    return (metadata.get("labels") or {}).get("app.kubernetes.io/component") == "credentials-hook"


def service_of(metadata) -> str | None:
    """The Spinnaker service a pod belongs to (HA splits: their base service); None for Redis, MySQL, tests."""
    return (metadata.get("labels") or {}).get("spinnaker.io/service")


# secure defaults ----------------------------------------------------------------

@pytest.mark.parametrize("value_set", [*VALUE_SETS, *MORE_SHAPES])
def test_every_container_is_locked_down(releases, value_set):
    objs = releases[value_set] if value_set in VALUE_SETS else post_render(MORE_SHAPES[value_set])
    seen = set()
    for obj, _, spec in pods(objs):
        pod = spec.get("securityContext") or {}
        assert not spec.get("hostNetwork") and not spec.get("hostPID") and not spec.get("hostIPC")
        for container in (spec.get("initContainers") or []) + spec["containers"]:
            where = (obj["kind"], obj["metadata"]["name"], container["name"])
            seen.add(container["name"])
            sc = container.get("securityContext") or {}
            assert sc.get("runAsNonRoot", pod.get("runAsNonRoot")) is True, where
            assert sc.get("runAsUser", pod.get("runAsUser", 1)) != 0, where
            assert sc.get("runAsGroup", pod.get("runAsGroup", 1)) != 0, where
            assert sc.get("allowPrivilegeEscalation") is False, where
            assert sc.get("privileged") in (None, False), where
            capabilities = sc.get("capabilities") or {}
            assert "ALL" in (capabilities.get("drop") or []) and not capabilities.get("add"), where
            seccomp = sc.get("seccompProfile") or pod.get("seccompProfile") or {}
            assert seccomp.get("type") == "RuntimeDefault", where
            requests = (container.get("resources") or {}).get("requests") or {}
            assert requests.get("cpu") and requests.get("memory"), where
    expected = {"clouddriver", "deck", "echo", "front50", "gate", "orca", "rosco", "health"}
    if value_set in VALUE_SETS:
        expected |= {"redis", "mysql"}
    if value_set in ("everything-cluster", "everything-namespace"):
        expected |= {"fiat", "igor", "kayenta", "keel", "monitoring-daemon", "wait"}
    if value_set in ("everything-namespace", "budgets-and-secrets"):
        expected |= {SIDECAR["name"], "wait"}
    if value_set == "exposed-external-stores":
        expected.add("monitoring-daemon")
    assert expected <= seen, expected - seen


# Containers the chart does not size here: the user's own, and the bundled Redis and MySQL (their
# limits come with the bundled store's own change; tests/checkov-allowlist.yaml lists them as pending).
NOT_SIZED_HERE = {"wait", SIDECAR["name"], "redis", "mysql"}


@pytest.mark.parametrize("value_set", VALUE_SETS)
def test_every_container_has_a_memory_limit_and_jvms_size_their_heap_from_it(releases, value_set):
    seen = set()
    for obj, metadata, spec in pods(releases[value_set]):
        service = service_of(metadata)
        for container in (spec.get("initContainers") or []) + spec["containers"]:
            if container["name"] in NOT_SIZED_HERE:
                continue
            where = (obj["metadata"]["name"], container["name"])
            seen.add(container["name"])
            resources = container.get("resources") or {}
            limit = (resources.get("limits") or {}).get("memory")
            assert limit, where
            if service in JAVA and container["name"] == service:
                # Upstream's sizing: the JVM's heap is a share of the limit, and the limit is what it asked for.
                assert limit == resources["requests"]["memory"], where
                java_opts = {e["name"]: e.get("value") for e in container["env"]}["JAVA_OPTS"]
                assert java_opts == ("-XX:MaxRAMPercentage=50.0" if service == "keel"
                                     else "-XX:MaxRAMPercentage=80.0"), where
    assert {"clouddriver", "deck", "gate", "health"} <= seen
    if value_set != "defaults":
        assert "monitoring-daemon" in seen


@pytest.mark.parametrize("value_set", VALUE_SETS)
def test_java_services_drain_like_upstream_and_restart_only_when_dead(releases, value_set):
    checked = 0
    for obj, metadata, spec in pods(releases[value_set]):
        service = service_of(metadata)
        if service not in JAVA:
            continue
        checked += 1
        where = obj["metadata"]["name"]
        # Upstream spinnaker-kustomize: 720 s to finish running work (keel: 60 s).
        assert spec["terminationGracePeriodSeconds"] == (60 if service == "keel" else 720), where
        main = next(c for c in spec["containers"] if c["name"] == service)
        assert main["readinessProbe"]["httpGet"]["path"].endswith("/health"), where
        # /health is DOWN while Redis is: a liveness probe on it would restart every pod in an outage.
        assert "httpGet" not in main["livenessProbe"] and main["livenessProbe"]["tcpSocket"], where
    assert checked >= 6


def _writable_sources(obj, spec):
    """Volume name -> kind, for the volumes a container may write to."""
    kinds = {}
    for volume in spec.get("volumes") or ():
        kinds[volume["name"]] = next(k for k in volume if k != "name")
    for claim in (obj["spec"].get("volumeClaimTemplates") or ()) if obj["kind"] == "StatefulSet" else ():
        kinds[claim["metadata"]["name"]] = "persistentVolumeClaim"
    return kinds


@pytest.mark.parametrize("value_set", VALUE_SETS)
def test_root_filesystems_are_read_only_with_writable_empty_dirs(releases, value_set):
    for obj, metadata, spec in pods(releases[value_set]):
        sources = _writable_sources(obj, spec)
        assert "hostPath" not in sources.values(), obj["metadata"]["name"]
        for container in (spec.get("initContainers") or []) + spec["containers"]:
            where = (obj["metadata"]["name"], container["name"])
            read_only = (container.get("securityContext") or {}).get("readOnlyRootFilesystem")
            # Deck's image copies its settings into its web root at start: the one documented exception.
            assert read_only is (container["name"] != "deck"), where
            for mount in container.get("volumeMounts") or ():
                if mount.get("readOnly"):
                    continue
                assert sources[mount["name"]] in ("emptyDir", "persistentVolumeClaim"), (where, mount)
            if service_of(metadata) in JAVA and container["name"] in JAVA | {"monitoring-daemon"}:
                tmp = [m for m in container["volumeMounts"] if m["mountPath"] == "/tmp"]
                assert tmp and sources[tmp[0]["name"]] == "emptyDir", where


def _readme_security() -> str:
    with open(os.path.join(ROOT, "docs", "security.md")) as handle:
        return handle.read()


def test_readme_security_claims_match_the_chart(releases):
    readme = " ".join(_readme_security().split())
    for claim in ("uid 10111", "uid 33", "`emptyDir` at `/tmp`", "tokens not mounted unless needed",
                  "Never cluster-admin, never `*` on `*`"):
        assert claim in readme, claim
    for value_set, objs in releases.items():
        java = deck = 0
        for obj, metadata, spec in pods(objs):
            service = service_of(metadata)
            if service is None:
                continue
            main = next(c for c in spec["containers"] if c["name"] == service)
            uid = (main.get("securityContext") or {}).get("runAsUser", (spec.get("securityContext") or {})
                                                          .get("runAsUser"))
            if service == "deck":
                deck += 1
                assert uid == 33, (value_set, obj["metadata"]["name"])
            else:
                java += 1
                assert uid == 10111, (value_set, obj["metadata"]["name"])
            assert spec["automountServiceAccountToken"] is (
                service == "clouddriver" and value_set != "defaults"), (value_set, obj["metadata"]["name"])
        assert java >= 6 and deck == 1, value_set


# RBAC ---------------------------------------------------------------------------

@pytest.mark.parametrize("value_set", VALUE_SETS)
def test_one_service_account_per_service(releases, value_set):
    objs = releases[value_set]
    accounts = {a["metadata"]["name"] for a in of_kind(objs, "ServiceAccount")}
    services = {service_of(metadata) for _, metadata, _ in pods(objs)} - {None}
    assert HOOK in accounts  # every value set generates a password
    assert accounts - {HOOK} == {f"{FULLNAME}-{s}" for s in services}
    for obj, metadata, spec in pods(objs):
        service = service_of(metadata)
        if is_hook_pod(metadata):
            assert spec["serviceAccountName"] == HOOK and spec["automountServiceAccountToken"] is True
        elif service is None:  # Redis, MySQL, the test Pod: no Spinnaker account, no token
            assert spec.get("serviceAccountName") in (None, "default"), obj["metadata"]["name"]
            assert spec["automountServiceAccountToken"] is False, obj["metadata"]["name"]
        else:
            assert spec["serviceAccountName"] == f"{FULLNAME}-{service}", obj["metadata"]["name"]


def test_without_rbac_create_no_service_account_is_made():
    objs = post_render({"rbac": {"create": False}})
    assert [a["metadata"]["name"] for a in of_kind(objs, "ServiceAccount")] == [HOOK]
    assert [r["metadata"]["name"] for r in of_kind(objs, "Role", "RoleBinding", "ClusterRole",
                                                         "ClusterRoleBinding")] == [HOOK, HOOK]
    for obj, metadata, spec in pods(objs):
        if not is_hook_pod(metadata):
            assert spec.get("serviceAccountName") in (None, "default"), obj["metadata"]["name"]
            assert spec["automountServiceAccountToken"] is False, obj["metadata"]["name"]


def _rules(objs):
    for role in of_kind(objs, "Role", "ClusterRole"):
        assert "aggregationRule" not in role, role["metadata"]["name"]
        assert role.get("rules"), role["metadata"]["name"]  # a Role that grants nothing is a mistake
        for rule in role["rules"]:
            yield role, rule


@pytest.mark.parametrize("value_set", VALUE_SETS)
def test_rbac_has_no_wildcards_and_no_admin_roles(releases, value_set):
    objs = releases[value_set]
    for role, rule in _rules(objs):
        where = (role["kind"], role["metadata"]["name"], rule)
        for key in ("apiGroups", "resources", "verbs", "resourceNames", "nonResourceURLs"):
            assert not any("*" in item for item in rule.get(key) or ()), where
        assert not {"escalate", "bind", "impersonate"} & set(rule["verbs"]), where
        assert rule["apiGroups"] and rule["resources"] and rule["verbs"], where
    roles = {(r["kind"], r["metadata"].get("namespace"), r["metadata"]["name"]) for r in of_kind(objs, "Role",
                                                                                                 "ClusterRole")}
    for binding in of_kind(objs, "RoleBinding", "ClusterRoleBinding"):
        ref = binding["roleRef"]
        assert ref["name"] not in ("cluster-admin", "admin", "edit", "view"), binding["metadata"]["name"]
        namespace = binding["metadata"].get("namespace") if ref["kind"] == "Role" else None
        assert (ref["kind"], namespace, ref["name"]) in roles, "bound to a role the release does not define"
        account = HOOK if binding["metadata"]["name"] == HOOK else f"{FULLNAME}-clouddriver"
        assert binding["subjects"] == [{"kind": "ServiceAccount", "name": account, "namespace": NAMESPACE}]


def test_credentials_hook_may_only_read_and_patch_its_secret_and_create_secrets(releases):
    for objs in releases.values():
        [role] = [r for r in of_kind(objs, "Role") if r["metadata"]["name"] == HOOK]
        assert role["rules"] == [
            # Its own Secret, and the one earlier chart versions generated (their MySQL passwords carry over).
            {"apiGroups": [""], "resources": ["secrets"],
             "resourceNames": [f"{FULLNAME}-credentials", f"{FULLNAME}-mysql"], "verbs": ["get"]},
            # Its own Secret, to add the keys one made by an earlier chart version lacks.
            {"apiGroups": [""], "resources": ["secrets"], "resourceNames": [f"{FULLNAME}-credentials"],
             "verbs": ["patch"]},
            # RBAC cannot restrict `create` by name; the account is deleted once the hook succeeded.
            {"apiGroups": [""], "resources": ["secrets"], "verbs": ["create"]}]
        for obj in of_kind(objs, "ServiceAccount", "Role", "RoleBinding", "Job"):
            if obj["metadata"]["name"] == HOOK:
                annotations = obj["metadata"]["annotations"]
                assert annotations["helm.sh/hook"] == "pre-install,pre-upgrade"
                assert annotations["helm.sh/hook-delete-policy"] == "before-hook-creation,hook-succeeded"


def without_hook(objs):
    return [o for o in objs if o["metadata"]["name"] != HOOK]


def test_clouddrivers_own_cluster_access_is_opt_in_and_namespaced_unless_asked(releases):
    rbac_kinds = ("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding")
    assert of_kind(without_hook(releases["defaults"]), *rbac_kinds) == []
    namespaced = without_hook(releases["everything-namespace"])
    assert of_kind(namespaced, "ClusterRole", "ClusterRoleBinding") == []
    assert sorted(r["metadata"]["namespace"] for r in of_kind(namespaced, "Role")) == ["apps", NAMESPACE]
    assert sorted(r["metadata"]["namespace"] for r in of_kind(namespaced, "RoleBinding")) == ["apps", NAMESPACE]
    cluster = without_hook(releases["everything-cluster"])
    assert of_kind(cluster, "Role", "RoleBinding") == []
    assert len(of_kind(cluster, "ClusterRole")) == 1 and len(of_kind(cluster, "ClusterRoleBinding")) == 1
    # The release's namespace listed explicitly: still one Role (and binding) per namespace.
    listed = without_hook(post_render({"rbac": {"clouddriver": {"access": "namespace",
                                                                "namespaces": ["apps", NAMESPACE]}}}))
    for kind in ("Role", "RoleBinding"):
        assert sorted(r["metadata"]["namespace"] for r in of_kind(listed, kind)) == ["apps", NAMESPACE], kind


def test_kubernetes_secrets_are_readable_only_by_the_services_that_name_them():
    objs = without_hook(post_render({"rbac": {"kubernetesSecrets": {"echo": ["Slack", "twilio"],
                                                                     "igor": ["jenkins"]}}}))
    roles = {r["metadata"]["name"]: r for r in of_kind(objs, "Role", "ClusterRole")}
    bindings = {b["metadata"]["name"]: b for b in of_kind(objs, "RoleBinding", "ClusterRoleBinding")}
    # igor does not run by default: nothing for it.
    assert sorted(roles) == sorted(bindings) == [f"{FULLNAME}-echo-secrets"]
    # The secret engine lower-cases the name it reads; only `get`, only these names.
    assert roles[f"{FULLNAME}-echo-secrets"]["rules"] == [
        {"apiGroups": [""], "resources": ["secrets"], "resourceNames": ["slack", "twilio"], "verbs": ["get"]}]
    binding = bindings[f"{FULLNAME}-echo-secrets"]
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": f"{FULLNAME}-echo", "namespace": NAMESPACE}]
    assert binding["roleRef"]["name"] == f"{FULLNAME}-echo-secrets"
    for obj, metadata, spec in pods(objs):
        if service_of(metadata) is not None:
            assert spec["automountServiceAccountToken"] is (service_of(metadata) == "echo"), obj["metadata"]["name"]


@pytest.mark.parametrize("value_set", VALUE_SETS)
def test_tokens_are_mounted_only_where_needed(releases, value_set):
    objs = releases[value_set]
    access = value_set != "defaults"
    for account in of_kind(objs, "ServiceAccount"):
        needs = access and account["metadata"]["name"] == f"{FULLNAME}-clouddriver"
        assert account["automountServiceAccountToken"] is needs, account["metadata"]["name"]
    clouddriver_pods = 0
    for obj, metadata, spec in pods(objs):
        needs = (access and service_of(metadata) == "clouddriver") or is_hook_pod(metadata)
        clouddriver_pods += service_of(metadata) == "clouddriver"
        # Explicit on every pod: a ServiceAccount's default must not decide.
        assert spec["automountServiceAccountToken"] is needs, obj["metadata"]["name"]
    assert clouddriver_pods == (1 if value_set == "defaults" else 4)


# NetworkPolicies -----------------------------------------------------------------

# The semantics live in the runtime model (renderer/runtime/netpol.py), which judges every call the
# release makes with them.
Pod, External, selects, allowed = netpol.Peer, netpol.External, netpol.selects, netpol.allowed
_selecting = netpol.selecting


def release_pods(objs):
    out = []
    for obj, metadata, spec in pods(objs):
        ports = [p for c in spec["containers"] for p in c.get("ports") or ()]
        out.append(Pod(obj["metadata"]["name"], obj["metadata"].get("namespace", NAMESPACE), metadata["labels"],
                       ports))
    return out


def component(pod):
    return pod.labels["app.kubernetes.io/component"]


NETWORKED = ["defaults", "everything-cluster", "everything-namespace"]
OUTSIDERS = {
    "other-namespace": Pod("app", "apps", {"app": "web"}),
    "other-release": Pod("other", NAMESPACE, {"app.kubernetes.io/name": "spinnaker",
                                              "app.kubernetes.io/instance": "other",
                                              "app.kubernetes.io/component": "gate"}),
    "ingress-controller": Pod("nginx", "ingress-nginx", {"app.kubernetes.io/name": "ingress-nginx"}),
    "internet": External("203.0.113.7"),
}


def test_network_policies_are_on_by_default():
    # Was: none unless enabled. Now on by default; `networkPolicy.enabled: false` turns them off.
    assert of_kind(post_render({"networkPolicy": {"enabled": False}}), "NetworkPolicy") == []


@pytest.mark.parametrize("value_set", NETWORKED)
def test_every_release_pod_is_isolated_and_nothing_else_is(releases, value_set):
    policies = of_kind(releases[value_set], "NetworkPolicy")
    members = release_pods(releases[value_set])
    assert len(members) >= (11 if value_set == "defaults" else 15)
    for pod in members:
        assert _selecting(policies, pod, "Ingress") and _selecting(policies, pod, "Egress"), pod
    for name, outsider in OUTSIDERS.items():
        if isinstance(outsider, Pod):
            assert not _selecting(policies, outsider, "Ingress") and not _selecting(policies, outsider, "Egress"), \
                name
    for policy in policies:
        assert policy["spec"]["podSelector"].get("matchLabels"), "an empty podSelector selects foreign pods"


@pytest.mark.parametrize("value_set", NETWORKED)
def test_release_pods_reach_each_other_and_stores_only_their_users(releases, value_set):
    policies = of_kind(releases[value_set], "NetworkPolicy")
    members = release_pods(releases[value_set])
    users = {"redis": REDIS_USERS, "mysql": MYSQL_USERS}
    stores = 0
    for source in members:
        for destination in members:
            for port, protocol in destination.ports.values():
                store = component(destination)
                # The stores only answer: nothing lets Redis or MySQL open connections.
                expected = component(source) not in users and (
                    store not in users or source.labels.get("spinnaker.io/service") in users[store])
                stores += store in users
                assert allowed(policies, source, destination, port, protocol) is expected, (source, destination)
    assert stores


@pytest.mark.parametrize("value_set", NETWORKED)
def test_only_deck_and_gate_admit_outside_traffic(releases, value_set):
    policies = of_kind(releases[value_set], "NetworkPolicy")
    restricted = bool(VALUE_SETS[value_set].get("networkPolicy", {}).get("ingressFrom"))
    ui_ports = {"deck": service_facts.SERVICES["deck"].port, "gate": service_facts.SERVICES["gate"].port}
    for name, outsider in OUTSIDERS.items():
        may_enter = name == "ingress-controller" or not restricted
        for pod in release_pods(releases[value_set]):
            for port, protocol in pod.ports.values():
                expected = may_enter and ui_ports.get(component(pod)) == port
                assert allowed(policies, outsider, pod, port, protocol) is expected, (name, pod, port)


def test_egress_follows_the_list(releases):
    restricted = of_kind(releases["everything-namespace"], "NetworkPolicy")
    open_ = of_kind(releases["everything-cluster"], "NetworkPolicy")
    dns = External("10.96.0.10")
    for policies, objs, listed in ((restricted, releases["everything-namespace"], True),
                                   (open_, releases["everything-cluster"], False)):
        for pod in release_pods(objs):
            # The credentials hook talks to the Kubernetes API, wherever the cluster serves it.
            spinnaker = pod.labels.get("spinnaker.io/service") is not None or component(pod) == "credentials-hook"
            assert allowed(policies, pod, dns, 53, "UDP") and allowed(policies, pod, dns, 53, "TCP"), pod
            assert allowed(policies, pod, External("10.1.2.3"), 443) is spinnaker, pod
            anywhere = spinnaker and (not listed or component(pod) == "credentials-hook")
            assert allowed(policies, pod, External("10.1.2.3"), 80) is anywhere, pod
            assert allowed(policies, pod, External("8.8.8.8"), 443) is anywhere, pod
            assert allowed(policies, pod, External("10.96.0.1"), 443) is anywhere, pod


# credentials across the reference corpus -------------------------------------------------

# The corpus cases (from ../shared) and the project's own golden case (tests/golden, in every clone).
CASES = {case_id: path for case_id, path, _ in reference_cases()}
GOLDEN_CASES = {f"golden-{name}": os.path.join(ROOT, "tests", "golden", name, "halconfig.yml")
                for name in sorted(os.listdir(os.path.join(ROOT, "tests", "golden")))
                if os.path.isdir(os.path.join(ROOT, "tests", "golden", name))}


def _chart_values(case_id):
    """The case as chart values, and the chart's verdict on them (the release's build-name versions
    removed: the chart picks the release)."""
    from renderer.read.inputs import check_values

    with open({**CASES, **GOLDEN_CASES}[case_id]) as handle:
        data = yaml.safe_load(handle)
    for deployment in data.get("deploymentConfigurations") or []:
        deployment.pop("version", None)
    values = chart_ready(data)
    hal, _, report = check_values(values)
    return values, hal, report


# Corpus cases the chart accepts; the others (nameless accounts, dangling references, which kleat
# accepted and Spinnaker cannot use) are refused, as test_corpus_refusals_are_what_kleat_accepted checks.
CHART_CASES = [*GOLDEN_CASES, *(c for c in sorted(CASES) if _chart_values(c)[2].ok)]
REFUSED_CASES = [c for c in sorted(CASES) if c not in CHART_CASES]


@functools.lru_cache(maxsize=None)
def corpus_release(case_id):
    values, hal, report = _chart_values(case_id)
    assert report.ok, [p.render() for p in report.errors]
    stream = handover.helm3_stream(handover.render({**values, "services": OPTIONAL_ON}))
    result = handover.post_render(stream)
    assert result.returncode == 0, result.stderr.decode()
    objs = [o for o in yaml.safe_load_all(result.stdout) if isinstance(o, dict)]
    return secret_values(HAL, hal), objs


def test_corpus_refusals_are_what_kleat_accepted():
    """Every corpus case the chart refuses is refused only for what kleat let through."""
    need_reference()
    for case_id in REFUSED_CASES:
        errors = _chart_values(case_id)[2].errors
        assert errors and all(error.kleat for error in errors), \
            (case_id, [e.render() for e in errors if not e.kleat])


def _file_strings(name, text) -> set:
    """Every string a config file holds, parsed (settings.js: its object literal is JSON)."""
    if name.endswith(".js"):
        body = text[text.index("=") + 1:].strip().rstrip(";")
        return set(string_values(json.loads(body)))
    if name.endswith((".yml", ".yaml")):
        return set(string_values(yaml.safe_load(text)))
    return {text, *text.splitlines(), *(line.split("=", 1)[-1] for line in text.splitlines())}


def _metadata_strings(obj) -> set:
    found = set()
    for metadata in (obj["metadata"], ((obj.get("spec") or {}).get("template") or {}).get("metadata") or {}):
        found |= set(string_values([metadata.get("annotations") or {}, metadata.get("labels") or {}]))
    return found


def _env_literals(obj) -> set:
    """Plain `value:` env strings of a workload's containers (visible to anyone who can read the object)."""
    spec = ((obj.get("spec") or {}).get("template") or {}).get("spec") or {}
    return {e["value"] for c in (spec.get("initContainers") or []) + (spec.get("containers") or [])
            for e in c.get("env") or () if isinstance(e.get("value"), str)}


def _decoded(obj) -> dict:
    data = obj.get("data") or {}
    return {k: base64.b64decode(v).decode() for k, v in data.items()} if obj["kind"] == "Secret" else data


@pytest.mark.parametrize("case_id", CHART_CASES)
def test_no_credential_outside_secrets(case_id):
    secrets, objs = corpus_release(case_id)
    assert secrets, "the case declares no credential: nothing to check"
    in_secrets = set()
    settings_js = 0
    for obj in objs:
        exposed = _metadata_strings(obj) | _env_literals(obj)
        files = _decoded(obj) if obj["kind"] in ("ConfigMap", "Secret") else {}
        for name, text in files.items():
            strings = _file_strings(name, text)
            if obj["kind"] == "ConfigMap" or name == "settings.js":
                exposed |= strings
            else:
                in_secrets |= strings
            settings_js += name == "settings.js"
        leaked = sorted(secrets & exposed)
        assert not leaked, (obj["kind"], obj["metadata"]["name"], leaked)
    assert settings_js == 1
    # The check sees credentials where they are meant to be: the services' Secrets.
    assert secrets & in_secrets


@pytest.mark.parametrize("scrape", [{"podAnnotations": True}, {"podMonitor": {"enabled": True}},
                                    {"serviceMonitor": {"enabled": True}}])
def test_the_scraper_reaches_every_daemon_under_the_default_policies(scrape):
    """Scraped daemons (annotations, a PodMonitor or a ServiceMonitor): Prometheus, wherever it runs, reaches each pod's
    `metrics` port and nothing else; `networkPolicy.metricsFrom` narrows who may."""
    values = {"halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
              "monitoringDaemon": {"prometheus": scrape}}
    objs = post_render(values)
    policies = of_kind(objs, "NetworkPolicy")
    prometheus = Pod("prometheus-0", "monitoring", {"app.kubernetes.io/name": "prometheus"})
    scraped = [pod for pod in release_pods(objs) if "metrics" in pod.ports]
    assert len(scraped) >= 6
    for pod in scraped:
        port, _ = pod.ports["metrics"]
        assert allowed(policies, prometheus, pod, port), pod
        assert not allowed(policies, prometheus, pod, 7002) or component(pod) not in ("clouddriver",), pod
    narrowed = of_kind(post_render({**values, "networkPolicy": {"metricsFrom": [
        {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]}}), "NetworkPolicy")
    elsewhere = Pod("prometheus-0", "apps", {"app.kubernetes.io/name": "prometheus"})
    for pod in scraped:
        port, _ = pod.ports["metrics"]
        assert allowed(narrowed, prometheus, pod, port) and not allowed(narrowed, elsewhere, pod, port), pod


# One ServiceAccount for services that name it, and gate's extra Tomcat connectors ---------------------

SHARED = {"halconfig": {"providers": {"kubernetes": {"enabled": True, "accounts": [
    {"name": "k8s", "serviceAccount": True, "namespaces": [NAMESPACE]}]}}},
    # Halyard's service-settings: one account the user had bound, named by many services.
    "services": {name: {"serviceAccountName": "spinnaker"} for name in ("clouddriver", "orca", "gate", "echo")},
    "rbac": {"serviceAccountAnnotations": {"team": "cd"}}}


@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_services_that_name_one_account_share_it(form):
    values = json.loads(json.dumps(SHARED))
    values["services"]["orca"]["serviceAccountAnnotations"] = {"iam": "orca-role"}
    values["services"]["gate"]["serviceAccountAnnotations"] = {"iam": "orca-role", "gate": "yes"}
    objs = post_render(values, form)
    [shared] = [a for a in of_kind(objs, "ServiceAccount") if a["metadata"]["name"] == "spinnaker"]
    # What its services need: every one's annotations, and the token clouddriver's in-cluster account needs.
    annotations = {k: v for k, v in shared["metadata"]["annotations"].items() if not k.startswith("postrenderer.")}
    assert annotations == {"team": "cd", "iam": "orca-role", "gate": "yes"}
    assert shared["automountServiceAccountToken"] is True
    runs_as = {service_of(m): s["serviceAccountName"] for _, m, s in pods(objs) if service_of(m)}
    assert {s for s, account in runs_as.items() if account == "spinnaker"} == {"clouddriver", "orca", "gate", "echo"}
    # Only clouddriver mounts it; the others' own accounts stay theirs.
    for obj, metadata, spec in pods(objs):
        if service_of(metadata):
            assert spec["automountServiceAccountToken"] is (service_of(metadata) == "clouddriver"), obj
    assert {a["metadata"]["name"] for a in of_kind(objs, "ServiceAccount")} - {HOOK} == {
        "spinnaker", *(f"{FULLNAME}-{s}" for s in ("deck", "front50", "rosco"))}
    [binding] = [b for b in of_kind(objs, "RoleBinding") if b["metadata"]["name"] == f"{FULLNAME}-clouddriver"]
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": "spinnaker", "namespace": NAMESPACE}]


def test_services_sharing_an_account_with_different_annotations_are_refused():
    values = json.loads(json.dumps(SHARED))
    values["services"]["orca"]["serviceAccountAnnotations"] = {"iam": "orca-role"}
    values["services"]["gate"]["serviceAccountAnnotations"] = {"iam": "gate-role"}
    with pytest.raises(Exception) as refused:
        handover.render(values)
    assert "services.gate.serviceAccountAnnotations.iam" in str(refused.value)
    assert "ServiceAccount spinnaker" in str(refused.value)


@pytest.mark.parametrize("account,values", [
    ("spinnaker", {"rbac": {"serviceAccounts": {"spinnaker": {"create": False}}}}),
    # The namespace's own: never created.
    ("default", {}),
])
def test_an_account_that_exists_is_used_not_created(account, values):
    values = dict(json.loads(json.dumps(SHARED).replace('"spinnaker"', f'"{account}"')), **values)
    objs = post_render(values)
    assert account not in {a["metadata"]["name"] for a in of_kind(objs, "ServiceAccount")}
    for obj, metadata, spec in pods(objs):
        if service_of(metadata) in ("clouddriver", "orca", "gate", "echo"):
            assert spec["serviceAccountName"] == account, obj["metadata"]["name"]
            assert spec["automountServiceAccountToken"] is (service_of(metadata) == "clouddriver")


def test_a_service_naming_another_of_the_releases_accounts_names_the_value_to_change():
    from renderer.postrender.errors import PostRenderError  # noqa: F401 - the refusal's type
    result = handover.post_render(handover.helm4_stream(handover.render(
        {"services": {"orca": {"serviceAccountName": HOOK}}})))
    assert result.returncode != 0
    message = result.stderr.decode()
    assert f"ServiceAccount '{HOOK}'" in message and "services.<name>.serviceAccountName" in message
    assert "rbac.serviceAccounts.<name>.create: false" in message and "fullnameOverride" not in message


X509 = {"tls": {"enabled": True, "secretName": "spinnaker-tls"},
        "profiles": {"gate": {"default": {"apiPort": 8085, "legacy-server-port": 8080}}},
        "networkPolicy": {"enabled": True, "ingressFrom": INGRESS_FROM}}


@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_gates_x509_port_is_reachable_from_outside_and_its_plain_http_port_only_from_the_release(form):
    """kork-tomcat's TomcatConfiguration opens default.apiPort (HTTPS, client certificate required) and
    default.legacyServerPort (plain HTTP) beside a TLS server port."""
    objs = post_render(X509, form)
    [service] = [s for s in of_kind(objs, "Service") if s["metadata"]["name"] == f"{FULLNAME}-gate"]
    ports = {p["name"]: p["port"] for p in service["spec"]["ports"]}
    assert ports["x509"] == 8085 and ports["legacy-http"] == 8080
    policies = of_kind(objs, "NetworkPolicy")
    members = release_pods(objs)
    [gate] = [p for p in members if component(p) == "gate"]
    assert gate.ports["x509"] == (8085, "TCP") and gate.ports["legacy-http"] == (8080, "TCP")
    controller = OUTSIDERS["ingress-controller"]
    assert allowed(policies, controller, gate, 8085)
    assert not allowed(policies, OUTSIDERS["other-namespace"], gate, 8085)  # networkPolicy.ingressFrom holds
    for outsider in OUTSIDERS.values():
        assert not allowed(policies, outsider, gate, 8080), outsider
    orca = next(p for p in members if component(p) == "orca")
    assert allowed(policies, orca, gate, 8080) and allowed(policies, orca, gate, 8085)


def test_without_tls_gate_opens_no_extra_port():
    """The connectors come only with server.ssl.enabled (TomcatConfiguration's @ConditionalOnExpression)."""
    objs = post_render({"profiles": X509["profiles"]})
    [service] = [s for s in of_kind(objs, "Service") if s["metadata"]["name"] == f"{FULLNAME}-gate"]
    assert [p["name"] for p in service["spec"]["ports"]] == ["http"]
