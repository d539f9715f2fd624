"""The project's own golden case: a halconfig written here, translated for two releases, compared
with expected per-service files kept in this repository. Unlike the kleat conformance
(tests/test_conformance.py) it needs nothing outside the clone.

tests/golden/<case>/halconfig.yml            the input (no `version`: the release is given per run)
tests/golden/<case>/expected/<release>/      what `spinnaker-renderer generate --release <release>` writes

The case mixes what most installations have: Kubernetes and Docker registry accounts, a GitHub
artifact account, an S3 front50 store, OAuth2 login behind overridden Deck/Gate URLs, Slack
notifications and canary analysis (Prometheus metrics, S3 storage). It is translated for the
chart's default release and for one 1.x release, so the settings that moved between them (gate's
OAuth2 client above all) are pinned for both.

The comparison has the comparator's semantics (../shared/tools/compare_kleat_outputs.py,
re-implemented here so that no ../shared is needed): `.yml` files as parsed YAML (an empty file
is {}), `settings.js` by the object it assigns to `window.spinnakerSettings`, `deck.env` as a
set of KEY=VALUE lines; an empty list counts as an absent key; a notification credential in
settings.js is a failure. Both sides must also hold the same files.

Regenerate the expected files after a deliberate change of output with `make golden` (or
`.venv/bin/python tests/test_golden.py`), then read the diff against the release's sources
(tests/data/release-facts/*.json) before committing: a golden file that pins a bug is worse
than none.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
import yaml

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The chart's default release and one release of the 1.x line (before gate's OAuth2 client moved).
RELEASES = ("2026.4.0", "1.35.0")
CASES = sorted(d for d in os.listdir(GOLDEN) if os.path.isfile(os.path.join(GOLDEN, d, "halconfig.yml")))


# comparison ----------------------------------------------------------------------------------

def _load_yaml(path):
    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    return {} if data is None else data


def _load_settings(path):
    """The object settings.js assigns to window.spinnakerSettings (the renderer writes it as JSON)."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read().strip()
    prefix = "window.spinnakerSettings = "
    if not text.startswith(prefix):
        raise ValueError(f"does not start with {prefix!r}")
    return json.loads(text[len(prefix):].rstrip(";"))


def _load_env(path):
    pairs = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#"):
                key, _, value = line.partition("=")
                pairs[key] = value
    return pairs


def _load(path):
    if not os.path.exists(path):
        return {}
    loader = _load_settings if path.endswith(".js") else _load_env if path.endswith(".env") else _load_yaml
    return loader(path)


def _without_empty_lists(node):
    if isinstance(node, dict):
        return {k: _without_empty_lists(v) for k, v in node.items() if v != []}
    if isinstance(node, list):
        return [_without_empty_lists(v) for v in node]
    return node


def _paths(actual, expected, at="", out=None):
    """Where `actual` differs from `expected`, as /key[index] paths."""
    out = [] if out is None else out
    if isinstance(actual, dict) and isinstance(expected, dict):
        for key in sorted(set(actual) | set(expected), key=str):
            if key not in actual:
                out.append(f"{at}/{key}: missing")
            elif key not in expected:
                out.append(f"{at}/{key}: unexpected")
            else:
                _paths(actual[key], expected[key], f"{at}/{key}", out)
    elif isinstance(actual, list) and isinstance(expected, list) and len(actual) == len(expected):
        for i, (a, e) in enumerate(zip(actual, expected)):
            _paths(a, e, f"{at}[{i}]", out)
    elif actual != expected:
        out.append(f"{at or '/'}: {json.dumps(actual, default=str)[:100]} != expected "
                   f"{json.dumps(expected, default=str)[:100]}")
    return out


def differences(actual_dir: str, expected_dir: str) -> list[str]:
    """One line per file whose content differs (by the comparator's semantics) or that one side lacks."""
    found = []
    actual_names, expected_names = set(os.listdir(actual_dir)), set(os.listdir(expected_dir))
    for name in sorted(actual_names ^ expected_names):
        found.append(f"{name}: only in {'the output' if name in actual_names else 'the expected files'}")
    for name in sorted(actual_names | expected_names):
        try:
            actual = _without_empty_lists(_load(os.path.join(actual_dir, name)))
            expected = _without_empty_lists(_load(os.path.join(expected_dir, name)))
        except (ValueError, yaml.YAMLError) as error:
            found.append(f"{name}: unreadable ({error})")
            continue
        if name.endswith(".js"):
            leaked = sorted(kind for kind, block in (actual.get("notifications") or {}).items()
                            if isinstance(block, dict) and "token" in block)
            if leaked:
                found.append(f"{name}: browser-visible credentials for notifications {', '.join(leaked)}")
        if actual != expected:
            found.append(f"{name}: " + "; ".join(_paths(actual, expected)[:8]))
    return found


