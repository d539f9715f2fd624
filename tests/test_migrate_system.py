"""migrate gives a release that works as Halyard's deployment did as a system (issue 33): the release
pinned, with the one-time steps of a jump; Halyard's Service names rewritten to the release's; the
ServiceAccounts Halyard's pods ran as; JVM flags that start and heaps no smaller than the chart's."""
from __future__ import annotations

import os

from renderer.migrate import migrate


def hal_dir(tmp_path, config_extra="", version="1.32.4", settings=None, profiles=None, environment=""):
    """A small ~/.hal: one deployment `default`, its service-settings and profiles."""
    hal = tmp_path / "hal"
    os.makedirs(hal / "default" / "service-settings", exist_ok=True)
    os.makedirs(hal / "default" / "profiles", exist_ok=True)
    (hal / "config").write_text(
        "currentDeployment: default\ndeploymentConfigurations:\n- name: default\n"
        f"  version: {version}\n"
        "  persistentStorage:\n    persistentStoreType: s3\n    s3:\n      bucket: b\n      rootFolder: f\n"
        "  deploymentEnvironment:\n    type: Distributed\n    location: spinnaker\n" + environment + config_extra)
    for name, text in (settings or {}).items():
        (hal / "default" / "service-settings" / name).write_text(text)
    for name, text in (profiles or {}).items():
        (hal / "default" / "profiles" / name).write_text(text)
    return str(hal)


def said(migration, part, kind=None):
    return [e for e in migration.report.entries if part in e.source and (kind is None or e.kind == kind)]


# --- the release ----------------------------------------------------------------------------------

def test_the_release_is_always_pinned_and_a_jump_lists_its_one_time_steps(tmp_path):
    """A later chart's default release must not upgrade an install unasked: `spinnaker.version` is
    always set. 1.28 is older than the chart runs, so the values run 2026.4.0, named in the report, with
    the steps `plan --to-release` knows on that jump (renderer/release_changes.py: the 2025.2.0 OAuth2
    redirect URI, the 2025.4.0 gate sessions) and the releases before the oldest the project knows left
    to the upstream notes (spinnaker.io/changelogs)."""
    security = ("  security:\n    authn:\n      enabled: true\n      oauth2:\n        enabled: true\n"
                "        client: {clientId: x, clientSecret: y}\n        provider: GITHUB\n")
    migration = migrate(hal_dir(tmp_path, security, version="1.28.1"))
    assert migration.values["spinnaker"] == {"version": "2026.4.0"}
    lines = [e.text for e in said(migration, "version", "human")]
    jump = [text for text in lines if "one-time steps" in text]
    assert len(jump) == 1, lines
    assert "2025.2.0" in jump[0] and "redirect URI" in jump[0] and "2025.4.0" in jump[0], jump
    assert "no steps before 1.30.0" in jump[0] and "spinnaker.io/changelogs" in jump[0], jump
    assert any("the values pin 2026.4.0, the release chosen at migration" in text for text in lines), lines


def test_halyards_supported_release_is_pinned_without_a_jump(tmp_path):
    migration = migrate(hal_dir(tmp_path))
    assert migration.values["spinnaker"] == {"version": "1.32.4"}
    assert not [e for e in migration.report.entries if "one-time steps" in e.text]


def test_a_local_bom_version_is_the_release_it_names_as_validate_reads_it(tmp_path):
    """Halyard's `local:1.30.1` (a BOM kept locally) is 1.30.1 for validate (releases.halconfig_release);
    migrate dropped it and ran 2026.4.0."""
    from renderer.problems import Report
    from renderer.releases import Release, target

    assert target(None, {"version": "local:1.30.1"}, Report()) == Release(1, 30, 1)
    migration = migrate(hal_dir(tmp_path, version="local:1.30.1"))
    assert migration.values["spinnaker"] == {"version": "1.30.1"}
    assert not [e for e in migration.report.entries if "one-time steps" in e.text]


# --- JVM flags that start ---------------------------------------------------------------------------

SIZED = ("    customSizing:\n      spin-orca:\n        limits: {memory: 1Gi}\n        requests: {memory: 1Gi}\n"
         "      spin-gate:\n        limits: {memory: 1Gi}\n        requests: {memory: 1Gi}\n")


