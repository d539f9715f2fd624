"""Releases as an input: which ones are supported, how the target release is
chosen, and what --kleat-compat changes."""
from __future__ import annotations

import pytest

from renderer.read import halconfig
from renderer.problems import ERROR, WARNING, Report
from renderer.releases import KLEAT, SUPPORTED, Release, Span, UnsupportedRelease, target

NOT_RELEASES = ["1.35", "v1.35.3", "io-codelab", "master-latest-unvalidated", "1.35.3-rc1", "2026.4", "",
                "01.35.0", " 1.35.3"]
UNSUPPORTED = ["1.29.9", "1.39.0", "2024.0.0", "2027.0.0", "0.1.0"]


@pytest.mark.parametrize("text", ["1.30.0", "1.35.3", "1.38.2", "2025.0.0", "2025.4.4", "2026.2.3", "2026.4.0",
                                  "2026.11.0"])
def test_supported_releases_parse(text):
    assert str(Release.parse(text)) == text


@pytest.mark.parametrize("text", NOT_RELEASES + UNSUPPORTED + [None, 1.35])
def test_anything_else_is_refused_naming_the_supported_lines(text):
    with pytest.raises(UnsupportedRelease) as refused:
        Release.parse(text)
    assert SUPPORTED in str(refused.value)


def test_releases_are_ordered_as_released():
    ordered = ["1.30.0", "1.35.3", "1.38.10", "2025.0.0", "2025.2.0", "2026.0.1", "2026.10.0"]
    assert sorted(map(Release.parse, reversed(ordered))) == list(map(Release.parse, ordered))
    assert Release.parse("1.38.10").line == "1.3x" and Release.parse("2026.4.0").line == "2026.x"


def test_span():
    span = Span(since="1.35.0", until="2026.3.0")
    assert Release.parse("1.35.0") in span and Release.parse("2026.2.3") in span
    assert Release.parse("1.34.9") not in span and Release.parse("2026.3.0") not in span
    assert span.describe() == "1.35.0 to before 2026.3.0"


def _read(data, requested=None, kleat_compat=False, fallback=None):
    return halconfig.read_for_release(data, requested, kleat_compat=kleat_compat, fallback=fallback)


def test_target_is_the_requested_release_else_the_halconfigs():
    assert _read({"version": "2025.2.1"})[1] == Release.parse("2025.2.1")
    assert _read({"version": "master-latest-unvalidated"}, Release.parse("1.36.0"))[1] == Release.parse("1.36.0")
    # The release that runs decides; a halconfig that says another is told so, not refused.
    hal, release, report = _read({"version": "2025.2.1"}, Release.parse("2026.1.0"))
    assert release == Release.parse("2026.1.0") and report.ok
    [problem] = report.warnings
    assert problem.path == ("version",) and "2025.2.1" in problem.message and "2026.1.0" in problem.message
    # Halyard's local bill of materials names the same release.
    assert _read({"version": "local:1.30.1"})[1] == Release.parse("1.30.1")


@pytest.mark.parametrize("version", ["1.20.5", "SPINNAKER-VERSION", "master-latest-unvalidated"])
def test_the_charts_release_replaces_one_this_renderer_does_not_write_for(version):
    hal, release, report = _read({"version": version}, fallback=Release.parse("2026.4.0"))
    assert release == Release.parse("2026.4.0") and report.ok
    [problem] = report.warnings
    assert version in problem.message and "2026.4.0" in problem.message and "spinnaker.version" in problem.hint


def test_the_chart_picks_the_same_releases_as_the_renderer():
    import re

    from renderer.releases import SUPPORTED_PATTERN, UnsupportedRelease

    for text in ("1.29.9", "1.30.0", "1.38.7", "1.39.0", "2024.1.0", "2025.0.0", "2026.12.3", "2027.0.0", "1.35"):
        try:
            supported = bool(Release.parse(text))
        except UnsupportedRelease:
            supported = False
        assert bool(re.match(SUPPORTED_PATTERN, text)) == supported, text


