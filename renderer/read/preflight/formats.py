"""Values that must have a form: URLs and time zones."""
from __future__ import annotations

import re

from renderer.model.references import is_reference
from renderer.problems import WARNING
from .registry import check


URL_FIELDS = frozenset(("overrideBaseUrl", "baseUrl", "address", "metadataUrl", "url",
                        "accessTokenUri", "userAuthorizationUri", "userInfoUri", "iapVerifyKeyUrl"))
# Only _URL decides the common case (an absolute URL); the others are compiled when a value is not
# one (re keeps them then), not on every start.
_SCHEME = r"^[A-Za-z][A-Za-z0-9+.-]*:"
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#]+[^\s]*\Z")
# host:port (or a bare host name) with the scheme left out: Halyard-era files often wrote this.
_NO_SCHEME = r"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?([/?#][^\s]*)?\Z"
# An unfilled template placeholder: <JENKINS_URL>, <your-host>.
_ANGLE = r"<[^<>\s]+>"


_HTTP_SCHEMES = ("http", "https")
_HTTP_PREFIXES = ("https://", "http://")
_LDAP_SCHEMES = ("ldap", "ldaps")  # Spring LDAP's context source (gate's `ldap.url`)


def unreachable(url: str, schemes=()) -> str:
    """Why an absolute URL can never be reached by a reader that knows `schemes` (any, when empty): a
    scheme it does not know, or a host no DNS name can be (a '_': DNS names are letters, digits, '-'
    and '.'; java.net.URI, which the services' clients parse URLs with, finds no host in one). Both are
    what an unfilled sed-style template leaves (`PROTOCOL://OVERRIDE_DECK_URL`,
    `redis://RELEASE_NAME-redis-master:6379`); "" otherwise."""
    scheme, _, rest = url.partition("://")
    if is_reference(url) or "${" in url or "{{" in url:
        return ""
    if schemes and scheme.lower() not in schemes:
        return (f"its scheme {scheme}:// is not one its reader knows ({', '.join(s + '://' for s in schemes)}), "
                "as an unfilled placeholder leaves it")
    host = re.split(r"[/?#]", rest, 1)[0].rpartition("@")[2]
    host = host if host.startswith("[") else host.rsplit(":", 1)[0] if ":" in host else host
    if "_" in host:
        return f"its host {host} can never resolve (DNS names have no '_'), as an unfilled placeholder leaves it"
    return ""


@check("url", "any URL field (overrideBaseUrl, baseUrl, address, url, ...)",
       "is an absolute URL (scheme://host...); overrideBaseUrl may also be a path on the same host (/gate)",
       "Write the whole URL, e.g. https://spinnaker.example.com.",
       evidence="The services' HTTP clients need a scheme and a host: text that is neither (spaces, an unfilled "
                "<PLACEHOLDER>) can never be reached (an error); a host:port without its scheme is read by some "
                "clients and not others (a warning); a scheme the field's reader does not know (http(s), ldap(s) "
                "for gate's ldap.url), or a host with '_' no DNS name has (an unfilled PROTOCOL://OVERRIDE_DECK_URL), "
                "is a warning: the service starts, and only what calls that URL fails. A path such as /gate in overrideBaseUrl is what Deck and gate "
                "use when they share a host.", strings_under=URL_FIELDS)
def _urls(hal, chart, found):
    from renderer.model.normalize import _show

    for path, value in found:
        if _URL.match(value):  # the common case first: an absolute URL
            # An http(s) URL without a '_' is one `unreachable` passes: decided here, for thousands of accounts.
            if "_" in value or not value.startswith(_HTTP_PREFIXES) or "ldap" in path:
                why = unreachable(value, _LDAP_SCHEMES if "ldap" in path else _HTTP_SCHEMES)
                if why:  # the scheme or host alone: the URL may carry a password
                    yield path, f"{why}.", WARNING
            continue
        if is_reference(value):
            continue  # a secret reference or placeholder, resolved by the service
        if path[-1] == "metadataUrl" and (not re.match(_SCHEME, value) or value.startswith("file:")):
            continue  # SAML metadata may be a file (Halyard's metadataLocal: /..., ~/..., relative, file:)
        if path[-1] == "overrideBaseUrl" and value.startswith("/"):
            continue  # Deck and gate behind one host, gate by path
        placeholder = re.search(_ANGLE, value)
        if placeholder:
            yield path, f"{_show(value)} is an unfilled placeholder ({placeholder.group(0)}), not a URL."
        elif re.match(_NO_SCHEME, value):
            yield path, (f"{_show(value)} has no scheme; write http://{value} (or https://) so every client "
                         "reads it."), WARNING
        else:
            yield path, f"{_show(value)} is not a URL."


@check("time-zone", "timezone", "is an IANA time zone", "Use a name such as America/Los_Angeles or UTC.",
       severity=WARNING, evidence="echo's cron triggers (PipelineConfigsPollingJob) and orca's execution windows "
                                  "(RestrictExecutionDuringTimeWindow) use TimeZone.getTimeZone, which gives GMT "
                                  "for an unknown ID, so they run on GMT. Only echo's optional missed-trigger "
                                  "compensation job (scheduler.compensation-job.enabled) uses ZoneId.of and would "
                                  "stop echo from starting.")
def _timezone(hal, chart):
    tz = hal.get("timezone")
    if tz and not _known_zone(tz):
        from renderer.model.normalize import suggest

        hint = suggest(tz, sorted(_zones())) if len(tz) < 100 else ""
        from renderer.model.normalize import _show

        yield ("timezone",), f"{_show(tz)} is not a time zone." + (f" {hint}" if hint else "")


def _zones():
    import zoneinfo

    return zoneinfo.available_timezones()


# Where the system's tz database usually is (CPython's default zoneinfo TZPATH on Linux).
_TZ_DIRS = ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo")
_ZONE_NAME = r"[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*\Z"  # compiled only when a time zone is set


def _known_zone(name: str) -> bool:
    # Most zones are a TZif file in the system's database: reading its first bytes spares the
    # post-renderer importing zoneinfo (and sysconfig). Otherwise ZoneInfo decides (it also
    # knows the tzdata package). Listing every zone walks the database (tens of ms), so the list
    # is made only to suggest a name for an unknown one.
    if re.match(_ZONE_NAME, name):
        for directory in _TZ_DIRS:
            try:
                with open(f"{directory}/{name}", "rb") as handle:
                    if handle.read(4) == b"TZif":
                        return True
            except OSError:
                continue
    import zoneinfo

    try:
        zoneinfo.ZoneInfo(name)
        return True
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return not _zones()  # no tz database here: do not refuse
