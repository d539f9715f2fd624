"""The connection model (renderer/runtime: connections, resolves, proxies, admitted, trust): each call
the release makes reaches a Service that serves it, is admitted by the release's NetworkPolicies,
bypasses the JVM's proxy, and trusts what it should; each rule in each severity, with its source.

The model over every example, real-world config and migrated Halyard directory runs in
tests/test_runtime.py (the same renders: the connection checks are part of the one runtime pass).
"""
from __future__ import annotations

import pytest

from test_runtime import exactly, judged

OPTS = "-XX:MaxRAMPercentage=80.0 -Dhttp.proxyHost=proxy.example.com -Dhttp.proxyPort=3128"


def _orca_opts(extra: str) -> dict:
    return {"services": {"orca": {"javaOpts": f"{OPTS} {extra}".strip()}}}


def _STORE(path: str) -> dict:
    """orca's JVM given the trust store `path`, with a Secret of the release holding truststore.jks."""
    return {"secrets": {"files": [{"secretName": "stores", "services": ["orca"]}]},
            "extraObjects": [{"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "stores"},
                              "data": {"truststore.jks": "AAAA"}}],
            "services": {"orca": {"javaOpts": f"-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.trustStore={path}"}}}


def _UBI(orca: dict | None = None) -> dict:
    """orca with a CA store Secret mounted where a UBI image's JDK reads it."""
    return {"services": {"orca": {"extraVolumes": [{"name": "cacerts", "secret": {"secretName": "cacerts"}}],
                                  "extraVolumeMounts": [{"name": "cacerts",
                                                         "mountPath": "/etc/pki/ca-trust/extracted/java"}],
                                  **(orca or {})}}}


def _MYSQL_ADMITTING(namespaces: dict) -> dict:
    """orca calling the bundled MySQL (which the chart's policies do not admit), and a policy of the user's
    admitting every pod of the release to and from the namespaces `namespaces` selects."""
    peers = [{"namespaceSelector": namespaces}]
    return {"profiles": {"orca": {"sql": {"connectionPools": {
                "default": {"jdbcUrl": "jdbc:mysql://spin-spinnaker-mysql:3306/orca"}}}}},
            "extraObjects": [{"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
                              "metadata": {"name": "team"},
                              "spec": {"podSelector": {"matchLabels": {"app.kubernetes.io/instance": "spin"}},
                                       "policyTypes": ["Ingress", "Egress"],
                                       "ingress": [{"from": peers}], "egress": [{"to": peers}]}}]}


def _DAEMON(env: list) -> dict:
    """orca's monitoring daemon given `env` by a patch (the chart gives that container none)."""
    return {"halconfig": {"metricStores": {"prometheus": {"enabled": True}}},
            "patches": [{"target": {"kind": "Deployment", "name": "spin-spinnaker-orca"},
                         "patch": {"spec": {"template": {"spec": {"containers": [
                             {"name": "monitoring-daemon", "env": env}]}}}}}]}


