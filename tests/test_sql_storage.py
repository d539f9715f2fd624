"""SQL as a storage choice: orca, clouddriver, front50 and keel on the bundled MySQL or your own server.

- `storage.sql.orca` / `storage.sql.clouddriver` give those services a database and the switches
  that move their state from Redis to SQL; front50 and keel keep their rules (`storage.bundled`).
- `storage.external` points every database at your server: the chart then runs no MySQL, and the
  passwords come only from `storage.external.existingSecret`, as Spring placeholders.
- The bundled MySQL makes each service's database and user from the Secret's keys when it starts
  (run against a real MariaDB server where one is installed; CI installs Debian's).
- `storage.external.engine: postgresql` gives orca, clouddriver and front50 PostgreSQL's URL, dialect
  and driver; docs/sql.md's statements for it, run on a real PostgreSQL server where one is installed
  (CI installs Debian's), let each service's user migrate its own database.
- The credentials hook adds the keys a Secret of an earlier chart version lacks, never changing one.
Real Helm 3 and Helm 4 with the post-renderer for the wiring; Helm's engine (handover) for the rest.
"""
from __future__ import annotations

import functools
import glob
import os
import re
import shutil
import subprocess
import time

import pytest
import yaml

from conftest import ROOT
from test_helm_binary import _docs, helm, helm4_plugin, render_values  # noqa: F401

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402
from test_chart_templates import render_error  # noqa: E402
from test_state import (CREDENTIALS, FULLNAME, REDIS_USERS, _free_port, env_of,  # noqa: E402
                        helm_profiles, named, objects, post_render, post_render_error)

MYSQL = f"{FULLNAME}-mysql"
BOTH = {"storage": {"sql": {"orca": True, "clouddriver": True}}}
EXTERNAL = {"storage": {"sql": {"orca": True, "clouddriver": True}, "external": {
    "host": "spinnaker-db.example.internal", "port": 3307, "parameters": "sslMode=VERIFY_IDENTITY",
    "existingSecret": "spinnaker-db", "databases": {"orca": {"database": "orca_prod", "user": "orca_svc"}}}},
    "halconfig": {"managedDelivery": {"enabled": True}}}


def _containers(objs) -> dict:
    """{workload: its main container} of the Spinnaker Deployments."""
    return {o["metadata"]["name"][len(FULLNAME) + 1:]: o["spec"]["template"]["spec"]["containers"][0]
            for o in objs if o["kind"] == "Deployment"}


def _pool(url, user, env):
    return {"jdbcUrl": url, "user": user, "password": "${" + env + "}"}


# the bundled MySQL -----------------------------------------------------------------------------

