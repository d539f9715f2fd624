"""`spinnaker-renderer plan`: what a values change or a release bump will do.

The plan's side of the chart (`renderer.read.chartbundle`) is checked against the chart rendered
by Helm's engine; release bumps across each line boundary are planned for the examples and the
real-world corpus, and the one-time steps must appear exactly where the declared facts
(renderer/release_changes.py) put them.
"""
from __future__ import annotations

import base64
import glob
import json
import os

import pytest
import yaml

from conftest import REFERENCE, ROOT, need_reference
from renderer.plan import EXIT_CHANGES, EXIT_INVALID, EXIT_SAME, make_plan, report
from renderer.read.chartbundle import bundle as chart_bundle
from renderer.plan.side import PlanInputError, from_manifests, from_values
from renderer.read.inputs import CHART_VALUES, merge_values
from renderer.release_changes import CHANGES
from renderer.releases import DEFAULT, Release

EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml")))
CHART_DEFAULTS = yaml.safe_load(open(CHART_VALUES))
# One release on each side of every supported line boundary, plus the releases the facts name.
BUMPS = [("1.35.3", "2025.0.8"), ("1.30.1", "2025.4.4"), ("1.38.0", "2026.4.0"),
         ("2025.3.2", "2025.4.4"), ("2025.4.4", "2026.0.4"), ("2025.1.6", "2026.2.3"), ("2026.2.3", "2026.4.0")]


def values_of(*layers) -> dict:
    values = CHART_DEFAULTS
    for layer in layers:
        values = merge_values(values, layer)
    return values


def example(path) -> dict:
    return yaml.safe_load(open(path))


def bumpable(user: dict) -> dict:
    """`user` with the release left to spinnaker.version (a Halyard file names its own)."""
    hal = user.get("halconfig")
    if isinstance(hal, dict):
        hal = dict(hal)
        hal.pop("version", None)
        hal["deploymentConfigurations"] = [{k: v for k, v in d.items() if k != "version"}
                                           for d in hal.get("deploymentConfigurations") or []] or None
        user = dict(user, halconfig={k: v for k, v in hal.items() if v is not None})
    return user


def side(*layers, label="side"):
    return from_values(values_of(*layers), label)


def plan_of(old_layers, new_layers, migrated=()):
    return make_plan(side(*old_layers, label="current"), side(*new_layers, label="new"), migrated)


def version(v):
    return {"spinnaker": {"version": v}}


def _release(text):
    return Release(*(int(p) for p in text.split(".")))


def expected_steps(old, new, hal_switches_on) -> set:
    """Ids of the release_changes entries a bump from `old` to `new` crosses, for a halconfig whose
    switches `hal_switches_on` (paths) are on and any state condition holds: read off the table."""
    low, high = sorted((_release(old), _release(new)))
    return {e["id"] for e in CHANGES if low < _release(e["release"]) <= high
            and (not e["when"] or set(e["when"]) & hal_switches_on)}


# --- the chart's bundle, mirrored ---------------------------------------------------------------

# HA splits with their own mounts and a writable root, bootstrap files, and annotations for an account the
# chart does not create: what the examples do not set.
SPLITS_AND_BOOTSTRAP = {
    "ha": {"clouddriver": {"enabled": True, "splits": {"rw": {"extraVolumeMounts": [
        {"name": "repo", "mountPath": "/var/repo"}, {"name": "ca", "mountPath": "/etc/ca", "readOnly": True}]}}},
           "echo": {"enabled": True}},
    "services": {"igor": {"enabled": True, "securityContext": {"readOnlyRootFilesystem": False}},
                 "echo": {"extraVolumeMounts": [{"name": "x", "mountPath": "/var/x"}]},
                 "front50": {"serviceAccountName": "shared", "serviceAccountAnnotations": {"a": "b"}},
                 "gate": {"serviceAccountName": "default", "serviceAccountAnnotations": {"a": "b"}},
                 "orca": {"serviceAccountAnnotations": {"a": "b"}}},
    "rbac": {"serviceAccounts": {"shared": {"create": False}}},
    "bootstrapConfig": {"spinnaker": {"encrypt": {"key": "k"}}},
}


