"""Every key we write for a Java service is one that release's service reads.

What each release reads is recorded in `tests/data/release-facts/<release>.json`,
written by `scripts/release-facts.py` from Spinnaker's own sources (see its
docstring for the rules). For the reference halconfig and every example, rendered
for every recorded release, each emitted key must match a key the service or kork
binds (Spring's relaxed binding: case, `-` and `_` do not matter; a recorded
`prefix.*` accepts any key below it). Two short data files say what else passes:
- `release-facts-allowlist.yaml`: keys read by code outside the monorepo
  (Spring Boot, libraries), each with why and for which releases;
- `release-facts-known-violations.yaml`: keys we emit today that the release does
  not read, each with why, kept until a translator is fixed. A new violation fails.
"""
from __future__ import annotations

import functools
import glob
import json
import os
import warnings

import pytest
import yaml

from renderer.read.halconfig import read
from renderer.read.preflight import Chart
from renderer.read.inputs import chart_facts
from renderer.postrender.configset import ConfigSet
from renderer.postrender.expose import apply_expose
from renderer.releases import Release, Span
from renderer.translate import OUTPUTS, translate

from conftest import REFERENCE, ROOT

DATA = os.path.join(ROOT, "tests", "data")
FACTS_DIR = os.path.join(DATA, "release-facts")
# The release each facts file is rendered for: the release the file is named after,
# `main` for the newest one (it stands for 2026.3 and later, the chart's default).
MAIN_RELEASE = "2026.4.0"
# Output files no Spring service reads (Deck, the monitoring daemon).
NOT_SPRING = {"deck", "monitoring"}


def facts_files():
    return sorted(glob.glob(os.path.join(FACTS_DIR, "*.json")))


def release_of(path: str) -> Release:
    name = os.path.basename(path)[:-len(".json")]
    if name == "main":
        return Release.parse(MAIN_RELEASE)
    parts = name.split(".")
    return Release.parse(".".join(parts + ["0"] * (3 - len(parts))))


def normalise(key: str) -> tuple:
    """Spring's relaxed binding, segment by segment."""
    return tuple(part.replace("-", "").replace("_", "").lower() for part in key.split("."))


class Reads:
    """What one service reads at one release: exact keys and open prefixes."""

    def __init__(self):
        self.keys: set[tuple] = set()
        self.prefixes: set[tuple] = set()

    def add(self, key: str):
        if key == "*":
            self.prefixes.add(())
        elif key.endswith(".*"):
            self.prefixes.add(normalise(key[:-2]))
        else:
            self.keys.add(normalise(key))

    def __contains__(self, key: tuple) -> bool:
        return key in self.keys or any(key[:len(p)] == p for p in self.prefixes)

    def anything_below(self, key: tuple) -> bool:
        """An empty mapping or list at `key` is harmless when the service reads keys below it."""
        return key in self or any(k[:len(key)] == key for k in self.keys | self.prefixes)


@functools.lru_cache(maxsize=None)
def reads(path: str, service: str) -> Reads:
    with open(path) as f:
        services = json.load(f)["services"]
    result = Reads()
    for owner in (service, "kork"):
        for keys in services[owner].values():
            for key in keys:
                result.add(key)
    return result


def _entries(name):
    with open(os.path.join(DATA, name)) as f:
        return yaml.safe_load(f)


@functools.lru_cache(maxsize=None)
def allowlist():
    return [dict(e, span=Span(e.get("since"), e.get("until"))) for e in _entries("release-facts-allowlist.yaml")]


@functools.lru_cache(maxsize=None)
def known_violations():
    return _entries("release-facts-known-violations.yaml")


def pattern_matches(pattern: str, key: tuple) -> bool:
    """`a.*.c`: `*` is any one segment (a map key such as a registration id);
    a trailing `.*` is anything below."""
    parts = normalise(pattern)
    open_below = parts[-1] == "*"
    if open_below:
        parts = parts[:-1]
        if len(key) < len(parts):
            return False
    elif len(key) != len(parts):
        return False
    return all(p == "*" or p == k for p, k in zip(parts, key))


def allowed(service: str, key: tuple, release: Release) -> bool:
    for entry in allowlist():
        if service in entry["services"] and release in entry["span"] and \
                any(pattern_matches(p, key) for p in entry["keys"]):
            return True
    return False


