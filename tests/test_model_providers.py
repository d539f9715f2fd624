"""The `providers` section: descriptions, credentials, Halyard-only fields and pass-throughs."""
from __future__ import annotations

import pytest
from conftest import secret_paths

from renderer.read import halconfig
from renderer.model import HAL
from renderer.model import providers as model
from renderer.model.providers.docker import DockerRegistryAccount
from renderer.model.providers.tencentcloud import TencentCloudAccount
from renderer.problems import ERROR, NOTE, WARNING
from renderer.model.credentials import redact
from renderer.translate import translate

PROVIDERS = HAL.fields["providers"].target

# Every provider with accounts, and the field that must name each account.
ACCOUNT_PROVIDERS = ("kubernetes", "google", "appengine", "aws", "azure", "cloudfoundry", "dcos",
                     "dockerRegistry", "ecs", "huaweicloud", "oracle", "tencentcloud", "cloudrun")

SECRETS = {
    ("kubernetes", "accounts", "kubeconfigContents"),
    ("appengine", "accounts", "gitHttpsPassword"),
    ("appengine", "accounts", "githubOAuthAccessToken"),
    ("appengine", "accounts", "sshPrivateKeyPassphrase"),
    ("aws", "secretAccessKey"),
    ("aws", "bakeryDefaults", "awsSecretKey"),
    ("azure", "accounts", "appKey"),
    ("cloudfoundry", "accounts", "password"),
    ("dcos", "accounts", "clusters", "password"),
    ("dcos", "clusters", "loadBalancer", "serviceAccountSecret"),
    ("dockerRegistry", "accounts", "password"),
    ("huaweicloud", "accounts", "password"),
    ("huaweicloud", "bakeryDefaults", "password"),
    ("oracle", "accounts", "privateKeyPassphrase"),
    ("tencentcloud", "accounts", "secretKey"),
    ("tencentcloud", "bakeryDefaults", "secretKey"),
}


def read(providers, **kw):
    hal, report = halconfig.read({"providers": providers}, **kw)
    return hal, report


def halyard_read(providers):
    data = {"currentDeployment": "default",
            "deploymentConfigurations": [{"name": "default", "providers": providers}]}
    return halconfig.read(data)


def problems(report, level):
    return {p.path: p for p in report.problems if p.level == level}


# --- declarations -------------------------------------------------------------------------------


def test_exactly_the_credentials_are_secret():
    assert secret_paths(PROVIDERS) == SECRETS
    # Key IDs, user names and paths stay visible.
    assert not model.Aws.fields["accessKeyId"].secret
    assert not TencentCloudAccount.fields["secretId"].secret
    assert not DockerRegistryAccount.fields["passwordFile"].secret


@pytest.mark.parametrize("provider", ACCOUNT_PROVIDERS)
def test_account_names_are_required(provider):
    account = PROVIDERS.fields[provider].target.fields["accounts"]
    assert account.repeated
    assert account.target.fields["name"].required


def test_new_providers_reach_clouddriver_and_rosco():
    from renderer.translate.clouddriver import PROVIDERS as CLOUDDRIVER
    from renderer.translate.rosco import BAKING_PROVIDERS

    assert {name for name, f in PROVIDERS.fields.items() if f.halyard is None} == set(CLOUDDRIVER)
    assert "tencentcloud" in BAKING_PROVIDERS and "cloudrun" not in BAKING_PROVIDERS


# --- Halyard-only fields --------------------------------------------------------------------------

@pytest.mark.parametrize("provider", ACCOUNT_PROVIDERS)
def test_provider_version_is_dropped_with_a_note(provider):
    hal, report = halyard_read({provider: {"enabled": True,
                                           "accounts": [{"name": "acct", "providerVersion": "V1"}]}})
    assert report.ok, report.problems
    path = ("deploymentConfigurations", 0, "providers", provider, "accounts", 0, "providerVersion")
    assert path in problems(report, NOTE)
    assert not problems(report, WARNING)
    assert hal["providers"][provider]["accounts"] == [{"name": "acct"}]
    assert "providerVersion" not in str(translate(hal)["clouddriver.yml"])


