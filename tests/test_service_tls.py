"""TLS and mutual TLS between the services (`tls`, `services.<name>.tls`, Halyard's apiSecurity.ssl /
uiSecurity.ssl, the profiles' own `server.ssl`), rendered by real Helm 3 and Helm 4 with the post-renderer:
every service whose config serves TLS gets https in every caller's URL, an HTTPS readiness probe, an https
Service port and `helm test` check; under client auth `need` /health moves to a management port without
client auth; the stores are mounted read-only in exactly the pods that use them, their passwords reach the
pods only through `secretKeyRef`. The last test builds a real CA and stores with openssl/keytool, puts them
where the rendered pods would find them, and runs TLS handshakes with exactly the rendered settings."""
from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess

import pytest
import yaml

from conftest import ROOT
from test_helm_binary import _docs, _failure_reason, helm, helm4_plugin, render_values  # noqa: F401

MTLS = os.path.join(ROOT, "examples", "values-mtls.yaml")
MOUNT = "/opt/spinnaker/tls"
JAVA = ("clouddriver", "echo", "front50", "gate", "orca", "rosco")
HA_PROFILES = {"clouddriver-caching": "caching", "clouddriver-rw": "rw", "clouddriver-ro": "ro",
               "clouddriver-ro-deck": "ro-deck"}


