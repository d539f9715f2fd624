"""The credentials hook fails closed: a transient API error never changes a password.

The hook script is taken from the chart as Helm 3 and Helm 4 render it (`helm template --show-only`)
and run under `dash` (POSIX sh, as the image's busybox ash) with a stand-in `kubectl` on PATH. The
stand-in keeps Secrets as JSON files, records every call with the Secret's keys at that moment, and
injects failures and races; what a real kubectl does without a server (`--dry-run=client`,
`--local`, jsonpath output, merge patches) it leaves to the real kubectl (.venv/bin/kubectl), so the
script meets kubectl's own output formats.

Every scenario checks the invariant: no `patch` or `create` ever carries a key the Secret had.
"""
from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from conftest import KUBECTL, ROOT

CHART = os.path.join(ROOT, "charts", "spinnaker")
SECRET = "spin-spinnaker-credentials"
LEGACY = "spin-spinnaker-mysql"
KEYS = ("redis-password", "root-password", "password", "keel-password", "orca-password", "clouddriver-password")
TIMEOUT = "Unable to connect to the server: dial tcp 10.96.0.1:443: i/o timeout"
FORBIDDEN = ('Error from server (Forbidden): secrets "{name}" is forbidden: User '
             '"system:serviceaccount:spinnaker:spin-spinnaker-credentials-hook" cannot get resource "secrets"')

# The stand-in kubectl. $STORE/secrets/<name>.json are the Secrets; $STORE/script.json lists
# [{"verb", "name", "nth", "fail": stderr} | {"verb", "nth", "race": {name: {key: value}}}]:
# a failure of the nth call of that verb (and name), or a write by someone else just before it.
FAKE = r'''#!PYTHON
import base64, json, os, subprocess, sys

import yaml

store = os.environ["STORE"]
real = os.environ["REAL_KUBECTL"]
args = sys.argv[1:]


def path(name):
    return os.path.join(store, "secrets", name + ".json")


def load(name):
    try:
        with open(path(name)) as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def save(obj, bump=True):
    if bump:
        obj["metadata"]["resourceVersion"] = str(int(obj["metadata"].get("resourceVersion") or "0") + 1)
    with open(path(obj["metadata"]["name"]), "w") as f:
        json.dump(obj, f)


def secret(name, data):
    return {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name, "namespace": "spinnaker"},
            "data": {k: base64.b64encode(v.encode()).decode() for k, v in data.items()}}


def log(entry):
    """One line per call; a write the server accepted is logged again with "accepted"."""
    with open(os.path.join(store, "calls.jsonl"), "a") as f:
        f.write(json.dumps(entry) + "\n")


def option(name):
    for i, a in enumerate(args):
        if a == name:
            return args[i + 1]
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
    return None


def local(*extra):
    """The real kubectl, without a server."""
    done = subprocess.run([real, *extra], capture_output=True, text=True)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    sys.exit(done.returncode)


if "--dry-run=client" in args or "--local" in args:
    log({"args": args})
    local(*args)

verb = args[0]
name = args[2] if len(args) > 2 and args[1] == "secret" else None
if verb == "create" and args[1] == "-f":
    with open(args[2]) as f:
        body = yaml.safe_load(f)
    name = body["metadata"]["name"]
counts_file = os.path.join(store, "counts.json")
counts = json.load(open(counts_file)) if os.path.exists(counts_file) else {}
counts[verb] = counts.get(verb, 0) + 1
counts[f"{verb} {name}"] = counts.get(f"{verb} {name}", 0) + 1
json.dump(counts, open(counts_file, "w"))
script = json.load(open(os.path.join(store, "script.json")))
for step in script:
    key = step["verb"] + (f" {step['name']}" if step.get("name") else "")
    if step["verb"] == verb and step.get("name") in (None, name) and counts[key] == step.get("nth", 1):
        for other, data in (step.get("race") or {}).items():
            current = load(other) or secret(other, {})
            current["data"].update(secret(other, data)["data"])
            save(current)
        if "fail" in step:
            log({"args": args, "failed": step["fail"]})
            sys.stderr.write(step["fail"].format(name=name) + "\n")
            sys.exit(1)

current = load(name)
had = sorted((current or {}).get("data") or {})
entry = {"args": args, "had": had if current else None}
if verb == "get":
    log(entry)
    if current is None:
        sys.stderr.write(f'Error from server (NotFound): secrets "{name}" not found\n')
        sys.exit(1)
    local("patch", "--local", "-f", path(name), "--type", "merge", "-p", "{}", "-o", option("-o"))
if verb == "patch":
    with open(option("--patch-file")) as f:
        entry["body"] = patch = json.load(f)
    log(entry)
    if current is None:
        sys.stderr.write(f'Error from server (NotFound): secrets "{name}" not found\n')
        sys.exit(1)
    wanted = (patch.get("metadata") or {}).get("resourceVersion")
    if wanted is not None and wanted != current["metadata"]["resourceVersion"]:
        sys.stderr.write(f'Error from server (Conflict): Operation cannot be fulfilled on secrets "{name}": the '
                         'object has been modified; please apply your changes to the latest version and try again\n')
        sys.exit(1)
    done = subprocess.run([real, "patch", "--local", "-f", path(name), "--type", "merge",
                           "--patch-file", option("--patch-file"), "-o", "json"], capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stderr)
        sys.exit(done.returncode)
    save(json.loads(done.stdout))
    log(dict(entry, accepted=True))
    print(f"secret/{name} patched")
    sys.exit(0)
if verb == "create" and args[1] == "-f":
    entry["body"] = body
    log(entry)
    if current is not None:
        sys.stderr.write(f'Error from server (AlreadyExists): secrets "{name}" already exists\n')
        sys.exit(1)
    body["metadata"]["resourceVersion"] = "0"
    save(body)
    log(dict(entry, accepted=True))
    print(f"secret/{name} created")
    sys.exit(0)
log({"args": args, "unexpected": True})
sys.stderr.write("stand-in kubectl: unexpected call\n")
sys.exit(2)
'''.replace("#!PYTHON", "#!" + sys.executable)


