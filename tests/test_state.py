"""State and credentials: what keeps Spinnaker's data and passwords safe across renders and upgrades.

- Renders are byte-identical: the chart holds no generated value (the credentials hook makes the
  passwords in the cluster, once).
- The bundled Redis and MySQL keep their pods and volumes when only the Spinnaker or chart version
  changes; Redis keeps its data on a volume (append-only file) by default.
- Redis refuses unauthenticated clients: checked on the rendered start script, and by running it
  with a real `redis-server` where one is installed (CI installs Debian's).
- The hook runs only when a password is generated, and passes the post-renderer untouched (its
  script is run against a stand-in kubectl in tests/test_credentials_hook.py).
- Passwords reach only the pods that use them, as files or Spring placeholders, never a ConfigMap.
- keel gets its own database on the bundled MySQL, or a clear refusal.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time

import pytest
from conftest import ALL_OPTIONAL_HALCONFIG
import yaml

from conftest import ROOT

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402

CHART = os.path.join(ROOT, "charts", "spinnaker")
FULLNAME = "spin-spinnaker"
CREDENTIALS = f"{FULLNAME}-credentials"
REDIS_USERS = {"clouddriver", "echo", "fiat", "gate", "igor", "kayenta", "orca", "rosco"}
KEEL_ON = {"halconfig": {"managedDelivery": {"enabled": True}}}
# The generated Secret's keys: Redis's, MySQL root's, and each service's database password.
KEYS = ("redis-password", "root-password", "password", "keel-password", "orca-password", "clouddriver-password")


def helm_profiles(objs) -> dict:
    """{file name: data} of every <service>-helm.yml the post-renderer wrote (ConfigMaps: it holds no secret)."""
    out = {}
    for obj in objs:
        if obj["kind"] == "ConfigMap":
            for name, text in (obj.get("data") or {}).items():
                if name.endswith("-helm.yml"):
                    out[name] = yaml.safe_load(text)
    return out


def objects(text_or_rendered) -> list[dict]:
    if isinstance(text_or_rendered, dict):
        text_or_rendered = "\n---\n".join(t for p, t in sorted(text_or_rendered.items())
                                          if not p.endswith("NOTES.txt"))
    return [o for o in yaml.safe_load_all(text_or_rendered) if isinstance(o, dict)]


def named(objs, kind, name):
    [found] = [o for o in objs if o["kind"] == kind and o["metadata"]["name"] == name]
    return found


def post_render(values, form="helm3"):
    make = handover.helm4_stream if form == "helm4" else handover.helm3_stream
    result = handover.post_render(make(handover.render(values)))
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def post_render_error(values) -> str:
    result = handover.post_render(handover.helm3_stream(handover.render(values)))
    assert result.returncode != 0 and result.stdout == b""
    return result.stderr.decode()


def env_of(container) -> dict:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container.get("env") or ()}


def workloads(objs) -> dict:
    return {o["metadata"]["labels"]["app.kubernetes.io/component"]: o
            for o in objs if o["kind"] in ("Deployment", "StatefulSet")}


# determinism -------------------------------------------------------------------------------

@pytest.mark.parametrize("values", [{}, KEEL_ON, {"storage": {"bundled": "true"}, "ha": {
    "clouddriver": {"enabled": True}}}])
def test_two_renders_are_byte_identical(values):
    # handover.render loads the chart afresh each time: no cache can hide a random value.
    first, second = handover.render(values), handover.render(values)
    assert first == second
    assert post_render(values) == post_render(values)


def test_the_chart_generates_and_looks_up_nothing():
    for name in os.listdir(os.path.join(CHART, "templates")):
        path = os.path.join(CHART, "templates", name)
        if os.path.isfile(path):
            with open(path) as handle:
                text = handle.read()
            actions = " ".join(re.findall(r"\{\{.*?\}\}", text, re.S))
            found = re.findall(r"\b(rand[A-Z]\w*|uuidv4|lookup|now|genPrivateKey|genCA|genSelfSignedCert)\b", actions)
            assert not found, (name, found)


# upgrades leave the stores alone ---------------------------------------------------------------

def _store_specs(rendered: dict) -> dict:
    """The text of the Redis and MySQL StatefulSets' specs (pod template and volume claims), per store."""
    out = {}
    for path in ("spinnaker/templates/redis.yaml", "spinnaker/templates/mysql.yaml"):
        for doc in re.split(r"^---$", rendered[path], flags=re.M):
            if re.search(r"^kind: StatefulSet$", doc, re.M):
                out[path] = doc[doc.index("\nspec:\n"):]
    return out


