"""Every key or trust store given to a JVM is there, and a CA bundle sits where the image's JDK reads it.

The stores a JVM is given: `-Djavax.net.ssl.trustStore` / `-Djavax.net.ssl.keyStore` (the JDK's
defaults for every TLS client), and in its Spring config `server.ssl.key-store` /
`server.ssl.trust-store` (Spring Boot's server) and `ok-http-client.key-store` /
`ok-http-client.trust-store` (kork's clients between the services). A store that is not there:

- a server's key store: Tomcat cannot start its connector (Spring Boot's SslConnectorCustomizer
  fails to load it), so the service never starts;
- a trust store or client key store in the Spring config: every TLS connection that needs it fails
  (kork's clients cannot load theirs);
- a client key store named by `-Djavax.net.ssl.keyStore`: the JDK's default SSLContext cannot load it,
  so TLS through that context fails.

These are errors. A `-Djavax.net.ssl.trustStore` that is not there is a warning: the JDK's
TrustStoreManager (OpenJDK 17, sun/security/ssl/TrustStoreManager.java, TrustStoreDescriptor.createInstance)
tries the named file, then the JDK's own `lib/security/cacerts`, so the service runs trusting the
public CAs, and only its calls to hosts a private CA signs fail (as for a CA store the JDK does not read,
below). A path is judged only where its presence can be told: under a mount of a
ConfigMap or Secret of the release, whose keys are the files (runtime.pods), or, on the release's
own images, outside every mount, where the image holds no store but the JDK's own (image_jdks). A
mount of anything else (a Secret made outside the release, a volume) is not judged, nor is a vendor
image the user keeps: its files are its own.

A CA bundle mounted where another distribution keeps its JDK's store (`/etc/pki/ca-trust/extracted/java`,
a UBI path) is never read by the release's JDKs, which read `/etc/ssl/certs/java/cacerts`
(image_jdks, from the release's Dockerfiles and their packages): the service runs, trusting only
the public CAs, so its calls to hosts with private certificates fail. A warning, with the fix.
"""
from __future__ import annotations

from .findings import error, warning

_FLAGS = (("javax.net.ssl.trustStore", "trust store"), ("javax.net.ssl.keyStore", "key store"))
_SPRING = (("server.ssl.key-store", "key store", True), ("server.ssl.trust-store", "trust store", False),
           ("ok-http-client.key-store", "key store", False), ("ok-http-client.trust-store", "trust store", False))


def _upstream(pod) -> str | None:
    """The tag of the release's own image the pod runs (any registry), or None for another image."""
    from .images import split_image, tagged_release

    name, tag, _ = split_image(pod.image)
    if name.rsplit("/", 1)[-1] == pod.service and tagged_release(tag):
        return tag
    return None


def _mount_for(pod, path: str):
    """(mountPath, subPath, volume) of the mount that holds `path`, the deepest one; None outside every mount."""
    volumes = {v.get("name"): v for v in pod.spec.get("volumes") or () if isinstance(v, dict)}
    best = None
    for mount in (pod.container or {}).get("volumeMounts") or ():
        if not isinstance(mount, dict):
            continue
        at = str(mount.get("mountPath") or "").rstrip("/")
        if path == at or path.startswith(at + "/"):
            if best is None or len(at) > len(best[0]):
                best = (at, mount.get("subPath"), volumes.get(mount.get("name")))
    return best


def _present(release, pod, path: str, tag):
    """True when the file is there, False when it certainly is not, None when that cannot be told."""
    from .image_jdks import read_stores
    from .pods import _volume_keys

    mount = _mount_for(pod, path)
    if mount is None:
        if tag is None:
            return None  # a vendor image's own files
        return path in read_stores(tag)
    at, sub, volume = mount
    if sub:
        return True if path == at else None
    if not isinstance(volume, dict) or not any(k in volume for k in ("configMap", "secret", "projected")):
        return None
    keys = _volume_keys(volume, release.object_keys)
    if not keys:
        return None  # an object made outside the release: its keys are not known
    return path[len(at) + 1:] in keys


