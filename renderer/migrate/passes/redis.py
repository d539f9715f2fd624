"""Redis: the one Redis every service uses (service-settings/redis.yml, else Halyard's own spin-redis,
kept for the cut-over) and clouddriver's read replica (`haServices.clouddriver.redis*Endpoint`).
front50's Redis store is taken out as the directory is read (renderer.migrate.haldir); SQL settings
live in the halconfig and profiles, which arrive as they are."""
from __future__ import annotations

import re

from ...model.credentials import url_passwords
from ...service_facts import REDIS_SERVICES
from .facts import deep, entries, shown

# haServices.<service> keys naming a Redis.
HA_ENDPOINTS = ("redisSlaveEndpoint", "redisSlaveDeckEndpoint", "redisMasterEndpoint")
SETTINGS = "service-settings/redis.yml"


def run(hal) -> None:
    ha = hal.env.get("haServices")
    if isinstance(ha, dict):
        where = f"{hal.source}.haServices"
        hal.guarded(lambda value, _: _endpoints(hal, value, where), ha, where)
    settings = hal.settings.get("redis")
    if settings is not None:
        for key in sorted(settings, key=str):
            hal.read.add((SETTINGS, key))
            _setting(hal, key, settings[key], f"{SETTINGS}: {key}")
    _halyard_redis(hal)


def _endpoints(hal, ha, where):
    for service, block, at in entries(ha, where):
        if service not in ("clouddriver", "echo") or not isinstance(block, dict):
            continue
        for key in sorted(set(block) & set(HA_ENDPOINTS), key=str):
            value, here = block[key], f"{at}.{key}"
            if value in (None, "", False):
                continue
            if key == "redisSlaveEndpoint" and hal.text(value, here):
                url = str(value)
                if hal.vault is not None and url_passwords(url):
                    url = hal.vault.keep("HAL_HA_CLOUDDRIVER_REDISROURL", url, ["clouddriver"], here,
                                         "a URL with a password")
                deep(hal.values, ("ha", "clouddriver", "redisRoUrl"), url)
                hal.report.mapped(here, "ha.clouddriver.redisRoUrl", "used by clouddriver-ro and clouddriver-ro-deck")
            elif key == "redisSlaveDeckEndpoint":
                hal.report.human(here, f"{shown(value)}: the chart gives clouddriver-ro-deck the same read replica "
                                       "as clouddriver-ro (`ha.clouddriver.redisRoUrl`); to keep a separate one set "
                                       "`profiles.clouddriver-ro-deck: {redis: {connection: ...}}`.")
            elif key == "redisMasterEndpoint":
                hal.report.human(here, f"{shown(value)}: the chart gives every service one Redis; set "
                                       "`redis.externalUrl` to it if it is not the Redis the rest of Spinnaker used.")


def _setting(hal, key, value, here):
    if key in ("overrideBaseUrl", "baseUrl") and value and hal.text(value, here):
        url, user, password = _split_userinfo(str(value))
        if password and hal.vault is not None:
            # The chart's own way: the password in `redis.existingSecret` (key redis-password),
            # handed only to the services that use Redis.
            from ..credentials import SECRET_NAME

            hal.vault.store("redis-password", password, here, "the Redis password",
                            "the chart gives it (redis.existingSecret) only to the services that use "
                            "Redis: " + ", ".join(REDIS_SERVICES))
            deep(hal.values, ("redis", "existingSecret"), SECRET_NAME)
            if user and user != "default":
                hal.report.human(here, f"Redis user {user!r}: the chart connects with the password only "
                                       "(Redis' `default` user). Give that user's rights to `default`, or "
                                       "set `profiles.spinnaker: {services: {redis: {baseUrl: ...}}}`.")
        elif password:
            url = str(value)
        deep(hal.values, ("redis", "externalUrl"), url)
        hal.report.mapped(here, "redis.externalUrl", "an external Redis; the chart runs none of its own")
    elif key == "enabled" and str(value).lower() == "false":
        hal.report.dropped(here, "with redis.externalUrl set the chart runs no Redis.")
    elif key == "skipLifeCycleManagement":
        hal.report.dropped(here, "Halyard left this Redis alone; the chart never manages an external one.")
    else:
        hal.report.dropped(here, "the chart's bundled Redis is set with `redis.*`.")


def _split_userinfo(url: str):
    """(url without user and password, user, password) of `scheme://user:password@host...`."""
    match = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@\s]*)@(.*)$", url)
    if not match:
        return url, "", ""
    user, _, password = match.group(2).partition(":")
    return match.group(1) + match.group(3), user, password


def _halyard_redis(hal):
    """Halyard's own Redis (`spin-redis`, when service-settings/redis.yml names no other) holds orca's
    running and recent executions, echo's scheduler state, igor's already-seen builds and gate's
    sessions: the release keeps using it (its Service, by its namespace-qualified name) so that
    nothing is lost at the switch, and the cut-over steps move the data onto the chart's Redis later.
    Without Halyard's namespace there is no name to give, so a human must answer it."""
    settings = hal.settings.get("redis") or {}
    if (hal.values.get("redis") or {}).get("externalUrl") or str(settings.get("enabled")).lower() == "false":
        return
    where = "service-settings/redis.yml: overrideBaseUrl (none: Halyard's own Redis, spin-redis)"
    hal.spin_redis = "unused" if hal.namespace is None else "used"
    holds = ("orca's running and recent pipeline executions (unless orca uses SQL), echo's scheduler state, "
             "igor's already-seen builds and gate's sessions")
    if hal.namespace is None:
        hal.report.human(where, f"Halyard ran its own Redis, spin-redis, which holds {holds}; the release would "
                                "start an empty one of its own. Halyard's namespace is not known (see "
                                "`deploymentEnvironment.location`), so migrate cannot point the release at it: "
                                "run migrate again with `--namespace NAME`, or set `redis.externalUrl: "
                                "redis://spin-redis.<namespace>:6379` yourself (the cut-over steps say how to "
                                "move its data onto the chart's Redis later); leave it unset only to start "
                                "empty.", target="redis.externalUrl")
        return
    url = f"redis://spin-redis.{hal.namespace}:6379"
    deep(hal.values, ("redis", "externalUrl"), url)
    hal.report.converted(where, "redis.externalUrl",
                         f"Halyard ran its own Redis, spin-redis in {hal.namespace}, which holds {holds}: the "
                         f"release uses it ({url}, reachable from any namespace) instead of starting an empty "
                         "one, and the cut-over steps keep it when they remove Halyard's objects")
    hal.report.human(where, f"the release uses Halyard's spin-redis ({url}), a Deployment whose data lives in "
                            "its pod only and that no tool manages once Halyard is gone. Move onto the chart's "
                            "own Redis (on a volume) when convenient: the last cut-over step says how (remove "
                            "`redis.externalUrl`, copy the data with REPLICAOF, delete spin-redis).",
                     target="redis.externalUrl")