def _chart_with_version(tmp_path, version):
    copy = tmp_path / f"chart-{version}"
    shutil.copytree(CHART, copy)
    chart_yaml = copy / "Chart.yaml"
    text = re.sub(r"^version: .*$", f"version: {version}", chart_yaml.read_text(), count=1, flags=re.M)
    chart_yaml.write_text(text)
    return str(copy)


def test_version_bumps_leave_redis_and_mysql_pods_and_volumes_byte_identical(tmp_path):
    before = _store_specs(handover.render({"spinnaker": {"version": "2026.2.3"}}))
    after = _store_specs(handover.render({"spinnaker": {"version": "2026.4.0"}},
                                         chart=_chart_with_version(tmp_path, "99.1.0")))
    assert set(before) == {"spinnaker/templates/redis.yaml", "spinnaker/templates/mysql.yaml"}
    assert before == after
    # ... while the Spinnaker services do move (the comparison can see a change).
    assert "2026.2.3" in handover.render({"spinnaker": {"version": "2026.2.3"}})[
        "spinnaker/templates/deployments.yaml"]


def test_unrelated_values_leave_redis_and_mysql_pods_alone():
    base = _store_specs(handover.render({}))
    other = _store_specs(handover.render({"halconfig": {"canary": {"enabled": True}},
                                          "expose": {"host": "spin.example.com"},
                                          "ha": {"clouddriver": {"enabled": True}},
                                          "services": {"orca": {"replicas": 3}}}))
    assert base == other
    # keel turning on later needs no MySQL restart: its database is made at MySQL's first start anyway.
    assert _store_specs(handover.render(KEEL_ON))["spinnaker/templates/mysql.yaml"] == \
        base["spinnaker/templates/mysql.yaml"]


def test_redis_keeps_its_data_on_a_volume_by_default():
    objs = objects(handover.render({}))
    redis = named(objs, "StatefulSet", f"{FULLNAME}-redis")
    [claim] = redis["spec"]["volumeClaimTemplates"]
    assert claim["metadata"]["name"] == "data" and claim["spec"]["accessModes"] == ["ReadWriteOnce"]
    script = redis["spec"]["template"]["spec"]["containers"][0]["args"][0]
    assert "--dir /data --appendonly yes" in script
    mounts = {m["mountPath"]: m["name"] for m in redis["spec"]["template"]["spec"]["containers"][0]["volumeMounts"]}
    assert mounts["/data"] == "data"
    labels = redis["spec"]["template"]["metadata"]["labels"]
    assert "app.kubernetes.io/version" not in labels and "helm.sh/chart" not in labels


# Redis authentication ------------------------------------------------------------------------

def redis_container(values=None):
    redis = workloads(objects(handover.render(values or {})))["redis"]
    return redis["spec"]["template"]["spec"]["containers"][0]


def redis_password_volume(values=None):
    redis = workloads(objects(handover.render(values or {})))["redis"]
    [volume] = [v for v in redis["spec"]["template"]["spec"]["volumes"] if v["name"] == "password"]
    return volume["secret"]