def check(release, pods) -> list:
    from ..service_facts import SERVICES
    from .jvm import system_properties
    from .spring import pod_config
    from .spring import values_path

    found, unread = [], {}
    for pod in pods:
        if pod.container is None or not getattr(SERVICES.get(pod.service), "java", False):
            continue
        tag = _upstream(pod)
        props = system_properties(pod)
        named = set()
        for prop, what in _FLAGS:
            value, var = props.get(prop, ("", ""))
            if value.startswith("/"):
                named.add(value)
                if _present(release, pod, value, tag) is False and what == "trust store":
                    found.append(warning(f"services.{pod.service}", f"{pod.workload}'s JVM is given the {what} "
                                                                    f"{value} (-D{prop} in {var}), which is not in the "
                                                                    "container: the JDK falls back to its own cacerts, "
                                                                    "so its calls to hosts a private CA signs fail.",
                                         _mount_hint(pod)))
                elif _present(release, pod, value, tag) is False:
                    found.append(error(f"services.{pod.service}", f"{pod.workload}'s JVM is given the {what} {value} "
                                                                  f"(-D{prop} in {var}), which is not in the container: "
                                                                  "every TLS connection that presents it fails.",
                                       _mount_hint(pod)))
        conf = pod_config(release, pod)
        for prop, what, server in _SPRING:
            file, value = conf.effective(prop)
            if not isinstance(value, str):
                continue
            path = value[len("file:"):] if value.startswith("file:") else value
            if not path.startswith("/") or "${" in path:
                continue
            if _present(release, pod, path, tag) is False:
                consequence = ("Tomcat cannot load it and the service never starts" if server else
                               "every call that needs it fails its TLS handshake")
                found.append(error(values_path(pod.service, file) or f"services.{pod.service}",
                                   f"{pod.workload}'s {prop} is {path} ({file}), which is not in the container: "
                                   f"{consequence}.", _mount_hint(pod)))
        if tag is not None:
            for at, name in _unread_ca_stores(pod, named):
                unread.setdefault(at, []).append((pod, name, tag))
    # One finding per location, naming every workload that mounts a store there (migrate's report
    # says each once).
    return found + [_ca_warning(at, mounts) for at, mounts in sorted(unread.items())]


def _mount_hint(pod) -> str:
    return (f"Mount it: list its Secret in secrets.files for {pod.service} (or services.{pod.service}.extraVolumes "
            "and extraVolumeMounts), at the path given.")


def _unread_ca_stores(pod, named: set):
    """(mountPath, volume name) of each mount at another distribution's CA location that no
    -Djavax.net.ssl.trustStore names."""
    from .image_jdks import OTHER_CA_LOCATIONS

    for mount in (pod.container or {}).get("volumeMounts") or ():
        at = str((mount or {}).get("mountPath") or "").rstrip("/")
        if not any(at == loc or at.startswith(loc + "/") for loc in OTHER_CA_LOCATIONS):
            continue
        if any(path == at or path.startswith(at + "/") for path in named):
            continue  # -Djavax.net.ssl.trustStore names a store in it: the JDK reads that
        yield at, mount.get("name")


def _ca_warning(at: str, mounts: list):
    from .image_jdks import CACERTS, IMAGE_JDKS, variant

    images = sorted({"{} ({}, {})".format(pod.image, *IMAGE_JDKS[variant(tag)][:2]) for pod, _, tag in mounts})
    workloads = ", ".join(sorted({f"{pod.workload} ({name})" for pod, name, _ in mounts}))
    services = sorted({pod.service for pod, _, _ in mounts})
    opts = " and ".join(f"services.{s}.javaOpts" for s in services)
    return warning(f"services.{services[0]}.extraVolumeMounts",
                   f"{workloads} mount{'s' if len(mounts) == 1 else ''} a CA store at {at}, where a Red Hat (UBI) "
                   f"image keeps its JDK's store; the release's images ({'; '.join(images)}) have a JDK that reads "
                   f"{CACERTS}, so these certificates are never read and calls to hosts they sign fail.",
                   f"Mount the store at {CACERTS} (mountPath {CACERTS}, subPath cacerts), or add "
                   f"-Djavax.net.ssl.trustStore={at}/cacerts to {opts}.")