# running the translator ----------------------------------------------------------------------

def generate(case: str, release: str, out: str) -> subprocess.CompletedProcess:
    """`spinnaker-renderer generate --release RELEASE <case>/halconfig.yml OUT`, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "renderer", "generate", "--release", release,
                           os.path.join(GOLDEN, case, "halconfig.yml"), out],
                          capture_output=True, text=True, cwd=ROOT)


def expected_dir(case: str, release: str) -> str:
    return os.path.join(GOLDEN, case, "expected", release)


# tests -----------------------------------------------------------------------------------------

def test_there_is_a_golden_case_for_every_release():
    assert CASES
    for case in CASES:
        for release in RELEASES:
            assert os.listdir(expected_dir(case, release)), (case, release)


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("case", CASES)
def test_translation_matches_the_golden_files(case, release, tmp_path):
    out = tmp_path / "out"
    result = generate(case, release, str(out))
    assert result.returncode == 0, result.stderr
    assert differences(str(out), expected_dir(case, release)) == [], (
        "output changed: if deliberately, run `make golden` and review the diff")


def test_the_comparison_catches_what_it_should(tmp_path):
    """The comparison is not vacuous: a changed value, a missing file, a leaked notification token
    and an unreadable file each fail; an empty list and an absent key are the same."""
    expected = expected_dir(CASES[0], RELEASES[0])
    assert differences(expected, expected) == []
    copy = tmp_path / "copy"
    shutil.copytree(expected, copy)
    gate = _load_yaml(copy / "gate.yml")
    (copy / "gate.yml").write_text(yaml.safe_dump(dict(gate, extra=[])))
    assert differences(str(copy), expected) == []
    (copy / "gate.yml").write_text(yaml.safe_dump(dict(gate, extra={"a": 1})))
    assert [line.split(":")[0] for line in differences(str(copy), expected)] == ["gate.yml"]
    (copy / "gate.yml").write_text(yaml.safe_dump(gate))
    settings = _load_settings(copy / "settings.js")
    settings["notifications"]["slack"]["token"] = "xoxb-leak"
    (copy / "settings.js").write_text("window.spinnakerSettings = " + json.dumps(settings) + ";\n")
    assert any("browser-visible credentials" in line for line in differences(str(copy), expected))
    (copy / "settings.js").write_text("alert(1);\n")
    assert any("unreadable" in line for line in differences(str(copy), expected))
    shutil.copy(os.path.join(expected, "settings.js"), copy / "settings.js")
    os.remove(copy / "orca.yml")
    assert differences(str(copy), expected)[0] == "orca.yml: only in the expected files"


def test_golden_files_pin_what_each_release_reads():
    """The golden gate.yml files agree with the services' sources (tests/data/release-facts): gate
    reads `security.oauth2.client.*` in 1.35 and Spring Security's OAuth2 client since 2025.2.0."""
    facts_dir = os.path.join(ROOT, "tests", "data", "release-facts")
    with open(os.path.join(facts_dir, "1.35.json"), encoding="utf-8") as handle:
        old_reads = json.dumps(json.load(handle)["services"]["gate"])
    with open(os.path.join(facts_dir, "main.json"), encoding="utf-8") as handle:  # 2026.3 and newer
        new_reads = json.dumps(json.load(handle)["services"]["gate"])
    assert "security.oauth2.client.client-id" in old_reads
    assert "security.oauth2.client.client-id" not in new_reads.replace("spring.security.oauth2", "")
    for case in CASES:
        new, old = (_load_yaml(os.path.join(expected_dir(case, r), "gate.yml")) for r in RELEASES)
        assert new["spring"]["security"]["oauth2"]["client"]["registration"] and "security" not in new
        assert old["security"]["oauth2"]["client"]["clientId"] and "spring" not in old
        settings = _load_settings(os.path.join(expected_dir(case, RELEASES[0]), "settings.js"))
        assert "token" not in settings["notifications"]["slack"]


# regeneration ----------------------------------------------------------------------------------

def regenerate() -> None:
    """Rewrite every expected directory from the current translator."""
    for case in CASES:
        for release in RELEASES:
            target = expected_dir(case, release)
            shutil.rmtree(target, ignore_errors=True)
            result = generate(case, release, target)
            if result.returncode != 0:
                sys.exit(f"{case} for {release}: {result.stderr.strip()}")
            print(f"wrote {os.path.relpath(target, ROOT)}")


if __name__ == "__main__":
    regenerate()