def test_kubernetes_halyard_fields():
    account = {
        "name": "k8s", "providerVersion": "V2", "configureImagePullSecrets": True,
        "cluster": "c", "user": "u", "skin": "v2",
        "oAuthScopes": ["scope-a"], "oauthScopes": ["scope-a"],
        "oAuthServiceAccount": "/sa.json", "oauthServiceAccount": "/sa.json",
        "rawResourcesEndpointConfig": {"kindExpressions": ["Deployment"], "omitKindExpressions": []},
        "cacheIntervalSeconds": 60, "cacheAllApplicationRelationships": True,
        "namingStrategy": "kubernetesAnnotations", "environment": "prod",
        "kubectlExecutable": "/usr/local/bin/kubectl",
    }
    hal, report = halyard_read({"kubernetes": {"enabled": True, "accounts": [account]}})
    assert report.ok, report.problems
    assert not problems(report, WARNING)
    base = ("deploymentConfigurations", 0, "providers", "kubernetes", "accounts", 0)
    notes = problems(report, NOTE)
    for key in ("providerVersion", "configureImagePullSecrets", "cluster", "user", "skin",
                "oauthScopes", "oauthServiceAccount"):
        assert base + (key,) in notes, key
    assert "oAuthScopes" in notes[base + ("oauthScopes",)].message
    out = translate(hal)["clouddriver.yml"]["kubernetes"]["accounts"][0]
    assert out == {
        "name": "k8s", "oAuthScopes": ["scope-a"], "oAuthServiceAccount": "/sa.json",
        "rawResourcesEndpointConfig": {"kindExpressions": ["Deployment"]},
        "cacheIntervalSeconds": 60, "cacheAllApplicationRelationships": True,
        "namingStrategy": "kubernetesAnnotations", "environment": "prod",
        "kubectlExecutable": "/usr/local/bin/kubectl",
    }


def test_halyard_default_raw_resources_block_is_harmless():
    hal, report = read({"kubernetes": {"accounts": [{"name": "k8s", "rawResourcesEndpointConfig": {}}]}})
    assert report.ok and not problems(report, WARNING)
    assert hal["providers"]["kubernetes"]["accounts"][0]["rawResourcesEndpointConfig"] == {}


def test_tencentcloud_permissions_are_dropped():
    hal, report = read({"tencentcloud": {"accounts": [
        {"name": "tc", "permissions": {"READ": ["ops"]}, "requiredGroupMembership": []}]}})
    assert report.ok
    notes = problems(report, NOTE)
    assert ("providers", "tencentcloud", "accounts", 0, "permissions") in notes
    assert ("providers", "tencentcloud", "accounts", 0, "requiredGroupMembership") in notes
    assert hal["providers"]["tencentcloud"]["accounts"] == [{"name": "tc"}]


def test_other_halyard_only_fields_are_noted():
    hal, report = read({
        "azure": {"bakeryDefaults": {"baseImages": [{"baseImage": {"id": "x"},
                                                     "virtualizationSettings": {}}]}},
        "cloudfoundry": {"clientConfig": {"maxRetries": 3}},
        "ecs": {"awsAccount": "aws-1"},
        "appengine": {"accounts": [{"name": "gae", "serviceAccountId": "sa"}]},
        "cloudrun": {"accounts": [{"name": "run", "sshTrustUnknownHosts": False,
                                   "sshKnownHostsFilePath": "/kh"}]},
        "oraclebmcs": {"enabled": True},
    })
    assert report.ok
    assert not problems(report, WARNING)
    notes = problems(report, NOTE)
    for path in [("azure", "bakeryDefaults", "baseImages", 0, "virtualizationSettings"),
                 ("cloudfoundry", "clientConfig"), ("ecs", "awsAccount"),
                 ("appengine", "accounts", 0, "serviceAccountId"),
                 ("cloudrun", "accounts", 0, "sshTrustUnknownHosts"),
                 ("cloudrun", "accounts", 0, "sshKnownHostsFilePath"), ("oraclebmcs",)]:
        assert ("providers",) + path in notes, path
    assert "oraclebmcs" not in hal["providers"]
    assert "clientConfig" not in translate(hal)["clouddriver.yml"]["cloudfoundry"]


# --- pass-through fields ------------------------------------------------------------------------

def test_azure_template_file_image_id_and_halyard_string_boolean():
    images = [{"baseImage": {"id": "ubuntu-2204", "publisher": "Canonical", "sku": "22_04-lts"}}]
    hal, report = halyard_read({"azure": {
        "enabled": True,
        "accounts": [{"name": "az", "useSshPublicKey": "true", "appKey": "s3cret"}],
        "bakeryDefaults": {"templateFile": "azure-linux.pkr.hcl", "baseImages": images}}})
    assert report.ok and not problems(report, WARNING), report.problems
    out = translate(hal)
    assert out["rosco.yml"]["azure"]["bakeryDefaults"] == {"templateFile": "azure-linux.pkr.hcl",
                                                           "baseImages": images}
    assert out["clouddriver.yml"]["azure"]["accounts"][0]["useSshPublicKey"] is True