def test_an_initial_heap_above_the_fitted_maximum_is_lowered(tmp_path):
    """migrate fitted -Xmx to the limit but kept the user's -Xms1024m: HotSpot exits at start-up
    ("Initial heap size set to a larger value than the maximum heap size", gcArguments.cpp), as 7 of 9
    JVMs of one real directory would have. An -Xms above the maximum is lowered to it, and said."""
    from renderer.runtime.jvm import Heap, size

    settings = {"orca.yml": "env:\n  JAVA_OPTS: -Xmx2g -Xms1024m -Dfoo=bar\n",
                "gate.yml": "env:\n  JAVA_OPTS: -XX:MaxRAMPercentage=100.0 -XX:InitialHeapSize=1g\n"}
    migration = migrate(hal_dir(tmp_path, environment=SIZED, settings=settings))
    services = migration.values["services"]
    for name in ("orca", "gate"):
        flags = services[name]["javaOpts"].split()
        heap = Heap(flags, 1 << 30)
        assert not heap.refused, flags
        initial = [size(f[4:]) for f in flags if f.startswith("-Xms")]
        assert initial and initial[0] <= heap.bytes, flags
        assert not [f for f in flags if f.startswith("-XX:InitialHeapSize")], flags
        line = said(migration, f"service-settings/{name}.yml: env.JAVA_OPTS", "converted")
        # With an -Xmx HotSpot exits; with the maximum from MaxRAMPercentage it raises the maximum to the
        # initial size instead (GCArguments::initialize_heap_flags_and_sizes), past the memory limit.
        why = "the JVM would exit at start-up" if name == "orca" else "HotSpot would raise its maximum heap to it"
        assert any(why in e.text and "lowered to -Xms" in e.text for e in line), line
    assert "-Dfoo=bar" in services["orca"]["javaOpts"]


def test_an_initial_heap_on_requests_only_is_kept_and_the_limit_holds_it(tmp_path):
    """Under Halyard a requests-only JVM with -Xms1024m had at least that heap (its maximum was a share of
    the node's memory): the release's limit grows to hold the -Xms and what the service needs outside its
    heap, instead of lowering the heap the user asked for."""
    from renderer.runtime.jvm import Heap, non_heap, quantity, size

    environment = "    customSizing:\n      orca:\n        requests: {memory: 512Mi}\n"
    migration = migrate(hal_dir(tmp_path, environment=environment,
                                settings={"orca.yml": "env:\n  JAVA_OPTS: -XX:MaxRAMPercentage=100.0 -Xms1536m\n"}))
    orca = migration.values["services"]["orca"]
    limit = quantity(orca["resources"]["limits"]["memory"])
    flags = orca["javaOpts"].split()
    heap = Heap(flags, limit)
    assert not heap.refused and "-Xms1536m" in flags, flags
    assert heap.bytes >= 1536 << 20 and heap.bytes + non_heap("orca") <= limit, (flags, limit)


REQUESTS_ONLY = ("    haServices:\n      clouddriver: {enabled: true}\n"
                 "    customSizing:\n      spin-clouddriver-rw:\n        requests: {memory: 512Mi, cpu: 1}\n"
                 "      spin-clouddriver-caching:\n        requests: {memory: 3Gi}\n"
                 "      orca:\n        requests: {memory: 512Mi}\n      gate:\n        requests: {memory: 512Mi}\n")


def test_a_jvm_halyard_ran_on_requests_only_gets_no_less_than_the_charts_default(tmp_path):
    """Under Halyard, a pod with a memory request and no limit ran a JVM whose heap was a share
    (MaxRAMPercentage) of the node's memory; migrate gave the clouddriver splits a limit equal to their
    small request and -Xmx320m, far below the chart's own default for clouddriver. Now the limit is at
    least the chart's default for the service (values_model's default resources), the heap the chart's
    share of it less the service's sourced non-heap estimate (runtime.jvm.max_heap_for), an explicit
    -Xmx Halyard's JVM had is kept (the limit holds it), and the report says what it had and gets."""
    from renderer.generate.values_model import default_resources
    from renderer.runtime.jvm import Heap, non_heap, quantity
    from renderer.service_facts import SERVICES

    migration = migrate(hal_dir(tmp_path, environment=REQUESTS_ONLY,
                                settings={"gate.yml": "env:\n  JAVA_OPTS: -Xmx3g\n"}))
    values = migration.values
    pods = {"clouddriver-rw": ("clouddriver", values["ha"]["clouddriver"]["splits"]["rw"]["resources"],
                               values["services"]["clouddriver"]["javaOpts"]),
            "clouddriver-caching": ("clouddriver", values["ha"]["clouddriver"]["splits"]["caching"]["resources"],
                                    values["services"]["clouddriver"]["javaOpts"]),
            "orca": ("orca", values["services"]["orca"]["resources"], values["services"]["orca"]["javaOpts"]),
            "gate": ("gate", values["services"]["gate"]["resources"], values["services"]["gate"]["javaOpts"])}
    for pod, (service, resources, options) in pods.items():
        limit = quantity(resources["limits"]["memory"])
        assert limit >= quantity(default_resources(SERVICES[service])["limits"]["memory"]), pod
        assert limit >= quantity(resources["requests"]["memory"]), pod
        heap = Heap(options.split(), limit).bytes
        assert heap + non_heap(service) <= limit and heap <= limit * 0.8, (pod, options, limit)
    assert values["ha"]["clouddriver"]["splits"]["rw"]["resources"]["requests"]["memory"] == "512Mi"
    assert Heap(values["services"]["gate"]["javaOpts"].split(), 1 << 40).bytes == 3 << 30
    [orca] = said(migration, "service-settings/orca.yml: env.JAVA_OPTS", "converted")
    assert "memory request only (orca 512Mi)" in orca.text and "50% of the node's memory" in orca.text, orca.text
    assert "orca 1024 MiB" in orca.text and "-Xmx819m" in orca.text, orca.text