@pytest.mark.parametrize("values_file", [None] + EXAMPLES + ["splits-and-bootstrap"],
                         ids=lambda p: os.path.basename(p) if p else "defaults")
def test_the_plans_bundle_is_the_charts(values_file):
    handover = pytest.importorskip("handover")
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    user = SPLITS_AND_BOOTSTRAP if values_file == "splits-and-bootstrap" else example(values_file) if values_file else {}
    rendered = handover.render(user, name="spinnaker")
    doc = yaml.safe_load(rendered["spinnaker/templates/config-bundle.yaml"])
    theirs = json.loads(base64.b64decode(doc["data"]["bundle"]))
    ours = chart_bundle(values_of(user), str(DEFAULT))
    assert theirs["release"]["fullname"] == ours["release"]["fullname"]
    for key in sorted(set(theirs) - {"release"}):
        assert ours.get(key) == theirs[key], key
    assert set(ours) - {"release"} == set(theirs) - {"release"}


# --- release bumps ------------------------------------------------------------------------------

@pytest.mark.parametrize("old,new", BUMPS)
@pytest.mark.parametrize("values_file", EXAMPLES, ids=os.path.basename)
def test_a_bump_of_an_example_lists_the_declared_steps_exactly(values_file, old, new):
    user = bumpable(example(values_file))
    plan = plan_of([user, version(old)], [user, version(new)])
    hal = plan.new.hal
    on = {path for path in ("security.authn.enabled", "security.authn.oauth2.enabled", "security.authn.saml.enabled")
          if _on(hal, path)}
    wanted = expected_steps(old, new, on)
    # front50's deprecation holds only for a non-SQL store.
    if plan.new.state["front50Store"] == "sql":
        wanted.discard("front50-non-sql-deprecated")
    assert {e["id"] for e in plan.steps} == wanted
    text = report.text(plan)
    for entry in CHANGES:
        assert (entry["what"] in text) == (entry["id"] in wanted)
    assert plan.exit_code == EXIT_CHANGES
    assert all(p.rolls for p in plan.services.values())  # a new image for every service


def _on(hal, path):
    node = hal
    for key in path.split("."):
        node = node.get(key) if isinstance(node, dict) else None
    return node is True


def test_the_production_example_upgrade_names_the_oauth2_and_session_steps():
    # values-production logs in with OAuth2 (GitHub) and keeps front50 in the bundled MySQL.
    user = example(os.path.join(ROOT, "examples", "values-production.yaml"))
    plan = plan_of([user, version("1.35.3")], [user, version("2025.4.4")])
    assert [e["id"] for e in plan.steps] == ["gate-oauth2-redirect", "gate-spring-boot-3-sessions"]
    moved = {k.path: k for k in plan.keys}
    assert moved["security.authn.oauth2.client.clientId"].after.startswith(
        "as spring.security.oauth2.client.registration.")
    assert str(moved["security.authn.oauth2.client.clientId"].release) == "2025.2.0"
    gate = plan.services["gate"]
    keys = {(c.file, c.key, c.kind) for c in gate.changes}
    assert ("gate.yml", "spring.security.oauth2.client.registration.github.client-id", "added") in keys
    assert ("gate.yml", "security.oauth2.client.clientId", "removed") in keys
    secret = [c for c in gate.changes if c.key.endswith("client-secret")]
    assert secret and all(c.new == "(credential)" for c in secret)
    # One release line on, nothing of the OAuth2 move is left to say.
    later = plan_of([user, version("2025.4.4")], [user, version("2026.0.4")])
    assert later.steps == [] and later.keys == []


