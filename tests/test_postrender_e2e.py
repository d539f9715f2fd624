"""The chart rendered by Helm's real engine, post-rendered through scripts/post-render.

Both hand-over forms (Helm 3 stream, Helm 4 annotated) are fed to the real
entry point; the assertions are on what would reach the cluster.
"""
from __future__ import annotations

import base64
import json
import os

import pytest
import yaml

from conftest import REFERENCE, ROOT, chart_ready, need_reference

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402
from renderer.generate import values_model  # noqa: E402
from renderer.model import HAL  # noqa: E402
from renderer.read import halconfig as halconfig_reader  # noqa: E402
from renderer.model.credentials import secret_values  # noqa: E402

FORMS = {"helm3": handover.helm3_stream, "helm4": handover.helm4_stream}


# The halconfigs the end-to-end tests run: the project's own golden case (in every clone) and
# kleat's corpus (../shared; skipped without it, a failure under CI).
CASES = {"golden": os.path.join(ROOT, "tests", "golden", "mixed", "halconfig.yml"),
         "kleat-corpus": os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml")}


@pytest.fixture(scope="module", params=list(CASES))
def case(request) -> str:
    return request.param


def reference_halconfig(case: str):
    if case == "kleat-corpus":
        need_reference()
    with open(CASES[case]) as handle:
        return yaml.safe_load(handle)


def post_render(values, form="helm3", env=None):
    stream = FORMS[form](handover.render(values))
    result = handover.post_render(stream, env=env)
    assert result.returncode == 0, result.stderr.decode()
    # A success prints warnings only (e.g. kleat's corpus sets fields the chart's release no longer
    # reads): Helm hides a succeeding post-renderer's stderr, so they also go to the terminal.
    for line in result.stderr.decode().splitlines():
        assert line.startswith("spinnaker-renderer post-render: warning: "), line
    return stream, result.stdout.decode()


def objects(text):
    return [o for o in yaml.safe_load_all(text) if isinstance(o, dict)]


def by_kind(objs, kind):
    return [o for o in objs if o["kind"] == kind]


def files_of(objs, service):
    """{file name: text} of a service's generated ConfigMap and Secret."""
    files = {}
    for obj in objs:
        labels = obj["metadata"].get("labels") or {}
        if labels.get("app.kubernetes.io/component") != service or obj["kind"] not in ("ConfigMap", "Secret"):
            continue
        if "-env-" in obj["metadata"]["name"]:
            continue
        for name, value in (obj.get("data") or {}).items():
            files[name] = base64.b64decode(value).decode() if obj["kind"] == "Secret" else value
    return files


def workloads(objs):
    return [o for o in objs if o["kind"] in ("Deployment", "StatefulSet")]


def spinnaker_workloads(objs):
    """Workloads of Spinnaker's own services (not Redis or MySQL)."""
    return [o for o in workloads(objs)
            if (o["metadata"]["labels"]["app.kubernetes.io/component"].split("-")[0]
                in ("clouddriver", "deck", "echo", "fiat", "front50", "gate", "igor", "kayenta", "keel",
                    "orca", "rosco"))]


@pytest.fixture(scope="module")
def reference_release(case):
    values = {**chart_ready(reference_halconfig(case)),
              "services": {"fiat": {"enabled": True}, "kayenta": {"enabled": True}, "keel": {"enabled": True},
                           "igor": {"enabled": True}}}
    return {form: post_render(values, form) for form in FORMS}


@pytest.mark.parametrize("form", FORMS)
def test_every_service_gets_exactly_the_generated_config(case, reference_release, form, tmp_path, run_cli):
    generated = tmp_path / "generated"
    # The chart runs its default release when the halconfig names none.
    source = tmp_path / "halconfig.yml"
    source.write_text(yaml.safe_dump(chart_ready(reference_halconfig(case))["halconfig"]))
    result = run_cli("generate", "--release", values_model.DEFAULT_VERSION, str(source), str(generated))
    assert result.returncode == 0, result.stderr
    objs = objects(reference_release[form][1])
    for service in ("clouddriver", "echo", "fiat", "front50", "gate", "igor", "kayenta", "keel", "orca", "rosco"):
        files = files_of(objs, service)
        assert files[f"{service}.yml"] == (generated / f"{service}.yml").read_text(), service
        assert "spinnaker.yml" in files
    deck = files_of(objs, "deck")
    assert deck["settings.js"] == (generated / "settings.js").read_text()


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _file_strings(name, text):
    if name.endswith(".js"):
        body = text[text.index("=") + 1:].strip().rstrip(";")
        try:
            return set(_strings(json.loads(body)))
        except ValueError:
            return {text}
    if name.endswith((".yml", ".yaml")):
        return set(_strings(yaml.safe_load(text)))
    return {text, *text.split()}  # a script (the bundled MySQL's init scripts): its words


@pytest.mark.parametrize("form", FORMS)
def test_no_credential_in_any_configmap_annotation_or_label(case, reference_release, form):
    hal, report = halconfig_reader.read(reference_halconfig(case))
    secrets = secret_values(HAL, hal)
    # The check is only as good as the credentials it looks for (the golden case holds four).
    assert len(secrets) >= (4 if case == "golden" else 21), sorted(secrets)
    for obj in objects(reference_release[form][1]):
        exposed = set(_strings(obj["metadata"].get("annotations") or {}))
        exposed |= set(_strings(obj["metadata"].get("labels") or {}))
        if obj["kind"] == "ConfigMap":
            for name, text in (obj.get("data") or {}).items():
                exposed |= _file_strings(name, text)
        leaked = sorted(secrets & exposed)
        assert not leaked, (obj["kind"], obj["metadata"]["name"], leaked)


@pytest.mark.parametrize("form", FORMS)
def test_mounts_resolve_and_no_placeholder_is_left(reference_release, form):
    text = reference_release[form][1]
    assert "spinnaker-renderer-placeholder" not in text
    objs = objects(text)
    names = {(o["kind"], o["metadata"]["name"]) for o in objs}
    for workload in spinnaker_workloads(objs):
        spec = workload["spec"]["template"]["spec"]
        for volume in spec.get("volumes") or ():
            for source in (volume.get("projected") or {}).get("sources") or ():
                if "configMap" in source:
                    assert ("ConfigMap", source["configMap"]["name"]) in names
                if "secret" in source and source["secret"]["name"].startswith("spin-"):
                    assert ("Secret", source["secret"]["name"]) in names or "mysql" in source["secret"]["name"]
        for container in spec["containers"]:
            for env_from in container.get("envFrom") or ():
                ref = env_from.get("secretRef") or {}
                if ref.get("name", "").startswith("spin-spinnaker-deck-env"):
                    assert ("Secret", ref["name"]) in names
            mounts = {m["mountPath"] for m in container.get("volumeMounts") or ()}
            if container["name"] != "monitoring-daemon":
                assert "/opt/spinnaker/config" in mounts, workload["metadata"]["name"]


@pytest.mark.parametrize("form", FORMS)
def test_discovery_matches_the_rendered_services(reference_release, form):
    objs = objects(reference_release[form][1])
    services = {o["metadata"]["name"]: o for o in by_kind(objs, "Service")}
    discovery = yaml.safe_load(files_of(objs, "clouddriver")["spinnaker.yml"])
    for name, entry in discovery["services"].items():
        if name in ("deck", "gate") or not entry.get("enabled"):
            continue
        url = entry["baseUrl"]
        # Redis's URL carries its password as a placeholder: redis://:${SPINNAKER_REDIS_PASSWORD:}@host:6379
        host, port = url.split("://", 1)[1].rsplit("@", 1)[-1].rsplit(":", 1)
        assert host in services, (name, url)
        assert int(port) in [p["port"] for p in services[host]["spec"]["ports"]], (name, url)
        component = services[host]["metadata"]["labels"]["app.kubernetes.io/component"]
        assert component == name or component.startswith(name + "-")


def test_helm3_passes_untouched_documents_byte_for_byte(reference_release):
    stream, out = reference_release["helm3"]
    inputs = [d for d in stream.split("---\n") if d.strip()]
    outputs = set(d for d in out.split("---\n") if d.strip())
    untouched = [d for d in inputs if "spinnaker-renderer-placeholder" not in d and "SpinnakerConfigBundle" not in d]
    assert untouched
    for doc in untouched:
        assert doc in outputs, doc[:200]


def test_helm4_new_documents_carry_the_filename_annotation(reference_release):
    for obj in objects(reference_release["helm4"][1]):
        annotations = obj["metadata"].get("annotations") or {}
        assert annotations.get(handover.HELM4_ANNOTATION), (obj["kind"], obj["metadata"]["name"])


def test_both_forms_yield_the_same_objects(reference_release):
    def strip(obj):
        annotations = obj["metadata"].get("annotations")
        if annotations:
            annotations.pop(handover.HELM4_ANNOTATION, None)
            if not annotations:
                del obj["metadata"]["annotations"]
        return obj

    helm3 = sorted((yaml.safe_dump(strip(o), sort_keys=True) for o in objects(reference_release["helm3"][1])))
    helm4 = [strip(o) for o in objects(reference_release["helm4"][1])]
    helm4 = sorted(yaml.safe_dump(o, sort_keys=True) for o in helm4
                   if not (o["metadata"].get("annotations") or {}).get("helm.sh/hook"))
    assert helm3 == helm4


@pytest.mark.parametrize("form", FORMS)
def test_output_is_valid_kubernetes(reference_release, form):
    import kubernetes_validate

    for obj in objects(reference_release[form][1]):
        kubernetes_validate.validate(obj, "1.33.0", strict=True)


def test_changing_one_clouddriver_setting_rolls_only_clouddriver(case):
    hal = reference_halconfig(case)
    _, before = post_render(chart_ready(hal))
    hal["providers"]["kubernetes"]["accounts"][0]["cacheThreads"] = 7
    _, after = post_render(chart_ready(hal))

    def pod_templates(text):
        return {w["metadata"]["name"]: yaml.safe_dump(w["spec"]["template"]) for w in workloads(objects(text))}

    old, new = pod_templates(before), pod_templates(after)
    changed = sorted(name for name in old if old[name] != new[name])
    assert changed == ["spin-spinnaker-clouddriver"]


def test_same_values_give_identical_output_across_hash_seeds(case):
    values = chart_ready(reference_halconfig(case))
    stream = handover.helm3_stream(handover.render(values))
    outs = {handover.post_render(stream, env={"PYTHONHASHSEED": seed}).stdout for seed in ("0", "1", "4242")}
    assert len(outs) == 1


def test_default_install_is_complete():
    _, out = post_render({})
    objs = objects(out)
    components = {w["metadata"]["labels"]["app.kubernetes.io/component"] for w in workloads(objs)}
    assert {"clouddriver", "deck", "echo", "front50", "gate", "orca", "rosco"} <= components
    assert not {"fiat", "kayenta", "keel", "igor"} & components
    assert any("redis" in c for c in components)
    assert any("mysql" in c for c in components), "no persistent store in the halconfig: bundled MySQL"
    front50 = files_of(objs, "front50")
    assert "sql" in yaml.safe_load(front50["front50-helm.yml"])
    discovery = yaml.safe_load(files_of(objs, "gate")["spinnaker.yml"])
    assert discovery["services"]["fiat"] == {"enabled": False}
    assert discovery["services"]["redis"]["baseUrl"].startswith("redis://")


def test_ha_wiring_follows_halyard():
    values = {"halconfig": {}, "ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}},
              "services": {"fiat": {"enabled": True}, "igor": {"enabled": True}}}
    _, out = post_render(values)
    objs = objects(out)
    components = {w["metadata"]["labels"]["app.kubernetes.io/component"] for w in workloads(objs)}
    assert {"clouddriver-caching", "clouddriver-rw", "clouddriver-ro", "clouddriver-ro-deck",
            "echo-scheduler", "echo-worker"} <= components
    assert "clouddriver" not in components and "echo" not in components
    discovery = yaml.safe_load(files_of(objs, "orca")["spinnaker.yml"])
    assert "clouddriver-rw" in discovery["services"]["clouddriver"]["baseUrl"]
    assert "echo-worker" in discovery["services"]["echo"]["baseUrl"]
    orca = yaml.safe_load(files_of(objs, "orca")["orca-helm.yml"])
    assert "clouddriver-ro:" in orca["clouddriver"]["readonly"]["baseUrl"]
    gate = yaml.safe_load(files_of(objs, "gate")["gate-helm.yml"])
    assert "clouddriver-ro-deck" in gate["services"]["clouddriver"]["config"]["dynamicEndpoints"]["deck"]
    for reader in ("fiat", "gate", "igor", "rosco"):
        helm = yaml.safe_load(files_of(objs, reader)[f"{reader}-helm.yml"])
        assert "clouddriver-ro:" in helm["services"]["clouddriver"]["baseUrl"]
    clouddriver = files_of(objs, "clouddriver")
    assert yaml.safe_load(clouddriver["clouddriver-ro.yml"]) == {"caching": {"writeEnabled": False}}
    assert yaml.safe_load(files_of(objs, "echo")["echo-scheduler.yml"]) == {"scheduler": {"enabled": True}}


def test_expose_host_sets_every_url_in_one_place():
    values = {"expose": {"host": "spinnaker.example.com", "tls": {"enabled": True}}}
    _, out = post_render(values)
    objs = objects(out)
    settings = files_of(objs, "deck")["settings.js"]
    assert '"gateUrl":"https://spinnaker.example.com/api/v1"' in settings
    gate = yaml.safe_load(files_of(objs, "gate")["gate.yml"])
    assert gate["services"]["deck"]["baseUrl"] == "https://spinnaker.example.com"
    assert gate["cors"]["allowedOriginsPattern"]
    assert yaml.safe_load(files_of(objs, "gate")["gate-helm.yml"])["server"]["servlet"]["context-path"] == "/api/v1"
    ingress = by_kind(objs, "Ingress")
    assert ingress and ingress[0]["spec"]["rules"][0]["host"] == "spinnaker.example.com"


def _daemon(deployment):
    return next(c for c in deployment["spec"]["template"]["spec"]["containers"] if c["name"] == "monitoring-daemon")


def test_monitoring_daemon_is_reachable_from_the_pod_ip():
    values = {"expose": {"host": "spinnaker.example.com"},
              "halconfig": {"metricStores": {"prometheus": {"enabled": True}}}}
    _, out = post_render(values)
    objs = objects(out)
    for service in ("clouddriver", "gate", "orca"):
        files = files_of(objs, service)
        daemon = yaml.safe_load(files["spinnaker-monitoring.yml"])
        # Bound to every interface: the kubelet's probe and Prometheus come in on the pod IP.
        deployment = next(w for w in workloads(objs)
                          if w["metadata"]["labels"]["app.kubernetes.io/component"] == service)
        sidecar = _daemon(deployment)
        assert daemon["server"] == {"host": "0.0.0.0", "port": sidecar["ports"][0]["containerPort"]}
        assert sidecar["livenessProbe"]["tcpSocket"]["port"] == daemon["server"]["port"]
        assert daemon["monitor"]["metric_store"] == ["prometheus"]
    registry = {s: yaml.safe_load(files_of(objs, s)["spinnaker-monitoring-registry.yml"])["metrics_url"]
                for s in ("clouddriver", "gate")}
    assert registry["clouddriver"] == "http://localhost:7002/spectator/metrics"
    # Gate serves everything under its context path, metrics included.
    assert registry["gate"] == "http://localhost:8084/api/v1/spectator/metrics"


def test_front50_gets_its_s3_keys_as_aws_environment():
    s3 = {"enabled": True, "bucket": "spin", "endpoint": "http://minio:9000",
          "accessKeyId": "AKIA-FRONT50-KEY", "secretAccessKey": "front50-secret-value"}
    _, out = post_render({"halconfig": {"persistentStorage": {"s3": s3}}})
    objs = objects(out)
    front50 = yaml.safe_load(files_of(objs, "front50")["front50.yml"])
    # front50 binds no such keys: they are not written where nothing reads them.
    assert front50["spinnaker"]["s3"] == {"enabled": True, "bucket": "spin", "endpoint": "http://minio:9000"}
    [env] = [o for o in by_kind(objs, "Secret") if "-front50-env-" in o["metadata"]["name"]]
    assert {k: base64.b64decode(v).decode() for k, v in env["data"].items()} == {
        "AWS_ACCESS_KEY_ID": "AKIA-FRONT50-KEY", "AWS_SECRET_ACCESS_KEY": "front50-secret-value"}
    users = {w["metadata"]["labels"]["app.kubernetes.io/component"] for w in workloads(objs)
             if env["metadata"]["name"] in json.dumps(w)}
    assert users == {"front50"}
    # Without keys the Secret is empty and front50 uses the AWS credential chain.
    _, out = post_render({"halconfig": {"persistentStorage": {"s3": {"enabled": True, "bucket": "spin"}}}})
    [env] = [o for o in by_kind(objects(out), "Secret") if "-front50-env-" in o["metadata"]["name"]]
    assert not env.get("data")


SLACK_FROM_SECRET = {"version": "2026.1.0",
                     "notifications": {"slack": {"enabled": True, "token": "encrypted:k8s!n:Slack!k:token"}}}


def test_kubernetes_secret_references_are_granted_to_exactly_their_service():
    _, out = post_render({"halconfig": SLACK_FROM_SECRET, "spinnaker": {"version": "2026.1.0"},
                          "rbac": {"kubernetesSecrets": {"echo": ["slack"]}}})
    objs = objects(out)
    echo = yaml.safe_load(files_of(objs, "echo")["echo.yml"])
    assert echo["spinnaker"]["secrets"]["kubernetes"] == {"enabled": True}
    assert echo["slack"]["token"] == "encrypted:k8s!n:Slack!k:token"
    [role] = by_kind(objs, "Role")
    assert role["rules"][0]["resourceNames"] == ["slack"]


@pytest.mark.parametrize("values,expected", [
    ({"spinnaker": {"version": "2026.1.0"}}, ("rbac.kubernetesSecrets.echo", "may not read")),
    ({"spinnaker": {"version": "2026.1.0"}, "rbac": {"kubernetesSecrets": {"echo": ["other"]}}},
     ("rbac.kubernetesSecrets.echo",)),
    ({"spinnaker": {"version": "2026.0.4"}, "rbac": {"kubernetesSecrets": {"echo": ["slack"]}}},
     ("cannot read Kubernetes Secrets", "2026.1.0")),
])
def test_kubernetes_secret_references_nothing_lets_a_service_read_are_refused(values, expected):
    hal = dict(SLACK_FROM_SECRET, version=values["spinnaker"]["version"])
    stream = FORMS["helm3"](handover.render(dict(values, halconfig=hal)))
    _refused(stream, *expected)


def test_profiles_become_local_files():
    values = {"profiles": {"clouddriver": {"kubernetes": {"cacheThreads": 3}}, "spinnaker": {"x": {"y": "yes"}}},
              "settingsLocalJs": "window.spinnakerSettings.feature.canary = true;"}
    _, out = post_render(values)
    objs = objects(out)
    clouddriver = files_of(objs, "clouddriver")
    assert yaml.safe_load(clouddriver["clouddriver-local.yml"]) == {"kubernetes": {"cacheThreads": 3}}
    assert yaml.safe_load(clouddriver["spinnaker-local.yml"]) == {"x": {"y": "yes"}}
    assert files_of(objs, "deck")["settings-local.js"].startswith("window.spinnakerSettings.feature")


def test_split_profiles_are_read_by_their_split_only():
    """Halyard ran each split with `<profile>,local,<profile>-local`: `profiles.<split>` becomes
    `<service>-<profile>-local.yml`, which only that split activates, after `<service>-local.yml`."""
    values = {"ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}},
              "profiles": {"clouddriver": {"a": 1}, "clouddriver-caching": {"caching": {"threads": 4}},
                           "clouddriver-ro-deck": {"b": 2}, "echo-scheduler": {"scheduler": {"x": 1}}}}
    _, out = post_render(values)
    objs = objects(out)
    clouddriver = files_of(objs, "clouddriver")
    assert yaml.safe_load(clouddriver["clouddriver-caching-local.yml"]) == {"caching": {"threads": 4}}
    assert yaml.safe_load(clouddriver["clouddriver-ro-deck-local.yml"]) == {"b": 2}
    assert yaml.safe_load(clouddriver["clouddriver-local.yml"]) == {"a": 1}
    assert "clouddriver-rw-local.yml" not in clouddriver
    assert yaml.safe_load(files_of(objs, "echo")["echo-scheduler-local.yml"]) == {"scheduler": {"x": 1}}
    active = {}
    for workload in workloads(objs):
        name = workload["metadata"]["labels"]["app.kubernetes.io/component"]
        env = {e["name"]: e.get("value") for e in workload["spec"]["template"]["spec"]["containers"][0].get("env", [])}
        active[name] = env.get("SPRING_PROFILES_ACTIVE")
    assert active["clouddriver-caching"] == "helm,caching,local,caching-local"
    # Halyard ran ro-deck with its own profile only (KubernetesV2ClouddriverRoDeckService).
    assert active["clouddriver-ro-deck"] == "helm,ro-deck,local,ro-deck-local"
    assert active["echo-scheduler"] == "helm,scheduler,local,scheduler-local"
    assert active["orca"] == "helm,local"


def test_split_profiles_without_the_split_are_refused():
    stream = FORMS["helm3"](handover.render({"profiles": {"clouddriver-caching": {"a": 1}}}))
    result = handover.post_render(stream)
    assert result.returncode != 0 and result.stdout == b""
    assert b"clouddriver-caching" in result.stderr and b"ha.<service>.enabled" in result.stderr


def test_patches_are_applied_last():
    values = {"patches": [
        {"target": {"kind": "Deployment", "name": "spin-spinnaker-gate"}, "type": "strategic",
         "patch": {"spec": {"template": {"spec": {"containers": [{"name": "gate", "env": [
             {"name": "EXTRA", "value": "1"}]}]}}}}},
        {"target": {"kind": "Service", "name": "spin-spinnaker-deck"}, "type": "json6902",
         "patch": [{"op": "add", "path": "/metadata/annotations", "value": {"patched": "yes"}}]},
    ]}
    _, out = post_render(values)
    objs = objects(out)
    gate = next(o for o in workloads(objs) if o["metadata"]["name"] == "spin-spinnaker-gate")
    container = next(c for c in gate["spec"]["template"]["spec"]["containers"] if c["name"] == "gate")
    assert {"name": "EXTRA", "value": "1"} in container["env"]
    assert container["image"], "strategic merge keeps the rest of the container"
    deck = next(o for o in by_kind(objs, "Service") if o["metadata"]["name"] == "spin-spinnaker-deck")
    assert deck["metadata"]["annotations"] == {"patched": "yes"}


def _stream_with_halconfig(halconfig):
    """A real Helm 3 stream whose bundle carries `halconfig` (bypassing the values schema)."""
    import re

    stream = handover.helm3_stream(handover.render({}))
    match = re.search(r"bundle: (\S+)", stream)
    bundle = json.loads(base64.b64decode(match.group(1)))
    bundle["halconfig"] = halconfig
    return stream.replace(match.group(1), base64.b64encode(json.dumps(bundle).encode()).decode())


def _refused(stream, *expected):
    result = handover.post_render(stream)
    assert result.returncode != 0
    assert result.stdout == b""
    message = result.stderr.decode()
    for text in expected:
        assert text in message, message
    assert "Traceback" not in message
    return message


def test_invalid_halconfig_fails_whole_with_the_path():
    accounts = [{"name": "a"}, {"name": "b"}, {"name": "c", "kinds": ["deployment"], "omitKinds": ["secret"]}]
    values = {"halconfig": {"providers": {"kubernetes": {"accounts": accounts}}}}
    stream = handover.helm3_stream(handover.render(values))  # the schema cannot see this one
    _refused(stream, "halconfig.providers.kubernetes.accounts[2].kinds", "not both")


def test_wrong_types_behind_the_schema_are_refused_too():
    bad = {"providers": {"kubernetes": {"accounts": [{"name": "a"}, {"name": "b"},
                                                     {"name": "c", "cacheThreads": "many"}]}}}
    _refused(_stream_with_halconfig(bad), "halconfig.providers.kubernetes.accounts[2].cacheThreads",
             "whole number")


def test_forgotten_post_renderer_cannot_apply_the_bundle():
    rendered = handover.render({})
    bundle = [doc for _, doc in handover.documents(rendered) if "SpinnakerConfigBundle" in doc]
    assert len(bundle) == 1
    obj = yaml.safe_load(bundle[0])
    assert obj["apiVersion"] == "renderer.spinnaker.io/v1" and obj["kind"] == "SpinnakerConfigBundle"
