"""CA bundles: a trust store Halyard mounted where another distribution's JDK reads it goes where the
release's JDK does.

Halyard directories built on UBI images (OpsMx's, say) mount their CA store at
`/etc/pki/ca-trust/extracted/java` (or `/etc/pki/java`), where a Red Hat JDK reads `cacerts`. The
release's images install Alpine's `openjdk17-jre` or Ubuntu's `openjdk-17-jre-headless`, whose JDK
reads `/etc/ssl/certs/java/cacerts` and nothing else (renderer.runtime.image_jdks, sourced from the
release's Dockerfiles and the packages): mounted at the UBI path the bundle is never read, and every
call to a host with a private certificate fails. So on the release's images the mount moves to the
same place in `/etc/ssl/certs/java` (the Secret's `cacerts` key is the store, as the UBI JDK read it), and a
`-Djavax.net.ssl.trustStore` naming the old place follows it. A vendor image the user keeps
(`services.<name>.image`) keeps its own path.

Runs after `pods` (the mounts), `images` (which images are kept) and `jvm`/`stores` (JAVA_OPTS)."""
from __future__ import annotations

import posixpath
import re

from ...runtime.image_jdks import CACERTS, OTHER_CA_LOCATIONS
from ...service_facts import SERVICES
from .facts import pod_settings, settings_source


def run(hal) -> None:
    found: dict = {}  # (old, new): [(Halyard's file, values path)]
    for path, node in pod_settings(hal.values):
        service = path[1]
        if (hal.values.get("services") or {}).get(service, {}).get("image"):
            continue  # a vendor image the user keeps: its JDK reads its own path
        for mount in node.get("extraVolumeMounts") or ():
            old = str(mount.get("mountPath") or "") if isinstance(mount, dict) else ""
            new = moved(old)
            if new is None:
                continue
            mount["mountPath"] = new
            where = ".".join(path) + ".extraVolumeMounts"
            options = node.get("javaOpts")
            if isinstance(options, str) and old.rstrip("/") in options:
                node["javaOpts"] = re.sub(r"(-Djavax\.net\.ssl\.trustStore=['\"]?)" + re.escape(old.rstrip("/")),
                                          lambda m: m.group(1) + new.rstrip("/"), options)
                where += " (and -Djavax.net.ssl.trustStore in its javaOpts)"
            split = next((s.name for s in SERVICES[service].splits if s.key == path[-1]), service)
            found.setdefault((old, new), []).append((split, where))
    for (old, new), places in sorted(found.items()):
        services = sorted({service for service, _ in places})
        hal.report.converted(
            settings_source(services, "kubernetes.volumes"), ", ".join(where for _, where in places),
            f"mountPath {old}: where a Red Hat (UBI) JDK reads its CA store; the release's images (Alpine "
            f"openjdk17-jre, Ubuntu openjdk-17-jre-headless) read {CACERTS} (runtime.image_jdks), so it is mounted "
            f"at {new} instead. A vendor image kept (`services.<name>.image`) keeps the old path.")


def moved(path: str):
    """Where the release's JDK reads what `path` (a directory or file under a UBI CA location) held."""
    path = path.rstrip("/")
    for location in OTHER_CA_LOCATIONS:
        if path == location:
            return posixpath.dirname(CACERTS)
        if path.startswith(location + "/"):
            return posixpath.dirname(CACERTS) + path[len(location):]
    return None

