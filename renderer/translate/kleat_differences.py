"""Where our output deliberately differs from kleat's, for every release.

kleat is the contract for the 1.x line (tests/test_conformance.py), except
where it wrote something no release of the service reads. Each difference is
declared here once, with the output paths it touches; the conformance test
leaves exactly those paths out of the comparison (on both sides), tests of
their own pin what we write there, and docs/cli.md lists every difference.

A difference that `leave_out`s its paths is also what `translate()` applies:
kleat copied whole halconfig sections into several files, and a key a
service never binds there is at best noise and at worst a credential on a pod
that does not need it. Each such entry was checked against the services'
sources (tests/data/release-facts, scripts/release-facts.py).
"""
from __future__ import annotations

from ..records import record

from ..model.providers import Providers
from .clouddriver import PROVIDERS as _CLOUDDRIVER_PROVIDERS
from .rosco import BAKING_PROVIDERS as _BAKING_PROVIDERS


# `paths` are dotted paths in output `file` (both kleat's and our spelling); `leave_out`:
# translation writes nothing at those paths.
Difference = record("Difference", "file paths why leave_out", defaults=(False,))


# What rosco binds of each provider block it receives (rosco-core's
# Rosco<Provider>Configuration and *BakeryDefaults classes, the same from 1.35
# to 2026.3): the switch, the bake defaults and, for three providers, the
# account fields a bake authenticates with.
ROSCO_BINDS = {
    "google": ("enabled", "bakeryDefaults", "accounts"),
    "aws": ("enabled", "bakeryDefaults"),
    "azure": ("enabled", "bakeryDefaults", "accounts"),
    "huaweicloud": ("enabled", "bakeryDefaults"),
    "oracle": ("enabled", "bakeryDefaults", "accounts"),
    "tencentcloud": ("enabled", "bakeryDefaults"),
}
ROSCO_ACCOUNT_BINDS = {
    "google": ("name", "project", "jsonPath"),
    "azure": ("name", "clientId", "appKey", "tenantId", "subscriptionId", "objectId", "packerResourceGroup",
              "packerStorageAccount"),
    "oracle": ("name", "compartmentId", "userId", "fingerprint", "sshPrivateKeyFilePath", "privateKeyPassphrase",
               "tenancyId", "region"),
}


def _rosco_unbound() -> tuple:
    """Every provider field (and account field) kleat copied into rosco.yml that rosco does not bind."""
    paths = []
    for provider in _BAKING_PROVIDERS:
        block = Providers.fields[provider].target
        kept = ROSCO_BINDS[provider]
        paths += [f"{provider}.{name}" for name in block.fields if name not in kept]
        if "accounts" in kept:
            account = block.fields["accounts"].target
            paths += [f"{provider}.accounts.{name}" for name in account.fields
                      if name not in ROSCO_ACCOUNT_BINDS[provider]]
    return tuple(paths)