@pytest.fixture(scope="module", params=[3, 4], ids=["helm3", "helm4"])
def hook(request, helm_homes):
    """(script, env) of the hook Job as this Helm renders it."""
    from conftest import _helm

    helm = _helm(request.param, helm_homes)
    done = helm.run("template", "spin", CHART, "--namespace", "spinnaker",
                    "--show-only", "templates/credentials-hook.yaml")
    assert done.returncode == 0, done.stderr
    [job] = [d for d in yaml.safe_load_all(done.stdout) if d and d["kind"] == "Job"]
    [container] = job["spec"]["template"]["spec"]["containers"]
    assert container["command"] == ["sh", "-c"]
    env = {e["name"]: e["value"] for e in container["env"]}
    assert env["SECRET"] == SECRET and env["LEGACY_SECRET"] == LEGACY and sorted(env["KEYS"].split()) == sorted(KEYS)
    return container["args"][0], env


def run_hook(hook, tmp_path, secrets=None, script=()):
    """Run the hook under dash; returns (CompletedProcess, [calls], {secret: {key: value}} after)."""
    if not os.access(KUBECTL, os.X_OK):
        pytest.skip(f"no kubectl at {KUBECTL} (`make setup` installs it)")
    shell = shutil.which("dash") or shutil.which("sh")
    text, env = hook
    store, bin_dir, tmp = tmp_path / "store", tmp_path / "bin", tmp_path / "tmp"
    for p in (store / "secrets", bin_dir, tmp):
        p.mkdir(parents=True)
    (bin_dir / "kubectl").write_text(FAKE)
    (bin_dir / "kubectl").chmod(0o755)
    (store / "script.json").write_text(json.dumps(list(script)))
    for name, data in (secrets or {}).items():
        obj = {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": name, "namespace": "spinnaker",
                                                                    "resourceVersion": "7"},
               "data": {k: base64.b64encode(v.encode()).decode() for k, v in data.items()}}
        (store / "secrets" / f"{name}.json").write_text(json.dumps(obj))
    body = text.replace("/tmp/", f"{tmp}/")
    assert "/tmp" not in body.replace(str(tmp), "")
    run_env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", STORE=str(store), REAL_KUBECTL=KUBECTL,
                   KUBECONFIG=os.devnull, **{k: v for k, v in env.items() if k != "HOME"})
    result = subprocess.run([shell, "-c", body], env=run_env, capture_output=True, text=True, timeout=120)
    calls = [json.loads(line) for line in (store / "calls.jsonl").read_text().splitlines()] \
        if (store / "calls.jsonl").exists() else []
    after = {}
    for file in (store / "secrets").iterdir():
        obj = json.loads(file.read_text())
        after[obj["metadata"]["name"]] = {k: base64.b64decode(v).decode() for k, v in (obj.get("data") or {}).items()}
    assert not [c for c in calls if c.get("unexpected")], calls
    _never_overwrites(calls)
    calls = [c for c in calls if not c.get("accepted")]
    return result, calls, after