def test_a_downgrade_is_planned_and_says_so():
    user = example(os.path.join(ROOT, "examples", "values-production.yaml"))
    plan = plan_of([user, version("2025.4.4")], [user, version("1.35.3")])
    assert plan.downgrade and "downgrade" in report.text(plan)


def test_removed_features_name_the_release_that_removed_them():
    hal = {"ci": {"wercker": {"enabled": True, "masters": [{"name": "w", "address": "https://wercker.example.com",
                                                             "user": "u"}]}}}
    plan = plan_of([{"halconfig": hal}, version("2025.4.4")], [{"halconfig": hal}, version("2026.1.2")])
    removed = [k for k in plan.keys if k.kind == "no longer read"]
    assert removed and removed[0].path == "ci.wercker" and str(removed[0].release) == "2026.1.0"
    assert "ci.wercker: removed in 2026.1.0" in report.text(plan)


def test_saml_upgrade_to_the_relying_party_release_lists_the_migration_step():
    hal = {"security": {"authn": {"enabled": True, "saml": {
        "enabled": True, "metadataUrl": "https://idp.example.com/metadata", "issuerId": "spinnaker",
        "serviceAddress": "https://gate.example.com"}}}}
    plan = plan_of([{"halconfig": hal}, version("2026.2.3")], [{"halconfig": hal}, version("2026.4.0")])
    assert [e["id"] for e in plan.steps] == ["gate-saml-relying-party"]
    assert any(k.path == "security.authn.saml.metadataUrl" for k in plan.keys)
    assert any(c.key.startswith("spring.security.saml2.relyingparty.registration.SSO.")
               for c in plan.services["gate"].changes)


# The corpus files that validate under Helm today (others wait for rules the lead is relaxing).
REAL_WORLD = sorted(glob.glob(os.path.join(REFERENCE, "real-world", "configs", "*.yml")))


def real_world_values(path) -> dict | None:
    try:
        hal = yaml.safe_load(open(path))
    except yaml.YAMLError:
        return None  # 01 and 03 are not YAML
    hal.pop("version", None)
    for deployment in hal.get("deploymentConfigurations") or []:
        deployment.pop("version", None)  # the release is the chart's spinnaker.version
    return {"halconfig": hal}


@pytest.mark.parametrize("old,new", [("1.30.1", "2025.4.4"), ("2025.3.2", "2026.4.0"), ("2026.2.3", "2026.4.0")])
def test_bumps_of_the_real_world_configs_list_the_declared_steps_exactly(old, new):
    need_reference()
    planned = 0
    for path in REAL_WORLD:
        user = real_world_values(path)
        if user is None:
            continue
        try:
            plan = plan_of([user, version(old)], [user, version(new)])
        except PlanInputError as exc:
            assert "error" in str(exc)  # refused (a file path nothing mounts): skipped, not planned wrong
            continue
        planned += 1
        hal = plan.new.hal
        on = {p for p in ("security.authn.enabled", "security.authn.oauth2.enabled", "security.authn.saml.enabled")
              if _on(hal, p)}
        wanted = expected_steps(old, new, on)
        if plan.new.state["front50Store"] in ("sql", "none"):
            wanted.discard("front50-non-sql-deprecated")
        assert {e["id"] for e in plan.steps} == wanted, os.path.basename(path)
        assert plan.exit_code == EXIT_CHANGES
    assert planned >= 8  # all but 01 and 03 (not YAML) and 02, 04, 05 (files nothing mounts)


# --- values changes -----------------------------------------------------------------------------

def test_a_change_only_echo_reads_plans_only_echo():
    base = example(os.path.join(ROOT, "examples", "values-minimal.yaml"))
    changed = merge_values(base, {"profiles": {"echo": {"rest": {"enabled": False}}}})
    plan = plan_of([base], [changed])
    assert [p.service for p in plan.rolling] == ["echo"]
    assert [(c.file, c.key, c.kind) for c in plan.services["echo"].changes] == [
        ("echo-local.yml", "", "file added")]
    resized = merge_values(base, {"services": {"echo": {"resources": {"requests": {"cpu": "1"}}}}})
    plan = plan_of([base], [resized])
    assert [p.service for p in plan.rolling] == ["echo"]
    assert plan.services["echo"].reasons == ["pod template: services.echo.resources changed"]
    assert plan.exit_code == EXIT_CHANGES


