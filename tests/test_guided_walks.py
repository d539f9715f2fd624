"""The model-guided walks (renderer.model.walk) find exactly what a walk over every value finds:
they skip the fields that cannot lead to what is looked for, and nothing else."""
from __future__ import annotations

import glob
import os

import pytest
import yaml

from conftest import ROOT, reference_cases, string_values
from renderer.model import HAL
from renderer.model.dsl import MSG
from renderer.model.credentials import secret_values
from renderer.model.walk import keyed_strings, keyed_strings_by, missing_required, strings, without_fields
from renderer.problems import Report
from renderer.read.halconfig import read
from renderer.read.preflight import FILE_FIELDS, URL_FIELDS
from renderer.read.unread import report_unread
from renderer.releases import KLEAT, Release
from renderer.translate._common import for_release


def _every_keyed_string(node, keys, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in keys and isinstance(value, str):
                yield path + (key,), value
            else:
                yield from _every_keyed_string(value, keys, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if isinstance(value, (dict, list)):
                yield from _every_keyed_string(value, keys, path + (i,))


def _every_missing(msg, data, path=()):
    if not isinstance(data, dict):
        return
    for f in msg.fields.values():
        if f.required and f.halyard is None and not data.get(f.name):
            yield path + (f.name,), msg.name, f.name
        value = data.get(f.name)
        if f.kind != MSG or value is None:
            continue
        for ref, item, where in _children(f, value, path):
            yield from _every_missing(ref, item, where)


def _children(field, value, path):
    """(message, data, path) of each message a message-typed field holds: itself, or its list or map entries."""
    items = (enumerate(value) if field.repeated and isinstance(value, list)
             else value.items() if field.map and isinstance(value, dict) else None)
    if items is None:
        yield field.ref, value, path + (field.name,)
    else:
        for key, item in items:
            yield field.ref, item, path + (field.name, key)


def _declared(msg, data):
    """(name, value, field) of each key of `data` the message declares."""
    if isinstance(data, dict):
        for name, value in data.items():
            field = msg.fields.get(name)
            if field is not None:
                yield name, value, field


def _every_unread(msg, data, release, path=()):
    for name, value, field in _declared(msg, data):
        if field.reads and not field.reads_for(release):
            yield path + (name,)
            continue
        if field.kind != MSG:
            continue
        for ref, item, where in _children(field, value, path):
            yield from _every_unread(ref, item, release, where)


def _every_secret(msg, data):
    for _, value, field in _declared(msg, data):
        if field.secret:
            yield from (text for text in string_values(value) if text)
        elif field.kind == MSG:
            for ref, item, _ in _children(field, value, ()):
                yield from _every_secret(ref, item)


# Releases on both sides of the model's Read boundaries (test_the_releases_lie_in_and_out_of_every_span).
RELEASES = (KLEAT, Release(1, 35, 0), Release(2025, 1, 6), Release(2025, 2, 0), Release(2025, 2, 3),
            Release(2025, 3, 2), Release(2026, 0, 0), Release(2026, 1, 0), Release(2026, 3, 0), Release(2026, 4, 0))


def _halconfigs():
    paths = [case[1] for case in reference_cases() if os.path.isfile(case[1])]
    paths += [os.path.join(ROOT, "examples", "halconfig.yml"), os.path.join(ROOT, "tests", "golden", "mixed", "halconfig.yml")]
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            yield path, yaml.safe_load(handle)
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml"))):
        with open(path, encoding="utf-8") as handle:
            values = yaml.safe_load(handle) or {}
        if isinstance(values.get("halconfig"), dict):
            yield path, values["halconfig"]
    # Free-form values holding a key looked for, nameless entries at several depths, and a field some
    # releases do not read, so the release walks have work without the reference corpus.
    yield "free-form", {
        "providers": {"cloudfoundry": {"enabled": True, "accounts": [
            {"name": "cf", "spaceFilter": {"org": {"url": "https://inside.example.com", "list": [{"address": "x"}]}}},
            {"apiHost": "api.example.com"}, {"name": "flag", "spaceFilter": True}]}},
        "ci": {"jenkins": {"enabled": True, "masters": [{"address": "https://jenkins.example.com"}]},
               "wercker": {"enabled": True}},  # read by no current release: the release walks report it
        "canary": {"serviceIntegrations": {"prometheus": {"enabled": True, "accounts": [
            {"name": "p", "endpoint": {"baseUrl": "http://prometheus:9090"}}, {"endpoint": {}}]}}},
    }


CASES = list(_halconfigs())


@pytest.mark.parametrize("name,data", CASES, ids=[os.path.basename(c[0]) for c in CASES])
def test_guided_walks_find_what_full_walks_find(name, data):
    hal, _ = read(data)
    assert hal is not None, name
    for keys in (FILE_FIELDS, URL_FIELDS):
        assert keyed_strings(HAL, hal, keys) == list(_every_keyed_string(hal, keys)), keys
    assert keyed_strings_by(HAL, hal, (FILE_FIELDS, URL_FIELDS)) == [
        list(_every_keyed_string(hal, FILE_FIELDS)), list(_every_keyed_string(hal, URL_FIELDS))]
    assert missing_required(HAL, hal) == list(_every_missing(HAL, hal))
    assert secret_values(HAL, hal) == set(_every_secret(HAL, hal))


def test_the_cases_exercise_the_walks():
    found = [hit for _, data in CASES for hit in keyed_strings(HAL, read(data)[0], URL_FIELDS)]
    assert ("providers", "cloudfoundry", "accounts", 0, "spaceFilter", "org", "url") in [p for p, _ in found]
    assert any(missing_required(HAL, read(data)[0]) for _, data in CASES)
    assert any(secret_values(HAL, read(data)[0]) for _, data in CASES)


@pytest.mark.parametrize("name,data", CASES, ids=[os.path.basename(c[0]) for c in CASES])
def test_pruned_copies_and_unread_warnings_match_full_walks(name, data):
    hal, _ = read(data)
    assert hal is not None, name
    assert strings(hal) == list(string_values(hal))
    for release in RELEASES:
        def unread_in_place(field):
            return field.reads and all(r.key is None for r in field.reads) and not field.reads_for(release)

        assert for_release(HAL, hal, release) == without_fields(HAL, hal, unread_in_place), release
        report = Report()
        report_unread(HAL, hal, release, report)
        assert [p.path for p in report.problems] == list(_every_unread(HAL, hal, release)), release


def test_pruned_shares_what_it_does_not_change():
    hal, _ = read({"ci": {"wercker": {"enabled": True}, "jenkins": {"enabled": True, "masters": [
        {"name": "j", "address": "https://jenkins.example.com"}]}}, "providers": {"kubernetes": {
            "enabled": True, "accounts": [{"name": "k"}]}}})
    out = for_release(HAL, hal, Release(2026, 4, 0))
    assert "wercker" not in out["ci"] and "wercker" in hal["ci"]  # copied where a field went
    assert out["ci"]["jenkins"] is hal["ci"]["jenkins"] and out["providers"] is hal["providers"]
    assert for_release(HAL, hal, KLEAT) is hal  # nothing dropped: nothing copied


def test_the_cases_exercise_the_release_walks():
    assert any(list(_every_unread(HAL, read(data)[0], release)) for _, data in CASES for release in RELEASES)


def _fields(msg, seen):
    if msg.name in seen:
        return
    seen.add(msg.name)
    for field in msg.fields.values():
        yield field
        if field.kind == MSG:
            yield from _fields(field.ref, seen)


def test_the_releases_lie_in_and_out_of_every_span():
    """Every release span a field is read in holds one of RELEASES, and one lies outside it unless it is
    all of them: the walks above are checked from both sides of each boundary."""
    spans = [read.span for field in _fields(HAL, set()) for read in field.reads]
    assert spans
    for span in spans:
        assert any(release in span for release in RELEASES), span
        assert span.since is None or any(release < span.since for release in RELEASES), span
        assert span.until is None or any(release >= span.until for release in RELEASES), span
