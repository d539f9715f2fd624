"""Calls between the release's services bypass the JVM's HTTP proxy.

A Spinnaker service is a JVM, and its HTTP clients ask the JDK's default ProxySelector
(sun.net.spi.DefaultProxySelector, OpenJDK 17, src/java.base/share/classes/sun/net/spi/
DefaultProxySelector.java) which proxy to use:

- the proxy of an `http` URL is `http.proxyHost`, else `proxyHost`, else `socksProxyHost`; of an
  `https` URL `https.proxyHost`, else `proxyHost`, else `socksProxyHost`: system properties, given
  as `-D` flags. The JVM reads no HTTP_PROXY/HTTPS_PROXY environment variable (only
  `java.net.useSystemProxies` asks the desktop's settings, which a container has none of);
- a host is called directly when it matches `http.nonProxyHosts`, for https URLs too ("HTTPS uses
  the same property as HTTP": `https.nonProxyHosts` is never read). The value is `|`-separated
  patterns, each compared with the whole lower-cased host, a `*` at the start or end matching any
  text (`*.svc`, `spin-*`), case-insensitively; a value that is set gets
  `localhost|127.*|[::1]|0.0.0.0|[::0]` added, an empty one matches nothing, an unset one is that
  default alone.

The flags are read as the JVM gets them (runtime.jvm.option_sources, a later flag winning);
Gradle's start scripts split JAVA_OPTS and `<SERVICE>_OPTS` as a shell would (`xargs`), so the
quotes around a value (`-Dhttp.nonProxyHosts='a|b'`) are not part of it.

A call to one of the release's Services through the proxy: the proxy opens the connection, resolving
the host with its own DNS. A name that only the release's pods resolve (`<service>`,
`<service>.<namespace>`: Kubernetes' DNS search path of a pod in the namespace) reaches nothing
from a proxy outside the namespace, so every call fails: an error. A fully qualified
`<service>.<namespace>.svc...` resolves only for a proxy in the cluster, and even then the call
leaves through the proxy rather than the pod network: a warning.

kubectl, which clouddriver runs, reads HTTPS_PROXY and NO_PROXY instead (runtime/goproxy.py). So does
the monitoring daemon, in its own way: it polls its service's metrics on localhost with Python 2's
urllib2 (spinnaker-monitoring spectator_client.py, `urllib2.urlopen`), whose ProxyHandler takes the
proxy of a scheme from any env var named `<scheme>_proxy` in either case and calls a host directly
when `no_proxy` is `*` or one of its comma-separated entries (leading dots dropped) is the host or a
domain it ends in (urllib's proxy_bypass_environment). The chart gives the daemon's container no env:
only a `patches` entry can give it a proxy, and then `localhost` must be in its no_proxy, or each
poll goes to the proxy and the service's metrics are lost (a warning: the service runs). packer, in
rosco's container, calls the clouds' APIs and no host of the release: nothing of it to judge.
"""
from __future__ import annotations

from .findings import error, warning
from .jvm import system_properties

_DEFAULT_NON_PROXY = "localhost|127.*|[::1]|0.0.0.0|[::0]"
_PROXY_HOSTS = {"http": ("http.proxyHost", "proxyHost", "socksProxyHost"),
                "https": ("https.proxyHost", "proxyHost", "socksProxyHost")}


def _matches(disjunct: str, host: str) -> bool:
    if disjunct == "*":
        return True
    if disjunct.startswith("*") and disjunct.endswith("*"):
        return disjunct[1:-1] in host
    if disjunct.startswith("*"):
        return host.endswith(disjunct[1:])
    if disjunct.endswith("*"):
        return host.startswith(disjunct[:-1])
    return host == disjunct


def bypasses(non_proxy_hosts, host: str) -> bool:
    """Whether DefaultProxySelector calls `host` directly under this `http.nonProxyHosts` (None: unset)."""
    if non_proxy_hosts is None:
        non_proxy_hosts = _DEFAULT_NON_PROXY
    elif non_proxy_hosts:
        non_proxy_hosts += "|" + _DEFAULT_NON_PROXY
    host = host.lower()
    return bool(host) and any(_matches(d.lower(), host) for d in non_proxy_hosts.split("|") if d)


def proxy_for(props: dict, scheme: str):
    """(property, proxy host) the JVM uses for `scheme` URLs, or None."""
    for name in _PROXY_HOSTS.get(scheme, ()):
        value = props.get(name, ("", ""))[0]
        if value:
            return name, value
    return None


