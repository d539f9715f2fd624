"""echo.yml: notifications, pub/sub, cron scheduler, telemetry, managed delivery."""
from ..releases import Release
from ._common import get, pick, release_name

# What kleat reports to Spinnaker's telemetry as the deployment method.
DEPLOYMENT_METHOD = {"type": "kleat", "version": "unknown"}
KEEL_URL = "${services.keel.base-url}"


def echo(hal: dict, release: Release) -> dict:
    notifications = hal.get("notifications") or {}
    timezone = hal.get("timezone")
    stats = pick(enabled=get(hal, "stats", "enabled"), instanceId=get(hal, "stats", "instanceId"),
                 endpoint=get(hal, "stats", "endpoint"), deploymentMethod=dict(DEPLOYMENT_METHOD),
                 spinnakerVersion=release_name(hal, release))
    # echo's keel client reads `keel.enabled` and `keel.base-url` (kleat wrote
    # services.keel.enabled, which echo ignores); the URL is spinnaker.yml's.
    keel = {"enabled": True, "base-url": KEEL_URL} if get(hal, "managedDelivery", "enabled") is True else None
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
        # kleat wrote neither; echo's senders are switched on by `<type>.enabled`.
        googlechat=notifications.get("googlechat"),
        cdevents=notifications.get("cdevents"),
        keel=keel,
    )