def _written(call) -> set:
    body = call.get("body") or {}
    return set(body.get("data") or {})


def _never_overwrites(calls):
    """The invariant: a write the server accepted names only keys the Secret lacked (one it refused,
    AlreadyExists or a Conflict on the resourceVersion, changed nothing)."""
    for call in calls:
        if call.get("accepted"):
            assert call["args"][0] == "create" or call["body"]["metadata"].get("resourceVersion"), call
            assert not _written(call) & set(call["had"] or ()), call


def writes(calls):
    """The write requests the hook sent, accepted or not."""
    return [c for c in calls if "body" in c and not c.get("accepted")]


def generated(value) -> bool:
    return bool(re.fullmatch(r"[A-Za-z0-9]{32}", value))


def test_no_secret_creates_it_with_every_key(hook, tmp_path):
    result, calls, after = run_hook(hook, tmp_path)
    assert result.returncode == 0, result.stderr
    assert [c["args"][:2] for c in writes(calls)] == [["create", "-f"]]
    assert sorted(after[SECRET]) == sorted(KEYS) and all(generated(v) for v in after[SECRET].values())
    assert len(set(after[SECRET].values())) == len(KEYS)
    labels = writes(calls)[0]["body"]["metadata"]["labels"]
    assert labels["app.kubernetes.io/instance"] == "spin" and labels["app.kubernetes.io/component"] == "credentials"
    # The values never appear in a process's arguments: they go from files to kubectl.
    assert not any(v in json.dumps(c["args"]) for c in calls for v in after[SECRET].values())


def test_a_full_secret_is_only_read(hook, tmp_path):
    full = {k: f"kept-{k}" for k in KEYS}
    result, calls, after = run_hook(hook, tmp_path, {SECRET: full})
    assert result.returncode == 0, result.stderr
    assert writes(calls) == [] and after[SECRET] == full
    assert [c["args"][0] for c in calls] == ["get"]


def test_a_partial_secret_gets_only_its_missing_keys(hook, tmp_path):
    # A Secret of an earlier chart version, before orca and clouddriver could use SQL; one key is
    # present with an empty value: it is there, so it stays as it is.
    partial = {"redis-password": "r3dis", "root-password": "r00t", "password": "us3r", "keel-password": ""}
    result, calls, after = run_hook(hook, tmp_path, {SECRET: partial})
    assert result.returncode == 0, result.stderr
    [patch] = writes(calls)
    assert patch["args"][:2] == ["patch", "secret"]
    assert _written(patch) == {"orca-password", "clouddriver-password"}
    assert patch["body"]["metadata"] == {"resourceVersion": "7"}  # refused if the Secret changed since
    assert {k: after[SECRET][k] for k in partial} == partial
    assert generated(after[SECRET]["orca-password"]) and generated(after[SECRET]["clouddriver-password"])


@pytest.mark.parametrize("failure", [TIMEOUT, FORBIDDEN, "error: You must be logged in to the server (Unauthorized)",
                                     'Error from server (NotFound): namespaces "spinnaker" not found'],
                         ids=["timeout", "forbidden", "unauthorized", "namespace-not-found"])