def check(release, pods) -> list:
    from ..service_facts import SERVICES
    from .connections import connections

    props: dict = {}
    caught: dict = {}  # {workload: {(proxy property, proxy host): [connections]}}
    for conn in connections(release, pods):
        pod = conn.pod
        if conn.target is None or conn.scheme not in _PROXY_HOSTS or not getattr(SERVICES.get(pod.service), "java", False):
            continue
        if pod.workload not in props:
            props[pod.workload] = system_properties(pod)
        proxy = proxy_for(props[pod.workload], conn.scheme)
        if proxy is None:
            continue
        non_proxy = props[pod.workload].get("http.nonProxyHosts")
        if not bypasses(non_proxy[0] if non_proxy else None, conn.host):
            calls = caught.setdefault(pod.workload, {}).setdefault(proxy, [])
            if all(c.host != conn.host for c in calls):
                calls.append(conn)
    found = []
    for workload, by_proxy in sorted(caught.items()):
        for (name, host), calls in by_proxy.items():
            found.append(_finding(calls, props[workload], name, host))
    # The Go programs in the pods (kubectl) read the environment's proxy instead: runtime/goproxy.py.
    from . import goproxy

    return found + goproxy.check(release, pods) + _monitoring_daemon(release, pods)


def _python_env(env: dict, name: str):
    """(env var, value) of urllib's `<name>_proxy` in either case, set and not empty (value None when it
    comes from a Secret or ConfigMap), or None."""
    for var in sorted(env):
        if var.lower() == name + "_proxy" and env[var] != "":
            return var, env[var]
    return None


def python_bypasses(no_proxy: str, host: str) -> bool:
    """Whether urllib calls `host` (`name:port`) directly under this no_proxy."""
    if no_proxy.strip() == "*":
        return True
    host = host.lower()
    hostonly = host.rsplit(":", 1)[0] if ":" in host else host
    for entry in no_proxy.split(","):
        entry = entry.strip().lstrip(".").lower()
        if entry and any(h == entry or (h.endswith("." + entry) and len(h) > len(entry) + 1) for h in (hostonly, host)):
            return True
    return False


def _monitoring_daemon(release, pods) -> list:
    from ..service_facts import MONITORING_DAEMON_CONTAINER
    from .pods import process_env

    found = []
    for pod in pods:
        daemon = next((c for c in pod.spec.get("containers") or () if isinstance(c, dict)
                       and c.get("name") == MONITORING_DAEMON_CONTAINER), None)
        registry = (release.files.get(pod.service) or {}).get("spinnaker-monitoring-registry.yml")
        url = registry.get("metrics_url") if daemon is not None and isinstance(registry, dict) else None
        if not isinstance(url, str) or "://" not in url:
            continue
        scheme, _, rest = url.partition("://")
        env = process_env(release, daemon)
        proxy = _python_env(env, scheme.lower()) if env is not None else None
        if proxy is None:
            continue
        no_proxy = _python_env(env, "no")
        if no_proxy is not None and (no_proxy[1] is None or python_bypasses(no_proxy[1], rest.split("/", 1)[0])):
            continue  # from a Secret or ConfigMap: which hosts it lets through is not known here
        source = f"its {no_proxy[0]} does not name localhost" if no_proxy else "it sets no no_proxy"
        # The proxy's URL is left out of the message: it may hold the proxy's credentials.
        found.append(warning("patches",
                             f"{pod.entry['host']}'s {MONITORING_DAEMON_CONTAINER} container sets {proxy[0]}, and "
                             f"{source}: the monitoring daemon (Python 2's urllib2) polls {url} through that proxy, "
                             f"which cannot reach the pod's localhost, so {pod.workload}'s metrics are lost.",
                             f"Add localhost to no_proxy (NO_PROXY) in the {MONITORING_DAEMON_CONTAINER} container's "
                             "env, or leave the proxy out of that container."))
    return found


def _finding(calls, props, name, host):
    from ..service_facts import SPLITS
    from .jvm import _options_path

    pod = calls[0].pod
    var = props[name][1]
    # An HA split's own javaOpts or env (ha.<service>.splits.<split>) hold its flags, else the service's do.
    where = _options_path(pod, var) if pod.workload in SPLITS else f"services.{pod.service}"
    non_proxy = props.get("http.nonProxyHosts")
    source = f"-Dhttp.nonProxyHosts in {non_proxy[1]}" if non_proxy else "no -Dhttp.nonProxyHosts"
    hosts = ", ".join(c.host for c in calls)
    example = calls[0]
    message = (f"{pod.workload}'s JVM sends its calls to the release's services through the proxy {host} (-D{name} "
               f"in {var}): {hosts} match no pattern of {source} (the JDK's DefaultProxySelector reads "
               f"http.nonProxyHosts for https URLs too), e.g. {example.url} ({example.where})")
    prefix = sorted(c.name for c in calls)[0].rsplit("-", 1)[0]
    hint = (f"Add the release's Service names ({hosts}, or a pattern such as {prefix}-*) to -Dhttp.nonProxyHosts in "
            f"{where} ({var}).")
    short = [c.host for c in calls if c.short]
    if short:
        return error(where, message + f"; {', '.join(short)} "
                     f"{'is a name' if len(short) == 1 else 'are names'} only pods of the release's namespace resolve, "
                     "so the proxy reaches nothing and every such call fails.", hint)
    return warning(where, message + ", so the calls leave through the proxy, which reaches the "
                   "Services only if it runs in the cluster.", hint)
