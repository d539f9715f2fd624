"""Where our output deliberately differs from kleat's, for every release.

kleat is the contract for the 1.x line (tests/test_conformance.py), except
where it wrote something no release of the service reads. Each difference is
declared here once, with the output paths it touches; the conformance test
leaves exactly those paths out of the comparison (on both sides), tests of
their own pin what we write there, and the README lists every difference.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Difference:
    """`paths` are dotted paths in output `file` (both kleat's and our spelling)."""
    file: str
    paths: tuple
    why: str


DIFFERENCES = (
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
        "Google base images: rosco binds `isImageFamily`; kleat wrote `imageFamily`, which no rosco reads "
        "(clouddriver.yml carries the same block and gets the same spelling)."),
    Difference(
        "clouddriver.yml",
        ("google.bakeryDefaults.baseImages.baseImage.imageFamily",
         "google.bakeryDefaults.baseImages.baseImage.isImageFamily"),
        "clouddriver.yml's copy of the Google bakery defaults, spelled as rosco's (`isImageFamily`)."),
)


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
