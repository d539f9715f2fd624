"""settings.js: what Deck (the browser UI) is told about the installation.

Every browser downloads this file, so credential fields are left out of the
notification blocks (kleat copies them in whole).
"""
from ..model.notifications import Notifications
from ..releases import Release
from renderer.model.credentials import redact
from ._common import get, pick, release_name
from .gate import login_methods

# Deck's name for each provider, and whether its accounts list regions as
# objects with a name (aws) or as plain strings.
_REGIONED = {"aws": ("aws", True), "azure": ("azure", False), "google": ("gce", False),
             "huaweicloud": ("huaweicloud", False), "tencentcloud": ("tencentcloud", False)}
_ACCOUNT_ONLY = ("appengine", "cloudfoundry", "dcos", "ecs")
# settings.js name (Deck's INotificationSettings) -> halconfig notifications field.
# kleat wrote `googleChat`, which Deck never reads.
_NOTIFICATIONS = {"bearychat": "bearychat", "cdevents": "cdevents", "email": "email",
                  "githubStatus": "githubStatus", "googlechat": "googlechat",
                  "microsoftteams": "microsoftteams", "pubsub": "pubsub", "slack": "slack", "sms": "twilio"}
# Channels Halyard's and Deck's own settings.js templates always offer (Deck
# hides a type whose block is missing); the halconfig can still switch one off.
OFFERED_BY_DEFAULT = ("cdevents", "email", "googlechat", "microsoftteams", "pubsub")


def gate_url(hal: dict) -> str:
    override = get(hal, "security", "apiSecurity", "overrideBaseUrl")
    if override:
        return override
    scheme = "https" if get(hal, "security", "apiSecurity", "ssl", "enabled") is True else "http"
    return f"{scheme}://localhost:8084"


def _default_region(provider: dict, objects: bool) -> str | None:
    primary = provider.get("primaryAccount")
    account = None
    for candidate in provider.get("accounts") or ():
        if candidate.get("name") == primary:
            account = candidate  # the last one with that name, as kleat does
    regions = (account or {}).get("regions") or ()
    if not regions:
        return None
    return regions[0].get("name") if objects else regions[0]


def _providers(hal: dict) -> dict:
    providers = hal.get("providers") or {}
    out = {}
    # tencentcloud is not in kleat's model; Deck reads its defaults like huaweicloud's.
    for name in ("appengine", "aws", "azure", "cloudfoundry", "dcos", "ecs", "google", "huaweicloud",
                 "tencentcloud"):
        provider = providers.get(name) or {}
        if provider.get("enabled") is not True:
            continue
        if name in _ACCOUNT_ONLY:
            out[name] = {"defaults": pick(account=provider.get("primaryAccount"))}
        else:
            deck_name, objects = _REGIONED[name]
            out[deck_name] = {"defaults": pick(account=provider.get("primaryAccount"),
                                               region=_default_region(provider, objects))}
    if get(providers, "kubernetes", "enabled") is True:
        out["kubernetes"] = {}
    return out


def _notifications(notifications: dict) -> dict:
    out = {}
    for deck_name, name in _NOTIFICATIONS.items():
        block = notifications.get(name)
        if deck_name in OFFERED_BY_DEFAULT:
            # Deck reads only `enabled` for these; echo gets the rest.
            enabled = (block or {}).get("enabled")
            block = {"enabled": enabled is not False}
        if block is not None:
            out[deck_name] = block
    return out


def auth_enabled(hal: dict) -> bool | None:
    """Whether Deck shows login: exactly when gate has a login method on
    (kleat copied authn.enabled, which gate does not read, so Deck could ask
    for a login gate never asks for, or the other way round)."""
    if login_methods(hal):
        return True
    return False if get(hal, "security", "authn", "enabled") is not None else None


def deck(hal: dict, release: Release) -> dict:
    url = gate_url(hal)
    canary = hal.get("canary") or {}
    notifications = redact(Notifications, hal.get("notifications") or {})
    delivery = get(hal, "managedDelivery", "enabled")
    return pick(
        gateUrl=url,
        authEnabled=auth_enabled(hal),
        authEndpoint=url + "/auth/user",
        bakeryDetailUrl=url + "/bakery/logs/{{context.region}}/{{context.status.resourceId}}",
        canary=pick(defaultJudge=canary.get("defaultJudge") or None,
                    featureDisabled=canary.get("enabled") is not True,
                    metricsAccountName=canary.get("defaultMetricsAccount") or None,
                    metricStore=canary.get("defaultMetricsStore") or None,
                    showAllConfigs=canary.get("showAllConfigsEnabled"),
                    storageAccountName=canary.get("storageAccountName") or None,
                    templatesEnabled=canary.get("templatesEnabled")),
        notifications=_notifications(notifications),
        providers=_providers(hal),
        version=release_name(hal, release),
        defaultTimeZone=hal.get("timezone") or None,
        feature=pick(pipelineTemplates=get(hal, "features", "pipelineTemplates"),
                     chaosMonkey=get(hal, "features", "chaos"),
                     fiatEnabled=get(hal, "security", "authz", "enabled"),
                     managedPipelineTemplatesV2UI=get(hal, "features", "managedPipelineTemplatesV2UI"),
                     managedDelivery=delivery, managedResources=delivery),
    )
