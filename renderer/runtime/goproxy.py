"""kubectl's calls to the API server and the environment's HTTPS proxy.

clouddriver runs `kubectl` for its kubernetes accounts. kubectl is a Go program: k8s.io/client-go's
transport asks net/http's ProxyFromEnvironment, which is golang.org/x/net/http/httpproxy
(http/httpproxy/proxy.go, FromEnvironment, config.init, useProxy):

- the proxy of an `https` URL is HTTPS_PROXY, else https_proxy (getEnvAny: the upper-case name
  wins when it is set and not empty); NO_PROXY, else no_proxy, lists the hosts called directly;
- NO_PROXY is comma-separated, each entry trimmed and lower-cased: `*` alone calls every host
  directly; an IP or CIDR (`10.96.0.0/12`) matches an IP host; any other entry is a domain, with an
  optional `:port`, matching that name and its subdomains (`example.com`), or only its subdomains with
  a leading `.` (`.svc`, and `*.svc` is read as `.svc`), compared with the host's text (an IP host's
  too);
- `localhost` and loopback IPs are never proxied.

An account acting as clouddriver's ServiceAccount (`serviceAccount: true`, or no kubeconfig: the
in-cluster accounts of renderer/read/rbac_namespaces.py) makes kubectl call
https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT, an IP of the cluster's Service network
that is not known when the release renders. Only an IP, CIDR or `*` entry of NO_PROXY (or a
domain entry of digits, which the IP's text can end with) can match it; without one, every call to
the API server goes to the proxy: a warning (a proxy that reaches the API server and allows CONNECT
to it lets the calls through).
"""
from __future__ import annotations

from .findings import warning


def _split_host_port(entry: str):
    """net.SplitHostPort's (host, port), or None where Go's fails (no port, or an unbracketed IPv6)."""
    if entry.startswith("["):
        end = entry.find("]")
        if end < 0 or not entry[end + 1:].startswith(":"):
            return None
        return entry[1:end], entry[end + 2:]
    if entry.count(":") != 1:
        return None
    host, port = entry.split(":")
    return host, port


def _ip(text: str):
    import ipaddress  # only where a proxy is set: its import costs as much as this module's work

    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def matchers(no_proxy: str) -> list:
    """The NO_PROXY entries as httpproxy's config.init reads them: ("all",), ("cidr", network),
    ("ip", address, port) or ("domain", ".suffix", port, whether the name itself matches)."""
    found = []
    for entry in no_proxy.split(","):
        entry = entry.strip().lower()
        if not entry:
            continue
        if entry == "*":
            return [("all",)]
        if "/" in entry and entry.rsplit("/", 1)[1].isdigit():  # net.ParseCIDR takes a prefix length only
            import ipaddress

            try:
                found.append(("cidr", ipaddress.ip_network(entry, strict=False)))
                continue
            except ValueError:
                pass
        split = _split_host_port(entry)
        host, port = split if split else (entry, "")
        if split and not host:
            continue
        address = _ip(host)
        if address is not None:
            found.append(("ip", address, port))
            continue
        if not host:
            continue
        if host.startswith("*."):
            host = host[1:]
        whole = not host.startswith(".")
        found.append(("domain", host if not whole else "." + host, port, whole))
    return found


def uses_proxy(no_proxy: str, host: str, port: str) -> bool:
    """Whether a Go program with a proxy for the URL's scheme sends a request to host:port through it
    (httpproxy's useProxy)."""
    if host == "localhost":  # compared before lower-casing, as useProxy does
        return False
    host = host.strip().lower()
    address = _ip(host)
    if address is not None and address.is_loopback:
        return False
    for m in matchers(no_proxy):
        if m[0] == "all":
            return False
        if m[0] == "cidr" and address is not None and address in m[1]:
            return False
        if m[0] == "ip" and address == m[1] and m[2] in ("", port):
            return False
        if m[0] == "domain" and (host.endswith(m[1]) or (m[3] and host == m[1][1:])) and m[2] in ("", port):
            return False
    return True


def may_match_an_ip(no_proxy: str) -> bool:
    """Whether some entry of NO_PROXY could match an IP host whose address is unknown."""
    return any(m[0] in ("all", "cidr", "ip") or (m[0] == "domain" and m[1].strip(".0123456789") == "")
               for m in matchers(no_proxy))


def _env_any(env: dict, *names):
    """getEnvAny over the pod's env: (name, value) of the first set and non-empty, value None when it
    comes from a Secret or ConfigMap (unknown); None when none is set."""
    for name in names:
        if name in env and env[name] != "":
            return name, env[name]
    return None


def check(release, pods) -> list:
    from ..read.rbac_namespaces import in_cluster_accounts
    from .jvm import _options_path
    from .pods import process_env

    accounts = [a.get("name") for _, a in in_cluster_accounts(release.bundle.get("halconfig"))]
    if not accounts:
        return []
    found = []
    for pod in pods:
        if pod.service != "clouddriver" or pod.container is None:
            continue
        env = process_env(release, pod.container)
        if env is None:
            continue  # an envFrom object the release does not hold may set either variable
        proxy = _env_any(env, "HTTPS_PROXY", "https_proxy")
        if proxy is None:
            continue
        no_proxy = _env_any(env, "NO_PROXY", "no_proxy")
        if no_proxy is not None and (no_proxy[1] is None or may_match_an_ip(no_proxy[1])):
            continue  # which IP it lets through is not known here
        where = _options_path(pod, proxy[0]) if proxy[0] in pod.env else f"services.{pod.service}.envFrom"
        source = f"no entry of {no_proxy[0]} is an IP, a CIDR or *" if no_proxy else "no NO_PROXY is set"
        # The proxy's URL is left out of the message: it may hold the proxy's credentials.
        found.append(warning(
            where,
            f"{pod.workload} sets {proxy[0]}, and kubectl (a Go program: golang.org/x/net/http/httpproxy) sends its "
            f"https calls through that proxy unless NO_PROXY matches the host; the in-cluster kubernetes "
            f"{'accounts' if len(accounts) > 1 else 'account'} {', '.join(str(a) for a in accounts)} "
            f"{'call' if len(accounts) > 1 else 'calls'} the API server at "
            f"$KUBERNETES_SERVICE_HOST, an IP of the cluster's Service network, and {source}, so every kubectl "
            "call goes to the proxy (whether the proxy reaches the API server cannot be known here).",
            f"Add the cluster's Service CIDR (e.g. 10.96.0.0/12) or the API server's IP to "
            f"{no_proxy[0] if no_proxy else 'NO_PROXY'} in {where} (or serviceDefaults.env, when the service has no env of its own)."))
    return found