def _load(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _component(obj) -> str:
    return obj["metadata"]["labels"]["app.kubernetes.io/component"]


def _service(obj) -> str:
    return obj["metadata"]["labels"].get("spinnaker.io/service", "")


def _data(obj) -> dict:
    if obj["kind"] == "Secret":
        return {k: base64.b64decode(v).decode() for k, v in (obj.get("data") or {}).items()}
    return obj.get("data") or {}


class Release:
    """The objects of one render, looked up the ways these tests need."""

    def __init__(self, objs):
        self.objs = objs
        self.deployments = {_component(o): o for o in objs if o["kind"] == "Deployment"
                            and _service(o)}
        self.services = {_component(o): o for o in objs if o["kind"] == "Service" and _service(o)}

    def files(self, service) -> dict:
        """{file name: parsed YAML} of the service's config objects (ConfigMap and Secret)."""
        out = {}
        for obj in self.objs:
            name = obj["metadata"]["name"]
            if obj["kind"] in ("ConfigMap", "Secret") and re.search(rf"-{service}-(config|secret)-", name):
                for key, text in _data(obj).items():
                    docs = list(yaml.safe_load_all(text)) if key.endswith(".yml") else [text]
                    out[key] = docs[0] if len(docs) == 1 else docs  # a profile given as text may hold several
        return out

    def container(self, workload) -> dict:
        spec = self.deployments[workload]["spec"]["template"]["spec"]
        return next(c for c in spec["containers"] if c["name"] == _service(self.deployments[workload]))

    def test_urls(self) -> list:
        [pod] = [o for o in self.objs if o["kind"] == "Pod"]
        return re.findall(r"check (\S+) '([^']+)'", pod["spec"]["containers"][0]["args"][0])


def _render(helm, tmp_path, values) -> Release:  # noqa: F811
    result = render_values(helm, tmp_path, values, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    return Release(_docs(result.stdout))


@pytest.fixture
def mtls(helm, tmp_path):  # noqa: F811
    return _render(helm, tmp_path, _load(MTLS))


def test_mutual_tls_everywhere(mtls):
    release = mtls
    discovery = release.files("orca")["spinnaker.yml"]["services"]
    for name in ("clouddriver", "echo", "front50", "orca", "rosco"):
        assert discovery[name]["baseUrl"].startswith("https://"), name
    # HA splits: the split URLs in the helm profiles are https too.
    gate_helm = release.files("gate")["gate-helm.yml"]
    assert gate_helm["services"]["clouddriver"]["config"]["dynamicEndpoints"]["deck"].startswith("https://")
    checks = dict(release.test_urls())
    for workload, deployment in release.deployments.items():
        service = _service(deployment)
        container = release.container(workload)
        ports = {p["name"]: p["containerPort"] for p in container["ports"]}
        svc_ports = {p["name"]: p for p in release.services[workload]["spec"]["ports"]}
        assert "https" in ports and svc_ports["https"]["appProtocol"] == "https", workload
        mounts = [m for m in container["volumeMounts"] if m["name"] == "spinnaker-tls"]
        assert mounts == [{"name": "spinnaker-tls", "mountPath": MOUNT, "readOnly": True}], workload
        # Only the main container gets the stores.
        for other in deployment["spec"]["template"]["spec"]["containers"]:
            if other is not container:
                assert all(m["name"] != "spinnaker-tls" for m in other.get("volumeMounts") or ()), workload
        [volume] = [v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == "spinnaker-tls"]
        probe = container["readinessProbe"]["httpGet"] if service != "deck" else None
        if service == "deck":
            assert volume["secret"] == {"secretName": "spinnaker-deck-tls", "items": [
                {"key": "tls.crt", "path": "tls.crt"}, {"key": "tls.key", "path": "tls.key"}]}
            assert checks[workload] == f"https://spin-spinnaker-deck:{ports['https']}/"
            continue
        secret = "spinnaker-gate-tls" if service == "gate" else "spinnaker-tls"
        assert volume["secret"] == {"secretName": secret, "items": [
            {"key": "keystore.p12", "path": "keystore.p12"}, {"key": "truststore.p12", "path": "truststore.p12"}]}
        env = {e["name"]: e for e in container["env"]}
        for name, key in (("SPINNAKER_TLS_KEY_STORE_PASSWORD", "keystore-password"),
                          ("SPINNAKER_TLS_TRUST_STORE_PASSWORD", "truststore-password")):
            assert env[name] == {"name": name, "valueFrom": {"secretKeyRef": {"name": secret, "key": key}}}
        helm_profile = release.files(service)[f"{service}-helm.yml"]
        ssl = helm_profile["server"]["ssl"]
        assert ssl["key-store"] == f"{MOUNT}/keystore.p12" and ssl["trust-store"] == f"{MOUNT}/truststore.p12"
        assert ssl["key-store-password"] == "${SPINNAKER_TLS_KEY_STORE_PASSWORD}"
        assert helm_profile["ok-http-client"]["key-store"] == f"{MOUNT}/keystore.p12"
        if service == "gate":  # clientAuth want: the kubelet passes the handshake on gate's own port
            assert ssl["client-auth"] == "want" and "management" not in helm_profile
            assert probe == {"path": "/health", "port": ports["https"], "scheme": "HTTPS"}
            assert checks[workload] == f"https://spin-spinnaker-gate:{ports['https']}/health"
        else:
            assert ssl["client-auth"] == "need"
            assert probe == {"path": "/health", "port": 8081, "scheme": "HTTPS"}, workload
            assert ports["management"] == 8081 and svc_ports["management"]["port"] == 8081
            split = HA_PROFILES.get(workload)  # a split's management port is in its own profile's file
            management = (release.files(service)[f"{service}-{split}.yml"] if split else helm_profile)[
                "management"]["server"]
            assert management["port"] == 8081 and management["ssl"]["client-auth"] == "none"
            assert management["ssl"]["key-store"] == ssl["key-store"]
            assert checks[workload] == f"https://spin-spinnaker-{workload}:8081/health"
    deck_env = [o for o in release.objs if o["kind"] == "Secret" and "-deck-env-" in o["metadata"]["name"]]
    assert _data(deck_env[0]) == {"DECK_CERT": f"{MOUNT}/tls.crt", "DECK_KEY": f"{MOUNT}/tls.key"}
    # Deck's Apache proxies /gate to gate over https.
    assert {"name": "API_HOST", "value": "https://spin-spinnaker-gate:8084"} in release.container("deck")["env"]
    # Nothing else mounts the stores, and no password is anywhere but in a secretKeyRef.
    for obj in release.objs:
        if obj["kind"] in ("StatefulSet", "Job"):
            assert "spinnaker-tls" not in json.dumps(obj), obj["metadata"]["name"]
        if obj["kind"] == "ConfigMap":
            assert "keystore-password" not in json.dumps(obj)


# Halyard's own switches, and a profile that serves TLS by itself: each gets https wherever it is called and
# probed, whatever the chart's tls says.
HAL_GATE = {"secrets": {"files": [{"secretName": "gate-files"}]},
            "halconfig": {"security": {"apiSecurity": {"ssl": {
                "enabled": True, "keyStore": "/var/secrets/gate.jks", "keyStoreType": "JKS",
                "keyStorePassword": "${GATE_KS}", "clientAuth": "NEED", "trustStore": "/var/secrets/ca.jks",
                "trustStorePassword": "${GATE_KS}"}}}},
            }
HAL_GATE["secrets"]["env"] = [{"name": "GATE_KS", "secretName": "gate-pw", "key": "pw", "services": ["gate"]}]
HAL_DECK = {"secrets": {"files": [{"secretName": "deck-files"}]},
            "halconfig": {"security": {"uiSecurity": {"ssl": {
                "enabled": True, "sslCertificateFile": "/var/secrets/deck.crt",
                "sslCertificateKeyFile": "/var/secrets/deck.key"}}}}}
PROFILE_ORCA = {"secrets": {"files": [{"secretName": "orca-files"}],
                            "env": [{"name": "ORCA_KS", "secretName": "orca-pw", "key": "pw"}]},
                "profiles": {"orca": {"server": {"ssl": {"keyStore": "/var/secrets/orca.p12",
                                                          "key-store-password": "${ORCA_KS}",
                                                          "clientAuth": "need"}}},
                             # orca's callers present their client certificate (renderer/runtime/tls.py)
                             "spinnaker": {"ok-http-client": {"key-store": "/var/secrets/client.p12",
                                                              "key-store-password": "${ORCA_KS}"}}}}
# The same profile as YAML text (`--set-file profiles.orca=orca-local.yml`): its documents in order, one
# for a Spring profile of its own (which orca does not run) left out, as Spring leaves it out.
PROFILE_ORCA_TEXT = {"secrets": PROFILE_ORCA["secrets"], "profiles": {
    "spinnaker": PROFILE_ORCA["profiles"]["spinnaker"],
    "orca": "server:\n  ssl:\n    keyStore: /var/secrets/orca.p12\n    key-store-password: ${ORCA_KS}\n"
            "---\nspring:\n  config:\n    activate:\n      on-profile: never\nserver:\n  ssl:\n    enabled: false\n"
            "--- # client auth\nserver.ssl.client-auth: need\n"}}
GATE_ONLY = {"tls": {"secretName": "spinnaker-tls"}, "services": {"gate": {"tls": {"enabled": True}}}}


@pytest.mark.parametrize("values,served,need", [
    (HAL_GATE, "gate", True), (HAL_DECK, "deck", False), (PROFILE_ORCA, "orca", True),
    (PROFILE_ORCA_TEXT, "orca", True), (GATE_ONLY, "gate", False),
], ids=["apiSecurity.ssl", "uiSecurity.ssl", "profile-server.ssl", "text-profile-server.ssl", "tls-gate-only"])
def test_what_serves_tls_is_reached_over_https(helm, tmp_path, values, served, need):  # noqa: F811
    release = _render(helm, tmp_path, values)
    checks = dict(release.test_urls())
    for workload in release.deployments:
        scheme = "https" if workload == served else "http"
        assert [p["name"] for p in release.container(workload)["ports"]][0] == scheme, workload
        assert release.services[workload]["spec"]["ports"][0]["appProtocol"] == scheme
        assert checks[workload].startswith(scheme + "://"), workload
    discovery = release.files("clouddriver")["spinnaker.yml"]["services"]
    if served not in ("gate", "deck"):
        assert discovery[served]["baseUrl"] == f"https://spin-spinnaker-{served}:8083"
    api_host = {e["name"]: e.get("value") for e in release.container("deck")["env"]}["API_HOST"]
    assert api_host.startswith("https://" if served == "gate" else "http://")
    if served != "deck":
        probe = release.container(served)["readinessProbe"]["httpGet"]
        assert probe["scheme"] == "HTTPS" and probe["port"] == (8081 if need else
                                                                release.services[served]["spec"]["ports"][0]["port"])
    helm_profile = release.files(served).get(f"{served}-helm.yml") or {}
    if need:  # the management port serves the same certificate by reference, without client auth
        ssl = helm_profile["management"]["server"]["ssl"]
        assert ssl["client-auth"] == "none" and ssl["key-store"] == "${server.ssl.key-store}"
        assert ssl["key-store-password"] == "${server.ssl.key-store-password}"
    if values is GATE_ONLY:
        # gate serves with the chart's stores and calls the others with them; they stay plain.
        assert helm_profile["server"]["ssl"]["client-auth"] == "none"
        for workload in ("orca", "clouddriver"):
            assert "server" not in (release.files(workload).get(f"{workload}-helm.yml") or {})
    # No Java service other than the one serving gets chart stores it does not use.
    for workload in release.deployments:
        mounted = any(v["name"] == "spinnaker-tls"
                      for v in release.deployments[workload]["spec"]["template"]["spec"]["volumes"])
        assert mounted == (values is GATE_ONLY and workload in JAVA), workload


def test_a_split_serving_tls_by_its_own_profile_is_probed_and_called_as_it_serves(helm, tmp_path):  # noqa: F811
    values = {"ha": {"clouddriver": {"enabled": True}},
              "secrets": {"files": [{"secretName": "caching-tls"}]},
              "profiles": {"clouddriver-caching": {"server.ssl": {"key-store": "/var/secrets/caching.p12",
                                                                   "client-auth": "need"}}}}
    release = _render(helm, tmp_path, values)
    files = release.files("clouddriver")
    for workload in HA_PROFILES:
        probe = release.container(workload)["readinessProbe"]["httpGet"]
        if workload == "clouddriver-caching":
            assert probe == {"path": "/health", "port": 8081, "scheme": "HTTPS"}
            assert files["clouddriver-caching.yml"]["management"]["server"] == {"port": 8081, "ssl": {
                "enabled": True, "client-auth": "none", "key-store": "${server.ssl.key-store}"}}
        else:
            assert probe["scheme"] == "HTTP" and probe["port"] == 7002, workload
            assert "management" not in (files.get(f"clouddriver-{HA_PROFILES[workload]}.yml") or {}), workload
    assert "management" not in (files.get("clouddriver-helm.yml") or {})
    # clouddriver's main URL is the rw split's, which serves plain HTTP.
    assert files["spinnaker.yml"]["services"]["clouddriver"]["baseUrl"] == "http://spin-spinnaker-clouddriver-rw:7002"


@pytest.mark.parametrize("values,message", [
    ({"tls": {"enabled": True}}, "no Secret holds its key store; set tls.secretName"),
    ({"tls": {"enabled": True, "secretName": "s", "clientAuth": "need", "trustStoreKey": ""}},
     "clientAuth need without a trust store"),
    ({"tls": {"enabled": True, "secretName": "s", "clientAuth": "need", "managementPort": 8080}},
     "tls.managementPort 8080 is front50's own port"),
    ({"services": {"deck": {"tls": {"enabled": True}}}}, "services.deck.tls.enabled: no secretName"),
], ids=["no-secret", "need-without-trust", "port-clash", "deck-no-secret"])
def test_settings_that_can_never_serve_are_refused(helm, tmp_path, values, message):  # noqa: F811
    result = render_values(helm, tmp_path, values)
    assert result.returncode != 0
    assert message in result.stderr, result.stderr


def test_the_plans_bundle_follows_the_chart():
    """plan mirrors the chart's TLS decisions (renderer/read/chartbundle.py)."""
    handover = pytest.importorskip("handover")
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    from renderer.read.chartbundle import bundle as chart_bundle
    from renderer.read.inputs import CHART_VALUES, merge_values
    from renderer.releases import DEFAULT

    defaults = _load(CHART_VALUES)

    for values in (HAL_GATE, HAL_DECK, PROFILE_ORCA, PROFILE_ORCA_TEXT, GATE_ONLY, _load(MTLS)):
        rendered = handover.render(values, name="spinnaker")
        doc = yaml.safe_load(rendered["spinnaker/templates/config-bundle.yaml"])
        theirs = json.loads(base64.b64decode(doc["data"]["bundle"]))
        ours = chart_bundle(merge_values(defaults, values), str(DEFAULT))
        assert ours["services"] == theirs["services"]
        assert ours["mounts"] == theirs["mounts"]


# --- a real handshake with the rendered settings ---------------------------------------------------------

HANDSHAKE = r"""
import java.io.*;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Properties;
import javax.net.ssl.*;

/** A TLS server with one side's settings and a client with the other's: prints OK or FAILED. */
public class Handshake {
  static KeyStore load(Properties p, String prefix) throws Exception {
    KeyStore store = KeyStore.getInstance(p.getProperty(prefix + "Type"));
    try (InputStream in = new FileInputStream(p.getProperty(prefix))) {
      store.load(in, p.getProperty(prefix + "Password").toCharArray());
    }
    return store;
  }

  static SSLContext context(Properties p) throws Exception {
    KeyManager[] keys = null;
    TrustManager[] trust = null;
    if (p.getProperty("keyStore") != null) {
      KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      f.init(load(p, "keyStore"), p.getProperty("keyStorePassword").toCharArray());
      keys = f.getKeyManagers();
    }
    if ("true".equals(p.getProperty("insecure"))) {  // the kubelet: no verification, no certificate
      trust = new TrustManager[] {new X509TrustManager() {
        public void checkClientTrusted(X509Certificate[] c, String a) {}
        public void checkServerTrusted(X509Certificate[] c, String a) {}
        public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
      }};
    } else if (p.getProperty("trustStore") != null) {
      TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      f.init(load(p, "trustStore"));
      trust = f.getTrustManagers();
    }
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keys, trust, null);
    return context;
  }

  static Properties read(String path) throws Exception {
    Properties p = new Properties();
    try (Reader r = new FileReader(path)) { p.load(r); }
    return p;
  }

  /** Each pair of arguments: a server's and a client's settings; one line per pair. */
  public static void main(String[] args) throws Exception {
    for (int i = 0; i + 1 < args.length; i += 2) {
      System.out.println(handshake(read(args[i]), read(args[i + 1])));
    }
  }

  static String handshake(Properties server, Properties client) throws Exception {
    SSLServerSocket socket = (SSLServerSocket) context(server).getServerSocketFactory().createServerSocket(0);
    String auth = server.getProperty("clientAuth", "none").toLowerCase();
    socket.setNeedClientAuth(auth.equals("need"));
    if (auth.equals("want")) socket.setWantClientAuth(true);
    Thread t = new Thread(() -> {
      try (SSLSocket s = (SSLSocket) socket.accept()) {
        s.startHandshake();
        s.getOutputStream().write(1);
        s.getOutputStream().flush();
      } catch (Exception e) { }
    });
    t.start();
    String result;
    try (SSLSocket s = (SSLSocket) context(client).getSocketFactory().createSocket("localhost", socket.getLocalPort())) {
      if (!"true".equals(client.getProperty("insecure"))) {
        SSLParameters params = s.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS");  // okhttp checks the host name too
        s.setSSLParameters(params);
      }
      s.startHandshake();
      if (s.getInputStream().read() != 1) throw new IOException("the server closed the connection");
      result = "OK";
    } catch (Exception e) {
      result = "FAILED " + e;
    }
    t.join(5000);
    socket.close();
    return result;
  }
}
"""


def _run(*args, cwd=None):
    result = subprocess.run(args, capture_output=True, text=True, cwd=cwd)
    assert result.returncode == 0, (args, result.stderr)
    return result.stdout


def _make_stores(where, passwords) -> dict:
    """A CA, a certificate for localhost signed by it, and the Secret's keys: PKCS12 key store and trust store."""
    d = str(where)
    _run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt",
         "-days", "2", "-subj", "/CN=test-ca", cwd=d)
    _run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "svc.key", "-out", "svc.csr",
         "-subj", "/CN=spinnaker", cwd=d)
    (where / "san.ext").write_text("subjectAltName=DNS:localhost\n")
    _run("openssl", "x509", "-req", "-in", "svc.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
         "-out", "svc.crt", "-days", "2", "-extfile", "san.ext", cwd=d)
    _run("openssl", "pkcs12", "-export", "-in", "svc.crt", "-inkey", "svc.key", "-name", "spinnaker",
         "-out", "keystore.p12", "-passout", "pass:" + passwords["keystore-password"], cwd=d)
    _run("keytool", "-importcert", "-noprompt", "-alias", "ca", "-file", "ca.crt", "-keystore", "truststore.p12",
         "-storetype", "PKCS12", "-storepass", passwords["truststore-password"], cwd=d)
    return dict(passwords, **{"keystore.p12": where / "keystore.p12", "truststore.p12": where / "truststore.p12"})


