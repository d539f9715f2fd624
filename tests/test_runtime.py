"""Would it run: the runtime model (renderer/runtime) on what the chart renders.

Each check in each severity through the post-renderer on Helm's own rendering (helm-python-sdk's
engine, Helm 3's hand-over, the pipeline in-process: the same pass every route runs); the same
verdict text from `plan` and `migrate` (tests/test_verdict.py has rows for validate -f, Helm 3,
Helm 4 and the wrapper); and the model over every example, every real-world config and every
migrated real-world Halyard directory: no error, and a warning only where the table says why.
"""
from __future__ import annotations

import glob
import os
import subprocess
import sys

import pytest
import yaml

from conftest import REFERENCE, ROOT, corpus_param, need_reference

FACTORY = "/var/secrets/ks.p12"
K8S = {"providers": {"kubernetes": {"enabled": True, "primaryAccount": "k8s", "accounts": [{"name": "k8s"}]}}}


def judged(values: dict) -> list:
    """(level, values path, text) of every runtime finding for `values`, errors included."""
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    import handover
    from renderer.postrender import render
    from renderer.postrender.errors import PostRenderError

    values = dict(values)
    values.setdefault("halconfig", K8S)
    found: list = []
    try:
        render(handover.helm3_stream(handover.render(values)), [], findings=found)
    except PostRenderError as exc:
        found = getattr(exc, "findings", None)
        assert found is not None, f"refused, but not by the runtime model: {exc.render()}"
    return [(f.level, f.where, f.render()) for f in found]


def _tls(extra: dict | None = None) -> dict:
    """orca serving TLS from a profile, its key store from a Secret."""
    orca = {"server": {"ssl": {"enabled": True, "key-store": FACTORY, "key-store-password": "${KS_PASSWORD:x}"}}}
    orca.update(extra or {})
    return {"profiles": {"orca": orca}, "secrets": {"files": [{"secretName": "ks", "services": ["orca"]}]}}


def _with(values: dict, **more) -> dict:
    out = yaml.safe_load(yaml.safe_dump(values))
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


# Text gzip cannot shrink much (letters drawn at random, the same every run): ~900 KB of it fits a ConfigMap
# but not, with the chart, Helm's release Secret.
_RANDOM_TEXT = "".join(__import__("random").Random(0).choices("abcdefghijklmnopqrstuvwxyz0123456789", k=900_000))
_MANAGEMENT = {"management": {"server": {"port": 8093, "ssl": {"enabled": False}}}}
_ORCA_HTTPS = {"spinnaker": {"services": {"orca": {"baseUrl": "https://spin-spinnaker-orca:8083"}}}}
_BOOTSTRAP = {"name": "bootstrap", "configMap": {"name": "bootstrap", "items": [
    {"key": "spinnakerconfig.yml", "path": "spinnakerconfig.yml"}]}}

# (id, values, [(level, values path, words)]): exactly these runtime findings, each with its words.
_ROLE = {"eks.amazonaws.com/role-arn": "arn:aws:iam::111122223333:role/front50"}