def test_the_same_values_plan_no_change():
    base = example(os.path.join(ROOT, "examples", "values-production.yaml"))
    plan = plan_of([base], [base])
    assert plan.rolling == [] and plan.exit_code == EXIT_SAME
    assert "no changes" in report.text(plan)


def test_a_credential_change_is_masked():
    hal = {"notifications": {"slack": {"enabled": True, "botName": "spin", "token": "xoxb-old-token"}}}
    new = {"notifications": {"slack": {"enabled": True, "botName": "spin", "token": "xoxb-new-token"}}}
    plan = plan_of([{"halconfig": hal}], [{"halconfig": new}])
    out = report.text(plan) + report.markdown(plan)
    assert "xoxb-" not in out
    assert any(c.key == "slack.token" and c.old == c.new == "(credential)" for c in plan.services["echo"].changes)


# --- data safety --------------------------------------------------------------------------------

def test_dropping_the_bundled_redis_volume_is_refused():
    plan = plan_of([{}], [{"redis": {"persistence": False}}])
    assert plan.exit_code == EXIT_INVALID
    assert [r.name for r in plan.refusals] == ["redis"]
    assert "redis.persistence" in report.text(plan)
    # Stated: planned as a change.
    assert plan_of([{}], [{"redis": {"persistence": False}}], migrated={"redis"}).exit_code == EXIT_CHANGES


def test_switching_to_an_external_redis_or_dropping_the_bundled_mysql_is_refused():
    assert [r.name for r in plan_of([{}], [{"redis": {"externalUrl": "redis://r:6379"}}]).refusals] == ["redis"]
    s3 = {"halconfig": {"persistentStorage": {"s3": {"enabled": True, "bucket": "b", "region": "us-east-1"}}}}
    refused = plan_of([{}], [s3]).refusals
    assert sorted(r.name for r in refused) == ["front50", "mysql"]
    assert plan_of([{}], [s3], migrated={"front50", "mysql"}).refusals == []


# --- the command --------------------------------------------------------------------------------

def test_cli_plan_exit_codes_and_markdown(run_cli, tmp_path):
    old = tmp_path / "old.yaml"
    old.write_text("spinnaker:\n  version: 2025.3.2\nhalconfig:\n  security:\n    authn:\n      enabled: true\n"
                   "      basic:\n        enabled: true\n        user:\n          username: admin\n")
    new = tmp_path / "new.yaml"
    new.write_text("spinnaker:\n  version: 2025.4.4\n")
    result = run_cli("plan", "-f", str(old), "--to", "-f", str(old), "-f", str(new), "--format", "markdown")
    assert result.returncode == EXIT_CHANGES, result.stderr
    assert result.stdout.startswith("### spinnaker-renderer plan")
    assert "flush gate's sessions" in result.stdout and "#### One-time steps" in result.stdout
    same = run_cli("plan", "-f", str(old), "--to", "-f", str(old))
    assert same.returncode == EXIT_SAME, same.stderr
    nored = tmp_path / "nored.yaml"
    nored.write_text("redis:\n  persistence: false\n")
    refused = run_cli("plan", "-f", str(old), "--to", "-f", str(old), "-f", str(nored))
    assert refused.returncode == EXIT_INVALID and "--migrated redis" in refused.stdout + refused.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("spinnaker:\n  version: nope\n")
    invalid = run_cli("plan", "-f", str(old), "--to", "-f", str(bad))
    assert invalid.returncode == EXIT_INVALID and "Traceback" not in invalid.stderr
    bump = run_cli("plan", "-f", str(old), "--to-release", "2026.4.0")
    assert bump.returncode == EXIT_CHANGES and "2025.3.2 -> 2026.4.0" in bump.stdout


