"""URLs the chart's values give the services reach a host: `redis.externalUrl` (and clouddriver's read
replica) is a URL of a scheme the services' Redis clients know, to a host a DNS name can be; a URL in
the user's profiles (`profiles.<service>`) has such a host.

The halconfig's own URL fields are judged by the preflight `url` check (renderer/read/preflight/formats.py),
with the same rule (`unreachable`); these come from chart values, so the finding names the values
path. A warning: the services start and what calls that URL fails; a sed-style template left
unfilled (`redis://RELEASE_NAME-redis-master:6379`, `ldap://RELEASE_NAME-openldap:389`) is what it
catches. A profile's scheme is not judged: its reader is whatever Spring setting holds it.
"""
from __future__ import annotations

import re

from .findings import warning

# A URL in a file's text whose host holds '_' (the user-info skipped); found at C speed by the literal `://`.
# Compiled only for a user's profile with a '_' in it (re keeps it).
_HOST_WITH_UNDERSCORE = r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/\s@'\"]*@)?[^/\s:'\"?#$@{}]*_[^/\s:'\"?#$@{}]*"

_REDIS_SCHEMES = ("redis", "rediss")
# The bundle's `redis` keys and the values each comes from (templates/_redis.tpl spinnaker.redisUrl).
_WHERE = (("url", "redis.externalUrl"), ("roUrl", "ha.clouddriver.redisRoUrl"))


def check(release, pods) -> list:
    from ..read.preflight import unreachable

    redis = release.bundle.get("redis") if isinstance(release.bundle.get("redis"), dict) else {}
    found = []
    for key, where in _WHERE:
        url = redis.get(key)
        if isinstance(url, str) and "://" in url:
            why = unreachable(url, _REDIS_SCHEMES)
            if why:
                # The scheme or host alone: the URL may carry a password.
                found.append(warning(where, f"{why}.",
                                     "Write the Redis the services use, e.g. redis://redis.example.com:6379."))
    profiles = release.bundle.get("profiles") if isinstance(release.bundle.get("profiles"), dict) else {}
    for service in sorted({pod.service for pod in pods}):
        for name, text in sorted((release.texts.get(service) or {}).items()):
            if not name.endswith("-local.yml") or not isinstance(text, str) or "_" not in text:
                continue
            profile = name[:-len("-local.yml")]
            if profile not in profiles:
                continue  # not the user's profile
            for url in dict.fromkeys(re.findall(_HOST_WITH_UNDERSCORE, text)):
                why = unreachable(url)
                if why:
                    found.append(warning(f"profiles.{profile}", f"a URL in {name}: {why}.",
                                         "Fill in the host (a Service name such as spin-openldap, or a DNS name)."))
    return found
