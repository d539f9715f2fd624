"""TLS the same in a service, its probes and every caller's URL for it.

Whether a pod serves TLS is decided by the Spring files it reads (runtime.spring), with Spring Boot's
rules: `server.ssl` switches TLS on for `server.port` as soon as any `server.ssl.*` property is set,
unless `server.ssl.enabled` is false (org.springframework.boot.web.server.Ssl: `enabled` defaults to
true); a management port of its own (`management.server.port`) serves with `management.server.ssl`
when that is set, else as the server does (spring-boot-actuator-autoconfigure,
ManagementWebServerFactoryCustomizer: the management server takes the parent's SSL unless its own
is given). A probe in the other scheme never succeeds (the kubelet's https probe fails the handshake
on a plain port, its http probe gets no HTTP answer from a TLS port), so the pod never becomes ready;
a caller with the other scheme in its URL fails every call. Both are errors.

A server that requires client certificates (`server.ssl.client-auth: need`) refuses callers that
present none. Spinnaker's services call each other with kork's OkHttp clients, which present the key
store `ok-http-client.key-store` (kork-web OkHttpClientConfigurationProperties, prefix
`ok-http-client`, read by OkHttp3ClientConfiguration in the 1.x line and OkHttpClientComponents at
spinnaker-release-2026.2.3): a caller whose config sets none fails the handshake, an error too.
"""
from __future__ import annotations

from .connections import scan
from .findings import error
from .spring import PodConfig, located_in, pod_config, values_path


class Server:
    """How one workload serves: TLS on its port and on its management port, and client auth."""

    def __init__(self, pod, conf: PodConfig):
        self.pod = pod
        self.port = pod.entry.get("port")
        self.tls, self.tls_file = _serves(conf, "server")
        file, port = conf.effective("management.server.port")
        self.management = _int(port)
        if self.management == _int(self.port):
            self.management = None
        own, own_file = _serves(conf, "management.server")
        if own_file:
            self.management_tls, self.management_file = own, own_file
        else:
            self.management_tls, self.management_file = self.tls, self.tls_file
        self.auth_file, auth = conf.effective("server.ssl.client-auth")
        self.needs_client_cert = self.tls and str(auth).lower() == "need"

    def expects(self, port):
        """(TLS?, the file deciding it) for a connection to `port`, or None for a port it does not serve."""
        port = _int(port)
        if port is not None and port == _int(self.port):
            return self.tls, self.tls_file
        if port is not None and port == self.management:
            return self.management_tls, self.management_file
        return None

    def source(self, file) -> str:
        return f"{file} ({values_path(self.pod.service, file) or 'the chart'})" if file else "no server.ssl"


def _serves(conf: PodConfig, prefix: str):
    """(TLS on, the file that decides it) for `server` or `management.server`."""
    file, ssl = conf.effective(prefix + ".ssl")
    if not isinstance(ssl, dict) or not ssl:
        return False, file
    enabled_file, enabled = conf.effective(prefix + ".ssl.enabled")
    if enabled_file is not None and str(enabled).lower() == "false":
        return False, enabled_file
    return True, enabled_file or file


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def check(release, pods) -> list:
    from ..service_facts import SERVICES

    java = [p for p in pods if p.container is not None and getattr(SERVICES.get(p.service), "java", False)]
    confs = {p.workload: pod_config(release, p) for p in java}
    servers = {p.entry["host"]: Server(p, confs[p.workload]) for p in java}
    if not any(s.tls or s.management_tls for s in servers.values()) and not _any_https(release, pods, servers):
        return []  # nothing serves TLS and nothing calls over https: the common case, decided by a search
    namespace = str((release.bundle.get("release") or {}).get("namespace") or "")
    found = []
    for pod in java:
        found += _probes(pod, servers[pod.entry["host"]])
    for pod in pods:
        if pod.container is None:
            continue
        for where, url, scheme, server, port, file, conf in _calls(release, pod, confs.get(pod.workload), servers,
                                                                   namespace):
            found += _call(pod, where, url, scheme, server, port, file, conf)
    return found


def _any_https(release, pods, servers) -> bool:
    # The workloads' names share the release's prefix (`<fullname>-`): one search finds any of them.
    import os.path

    prefix = os.path.commonprefix(list(servers))
    # A host follows `https://`, or `@` after user-info (`https://user:password@<host>`).
    needles = [sep + name for name in ([prefix] if len(prefix) >= 3 else servers) for sep in ("https://", "@")]
    texts = [text for service in {p.service for p in pods} for text in (release.texts.get(service) or {}).values()]
    texts += [value for p in pods if p.container is not None for value in p.env.values() if value]
    # "https://" first, at C speed: most files hold none, and a large clouddriver.yml is megabytes.
    return any(needle in text for text in texts if "https://" in text for needle in needles)