DIFFERENCES = (
    Difference(
        "gate.yml",
        ("security.basic", "security.basicform", "spring.security.user"),
        "Gate's basic login: `security.basicform.enabled` and `spring.security.user.{name,password}` (what "
        "gate reads), not kleat's `security.basic`, which no gate reads (basic login never turned on)."),
    Difference(
        "settings.js",
        ("authEnabled",),
        "Deck's `authEnabled`: true exactly when gate has a login method on (OAuth2 with a client ID, SAML, "
        "LDAP, X.509, IAP or basic), not a copy of `security.authn.enabled`, which gate does not read."),
    Difference(
        "settings.js",
        ("notifications.email", "notifications.googlechat", "notifications.googleChat",
         "notifications.microsoftteams", "notifications.pubsub", "notifications.cdevents"),
        "Deck's notification types: Deck reads `googlechat` (kleat wrote `googleChat`), and like "
        "Halyard's and Deck's own settings.js templates we offer email, Google Chat, Microsoft Teams, "
        "Pub/Sub and CDEvents unless the halconfig sets `enabled: false` (kleat offered none unless "
        "configured, and Deck hides a type it is not told about)."),
    Difference(
        "echo.yml",
        ("googlechat", "cdevents"),
        "echo's Google Chat and CDEvents senders: echo turns them on with `googlechat.enabled` and "
        "`cdevents.enabled`, which kleat never wrote."),
    Difference(
        "front50.yml",
        ("spinnaker.s3.accessKeyId", "spinnaker.s3.secretAccessKey"),
        "front50's S3 keys: front50 binds no `spinnaker.s3.accessKeyId`/`secretAccessKey` (its S3 client "
        "takes the AWS credential chain), so they are left out of front50.yml; the chart gives them to "
        "front50 alone as `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` from a Secret."),
    Difference(
        "kayenta.yml",
        ("kayenta.aws.accounts.accessKeyId", "kayenta.aws.accounts.secretAccessKey",
         "kayenta.aws.accounts.explicitCredentials"),
        "Kayenta's static AWS keys: Kayenta reads them as the account's `explicitCredentials.accessKey` "
        "and `secretKey`; kleat wrote `accessKeyId` (and Halyard `secretAccessKey`), which no Kayenta reads."),
    Difference(
        "rosco.yml",
        ("google.bakeryDefaults.baseImages.baseImage.imageFamily",
         "google.bakeryDefaults.baseImages.baseImage.isImageFamily"),
        "Google base images: rosco binds `isImageFamily`; kleat wrote `imageFamily`, which no rosco reads."),
    Difference(
        "clouddriver.yml",
        tuple(f"{p}.primaryAccount" for p in _CLOUDDRIVER_PROVIDERS)
        + tuple(f"{p}.bakeryDefaults" for p in _BAKING_PROVIDERS)
        + ("ecs.accounts.environment", "artifacts.templates"),
        "clouddriver.yml without the keys clouddriver binds in no release: each provider's `primaryAccount` "
        "(Deck's default account, in settings.js for the providers Deck has a default for, not Kubernetes), "
        "the providers' `bakeryDefaults` (rosco's), "
        "an ECS account's `environment` and the artifact `templates` (igor's).",
        leave_out=True),
    Difference(
        "rosco.yml",
        _rosco_unbound(),
        "rosco.yml with only what rosco binds of each baking provider: `enabled`, `bakeryDefaults` and, for "
        "Google, Azure and Oracle, the account fields a bake authenticates with. kleat copied the whole "
        "provider block, so every AWS and Huawei Cloud account and its credentials reached rosco.",
        leave_out=True),
    Difference(
        "echo.yml",
        ("artifacts", "slack.botName", "gcb.accounts.cloudBuildRegion", "gcb.accounts.permissions"),
        "echo.yml without the artifact accounts (clouddriver's), Slack's `botName` (Deck's) and a Cloud Build "
        "account's region and permissions (igor's), which echo does not bind.",
        leave_out=True),
    Difference(
        "echo.yml",
        ("services", "keel"),
        "echo's managed-delivery client is switched on where echo reads it, `keel.enabled` with `keel.base-url` "
        "(spinnaker.yml's `services.keel.baseUrl`), not kleat's `services.keel.enabled`, which echo ignores, so "
        "echo never told keel about new artifacts."),
    Difference(
        "fiat.yml",
        ("auth.enabled",),
        "fiat.yml without `auth.enabled`: fiat binds no such key (authorization is switched on for the "
        "other services by `services.fiat.enabled` in spinnaker.yml).",
        leave_out=True),
    Difference(
        "keel.yml",
        ("keel.plugins.k8s",),
        "keel.yml without `keel.plugins.k8s`, which no keel binds.",
        leave_out=True),
    Difference(
        "gate.yml",
        ("security.oauth2.enabled",),
        "gate.yml without `security.oauth2.enabled`: gate turns OAuth2 on when the client ID is set (1.x "
        "to 2025.1) or a client registration exists (2025.2 and later), never from this flag.",
        leave_out=True),
)


def left_out(file: str, data):
    """`data` (translated for output `file`) without the keys declared `leave_out` for it."""
    for difference in DIFFERENCES:
        if difference.leave_out and difference.file == file:
            for path in difference.paths:
                data = without(data, path)
    return data


def without(data, dotted: str):
    """A copy of `data` without the value at `dotted` (unchanged when absent);
    a list on the way is walked item by item."""
    if isinstance(data, list):
        return [without(item, dotted) for item in data]
    head, _, rest = dotted.partition(".")
    if not isinstance(data, dict) or head not in data:
        return data
    out = dict(data)
    if rest:
        out[head] = without(data[head], rest)
    else:
        del out[head]
    return out
