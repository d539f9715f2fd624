"""orca.yml: bake defaults, pipeline templates, webhooks, optional services."""
from ..releases import Release
from ._common import enabled_setting, get, pick


def orca(hal: dict, release: Release) -> dict:
    aws = get(hal, "providers", "aws")
    templates = get(hal, "features", "pipelineTemplates")
    timezone = hal.get("timezone")
    services = pick(kayenta=enabled_setting(get(hal, "canary", "enabled")),
                    keel=enabled_setting(get(hal, "managedDelivery", "enabled")))
    return pick(
        default={"bake": pick(account=aws.get("primaryAccount"))} if get(aws, "enabled") is True else None,
        pipelineTemplates={"enabled": templates} if templates is not None else None,
        webhook=hal.get("webhook"),
        services=services or None,
        tasks={"executionWindow": {"timezone": timezone}} if timezone else None,
    )