def _probes(pod, server: Server) -> list:
    found = []
    for kind, probe in pod.probes():
        http = probe.get("httpGet")
        if not isinstance(http, dict):
            continue
        port = pod.port_number(http.get("port"))
        expected = server.expects(port)
        if expected is None:
            continue
        tls, file = expected
        scheme = str(http.get("scheme") or "HTTP").upper()
        if (scheme == "HTTPS") == tls:
            continue
        where = values_path(pod.service, file) if file else ""
        what = (f"serves TLS on port {port} (server.ssl in {server.source(file)})" if tls else
                f"serves plain HTTP on port {port} ({server.source(file)})")
        consequence = ("the kubelet restarts it over and over" if kind == "livenessProbe" else
                       "it never becomes ready")
        found.append(error(where or f"services.{pod.service}", f"{pod.workload} {what}, but its {kind} asks for "
                           f"{scheme} there: the probe never succeeds and {consequence}.",
                           _fix(pod.service, tls, where) + f" (or set the probe's httpGet.scheme with `patches` on "
                           f"the {pod.entry['host']} Deployment)."))
    return found


def _fix(service: str, tls: bool, where: str) -> str:
    if tls:
        return (f"Tell the chart that {service} serves TLS, so that its probes and every URL for it use https"
                + (f", or remove server.ssl from {where}" if where and where != "halconfig" else ""))
    return f"Remove https from the URL or serve TLS in {service} as well"


def _calls(release, pod, conf, servers, namespace):
    """(where, url, scheme, server, port, file, caller's config) of each URL in the pod's effective config
    and env that names a workload of the release."""
    if conf is not None:
        texts = release.texts.get(pod.service) or {}
        for file in conf.order:
            text = texts.get(file)
            if text is None or not any(sep + host in text for host in servers for sep in ("://", "@")):
                continue
            for path, value in located_in(release, conf.files[file], "://"):
                for scheme, server, port, url in _targets(value, servers, namespace):
                    if not conf.later_sets(file, path):
                        yield f"{file}: {path}", url, scheme, server, port, file, conf
    for name, value in sorted(pod.env.items()):
        if value and "://" in value:
            for scheme, server, port, url in _targets(value, servers, namespace):
                yield f"env {name}", url, scheme, server, port, None, conf


def _targets(value: str, servers: dict, namespace: str):
    """(scheme, server, port text, url) of each http(s) URL in `value` naming a workload of the release, read
    as the connection model reads URLs (connections.scan: user-info left out of the host and the url)."""
    for url, scheme, host, port in scan(value):
        if scheme not in ("http", "https"):
            continue
        first, _, rest = host.partition(".")
        server = servers.get(first)
        if server is None or (rest and namespace and not rest.startswith(namespace)):
            continue
        yield scheme, server, port, url


def _call(pod, where, url, scheme, server: Server, port, file, conf) -> list:
    expected = server.expects(port)
    if expected is None:
        return []
    tls, tls_file = expected
    target = server.pod.workload
    if (scheme == "https") != tls:
        said = (f"serves TLS there (server.ssl in {server.source(tls_file)})" if tls else
                f"serves plain HTTP there ({server.source(tls_file)})")
        values = values_path(pod.service, file) if file else ""
        return [error(values or values_path(server.pod.service, tls_file or "") or f"services.{server.pod.service}",
                      f"{pod.workload} calls {target} at {url} ({where}), but {target} {said}: every call fails.",
                      _fix(server.pod.service, tls, values_path(server.pod.service, tls_file or "")) + ".")]
    if tls and server.needs_client_cert and conf is not None and conf.effective("ok-http-client.key-store")[0] is None:
        return [error(f"profiles.{pod.service}",
                      f"{target} requires a client certificate (server.ssl.client-auth: need, in "
                      f"{server.source(server.auth_file)}), and {pod.workload} calls it ({url}, {where}) without "
                      f"one: kork's HTTP clients present the key store ok-http-client.key-store, which "
                      f"{pod.workload}'s config does not set, so every call fails the TLS handshake.",
                      f"Set ok-http-client.key-store (a file from secrets.files) and key-store-password in "
                      f"profiles.{pod.service}, or in profiles.spinnaker for every service.")]
    return []