# --- ServiceAccounts --------------------------------------------------------------------------------

NINE = ("clouddriver", "deck", "echo", "fiat", "front50", "gate", "igor", "orca", "rosco")


def test_services_run_as_the_existing_account_their_halyard_pods_ran_as(tmp_path):
    """Nine service-settings files saying `kubernetes.serviceAccountName: spinnaker` (one account the
    user made and bound) made migrate refuse the directory. Each runs as that account, used as it exists
    (`rbac.serviceAccounts.spinnaker.create: false`, the chart's value), so its RBAC and annotations still
    apply; the report names it and the chart's least-privilege alternative."""
    migration = migrate(hal_dir(tmp_path, settings={f"{s}.yml": "kubernetes:\n  serviceAccountName: spinnaker\n"
                                                    for s in NINE}))
    assert migration.ok, migration.report.errors
    assert {s: migration.values["services"][s]["serviceAccountName"] for s in NINE} == dict.fromkeys(NINE, "spinnaker")
    assert migration.values["rbac"] == {"serviceAccounts": {"spinnaker": {"create": False}}}
    [line] = [e for e in migration.report.entries if "ServiceAccount spinnaker" in e.text]
    assert line.kind == "different" and "least-privilege alternative" in line.text, line.text
    assert "rbac.clouddriver.access: accounts" in line.text and "still apply" in line.text, line.text


def test_clouddriver_without_an_account_runs_as_the_namespaces_default_as_under_halyard(tmp_path):
    """Halyard ran clouddriver without `serviceAccountName` as the namespace's `default` account, which
    its in-cluster kubernetes accounts (`serviceAccount: true`) act as; it keeps running as it, which the
    chart never creates. Other services keep the chart's own accounts."""
    accounts = ("  providers:\n    kubernetes:\n      enabled: true\n      accounts:\n"
                "      - name: local\n        serviceAccount: true\n        namespaces: [apps]\n")
    migration = migrate(hal_dir(tmp_path, accounts))
    services = migration.values.get("services") or {}
    assert services["clouddriver"]["serviceAccountName"] == "default"
    assert not [s for s, v in services.items() if s != "clouddriver" and "serviceAccountName" in v]
    assert "serviceAccounts" not in (migration.values.get("rbac") or {})
    [line] = [e for e in migration.report.entries if "ServiceAccount default" in e.text]
    assert "in-cluster kubernetes accounts act as it" in line.text, line.text


# --- Halyard's Service names ------------------------------------------------------------------------

PROXIED = ("env:\n  JAVA_OPTS: >-\n    -Dhttp.proxyHost=proxy.example.com -Dhttp.proxyPort=3128\n"
           "    -Dhttp.nonProxyHosts='localhost|spin-orca|spin-orca.spinnaker|spin-clouddriver-rw.spinnaker.svc"
           "|spin-*|*.svc|spin-kayenta'\n    -Dservices.front50.baseUrl=http://spin-front50.spinnaker.svc.cluster.local:8080\n"
           "  NO_PROXY: 'localhost,spin-orca,.svc'\n  HTTP_PROXY: http://proxy.example.com:3128\n")


