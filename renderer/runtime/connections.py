"""Every call a pod of the release makes to a host in the cluster, with where its URL comes from.

A connection is a URL (`http(s)://`, `redis(s)://`, `jdbc:<engine>://`) whose host names a Service
in the cluster the way a pod reaches one (Kubernetes' DNS for Services: `<service>`, from a pod of
the same namespace through its DNS search path; `<service>.<namespace>`,
`<service>.<namespace>.svc`, `<service>.<namespace>.svc.<cluster domain>`), and that Service is
either one of the release's (the stream's Services) or one Halyard ran (`spin-<service>`,
`spin-<service>-<split>`: Halyard's Kubernetes V2 deployer named each Service so). They are read
where the caller reads them:

- the Spring files the pod reads, in Spring's order (runtime.spring), a URL counting only where no
  later file sets the same property again: `services.<x>.baseUrl`, dynamic endpoints, Redis'
  `services.redis.baseUrl`, SQL's `jdbcUrl`s. The Redis URL in the files every service reads
  (`spinnaker.yml`) is a call only from the services that use Redis (service_facts `redis`, the
  same list the chart's Redis NetworkPolicy admits);
- Deck's `settings.js`/`settings-local.js` (the gate URL the browser calls is written there);
- the main container's environment (Deck's API_HOST, a URL given to a JVM as `-D...=`).

The checks (resolves, proxies, admitted) judge these; the list is made once per release.
"""
from __future__ import annotations

import functools
import os.path

_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-:")
_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
_AUTHORITY_ENDS = "/?#'\" \t\n"
_REDIS = ("redis", "rediss")
DEFAULT_PORTS = {"http": 80, "https": 443, "redis": 6379, "rediss": 6379, "jdbc:mysql": 3306,
                 "jdbc:mariadb": 3306, "jdbc:postgresql": 5432}


@functools.lru_cache(maxsize=1)
def halyard_names() -> frozenset:
    """The Service names Halyard's deployer gave Spinnaker's services and their HA splits."""
    from ..service_facts import SERVICES, SPLITS

    return frozenset({f"spin-{name}" for name in SERVICES} | {f"spin-{name}" for name in SPLITS})


class Target:
    """A Service of the release: its name, ports ({port: targetPort}) and pod selector."""

    __slots__ = ("name", "ports", "selector")

    def __init__(self, obj: dict):
        spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
        self.name = str((obj.get("metadata") or {}).get("name") or "")
        self.ports = {p.get("port"): p.get("targetPort", p.get("port"))
                      for p in spec.get("ports") or () if isinstance(p, dict)}
        self.selector = spec.get("selector") if isinstance(spec.get("selector"), dict) else {}


class Connection:
    """One call: `pod` (the caller), `where` (the file and property, or env var, holding the URL),
    `values` (the values path to change), `url`, `scheme`, `host`, `name` (the Service name it names),
    `namespace` (the one it names, "" for none), `port`, `target` (the release's Service, or None for
    one of Halyard's)."""

    __slots__ = ("pod", "where", "values", "url", "scheme", "host", "name", "namespace", "port", "target")

    def __init__(self, pod, where, values, url, scheme, host, name, namespace, port, target):
        self.pod, self.where, self.values, self.url, self.scheme = pod, where, values, url, scheme
        self.host, self.name, self.namespace, self.port, self.target = host, name, namespace, port, target

    @property
    def from_browser(self) -> bool:
        """The browser makes this call, not the pod: Deck serves settings.js (with the API_HOST its env writes
        into it) to the browser, which calls gate; Deck's pod itself calls nothing."""
        return self.pod.service == "deck"

    @property
    def short(self) -> bool:
        """The host is a name only pods resolve with their DNS search path (`<service>` or `<service>.<ns>`)."""
        return not self.host.lower().rstrip(".").endswith(".svc") and ".svc." not in self.host.lower()


def service_host(host: str):
    """(service name, namespace or "") of a host in one of the Service DNS forms, else None."""
    parts = host.lower().rstrip(".").split(".")
    if len(parts) == 1:
        return parts[0], ""
    if len(parts) == 2 or (len(parts) >= 3 and parts[2] == "svc"):
        return parts[0], parts[1]
    return None


def targets(release) -> dict:
    """{name: Target} of the release's Services."""
    if "targets" not in release.cache:
        release.cache["targets"] = {t.name: t for t in map(Target, release.objects("Service")) if t.name}
    return release.cache["targets"]