@pytest.mark.parametrize("existing", ["full", "partial", "none"])
def test_a_failed_read_stops_the_hook_and_writes_nothing(hook, tmp_path, failure, existing):
    secrets = {"full": {SECRET: {k: f"kept-{k}" for k in KEYS}},
               "partial": {SECRET: {"redis-password": "r3dis"}}, "none": {}}[existing]
    result, calls, after = run_hook(hook, tmp_path, secrets, [{"verb": "get", "name": SECRET, "fail": failure}])
    assert result.returncode != 0
    assert writes(calls) == []
    assert after == {name: dict(data) for name, data in secrets.items()}
    assert failure.format(name=SECRET) in result.stderr
    assert f"reading Secret {SECRET} in namespace spinnaker failed; no key was written" in result.stderr


def test_a_failed_read_of_the_earlier_versions_secret_stops_the_hook(hook, tmp_path):
    # Taken for "no earlier Secret", it would give MySQL new passwords its volume does not know.
    result, calls, after = run_hook(hook, tmp_path, {LEGACY: {"root-password": "OldRoot1", "password": "OldUser2"}},
                                    [{"verb": "get", "name": LEGACY, "fail": TIMEOUT}])
    assert result.returncode != 0 and writes(calls) == [] and SECRET not in after
    assert f"reading Secret {LEGACY}" in result.stderr


def test_the_mysql_passwords_of_earlier_chart_versions_are_carried_over(hook, tmp_path):
    result, calls, after = run_hook(hook, tmp_path, {LEGACY: {"root-password": "OldRoot1", "password": "OldUser2"}})
    assert result.returncode == 0, result.stderr
    assert after[SECRET]["root-password"] == "OldRoot1" and after[SECRET]["password"] == "OldUser2"
    assert generated(after[SECRET]["redis-password"])
    assert after[LEGACY] == {"root-password": "OldRoot1", "password": "OldUser2"}


def test_a_create_race_reads_again_and_never_overwrites(hook, tmp_path):
    # Between the read (no Secret) and the create, someone else creates it with one key.
    result, calls, after = run_hook(hook, tmp_path, script=[
        {"verb": "create", "name": SECRET, "race": {SECRET: {"redis-password": "theirs"}}}])
    assert result.returncode == 0, result.stderr
    # The create arrives after theirs (refused: AlreadyExists); the hook reads again and patches.
    assert [(c["args"][0], c["had"]) for c in writes(calls)] == [("create", ["redis-password"]),
                                                                  ("patch", ["redis-password"])]
    assert "created by someone else" in result.stdout
    assert after[SECRET]["redis-password"] == "theirs"
    assert _written(writes(calls)[1]) == set(KEYS) - {"redis-password"}


def test_a_patch_conflict_reads_again_and_never_overwrites(hook, tmp_path):
    result, calls, after = run_hook(hook, tmp_path, {SECRET: {"redis-password": "r3dis"}}, [
        {"verb": "patch", "name": SECRET, "race": {SECRET: {"root-password": "theirs"}}}])
    assert result.returncode == 0, result.stderr
    first, second = writes(calls)
    assert "root-password" in _written(first) and "root-password" not in _written(second)
    assert after[SECRET]["root-password"] == "theirs" and after[SECRET]["redis-password"] == "r3dis"
    assert sorted(after[SECRET]) == sorted(KEYS)


def test_a_refused_write_stops_the_hook(hook, tmp_path):
    forbidden = FORBIDDEN.replace("cannot get", "cannot patch")
    result, calls, after = run_hook(hook, tmp_path, {SECRET: {"redis-password": "r3dis"}},
                                    [{"verb": "patch", "name": SECRET, "fail": forbidden}])
    assert result.returncode != 0 and after[SECRET] == {"redis-password": "r3dis"}
    assert f"patching Secret {SECRET} failed" in result.stderr


def test_a_secret_that_keeps_changing_stops_the_hook(hook, tmp_path):
    racing = [{"verb": "patch", "name": SECRET, "nth": n, "race": {SECRET: {f"other-{n}": "x"}}} for n in (1, 2, 3)]
    result, calls, after = run_hook(hook, tmp_path, {SECRET: {"redis-password": "r3dis"}}, racing)
    assert result.returncode != 0 and len(writes(calls)) == 3
    assert "kept changing" in result.stderr and after[SECRET]["redis-password"] == "r3dis"
