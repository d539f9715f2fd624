"""docs/migrate.md: the worked example and the TLS and dynamic-accounts walkthroughs, as a user runs them.

Each runs on a Halyard directory of this checkout (tests/data/migrate/<name>), so it can be followed
from a clone. Its `spinnaker-renderer migrate` command runs as printed (from a directory where
`tests/` is this checkout's), the lines the page quotes must be what it prints, in its order, and the
directory it wrote renders through real Helm 3 and Helm 4 with the post-renderer (the helpers and
the caches of tests/test_migrate_real_world.py), with everything that test checks of a migrated
release: profiles unchanged, credentials only in Secrets and only in their readers. migrate judged
the values with the runtime model before writing them (an error would have written nothing).
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT
from doc_pages import assert_printed, page
from doc_pages import section as doc_section
from test_helm_binary import helm4_plugin  # noqa: F401  (the Helm 4 plugin fixture)
from test_migrate_real_world import Migrated, _main, check_everything, config_files, rendered_by_helm, workloads

PAGE = page("migrate")
WALKTHROUGHS = {"gitops": "## A worked example", "tls": "## Walkthrough: TLS between services",
                "dynamic-accounts": "## Walkthrough: dynamic accounts"}
NAMESPACES = {"gitops": "spinops", "tls": "spinnaker", "dynamic-accounts": "spinnaker"}


_RUNS: dict = {}


def walkthrough(name, tmp_path_factory) -> tuple:
    """(Migrated, the command's stderr, the section) of one walkthrough, run once."""
    if name not in _RUNS:
        section = doc_section(PAGE, WALKTHROUGHS[name])
        block = re.search(r"```\n\$ (spinnaker-renderer migrate [^\n]+)\n(.*?)```", section, re.S)
        command, quoted = shlex.split(block.group(1)), block.group(2)
        assert command[2] == f"tests/data/migrate/{name}"
        cwd = tmp_path_factory.mktemp(name)
        os.symlink(os.path.join(ROOT, "tests"), cwd / "tests")
        result = subprocess.run([sys.executable, "-m", "renderer", *command[1:]], cwd=cwd, capture_output=True,
                                text=True, env=dict(os.environ, PYTHONPATH=ROOT))
        assert result.returncode == 0, result.stderr
        assert command[command.index("--report") + 1] == "migration.md"
        (cwd / "report.md").write_text((cwd / "migration.md").read_text())  # where Migrated reads it
        assert_printed(quoted, result.stderr)
        _RUNS[name] = (Migrated(os.path.join(ROOT, "tests", "data", "migrate", name), cwd, result), result.stderr,
                       section)
    return _RUNS[name]


@pytest.mark.parametrize("major", [3, 4], ids=["helm3", "helm4"])
@pytest.mark.parametrize("name", sorted(WALKTHROUGHS))
def test_the_walkthrough_migrates_and_renders_with_both_helms(name, major, request, tmp_path_factory):
    migration, _, section = walkthrough(name, tmp_path_factory)
    assert os.path.exists(os.path.join(os.path.dirname(migration.values_path), "secrets",
                                       "spinnaker-halyard-credentials.yaml"))
    namespace = NAMESPACES[name]
    assert f"kubectl -n {namespace} apply -f secrets/" in section
    assert f"spinnaker-renderer helm upgrade --install spin -n {namespace} -f values.yaml" in section
    objs = rendered_by_helm(migration, major, request, tmp_path_factory)
    check_everything(migration, objs)
    CHECKS[name](migration, objs)


def _tls(migration, objs):
    values = migration.values
    ssl = values["profiles"]["spinnaker"]["server"]["ssl"]
    assert ssl["key-store"] == "/var/secrets/spinnaker.p12" and ssl["trust-store"] == "/var/secrets/truststore.p12"
    files = migration.secrets["spinnaker-halyard-files"]
    assert set(files) == {"spinnaker.p12", "truststore.p12"}
    assert files["spinnaker.p12"] == open(os.path.join(migration.hal_dir, "certs", "spinnaker.p12")).read()
    for component, workload in workloads(objs).items():
        container = _main(workload)
        if component == "deck":
            continue
        probe = container["readinessProbe"]["httpGet"]
        # client-auth need: the kubelet presents no certificate, so /health moves to the management port;
        # gate (`want`, for browsers) is probed on its own port.
        assert probe["scheme"] == "HTTPS" and probe["port"] == (8084 if component == "gate" else 8081), \
            (component, probe)
        env = {e["name"]: e for e in container["env"]}
        assert "valueFrom" in env["HAL_PROFILE_SPINNAKER_SERVER_SSL_KEY_STORE_PASSWORD"], component
    clouddriver = _main(workloads(objs)["clouddriver"])
    java_opts = next(e["value"] for e in clouddriver["env"] if e["name"] == "JAVA_OPTS")
    assert "-Djavax.net.ssl.trustStore=/var/secrets/truststore.p12" in java_opts
    assert "-Djavax.net.ssl.trustStorePassword=$(HAL_JAVA_OPTS_CLOUDDRIVER_JAVAX_NET_SSL_TRUSTSTOREPASSWORD)" \
        in java_opts
    spring = yaml.safe_load(config_files(objs, "orca")["spinnaker.yml"])
    assert spring["services"]["clouddriver"]["baseUrl"].startswith("https://")
    assert "`services.deck.tls`" in migration.report


def _dynamic_accounts(migration, objs):
    bootstrap = migration.values["bootstrapConfig"]
    git = bootstrap["spinnaker"]["spring"]["cloud"]["config"]["server"]["git"]
    assert git["password"] == "${HAL_BOOTSTRAP_SPINNAKER_SPRING_CLOUD_CONFIG_SERVER_GIT_PASSWORD}"
    assert migration.secrets["spinnaker-halyard-credentials"][git["password"][2:-1]] == "ghp_acmeToken4711"
    for obj in objs:
        if obj["kind"] == "ConfigMap":
            assert "spinnakerconfig.yml" not in (obj.get("data") or {}), obj["metadata"]["name"]
    readers = {service for service in ("clouddriver", "echo", "igor", "orca", "gate", "front50", "rosco")
               if "spinnakerconfig.yml" in config_files(objs, service)}
    assert readers == {"clouddriver", "echo", "igor"}
    assert "clouddriverconfig.yml" in config_files(objs, "clouddriver")
    assert "clouddriverconfig.yml" not in config_files(objs, "echo")


def _gitops(migration, objs):
    values = migration.values
    assert values["ha"]["clouddriver"]["enabled"] and values["ha"]["echo"]["enabled"]
    assert values["ha"]["clouddriver"]["splits"]["caching"]["resources"]["requests"]["memory"] == "1536Mi"
    assert values["redis"] == {"existingSecret": "spinnaker-halyard-credentials",
                               "externalUrl": "redis://redis-master.spinops:6379"}
    assert values["halconfig"]["ci"]["jenkins"]["masters"] == []  # the master set aside, for a human
    credentials = migration.secrets["spinnaker-halyard-credentials"]
    assert credentials["redis-password"] == "not-a-real-redis-password"
    assert credentials["HAL_PERSISTENTSTORAGE_S3_SECRETACCESSKEY"] == "not-a-real-key-0000"
    assert set(workloads(objs)) == {"clouddriver-caching", "clouddriver-ro", "clouddriver-ro-deck", "clouddriver-rw",
                                    "deck", "echo-scheduler", "echo-worker", "fiat", "front50", "gate", "igor",
                                    "orca", "rosco"}


CHECKS = {"gitops": _gitops, "tls": _tls, "dynamic-accounts": _dynamic_accounts}


def test_the_worked_examples_values_begin_as_the_page_shows(tmp_path_factory):
    """The head of values.yaml the page quotes (the items left for a human, the master set aside) is the
    head migrate wrote, and the page counts the items as the summary does."""
    migration, stderr, section = walkthrough("gitops", tmp_path_factory)
    quoted = re.search(r"```yaml\n(# Left for a human.*?)```", section, re.S).group(1)
    assert_printed(quoted, open(migration.values_path, encoding="utf-8").read())
    humans = int(re.search(r"(\d+) human", stderr.splitlines()[-1]).group(1))
    assert f"starts with the {['no', 'one', 'two', 'three', 'four', 'five', 'six'][humans]} items" in section


def test_a_quoted_line_must_be_printed_in_order():
    assert_printed("a: b ...\n...\nc (...) e", "x\na: b c\ny\nc (d) e\n")
    with pytest.raises(AssertionError):
        assert_printed("c (...) e\na: b ...", "a: b c\nc (d) e\n")
    with pytest.raises(AssertionError):
        assert_printed("4 human", "5 human")


def test_validate_of_the_worked_examples_config_prints_what_the_page_shows():
    """validate on a Halyard `config` alone: the errors and warnings the page quotes, in order, exit 1."""
    text = doc_section(PAGE, "## A Halyard `config` alone")
    command, quoted = re.search(r"```\n\$ (spinnaker-renderer validate [^\n]+)\n(.*?)```", text, re.S).groups()
    result = subprocess.run([sys.executable, "-m", "renderer", *shlex.split(command)[1:]], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    assert_printed(quoted, result.stderr)