# (id, values, [(level, values path, words)]): exactly these connection findings.
CASES = [
    # resolves
    ("a Halyard Service left in a profile (README, From Halyard)",
     {"profiles": {"orca": {"services": {"echo": {"baseUrl": "http://spin-echo-worker:8089"}}}}},
     [("warning", "profiles.orca", ["orca calls http://spin-echo-worker:8089",
                                    "orca-local.yml: services.echo.baseUrl", "Halyard ran",
                                    "spin-spinnaker-echo:8089"])]),
    ("a Halyard Service with its namespace, in env",
     {"services": {"deck": {"env": [{"name": "API_HOST", "value": "http://spin-gate.spinnaker.svc.cluster.local:8084"}]}}},
     [("warning", "services.deck.env", ["deck calls http://spin-gate.spinnaker.svc.cluster.local:8084",
                                        "env API_HOST", "spin-spinnaker-gate:8084"])]),
    ("Halyard's Redis kept for the cut-over", {"redis": {"externalUrl": "redis://spin-redis.spinnaker:6379"}}, []),
    ("a Service of the release on a port it does not have (Kubernetes Service spec.ports)",
     {"profiles": {"orca": {"services": {"echo": {"baseUrl": "http://spin-spinnaker-echo:9999"}}}}},
     [("error", "profiles.orca", ["orca calls http://spin-spinnaker-echo:9999", "has no port 9999", "8089"])]),
    ("a scheme whose default port is unknown is not judged by port",
     {"profiles": {"orca": {"services": {"echo": {"baseUrl": "thrift://spin-spinnaker-echo"}}}}}, []),
    ("a Service of the release in another namespace is not the release's",
     {"profiles": {"orca": {"services": {"echo": {"baseUrl": "http://spin-spinnaker-echo.other:9999"}}}}}, []),
    # proxies: sun.net.spi.DefaultProxySelector (OpenJDK 17)
    ("a JVM proxy without the release's names (http.nonProxyHosts of Halyard's names)",
     _orca_opts("-Dhttp.nonProxyHosts='*.svc|spin-orca|spin-echo|spin-clouddriver-rw'"),
     [("error", "services.orca", ["orca's JVM", "proxy.example.com", "-Dhttp.proxyHost in JAVA_OPTS",
                                  "spin-spinnaker-echo", "only pods of the release's namespace resolve",
                                  "spin-spinnaker-*"])]),
    ("https.nonProxyHosts is never read: https URLs use http.nonProxyHosts",
     _orca_opts("-Dhttp.nonProxyHosts=spin-orca -Dhttps.nonProxyHosts=spin-spinnaker-*"),
     [("error", "services.orca", ["orca's JVM", "spin-spinnaker-clouddriver"])]),
    ("a pattern with * at the end, matched case-insensitively", _orca_opts("-Dhttp.nonProxyHosts=SPIN-SPINNAKER-*"), []),
    ("a pattern with * at the start", {"services": {"orca": {"javaOpts": OPTS + " -Dhttp.nonProxyHosts=*.svc"}},
                                       "profiles": {"orca": {"services": {"echo": {
                                           "baseUrl": "http://spin-spinnaker-echo.spinnaker.svc:8089"}}}}},
     [("error", "services.orca", ["spin-spinnaker-clouddriver"])]),
    ("a fully qualified name through the proxy is a warning",
     {"services": {"orca": {"javaOpts": OPTS + " -Dhttp.nonProxyHosts=spin-spinnaker-c*|spin-spinnaker-f*|"
                                               "spin-spinnaker-o*|spin-spinnaker-r*|spin-spinnaker-i*"}},
      "profiles": {"orca": {"services": {"echo": {
          "baseUrl": "http://spin-spinnaker-echo.spinnaker.svc.cluster.local:8089"}}}}},
     [("warning", "services.orca", ["spin-spinnaker-echo.spinnaker.svc.cluster.local",
                                    "only if it runs in the cluster"])]),
    ("an HA split's own proxy flags", {"ha": {"clouddriver": {"enabled": True, "splits": {"caching": {
        "javaOpts": OPTS + " -Dhttp.nonProxyHosts=x"}}}}},
     [("error", "ha.clouddriver.splits.caching.javaOpts", ["clouddriver-caching's JVM",
                                                           "-Dhttp.nonProxyHosts in ha.clouddriver.splits.caching"])]),
    ("only https proxied: the http calls go direct", {"services": {"orca": {
        "javaOpts": "-XX:MaxRAMPercentage=80.0 -Dhttps.proxyHost=proxy.example.com"}}}, []),
    ("HTTP_PROXY is not read by the JVM", {"services": {"orca": {"env": [
        {"name": "HTTP_PROXY", "value": "http://proxy.example.com:3128"}]}}}, []),
    # proxies of Go programs: kubectl reads HTTPS_PROXY/NO_PROXY (golang.org/x/net/http/httpproxy)
    ("kubectl's calls to the API server through HTTPS_PROXY (no IP or CIDR in NO_PROXY)",
     {"services": {"clouddriver": {"env": [{"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"},
                                           {"name": "NO_PROXY", "value": ".svc,*.cluster.local,localhost"}]}}},
     [("warning", "services.clouddriver.env", ["clouddriver sets HTTPS_PROXY", "kubectl", "account k8s calls",
                                               "no entry of NO_PROXY is an IP, a CIDR or *", "cannot be known",
                                               "Service CIDR"])]),
    ("lower-case https_proxy without any no_proxy, in an HA split's env",
     {"ha": {"clouddriver": {"enabled": True, "splits": {"caching": {"env": [
         {"name": "https_proxy", "value": "proxy.example.com:3128"}]}}}}},
     [("warning", "ha.clouddriver.splits.caching.env", ["clouddriver-caching sets https_proxy", "no NO_PROXY is set"])]),
    ("HTTPS_PROXY from a ConfigMap of the release (envFrom), no NO_PROXY",
     {"services": {"clouddriver": {"envFrom": [{"configMapRef": {"name": "proxy"}}]}},
      "extraObjects": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "proxy"},
                        "data": {"HTTPS_PROXY": "http://proxy.example.com:3128"}}]},
     [("warning", "services.clouddriver.envFrom", ["clouddriver sets HTTPS_PROXY", "no NO_PROXY is set"])]),
    ("NO_PROXY may come from a ConfigMap the release does not hold: not known, not reported",
     {"services": {"clouddriver": {"env": [{"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"}],
                                   "envFrom": [{"configMapRef": {"name": "corporate-proxy"}}]}}}, []),
    ("NO_PROXY with the Service CIDR (Halyard's OpsMx proxy example)",
     {"services": {"clouddriver": {"env": [{"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"},
                                           {"name": "NO_PROXY", "value": ".svc,10.100.0.0/16"}]}}}, []),
    ("NO_PROXY=* calls every host directly",
     {"services": {"clouddriver": {"env": [{"name": "https_proxy", "value": "http://proxy.example.com:3128"},
                                           {"name": "no_proxy", "value": "*"}]}}}, []),
    ("the upper-case NO_PROXY wins over no_proxy (getEnvAny)",
     {"services": {"clouddriver": {"env": [{"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"},
                                           {"name": "NO_PROXY", "value": ".svc"},
                                           {"name": "no_proxy", "value": "10.0.0.0/8"}]}}},
     [("warning", "services.clouddriver.env", ["no entry of NO_PROXY"])]),
    ("accounts with a kubeconfig do not call the cluster's own API server",
     {"halconfig": {"providers": {"kubernetes": {"enabled": True, "primaryAccount": "k8s", "accounts": [
         {"name": "k8s", "kubeconfigFile": "encryptedFile:k8s!n:kubeconfig"}]}}},
      "services": {"clouddriver": {"env": [{"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"}]}}}, []),
    ("only HTTP_PROXY: kubectl's https calls go direct", {"services": {"clouddriver": {"env": [
        {"name": "HTTP_PROXY", "value": "http://proxy.example.com:3128"}]}}}, []),
    # the monitoring daemon: Python 2's urllib2 reads <scheme>_proxy and no_proxy (either case)
    ("the monitoring daemon polling its service through a proxy", _DAEMON(
        [{"name": "HTTP_PROXY", "value": "http://proxy.example.com:3128"}]),
     [("warning", "patches", ["spin-spinnaker-orca's monitoring-daemon container sets HTTP_PROXY",
                              "sets no no_proxy", "http://localhost:8083/spectator/metrics", "metrics are lost"])]),
    ("the monitoring daemon's no_proxy without localhost", _DAEMON(
        [{"name": "http_proxy", "value": "http://proxy.example.com:3128"}, {"name": "no_proxy", "value": ".svc"}]),
     [("warning", "patches", ["sets http_proxy", "its no_proxy does not name localhost"])]),
    ("the monitoring daemon's NO_PROXY naming localhost", _DAEMON(
        [{"name": "HTTP_PROXY", "value": "http://proxy.example.com:3128"},
         {"name": "NO_PROXY", "value": ".svc, localhost"}]), []),
    ("the monitoring daemon with an https proxy only polls http directly", _DAEMON(
        [{"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"}]), []),
    # admitted: Kubernetes NetworkPolicy semantics (runtime/netpol.py)
    ("a service the chart's MySQL policy does not admit", {"profiles": {"orca": {"sql": {"connectionPools": {
        "default": {"jdbcUrl": "jdbc:mysql://spin-spinnaker-mysql:3306/orca"}}}}}},
     [("error", "networkPolicy", ["orca calls jdbc:mysql://spin-spinnaker-mysql:3306", "orca-local.yml",
                                  "spin-spinnaker-mysql's on port 3306", "times out"])]),
    ("a namespace chosen by a label the render cannot see: not checked, not refused", _MYSQL_ADMITTING(
        {"matchLabels": {"team": "spinnaker"}}),
     [("warning", "networkPolicy", ["orca to spin-spinnaker-mysql:3306", "namespaceSelector on the label team",
                                    "not checked", "kubernetes.io/metadata.name"])]),
    ("a namespace chosen by name is checked", _MYSQL_ADMITTING(
        {"matchExpressions": [{"key": "kubernetes.io/metadata.name", "operator": "In", "values": ["spinnaker"]}]}),
     []),
    ("another namespace's name decides even beside an unseen label", _MYSQL_ADMITTING(
        {"matchLabels": {"kubernetes.io/metadata.name": "apps", "team": "spinnaker"}}),
     [("error", "networkPolicy", ["orca calls jdbc:mysql://spin-spinnaker-mysql:3306", "times out"])]),
    ("the Redis URL every service reads is called by Redis' users only", {}, []),
    ("Deck's gate URL is the browser's call, not egress of Deck's pod", {
        "networkPolicy": {"enabled": False},
        "extraObjects": [{"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy", "metadata": {"name": "deck"},
                          "spec": {"podSelector": {"matchLabels": {"app.kubernetes.io/component": "deck"}},
                                   "policyTypes": ["Egress"]}}]}, []),
    ("clouddriver's egress admits no API server (CNI-dependent)", {"networkPolicy": {"egress": [
        {"to": [{"ipBlock": {"cidr": "10.0.0.0/8"}}], "ports": [{"port": 80}]}]}},
     [("warning", "networkPolicy.egress", ["clouddriver calls the Kubernetes API", "443 or 6443",
                                           "depends on the CNI"])]),
    ("the API servers admitted", {"networkPolicy": {"egress": [
        {"to": [{"ipBlock": {"cidr": "10.0.0.0/8"}}], "ports": [{"port": 6443}]}]}}, []),
    ("an Ingress only the release's own pods may reach", {
        "expose": {"host": "spinnaker.example.com"},
        "networkPolicy": {"ingressFrom": [{"podSelector": {"matchLabels": {
            "app.kubernetes.io/instance": "spin", "app.kubernetes.io/name": "spinnaker"}}}]}},
     [("error", "networkPolicy.ingressFrom", ["sends traffic to spin-spinnaker-deck on port 9000",
                                              "admit nothing from outside"]),
      ("error", "networkPolicy.ingressFrom", ["sends traffic to spin-spinnaker-gate on port 8084"])]),
    ("an ingress controller in the release's namespace", {
        "expose": {"host": "spinnaker.example.com"},
        "networkPolicy": {"ingressFrom": [{"podSelector": {"matchLabels": {"app": "ingress-nginx"}}}]}}, []),
    ("gate's X.509 API port without a Service port", {"profiles": {"gate": {"default": {"apiPort": 8085}}}},
     [("warning", "profiles.gate", ["X.509 client-certificate API on port 8085", "no Service",
                                    "TLS passthrough"])]),
    ("a PodMonitor of a port the pods lack", {"extraObjects": [{
        "apiVersion": "monitoring.coreos.com/v1", "kind": "PodMonitor", "metadata": {"name": "mine"},
        "spec": {"selector": {"matchLabels": {"app.kubernetes.io/component": "orca"}},
                 "podMetricsEndpoints": [{"port": "prometheus"}]}}]},
     [("warning", "metrics", ["PodMonitor mine", "'prometheus'", "spin-spinnaker-orca"])]),
    # trusted: the JDK's stores (renderer/runtime/image_jdks.py for where the release's JDK reads)
    # OpenJDK 17 TrustStoreManager.TrustStoreDescriptor.createInstance: the named store, else the JDK's cacerts
    ("a trust store flag for a file the container lacks: the JDK falls back to its own cacerts",
     {"services": {"orca": {"javaOpts": "-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.trustStore=/etc/certs/ts.jks"}}},
     [("warning", "services.orca", ["-Djavax.net.ssl.trustStore in JAVA_OPTS", "/etc/certs/ts.jks",
                                    "falls back to its own cacerts", "private CA"])]),
    ("a key store flag for a file the container lacks",
     {"services": {"orca": {"javaOpts": "-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.keyStore=/etc/certs/ks.jks"}}},
     [("error", "services.orca", ["-Djavax.net.ssl.keyStore in JAVA_OPTS", "/etc/certs/ks.jks"])]),
    ("the image JDK's own store", {"services": {"orca": {
        "javaOpts": "-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.trustStore=/etc/ssl/certs/java/cacerts"}}}, []),
    ("a store in a Secret of the release that has it", _STORE("/var/secrets/truststore.jks"), []),
    ("a store in a Secret of the release that lacks it", _STORE("/var/secrets/other.jks"),
     [("warning", "services.orca", ["/var/secrets/other.jks", "not in the container"])]),
    ("a store in a Secret made outside the release is not judged", {
        "secrets": {"files": [{"secretName": "outside", "services": ["orca"]}]},
        "services": {"orca": {"javaOpts": "-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.trustStore=/var/secrets/x.jks"}}},
     []),
    ("kork's client trust store missing", {"profiles": {"orca": {"ok-http-client": {"trust-store": "/opt/none.jks"}}}},
     [("error", "profiles.orca", ["ok-http-client.trust-store is /opt/none.jks", "fails its TLS handshake"])]),
    ("a CA store at the UBI location", _UBI(),
     [("warning", "services.orca.extraVolumeMounts", ["/etc/pki/ca-trust/extracted/java", "alpine:3.20",
                                                      "openjdk17-jre", "/etc/ssl/certs/java/cacerts"])]),
    ("the Ubuntu variant's JDK", _UBI({"image": {"tag": "2026.4.0-ubuntu"}}),
     [("warning", "services.orca.extraVolumeMounts", ["ubuntu:jammy", "openjdk-17-jre-headless"])]),
    ("a CA store at the UBI location, named by -Djavax.net.ssl.trustStore", _UBI({
        "javaOpts": "-XX:MaxRAMPercentage=80.0 -Djavax.net.ssl.trustStore=/etc/pki/ca-trust/extracted/java/cacerts"}),
     []),
    ("a vendor image keeps its own CA location", _UBI({"image": {
        "registry": "quay.io/opsmxpublic", "repository": "ubi8-orca-cve", "tag": "1.30.1", "release": "2026.4.0"}}), []),
]


