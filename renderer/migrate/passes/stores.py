"""TLS and stores: key and trust stores named in profiles and JAVA_OPTS, and service-settings `scheme`.

A Halyard install served TLS from its profiles (Spring Boot's `server.ssl.*`, kork's
`ok-http-client.*` for the client side) and told the callers with service-settings `scheme: https`.
The chart derives https (probes, every caller's URL, client certificates) from the same profiles, so
the profiles are kept as they are; what changes is where the store files are: each one found in the
Halyard directory goes into the referenced files' Secret (`secrets.files`, mounted at /var/secrets in
the services whose profiles or JAVA_OPTS name it) and the setting points there. A store the profiles
name that is not in HAL_DIR (mounted from a Kubernetes Secret of the user's, say) is left as written.
Runs after profiles (the stores they name) and JVM options (the options the stores are swapped in).
"""
from __future__ import annotations

import copy
import re

from renderer.read.bounded import Unreadable
from ...read.chartbundle import profile_tls
from ...service_facts import JAVA_SERVICES, SERVICES, SPLITS
from .. import files as referenced
from .facts import UNKNOWN_SETTING

# The Spring properties naming a store file (Spring Boot's server and management server SSL, kork's
# OkHttp clients), in Spring's canonical form (lower case, no dashes or underscores).
STORE_KEYS = {"server.ssl.keystore", "server.ssl.truststore", "management.server.ssl.keystore",
              "management.server.ssl.truststore", "okhttpclient.keystore", "okhttpclient.truststore"}
_CANON = re.compile(r"[-_]")
_JVM_STORE = re.compile(r"(-Djavax\.net\.ssl\.(?:keyStore|trustStore)=)(['\"]?)([^\s'\"]+)\2")


def run(hal) -> None:
    """`hal.stores`: (Referenced, readers) of the store files found; `scheme` judged."""
    def scheme(name, key, value, where):
        if hal.text(value, where):
            hal.schemes[name] = (str(value), where)
        else:
            hal.report.dropped(where, UNKNOWN_SETTING)
    hal.each(hal.fields(("scheme",)), scheme)
    hal.stores = move_stores(hal.values, hal.hal_dir, hal.report, {f.key for f in hal.hal_dir.files})
    schemes(hal.values, hal.schemes, hal.report)


def canonical(dotted: str) -> str:
    return _CANON.sub("", dotted).lower()


def _leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    else:
        yield path, data


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def readers(key: str) -> tuple:
    """The services reading `profiles.<key>`."""
    if key == "spinnaker":
        return JAVA_SERVICES
    return (SPLITS[key][0],) if key in SPLITS else (key,)


def _store(hal_dir, report, taken, found, original, path_in_file, real, where, target):
    """The store file at `real` as a referenced file (read once however often it is named), or None
    after reporting why it could not be read."""
    entry = found.get(real)
    if entry is None:
        entry = referenced.Referenced(original, None, referenced._key(path_in_file, taken))
        try:
            entry.content = hal_dir.scope.read(real)
        except Unreadable as exc:
            report.human(where, f"{real}: {exc}; not read. Put the store in a Secret yourself.", target=target)
            return None
        entry.found, entry.paths = real, []
        found[real] = entry
    return entry


def move_stores(values: dict, hal_dir, report, taken) -> list:
    """The store files the profiles and JAVA_OPTS name, found in HAL_DIR, as (Referenced, readers);
    the settings point at /var/secrets/<key> afterwards. `taken`: the Secret keys already used."""
    found: dict = {}
    profiles = values.get("profiles") or {}
    for key in sorted(profiles):
        data = profiles[key]
        for path, value in list(_leaves(data)):
            if canonical(".".join(map(str, path))) not in STORE_KEYS or not isinstance(value, str):
                continue
            if not value or value.startswith(("${", "classpath:", "encrypted", "http://", "https://")):
                continue
            where = f"{hal_dir.deployment}/profiles/{key}-local.yml: {'.'.join(map(str, path))}"
            path_in_file = value[len("file:"):] if value.startswith("file:") else value
            real, outside = referenced.resolve(path_in_file, hal_dir.scope, hal_dir.deployment)
            if real is None:
                mounted = any(path_in_file.startswith(str(m.get("mountPath", "")).rstrip("/") + "/")
                              for m in _mounts(values, key))
                if not mounted:
                    report.human(where, f"{value}: a store file that is neither in the Halyard directory nor "
                                        "under a volume this service mounts (`extraVolumeMounts`), so the service "
                                        "cannot open it and does not start. Put it in a Secret listed in "
                                        "`secrets.files` and point the profile at /var/secrets/<key>, or use "
                                        f"`tls`/`services.<service>.tls`."
                                 + (f" Or let migrate read it: {hal_dir.scope.include_command(outside)}"
                                    if outside else ""), target=f"profiles.{key}")
                continue
            entry = _store(hal_dir, report, taken, found, value, path_in_file, real, where, f"profiles.{key}")
            if entry is None:
                continue
            entry.paths.append((key,) + path)
            new = ("file:" if value.startswith("file:") else "") + entry.mounted
            if data is profiles[key]:
                profiles[key] = data = copy.deepcopy(data)
            _set(data, path, new)
            report.secret(where, entry.mounted, f"{value} (read from {real}): the store goes into the referenced "
                                                f"files' Secret and `profiles.{key}` points at {new}")
    _java_opts_stores(values, hal_dir, report, taken, found)
    for key in sorted({path[0] for entry in found.values() for path in entry.paths if len(path) > 1}):
        local = f"{hal_dir.deployment}/profiles/{key}-local.yml"
        for entry in report.find(local, "mapped"):
            if entry.source == local:
                entry.text = ((entry.text + "; ") if entry.text else "") + \
                    "its key and trust store paths point at /var/secrets (the stores are in the referenced " \
                    "files' Secret); everything else arrives unchanged"
    out = []
    for entry in found.values():
        services = sorted({s for path in entry.paths for s in readers(path[0])})
        out.append((entry, tuple(services)))
    return out


