"""kayenta.yml: canary analysis, only when canary is enabled."""
from ..releases import Release
from ._common import get, pick


def kayenta(hal: dict, release: Release) -> dict:
    if get(hal, "canary", "enabled") is not True:
        return {}
    integrations = get(hal, "canary", "serviceIntegrations") or {}
    google = integrations.get("google")
    aws = integrations.get("aws")
    return {"kayenta": pick(
        google=pick(enabled=google.get("enabled"), accounts=google.get("accounts")) if google is not None else None,
        stackdriver=pick(enabled=google.get("stackdriverEnabled"),
                         metadataCachingIntervalMS=google.get("metadataCachingIntervalMS"))
        if google is not None else None,
        gcs=pick(enabled=google.get("gcsEnabled")) if google is not None else None,
        prometheus=integrations.get("prometheus"),
        datadog=integrations.get("datadog"),
        aws=pick(enabled=aws.get("enabled"), accounts=aws.get("accounts")) if aws is not None else None,
        s3=pick(enabled=aws.get("s3Enabled")) if aws is not None else None,
        signalfx=integrations.get("signalfx"),
        newrelic=integrations.get("newrelic"),
    )}