class Pod:
    """What one rendered container sees: the Secret's keys at their mounted paths, its env from secretKeyRef."""

    def __init__(self, release, workload, secrets, root):
        self.env = {}
        self.paths = {}
        deployment = release.deployments[workload]
        container = release.container(workload)
        volumes = {v["name"]: v for v in deployment["spec"]["template"]["spec"]["volumes"]}
        for mount in container["volumeMounts"]:
            secret = volumes[mount["name"]].get("secret")
            if not secret:
                continue
            for item in secret["items"]:
                path = root / secret["secretName"] / item["path"]
                path.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(secrets[secret["secretName"]][item["key"]], path)
                self.paths[f"{mount['mountPath']}/{item['path']}"] = str(path)
        for var in container["env"]:
            ref = (var.get("valueFrom") or {}).get("secretKeyRef")
            if ref and ref["name"] in secrets:
                self.env[var["name"]] = secrets[ref["name"]][ref["key"]]

    def resolve(self, settings: dict, **extra) -> dict:
        """Spring's view of a `server.ssl` / `ok-http-client` block: paths as this pod has them, `${ENV}` filled."""
        out = {}
        for key, value in settings.items():
            text = re.sub(r"\$\{([A-Z_]+)\}", lambda m: self.env[m.group(1)], str(value))
            out[re.sub(r"-([a-z])", lambda m: m.group(1).upper(), key)] = self.paths.get(text, text)
        out.update(extra)
        return out