@pytest.mark.parametrize("version", ["master-latest-unvalidated", "1.35", None, "1.29.0"])
def test_no_release_is_an_error_and_kleat_compat_a_warning(version):
    data = {} if version is None else {"version": version}
    hal, release, report = _read(data)
    assert release is None
    [problem] = report.errors
    assert problem.path == ("version",) and SUPPORTED in problem.message
    # The --kleat-compat pointer is for the CLI only (Helm users cannot pass it).
    assert "--kleat-compat" in problem.render(cli=True) and "--kleat-compat" not in problem.render()
    hal, release, report = _read(data, kleat_compat=True)
    assert release == KLEAT and report.ok
    assert [p.level for p in report.problems] == [WARNING]


def test_halyard_version_is_found_in_its_deployment():
    data = {"currentDeployment": "d", "deploymentConfigurations": [{"name": "d", "version": "io-codelab"}]}
    hal, release, report = _read(data)
    assert report.errors[0].path == ("deploymentConfigurations", 0, "version")


def test_kleat_accepted_is_the_one_switch():
    strict, lax = Report(), Report(kleat_compat=True)
    for report in (strict, lax):
        report.kleat_accepted(("providers",), "kleat took it.", "Fix it.")
    assert strict.problems[0].level == ERROR and strict.problems[0].kleat
    assert "--kleat-compat" in strict.problems[0].render(cli=True)
    assert lax.problems[0].level == WARNING and lax.ok


# ------------------------------------------------------------------ CLI

def _write(tmp_path, text):
    path = tmp_path / "halconfig.yml"
    path.write_text(text)
    return str(path)


def test_cli_refuses_a_build_name_and_names_the_supported_lines(tmp_path, run_cli):
    source = _write(tmp_path, "version: master-latest-unvalidated\n")
    result = run_cli("generate", source, str(tmp_path / "out"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"error: version ({source}:1)" in result.stderr and SUPPORTED in result.stderr
    assert not (tmp_path / "out").exists()
    compat = run_cli("generate", "--kleat-compat", source, str(tmp_path / "out"))
    assert compat.returncode == 0, compat.stderr
    assert "warning: version" in compat.stderr and "1.30.0" in compat.stderr
    valid = run_cli("validate", "--kleat-compat", source)
    assert valid.returncode == 0 and "valid for Spinnaker 1.30.0" in valid.stderr


@pytest.mark.parametrize("release", ["1.35", "v1.35.3", "io-codelab", "2024.0.0"])
def test_cli_release_flag_is_checked(tmp_path, run_cli, release):
    result = run_cli("generate", "--release", release, _write(tmp_path, "{}\n"), str(tmp_path / "out"))
    assert result.returncode == 2 and SUPPORTED in result.stderr and "Traceback" not in result.stderr


def test_cli_release_flag_names_the_release(tmp_path, run_cli):
    out = tmp_path / "out"
    result = run_cli("generate", "--release", "2025.3.1", _write(tmp_path, "timezone: UTC\n"), str(out))
    assert result.returncode == 0, result.stderr
    assert "for Spinnaker 2025.3.1" in result.stderr


def test_fields_a_release_does_not_read_are_reported():
    data = {"version": "2026.4.0", "security": {"authn": {"saml": {
        "enabled": True, "metadataUrl": "/m.xml", "keyStore": "/k.jks", "redirectHostname": "gate"}}}}
    hal, release, report = _read(data)
    assert report.ok
    warned = {p.path: p.message for p in report.problems if p.level == WARNING}
    assert set(warned) == {("security", "authn", "saml", "keyStore"), ("security", "authn", "saml", "redirectHostname")}
    assert "2026.4.0 does not read" in warned[("security", "authn", "saml", "keyStore")]
    hal, release, report = _read(dict(data, version="1.34.0"))
    assert not report.problems


def test_declared_reads_are_well_formed():
    """Every conversion named in the model exists, and keys use only the placeholders translators fill in."""
    import string

    from renderer.generate.halconfig_reference import _all_fields
    from renderer.model import HAL
    from renderer.translate._reads import CONVERSIONS

    declared = [read for field in _all_fields(HAL) for read in field.reads]
    assert len(declared) > 30
    for read in declared:
        assert read.how is None or read.how in CONVERSIONS, read
        if read.key is not None:
            names = {name for _, name, _, _ in string.Formatter().parse(read.key) if name}
            assert names <= {"registration"}, read
