"""Fields some releases' services do not read are written exactly for the releases that read them
(`Field.releases`), with the release boundaries found at the release tags."""
from __future__ import annotations

import pytest

from renderer.read.halconfig import read
from renderer.releases import KLEAT, Release
from renderer.translate import translate


def out(data, release: str) -> dict:
    hal, report = read(data)
    assert report.ok, [p.render() for p in report.errors]
    return translate(hal, Release.parse(release) if release != "kleat" else KLEAT)


RESTRICTIONS = {"allowedDomains": ["example.com"], "excludedDomains": ["invalid"]}
ARTIFACTS = {"artifacts": {
    "http": {"enabled": True, "accounts": [{"name": "web", "urlRestrictions": RESTRICTIONS}]},
    "github": {"enabled": True, "accounts": [{"name": "gh", "urlRestrictions": RESTRICTIONS}]},
    "gitrepo": {"enabled": True, "accounts": [{"name": "git", "allowedHosts": ["github.com"]}]},
}}


@pytest.mark.parametrize("release,read_by", [
    ("kleat", False), ("1.38.2", False), ("2025.0.8", False), ("2025.1.5", False), ("2025.1.6", True),
    ("2025.2.2", False), ("2025.2.3", True), ("2025.3.0", True), ("2026.2.3", True), ("2026.4.0", True),
])
def test_url_restrictions_follow_the_security_backports(release, read_by):
    clouddriver = out(ARTIFACTS, release)["clouddriver.yml"]
    for provider in ("http", "github"):
        account = clouddriver["artifacts"][provider]["accounts"][0]
        assert ("urlRestrictions" in account) is read_by, provider
        if read_by:
            assert account["urlRestrictions"] == RESTRICTIONS


@pytest.mark.parametrize("release,read_by", [
    ("2025.3.1", False), ("2025.3.2", True), ("2025.4.0", False), ("2025.4.1", False), ("2025.4.2", True),
    ("2026.0.1", True), ("kleat", False),
])
def test_gitrepo_allowed_hosts(release, read_by):
    account = out(ARTIFACTS, release)["clouddriver.yml"]["artifacts"]["gitrepo"]["accounts"][0]
    assert account.get("allowedHosts") == (["github.com"] if read_by else None)


@pytest.mark.parametrize("release,read_by", [("2025.0.8", False), ("2025.1.0", True), ("2026.4.0", True)])
def test_docker_registry_helm_oci_repositories(release, read_by):
    hal = {"providers": {"dockerRegistry": {"enabled": True, "accounts": [
        {"name": "docker", "address": "https://ghcr.io", "helmOciRepositories": ["org/charts/app"]}]}}}
    account = out(hal, release)["clouddriver.yml"]["dockerRegistry"]["accounts"][0]
    assert account.get("helmOciRepositories") == (["org/charts/app"] if read_by else None)


@pytest.mark.parametrize("release,read_by", [("2025.4.4", False), ("2026.1.0", True)])
def test_cloud_build_region(release, read_by):
    hal = {"ci": {"gcb": {"enabled": True, "accounts": [
        {"name": "gcb", "project": "p", "cloudBuildRegion": "europe-west1"}]}}}
    account = out(hal, release)["igor.yml"]["gcb"]["accounts"][0]
    assert account.get("cloudBuildRegion") == ("europe-west1" if read_by else None)


@pytest.mark.parametrize("release,read_by", [("2026.1.2", False), ("2026.2.0", True)])
def test_teams_template_path(release, read_by):
    hal = {"notifications": {"microsoftteams": {"enabled": True, "templatePath": "/var/secrets/teams"}}}
    teams = out(hal, release)["echo.yml"]["microsoftteams"]
    assert teams.get("templatePath") == ("/var/secrets/teams" if read_by else None)
    assert teams["enabled"] is True


@pytest.mark.parametrize("release,read_by", [("kleat", True), ("2026.0.4", True), ("2026.1.0", False),
                                             ("2026.4.0", False)])
def test_wercker_is_written_only_for_releases_with_wercker(release, read_by):
    hal = {"ci": {"wercker": {"enabled": True, "masters": [{"name": "w", "address": "https://w.example"}]}}}
    assert ("wercker" in out(hal, release)["igor.yml"]) is read_by


def test_wercker_for_a_release_without_it_is_a_warning(tmp_path, run_cli):
    halconfig = tmp_path / "hal.yml"
    halconfig.write_text("version: 2026.1.0\nci:\n  wercker:\n    enabled: true\n")
    result = run_cli("generate", str(halconfig), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert "warning: ci.wercker" in result.stderr and "2026.1.0 does not read" in result.stderr


def test_reference_says_kinds_only_limit_caching():
    from renderer.model.providers.kubernetes import KubernetesAccount

    for name in ("kinds", "omitKinds"):
        assert "only limits caching" in KubernetesAccount.fields[name].doc


K8S_REF = "encrypted:k8s!n:slack!k:token"


@pytest.mark.parametrize("release,enabled", [("kleat", False), ("2025.4.4", False), ("2026.0.4", False),
                                             ("2026.1.0", True), ("2026.4.0", True)])
def test_kubernetes_secret_engine_is_switched_on_where_a_file_refers_to_a_secret(release, enabled):
    files = out({"notifications": {"slack": {"enabled": True, "token": K8S_REF}}}, release)
    assert files["echo.yml"]["slack"]["token"] == K8S_REF
    engine = ((files["echo.yml"].get("spinnaker") or {}).get("secrets") or {}).get("kubernetes")
    assert engine == ({"enabled": True} if enabled else None)
    # Only the services whose files refer to a Secret.
    for name in ("clouddriver.yml", "gate.yml", "orca.yml"):
        assert "secrets" not in (files[name].get("spinnaker") or {}), name


GITHUB_APP = {"appId": "123", "appPrivateKeyPath": "/var/secrets/github/app.pem", "appInstallationId": "42",
              "allowedOrganizations": ["my-org"]}


@pytest.mark.parametrize("release,read_by", [("2026.2.3", False), ("2026.4.0", True), ("kleat", False)])
def test_artifact_github_app(release, read_by):
    """clouddriver's github and gitrepo accounts authenticate as a GitHub App (kork's
    GitHubAppCredentials) from the first release branched after 2026-08-21."""
    hal = {"artifacts": {
        "github": {"enabled": True, "accounts": [{"name": "gh", "githubApp": GITHUB_APP}]},
        "gitrepo": {"enabled": True, "accounts": [{"name": "git", "githubApp": GITHUB_APP}]}}}
    artifacts = out(hal, release)["clouddriver.yml"]["artifacts"]
    for provider in ("github", "gitrepo"):
        assert artifacts[provider]["accounts"][0].get("githubApp") == (GITHUB_APP if read_by else None)


@pytest.mark.parametrize("app,where", [
    ({"appPrivateKeyPath": "/k.pem"}, "appId"),
    ({"appId": "1"}, "appPrivateKeyPath"),
    ({"appId": "1", "appPrivateKeyPath": "/k.pem", "appInstallationId": "my-org"}, "appInstallationId"),
])
def test_artifact_github_app_refuses_what_clouddriver_refuses(app, where):
    _, report = read({"artifacts": {"github": {"enabled": True, "accounts": [{"name": "gh", "githubApp": app}]}}})
    assert [p.path for p in report.errors] == [("artifacts", "github", "accounts", 0, "githubApp", where)]