def test_halyards_service_names_become_the_releases_in_proxies_profiles_and_env(tmp_path):
    """A directory ran every JVM behind a proxy, excluding Halyard's Services (`spin-orca`, with their
    namespace forms; the JDK's DefaultProxySelector reads http.nonProxyHosts for https too), and a merged
    orca-overrides.yml calls `http://spin-echo-worker:8089`: the release's Services match none of them, so
    every call between services went to the proxy, or to Halyard's objects. Each becomes the release's
    Service (the chart's naming rule, chartbundle.component, for --release-name), its DNS suffix kept; a
    split the release does not run becomes its service's Service; each rule is reported with its places."""
    from renderer.read.chartbundle import component, fullname

    haservices = "    haServices:\n      echo: {enabled: true}\n"
    migration = migrate(hal_dir(tmp_path, environment=haservices, settings={"orca.yml": PROXIED},
                                profiles={"orca-overrides.yml": "services:\n  echo:\n    baseUrl: "
                                                                "http://spin-echo-worker:8089\n"}),
                        release_name="acme")
    values = migration.values

    def name(workload):
        return component(values, workload, "acme")

    options = values["services"]["orca"]["javaOpts"]
    excluded = options.split("-Dhttp.nonProxyHosts='")[1].split("'")[0].split("|")
    assert excluded == ["localhost", name("orca"), f"{name('orca')}.spinnaker",
                        f"{name('clouddriver')}.spinnaker.svc", f"{fullname(values, 'acme')}-*", "*.svc",
                        "spin-kayenta"], excluded
    assert f"-Dservices.front50.baseUrl=http://{name('front50')}.spinnaker.svc.cluster.local:8080" in options
    env = {e["name"]: e.get("value") for e in values["services"]["orca"]["env"]}
    assert env["NO_PROXY"] == f"localhost,{name('orca')},.svc"
    assert values["profiles"]["orca"]["services"]["echo"]["baseUrl"] == f"http://{name('echo-worker')}:8089"
    lines = [e.text for e in migration.report.entries if e.source.startswith("Halyard's Service names")]
    assert len(lines) == 3, lines  # one per rule: URLs, proxy exclusions, NO_PROXY
    assert any("profiles.orca: services.echo.baseUrl" in text and "spin-echo-worker -> acme-spinnaker-echo-worker"
               in text for text in lines), lines


def test_a_call_to_a_service_the_release_does_not_run_is_reported_and_halyards_redis_kept(tmp_path):
    """kayenta does not run (canary off): a URL at Halyard's spin-kayenta is kept and reported, since
    nothing of the release serves it; Halyard's Redis (`spin-redis`) is not a service and stays where the
    cut-over keeps it (redis.externalUrl, documented in the README's From Halyard)."""
    settings = {"gate.yml": "env:\n  JAVA_OPTS: -Dkayenta.baseUrl=http://spin-kayenta:8090 "
                            "-Dsaml.url=https://spin-gate.example.com/saml\n"}
    migration = migrate(hal_dir(tmp_path, settings=settings))
    assert "http://spin-kayenta:8090" in migration.values["services"]["gate"]["javaOpts"]
    # A host that only starts like a Service of Halyard's (no Kubernetes DNS form of one) is someone else's.
    assert "https://spin-gate.example.com/saml" in migration.values["services"]["gate"]["javaOpts"]
    [line] = [e for e in migration.report.entries if e.source.startswith("Halyard's Service names")]
    assert line.kind == "human" and "spin-kayenta" in line.text and "does not run" in line.text, line.text
    assert line.target == "services.kayenta.enabled"
    assert migration.values["redis"]["externalUrl"] == "redis://spin-redis.spinnaker:6379"


def test_migrate_takes_the_release_name_as_validate_does(tmp_path, run_cli):
    """`--release-name` names the release's Services in what migrate rewrites, and the values are judged
    as that release; a name Kubernetes refuses is a usage error."""
    import yaml

    path = hal_dir(tmp_path, profiles={"gate-local.yml": "services:\n  orca:\n    baseUrl: http://spin-orca:8083\n"})
    out = tmp_path / "values.yaml"
    result = run_cli("migrate", path, "-o", str(out), "--release-name", "ci")
    assert result.returncode == 0, result.stderr
    assert yaml.safe_load(out.read_text())["profiles"]["gate"]["services"]["orca"]["baseUrl"] == \
        "http://ci-spinnaker-orca:8083"
    result = run_cli("migrate", path, "--release-name", "Bad_Name")
    assert result.returncode == 2 and "--release-name" in result.stderr


# --- CA bundles -------------------------------------------------------------------------------------