@pytest.mark.parametrize("values,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_connection_rule(values, expected):
    exactly(judged(values), expected)


def test_non_proxy_hosts_follow_the_jdk():
    """DefaultProxySelector.toPattern/disjunctToRegex: `|`-separated, `*` only at an end, whole host,
    lower-cased; a set value gets localhost|127.*|[::1]|0.0.0.0|[::0] added, an empty one matches nothing."""
    from renderer.runtime.proxies import bypasses

    assert bypasses("*.svc|spin-*", "spin-spinnaker-orca")
    assert bypasses("*.svc", "orca.spinnaker.svc") and not bypasses("*.svc", "orca.spinnaker.svc.cluster.local")
    assert not bypasses(".svc", "orca.spinnaker.svc")  # no `*`: the whole host
    assert bypasses("*internal*", "a.internal.example") and not bypasses("sp*n", "spin")
    assert bypasses("Spin-Orca", "SPIN-ORCA")
    assert bypasses("x", "localhost") and bypasses(None, "127.0.0.1") and not bypasses(None, "spin-orca")
    assert not bypasses("", "localhost")


def test_no_proxy_follows_go():
    """golang.org/x/net/http/httpproxy, proxy.go: config.init reads NO_PROXY (comma-separated, trimmed,
    lower-cased: `*`, CIDR, IP[:port], domain[:port] with `.`/`*.` for subdomains only); useProxy never
    proxies localhost or a loopback IP and matches a domain against the host's text, an IP's too."""
    from renderer.runtime.goproxy import may_match_an_ip, uses_proxy

    assert not uses_proxy("example.com", "example.com", "443") and not uses_proxy("example.com", "a.example.com", "443")
    assert uses_proxy(".example.com", "example.com", "443") and not uses_proxy(".example.com", "a.example.com", "443")
    assert uses_proxy("*.svc", "svc", "443") and not uses_proxy(" *.SVC ", "orca.spinnaker.svc", "443")
    assert not uses_proxy("10.96.0.0/12", "10.96.0.1", "443") and uses_proxy("10.96.0.0/12", "10.112.0.1", "443")
    assert not uses_proxy("10.96.0.1", "10.96.0.1", "443") and uses_proxy("10.96.0.1:6443", "10.96.0.1", "443")
    assert not uses_proxy("[::1]:443,example.com:443", "example.com", "443") and uses_proxy("example.com:80",
                                                                                            "example.com", "443")
    assert not uses_proxy("", "localhost", "443") and not uses_proxy("", "127.0.0.2", "443")
    assert not uses_proxy("a,*", "anything", "443") and uses_proxy("*.", "anything", "443")
    assert not uses_proxy("0.1", "10.0.0.1", "443")  # a domain entry is matched as text, an IP's too
    assert may_match_an_ip("x,10.0.0.0/8") and may_match_an_ip("10.96.0.1:443") and may_match_an_ip("*")
    assert may_match_an_ip(".0.1") and not may_match_an_ip(".svc,*.cluster.local,localhost,a1.example")
    assert not may_match_an_ip("10.0.0.0/255.0.0.0")  # not a CIDR to net.ParseCIDR: a domain no IP ends with


def test_no_proxy_follows_python_urllib():
    """urllib's proxy_bypass_environment: `*` alone, else each comma-separated entry, trimmed, leading dots
    dropped, is the host or a domain the host ends in, compared without case, with or without the port."""
    from renderer.runtime.proxies import python_bypasses

    assert python_bypasses("localhost", "localhost:8083") and python_bypasses(" * ", "a:1")
    assert python_bypasses(".example.com", "a.example.com:80") and python_bypasses("example.com", "EXAMPLE.com:80")
    assert not python_bypasses("host", "localhost:8083") and not python_bypasses("", "localhost:8083")
    assert python_bypasses("localhost:8083", "localhost:8083") and not python_bypasses("a,*", "localhost:8083")


def test_the_jvm_reads_its_flags_as_the_start_script_passes_them():
    from renderer.runtime.proxies import proxy_for, system_properties

    class Pod:
        service = "orca"
        env = {"JAVA_OPTS": "-Dhttp.proxyHost=a -Dhttp.nonProxyHosts='x|y'", "ORCA_OPTS": "-Dhttp.proxyHost=b",
               "JAVA_TOOL_OPTIONS": "-DproxyHost=c"}

    props = system_properties(Pod())
    assert props["http.nonProxyHosts"] == ("x|y", "JAVA_OPTS")
    assert proxy_for(props, "http") == ("http.proxyHost", "b")  # ORCA_OPTS comes after JAVA_OPTS
    assert proxy_for(props, "https") == ("proxyHost", "c")  # https: https.proxyHost, then proxyHost


@pytest.mark.parametrize("url", ["http://admin:s3cretpw@spin-spinnaker-echo:9999",  # resolves: an error
                                 "http://admin:s3cretpw@spin-echo:8089"])  # resolves: Halyard's Service
def test_a_url_password_stays_out_of_the_message(url):
    """A URL's user-info is left out of what the connection checks say: their messages reach stderr, CI logs and
    the findings ConfigMap."""
    found = judged({"profiles": {"orca": {"services": {"echo": {"baseUrl": url}}}}})
    assert found and all("s3cretpw" not in text for *_, text in found), found
    assert any("http://spin-" in text for *_, text in found)


@pytest.mark.parametrize("spec,types", [({"egress": [{"ports": [{"port": 53}]}]}, ["Ingress", "Egress"]),
                                        ({}, ["Ingress"]),
                                        ({"egress": []}, ["Ingress"]), ({"egress": None}, ["Ingress"]),
                                        ({"policyTypes": ["Egress"], "egress": []}, ["Egress"])])
def test_policy_types_default_as_the_api_server_does(spec, types):
    """kubernetes pkg/apis/networking/v1/defaults.go SetDefaults_NetworkPolicy: no policyTypes is Ingress, plus
    Egress when `len(spec.egress) != 0`: an empty or null `egress` isolates no egress."""
    from renderer.runtime.netpol import External, Peer, allowed, policy_types

    policy = {"metadata": {"namespace": "ns"}, "spec": {"podSelector": {}, **spec}}
    assert policy_types(policy) == types
    # A call out of the cluster on 443: dropped only where the policy isolates egress.
    assert allowed([policy], Peer("a", "ns", {}), External("203.0.113.7"), 443) is ("Egress" not in types)


def test_a_url_with_user_info_to_the_releases_service_is_judged():
    """A release whose Services are not named spin-*: `://user:password@<service>` is a call all the same."""
    found = judged({"fullnameOverride": "prod", "profiles": {"orca": {"services": {"echo": {
        "baseUrl": "http://admin:s3cretpw@prod-echo:9999"}}}}})
    exactly(found, [("error", "profiles.orca", ["orca calls http://prod-echo:9999", "has no port 9999"])])


def test_a_namespace_label_other_than_its_name_is_undecided():
    """Only `kubernetes.io/metadata.name` of a namespace is known at render time (the API server sets it);
    a selector reading another label neither admits nor refuses, unless the rest of the peer refuses."""
    from renderer.runtime.netpol import Peer, Undecided, allowed

    def ingress(peer):
        return [{"metadata": {"namespace": "ns"}, "spec": {"podSelector": {}, "ingress": [{"from": [peer]}]}}]

    caller, callee = Peer("a", "ns", {"app": "a"}), Peer("b", "ns", {})
    team = allowed(ingress({"namespaceSelector": {"matchExpressions": [{"key": "team", "operator": "Exists"}]}}),
                   caller, callee, 80)
    assert isinstance(team, Undecided) and team.labels == {"team"}
    assert allowed(ingress({"namespaceSelector": {"matchLabels": {"team": "x"}}, "podSelector": {
        "matchLabels": {"app": "other"}}}), caller, callee, 80) is False
    assert allowed(ingress({"namespaceSelector": {"matchExpressions": [
        {"key": "kubernetes.io/metadata.name", "operator": "NotIn", "values": ["ns"]}]}}), caller, callee, 80) is False
    assert allowed(ingress({"namespaceSelector": {"matchLabels": {"team": "x"}}}) + ingress({"podSelector": {}}),
                   caller, callee, 80) is True  # another policy admits it: decided
    known = Peer("a", "ns", {"app": "a"}, namespace_labels={"team": "x"})
    assert allowed(ingress({"namespaceSelector": {"matchLabels": {"team": "x"}}}), known, callee, 80) is True
