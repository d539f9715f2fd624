"""Shared fixtures: where the reference corpus and the comparator live."""
from __future__ import annotations

import glob
import os
import sys

import pytest
from hypothesis import HealthCheck, settings

# Property tests run the same examples on every machine (a CI failure can be
# reproduced), and a slow, shared machine is not a failure.
settings.register_profile("project", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "project"))

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The post-renderer writes warnings (and, as Helm 4's plugin, errors) to the terminal helm runs in;
# tests read them from stderr and the error file instead of the developer's terminal.
os.environ.setdefault("SPINNAKER_RENDERER_NO_TTY", "1")
SHARED = os.environ.get("SPINNAKER_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
REFERENCE = os.path.join(SHARED, "reference")
COMPARATOR = os.path.join(SHARED, "tools", "compare_kleat_outputs.py")


def reference_cases():
    """(id, halconfig path, expected dir) for every case in the reference corpus."""
    cases = [("kleat-corpus", os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml"),
              os.path.join(REFERENCE, "kleat-corpus", "expected"))]
    for d in sorted(glob.glob(os.path.join(REFERENCE, "kleat-corpus", "variants", "*"))):
        cases.append((os.path.basename(d), os.path.join(d, "halconfig.yml"), os.path.join(d, "expected")))
    for d in sorted(glob.glob(os.path.join(REFERENCE, "halyard-format", "*"))):
        cases.append(("halyard-" + os.path.basename(d), os.path.join(d, "config"), os.path.join(d, "expected")))
    return cases


def need_reference():
    if not os.path.isdir(REFERENCE):
        pytest.skip(f"reference corpus not found at {REFERENCE} (set SPINNAKER_SHARED)")


@pytest.fixture
def run_cli(tmp_path):
    """Run `python -m renderer ARGS` in a subprocess; returns CompletedProcess."""
    import subprocess

    def run(*args, stdin=None, env=None):
        full_env = dict(os.environ, **(env or {}))
        return subprocess.run([sys.executable, "-m", "renderer", *args], input=stdin,
                              capture_output=True, cwd=ROOT, env=full_env,
                              text=isinstance(stdin, str) or stdin is None)
    return run


def secret_paths(msg, path=()) -> set:
    """Paths (field names, no list indexes) of every field declared secret under `msg`.

    Halyard-only fields and Permissions (role lists) are not followed."""
    found = set()

    def walk(node, at, seen):
        for f in node.fields.values():
            if f.secret:
                found.add(at + (f.name,))
            target = f.target
            if target is not None and f.halyard is None and target.name != "Permissions" and id(target) not in seen:
                walk(target, at + (f.name,), seen | {id(target)})

    walk(msg, tuple(path), {id(msg)})
    return found


def chart_ready(halconfig: dict) -> dict:
    """Chart values carrying a reference-corpus halconfig, the way a Helm user must give it.

    kleat's corpus names a build (`master-latest-unvalidated`) as its version and points at files
    under /var/secrets without saying which Secret holds them: under Helm both are refused
    (renderer/preflight.py, renderer/releases.py), so the version is left to the chart and
    `secrets.files` names a Secret."""
    halconfig = dict(halconfig)
    halconfig.pop("version", None)
    return {"halconfig": halconfig, "secrets": {"files": ["spinnaker-files"]}}


# Every optional service on, each with what its preflight checks ask for (renderer/preflight.py).
ALL_OPTIONAL_HALCONFIG = {
    "security": {"authn": {"enabled": True, "basic": {"enabled": True, "user": {"username": "u"}}},
                 "authz": {"enabled": True, "groupMembership": {"service": "EXTERNAL"}}},
    "canary": {"enabled": True, "serviceIntegrations": {
        "prometheus": {"enabled": True, "accounts": [
            {"name": "prom", "endpoint": {"baseUrl": "http://prometheus:9090"}}]},
        "aws": {"enabled": True, "accounts": [{"name": "s3", "bucket": "b", "supportedTypes": ["OBJECT_STORE"]}]}}},
    "managedDelivery": {"enabled": True},
    "persistentStorage": {"sql": {"enabled": True, "default": {"jdbcUrl": "jdbc:mysql://mysql:3306/keel"}}},
    "ci": {"jenkins": {"enabled": True, "masters": []}},
    "metricStores": {"prometheus": {"enabled": True}},
}