UBI_MOUNT = "kubernetes:\n  volumes:\n  - id: corp-cacerts\n    type: secret\n    mountPath: /etc/pki/ca-trust/extracted/java\n"


def test_a_ca_bundle_goes_where_the_releases_jdk_reads_it(tmp_path):
    """A CA store mounted at /etc/pki/ca-trust/extracted/java (where a UBI image's JDK reads `cacerts`) is
    never read by the release's JDKs, which read /etc/ssl/certs/java/cacerts (runtime.image_jdks: Alpine's
    openjdk17-jre and Ubuntu's openjdk-17-jre-headless link their cacerts there): the mount moves there, a
    -Djavax.net.ssl.trustStore naming it follows, and a vendor image kept keeps its path."""
    from renderer.runtime.image_jdks import CACERTS

    settings = {"igor.yml": UBI_MOUNT + "env:\n  JAVA_OPTS: "
                            "-Djavax.net.ssl.trustStore=/etc/pki/ca-trust/extracted/java/cacerts\n",
                "orca.yml": UBI_MOUNT,
                "rosco.yml": UBI_MOUNT + "artifactId: registry.example.com/spinnaker/rosco:1.32.4-patched\n"}
    migration = migrate(hal_dir(tmp_path, settings=settings))
    services = migration.values["services"]
    for name in ("igor", "orca"):
        [mount] = services[name]["extraVolumeMounts"]
        assert os.path.join(mount["mountPath"], "cacerts") == CACERTS, mount
    assert f"-Djavax.net.ssl.trustStore={CACERTS}" in services["igor"]["javaOpts"]
    assert services["rosco"]["image"] and \
        services["rosco"]["extraVolumeMounts"][0]["mountPath"] == "/etc/pki/ca-trust/extracted/java"
    [line] = [e for e in migration.report.entries if "UBI" in e.text]
    assert line.source == "service-settings/{igor,orca}.yml: kubernetes.volumes", line.line()


def test_decks_api_host_at_halyards_own_gate_that_the_release_does_not_render_is_said(tmp_path):
    """Deck's API_HOST named Halyard's gate Service while service-settings/gate.yml turned gate off: the
    release renders no gate, so the patch that keeps Halyard's API_HOST works only while Halyard's objects
    run; the report says so."""
    settings = {"gate.yml": "enabled: false\n", "deck.yml": "env:\n  API_HOST: http://spin-gate:8084\n"}
    migration = migrate(hal_dir(tmp_path, settings=settings))
    [line] = said(migration, "service-settings/deck.yml: env.API_HOST", "human")
    assert "spin-gate, the name Halyard gives a gate Service, which the release does not render" in line.text, \
        line.text


def test_a_user_name_in_a_url_is_no_service_name(tmp_path):
    """`https://spin-orca@hooks.example.com/...` names a user `spin-orca` of another host: the URL's host is
    hooks.example.com. Renaming the user would break the credential that authenticates there."""
    settings = {"gate.yml": "env:\n  JAVA_OPTS: -Dhook.url=https://spin-orca@hooks.example.com/x\n"}
    migration = migrate(hal_dir(tmp_path, settings=settings),
                        release_name="acme")
    options = migration.values["services"]["gate"]["javaOpts"]
    assert "https://spin-orca@hooks.example.com/x" in options, options
    assert not [e for e in migration.report.entries if e.source.startswith("Halyard's Service names")]


def test_a_two_label_host_in_another_namespace_is_someone_elses(tmp_path):
    """Halyard's Services live in Halyard's namespace (`spinnaker` here): `spin-orca.spinnaker` is one of
    them, but `spin-orca.corp` (a host of a corporate DNS zone, or a Service of another namespace) is not,
    and renaming it would point the call at a name nothing serves."""
    settings = {"gate.yml": "env:\n  JAVA_OPTS: -Da.url=http://spin-orca.corp:8083 "
                            "-Db.url=http://spin-orca.spinnaker:8083 "
                            "-Dhttp.nonProxyHosts='spin-echo.internal|spin-echo'\n"}
    migration = migrate(hal_dir(tmp_path, settings=settings), release_name="acme")
    options = migration.values["services"]["gate"]["javaOpts"]
    assert "-Da.url=http://spin-orca.corp:8083" in options, options
    assert "-Db.url=http://acme-spinnaker-orca.spinnaker:8083" in options, options
    assert "-Dhttp.nonProxyHosts='spin-echo.internal|acme-spinnaker-echo'" in options, options
