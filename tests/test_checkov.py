"""An independent scanner on what reaches the cluster: checkov over post-rendered releases.

The default release, the production, HA and Halyard examples are rendered by Helm's
engine, post-rendered (Helm 4 form: the `helm test` hook included) and scanned by
checkov once, in one run. Every finding must be on tests/checkov-allowlist.yaml, whose
reasons docs/security.md repeats.
"""
from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sysconfig

import pytest
import yaml

from conftest import ROOT

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402

RELEASES = {
    "default": None,
    "production": "examples/values-production.yaml",
    "ha": "charts/spinnaker/ci/ha-values.yaml",
    "halyard": "examples/values-halyard.yaml",
    # orca and clouddriver in SQL on the bundled MySQL: its init container and every database key
    "sql": {"storage": {"sql": {"orca": True, "clouddriver": True}}},
}
PREFIX = "spin-spinnaker-"
ALLOWLIST = os.path.join(ROOT, "tests", "checkov-allowlist.yaml")


def _checkov() -> str:
    """The checkov executable of this environment; CI must have it (the test extra installs it)."""
    found = shutil.which("checkov", path=sysconfig.get_path("scripts")) or shutil.which("checkov")
    if not found:
        reason = "checkov is not installed (pip install -e '.[test]' installs it)"
        if os.environ.get("CI"):
            pytest.fail(reason + "; CI must run the scanner")
        pytest.skip(reason)
    return found


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    """{release: [(check id, kind, component)]} from one checkov run over the releases."""
    checkov = _checkov()
    directory = tmp_path_factory.mktemp("checkov")
    args = [checkov, "--framework", "kubernetes", "--output", "json", "--quiet", "--compact",
            "--skip-download"]
    for release, path in RELEASES.items():
        values = path if isinstance(path, dict) else {}
        if isinstance(path, str):
            with open(os.path.join(ROOT, path)) as handle:
                values = yaml.safe_load(handle)
        result = handover.post_render(handover.helm4_stream(handover.render(values)))
        assert result.returncode == 0, result.stderr.decode()
        (directory / f"{release}.yaml").write_bytes(result.stdout)
        args += ["--file", str(directory / f"{release}.yaml")]
    # No network: no guideline download, no telemetry.
    env = dict(os.environ, BC_SKIP_MAPPING="TRUE", CHECKOV_RUN_SCA_PACKAGE_SCAN_V2="false")
    run = subprocess.run(args, capture_output=True, text=True, cwd=directory, env=env, timeout=600)
    assert run.returncode in (0, 1), run.stderr[-2000:]  # 1: there are findings
    report = json.loads(run.stdout)
    report = report[0] if isinstance(report, list) else report
    summary = report.get("summary") or report
    assert summary.get("parsing_errors", 0) == 0, summary
    assert summary["passed"] > 500, summary  # the manifests were read and checked
    out = {release: [] for release in RELEASES}
    for failed in (report.get("results") or {}).get("failed_checks") or ():
        release = os.path.splitext(os.path.basename(failed["file_path"]))[0]
        kind, _, name = failed["resource"].split(".")[:3]  # Kind.namespace.name[.labels of a graph check]
        out[release].append((failed["check_id"], kind, name.removeprefix(PREFIX)))
    return out


def _allowlist() -> dict:
    with open(ALLOWLIST) as handle:
        return yaml.safe_load(handle)


def _covering(entries, check_id, component):
    return [e for e in entries if e["check"] == check_id
            and any(fnmatch.fnmatchcase(component, pattern) for pattern in e["objects"])]


def test_no_finding_outside_the_allowlist(findings):
    allowlist = _allowlist()
    entries = allowlist["accepted"] + allowlist["pending"]
    unexplained = {release: [f for f in found if not _covering(entries, f[0], f[2])]
                   for release, found in findings.items()}
    assert unexplained == {release: [] for release in RELEASES}


def test_every_accepted_entry_is_still_needed(findings):
    """A check the chart now passes leaves the allowlist (pending entries leave with their changes)."""
    seen = [f for found in findings.values() for f in found]
    for entry in _allowlist()["accepted"]:
        assert any(_covering([entry], check, component) for check, _, component in seen), entry["check"]


def test_the_scan_sees_what_it_must():
    """Spinnaker's own containers pass the checks the chart fixes (no allowlist entry for them)."""
    # Memory limits everywhere, probes on every long-running container, no privilege: never waived for
    # Spinnaker's services (the probes only for the run-once `helm test` pod).
    for entry in _allowlist()["accepted"]:
        if entry["check"] in ("CKV_K8S_13", "CKV_K8S_8", "CKV_K8S_9", "CKV_K8S_20", "CKV_K8S_23", "CKV_K8S_28"):
            assert entry["objects"] == ["test-health"], entry
    # Pending entries wait on the bundled Redis/MySQL (and the NetworkPolicy default), nothing else.
    for entry in _allowlist()["pending"]:
        if entry["check"] != "CKV2_K8S_6":
            assert set(entry["objects"]) <= {"redis", "mysql"}, entry


def _normalized(text: str) -> str:
    return " ".join(text.split())


def test_every_allowlisted_check_is_explained_in_the_security_docs():
    with open(os.path.join(ROOT, "docs", "security.md")) as handle:
        security = _normalized(handle.read())
    allowlist = _allowlist()
    for entry in allowlist["accepted"] + allowlist["pending"]:
        assert entry["check"] in security, entry["check"]
        assert _normalized(entry["reason"]) in security, entry["check"]