def test_plan_from_a_rendered_release(tmp_path):
    """The current side read back from rendered manifests gives the same plan as from its values."""
    handover = pytest.importorskip("handover")
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    user = merge_values(example(os.path.join(ROOT, "examples", "values-production.yaml")), version("2025.3.2"))
    stream = handover.helm3_stream(handover.render(user, name="spinnaker"))
    result = handover.post_render(stream)
    assert result.returncode == 0, result.stderr
    old = from_manifests(result.stdout.decode(), "manifests")
    new = side(user, version("2025.4.4"), label="new")
    plan = make_plan(old, new)
    from_values_plan = plan_of([user], [user, version("2025.4.4")])
    assert [e["id"] for e in plan.steps] == [e["id"] for e in from_values_plan.steps]
    assert {p.service for p in plan.rolling} == {p.service for p in from_values_plan.rolling}
    same = make_plan(old, side(user, label="same"))
    assert same.rolling == [], [(p.service, [(c.file, c.key) for c in p.changes]) for p in same.rolling]
    assert all(c.new != "spinnaker-client-secret" for p in plan.services.values() for c in p.changes)


HA_VALUES = os.path.join(ROOT, "charts", "spinnaker", "ci", "ha-values.yaml")


@pytest.mark.parametrize("base,change,said", [
    ({}, {"services": {"orca": {"replicas": 2}}}, {"orca": ["services.orca.replicas"]}),
    ({}, {"serviceDefaults": {"replicas": 3}}, {s: ["serviceDefaults.replicas"] for s in
                                                ("clouddriver", "deck", "echo", "front50", "gate", "orca", "rosco")}),
    ({}, {"services": {"gate": {"autoscaling": {"enabled": True}}}}, {"gate": ["services.gate.autoscaling.enabled"]}),
    ("ha", {"ha": {"clouddriver": {"ro": 5}}}, {"clouddriver": ["ha.clouddriver.ro"]}),
    ("ha", {"ha": {"clouddriver": {"splits": {"roDeck": {"replicas": 1}}}}},
     {"clouddriver": ["ha.clouddriver.splits.roDeck.replicas"]}),
], ids=["service", "defaults", "autoscaled", "older-ha-key", "split"])
def test_a_rendered_release_sees_a_replicas_change_as_values_do(base, change, said):
    """A rendered release's Deployments say their replica counts: a plan from it names the same values
    as a plan from the values it was rendered from."""
    handover = pytest.importorskip("handover")
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    user = example(HA_VALUES) if base == "ha" else {}
    # In the namespace a side of values is planned in without --namespace (clouddriver's account lists it).
    result = handover.post_render(handover.helm3_stream(handover.render(user, name="spinnaker", namespace="default")))
    assert result.returncode == 0, result.stderr
    rendered = from_manifests(result.stdout.decode(), "manifests")
    for current in (rendered, side(user, label="current")):
        plan = make_plan(current, side(user, change, label="new"))
        assert {s: p.other for s, p in plan.services.items() if p.other} == said
        assert not plan.rolling and plan.exit_code == EXIT_CHANGES
    assert make_plan(rendered, side(user, label="same")).exit_code == EXIT_SAME