def emitted_keys(data, trail=()):
    """(dotted key, is an empty mapping/list) for every leaf of a YAML document; list
    items continue their list's key (Spring binds `a.b[0].c` to the field `c` of `a.b`)."""
    if isinstance(data, dict) and data:
        for key, value in data.items():
            yield from emitted_keys(value, trail + (str(key),))
    elif isinstance(data, list) and any(isinstance(item, dict) for item in data):
        for item in data:
            if isinstance(item, dict):
                yield from emitted_keys(item, trail)
    elif trail:
        yield ".".join(trail), data in ({}, [])


def inputs():
    """(id, halconfig data, what the chart's values say or None): the reference halconfig, every example,
    and the fields releases added."""
    found = []
    reference = os.path.join(REFERENCE, "kleat-corpus", "halconfig.yml")
    if os.path.exists(reference):
        with open(reference) as f:
            found.append(("reference", yaml.safe_load(f), None))
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.y*ml"))):
        with open(path) as f:
            data = yaml.safe_load(f)
        name = os.path.basename(path)
        if name.startswith("values-"):
            if isinstance(data, dict) and data.get("halconfig"):
                found.append((name, data["halconfig"], chart_facts(data)))
        elif name == "halconfig.yml":
            found.append((name, data, None))
    with open(os.path.join(ROOT, "tests", "data", "release-facts-fields.yml")) as f:
        found.append(("release-scoped fields", yaml.safe_load(f), None))
    return found


def chart_inputs():
    """(id, config bundle) the chart renders for its defaults and each example's values."""
    from test_chart_templates import bundle

    found = [("chart defaults", bundle({}))]
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml"))):
        with open(path) as f:
            found.append((os.path.basename(path), bundle(yaml.safe_load(f))))
    return found


@functools.lru_cache(maxsize=None)
def chart_bundles():
    return tuple(chart_inputs())


def check_document(path: str, release: Release, service: str, data, input_id: str, found: dict):
    service_reads = reads(path, service)
    for key, empty in emitted_keys(data):
        norm = normalise(key)
        if norm in service_reads or allowed(service, norm, release):
            continue
        if empty and service_reads.anything_below(norm):
            continue
        found.setdefault(service, {}).setdefault(key, []).append(input_id)


def violations(path: str) -> dict:
    """{service: {key as emitted: [inputs]}} of keys the release does not read."""
    release = release_of(path)
    found: dict = {}
    for input_id, data, chart in inputs():
        hal, report = read(data, chart=chart)
        assert report.ok, f"{input_id}: {report}"
        outputs = translate(hal, release)
        for file_name, (service, _) in OUTPUTS.items():
            if service not in NOT_SPRING:
                check_document(path, release, service, outputs[file_name], input_id, found)
    return found


# Files a Java service reads that are not ours to check: the monitoring daemon's,
# and the user's own profiles (values `profiles`), passed through as given.
def _chart_file_checked(service: str, name: str) -> bool:
    return not name.startswith("spinnaker-monitoring") and not name.endswith("-local.yml")


def chart_violations(path: str) -> dict:
    """Like `violations`, for every file the post-renderer writes for a Java service
    (spinnaker.yml discovery, <service>-helm.yml, the HA split profiles)."""
    release = release_of(path)
    found: dict = {}
    for input_id, bundle in chart_bundles():
        hal, report = read(bundle.get("halconfig") or {}, deployment=bundle.get("halconfigDeployment") or None,
                           chart=Chart.from_bundle(bundle))
        assert report.ok, f"{input_id}: {report}"
        hal = apply_expose(hal, bundle.get("expose") or {})
        files = ConfigSet(bundle, hal, translate(hal, release)).files()
        shared = {}
        for service, by_name in files.items():
            if service in NOT_SPRING:
                continue
            for name, data in by_name.items():
                if name == "spinnaker.yml":
                    shared = data
                elif name != f"{service}.yml" and _chart_file_checked(service, name):
                    check_document(path, release, service, data, f"{input_id}: {name}", found)
        # spinnaker.yml is one file for every service (as Halyard wrote it): each key
        # must be read by at least one of them.
        for key, _ in emitted_keys(shared):
            norm = normalise(key)
            if not any(norm in reads(path, s) or allowed(s, norm, release)
                       for s in files if s not in NOT_SPRING):
                found.setdefault("spinnaker", {}).setdefault(key, []).append(f"{input_id}: spinnaker.yml")
    return found