CASES = [
    # images
    ("chart defaults", {}, []),
    ("keel's own heap share", {"halconfig": {**K8S, "managedDelivery": {"enabled": True}}}, []),
    ("a mirror of the release's images", {"spinnaker": {"registry": "mirror.example.com/spinnaker"},
                                          "services": {"gate": {"image": {"registry": "other.example.com/x"}}}}, []),
    ("a variant of the release's image", {"services": {"gate": {"image": {"tag": "2026.4.0-ubuntu"}}}}, []),
    ("a 1.x release's own images", {"spinnaker": {"version": "1.30.1"}}, []),
    ("a vendor build, undeclared", {"services": {"orca": {"image": {
        "registry": "quay.io/opsmxpublic", "repository": "ubi8-orca-cve", "tag": "1.30.1-f48a85f-202403190808"}}}},
     [("error", "services.orca.image", ["ubi8-orca-cve", "not Spinnaker 2026.4.0's orca image",
                                        "services.orca.image.release"])]),
    ("a 1.x image under a 2026 config", {"services": {"gate": {"image": {"tag": "spinnaker-1.30.1"}}}},
     [("error", "services.gate.image", ["Spinnaker 1.30.1's gate image", "spinnaker.version: 1.30.1"])]),
    ("a custom build declared with the release", {"services": {"gate": {"image": {
        "registry": "registry.example.com", "repository": "my-gate", "tag": "x1", "release": "2026.4.0"}}}}, []),
    ("a custom build of another release", {"services": {"gate": {"image": {
        "repository": "my-gate", "tag": "x1", "release": "2025.2.0"}}}},
     [("error", "services.gate.image.release", ["declared a build of Spinnaker 2025.2.0",
                                                "Set spinnaker.version: 2025.2.0"])]),
    ("a tag that contradicts the declared release", {"services": {"gate": {"image": {
        "tag": "2025.3.0", "release": "2026.4.0"}}}},
     [("error", "services.gate.image.release", ["Spinnaker 2025.3.0's image", "image.release says"])]),
    ("a digest alone", {"services": {"front50": {"image": {"digest": "sha256:" + "0" * 64}}}},
     [("warning", "services.front50.image", ["pinned by digest", "services.front50.image.release: 2026.4.0"])]),
    # JVM memory
    ("the whole limit as heap", {"services": {"echo": {"javaOpts": "-XX:MaxRAMPercentage=100.0"}}},
     [("warning", "services.echo.resources", ["1024 MiB (-XX:MaxRAMPercentage=100 of the 1024 MiB memory limit)",
                                              "OOMKilled", "-XX:MaxRAMPercentage=80.0"])]),
    ("Halyard's sizing: limit = request, heap 100%", {"services": {"echo": {
        "javaOpts": "-XX:MaxRAMPercentage=100.0",
        "resources": {"requests": {"memory": "512Mi"}, "limits": {"memory": "512Mi"}}}}},
     [("warning", "services.echo.resources", ["512 MiB", "-XX:MaxRAMPercentage=61.0 (or -Xmx314m"])]),
    ("-Xmx as large as the limit", {"services": {"orca": {"javaOpts": "-Xmx1g"}}},
     [("warning", "services.orca.resources", ["-Xmx1024m", "lower -Xmx in services.orca.javaOpts to -Xmx819m",
                                              "raise limits.memory to 1280Mi"])]),
    ("-XX:MaxRAMFraction=1", {"services": {"orca": {"javaOpts": "-XX:MaxRAMFraction=1"}}},
     [("warning", "services.orca.resources", ["1024 MiB"])]),
    ("a later flag wins", {"services": {"orca": {"javaOpts": "-XX:MaxRAMPercentage=100.0 -XX:MaxRAMPercentage=75.0"}}},
     []),
    ("-Xmx in JAVA_TOOL_OPTIONS beats JAVA_OPTS' percentage", {"services": {"orca": {"env": [
        {"name": "JAVA_TOOL_OPTIONS", "value": "-Xmx1g"}]}}},
     [("warning", "services.orca.resources", ["-Xmx1024m"])]),
    ("_JAVA_OPTIONS from a patch", {"patches": [{"target": {"kind": "Deployment", "name": "spin-spinnaker-orca"},
                                                 "patch": {"spec": {"template": {"spec": {"containers": [
                                                     {"name": "orca", "env": [{"name": "_JAVA_OPTIONS",
                                                                               "value": "-XX:MaxRAMPercentage=95"}]}]}}}}}]},
     [("warning", "services.orca.resources", ["-XX:MaxRAMPercentage=95"])]),
    ("an HA split at Halyard's sizing", {"ha": {"clouddriver": {"enabled": True, "resources": {"caching": {
        "requests": {"memory": "512Mi"}, "limits": {"memory": "512Mi"}}}}}},
     [("warning", "ha.clouddriver.resources.caching", ["clouddriver-caching's JVM heap",
                                                                               "409 MiB"])]),
    ("no limit, with -Xmx", {"services": {"orca": {"javaOpts": "-Xmx800m", "resources": {
        "requests": {"memory": "1Gi"}, "limits": {"memory": None}}}}}, []),
    # the initial heap (HotSpot's gcArguments.cpp and arguments.cpp, JDK 17)
    ("-Xms above -Xmx: the JVM exits", {"services": {"orca": {"javaOpts": "-Xmx512m -Xms1g"}}},
     [("error", "services.orca.javaOpts", ["orca's JVM is given -Xms1g (JAVA_OPTS), above its maximum heap -Xmx512m",
                                           "Initial heap size set to a larger value than the maximum heap size",
                                           "lower -Xms1g to at most 512m"])]),
    ("-Xms above -Xmx without container support: the JVM exits all the same",
     {"services": {"orca": {"javaOpts": "-XX:-UseContainerSupport -Xmx512m -Xms1g"}}},
     [("error", "services.orca.javaOpts", ["orca's JVM is given -Xms1g (JAVA_OPTS), above its maximum heap -Xmx512m"])]),
    ("-Xms in JAVA_TOOL_OPTIONS above JAVA_OPTS' -Xmx", {"services": {"echo": {
        "javaOpts": "-Xmx832m", "env": [{"name": "JAVA_TOOL_OPTIONS", "value": "-Xms1024m"}]}}},
     [("error", "services.echo.env", ["-Xms1024m (JAVA_TOOL_OPTIONS)", "-Xmx832m"])]),
    ("-Xms alone raises the heap above the limit", {"services": {"orca": {"javaOpts": "-Xms3g"}}},
     [("warning", "services.orca.resources", ["heap can grow to 3072 MiB (-Xms3g: HotSpot raises the maximum heap",
                                              "drop -Xms3g", "raise limits.memory to 3328Mi"])]),
    ("-Xms within the chart's share", {"services": {"orca": {"javaOpts": "-XX:MaxRAMPercentage=80.0 -Xms512m"}}}, []),
    ("an HA split's own -Xms above -Xmx", {"ha": {"clouddriver": {"enabled": True, "splits": {"caching": {
        "javaOpts": "-Xmx1g -Xms2g"}}}}},
     [("error", "ha.clouddriver.splits.caching.javaOpts", ["clouddriver-caching's JVM is given -Xms2g",
                                                           "services.clouddriver.javaOpts"])]),
    # the API server's limits and Helm's release Secret (renderer/runtime/apiserver.py)
    ("a 2 MB profile: a ConfigMap the API server refuses", {"profiles": {"orca": {"notes": "x" * (2 << 20)}}},
     [("error", "profiles.orca", ["ConfigMap spin-spinnaker-orca-config-", "orca's files", "holds 2,09",
                                  "orca-local.yml 2,09", "over 1,048,576 (ValidateConfigMap/ValidateSecret"])]),
    ("a 300 KB profile: too large for client-side apply", {"profiles": {"orca": {"notes": "x" * 300_000}}},
     [("warning", "profiles.orca", ["ConfigMap spin-spinnaker-orca-config-", "its largest file orca-local.yml",
                                    "last-applied-configuration", "--server-side"])]),
    ("a ConfigMap of the user's own over 1 MiB", {"extraObjects": [{
        "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "big"}, "data": {"a": "y" * 1_100_000}}]},
     [("error", "", ["ConfigMap big holds 1,100,000 bytes of data (a 1,100,000 bytes)"])]),
    # A Secret's data counts decoded: 900,000 bytes are 1.2 MB of base64, under the limit all the same.
    ("a Secret of the user's own under 1 MiB decoded", {"extraObjects": [{
        "apiVersion": "v1", "kind": "Secret", "metadata": {"name": "big"},
        "data": {"a": __import__("base64").b64encode(b"z" * 900_000).decode()}}]},
     [("warning", "", ["Secret big is about 1,20", "last-applied-configuration"])]),
    ("a release Helm cannot store", {"profiles": {"orca": {"notes": _RANDOM_TEXT}}},
     [("warning", "", ["the release as Helm stores it", "encodeRelease", "HELM_DRIVER=sql"]),
      ("warning", "profiles.orca", ["last-applied-configuration"])]),
    # TLS
    # The chart follows a profile's server.ssl (scheme, probes, callers' URLs: _tls.tpl): nothing to say.
    ("TLS from a profile, which the chart follows", _tls(), []),
    ("TLS from a profile, a readiness probe of the user's own asking for HTTP",
     _with(_tls(), services={"orca": {"readinessProbe": {"httpGet": {"path": "/health", "port": 8083,
                                                                     "scheme": "HTTP"}}}}),
     [("error", "profiles.orca", ["orca serves TLS on port 8083", "readinessProbe asks for HTTP",
                                  "never becomes ready"])]),
    # The same given as the file's text: the runtime model reads what it sets, as the service does.
    ("TLS from a text profile, a readiness probe of the user's own asking for HTTP",
     _with(_tls(), profiles={"orca": f"server:\n  ssl:\n    enabled: true\n    key-store: {FACTORY}\n"},
           services={"orca": {"readinessProbe": {"httpGet": {"path": "/health", "port": 8083, "scheme": "HTTP"}}}}),
     [("error", "profiles.orca", ["orca serves TLS on port 8083", "readinessProbe asks for HTTP"])]),
    ("TLS with probes on a plain management port and https callers",
     _with(_tls(_MANAGEMENT), profiles={**_tls(_MANAGEMENT)["profiles"], **_ORCA_HTTPS}), []),
    ("client certificates required, none presented",
     _with(_tls(dict(_MANAGEMENT, server={"ssl": {"enabled": True, "key-store": FACTORY, "client-auth": "need"}})),
           profiles={"orca": {**_MANAGEMENT, "server": {"ssl": {"enabled": True, "key-store": FACTORY,
                                                                "client-auth": "need"}}}, **_ORCA_HTTPS}),
     [("error", f"profiles.{caller}", ["orca requires a client certificate", f"{caller} calls it",
                                       "ok-http-client.key-store"])
      for caller in ("clouddriver", "echo", "front50", "gate", "orca", "rosco")]),
    ("client certificates required and presented",
     _with(_tls(), profiles={"orca": {**_MANAGEMENT, "server": {"ssl": {"enabled": True, "key-store": FACTORY,
                                                                      "client-auth": "need"}}},
                             "spinnaker": {**_ORCA_HTTPS["spinnaker"], "ok-http-client": {"key-store": FACTORY}}},
           secrets={"files": [{"secretName": "ks"}]}), []),
    ("https to a plain server", {"profiles": {"spinnaker": {"services": {"front50": {
        "baseUrl": "https://spin-spinnaker-front50:8080"}}}}},
     [("error", "profiles.spinnaker", [f"{caller} calls front50 at https://", "serves plain HTTP"])
      for caller in ("clouddriver", "echo", "front50", "gate", "orca", "rosco")]),
    ("https to a plain server, with user-info in the URL (read as the connection model reads URLs)",
     {"profiles": {"gate": {"services": {"front50": {"baseUrl": "https://bot:s3cret@spin-spinnaker-front50:8080"}}}}},
     [("error", "profiles.gate", ["gate calls front50 at https://spin-spinnaker-front50:8080 ", "serves plain HTTP"])]),
    # placeholders
    ("SpEL in orca's stages and expressions", {"profiles": {"orca": {
        "webhook": {"preconfigured": [{"url": "https://x/${trigger.payload}", "payload": "${#stage('a')}"}]},
        "job": {"preconfigured": {"kubernetes": [{"application": "${execution.application}"}]}},
        "note": "${parameterValues['name']} ${ execution.id }"}}}, []),
    ("a relaxed name", {"profiles": {"echo": {"x": "${services.keel.base-url}", "services": {"keel": {
        "baseUrl": "http://keel"}}}}}, []),
    ("a placeholder nothing defines", {"profiles": {"orca": {"token": "${SOME_TOKEN}"}}},
     [("warning", "", ["orca's orca-local.yml: token uses ${SOME_TOKEN}", "services.orca.env"])]),
    ("a placeholder the pod's env defines", {"profiles": {"orca": {"token": "${SOME_TOKEN}"}},
                                             "services": {"orca": {"env": [{"name": "SOME_TOKEN", "value": "x"}]}}}, []),
    ("a placeholder a ConfigMap of the release defines", {
        "profiles": {"orca": {"token": "${SOME_TOKEN}"}},
        "services": {"orca": {"envFrom": [{"configMapRef": {"name": "orca-extra"}}]}},
        "extraObjects": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "orca-extra"},
                          "data": {"SOME_TOKEN": "x"}}]}, []),
    # bootstrap files
    ("clouddriver's bootstrap file where kork reads it", {"services": {"clouddriver": {
        "extraVolumes": [_BOOTSTRAP], "extraVolumeMounts": [{"name": "bootstrap", "subPath": "spinnakerconfig.yml",
                                                            "mountPath": "/opt/spinnaker/config/spinnakerconfig.yml"}]}}},
     []),
    ("a bootstrap file where kork does not look", {"services": {"clouddriver": {
        "extraVolumes": [_BOOTSTRAP], "extraVolumeMounts": [{"name": "bootstrap", "mountPath": "/etc/bootstrap"}]}}},
     [("warning", "", ["/etc/bootstrap/spinnakerconfig.yml", "where kork does not look"])]),
    ("a bootstrap file in a service that reads none", {"services": {"orca": {
        "extraVolumes": [_BOOTSTRAP], "extraVolumeMounts": [{"name": "bootstrap", "subPath": "spinnakerconfig.yml",
                                                            "mountPath": "/opt/spinnaker/config/spinnakerconfig.yml"}]}}},
     [("warning", "", ["orca reads none", "clouddriver, echo, igor"])]),
    # serviceaccounts: a service's own annotations on an account the chart does not create
    ("annotations for an existing account", {
        "services": {"front50": {"serviceAccountName": "shared", "serviceAccountAnnotations": _ROLE}},
        "rbac": {"serviceAccounts": {"shared": {"create": False}}}},
     [("warning", "services.front50.serviceAccountAnnotations",
       ["not applied", "ServiceAccount shared", "rbac.serviceAccounts.shared.create is false",
        "kubectl annotate serviceaccount shared", "remove rbac.serviceAccounts.shared.create: false"])]),
    ("annotations without rbac.create", {"services": {"front50": {"serviceAccountAnnotations": _ROLE}},
                                         "rbac": {"create": False}},
     [("warning", "services.front50.serviceAccountAnnotations", ["ServiceAccount default", "rbac.create is false",
                                                                 "set rbac.create: true"])]),
    ("annotations for the namespace's default account", {
        "services": {"front50": {"serviceAccountName": "default", "serviceAccountAnnotations": _ROLE}}},
     [("warning", "services.front50.serviceAccountAnnotations", ["namespace's `default` account",
                                                                 "services.front50.serviceAccountName"])]),
    ("annotations for an account the chart creates", {"services": {"front50": {"serviceAccountName": "shared",
                                                                               "serviceAccountAnnotations": _ROLE}}},
     []),
    ("annotations of a service the release does not run", {
        "services": {"kayenta": {"serviceAccountName": "shared", "serviceAccountAnnotations": _ROLE}},
        "rbac": {"serviceAccounts": {"shared": {"create": False}}}}, []),
]