def test_helm_diff_plans_from_the_installed_release(run_cli, tmp_path):
    """`spinnaker-renderer helm diff RELEASE -f NEW` reads the release with `helm get manifest` (a stand-in
    helm here: the manifests a post-rendered install stored) and plans from it."""
    handover = pytest.importorskip("handover")
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    # Installed as `spin` in namespace cd: the names in the manifests are that release's.
    user = merge_values(example(os.path.join(ROOT, "examples", "values-minimal.yaml")), version("2026.2.3"))
    result = handover.post_render(handover.helm3_stream(handover.render(user, name="spin", namespace="cd")))
    assert result.returncode == 0, result.stderr
    manifest = tmp_path / "manifest.yaml"
    manifest.write_bytes(result.stdout)
    helm = tmp_path / "helm"
    helm.write_text(f"#!/bin/sh\n[ \"$1 $2 $3 $4\" = \"get manifest spin -n=cd\" ] || exit 3\ncat {manifest}\n")
    helm.chmod(0o755)
    new = tmp_path / "new.yaml"
    new.write_text(yaml.safe_dump(merge_values(user, version("2026.4.0"))))
    out = run_cli("helm", "diff", "spin", "-n", "cd", "-f", str(new), "--format", "markdown",
                  env={"HELM_BIN": str(helm)})
    assert out.returncode == EXIT_CHANGES, out.stderr
    assert "2026.2.3 -&gt; 2026.4.0" in out.stdout or "2026.2.3 -> 2026.4.0" in out.stdout
    same = tmp_path / "same.yaml"
    same.write_text(yaml.safe_dump(user))
    unchanged = run_cli("helm", "diff", "spin", "-n", "cd", "-f", str(same), env={"HELM_BIN": str(helm)})
    assert unchanged.returncode == EXIT_SAME, unchanged.stdout + unchanged.stderr


def test_dropping_the_bundled_store_is_refused():
    refused = plan_of([{}], [{"storage": {"bundled": False}}]).refusals
    assert "mysql" in {r.name for r in refused}
    assert any("storage.bundled" in r.reason for r in refused)


def test_release_changes_are_well_formed():
    """Each declared fact names a release, a kind, its services, a source, and switches the model has."""
    from renderer.model import HAL
    from renderer.service_facts import SERVICES

    for entry in CHANGES:
        Release.parse(entry["release"])
        assert entry["kind"] in ("step", "deprecated"), entry["id"]
        assert entry["what"] and entry["source"], entry["id"]
        assert set(entry["services"]) <= set(SERVICES), entry["id"]
        if entry["kind"] == "deprecated":
            assert _release(entry["removedAfter"]) > _release(entry["release"])  # may be a future line
        for path in entry["when"]:
            msg = HAL
            for key in path.split("."):
                assert msg is not None and key in msg.fields, (entry["id"], path)
                msg = msg.fields[key].target
    assert len({e["id"] for e in CHANGES}) == len(CHANGES)


@pytest.mark.parametrize("name", ["10-OpsMx-apple-oss-authz-jenkins-1.33.3.yml",
                                  "12-aman-agrawal-cve-target-authz-ha-1.30.1.yml"])
def test_real_world_ldap_and_s3_configs_get_the_session_flush_and_the_front50_deprecation_where_declared(name):
    """Both log in with LDAP and keep front50 in S3: the session flush belongs to 2025.4.0, the
    front50 deprecation to 2026.3.0, and nothing to the 1.3x -> 2025.x boundary before 2025.2 (no OAuth2)."""
    need_reference()
    user = real_world_values(os.path.join(REFERENCE, "real-world", "configs", name))
    steps = {}
    for old, new in [("1.33.3", "2025.3.2"), ("2025.3.2", "2025.4.4"), ("2025.4.4", "2026.2.3"),
                     ("2026.2.3", "2026.4.0")]:
        try:
            plan = plan_of([user, version(old)], [user, version(new)])
        except PlanInputError as exc:
            pytest.skip(f"{name} does not validate here: {exc}")
        steps[new] = [e["id"] for e in plan.steps]
    assert steps == {"2025.3.2": [], "2025.4.4": ["gate-spring-boot-3-sessions"], "2026.2.3": [],
                     "2026.4.0": ["front50-non-sql-deprecated"]}


def test_a_secrets_entry_rolls_only_the_services_it_is_wired_into():
    hal = {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "prod", "kubeconfigFile": "/var/secrets/prod.config"}]}}}
    base = {"halconfig": hal, "secrets": {"files": [{"secretName": "kubeconfigs"}]}}
    renamed = {"halconfig": hal, "secrets": {"files": [{"secretName": "kubeconfigs-v2"}]}}
    plan = plan_of([base], [renamed])
    assert [p.service for p in plan.rolling] == ["clouddriver"]
    assert "secrets (wired into it)" in plan.services["clouddriver"].reasons[0]