def known(release_name: str) -> dict:
    """{service: Reads} of what the known-violations file lists for this facts file."""
    out: dict = {}
    for entry in known_violations():
        releases = entry["releases"]
        if releases == "all" or release_name in releases:
            for key in entry["keys"]:
                out.setdefault(entry["service"], Reads()).add(key)
    return out


@pytest.mark.parametrize("path", facts_files(), ids=os.path.basename)
def test_chart_wiring_is_read_by_the_release(path):
    """Discovery, the helm profile and the HA split profiles: keys the post-renderer
    adds from how the chart deployed things."""
    found = chart_violations(path)
    expected = known(os.path.basename(path)[:-len(".json")])
    new = {service: sorted(f"{k} ({', '.join(sorted(set(i)))})" for k, i in keys.items()
                           if normalise(k) not in expected.get(service, Reads()))
           for service, keys in found.items()}
    new = {service: keys for service, keys in new.items() if keys}
    assert not new, f"chart wiring keys Spinnaker {release_of(path)} does not read: {new}"


def test_facts_cover_every_supported_line():
    lines = {release_of(p).line for p in facts_files()}
    assert lines == {"1.3x", "2025.x", "2026.x"}


def test_facts_record_their_origin():
    for path in facts_files():
        with open(path) as f:
            doc = json.load(f)
        assert doc["origin"] and doc["stands-for"], path
        # a bare "*" would accept every key for that service
        assert not any("*" in keys for files in doc["services"].values() for keys in files.values()), path
        assert set(doc["services"]) == {"clouddriver", "echo", "fiat", "front50", "gate", "igor", "kayenta",
                                        "keel", "kork", "orca", "rosco"}, path


def test_matching_follows_relaxed_binding_and_open_prefixes():
    r = Reads()
    r.add("spring.security.oauth2.client.registration.user-info-mapping.email")
    r.add("services.*")
    assert normalise("spring.security.oauth2.client.registration.userInfoMapping.email") in r
    assert normalise("services.fiat.baseUrl") in r
    assert normalise("security.oauth2.client.clientId") not in r
    assert normalise("service.fiat") not in r
    assert pattern_matches("spring.security.oauth2.client.registration.*.client-id",
                           normalise("spring.security.oauth2.client.registration.github.clientId"))
    assert not pattern_matches("spring.security.oauth2.client.registration.*.client-id",
                               normalise("spring.security.oauth2.client.registration.clientId"))
    assert pattern_matches("server.*", normalise("server.ssl.key-store"))


def test_allowlist_and_known_violations_give_reasons():
    for entry in allowlist() + list(known_violations()):
        assert len(entry.get("why", "")) > 20, entry
        assert entry.get("services") or entry.get("service"), entry


@pytest.mark.parametrize("path", facts_files(), ids=os.path.basename)
def test_every_emitted_key_is_read_by_the_release(path):
    if not inputs():
        pytest.skip("no halconfig to render")
    name = os.path.basename(path)[:-len(".json")]
    found = violations(path)
    expected = known(name)
    new = {service: sorted(k for k in keys if normalise(k) not in expected.get(service, Reads()))
           for service, keys in found.items()}
    new = {service: keys for service, keys in new.items() if keys}
    assert not new, (
        f"keys we write that Spinnaker {name} does not read (facts: {os.path.relpath(path, ROOT)}): "
        + "; ".join(f"{s}.yml: {', '.join(k)}" for s, k in sorted(new.items()))
        + ". Fix the translator for this release, or, if a service reads the key in a way the facts "
          "script cannot see, add it to tests/data/release-facts-allowlist.yaml with why.")
    stale = []
    for service, listed in expected.items():
        emitted = Reads()
        for key in found.get(service, {}):
            emitted.add(key)
        stale += [f"{service}: {'.'.join(k) or '*'}" for k in sorted(listed.keys) if k not in emitted]
        stale += [f"{service}: {'.'.join(p)}.*" for p in sorted(listed.prefixes)
                  if not any(k[:len(p)] == p for k in emitted.keys)]
    if stale:
        warnings.warn(f"{name}: known violations no longer emitted (remove them from "
                      f"tests/data/release-facts-known-violations.yaml): {', '.join(stale)}")
