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
    """(id, halconfig path, expected dir) for every case in the reference corpus; none without it (a
    public clone has no ../shared: the tests over these cases then have no parameters, and
    tests/test_corpus_present.py says why, or fails under CI)."""
    cases = []
    if os.path.isfile(os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml")):
        cases.append(("kleat-corpus", os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml"),
                      os.path.join(REFERENCE, "kleat-corpus", "expected")))
    for d in sorted(glob.glob(os.path.join(REFERENCE, "kleat-corpus", "variants", "*"))):
        cases.append((os.path.basename(d), os.path.join(d, "halconfig.yml"), os.path.join(d, "expected")))
    for d in sorted(glob.glob(os.path.join(REFERENCE, "halyard-format", "*"))):
        cases.append(("halyard-" + os.path.basename(d), os.path.join(d, "config"), os.path.join(d, "expected")))
    return cases


def corpus_params():
    """The corpus cases to parametrize over; without a corpus, one case whose test skips with the
    reason (or fails under CI) through need_reference(), instead of pytest's empty-set skip."""
    return reference_cases() or [("reference-corpus-missing", "", "")]


def string_values(node):
    """Every string value in parsed data, depth first (keys left out: `password:` is no credential)."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from string_values(value)
    elif isinstance(node, list):
        for value in node:
            yield from string_values(value)


# Real Halyard directories whose migrated values the runtime model refuses until migrate rewrites
# Halyard's Service names (issue 33, item 4), with why. Strict: when migrate does, these tests XPASS and
# fail, and the entry goes.
MIGRATE_PENDING: dict = {}


def corpus_param(name, *more, id=None):
    """pytest.param for a real Halyard directory `name` (and further arguments), expected to fail while
    it is in MIGRATE_PENDING."""
    reason = MIGRATE_PENDING.get(name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(name, *more, marks=marks, id=id)


CORPUS_MISSING = "reference corpus not found at "


def need_reference():
    if not os.path.isdir(REFERENCE):
        message = f"{CORPUS_MISSING}{REFERENCE} (set SPINNAKER_SHARED)"
        if os.environ.get("CI"):  # CI has ../shared beside the clone: a missing corpus is a broken run
            pytest.fail(message + "; CI must run the kleat conformance")
        pytest.skip(message)


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


# Real Helm binaries, installed by `make setup` (scripts/install_helm.py) at these paths.
HELM_BINARIES = {3: os.path.join(ROOT, ".venv", "bin", "helm3"), 4: os.path.join(ROOT, ".venv", "bin", "helm4")}
KUBECTL = os.path.join(ROOT, ".venv", "bin", "kubectl")


class HelmBinary(str):
    """The path of a real helm binary; `.env` is an environment of its own for it.

    Helm 3 and Helm 4 must not share a plugins directory (Helm 3 refuses the
    Helm 4 plugin.yaml and then fails `helm plugin list`), so each gets its own
    HELM_DATA_HOME in `.env`; pass `env=helmN.env` whenever plugins are involved.
    Config and cache homes are isolated for the whole session in os.environ too.
    """

    env: dict
    major: int

    def run(self, *args, env=None, **kwargs):
        """subprocess.run([self, *args]) with .env (plus `env`), text and captured output."""
        import subprocess

        kwargs.setdefault("capture_output", True)
        kwargs.setdefault("text", True)
        return subprocess.run([str(self), *args], env=dict(self.env, **(env or {})), **kwargs)


def _missing_helm(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the real-helm tests (make setup installs the binaries)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def helm_homes(tmp_path_factory):
    """Session-wide isolated HELM_CONFIG_HOME / HELM_CACHE_HOME / HELM_DATA_HOME (in os.environ)."""
    base = tmp_path_factory.mktemp("helm-home")
    saved = {k: os.environ.get(k) for k in ("HELM_CONFIG_HOME", "HELM_CACHE_HOME", "HELM_DATA_HOME", "HELM_PLUGINS")}
    os.environ.update(HELM_CONFIG_HOME=str(base / "config"), HELM_CACHE_HOME=str(base / "cache"),
                      HELM_DATA_HOME=str(base / "data"))
    # Helm 4.1.4 installs plugins under HELM_DATA_HOME but looks them up in HELM_PLUGINS.
    os.environ.pop("HELM_PLUGINS", None)
    yield base
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def _helm(major: int, base) -> HelmBinary:
    path = HELM_BINARIES[major]
    if not os.access(path, os.X_OK):
        _missing_helm(f"no Helm {major} at {path} (`make setup` installs it; it needs npm and linux/x86_64)")
    helm = HelmBinary(path)
    helm.major = major
    data = base / f"data-helm{major}"
    data.mkdir(exist_ok=True)
    helm.env = {k: v for k, v in os.environ.items() if k != "HELM_PLUGINS"}
    helm.env["HELM_DATA_HOME"] = str(data)
    return helm


@pytest.fixture(scope="session")
def helm3(helm_homes) -> HelmBinary:
    """Real Helm 3.17.2 (.venv/bin/helm3): skips when missing, fails under CI."""
    return _helm(3, helm_homes)


@pytest.fixture(scope="session")
def helm4(helm_homes) -> HelmBinary:
    """Real Helm 4.1.4 (.venv/bin/helm4): skips when missing, fails under CI."""
    return _helm(4, helm_homes)


@pytest.fixture(scope="session")
def helmfile(helm_homes) -> str:
    """Real helmfile 0.166 (.venv/bin/helmfile; Helm 3 only): skips when missing, fails under CI."""
    path = os.path.join(ROOT, ".venv", "bin", "helmfile")
    if not os.access(path, os.X_OK):
        _missing_helm(f"no helmfile at {path} (`make setup` installs it from PyPI)")
    return path


@pytest.fixture(scope="session")
def release_renders() -> dict:
    """{(Helm major, example): the release it renders}, filled by tests/test_render_stability.py's
    real_helm_release: each example is rendered once a session for the tests that read its release."""
    return {}


@pytest.fixture(scope="session")
def installed_renderer(tmp_path_factory):
    """bin/ of a fresh venv with only `pip install <this project>`: no checkout on PATH or sys.path."""
    import subprocess

    import shutil

    base = tmp_path_factory.mktemp("fresh")
    # From a clean copy: setuptools' in-tree build/ could otherwise ship stale files.
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(source)], capture_output=True, text=True)
    if pip.returncode:
        if os.environ.get("CI"):
            pytest.fail(f"pip install . failed:\n{pip.stderr}")
        pytest.skip(f"pip install . failed (no package index?): {pip.stderr.strip().splitlines()[-1:]}")
    return venv / "bin"


def chart_ready(halconfig: dict) -> dict:
    """Chart values carrying a reference-corpus halconfig, the way a Helm user must give it.

    kleat's corpus names a build (`master-latest-unvalidated`) as its version and points at files
    under /var/secrets without saying which Secret holds them: under Helm both are refused
    (renderer/read/preflight/files.py, renderer/releases.py), so the version is left to the chart and
    `secrets.files` names a Secret."""
    halconfig = dict(halconfig)
    halconfig.pop("version", None)
    return {"halconfig": halconfig, "secrets": {"files": [{"secretName": "spinnaker-files"}]}}


# Every optional service on, each with what its preflight checks ask for (renderer/read/preflight/).
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


def pytest_terminal_summary(terminalreporter):
    """A run without the corpus says so at its end: its tests skipped, so it is not the whole suite."""
    skipped = sum(CORPUS_MISSING in str(report.longrepr) for report in terminalreporter.stats.get("skipped", ()))
    if skipped:
        terminalreporter.write_sep(
            "-", f"{skipped} corpus test{'s' if skipped != 1 else ''} skipped: ../shared is not beside this clone "
                 f"(looked in {SHARED}; set SPINNAKER_SHARED): the kleat conformance and the real-world configs and "
                 "Halyard directories were not run, so this is not the whole suite", yellow=True)