def test_autoscaling_and_rollout_strategy_roll_nothing_but_probes_do():
    plan = plan_of([{}], [{"services": {"gate": {"autoscaling": {"enabled": True, "maxReplicas": 4},
                                                 "strategy": {"type": "Recreate"}}},
                           "commonAnnotations": {"team": "cd"}}])
    assert plan.rolling == [] and plan.services["gate"].other == [
        "services.gate.autoscaling.enabled", "services.gate.autoscaling.maxReplicas", "services.gate.strategy.type"]
    probed = plan_of([{}], [{"services": {"gate": {"readinessProbe": {"failureThreshold": 9}}}}])
    assert [p.service for p in probed.rolling] == ["gate"]


def test_a_splits_own_settings_roll_its_service_and_its_replicas_do_not():
    on = {"ha": {"clouddriver": {"enabled": True}}}
    tainted = {"ha": {"clouddriver": {"enabled": True, "splits": {"caching": {"tolerations": [{"key": "k"}]}}}}}
    assert [p.service for p in plan_of([on], [tainted]).rolling] == ["clouddriver"]
    scaled = plan_of([on], [{"ha": {"clouddriver": {"enabled": True, "splits": {"caching": {"replicas": 3}}}}}])
    assert scaled.rolling == [] and scaled.services["clouddriver"].other == ["ha.clouddriver.splits.caching.replicas"]


def test_a_bootstrap_file_change_rolls_the_services_that_read_it_masked():
    def boot(password):
        return {"bootstrapConfig": {"spinnaker": {"spring": {"cloud": {"config": {"server": {"git": {
            "password": password}}}}}}}}
    plan = plan_of([boot("old-git-password")], [boot("new-git-password")])
    assert [p.service for p in plan.rolling] == ["clouddriver", "echo"]  # igor does not run here
    text = report.text(plan)
    assert "spinnakerconfig.yml" in text and "old-git-password" not in text and "new-git-password" not in text


def test_scaling_changes_but_rolls_nothing():
    plan = plan_of([{}], [{"services": {"echo": {"replicas": 3}}}])
    assert plan.rolling == [] and plan.services["echo"].other == ["services.echo.replicas"]
    assert plan.exit_code == EXIT_CHANGES
    assert "echo: does not roll; changed outside its pods: services.echo.replicas" in report.text(plan)


def test_the_docs_plan_example_prints_what_the_page_shows(run_cli, helm3, tmp_path):
    """docs/upgrade.md's pull request: its two values files, its command, and the plan it quotes (the gate
    step included, which the values' login brings), with the exit code for changes."""
    import re
    import shlex

    from doc_pages import assert_printed, page, section

    text = section(page("upgrade"), "## Planning a change")
    files = {name: content for name, _, content in
             re.findall(r"`(\w+\.yaml)`((?:(?!```).)*?)```yaml\n(.*?)```", text, re.S)}
    assert set(files) == {"values.yaml", "pr.yaml"}
    assert yaml.safe_load(files["values.yaml"])["halconfig"]["security"]["authn"]["enabled"] is True
    for name, content in files.items():
        (tmp_path / name).write_text(content)
    command, quoted = re.search(r"```\n\$ (spinnaker-renderer plan [^\n]+)\n(.*?)```", text, re.S).groups()
    args = [str(tmp_path / arg) if arg in files else arg for arg in shlex.split(command)[1:]]
    result = run_cli(*args, env=dict(helm3.env, HELM_BIN=str(helm3)))
    assert result.returncode == EXIT_CHANGES, result.stderr
    assert "flush gate's sessions" in quoted
    assert_printed(quoted, result.stdout)
