"""echo.yml: notifications, pub/sub, artifacts, cron scheduler, telemetry."""
from ..releases import Release
from ._common import enabled_setting, get, pick

# What kleat reports to Spinnaker's telemetry as the deployment method.
DEPLOYMENT_METHOD = {"type": "kleat", "version": "unknown"}


def echo(hal: dict, release: Release) -> dict:
    notifications = hal.get("notifications") or {}
    timezone = hal.get("timezone")
    stats = pick(enabled=get(hal, "stats", "enabled"), instanceId=get(hal, "stats", "instanceId"),
                 endpoint=get(hal, "stats", "endpoint"), deploymentMethod=dict(DEPLOYMENT_METHOD),
                 spinnakerVersion=hal.get("version"))
    keel = enabled_setting(get(hal, "managedDelivery", "enabled"))
    return pick(
        slack=notifications.get("slack"),
        twilio=notifications.get("twilio"),
        githubStatus=notifications.get("githubStatus"),
        artifacts=hal.get("artifacts"),
        pubsub=hal.get("pubsub"),
        gcb=get(hal, "ci", "gcb"),
        stats=stats,
        scheduler={"cron": {"timezone": timezone}} if timezone else None,
        microsoftteams=notifications.get("microsoftteams"),
        services={"keel": keel} if keel else None,
    )