def _properties(path, settings: dict) -> str:
    path.write_text("".join(f"{k}={v}\n" for k, v in settings.items()))
    return str(path)


@pytest.mark.skipif(not all(shutil.which(tool) for tool in ("java", "javac", "keytool", "openssl")),
                    reason="needs java, javac, keytool and openssl to make the stores and run the handshakes")
def test_the_rendered_paths_and_passwords_open_the_stores_and_shake_hands(helm3, tmp_path):
    values = {"tls": {"enabled": True, "secretName": "spinnaker-tls", "clientAuth": "need",
                      "keyStoreType": "PKCS12", "trustStoreType": "PKCS12"}}
    values_file = tmp_path / "values.yaml"
    values_file.write_text(yaml.safe_dump(values))
    result = helm3.run("template", "spin", os.path.join(ROOT, "charts", "spinnaker"), "-f", str(values_file),
                       "--post-renderer", os.path.join(ROOT, "scripts", "post-render"))
    assert result.returncode == 0, result.stderr
    release = Release(_docs(result.stdout))
    stores = tmp_path / "stores"
    stores.mkdir()
    secrets = {"spinnaker-tls": _make_stores(stores, {"keystore-password": "k-3x!mple",
                                                      "truststore-password": "t-3x!mple"})}
    server_pod = Pod(release, "orca", secrets, tmp_path / "orca")
    client_pod = Pod(release, "clouddriver", secrets, tmp_path / "clouddriver")
    orca = release.files("orca")["orca-helm.yml"]
    server = server_pod.resolve(orca["server"]["ssl"])
    client = client_pod.resolve(release.files("clouddriver")["clouddriver-helm.yml"]["ok-http-client"])
    management = server_pod.resolve(orca["management"]["server"]["ssl"])
    opened = {(s[store], s[store + "Type"], s[store + "Password"]) for s in (server, client)
              for store in ("keyStore", "trustStore")}
    for path, kind, password in opened:
        assert f"Keystore type: {kind}" in _run("keytool", "-list", "-keystore", path, "-storetype", kind,
                                                "-storepass", password)
    source = tmp_path / "Handshake.java"
    source.write_text(HANDSHAKE)
    _run("javac", "-d", str(tmp_path), str(source))
    pairs = [(server, client), (server, {"insecure": "true"}), (management, {"insecure": "true"})]
    files = [_properties(tmp_path / f"{i}-{side}.properties", settings)
             for i, pair in enumerate(pairs) for side, settings in zip(("server", "client"), pair)]
    ok, kubelet, probe = _run("java", "-cp", str(tmp_path), "Handshake", *files).split("\n")[:3]
    # clouddriver calls orca with its client certificate; the kubelet (no certificate) cannot...
    assert ok == "OK"
    assert kubelet.startswith("FAILED")
    # ...but reaches the management port, which serves the same certificate without client auth.
    assert management["clientAuth"] == "none"
    assert probe == "OK"