def connections(release, pods) -> list:
    """Every Connection of `pods` (made once per release)."""
    if "connections" in release.cache:
        return release.cache["connections"]
    from ..service_facts import REDIS_SERVICES
    from .spring import pod_config
    from .spring import values_path

    services = targets(release)
    halyard = halyard_names() - set(services)
    names = set(services) | halyard
    # The release's Services share its prefix, Halyard's theirs: a few searches at C speed tell the
    # files that name any (a large clouddriver.yml is megabytes of other URLs).
    prefix = os.path.commonprefix(sorted(services)) if services else ""
    # A host follows `://`, or `@` after user-info (`redis://:password@<service>`).
    needles = ([sep + prefix for sep in ("://", "@")] if len(prefix) >= 3 else
               [sep + n for n in services for sep in ("://", "@")]) + ["://spin-", "@spin-"]
    found = []
    urls_in: dict = {}  # {text: [(path, hits)]}: the splits and services share files of the same text
    for pod in pods:
        if pod.container is None:
            continue
        texts = release.texts.get(pod.service) or {}
        conf = pod_config(release, pod)
        for file in conf.order:
            text = texts.get(file)
            if not isinstance(text, str) or "://" not in text or not any(n in text for n in needles):
                continue
            if text not in urls_in:
                from .spring import located_in

                urls_in[text] = [(path, hits) for path, value in located_in(release, conf.files[file], "://")
                                 for hits in [list(_urls(value, names, services, release.namespace))] if hits]
            shared = file.startswith("spinnaker")
            for path, hits in urls_in[text]:
                hits = [hit for hit in hits if not (shared and hit[1] in _REDIS and pod.service not in REDIS_SERVICES)]
                if hits and not conf.later_sets(file, path):
                    values = values_path(pod.service, file) or "the chart"
                    found += [Connection(pod, f"{file}: {path}", values, *hit) for hit in hits]
        if pod.service == "deck":
            for file, text in sorted(texts.items()):
                if file.endswith(".js") and isinstance(text, str) and any(n in text for n in needles):
                    for number, line in enumerate(text.split("\n"), 1):
                        for hit in _urls(line, names, services, release.namespace):
                            values = "profiles.deck" if file == "settings-local.js" else "the chart"
                            found.append(Connection(pod, f"{file} line {number}", values, *hit))
        for var, value in sorted(pod.env.items()):
            if value and "://" in value:
                for hit in _urls(value, names, services, release.namespace):
                    found.append(Connection(pod, f"env {var}", f"services.{pod.service}.env", *hit))
    release.cache["connections"] = found
    return found


def scan(value: str):
    """(url, scheme, host, port text) of each `scheme://[user-info@]host[:port]` in `value`, read with
    string methods (a regular expression's compilation alone costs more than the search on a small
    release). The url leaves the user-info out: it goes into messages, and may hold a password."""
    at = value.find("://")
    while at >= 0:
        start = at
        while start > 0 and value[start - 1] in _SCHEME_CHARS:
            start -= 1
        while start < at and not value[start].isalpha():
            start += 1  # a scheme starts with a letter
        scheme = value[start:at].lstrip(":")
        head = at + 3
        end = head
        while end < len(value) and value[end] not in _AUTHORITY_ENDS:
            end += 1
        authority = value[head:end]
        host_at = head + authority.rfind("@") + 1 if "@" in authority else head
        host_end = host_at
        while host_end < end and value[host_end] in _HOST_CHARS:
            host_end += 1
        port_end = host_end
        if host_end < end and value[host_end] == ":":
            port_end = host_end + 1
            while port_end < end and value[port_end].isdigit():
                port_end += 1
            if port_end == host_end + 1:
                port_end = host_end
        if scheme and host_end > host_at:
            yield (value[start:head] + value[host_at:port_end], scheme, value[host_at:host_end],
                   value[host_end + 1:port_end] if port_end > host_end else None)
        at = value.find("://", at + 3)


def _urls(value: str, names: set, services: dict, namespace: str):
    """(url, scheme, host, name, namespace, port, target) of each URL in `value` naming one of `names`."""
    lower = value.lower()
    if not any(("://" + n) in lower or ("@" + n) in lower for n in ("spin-", *services)):
        return
    for url, scheme, host, port in scan(value):
        scheme = scheme.lower()
        named = service_host(host)
        if named is None or named[0] not in names:
            continue
        name, ns = named
        target = services.get(name) if not ns or not namespace or ns == namespace else None
        if target is None and name not in halyard_names():
            continue  # a Service of that name in another namespace: not the release's, not Halyard's
        number = int(port) if port else DEFAULT_PORTS.get(scheme)
        yield url, scheme, host, name, ns, number, target