def _java_opts_stores(values, hal_dir, report, taken, found):
    """The JVM's own stores (`-Djavax.net.ssl.keyStore=`/`trustStore=` in JAVA_OPTS), for its outbound
    TLS: found in HAL_DIR, they go to the same Secret and the option points there."""
    places = [(("services", name), name) for name in (values.get("services") or {})]
    for service, ha in (values.get("ha") or {}).items():
        for key in ((ha or {}).get("splits") or {}):
            places.append((("ha", service, "splits", key),
                           next(s for s, (svc, k) in SPLITS.items() if svc == service and k == key)))
    for place, name in places:
        node = values
        for key in place:
            node = node.get(key) or {}
        options = node.get("javaOpts")
        if not isinstance(options, str) or "javax.net.ssl." not in options:
            continue
        where = f"service-settings/{name}.yml: env.JAVA_OPTS"

        def swap(match, name=name, place=place, where=where):
            value = match.group(3)
            real, _ = referenced.resolve(value, hal_dir.scope, hal_dir.deployment)
            if real is None:
                return match.group(0)
            entry = _store(hal_dir, report, taken, found, value, value, real, where, ".".join(place + ("javaOpts",)))
            if entry is None:
                return match.group(0)
            entry.paths.append((name,))
            report.secret(where, entry.mounted, f"{value} (read from {real}): the store goes into the referenced "
                                                f"files' Secret and JAVA_OPTS points at {entry.mounted}")
            return match.group(1) + match.group(2) + entry.mounted + match.group(2)
        node["javaOpts"] = _JVM_STORE.sub(swap, options)


def _mounts(values, key):
    service = SPLITS[key][0] if key in SPLITS else key
    mounts = list(((values.get("services") or {}).get(service) or {}).get("extraVolumeMounts") or [])
    if key in SPLITS:
        split = ((values.get("ha") or {}).get(service) or {}).get("splits", {}).get(SPLITS[key][1]) or {}
        mounts += split.get("extraVolumeMounts") or []
    return [m for m in mounts if isinstance(m, dict)]


def _serves(tls: dict) -> bool:
    """Whether profile settings read by renderer.read.chartbundle.profile_tls (the chart's own reading)
    serve TLS: `server.ssl.enabled` as written, else any `server.ssl.*` set."""
    return tls["enabled"] == "true" or (tls["enabled"] == "" and tls["any"])


def schemes(values: dict, schemes_found: dict, report) -> None:
    """service-settings `scheme` (what Halyard told the callers): the chart derives it from what the
    service serves, so `https` is carried by the profiles' `server.ssl`, Halyard's apiSecurity/uiSecurity
    ssl, or needs `tls`."""
    security = (values.get("halconfig") or {}).get("security") or {}
    for name, (scheme, where) in sorted(schemes_found.items()):
        service = SPLITS[name][0] if name in SPLITS else name
        if str(scheme).lower() != "https":
            report.dropped(where, f"{scheme!r}: the chart calls every service by the scheme it serves.")
            continue
        # Deck is Apache: Spring profiles do not reach it.
        # The profiles layered as the service reads them: a later one may turn TLS off again.
        layers = tuple(dict.fromkeys(("spinnaker", service, name)))
        serves = SERVICES[service].java and _serves(profile_tls(values, layers))
        own = [k for k in layers if serves and profile_tls(values, (k,))["any"]]
        block = {"gate": "apiSecurity", "deck": "uiSecurity"}.get(service)
        if own:
            auth = profile_tls(values, layers)["clientAuth"]
            probe = (f" Under client-auth need Halyard's probe (`wget https://localhost:<port>/health`, which "
                     "presents no client certificate) failed the handshake; the chart probes /health over https "
                     "on the management port (`tls.managementPort`, 8081), which asks for none "
                     f"(`services.{service}.readinessProbe` probes elsewhere)." if auth == "need" else "")
            report.converted(where, f"profiles.{own[-1]}.server.ssl",
                             f"derived from `profiles.{own[-1]}.server.ssl`: the chart gives {service} https probes "
                             "and https in every caller's URL because that profile serves TLS (and client "
                             "certificates to its callers' checks under client-auth need)." + probe)
        elif block and str(((security.get(block) or {}).get("ssl") or {}).get("enabled")).lower() == "true":
            report.converted(where, f"halconfig.security.{block}.ssl",
                             f"derived from `halconfig.security.{block}.ssl`, which makes {service} serve https")
        else:
            said = (f"`halconfig.security.{block}.ssl`" if not SERVICES[service].java
                    else "`server.ssl` in its profiles")
            report.human(where, f"Halyard called {name} over https, but nothing in this directory makes it "
                                f"serve TLS (no {said}): the chart calls it over http. If it "
                                "did serve TLS (a vendor image's own config), give it a key store with "
                                f"`services.{service}.tls` (or `tls` for every service) and a Secret of the "
                                "stores.", target=f"services.{service}.tls")