def test_orca_and_clouddriver_in_sql_on_the_bundled_mysql(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, dict(BOTH, ha={"clouddriver": {"enabled": True}}), "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    objs = _docs(result.stdout)
    profiles = helm_profiles(objs)
    for service in ("orca", "clouddriver"):
        sql = profiles[f"{service}-helm.yml"]["sql"]
        pool = _pool(f"jdbc:mysql://{MYSQL}:3306/{service}", service, f"{service.upper()}_DB_PASSWORD")
        assert sql["enabled"] is True and sql["connectionPools"]["default"] == dict(pool, default=True)
        assert sql["migration"] == pool
    orca = profiles["orca-helm.yml"]
    assert orca["executionRepository"] == {"sql": {"enabled": True}, "redis": {"enabled": False}}
    clouddriver = profiles["clouddriver-helm.yml"]
    assert clouddriver["sql"]["cache"]["enabled"] is True and clouddriver["redis"]["cache"]["enabled"] is False
    # Every clouddriver split and orca get their password from the generated Secret; nobody else does.
    containers = _containers(objs)
    for workload, container in containers.items():
        env = env_of(container)
        service = "clouddriver" if workload.startswith("clouddriver") else workload
        if service in ("orca", "clouddriver"):
            key = f"{service}-password"
            assert env[f"{service.upper()}_DB_PASSWORD"] == {"secretKeyRef": {"name": CREDENTIALS, "key": key}}
        assert not {k for k in env if k.endswith("_DB_PASSWORD")} - {f"{service.upper()}_DB_PASSWORD"}, workload
    assert {w for w in containers if w.startswith("clouddriver")} == {
        "clouddriver-caching", "clouddriver-rw", "clouddriver-ro", "clouddriver-ro-deck"}
    # MySQL admits exactly the services in SQL (front50 too: the halconfig names no store).
    [policy] = [o for o in objs if o["kind"] == "NetworkPolicy" and o["metadata"]["name"] == MYSQL]
    [expression] = policy["spec"]["ingress"][0]["from"][0]["podSelector"]["matchExpressions"]
    assert expression["values"] == ["clouddriver", "front50", "orca"]


@functools.lru_cache(maxsize=None)
def _both() -> tuple:
    """The chart's objects for BOTH (rendered once; the tests only read them)."""
    return tuple(objects(handover.render(BOTH)))


def test_mysql_makes_every_database_from_the_secrets_keys():
    objs = _both()
    mysql = named(objs, "StatefulSet", MYSQL)["spec"]["template"]["spec"]
    [init] = mysql["initContainers"]
    assert init["command"] == ["bash", "/opt/mysql-init/databases-sql.sh"]
    assert mysql["containers"][0]["args"] == ["mysqld", "--init-file=/run/mysql-init/every-start.sql"]
    [passwords] = [v for v in mysql["volumes"] if v["name"] == "passwords"]
    sources = [s["secret"] for s in passwords["projected"]["sources"]]
    assert [(i["key"], s.get("optional", False)) for s in sources for i in s["items"]] == [
        ("root-password", False), ("password", False), ("clouddriver-password", True), ("keel-password", True),
        ("orca-password", True)]
    # The generator is not in initdb.d (the image would source it there); only the one-line runner is.
    [initdb] = [v for v in mysql["volumes"] if v["name"] == "init"]
    assert [i["key"] for i in initdb["configMap"]["items"]] == ["databases.sh"]


def _generate(tmp_path, passwords: dict, initialised: bool) -> dict:
    """Run the init container's script on a scratch pod filesystem; {file: SQL text}."""
    script = named(_both(), "ConfigMap", f"{MYSQL}-init")["data"]["databases-sql.sh"]
    secrets, out, data = tmp_path / "secrets", tmp_path / "init", tmp_path / "data"
    for path in (secrets, out, data):
        path.mkdir(exist_ok=True)
    if initialised:
        (data / "mysql").mkdir(exist_ok=True)
    for key, value in passwords.items():
        (secrets / key).write_text(value)
    script = (script.replace("/run/secrets/mysql", str(secrets)).replace("/run/mysql-init", str(out))
              .replace("/var/lib/mysql", str(data)))
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return {p.name: p.read_text() for p in out.iterdir()}


@pytest.mark.skipif(not shutil.which("bash"), reason="the init container runs the script with bash")
def test_the_database_statements_escape_passwords_and_skip_missing_keys(tmp_path):
    first = _generate(tmp_path, {"orca-password": "it's a \\ test"}, initialised=False)
    assert "IDENTIFIED BY 'it\\'s a \\\\ test';" in first["first-start.sql"]
    assert "GRANT ALL PRIVILEGES ON `orca`.* TO 'orca'@'%';" in first["first-start.sql"]
    assert "keel" not in first["first-start.sql"]  # no key: no database, and MySQL still starts
    # First start: nothing for --init-file (MySQL refuses account statements while it initialises).
    assert first["every-start.sql"] == ""
    later = _generate(tmp_path, {"orca-password": "it's a \\ test"}, initialised=True)
    assert later["every-start.sql"] == later["first-start.sql"] != ""


SERVER = shutil.which("mariadbd") or shutil.which("mysqld")
INSTALL_DB = shutil.which("mariadb-install-db") or shutil.which("mysql_install_db")
CLIENT = shutil.which("mariadb") or shutil.which("mysql")


@pytest.mark.skipif(not (SERVER and INSTALL_DB and CLIENT and shutil.which("bash")),
                    reason="needs a MySQL-compatible server (CI installs Debian's mariadb-server)")
def test_a_real_server_creates_each_database_on_every_start(tmp_path):
    """The statements run as --init-file on an initialised server: each service can log in to its own
    database, a second start changes nothing, and a password MySQL already has is kept."""
    data = tmp_path / "data"
    data.mkdir()
    user = ["--user=root"] if os.geteuid() == 0 else []
    subprocess.run([INSTALL_DB, f"--datadir={data}", "--auth-root-authentication-method=normal", *user],
                   check=True, capture_output=True)
    passwords = {"orca-password": "Orca'Pw\\1", "clouddriver-password": "cdPw2", "keel-password": "keelPw3"}
    sql = _generate(tmp_path, passwords, initialised=True)["every-start.sql"]
    init_file = tmp_path / "init" / "every-start.sql"
    port = _free_port()

    def start():
        server = subprocess.Popen([SERVER, "--no-defaults", f"--datadir={data}", f"--port={port}",
                                   "--bind-address=127.0.0.1", f"--socket={tmp_path}/mysqld.sock",
                                   f"--pid-file={tmp_path}/mysqld.pid", "--skip-name-resolve",
                                   f"--init-file={init_file}", *user],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            if _login("root", "", None, port).returncode == 0 or server.poll() is not None:
                break
            time.sleep(0.2)
        assert server.poll() is None, server.stderr.read().decode()
        return server

    def stop(server):
        server.terminate()
        server.wait(timeout=60)

    server = start()
    try:
        for service, key in (("orca", "orca-password"), ("clouddriver", "clouddriver-password"),
                             ("keel", "keel-password")):
            result = _login(service, passwords[key], service, port, "CREATE TABLE t (i INT); DROP TABLE t;")
            assert result.returncode == 0, (service, result.stderr)
        assert _login("orca", "wrong", "orca", port).returncode != 0
        assert _login("orca", passwords["orca-password"], "keel", port).returncode != 0  # only its own
    finally:
        stop(server)
    # A changed Secret does not change a password MySQL already has; the statements run again unharmed.
    assert sql.count("cdPw2") == 1
    init_file.write_text(sql.replace("cdPw2", "changed"))
    server = start()
    try:
        assert _login("clouddriver", "cdPw2", "clouddriver", port).returncode == 0
    finally:
        stop(server)


def _login(user, password, database, port, statement="SELECT 1"):
    args = [CLIENT, "--protocol=tcp", "-h", "127.0.0.1", "-P", str(port), "-u", user, f"--password={password}",
            "-e", statement]
    if database:
        args.insert(1, f"--database={database}")
    return subprocess.run(args, capture_output=True, text=True, timeout=30)


# your own server -------------------------------------------------------------------------------

def test_an_external_server_wires_every_service_with_passwords_only_from_its_secret(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, EXTERNAL, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    objs = _docs(result.stdout)
    assert not [o for o in objs if o["metadata"]["name"].startswith(MYSQL)]  # no MySQL, no MySQL policy
    # The hook generates Redis's password only: no MySQL runs to use the others.
    [hook] = [o for o in objs if o["kind"] == "Job" and o["metadata"]["name"] == f"{FULLNAME}-credentials-hook"]
    assert env_of(hook["spec"]["template"]["spec"]["containers"][0])["KEYS"] == "redis-password"
    profiles = helm_profiles(objs)
    base = "jdbc:mysql://spinnaker-db.example.internal:3307"
    wanted = {"orca": (f"{base}/orca_prod?sslMode=VERIFY_IDENTITY", "orca_svc"),
              "clouddriver": (f"{base}/clouddriver?sslMode=VERIFY_IDENTITY", "clouddriver"),
              "front50": (f"{base}/front50?sslMode=VERIFY_IDENTITY", "front50"),
              "keel": (f"{base}/keel?sslMode=VERIFY_IDENTITY", "keel")}
    for service, (url, user) in wanted.items():
        sql = profiles[f"{service}-helm.yml"]["sql"]
        assert sql["connectionPools"]["default"]["jdbcUrl"] == url and sql["migration"]["user"] == user
        assert sql["connectionPools"]["default"]["password"] == "${" + service.upper() + "_DB_PASSWORD}"
    given = set()
    for workload, container in _containers(objs).items():
        for name, value in env_of(container).items():
            if name.endswith("_DB_PASSWORD"):
                assert value["secretKeyRef"]["name"] == "spinnaker-db", workload
                given.add(name)
    assert given == {"ORCA_DB_PASSWORD", "CLOUDDRIVER_DB_PASSWORD", "FRONT50_DB_PASSWORD", "KEEL_DB_PASSWORD"}
    # No database password value anywhere in a ConfigMap.
    found = 0
    for obj in objs:
        if obj["kind"] == "ConfigMap":
            for text in (obj.get("data") or {}).values():
                for match in re.finditer(r"^\s*password:[ \t]*(.+)$", text, re.M):
                    assert re.fullmatch(r"\$\{\w+\}", match.group(1).strip("'\"")), match.group(0)
                    found += 1
    assert found >= 4


def test_an_external_server_needs_its_secret_and_a_bare_host():
    values = {"storage": {"sql": {"orca": True}, "external": {"host": "db.example"}}}
    error = render_error(values)
    assert "storage.external.existingSecret" in error
    values["storage"]["external"].update(host="db.example:3306", existingSecret="s")
    error = render_error(values)
    assert "storage.external.host" in error and "storage.external.port" in error


def test_without_sql_nothing_changes_for_orca_and_clouddriver():
    objs = objects(post_render({}))
    profiles = helm_profiles(objs)
    assert "sql" not in profiles.get("orca-helm.yml", {}) and "sql" not in profiles.get("clouddriver-helm.yml", {})
    assert not any(k.endswith("_DB_PASSWORD") and not k.startswith("FRONT50")
                   for c in _containers(objs).values() for k in env_of(c))


def test_keel_without_a_database_is_still_refused_with_the_new_choices():
    error = post_render_error({"halconfig": {"managedDelivery": {"enabled": True}}, "storage": {"bundled": "false"}})
    assert "keel" in error and "storage.bundled" in error


# your own PostgreSQL server ----------------------------------------------------------------------

POSTGRESQL_EXAMPLE = os.path.join(ROOT, "examples", "values-external-postgresql.yaml")
ON_POSTGRESQL = ("clouddriver", "front50", "orca")


def _postgresql_pools(objs) -> dict:
    """{service: its sql block} of every service whose `<service>-helm.yml` has one."""
    return {name[:-len("-helm.yml")]: data["sql"] for name, data in helm_profiles(objs).items() if "sql" in data}


def test_an_external_postgresql_server_gets_its_urls_dialect_and_driver(helm, tmp_path):  # noqa: F811
    with open(POSTGRESQL_EXAMPLE, encoding="utf-8") as handle:
        values = yaml.safe_load(handle)
    result = render_values(helm, tmp_path, values, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    objs = _docs(result.stdout)
    assert not [o for o in objs if o["metadata"]["name"].startswith(MYSQL)]
    pools = _postgresql_pools(objs)
    assert sorted(pools) == list(ON_POSTGRESQL)
    host = values["storage"]["external"]["host"]
    for service, sql in pools.items():
        url = f"jdbc:postgresql://{host}:5432/{service}?sslmode=verify-full"  # the engine's port
        pool = _pool(url, service, f"{service.upper()}_DB_PASSWORD")
        assert sql["connectionPools"]["default"] == dict(pool, default=True, dialect="POSTGRES",
                                                         driver="org.postgresql.Driver"), service
        assert sql["migration"] == dict(pool, driver="org.postgresql.Driver"), service


def test_mysql_keeps_its_settings_whatever_the_port_default():
    """engine: mysql (the default) writes the sql blocks as before: no dialect, no driver, port 3306."""
    values = {"storage": {"sql": {"orca": True}, "external": {"host": "db.example", "existingSecret": "s"}}}
    sql = _postgresql_pools(objects(post_render(values)))["orca"]
    assert sql["connectionPools"]["default"] == dict(_pool("jdbc:mysql://db.example:3306/orca", "orca",
                                                           "ORCA_DB_PASSWORD"), default=True)


def _postgresql_bin():
    """The directory of PostgreSQL's server programs: on PATH, else Debian's /usr/lib/postgresql/<N>/bin."""
    found = shutil.which("pg_ctl")
    if found:
        return os.path.dirname(os.path.realpath(found))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(re.search(r"/(\d+)/bin/", p).group(1)))
    return os.path.dirname(versions[-1]) if versions else None


def _readme_postgresql_statements() -> str:
    """docs/sql.md's PostgreSQL statements (the block after `**PostgreSQL**`), for orca."""
    with open(os.path.join(ROOT, "docs", "sql.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text[text.index("**PostgreSQL**"):]
    return re.search(r"```\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def postgresql_server(tmp_path):
    """A PostgreSQL server of Debian's packages on a free localhost port: the superuser over a unix
    socket without a password, everyone else over TCP with a SCRAM password. Runs as `postgres` when
    the tests run as root (initdb refuses root). Yields (psql as the superuser, port, server version)."""
    bin_dir, psql = _postgresql_bin(), shutil.which("psql")
    if not (bin_dir and psql):
        pytest.skip("needs PostgreSQL's server and psql (Debian's postgresql; CI installs it)")
    import pwd
    import tempfile

    # Its own directory outside pytest's (mode 0700, root's): the server's user must reach it.
    base = tempfile.mkdtemp(prefix="spinnaker-pg-")
    as_server = {}
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam("postgres")
        except KeyError:
            account = pwd.getpwnam("nobody")
        os.chown(base, account.pw_uid, account.pw_gid)

        def drop():
            os.setgroups([])
            os.setgid(account.pw_gid)
            os.setuid(account.pw_uid)
        as_server = {"preexec_fn": drop}
    data, port = os.path.join(base, "data"), _free_port()
    env = dict(os.environ, LC_ALL="C")
    subprocess.run([os.path.join(bin_dir, "initdb"), "-D", data, "-U", "postgres", "--auth-local=trust",
                    "--auth-host=scram-sha-256"], check=True, capture_output=True, env=env, **as_server)
    started = subprocess.run([os.path.join(bin_dir, "pg_ctl"), "-D", data, "-l", os.path.join(base, "log"), "-w",
                              "-o", f"-p {port} -k {base} -c listen_addresses=127.0.0.1", "start"],
                             capture_output=True, text=True, env=env, **as_server)
    assert started.returncode == 0, started.stdout + started.stderr + open(os.path.join(base, "log")).read()

    def superuser(sql, database="postgres"):  # as a script, as an admin pastes it: one statement at a time
        return subprocess.run([psql, "-h", base, "-p", str(port), "-U", "postgres", "-d", database,
                               "-v", "ON_ERROR_STOP=1", "-qAt", "-f", "-"], input=sql, capture_output=True,
                              text=True, timeout=60)
    try:
        version = int(superuser("SHOW server_version_num").stdout.strip()) // 10000
        yield superuser, port, version
    finally:
        subprocess.run([os.path.join(bin_dir, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"],
                       capture_output=True, env=env, **as_server)
        shutil.rmtree(base, ignore_errors=True)


def _connect(url: str, user: str, password: str, sql: str):
    """psql to what a rendered JDBC URL names (host, port, database, its sslmode), as `user`."""
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(url.removeprefix("jdbc:"))
    params = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    conninfo = (f"host={parts.hostname} port={parts.port} dbname={parts.path.lstrip('/')} user={user} "
                f"sslmode={params.get('sslmode', 'prefer')} connect_timeout=10")
    return subprocess.run([shutil.which("psql"), conninfo, "-v", "ON_ERROR_STOP=1", "-qAtc", sql],
                          capture_output=True, text=True, timeout=60, env=dict(os.environ, PGPASSWORD=password))


# What Liquibase does first in an empty database (its lock and log tables in the default schema), then
# a table with an index as the services' changelogs make them, and one dropped again.
MIGRATION = ("CREATE TABLE databasechangeloglock (id INT PRIMARY KEY, locked BOOLEAN NOT NULL); "
             "CREATE TABLE pipelines (id VARCHAR(255) PRIMARY KEY, body TEXT, last_modified_at BIGINT); "
             "CREATE INDEX pipelines_last_modified_idx ON pipelines (last_modified_at); "
             "INSERT INTO pipelines VALUES ('p', '{}', 1); DROP TABLE pipelines; DROP TABLE databasechangeloglock;")


def test_the_readmes_postgresql_statements_let_each_service_migrate(postgresql_server):
    """docs/sql.md's statements, run as the admin, give each service what its migrations need on a real
    server (PostgreSQL 15+ included, where only the database's owner may create in `public`), through
    the host, port, database and parameters of the URL the chart renders."""
    superuser, port, version = postgresql_server
    values = {"storage": {"sql": {"orca": True, "clouddriver": True}, "external": {
        "engine": "postgresql", "host": "127.0.0.1", "port": port, "parameters": "sslmode=disable",
        "existingSecret": "spinnaker-sql"}}}
    pools = _postgresql_pools(objects(post_render(values)))
    assert sorted(pools) == list(ON_POSTGRESQL)
    statements = _readme_postgresql_statements()
    passwords = {service: f"{service}'s pw" for service in ON_POSTGRESQL}
    for service in ON_POSTGRESQL:
        password = "'" + passwords[service].replace("'", "''") + "'"
        sql = statements.replace("orca", service).replace("'...'", password)
        made = superuser(sql)
        assert made.returncode == 0, made.stderr
    for service, sql in pools.items():
        pool, migration = sql["connectionPools"]["default"], sql["migration"]
        migrated = _connect(migration["jdbcUrl"], migration["user"], passwords[service], MIGRATION)
        assert migrated.returncode == 0, (service, migrated.stderr)
        assert _connect(pool["jdbcUrl"], pool["user"], passwords[service], "SELECT 1").returncode == 0
    # Each user reaches its own database only, and only with its password.
    orca = pools["orca"]["connectionPools"]["default"]["jdbcUrl"]
    assert _connect(orca, "orca", "wrong", "SELECT 1").returncode != 0
    assert _connect(orca.replace("/orca?", "/front50?"), "orca", passwords["orca"], "SELECT 1").returncode != 0
    if version >= 15:
        # What the ownership is for: a user that does not own the database may not create tables there.
        assert superuser("CREATE DATABASE borrowed; GRANT ALL ON DATABASE borrowed TO orca;").returncode == 0
        refused = _connect(orca.replace("/orca?", "/borrowed?"), "orca", passwords["orca"], MIGRATION)
        assert refused.returncode != 0 and "permission denied for schema public" in refused.stderr


# (the credentials hook adding what an earlier version's Secret lacks: tests/test_credentials_hook.py)

# plan: moving state is stated, never silent ------------------------------------------------------

def test_plan_refuses_moving_orca_or_the_databases_without_migrated():
    from test_plan import plan_of

    to_sql = plan_of([{}], [{"storage": {"sql": {"orca": True}}}])
    assert [r.name for r in to_sql.refusals] == ["orca"]
    assert plan_of([{}], [{"storage": {"sql": {"orca": True}}}], migrated={"orca"}).refusals == []
    # clouddriver's cache is rebuilt from the clouds: no refusal, but its pods roll.
    cache = plan_of([{}], [{"storage": {"sql": {"clouddriver": True}}}])
    assert cache.refusals == [] and "clouddriver" in cache.services
    # Pointing the databases at your own server leaves the bundled MySQL's data behind.
    external = {"storage": {"external": {"host": "db.example", "existingSecret": "s"}}}
    assert [r.name for r in plan_of([{}], [external]).refusals] == ["mysql"]


# external Redis with TLS and a password ----------------------------------------------------------

def test_an_external_redis_over_tls_takes_its_password_from_a_secret(helm, tmp_path):  # noqa: F811
    values = {"redis": {"externalUrl": "rediss://cache.example.internal:6380", "existingSecret": "spinnaker-redis"}}
    result = render_values(helm, tmp_path, values, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    objs = _docs(result.stdout)
    assert not [o for o in objs if o["metadata"]["name"] == f"{FULLNAME}-redis"]
    urls = set()
    for obj in objs:
        if obj["kind"] == "ConfigMap":
            urls |= set(re.findall(r"rediss?://[^\s'\"]+", "\n".join((obj.get("data") or {}).values())))
    assert urls == {"rediss://:${SPINNAKER_REDIS_PASSWORD:}@cache.example.internal:6380"}
    given = set()
    for workload, container in _containers(objs).items():
        env = env_of(container)
        if "SPINNAKER_REDIS_PASSWORD" in env:
            assert env["SPINNAKER_REDIS_PASSWORD"] == {
                "secretKeyRef": {"name": "spinnaker-redis", "key": "redis-password"}}, workload
            given.add(workload)
    assert given == REDIS_USERS & set(_containers(objs))
