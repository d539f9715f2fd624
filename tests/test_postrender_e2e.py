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

from conftest import REFERENCE, chart_ready, need_reference

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

from renderer import handover, values_model  # noqa: E402
from renderer.model import HAL  # noqa: E402
from renderer import halconfig as halconfig_reader  # noqa: E402
from renderer.secrets import secret_values  # noqa: E402

FORMS = {"helm3": handover.helm3_stream, "helm4": handover.helm4_stream}


def reference_halconfig():
    need_reference()
    with open(os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml")) as handle:
        return yaml.safe_load(handle)


def post_render(values, form="helm3", env=None):
    stream = FORMS[form](handover.render(values))
    result = handover.post_render(stream, env=env)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr == b""
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
def reference_release():
    values = {**chart_ready(reference_halconfig()),
              "services": {"fiat": {"enabled": True}, "kayenta": {"enabled": True}, "keel": {"enabled": True},
                           "igor": {"enabled": True}}}
    return {form: post_render(values, form) for form in FORMS}


@pytest.mark.parametrize("form", FORMS)
def test_every_service_gets_exactly_the_generated_config(reference_release, form, tmp_path, run_cli):
    generated = tmp_path / "generated"
    # The chart runs its default release when the halconfig names none.
    source = tmp_path / "halconfig.yml"
    source.write_text(yaml.safe_dump(chart_ready(reference_halconfig())["halconfig"]))
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
    return set(_strings(yaml.safe_load(text)))


@pytest.mark.parametrize("form", FORMS)
def test_no_credential_in_any_configmap_annotation_or_label(reference_release, form):
    hal, report = halconfig_reader.read(reference_halconfig())
    secrets = secret_values(HAL, hal)
    assert len(secrets) > 20
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
        host, port = url.split("://", 1)[1].rsplit(":", 1)
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


def test_changing_one_clouddriver_setting_rolls_only_clouddriver():
    hal = reference_halconfig()
    _, before = post_render(chart_ready(hal))
    hal["providers"]["kubernetes"]["accounts"][0]["cacheThreads"] = 7
    _, after = post_render(chart_ready(hal))

    def pod_templates(text):
        return {w["metadata"]["name"]: yaml.safe_dump(w["spec"]["template"]) for w in workloads(objects(text))}

    old, new = pod_templates(before), pod_templates(after)
    changed = sorted(name for name in old if old[name] != new[name])
    assert changed == ["spin-spinnaker-clouddriver"]


def test_same_values_give_identical_output_across_hash_seeds():
    values = chart_ready(reference_halconfig())
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
    for reader in ("fiat", "igor", "rosco"):
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


def test_profiles_become_local_files():
    values = {"profiles": {"clouddriver": {"kubernetes": {"cacheThreads": 3}}, "spinnaker": {"x": {"y": "yes"}}},
              "settingsLocalJs": "window.spinnakerSettings.feature.canary = true;"}
    _, out = post_render(values)
    objs = objects(out)
    clouddriver = files_of(objs, "clouddriver")
    assert yaml.safe_load(clouddriver["clouddriver-local.yml"]) == {"kubernetes": {"cacheThreads": 3}}
    assert yaml.safe_load(clouddriver["spinnaker-local.yml"]) == {"x": {"y": "yes"}}
    assert files_of(objs, "deck")["settings-local.js"].startswith("window.spinnakerSettings.feature")


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
    bundle = [doc for _, doc in handover._documents(rendered) if "SpinnakerConfigBundle" in doc]
    assert len(bundle) == 1
    obj = yaml.safe_load(bundle[0])
    assert obj["apiVersion"] == "renderer.spinnaker.io/v1" and obj["kind"] == "SpinnakerConfigBundle"