@pytest.mark.parametrize("values,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_check_in_each_severity(values, expected):
    exactly(judged(values), expected)


def exactly(found: list, expected: list) -> None:
    """`found` (judged's) is exactly `expected`: [(level, values path, words)], each finding with its words."""
    assert len(found) == len(expected), "\n".join(text for *_, text in found)
    unmatched = list(found)
    for level, where, words in expected:
        hit = next((f for f in unmatched if f[0] == level and f[1] == where and all(w in f[2] for w in words)), None)
        assert hit is not None, f"no {level} at {where!r} with {words}:\n" + "\n".join(t for *_, t in unmatched)
        unmatched.remove(hit)


def test_the_heap_model_follows_hotspot():
    from renderer.runtime.jvm import MIB, Heap

    gib = 1024 * MIB
    assert Heap(["-XX:MaxRAMPercentage=80.0"], gib).bytes == 0.8 * gib
    assert Heap([], 4 * gib).bytes == gib  # the JVM's default 25%
    assert Heap(["-Xmx2g", "-XX:MaxRAMPercentage=10"], gib).bytes == 2 * gib  # -Xmx wins over any percentage
    assert Heap(["-Xmx512m", "-Xmx768m"], gib).bytes == 768 * MIB  # the last one wins
    assert Heap(["-XX:MaxRAMFraction=2"], gib).bytes == 0.5 * gib
    assert Heap(["-XX:MaxRAMFraction=1", "-XX:MaxRAMPercentage=50"], gib).bytes == 0.5 * gib
    assert Heap(["-XX:MaxRAMPercentage=100"], 128 * MIB).bytes == 64 * MIB  # a small container: MinRAMPercentage
    assert Heap([], 256 * MIB).bytes == pytest.approx(124.8 * MIB)  # at least HotSpot's default maximum


def test_an_initial_heap_above_the_maximum():
    """openjdk/jdk17u src/hotspot/share/gc/shared/gcArguments.cpp (GCArguments::initialize_heap_flags_and_sizes):
    an initial size from the command line above -Xmx exits; runtime/arguments.cpp (Arguments::set_heap_size):
    without -Xmx the maximum is at least the initial size, and -Xms is the command line's from any source."""
    from renderer.runtime.jvm import MIB, Heap

    gib = 1024 * MIB
    refused = "Initial heap size set to a larger value than the maximum heap size"
    assert Heap(["-Xmx512m", "-Xms1g"], gib).refused == refused
    assert Heap(["-Xms1g", "-XX:MaxHeapSize=512m"], gib).refused == refused  # the order does not matter
    assert Heap(["-Xmx512m", "-XX:InitialHeapSize=1g"], gib).refused == refused
    assert Heap(["-Xms1g", "-Xmx512m"], gib, environ={0}).refused == refused  # -Xms counts as the command line
    # -XX:InitialHeapSize from JAVA_TOOL_OPTIONS is not the command line's: it raises the maximum instead
    heap = Heap(["-XX:InitialHeapSize=1g", "-Xmx512m"], 4 * gib, environ={0})
    assert not heap.refused and heap.bytes == gib
    assert not Heap(["-Xmx1g", "-Xms1g"], gib).refused and not Heap(["-Xmx1g", "-Xms0"], gib).refused
    assert Heap(["-Xms3g"], gib).bytes == 3 * gib  # an -Xms alone raises the maximum heap
    assert Heap(["-XX:MaxRAMPercentage=50", "-Xms768m"], gib).bytes == 768 * MIB  # above the percentage's share
    assert Heap(["-XX:MaxRAMPercentage=80", "-Xms256m"], gib).bytes == 0.8 * gib  # below it, the share stays
    assert Heap(["-Xms3g", "-Xms256m"], gib).bytes == 256 * MIB  # the last one wins


def test_the_non_heap_estimate_is_sourced_and_max_heap_for_stays_under_the_charts_share():
    from renderer.runtime.jvm import MIB, max_heap_for, non_heap, non_heap_parts
    from renderer.service_facts import DEFAULT_HEAP_PERCENT, JVM_MEMORY, SERVICES

    assert all(entry["source"] and entry["estimate"] > 0 for entry in JVM_MEMORY.values())
    for name, facts in SERVICES.items():
        if facts.java:
            assert facts.thread_pools and all(source for *_, source in facts.thread_pools), name
            assert sum(part for _, part in non_heap_parts(name)) == non_heap(name)
            assert max_heap_for(name, 4096) == 4096 * DEFAULT_HEAP_PERCENT // 100  # the share is the ceiling
            assert max_heap_for(name, 512) == int(512 - non_heap(name) / MIB)  # a small limit: what the rest leaves
    # the pools a service runs besides Tomcat's count: clouddriver's caching agents, orca's queue handlers
    assert non_heap("clouddriver") > non_heap("orca") > non_heap("gate")


def test_the_chart_defaults_pass():
    """The estimate is one the chart's own defaults clear: 1Gi at 80% is the tightest."""
    from renderer.runtime.jvm import Heap, non_heap, quantity
    from renderer.generate.values_model import DEFAULT_JAVA_OPTS, default_resources
    from renderer.service_facts import SERVICES

    for name, facts in SERVICES.items():
        if facts.java:
            limit = quantity(default_resources(facts)["limits"]["memory"])
            heap = Heap((facts.java_opts or DEFAULT_JAVA_OPTS).split(), limit).bytes
            assert heap + non_heap(name) <= limit, name


# ---------------------------------------------------------------- the same text from plan and migrate

def _cli(*args, cwd=ROOT, helm=True):
    env = dict(os.environ, SPINNAKER_RENDERER_NO_TTY="1")
    if helm:
        env["HELM_BIN"] = os.path.join(ROOT, ".venv", "bin", "helm3")
    return subprocess.run([sys.executable, "-m", "renderer", *args], capture_output=True, text=True, cwd=cwd,
                          env=env)


@pytest.mark.parametrize("case", ["a 1.x image under a 2026 config", "the whole limit as heap"])
def test_plan_gives_the_same_verdict(case, helm3, tmp_path):
    values = dict(next(c[1] for c in CASES if c[0] == case), halconfig=K8S)
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text(yaml.safe_dump({"halconfig": K8S}))
    new.write_text(yaml.safe_dump(values))
    validate = _cli("validate", "-f", str(new))
    plan = _cli("plan", "-f", str(old), "--to", "-f", str(new))
    expected = [f[2] for f in judged(values)]
    assert expected
    for text in expected:
        assert text in validate.stderr and text in plan.stdout, plan.stdout + plan.stderr
    refused = expected[0].startswith("error:")
    assert validate.returncode == (1 if refused else 0)
    assert plan.returncode == (1 if refused else 2), plan.stderr  # 2: the change itself


def _hal_dir(tmp_path, service_settings: dict, profiles: dict | None = None, version="2026.4.0"):
    hal = tmp_path / "hal"
    (hal / "default" / "service-settings").mkdir(parents=True)
    (hal / "default" / "profiles").mkdir(parents=True)
    (hal / "config").write_text(yaml.safe_dump({"currentDeployment": "default", "deploymentConfigurations": [
        {"name": "default", "version": version, **K8S, "deploymentEnvironment": {
            "customSizing": {"echo": {"requests": {"memory": "256Mi"}, "limits": {"memory": "256Mi"}}}}}]}))
    for name, data in service_settings.items():
        (hal / "default" / "service-settings" / name).write_text(yaml.safe_dump(data))
    for name, data in (profiles or {}).items():
        (hal / "default" / "profiles" / name).write_text(yaml.safe_dump(data))
    return hal


def test_migrate_reports_the_same_warning_with_its_values_path(helm3, tmp_path):
    """A limit too small for any heap (Halyard's customSizing of 256Mi): migrate cannot size a heap into
    it, and its report carries the post-renderer's warning, under the values path."""
    hal = _hal_dir(tmp_path, {"echo.yml": {"env": {"JAVA_OPTS": "-XX:MaxRAMPercentage=100.0"}}})
    out = tmp_path / "out"
    result = _cli("migrate", str(hal), "-o", str(out / "values.yaml"), "--report", str(out / "report.md"))
    assert result.returncode == 0, result.stderr
    values = yaml.safe_load((out / "values.yaml").read_text())
    expected = [f for f in judged(values) if f[1] == "services.echo.resources"]
    assert len(expected) == 1 and expected[0][0] == "warning"
    text = expected[0][2][len("warning: services.echo.resources: "):]
    assert f"human: the rendered release (would it run) -> services.echo.resources: {text}" in result.stderr
    assert "`services.echo.resources`" in (out / "report.md").read_text()


def test_migrate_refuses_values_that_would_not_run(helm3, tmp_path):
    """A profile that makes orca require client certificates nobody presents (the callers' profiles
    give no `ok-http-client.key-store`): every call to orca fails, so nothing is written, and the errors
    are the post-renderer's."""
    hal = _hal_dir(tmp_path, {}, {"orca-local.yml": {"server": {"ssl": {
        "enabled": True, "key-store-type": "PKCS12", "key-store": "/opt/ks.p12", "client-auth": "need"}}}})
    out = tmp_path / "out"
    result = _cli("migrate", str(hal), "-o", str(out / "values.yaml"))
    assert result.returncode == 1, result.stderr
    assert not (out / "values.yaml").exists()
    assert "orca requires a client certificate" in result.stderr


def test_migrate_says_when_it_could_not_judge(tmp_path):
    hal = _hal_dir(tmp_path, {})
    result = _cli("migrate", str(hal), "-o", str(tmp_path / "values.yaml"), helm=False)
    assert result.returncode == 0, result.stderr
    if "no helm executable found" in result.stderr:  # a helm on PATH judges, as it should
        assert "human: the rendered release: not judged" in result.stderr


# ---------------------------------------------------------------- real users' files

EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml")))
CONFIGS = sorted(glob.glob(os.path.join(REFERENCE, "real-world", "configs", "*.yml")))
HAL_DIRS = sorted(glob.glob(os.path.join(REFERENCE, "real-world", "hal-dirs", "*")))
# Runtime warnings a real file justly gets (file name -> words of each), with why.
JUSTIFIED: dict = {
    # Its Jenkins master's username and password are `${jenkins.username}`/`${jenkins.password}`, which
    # nothing in the file (or any profile) defines: igor would log in with the literal text.
    "04-bhaveenopsmx-gitops-x509-ldap-1.20.5.yml": [["igor's igor.yml: jenkins.masters[0].password uses "
                                                     "${jenkins.password}"],
                                                    ["igor's igor.yml: jenkins.masters[0].username uses "
                                                     "${jenkins.username}"]],
    # A sed-style template never filled in: its Redis is `redis://RELEASE_NAME-redis-master:6379`, which no
    # DNS name can be (migrate carries Halyard's redis.yml overrideBaseUrl into redis.externalUrl).
    # Its merged orca-overrides.yml keeps Halyard's echo Service (services.echo.baseUrl: spin-echo-worker:8089):
    # orca's calls to echo work only while Halyard's objects run.
    # Its CA store (Secret oes-cacerts) is mounted at /etc/pki/ca-trust/extracted/java, where the UBI-based
    # vendor images it ran kept their JDK's store; the release's images' JDK reads /etc/ssl/certs/java/cacerts
    # (renderer/runtime/image_jdks.py), until migrate moves the mount (issue 33, item 4).
    "01-OpsMx-standard-isd-gitops": [["redis.externalUrl", "host RELEASE_NAME-redis-master can never resolve"],
                                     ["profiles.orca", "http://spin-echo-worker:8089", "Halyard ran"],
                                     ["extraVolumeMounts", "/etc/pki/ca-trust/extracted/java", "never read"]],
    "03-JuanParker1-gcrtrainingdemo": [["redis.externalUrl", "host RELEASE_NAME-redis-master can never resolve"],
                                       ["extraVolumeMounts", "/etc/pki/ca-trust/extracted/java", "never read"]],
    # The same template's fiat-local.yml: LDAP at `ldap://RELEASE_NAME-openldap:389`.
    "05-bhaveenopsmx-gitops": [["profiles.fiat", "host RELEASE_NAME-openldap can never resolve"]],
}


def _loads(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_the_examples_would_run(path):
    assert judged(_loads(path)) == []


@pytest.mark.parametrize("name", [os.path.basename(p) for p in CONFIGS] or ["(corpus missing)"])
def test_the_real_world_configs_would_run(name):
    need_reference()
    from renderer.read.yaml11 import load
    from test_real_world import mounts_for

    path = os.path.join(REFERENCE, "real-world", "configs", name)
    text = open(path, encoding="utf-8").read()
    try:
        yaml.safe_load(text)
    except yaml.YAMLError:  # not YAML (01, 03): refused before anything renders, so nothing runs
        from renderer.problems import InvalidHalconfig

        with pytest.raises(InvalidHalconfig):
            load(text, name)
        return
    import re

    values = {"halconfig": load(text, name)}
    values.update(mounts_for(p for p in re.findall(r"(/\S+)", text) if p.count("/") > 1))
    _only_justified(name, judged(values))


@pytest.mark.parametrize("hal_dir", [corpus_param(os.path.basename(d), id=os.path.basename(d)) for d in HAL_DIRS]
                         or ["(corpus missing)"])
def test_the_migrated_real_world_dirs_would_run(hal_dir):
    need_reference()
    from renderer.migrate import migrate

    # For the release judged renders (`helm template spin`): migrate names its Services after it.
    migration = migrate(os.path.join(REFERENCE, "real-world", "hal-dirs", hal_dir), release_name="spin")
    assert migration.ok
    _only_justified(os.path.basename(hal_dir), judged(yaml.safe_load(migration.values_yaml)))


def _only_justified(name, found):
    assert not [f for f in found if f[0] == "error"], "\n".join(f[2] for f in found)
    allowed = JUSTIFIED.get(name, [])
    assert all(any(all(w in f[2] for w in words) for words in allowed) for f in found), "\n".join(f[2] for f in found)


def test_a_text_profile_is_read_as_spring_layers_its_documents():
    from renderer.read.springtext import settings, text_documents

    text = ("server:\n  ssl:\n    key-store: /a\n---\nspring:\n  profiles: other\nserver:\n  ssl:\n    enabled: false\n"
            "--- # later wins\nserver:\n  ssl:\n    key-store: /b\n    client-auth: need\n")
    assert settings(text) == {"server": {"ssl": {"key-store": "/b", "client-auth": "need"}}}
    # The documents are cached for every check that reads them: layering them changes none.
    assert text_documents(text, "x")[0] == {"server": {"ssl": {"key-store": "/a"}}}
    assert settings("a: [") is None and settings(None) is None and settings({"a": 1}) == {"a": 1}


def test_the_charts_part_of_the_stored_release_is_measured():
    """runtime.apiserver.CHART_STORED: the chart as Helm keeps it in the release Secret (helm/helm
    pkg/storage/driver/util.go encodeRelease: the release JSON, gzip at best compression, base64; the
    chart's templates and files base64 in that JSON, its values parsed, values.schema.json as `schema`).
    A lower bound, so an estimate over the limit is certain; close to it, so the estimate means something."""
    import base64
    import gzip
    import json

    from renderer.runtime.apiserver import CHART_STORED

    chart_dir = os.path.join(ROOT, "charts", "spinnaker")
    special = {"Chart.yaml", "values.yaml", "values.schema.json", "Chart.lock"}
    templates, files = [], []
    for folder, _, names in sorted(os.walk(chart_dir)):
        for name in sorted(names):
            rel = os.path.relpath(os.path.join(folder, name), chart_dir)
            if rel in special:
                continue
            with open(os.path.join(folder, name), "rb") as f:
                entry = {"name": rel, "data": base64.b64encode(f.read()).decode()}
            (templates if rel.startswith("templates/") else files).append(entry)
    with open(os.path.join(chart_dir, "values.schema.json"), "rb") as f:
        schema = base64.b64encode(f.read()).decode()
    chart = {"metadata": _loads(os.path.join(chart_dir, "Chart.yaml")), "lock": None, "templates": templates,
             "values": _loads(os.path.join(chart_dir, "values.yaml")), "schema": schema, "files": files}
    release = json.dumps({"name": "spin", "chart": chart, "config": {}, "manifest": ""}, separators=(",", ":"))
    measured = len(base64.b64encode(gzip.compress(release.encode(), 9)))
    assert 0.8 * measured <= CHART_STORED <= measured, measured