def test_redis_takes_its_password_from_the_secret_and_nowhere_else():
    container = redis_container()
    assert container["command"] == ["sh", "-c"]
    [script] = container["args"]
    # The password reaches redis-server only through a config file on the pod's own in-memory /tmp.
    assert "requirepass" in script and "/run/secrets/redis/redis-password" in script
    assert re.search(r"^exec redis-server /tmp/redis\.conf ", script, re.M)
    assert "requirepass" not in script.split("exec redis-server", 1)[1]
    assert not container.get("env")
    mounts = {m["name"]: m for m in container["volumeMounts"]}
    assert mounts["password"]["mountPath"] == "/run/secrets/redis" and mounts["password"]["readOnly"] is True
    assert redis_password_volume()["secretName"] == CREDENTIALS
    assert redis_password_volume({"redis": {"existingSecret": "my-redis"}})["secretName"] == "my-redis"
    # The probe authenticates through REDISCLI_AUTH, read from the file.
    probe = container["readinessProbe"]["exec"]["command"]
    assert probe[:2] == ["sh", "-c"] and "REDISCLI_AUTH=" in probe[2] and "redis-cli ping" in probe[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ask(port, *commands) -> list[bytes]:
    """Send RESP commands on one connection; the first line of each reply."""
    replies = []
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        reader = conn.makefile("rb")
        for command in commands:
            parts = [str(part).encode() for part in command]
            conn.sendall(b"*%d\r\n" % len(parts) + b"".join(b"$%d\r\n%s\r\n" % (len(p), p) for p in parts))
            replies.append(reader.readline().rstrip(b"\r\n"))
    return replies


@pytest.mark.skipif(not shutil.which("redis-server"),
                    reason="redis-server is not installed (CI installs Debian's redis-server package)")
@pytest.mark.parametrize("password", ["Abc123xyz", 'with "quotes" \\ and spaces'])
def test_redis_refuses_unauthenticated_clients(tmp_path, password):
    """The chart's own start script, run with a real redis-server: only the paths and the port differ."""
    container = redis_container()
    [script] = container["args"]
    port = _free_port()
    (tmp_path / "redis-password").write_text(password)
    local = script.replace("/tmp/", f"{tmp_path}/").replace("/run/secrets/redis/", f"{tmp_path}/").replace(
        "--dir /data", f"--dir {tmp_path} --port {port} --bind 127.0.0.1")
    assert local != script
    process = subprocess.Popen(["sh", "-c", local], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        replies = None
        for _ in range(200):
            try:
                replies = _ask(port, ["PING"], ["SET", "k", "v"], ["AUTH", "wrong"], ["AUTH", password], ["PING"])
                break
            except OSError:
                if process.poll() is not None:
                    pytest.fail(process.stdout.read().decode())
                time.sleep(0.05)
        assert replies is not None, "redis-server did not start"
        assert replies[0].startswith(b"-NOAUTH") and replies[1].startswith(b"-NOAUTH")
        assert replies[2].startswith(b"-WRONGPASS")
        assert replies[3:] == [b"+OK", b"+PONG"]
        # The readiness probe's command gets in (redis-cli authenticates with REDISCLI_AUTH).
        if shutil.which("redis-cli"):
            probe = container["readinessProbe"]["exec"]["command"][2].replace("/run/secrets/redis/", f"{tmp_path}/")
            probed = subprocess.run(["sh", "-c", probe.replace("redis-cli ping", f"redis-cli -p {port} ping")],
                                    capture_output=True, text=True)
            assert probed.stdout.strip() == "PONG", probed.stderr
        # No process shows the password in its arguments.
        assert password not in " ".join(subprocess.run(["ps", "-eo", "args"], capture_output=True,
                                                       text=True).stdout.splitlines())
        assert oct((tmp_path / "redis.conf").stat().st_mode & 0o777) == "0o600"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_services_that_use_redis_get_its_password_and_only_they():
    values = {"halconfig": ALL_OPTIONAL_HALCONFIG}  # every Redis user runs
    objs = objects(post_render(values))
    seen = set()
    for name, workload in workloads(objs).items():
        service = workload["metadata"]["labels"].get("spinnaker.io/service")
        for container in workload["spec"]["template"]["spec"]["containers"]:
            env = env_of(container)
            expected = service in REDIS_USERS and container["name"] == service
            assert ("SPINNAKER_REDIS_PASSWORD" in env) is expected, (name, container["name"])
            if expected:
                seen.add(service)
                assert env["SPINNAKER_REDIS_PASSWORD"] == {"secretKeyRef": {"name": CREDENTIALS,
                                                                            "key": "redis-password"}}
    assert seen == REDIS_USERS
    spinnaker_yml = [yaml.safe_load(o["data"]["spinnaker.yml"]) for o in objs
                     if o["kind"] == "ConfigMap" and "spinnaker.yml" in (o.get("data") or {})]
    assert spinnaker_yml
    url = f"redis://:${{SPINNAKER_REDIS_PASSWORD:}}@{FULLNAME}-redis:6379"
    for data in spinnaker_yml:
        assert data["services"]["redis"]["baseUrl"] == url and data["redis"]["connection"] == url


def test_an_external_redis_takes_its_password_from_a_secret():
    values = {"redis": {"externalUrl": "rediss://cache.example:6380", "existingSecret": "cache"}}
    objs = objects(post_render(values))
    assert not [o for o in objs if o["metadata"]["name"] == f"{FULLNAME}-redis"]
    assert not [o for o in objs if o["kind"] == "Job"]  # nothing to generate: no hook
    gate = workloads(objs)["gate"]["spec"]["template"]["spec"]["containers"][0]
    assert env_of(gate)["SPINNAKER_REDIS_PASSWORD"] == {"secretKeyRef": {"name": "cache", "key": "redis-password"}}
    data = [yaml.safe_load(o["data"]["spinnaker.yml"]) for o in objs if o["kind"] == "ConfigMap"
            and "spinnaker.yml" in (o.get("data") or {})][0]
    assert data["redis"]["connection"] == "rediss://:${SPINNAKER_REDIS_PASSWORD:}@cache.example:6380"
    # Without a Secret an external Redis has no password, and no pod gets the variable.
    plain = objects(post_render({"redis": {"externalUrl": "redis://cache.example:6379"}}))
    gate = workloads(plain)["gate"]["spec"]["template"]["spec"]["containers"][0]
    assert "SPINNAKER_REDIS_PASSWORD" not in env_of(gate)


def test_a_password_in_the_external_redis_url_stays_out_of_configmaps():
    text = post_render({"redis": {"externalUrl": "redis://:Sup3rSecretPw@cache.example:6379"}})
    for obj in objects(text):
        if obj["kind"] == "ConfigMap":
            assert "Sup3rSecretPw" not in json.dumps(obj), obj["metadata"]["name"]
    assert "Sup3rSecretPw" not in text  # only base64 in a Secret
    error = post_render_error({"redis": {"externalUrl": "redis://:pw@cache.example:6379", "existingSecret": "c"}})
    assert "redis.externalUrl" in error and "existingSecret" in error


# the credentials hook ---------------------------------------------------------------------------

def _hook_job(values=None):
    return named(objects(handover.render(values or {})), "Job", f"{FULLNAME}-credentials-hook")


def test_the_hook_runs_only_when_a_password_is_generated():
    assert _hook_job()["metadata"]["annotations"]["helm.sh/hook"] == "pre-install,pre-upgrade"
    both = {"redis": {"existingSecret": "r"}, "storage": {"existingSecret": "m"}}
    assert not [o for o in objects(handover.render(both)) if "credentials-hook" in o["metadata"]["name"]]
    assert _hook_job({"redis": {"existingSecret": "r"}})  # MySQL still needs generated ones
    assert _hook_job({"storage": {"existingSecret": "m"}})  # and Redis


def test_hooks_pass_through_the_post_renderer_untouched():
    rendered = handover.render({})
    hooks = [doc for _, doc in handover.documents(rendered) if handover.is_hook(doc)]
    assert any("kind: Job" in h for h in hooks)
    # Helm 3 applies hooks without post-rendering: they must need nothing from the renderer.
    assert not any("spinnaker-renderer-placeholder" in h for h in hooks)
    # Helm 4 post-renders them: each comes out byte for byte.
    stream = handover.helm4_stream(rendered)
    out = post_render({}, form="helm4")
    hook_docs = [d for d in stream.split("---\n") if "helm.sh/hook:" in d and "credentials-hook" in d]
    assert len(hook_docs) == 4
    for doc in hook_docs:
        assert doc in out


# MySQL and keel ---------------------------------------------------------------------------

def test_mysql_reads_its_passwords_from_files():
    objs = objects(handover.render(KEEL_ON))
    mysql = named(objs, "StatefulSet", f"{FULLNAME}-mysql")
    spec = mysql["spec"]["template"]["spec"]
    env = env_of(spec["containers"][0])
    assert {k for k in env if "PASSWORD" in k} == {"MYSQL_ROOT_PASSWORD_FILE", "MYSQL_PASSWORD_FILE"}
    mounts = {m["name"]: m["mountPath"] for m in spec["containers"][0]["volumeMounts"]}
    assert mounts["passwords"] == "/run/secrets/mysql" and env["MYSQL_PASSWORD_FILE"].startswith("/run/secrets/mysql/")
    [passwords] = [v for v in spec["volumes"] if v["name"] == "passwords"]
    sources = [source["secret"] for source in passwords["projected"]["sources"]]
    assert {i["key"] for s in sources for i in s["items"]} == {
        "root-password", "password", "keel-password", "orca-password", "clouddriver-password"}
    assert {s["name"] for s in sources} == {CREDENTIALS}
    assert [s.get("optional", False) for s in sources] == [False, True, True, True]  # services' keys may be missing


def test_keel_gets_its_own_database_on_the_bundled_mysql():
    text = post_render(KEEL_ON)
    objs = objects(text)
    keel = workloads(objs)["keel"]["spec"]["template"]["spec"]["containers"][0]
    assert env_of(keel)["KEEL_DB_PASSWORD"] == {"secretKeyRef": {"name": CREDENTIALS, "key": "keel-password"}}
    [profile] = [yaml.safe_load(o["data"]["keel-helm.yml"]) for o in objs
                 if o["kind"] == "ConfigMap" and "keel-helm.yml" in (o.get("data") or {})]
    pool = {"jdbcUrl": f"jdbc:mysql://{FULLNAME}-mysql:3306/keel", "user": "keel", "password": "${KEEL_DB_PASSWORD}"}
    assert profile == {"sql": {"enabled": True, "connectionPools": {"default": dict(pool, default=True)},
                               "migration": pool}}
    init = named(objs, "ConfigMap", f"{FULLNAME}-mysql-init")["data"]["databases-sql.sh"]
    assert "CREATE DATABASE IF NOT EXISTS `keel`;" in init and "/run/secrets/mysql/keel-password" in init
    # keel's own SQL from the halconfig wins: no bundled database for it then.
    own = {"halconfig": {"managedDelivery": {"enabled": True}, "persistentStorage": {
        "s3": {"enabled": True, "bucket": "b"},
        "sql": {"enabled": True, "default": {"jdbcUrl": "jdbc:mysql://db:3306/keel"}}}}}
    objs = objects(post_render(own))
    assert not [o for o in objs if o["metadata"]["name"] == f"{FULLNAME}-mysql"]
    assert "KEEL_DB_PASSWORD" not in env_of(workloads(objs)["keel"]["spec"]["template"]["spec"]["containers"][0])


def test_keel_without_any_sql_is_refused():
    error = post_render_error(dict(KEEL_ON, storage={"bundled": "false"}))
    assert "keel" in error and "persistentStorage.sql" in error and "storage.bundled" in error
    assert "Traceback" not in error


# The database init script (escaping, missing keys, a real server): tests/test_sql_storage.py.


# passwords never in a ConfigMap; pinned images; memory limits -------------------------------------------

def test_no_configmap_holds_a_password_value():
    for obj in objects(post_render(KEEL_ON)):
        if obj["kind"] != "ConfigMap":
            continue
        for name, text in (obj.get("data") or {}).items():
            for match in re.finditer(r"^\s*[\w-]*password\"?:[ \t]*(.+)$", text, re.I | re.M):
                value = match.group(1).strip("'\"")
                assert re.fullmatch(r"\$\{\w+\}", value), (obj["metadata"]["name"], name, match.group(0))


def test_third_party_images_are_pinned_and_stores_have_memory_limits():
    objs = objects(handover.render(dict(KEEL_ON, tests={"enabled": True})))
    seen = {}
    for obj in objs:
        spec = (obj.get("spec") or {}).get("template", {}).get("spec") if obj["kind"] != "Pod" else obj["spec"]
        if not spec:
            continue
        for container in spec["containers"]:
            image = container["image"]
            if image.startswith(("docker.io/library/", "docker.io/alpine/")):
                seen[container["name"]] = image
                assert re.search(r":\d+\.\d+\.\d+(-[a-z0-9.]+)?$", image), image
            if container["name"] in ("redis", "mysql", "credentials"):
                resources = container["resources"]
                assert resources["limits"]["memory"] == resources["requests"]["memory"], container["name"]
    assert set(seen) == {"redis", "mysql", "credentials", "health"}


def test_the_docs_say_what_is_kept_where():
    with open(os.path.join(ROOT, "docs", "upgrade.md")) as handle:
        readme = " ".join(handle.read().split())
    for claim in ("What is kept where", "redis.existingSecret", "storage.existingSecret",
                  "<fullname>-credentials", "appendonly", "keel-password"):
        assert claim in readme, claim


def test_echo_tells_keel_about_artifacts():
    """echo's keel client (KeelConfig) is on with keel.enabled and resolves keel.base-url from the
    spinnaker.yml it is given, which names keel's Service."""
    objs = objects(post_render(KEEL_ON))
    files = {}
    for obj in objs:
        if obj["kind"] == "ConfigMap" and obj["metadata"]["labels"].get("app.kubernetes.io/component") == "echo":
            files.update(obj.get("data") or {})
    echo = yaml.safe_load(files["echo.yml"])
    assert echo["keel"] == {"enabled": True, "base-url": "${services.keel.base-url}"}
    assert "services" not in echo
    keel_url = yaml.safe_load(files["spinnaker.yml"])["services"]["keel"]["baseUrl"]
    assert keel_url == f"http://{FULLNAME}-keel:7010"  # keel-web/config/keel.yml server.port