def test_tencentcloud_reaches_clouddriver_and_rosco():
    tencent = {
        "enabled": True, "primaryAccount": "tc",
        "accounts": [{"name": "tc", "secretId": "AKID1", "secretKey": "key", "regions": ["ap-guangzhou"]}],
        "bakeryDefaults": {"secretId": "AKID2", "secretKey": "key2", "templateFile": "tencentcloud.json",
                           "baseImages": [{"baseImage": {"id": "ubuntu-1604", "packageType": "deb"},
                                           "virtualizationSettings": [{"region": "ap-guangzhou",
                                                                       "zone": "ap-guangzhou-3"}]}]},
    }
    hal, report = read({"tencentcloud": tencent})
    assert report.ok and not problems(report, WARNING), report.problems
    out = translate(hal)
    # the accounts are clouddriver's, the bake defaults rosco's; primaryAccount is Deck's
    assert out["clouddriver.yml"]["tencentcloud"] == {"enabled": True, "accounts": tencent["accounts"]}
    assert out["rosco.yml"]["tencentcloud"] == {"enabled": True, "bakeryDefaults": tencent["bakeryDefaults"]}
    public = redact(PROVIDERS, hal["providers"])["tencentcloud"]
    assert "secretKey" not in public["accounts"][0] and public["accounts"][0]["secretId"] == "AKID1"
    assert "secretKey" not in public["bakeryDefaults"]


def test_cloudrun_reaches_clouddriver_only():
    cloudrun = {"enabled": True, "gcloudPath": "/google-cloud-sdk/bin/gcloud",
                "accounts": [{"name": "run", "project": "p", "jsonPath": "/k.json",
                              "serviceAccountEmail": "runner@p.iam.gserviceaccount.com",
                              "permissions": {"WRITE": ["ops"]}}]}
    hal, report = read({"cloudrun": cloudrun})
    assert report.ok and not problems(report, WARNING), report.problems
    out = translate(hal)
    assert out["clouddriver.yml"]["cloudrun"] == cloudrun
    assert "cloudrun" not in out["rosco.yml"]


@pytest.mark.parametrize("provider,block,where", [
    ("aws", {"defaultAssumeRole": "role/spin", "lambda": {"enabled": True},
             "features": {"lambda": {"enabled": False}},
             "accounts": [{"name": "a", "sessionName": "spin", "lambdaEnabled": True}]}, "clouddriver.yml"),
    ("google", {"defaultRegions": ["us-east1"],
                "accounts": [{"name": "g", "environment": "prod", "serviceAccountId": "sa",
                              "serviceAccountProject": "p"}]}, "clouddriver.yml"),
    ("google", {"accounts": [{"name": "g", "project": "p"}],
                "bakeryDefaults": {"baseImages": [{"baseImage": {"id": "i", "templateFile": "t.json"}}]}},
     "rosco.yml"),
    ("appengine", {"gcloudPath": "/bin/gcloud"}, "clouddriver.yml"),
    ("dockerRegistry", {"accounts": [{"name": "d", "repositoriesRegex": "^lib/.*",
                                      "dockerconfigFile": "/docker/config.json"}]}, "clouddriver.yml"),
    ("cloudfoundry", {"accounts": [{"name": "cf", "spaceFilter": {"org": ["dev", "prod"]}}]},
     "clouddriver.yml"),
])
def test_pass_through_fields_reach_the_service(provider, block, where):
    hal, report = read({provider: block})
    assert report.ok and not problems(report, WARNING), report.problems
    assert translate(hal)[where][provider] == block


# --- refusals -----------------------------------------------------------------------------------

def test_wrong_types_are_refused_with_their_path():
    hal, report = read({"kubernetes": {"accounts": [{
        "name": "k8s", "cacheIntervalSeconds": "soon",
        "rawResourcesEndpointConfig": {"kindExpressions": "Deployment"}}]},
        "tencentcloud": {"accounts": [{"name": "tc", "regions": "ap-guangzhou"}]}})
    errors = problems(report, ERROR)
    base = ("providers", "kubernetes", "accounts", 0)
    assert base + ("cacheIntervalSeconds",) in errors
    assert base + ("rawResourcesEndpointConfig", "kindExpressions") in errors
    assert ("providers", "tencentcloud", "accounts", 0, "regions") in errors


def test_nameless_account_refused_and_kleat_compat_warns():
    _, report = read({"cloudrun": {"accounts": [{"project": "p"}]}}, kleat_compat=True)
    path = ("providers", "cloudrun", "accounts", 0, "name")
    assert report.ok and path in problems(report, WARNING)
    _, report = read({"cloudrun": {"accounts": [{"project": "p"}]}})
    assert path in problems(report, ERROR)
