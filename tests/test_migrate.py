"""`spinnaker-renderer migrate`: a whole ~/.hal directory to chart values, a Secret and a report.

The fixture builds a Halyard directory the way Halyard leaves it: two
deployments, profiles for plain and split services, service settings,
customSizing with per-split entries, haServices, files referenced inside and
outside ~/.hal, a missing file and an `encrypted:` value."""
from __future__ import annotations

import base64
import json
import os

import pytest
import yaml

from renderer.migrate import migrate, read_hal_dir
from renderer.migrate.output import SECRET_NAME

CONFIG = """\
halyardVersion: 1.45.0
currentDeployment: prod
deploymentConfigurations:
- name: default
  version: 1.30.1
  providers:
    kubernetes:
      enabled: true
      accounts:
      - name: dev
        providerVersion: V2
        kubeconfigFile: /home/spinnaker/.hal/default/dev.kubeconfig
  deploymentEnvironment:
    type: Distributed
    accountName: dev
    location: spinnaker-dev
- name: prod
  version: 1.32.4
  timezone: Europe/Berlin
  persistentStorage:
    persistentStoreType: gcs
    gcs:
      project: acme
      bucket: acme-spinnaker
      jsonPath: {outside}/keys/gcs.json
  providers:
    kubernetes:
      enabled: true
      accounts:
      - name: prod-cluster
        providerVersion: V2
        kubeconfigFile: /home/spinnaker/.hal/prod/kubeconfigs/prod.config
        namespaces: [apps]
      - name: staging-cluster
        kubeconfigFile: {outside}/kube/config
      - name: lost-cluster
        kubeconfigFile: /nowhere/kube/config
      - name: vaulted
        kubeconfigFile: encryptedFile:s3!r:us-west-2!b:acme-secrets!f:kubeconfig
      - name: from-home
        kubeconfigFile: /home/spinnaker/.kube/home.config
      primaryAccount: prod-cluster
    dockerRegistry:
      enabled: true
      accounts:
      - name: dockerhub
        address: https://index.docker.io
        username: bot
        password: registry-pass-123
    openstack:
      enabled: false
      accounts: []
  metricStores:
    datadog:
      enabled: true
      api_key: datadog-key-123
  notifications:
    github-status:
      enabled: true
      token: encrypted:s3!r:us-west-2!b:acme-secrets!f:tokens!k:github
  security:
    authn:
      enabled: true
      saml:
        enabled: true
        metadataLocal: ~/.hal/prod/saml/metadata.xml
        keyStore: {outside}/saml.jks
        keyStorePassword: changeit
        keyStoreAliasName: saml
        issuerId: spinnaker
        serviceAddress: https://gate.example.com
  deploymentEnvironment:
    size: SMALL
    type: Distributed
    accountName: prod-cluster
    imageVariant: SLIM
    updateVersions: true
    consul: {{enabled: false}}
    vault: {{enabled: false}}
    location: spinnaker
    customSizing:
      spin-clouddriver-caching:
        replicas: 3
        requests: {{cpu: 2, memory: 8Gi}}
        limits: {{memory: 8Gi}}
      spin-clouddriver-rw:
        replicas: 2
      clouddriver-ro:
        requests: {{cpu: 1, memory: 4Gi}}
      spin-echo-scheduler:
        replicas: 1
        requests: {{cpu: 500m, memory: 1Gi}}
      spin-orca:
        replicas: 2
        requests: {{cpu: 1, memory: 2Gi}}
        limits: {{cpu: 2, memory: 2Gi}}
      gate:
        requests: {{cpu: 250m, memory: 1Gi}}
      spin-gate:
        replicas: 2
      monitoring-daemon:
        requests: {{cpu: 10m, memory: 64Mi}}
      spin-rosca:
        replicas: 2
    sidecars:
      spin-clouddriver-caching:
      - name: token-refresher
        dockerImage: example.com/refresher:1.0
      spin-gate:
      - name: oauth-proxy
        dockerImage: quay.io/oauth2-proxy/oauth2-proxy:v7.6.0
        port: 4180
        env: {{UPSTREAM: http://localhost:8084}}
        args: [--http-address=0.0.0.0:4180]
        mountPath: /shared
        secretVolumeMounts:
        - secretName: oauth-proxy-config
          mountPath: /etc/oauth-proxy
    initContainers:
      spin-front50:
      - name: wait-for-gcs
        image: busybox:1.36
        command: [sh, -c, "true"]
    hostAliases:
      clouddriver:
      - ip: 10.0.0.10
        hostnames: [git.internal]
    tolerations:
      spin-orca:
      - key: dedicated
        operator: Equal
        value: spinnaker
        effect: NoSchedule
      clouddriver:
      - key: dedicated
        operator: Exists
    affinity:
      spin-clouddriver:
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 50
            podAffinityTerm:
              topologyKey: topology.kubernetes.io/zone
              labelSelector:
                matchLabels: {{app: spin}}
      spin-gate:
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            podAffinityTerm:
              topologyKey: kubernetes.io/hostname
              labelSelector:
                matchLabels: {{cluster: spin-gate}}
    nodeSelectors:
      pool: spinnaker
    haServices:
      clouddriver:
        enabled: true
        disableClouddriverRoDeck: false
        redisSlaveEndpoint: redis://:replica-pass@redis-replica:6379
        redisMasterEndpoint: redis://:master-pass@redis-master:6379
      echo:
        enabled: true
    livenessProbeConfig:
      enabled: true
      initialDelaySeconds: 120
"""

PROFILES = {
    "clouddriver-local.yml": "kubernetes:\n  jobs:\n    append-suffix: true\n",
    "clouddriver-caching-local.yml": "caching:\n  agent:\n    poll-interval: 60\n",
    "clouddriver-ro-deck-local.yml": "sql:\n  read-only: true\n",
    "echo-scheduler-local.yml": "scheduler:\n  pipelineConfigsPoller:\n    pollingIntervalMs: 30000\n",
    "gate-local.yml": "server:\n  tomcat:\n    protocolHeader: X-Forwarded-Proto\n",
    "spinnaker-local.yml": "services:\n  fiat:\n    legacyFallback: true\n",
    "orca-local.yml": "tasks:\n  useManagedServiceAccounts: true\nwebhook:\n  preconfigured:\n  - password: hunter2\n",
    # Per-service Redis with its password, as a published guide does it.
    "igor-local.yml": "services.redis.baseUrl: redis://:igor-pass@10.0.0.5:6383\n",
    "settings-local.js": "window.spinnakerSettings.feature.artifactsRewrite = true;\n",
    "clouddriver.yml": "replaced: everything\n",
    "rosco/packer/aws-custom.json": "{}\n",
}

SERVICE_SETTINGS = {
    "gate.yml": "kubernetes:\n  serviceType: LoadBalancer\n  podAnnotations:\n    prometheus.io/scrape: 'true'\n"
                "  serviceAnnotations:\n    cloud.google.com/load-balancer-type: Internal\n"
                "overrideBaseUrl: https://gate.example.com\n",
    "deck.yml": "artifactId: registry.example.com/spinnaker/deck:2.27.3-custom\nenv:\n  TZ: Europe/Berlin\n"
                "  API_HOST: http://spin-gate.spinnaker:8084/\n",
    "orca.yml": "env:\n  JAVA_OPTS: -Xmx2g\n  EXTRA: 'yes'\nhealthEndpoint: /health\n",
    "rosco.yml": "artifactId: registry.example.com/spinnaker/rosco:1.32.4-patched\n",
    "echo-worker.yml": "targetSize: 3\n",
    "redis.yml": "overrideBaseUrl: redis://redis.example.com:6379\nskipLifeCycleManagement: true\n",
    "front50.yml": "kubernetes:\n  volumes:\n  - id: front50-extra\n    type: configMap\n    mountPath: /opt/extra\n",
}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


@pytest.fixture
def hal_home(tmp_path):
    """(~/.hal, a directory outside it) laid out the way Halyard leaves them."""
    home = tmp_path / "home" / "spinnaker"
    hal = home / ".hal"
    outside = tmp_path / "elsewhere"
    write(str(hal / "config"), CONFIG.format(outside=outside))
    write(str(hal / "prod" / "kubeconfigs" / "prod.config"), "apiVersion: v1\nkind: Config\n# prod\n")
    write(str(hal / "prod" / "saml" / "metadata.xml"), "<EntityDescriptor/>\n")
    write(str(hal / "default" / "dev.kubeconfig"), "apiVersion: v1\nkind: Config\n# dev\n")
    write(str(outside / "keys" / "gcs.json"), '{"type": "service_account"}\n')
    write(str(outside / "kube" / "config"), "apiVersion: v1\nkind: Config\n# staging\n")
    write(str(outside / "saml.jks"), "JKS-BYTES")
    # The Halyard user's home, copied along with ~/.hal.
    write(str(home / ".kube" / "home.config"), "apiVersion: v1\nkind: Config\n# home\n")
    for name, text in PROFILES.items():
        write(str(hal / "prod" / "profiles" / name), text)
    for name, text in SERVICE_SETTINGS.items():
        write(str(hal / "prod" / "service-settings" / name), text)
    # Another deployment's profiles never leak into this one.
    write(str(hal / "default" / "profiles" / "gate-local.yml"), "other: deployment\n")
    return hal, outside


def includes(hal_home):
    """What the user lets migrate read outside ~/.hal: the directory of keys, and the home's ~/.kube."""
    hal, outside = hal_home
    return [str(outside), str(hal.parent / ".kube")]


@pytest.fixture
def migration(hal_home):
    result = migrate(str(hal_home[0]), includes=includes(hal_home))
    assert result.ok, result.report.lines()
    return result


def entries(migration, source, kind=None):
    found = migration.report.find(source, kind)
    assert found, f"nothing reported for {source!r}: " + "\n".join(migration.report.lines())
    return found


def test_read_hal_dir_gives_the_pieces_validate_needs(hal_home):
    hal_dir = read_hal_dir(str(hal_home[0]), includes=includes(hal_home))
    assert hal_dir.ok and hal_dir.deployment == "prod"
    assert hal_dir.halconfig["persistentStorage"]["gcs"]["enabled"] is True
    assert "clouddriver-caching-local.yml" in hal_dir.profiles and "rosco/packer/aws-custom.json" in hal_dir.profiles
    assert hal_dir.service_settings["gate"]["kubernetes"]["serviceType"] == "LoadBalancer"
    assert {f.key for f in hal_dir.files} >= {"prod.config", "gcs.json", "config", "metadata.xml", "saml.jks",
                                              "home.config"}
    other = read_hal_dir(str(hal_home[0]), "default")
    assert other.deployment == "default" and other.profiles == {"gate-local.yml": "other: deployment\n"}
    assert [f.key for f in other.files] == ["dev.kubeconfig"] and other.files[0].found


def test_referenced_files_move_to_the_secret_and_never_into_values(migration, hal_home):
    hal, outside = hal_home
    accounts = migration.values["halconfig"]["providers"]["kubernetes"]["accounts"]
    paths = {a["name"]: a["kubeconfigFile"] for a in accounts}
    # Inside ~/.hal (found through the copied directory), outside it, and the two with the same base name.
    assert paths["prod-cluster"] == "/var/secrets/prod.config"
    assert paths["staging-cluster"] == "/var/secrets/config"
    assert paths["lost-cluster"] == "/var/secrets/kube-config"
    assert paths["vaulted"].startswith("encryptedFile:s3!")
    assert paths["from-home"] == "/var/secrets/home.config"
    assert migration.values["halconfig"]["persistentStorage"]["gcs"]["jsonPath"] == "/var/secrets/gcs.json"
    saml = migration.values["halconfig"]["security"]["authn"]["saml"]
    assert saml["metadataUrl"] == "/var/secrets/metadata.xml" and saml["keyStore"] == "/var/secrets/saml.jks"
    # One Secret per set of services reading its files: front50 never gets the kubeconfigs, nor gate
    # the GCS key (a projected Secret hands a pod every key in it).
    files_entry = migration.values["secrets"]["files"]
    assert files_entry == [
        {"secretName": SECRET_NAME + "-clouddriver", "keys": ["config", "home.config", "kube-config", "prod.config"],
         "services": ["clouddriver"]},
        {"secretName": SECRET_NAME + "-front50", "keys": ["gcs.json"], "services": ["front50"]},
        {"secretName": SECRET_NAME + "-gate", "keys": ["metadata.xml", "saml.jks"], "services": ["gate"]}]
    for text in ("# prod", "# staging", "service_account", "JKS-BYTES", "EntityDescriptor"):
        assert text not in migration.values_yaml
    secrets = {s["metadata"]["name"]: s for s in yaml.safe_load_all(migration.secret)}
    assert set(secrets) == {e["secretName"] for e in files_entry}
    # No namespace of their own: `kubectl -n <release namespace> apply` puts them where the release goes.
    assert all(s["kind"] == "Secret" and "namespace" not in s["metadata"] for s in secrets.values())
    data = {name: {k: base64.b64decode(v).decode() for k, v in s["data"].items()} for name, s in secrets.items()}
    kube, gcs, gate = (data[SECRET_NAME + suffix] for suffix in ("-clouddriver", "-front50", "-gate"))
    assert kube["prod.config"].endswith("# prod\n") and kube["config"].endswith("# staging\n")
    assert gcs == {"gcs.json": gcs["gcs.json"]} and gcs["gcs.json"].startswith('{"type"')
    assert gate["saml.jks"] == "JKS-BYTES"
    assert "kube-config" not in kube  # the missing file
    commands = migration.kubectl.split("\n")
    assert commands[0].startswith(f"kubectl create secret generic {SECRET_NAME}-clouddriver --namespace spinnaker ")
    assert commands[1] == f"kubectl create secret generic {SECRET_NAME}-front50 --namespace spinnaker " \
                          f"--from-file=gcs.json={outside}/keys/gcs.json"
    assert f"--from-file=prod.config={hal}/prod/kubeconfigs/prod.config" in commands[0]
    file_entries = [e for e in migration.report.of("secret") if e.target.startswith("/var/secrets/")]
    assert len(file_entries) == 6


def test_inline_credentials_move_to_a_secret_and_reach_only_their_readers(migration):
    saml = migration.values["halconfig"]["security"]["authn"]["saml"]
    assert saml["keyStorePassword"] == "${HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD}"
    registry = migration.values["halconfig"]["providers"]["dockerRegistry"]["accounts"][0]
    assert registry["password"] == "${HAL_PROVIDERS_DOCKERREGISTRY_ACCOUNTS_0_PASSWORD}"
    assert "changeit" not in migration.values_yaml and "registry-pass-123" not in migration.values_yaml
    # secrets.env entries name the services whose generated config uses each placeholder.
    env = {e["name"]: e for e in migration.values["secrets"]["env"]}
    assert env["HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD"] == {
        "name": "HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD", "secretName": "spinnaker-halyard-credentials",
        "key": "HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD", "services": ["gate"]}
    assert "clouddriver" in env["HAL_PROVIDERS_DOCKERREGISTRY_ACCOUNTS_0_PASSWORD"]["services"]
    assert "gate" not in env["HAL_PROVIDERS_DOCKERREGISTRY_ACCOUNTS_0_PASSWORD"]["services"]
    assert not any("valueFrom" in e for svc in migration.values["services"].values() for e in svc.get("env", []))
    manifest = yaml.safe_load(migration.credentials_secret)
    assert manifest["metadata"]["name"] == "spinnaker-halyard-credentials"
    data = {k: base64.b64decode(v).decode() for k, v in manifest["data"].items()}
    assert data["HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD"] == "changeit"
    assert data["HAL_PROVIDERS_DOCKERREGISTRY_ACCOUNTS_0_PASSWORD"] == "registry-pass-123"
    # The monitoring daemon cannot resolve a placeholder: its credential stays, for a human to see to.
    assert migration.values["halconfig"]["metricStores"]["datadog"]["api_key"] == "datadog-key-123"
    assert "spinnaker-monitoring.yml" in entries(migration, "metricStores.datadog.api_key", "human")[0].text


def test_a_file_gone_from_the_machine_is_found_in_halyards_staged_copy(hal_home):
    """`hal deploy apply` left `<deployment>/staging/dependencies/<abs(path.hashCode())>-<name>`
    (seen in published ~/.hal directories whose kubeconfig was not published)."""
    from renderer.migrate.files import java_hash

    hal, _ = hal_home
    assert java_hash("/home/spinnaker/.kube/config") == 2054179555  # as Java computes it
    staged = hal / "prod" / "staging" / "dependencies" / f"{abs(java_hash('/nowhere/kube/config'))}-config"
    write(str(staged), "apiVersion: v1\n# staged\n")
    result = migrate(str(hal))
    entry = result.report.find("accounts[2].kubeconfigFile", "secret")[0]
    assert "staged" in entry.text and entry.target == "/var/secrets/kube-config"
    data = {k: v for secret in yaml.safe_load_all(result.secret) for k, v in secret["data"].items()}
    assert base64.b64decode(data["kube-config"]).decode().endswith("# staged\n")
    # After `hal backup restore` configs point into ~/.hal/.backup/required-files/<hash>-<name>.
    backup = hal / ".backup" / "required-files" / "2054179555-config"
    write(str(backup), "apiVersion: v1\n# restored\n")
    config = (hal / "config").read_text().replace("/nowhere/kube/config",
                                                 "/home/spinnaker/.hal/.backup/required-files/2054179555-config")
    (hal / "config").write_text(config)
    result = migrate(str(hal))
    accounts = result.values["halconfig"]["providers"]["kubernetes"]["accounts"]
    # `config` is taken by another file: the directory name tells them apart.
    assert accounts[2]["kubeconfigFile"] == "/var/secrets/required-files-config"
    assert str(backup) in result.report.find("accounts[2].kubeconfigFile", "secret")[0].text


def test_missing_files_and_encrypted_values_are_left_for_a_human(migration):
    human = "\n".join(e.line() for e in migration.report.of("human"))
    assert "accounts[2].kubeconfigFile" in human and "/nowhere/kube/config does not exist" in human
    assert "accounts[3].kubeconfigFile" in human and "secret reference" in human


def test_version_and_halconfig_conversions(migration):
    values = migration.values
    assert values["spinnaker"]["version"] == "1.32.4" and "version" not in values["halconfig"]
    assert values["halconfig"]["notifications"]["githubStatus"]["enabled"] is True
    assert "openstack" not in values["halconfig"]["providers"]
    assert "deploymentEnvironment" not in values["halconfig"]
    assert entries(migration, "notifications.github-status", "converted")
    assert entries(migration, "persistentStoreType", "converted")
    # deploymentEnvironment is no longer "dropped under one note": each setting is reported.
    assert not [e for e in migration.report.of("dropped") if e.source.endswith("deploymentEnvironment")]


def test_sizing_replicas_and_ha(migration):
    values = migration.values
    ha = values["ha"]
    assert ha["clouddriver"]["enabled"] is True and ha["echo"]["enabled"] is True
    # Each split's own sizing in its own settings (`ha.<service>.splits.<split>`), not the older places.
    splits = {key: ha[svc]["splits"][key] for svc in ("clouddriver", "echo") for key in ha[svc]["splits"]}
    assert "resources" not in ha["clouddriver"] and "caching" not in ha["clouddriver"]
    assert splits["caching"]["replicas"] == 3 and splits["rw"]["replicas"] == 2
    assert splits["caching"]["resources"] == {"requests": {"cpu": 2, "memory": "8Gi"},
                                                         "limits": {"memory": "8Gi"}}
    # A JVM's memory request without a limit gets a limit of at least the chart's default for the
    # service (2Gi for clouddriver): here the request, which is larger.
    assert splits["ro"]["resources"] == {"requests": {"cpu": 1, "memory": "4Gi"},
                                                    "limits": {"memory": "4Gi"}}
    limited = migration.report.find("customSizing.clouddriver-ro.requests/limits", "converted")
    assert "limits.memory 4Gi (Halyard set none; at least the chart's default for clouddriver, 2Gi)" in \
        limited[0].text
    # The replica's URL carries a password: a placeholder, the URL in the credentials Secret.
    assert ha["clouddriver"]["redisRoUrl"] == "${HAL_HA_CLOUDDRIVER_REDISROURL}"
    assert migration.credentials["HAL_HA_CLOUDDRIVER_REDISROURL"] == "redis://:replica-pass@redis-replica:6379"
    master = entries(migration, "redisMasterEndpoint", "human")[0].text
    assert "master-pass" not in master and "redis://:***@redis-master:6379" in master
    assert splits["scheduler"]["replicas"] == 1 and splits["worker"]["replicas"] == 3
    assert splits["scheduler"]["resources"]["requests"]["cpu"] == "500m"
    services = values["services"]
    assert services["orca"]["replicas"] == 2 and services["orca"]["resources"]["limits"] == {"cpu": 2, "memory": "2Gi"}
    # Halyard: the container entry (`gate`) wins for resources, `spin-gate` holds the replicas.
    # A JVM's request alone gets the chart's default limit, and the heap the chart's share of it less
    # what gate is estimated to need outside the heap (runtime.jvm.max_heap_for).
    assert services["gate"]["replicas"] == 2 and services["gate"]["resources"] == {
        "requests": {"cpu": "250m", "memory": "1Gi"}, "limits": {"memory": "1Gi"}}
    assert services["gate"]["javaOpts"].startswith("-Xmx819m")
    # Requests-only stays requests-only for every other container, as Halyard ran it.
    assert values["monitoringDaemon"]["resources"] == {"requests": {"cpu": "10m", "memory": "64Mi"},
                                                       "limits": {"memory": None}}
    # A typo Halyard silently ignored (seen in a published guide) is reported, with a suggestion.
    assert "Did you mean 'rosco'?" in entries(migration, "customSizing.spin-rosca", "dropped")[0].text
    assert entries(migration, "customSizing.spin-clouddriver-caching.replicas", "mapped")[0].target == \
        "ha.clouddriver.splits.caching.replicas"


def test_scheduling_sidecars_and_service_settings(migration):
    services = migration.values["services"]
    assert services["orca"]["tolerations"][0]["key"] == "dedicated"
    assert services["clouddriver"]["tolerations"] == [{"key": "dedicated", "operator": "Exists"}]
    assert services["clouddriver"]["hostAliases"] == [{"ip": "10.0.0.10", "hostnames": ["git.internal"]}]
    assert services["gate"]["affinity"]["podAntiAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"]
    assert services["front50"]["initContainers"][0]["name"] == "wait-for-gcs"
    # Halyard's V2 deployer never applied deploymentEnvironment.nodeSelectors: neither do the values,
    # and the report says which value would.
    assert "nodeSelector" not in migration.values["serviceDefaults"]
    [dropped] = entries(migration, "deploymentEnvironment.nodeSelectors", "dropped")
    assert "did not apply" in dropped.text and '`serviceDefaults.nodeSelector: {pool: "spinnaker"}`' in dropped.text
    proxy = services["gate"]["sidecars"][0]
    assert proxy == {"name": "oauth-proxy", "image": "quay.io/oauth2-proxy/oauth2-proxy:v7.6.0",
                     "env": [{"name": "UPSTREAM", "value": "http://localhost:8084"}],
                     "args": ["--http-address=0.0.0.0:4180"], "ports": [{"containerPort": 4180}],
                     "volumeMounts": [{"name": "oauth-proxy", "mountPath": "/shared"},
                                      {"name": "oauth-proxy-config", "mountPath": "/etc/oauth-proxy"}]}
    assert {"name": "oauth-proxy", "mountPath": "/shared"} in services["gate"]["extraVolumeMounts"]
    # `spin-clouddriver` named no pod once clouddriver was split: carried to every split, and said so.
    assert services["clouddriver"]["affinity"]["podAntiAffinity"]
    assert "applied to none of them" in entries(migration, "affinity.spin-clouddriver", "human")[0].text
    # A per-split sidecar is that split's own (Halyard: `spin-<split>`, else the service's entry).
    assert migration.values["ha"]["clouddriver"]["splits"]["caching"]["sidecars"] == [
        {"name": "token-refresher", "image": "example.com/refresher:1.0"}]
    assert entries(migration, "sidecars.spin-clouddriver-caching", "converted")[0].target == \
        "ha.clouddriver.splits.caching.sidecars"
    gate = services["gate"]
    assert gate["serviceType"] == "LoadBalancer" and gate["podAnnotations"] == {"prometheus.io/scrape": "true"}
    assert gate["serviceAnnotations"] == {"cloud.google.com/load-balancer-type": "Internal"}
    # A custom image whose tag names no release: the release's own runs, and the report says how to keep it.
    assert "image" not in services["deck"]
    kept = entries(migration, "deck.yml: artifactId", "human")[0]
    assert kept.target == "services.deck.image" and "deck:spinnaker-1.32.4" in kept.text
    assert "registry.example.com/spinnaker/deck:2.27.3-custom" in kept.text and "release: <release>" in kept.text
    # One whose tag names the release Halyard ran (and spinnaker.version runs): kept, declared with it.
    assert services["rosco"]["image"] == {"registry": "registry.example.com/spinnaker", "repository": "rosco",
                                          "tag": "1.32.4-patched", "release": "1.32.4"}
    assert services["deck"]["env"] == [{"name": "TZ", "value": "Europe/Berlin"}]
    # JAVA_OPTS has its own value; what the chart sets itself (Deck's API_HOST) is not duplicated.
    plain = [e for e in services["orca"]["env"] if "value" in e]
    # Halyard's -Xmx2g fills orca's 2Gi limit: lowered to leave the JVM its room outside the heap.
    assert plain == [{"name": "EXTRA", "value": "yes"}] and services["orca"]["javaOpts"] == "-Xmx1837m"
    assert any("'-Xmx2g' -> '-Xmx1837m'" in e.text for e in migration.report.entries
               if e.target == "services.orca.javaOpts")
    assert entries(migration, "service-settings/deck.yml: env.API_HOST", "dropped")
    assert services["front50"]["extraVolumes"] == [{"name": "front50-extra", "configMap": {"name": "front50-extra"}}]
    assert migration.values["redis"]["externalUrl"] == "redis://redis.example.com:6379"
    assert entries(migration, "service-settings/gate.yml: overrideBaseUrl", "human")
    assert entries(migration, "service-settings/orca.yml: healthEndpoint", "dropped")
    for key in ("size", "accountName", "updateVersions", "livenessProbeConfig"):
        assert entries(migration, f"deploymentEnvironment.{key}", "dropped")
    assert entries(migration, "deploymentEnvironment.location", "mapped")


def test_profiles_plain_and_split(migration):
    profiles = migration.values["profiles"]
    assert profiles["clouddriver"] == {"kubernetes": {"jobs": {"append-suffix": True}}}
    assert profiles["clouddriver-caching"] == {"caching": {"agent": {"poll-interval": 60}}}
    assert profiles["clouddriver-ro-deck"] == {"sql": {"read-only": True}}
    assert profiles["echo-scheduler"]["scheduler"]["pipelineConfigsPoller"]["pollingIntervalMs"] == 30000
    assert profiles["spinnaker"] == {"services": {"fiat": {"legacyFallback": True}}}
    assert migration.values["settingsLocalJs"].startswith("window.spinnakerSettings.feature")
    assert entries(migration, "profiles/clouddriver.yml", "human")[0].text.startswith("replaced Halyard's")
    assert entries(migration, "profiles/rosco/packer/aws-custom.json", "human")
    # Credentials inside profiles become placeholders read from the credentials Secret by that service.
    assert profiles["orca"]["webhook"]["preconfigured"][0]["password"] == \
        "${HAL_PROFILE_ORCA_WEBHOOK_PRECONFIGURED_0_PASSWORD}"
    assert profiles["igor"] == {"services.redis.baseUrl": "${HAL_PROFILE_IGOR_SERVICES_REDIS_BASEURL}"}
    assert migration.credentials["HAL_PROFILE_IGOR_SERVICES_REDIS_BASEURL"] == "redis://:igor-pass@10.0.0.5:6383"
    env = {e["name"]: e["services"] for e in migration.values["secrets"]["env"]}
    assert env["HAL_PROFILE_IGOR_SERVICES_REDIS_BASEURL"] == ["igor"]
    for secret in ("hunter2", "igor-pass", "replica-pass", "master-pass"):
        assert secret not in migration.values_yaml and secret not in migration.markdown()


def test_split_profiles_without_ha_are_dropped(hal_home):
    hal, _ = hal_home
    config = (hal / "config").read_text().replace("clouddriver:\n        enabled: true",
                                                   "clouddriver:\n        enabled: false")
    (hal / "config").write_text(config)
    result = migrate(str(hal))
    assert "clouddriver-caching" not in result.values["profiles"]
    assert "haServices.clouddriver is not enabled" in result.report.find("clouddriver-caching-local.yml")[0].text
    assert "caching" not in (result.values["ha"]["clouddriver"])


def test_values_yaml_is_commented_and_reads_back(migration):
    text = migration.values_yaml
    assert text.startswith("# Chart values migrated from the Halyard directory")
    assert "# fullnameOverride: spin" in text and "\n# From deploymentEnvironment.haServices" in text
    assert yaml.safe_load(text) == migration.values


def test_report_markdown_has_every_category_and_the_cutover(migration):
    text = migration.markdown()
    for heading in ("## Mapped", "## Converted", "## Dropped", "## Files that must become a Secret",
                    "## Left for a human", "## Cutting over from the Halyard-deployed install"):
        assert heading in text
    assert migration.kubectl in text
    assert "scale deployment spin-echo-scheduler --replicas=0" in text
    # Halyard's Services and Secrets carry `app: spin`, not the managed-by label its Deployments have.
    assert "redis.externalUrl" in text and "delete deployment,service,secret -l app=spin`" in text


def test_cli_writes_everything_or_nothing(hal_home, tmp_path, run_cli):
    hal, _ = hal_home
    out = tmp_path / "out"
    result = run_cli("migrate", str(hal), "-o", str(out / "values.yaml"), "--secrets-dir", str(out / "secrets"),
                     "--report", str(out / "report.md"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "mapped: config: deploymentConfigurations[1].deploymentEnvironment.haServices.clouddriver.enabled -> ha.clouddriver.enabled" \
        in result.stderr
    assert yaml.safe_load((out / "values.yaml").read_text())["ha"]["clouddriver"]["enabled"] is True
    assert {d["kind"] for d in yaml.safe_load_all((out / "secrets" / f"{SECRET_NAME}.yaml").read_text())} == {"Secret"}
    assert "changeit" not in result.stderr and "changeit" not in (out / "report.md").read_text()
    assert yaml.safe_load((out / "secrets" / "spinnaker-halyard-credentials.yaml").read_text())["data"]
    assert "## Left for a human" in (out / "report.md").read_text()
    # Without --secrets-dir the kubectl command is printed; values go to stdout.
    result = run_cli("migrate", str(hal))
    assert result.returncode == 0 and "kubectl create secret generic" in result.stderr
    assert yaml.safe_load(result.stdout)["secrets"]["files"][0]["secretName"] == SECRET_NAME + "-clouddriver"
    # A broken profile: Spring could not read it either; reported and skipped, the rest is written.
    (hal / "prod" / "profiles" / "gate-local.yml").write_text("server: [unclosed\n")
    bad = tmp_path / "bad"
    result = run_cli("migrate", str(hal), "-o", str(bad / "values.yaml"), "--report", str(bad / "report.md"))
    assert result.returncode == 0, result.stderr
    assert "human: prod/profiles/gate-local.yml: not valid YAML" in result.stderr
    assert "gate" not in (yaml.safe_load((bad / "values.yaml").read_text()).get("profiles") or {})
    assert "prod/profiles/gate-local.yml" in (bad / "report.md").read_text()


def test_cli_usage_errors(tmp_path, run_cli):
    result = run_cli("migrate", str(tmp_path / "absent"))
    assert result.returncode == 2 and "neither a directory nor" in result.stderr
    (tmp_path / "config").write_text("providers: {}\n")
    result = run_cli("migrate", str(tmp_path))
    assert result.returncode == 1 and "not a Halyard config" in result.stderr


# --- the migrated values, rendered by Helm's engine and the post-renderer ------------------

def _render(values, form):
    helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    del helm_python
    import handover

    stream = {"helm3": handover.helm3_stream, "helm4": handover.helm4_stream}[form](handover.render(values))
    result = handover.post_render(stream)
    assert result.returncode == 0, result.stderr.decode()
    return [o for o in yaml.safe_load_all(result.stdout.decode()) if isinstance(o, dict)]


def _pods(objs):
    return {o["metadata"]["labels"]["app.kubernetes.io/component"]: o for o in objs if o["kind"] == "Deployment"}


def _config_files(objs, service):
    files = {}
    for obj in objs:
        if obj["kind"] in ("ConfigMap", "Secret") and \
                (obj["metadata"].get("labels") or {}).get("app.kubernetes.io/component") == service \
                and "-env-" not in obj["metadata"]["name"]:
            for name, value in (obj.get("data") or {}).items():
                files[name] = base64.b64decode(value).decode() if obj["kind"] == "Secret" else value
    return files


@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_the_rendered_release_carries_everything(migration, form):
    values = yaml.safe_load(migration.values_yaml)
    objs = _render(values, form)
    pods = _pods(objs)
    # HA: the splits run, with Halyard's per-split replicas and sizing.
    assert {"clouddriver-caching", "clouddriver-rw", "clouddriver-ro", "clouddriver-ro-deck", "echo-scheduler",
            "echo-worker"} <= set(pods) and "clouddriver" not in pods and "echo" not in pods
    spec = {name: pod["spec"] for name, pod in pods.items()}
    assert spec["clouddriver-caching"]["replicas"] == 3 and spec["clouddriver-rw"]["replicas"] == 2
    assert spec["echo-worker"]["replicas"] == 3 and spec["orca"]["replicas"] == 2 and spec["gate"]["replicas"] == 2

    def main(name):
        return next(c for c in spec[name]["template"]["spec"]["containers"] if c["name"] == name.split("-")[0])

    assert main("clouddriver-caching")["resources"] == {"requests": {"cpu": 2, "memory": "8Gi"},
                                                        "limits": {"memory": "8Gi"}}
    assert main("clouddriver-ro")["resources"] == {"requests": {"cpu": 1, "memory": "4Gi"},
                                                   "limits": {"memory": "4Gi"}}
    assert main("orca")["resources"]["limits"] == {"cpu": 2, "memory": "2Gi"}
    env = {e["name"]: e.get("value") for e in main("clouddriver-caching")["env"]}
    assert env["SPRING_PROFILES_ACTIVE"] == "helm,caching,local,caching-local"
    # Scheduling.
    pod = {name: s["template"]["spec"] for name, s in spec.items()}
    assert pod["orca"]["tolerations"][0]["value"] == "spinnaker"
    assert pod["clouddriver-caching"]["tolerations"] == [{"key": "dedicated", "operator": "Exists"}]
    assert pod["clouddriver-ro"]["hostAliases"] == [{"ip": "10.0.0.10", "hostnames": ["git.internal"]}]
    assert pod["gate"]["affinity"]["podAntiAffinity"]
    assert not [name for name, p in pod.items() if p.get("nodeSelector")]
    assert [c["name"] for c in pod["front50"]["initContainers"]] == ["wait-for-gcs"]
    assert "oauth-proxy" in [c["name"] for c in pod["gate"]["containers"]]
    assert [c["image"] for c in pod["deck"]["containers"]] == [
        "us-docker.pkg.dev/spinnaker-community/docker/deck:spinnaker-1.32.4"]
    assert any(c["image"] == "registry.example.com/spinnaker/rosco:1.32.4-patched"
               for c in pod["rosco"]["containers"])
    # The referenced files' Secret is mounted where the halconfig now points.
    # The referenced files' Secret reaches the services whose config names a file, and only them.
    def secret_sources(name):
        return [v["projected"]["sources"] for v in pod[name]["volumes"] if v["name"] == "spinnaker-secret-files"]

    assert secret_sources("clouddriver-rw") == [[{"secret": {"name": SECRET_NAME + "-clouddriver"}}]]
    assert secret_sources("clouddriver-ro-deck") == [[{"secret": {"name": SECRET_NAME + "-clouddriver"}}]]
    assert secret_sources("gate") == [[{"secret": {"name": SECRET_NAME + "-gate"}}]]
    assert secret_sources("front50") == [[{"secret": {"name": SECRET_NAME + "-front50"}}]]
    assert secret_sources("orca") == [] and secret_sources("deck") == []
    gate_env = {e["name"]: e for e in main("gate")["env"]}
    assert gate_env["HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD"]["valueFrom"]["secretKeyRef"]["name"] == \
        "spinnaker-halyard-credentials"
    assert "HAL_SECURITY_AUTHN_SAML_KEYSTOREPASSWORD" not in {e["name"] for e in main("orca")["env"]}
    gate_service = next(o for o in objs if o["kind"] == "Service" and o["metadata"]["name"].endswith("-gate"))
    assert gate_service["spec"]["type"] == "LoadBalancer"
    # Profiles: plain, split (read by that split only) and the HA wiring.
    clouddriver = _config_files(objs, "clouddriver")
    assert yaml.safe_load(clouddriver["clouddriver-local.yml"]) == {"kubernetes": {"jobs": {"append-suffix": True}}}
    assert yaml.safe_load(clouddriver["clouddriver-caching-local.yml"]) == {"caching": {"agent": {"poll-interval": 60}}}
    assert yaml.safe_load(clouddriver["clouddriver-ro-deck-local.yml"]) == {"sql": {"read-only": True}}
    assert yaml.safe_load(clouddriver["clouddriver-ro.yml"])["redis"]["connection"] == \
        "${HAL_HA_CLOUDDRIVER_REDISROURL}"
    assert "HAL_HA_CLOUDDRIVER_REDISROURL" in {e["name"] for e in main("clouddriver-ro")["env"]}
    assert "/var/secrets/prod.config" in clouddriver["clouddriver.yml"]
    echo = _config_files(objs, "echo")
    assert "pollingIntervalMs" in echo["echo-scheduler-local.yml"]
    assert yaml.safe_load(_config_files(objs, "gate")["spinnaker-local.yml"]) == \
        {"services": {"fiat": {"legacyFallback": True}}}
    assert "artifactsRewrite" in _config_files(objs, "deck")["settings-local.js"]
    # The external Redis from service-settings/redis.yml: no bundled one.
    assert not [o for o in objs if o["kind"] in ("Deployment", "StatefulSet")
                and o["metadata"]["labels"]["app.kubernetes.io/component"] == "redis"]


def test_only_a_config_that_cannot_be_read_stops_everything(hal_home, tmp_path, run_cli):
    hal, _ = hal_home
    result = migrate(str(hal), "staging")
    assert not result.ok and "no deployment named 'staging'" in result.report.errors[0]
    out = tmp_path / "out"
    result = run_cli("migrate", str(hal), "--deployment", "staging", "-o", str(out / "values.yaml"))
    assert result.returncode == 1 and "nothing was written" in result.stderr and not out.exists()


def test_a_front50_redis_store_moves_to_the_bundled_store(hal_home, tmp_path, run_cli):
    """A store front50 no longer has (found in a published ~/.hal): the chart's bundled store takes
    over, and the report says how to carry the applications and pipelines across."""
    hal, _ = hal_home
    config = (hal / "config").read_text().replace("persistentStoreType: gcs", "persistentStoreType: redis\n"
                                                  "    redis:\n      host: old-redis\n      port: 6379")
    (hal / "config").write_text(config)
    out = tmp_path / "out"
    result = run_cli("migrate", str(hal), "-o", str(out / "values.yaml"), "--report", str(out / "report.md"))
    assert result.returncode == 0, result.stderr
    storage = yaml.safe_load((out / "values.yaml").read_text())["halconfig"]["persistentStorage"]
    assert "redis" not in storage and "persistentStoreType" not in storage
    report = (out / "report.md").read_text()
    assert "front50 Redis store (old-redis:6379)" in report and "spin pipeline save" in report


def test_service_settings_that_turn_services_off_or_point_elsewhere(hal_home):
    hal, _ = hal_home
    # As Google's codelab shipped them: igor and fiat off, Gate and Deck on 0.0.0.0.
    write(str(hal / "prod" / "service-settings" / "igor.yml"), "enabled: false\nskipLifeCycleManagement: true\n")
    write(str(hal / "prod" / "service-settings" / "rosco.yml"), "overrideBaseUrl: http://rosco.elsewhere:8087\n")
    result = migrate(str(hal))
    assert result.values["services"]["igor"]["enabled"] is False
    assert result.report.find("service-settings/igor.yml: skipLifeCycleManagement", "dropped")
    assert "services.rosco.enabled: false" in result.report.find("service-settings/rosco.yml", "human")[0].text


def test_a_bad_number_is_reported_and_skipped(hal_home, run_cli):
    hal, _ = hal_home
    (hal / "config").write_text((hal / "config").read_text().replace("replicas: 3", "replicas: lots"))
    result = run_cli("migrate", str(hal))
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "customSizing.spin-clouddriver-caching.replicas: expected a whole number, got 'lots'; skipped" \
        in result.stderr
    assert "replicas" not in yaml.safe_load(result.stdout)["ha"]["clouddriver"].get("caching", {})


def test_a_block_of_the_wrong_shape_is_reported_and_skipped(hal_home, run_cli):
    hal, _ = hal_home
    write(str(hal / "prod" / "service-settings" / "gate.yml"), "kubernetes:\n  podAnnotations: [a, b]\n")
    result = run_cli("migrate", str(hal))
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "service-settings/gate.yml: kubernetes.podAnnotations: expected a mapping of strings, got list; " \
           "skipped" in result.stderr
    assert "podAnnotations" not in yaml.safe_load(result.stdout)["services"].get("gate", {})


def test_a_release_the_chart_does_not_run_is_left_for_a_human(hal_home):
    """A published ~/.hal ran 1.26.3: carried over, the release would be refused at install."""
    hal, _ = hal_home
    (hal / "config").write_text((hal / "config").read_text().replace("version: 1.32.4", "version: 1.26.3"))
    result = migrate(str(hal))
    assert result.ok and result.values["spinnaker"] == {"version": "2026.4.0"}
    assert "version" not in result.values["halconfig"]
    text = result.report.find("deploymentConfigurations[1].version", "human")[0].text
    assert "1.26.3 is not a supported release" in text and "2026.4.0" in text


def test_files_outside_hal_dir_wait_for_include(hal_home):
    """Without --include nothing outside ~/.hal is read: each file is listed with the command adding
    it, and one line adds them all; the values name the key the user fills in."""
    hal, outside = hal_home
    result = migrate(str(hal), command=["migrate", str(hal), "-o", "values.yaml"])
    assert result.ok
    accounts = {a["name"]: a["kubeconfigFile"] for a in result.values["halconfig"]["providers"]["kubernetes"]["accounts"]}
    assert accounts["staging-cluster"] == "/var/secrets/config" and accounts["from-home"] == "/var/secrets/home.config"
    entry = entries(result, "accounts[1].kubeconfigFile", "human")[0]
    assert f"spinnaker-renderer migrate {hal} -o values.yaml --include {outside}/kube/config" in entry.text
    every = [e for e in result.report.of("human") if "to read them all" in e.text]
    assert len(every) == 1 and every[0].text.endswith(
        f"--include {outside}/keys/gcs.json --include {outside}/kube/config --include {outside}/saml.jks "
        f"--include {hal.parent}/.kube/home.config")
    assert "# staging" not in result.secret and "JKS-BYTES" not in result.secret and "# home" not in result.secret


def test_a_backup_made_with_tar_of_dot_unpacks_without_a_note(hal_home, tmp_path):
    """`tar -C ~/.hal -czf x.tgz .` names the members `.`, `./config`, `./prod/...`: HAL_DIR itself and
    files in it, nothing for a human to look at."""
    import subprocess

    from renderer.migrate.backup import hal_dir_of

    hal, _ = hal_home
    archive = tmp_path / "hal.tgz"
    subprocess.run(["tar", "-C", str(hal), "-czf", str(archive), "."], check=True)
    notes: list = []
    with hal_dir_of(str(archive), notes) as root:
        result = migrate(root, includes=includes(hal_home), source=str(archive), notes=notes)
    assert notes == []
    assert result.ok and result.values["ha"]["clouddriver"]["enabled"] is True
    assert not [e for e in result.report.of("human") if "not unpacked" in e.text]


def test_credentials_in_a_sidecars_args_move_to_the_secret(hal_home):
    """A sidecar's `--client-secret=...` (Halyard's deploymentEnvironment.sidecars, of a service and of an
    HA split) is read from the credentials Secret as $(NAME), which Kubernetes expands in args; the value
    is in the Secret manifest only."""
    hal, _ = hal_home
    config = (hal / "config").read_text()
    config = config.replace("args: [--http-address=0.0.0.0:4180]",
                            "args: [--http-address=0.0.0.0:4180, --client-secret=oauth-s3cret, "
                            "'--cookie-secret=two words']")
    config = config.replace("dockerImage: example.com/refresher:1.0",
                            "dockerImage: example.com/refresher:1.0\n        args: [-token=tok-123, --verbose, "
                            "--api-key, key-456]")
    (hal / "config").write_text(config)
    result = migrate(str(hal), includes=includes(hal_home))
    assert result.ok, result.report.lines()
    proxy = result.values["services"]["gate"]["sidecars"][0]
    [client, cookie] = [v for v in proxy["args"][1:]]
    assert client.startswith("--client-secret=$(HAL_ARG_") and cookie.startswith("--cookie-secret=$(HAL_ARG_")
    names = {e["name"]: e for e in proxy["env"]}
    for arg in (client, cookie):
        var = arg.split("$(", 1)[1].rstrip(")")
        assert names[var]["valueFrom"]["secretKeyRef"]["key"] == var
    refresher = result.values["ha"]["clouddriver"]["splits"]["caching"]["sidecars"][0]
    assert refresher["args"][0].startswith("-token=$(HAL_ARG_") and refresher["args"][1:3] == ["--verbose", "--api-key"]
    assert refresher["args"][3].startswith("$(HAL_ARG_")  # the flag's value in the next item
    secret = yaml.safe_load(result.credentials_secret)["data"]
    assert {base64.b64decode(v).decode() for v in secret.values()} >= {"oauth-s3cret", "two words", "tok-123",
                                                                          "key-456"}
    for value in ("oauth-s3cret", "two words", "tok-123", "key-456"):
        assert value not in result.values_yaml and value not in result.markdown()
    # Kubernetes expands $(NAME) in args from the container's env: the rendered sidecar defines it.
    objs = _render(yaml.safe_load(result.values_yaml), "helm3")
    [gate] = [c for c in _pods(objs)["gate"]["spec"]["template"]["spec"]["containers"] if c["name"] == "oauth-proxy"]
    defined = {e["name"] for e in gate["env"]}
    assert all(a.split("$(", 1)[1].rstrip(")") in defined for a in gate["args"] if "$(" in a)
    assert "oauth-s3cret" not in json.dumps([o for o in objs if o["kind"] != "Secret"])


def test_a_splits_own_overrides_profile_is_merged_as_the_services_are(hal_home):
    """`clouddriver-caching-overrides.yml`: Halyard ran clouddriver-caching with its `caching-overrides`
    Spring profile (haServices.clouddriver.redisMasterEndpoint set), before `local` and `caching-local`:
    merged under clouddriver-caching-local.yml's settings, which win. Where Halyard ran no such profile
    (no redisSlaveDeckEndpoint; echo's splits), no service read it."""
    hal, _ = hal_home
    profiles = hal / "prod" / "profiles"
    (profiles / "clouddriver-caching-overrides.yml").write_text(
        "caching:\n  agent:\n    poll-interval: 10\n    threads: 4\nkubernetes:\n  jobs:\n    append-suffix: false\n")
    (profiles / "clouddriver-ro-deck-overrides.yml").write_text("sql:\n  read-only: false\n")
    (profiles / "echo-worker-overrides.yml").write_text("scheduler:\n  enabled: false\n")
    result = migrate(str(hal), includes=includes(hal_home))
    assert result.ok, result.report.lines()
    # caching-local's poll-interval and clouddriver-local's append-suffix were read after it and won.
    assert result.values["profiles"]["clouddriver-caching"] == {"caching": {"agent": {"poll-interval": 60,
                                                                                       "threads": 4}}}
    [merged] = entries(result, "prod/profiles/clouddriver-caching-overrides.yml", "mapped")
    assert merged.target == "profiles.clouddriver-caching" and "caching-overrides" in merged.text
    assert "ro-deck-overrides" not in str(result.values["profiles"])
    assert "redisSlaveDeckEndpoint" in entries(result, "clouddriver-ro-deck-overrides.yml", "dropped")[0].text
    assert "no overrides profile" in entries(result, "echo-worker-overrides.yml", "dropped")[0].text


def test_under_ha_the_services_own_settings_file_reaches_no_split(hal_home):
    """With haServices.clouddriver on Halyard ran no clouddriver pod, and each split read only its own
    service-settings file: clouddriver.yml's JAVA_OPTS, env and pod annotations reached no pod. A split
    with its own file lacking JAVA_OPTS ran Halyard's default, and does in the release."""
    import halyard_deployer as hd

    hal, _ = hal_home
    settings = hal / "prod" / "service-settings"
    (settings / "clouddriver.yml").write_text("env:\n  JAVA_OPTS: -Xmx3g\n  EXTRA: 'yes'\n"
                                              "kubernetes:\n  podAnnotations:\n    team: infra\n")
    (settings / "clouddriver-rw.yml").write_text("env:\n  OTHER: value\n")
    oracle = hd.deployment(str(hal)).workloads
    assert oracle["clouddriver-rw"].env["JAVA_OPTS"] == hd.DEPLOYER["javaOpts"]["value"]
    assert "team" not in oracle["clouddriver-rw"].pod_annotations and "EXTRA" not in oracle["clouddriver-ro"].env
    result = migrate(str(hal), includes=includes(hal_home))
    assert result.ok, result.report.lines()
    clouddriver = result.values["services"].get("clouddriver", {})
    assert not {"env", "podAnnotations"} & set(clouddriver)
    # The splits' shared JAVA_OPTS are Halyard's default, sized for clouddriver-ro, which Halyard ran with a
    # memory request only (tests/test_migrate_system.py); never clouddriver.yml's -Xmx3g.
    sized = result.report.find("service-settings/clouddriver.yml: env.JAVA_OPTS", "converted")
    assert clouddriver["javaOpts"] == "-XX:MaxRAMPercentage=79.0" and "memory request only" in sized[0].text
    assert result.values["ha"]["clouddriver"]["splits"]["rw"]["env"] == [{"name": "OTHER", "value": "value"}]
    for field in ("env", "kubernetes.podAnnotations"):
        [dropped] = entries(result, f"service-settings/clouddriver.yml: {field}", "dropped")
        assert "applied to no pod" in dropped.text and "`services.clouddriver." in dropped.text
    pods = _pods(_render(yaml.safe_load(result.values_yaml), "helm3"))
    for split in ("clouddriver-rw", "clouddriver-ro"):
        [main] = [c for c in pods[split]["spec"]["template"]["spec"]["containers"] if c["name"] == "clouddriver"]
        env = {e["name"]: e.get("value") for e in main["env"]}
        assert env["JAVA_OPTS"] == clouddriver["javaOpts"] and "EXTRA" not in env
        assert "team" not in (pods[split]["spec"]["template"]["metadata"].get("annotations") or {})


def test_a_jvm_store_in_hal_dir_that_cannot_be_read_is_said(tmp_path):
    """A `-Djavax.net.ssl.trustStore=` in JAVA_OPTS naming a file of HAL_DIR that cannot be read (here a
    directory) was skipped without a word: the JVM then looks for a store that is not mounted. It is
    reported with the value to fix, as the same store named in a profile is, and the option is kept."""
    import shutil

    hal = tmp_path / "hal"
    shutil.copytree(os.path.join(os.path.dirname(__file__), "data", "migrate", "tls"), hal)
    shutil.rmtree(hal / "default" / "profiles")
    os.remove(hal / "certs" / "truststore.p12")
    os.mkdir(hal / "certs" / "truststore.p12")
    migration = migrate(str(hal))
    said = migration.report.find("service-settings/clouddriver.yml: env.JAVA_OPTS", "human")
    assert [e.target for e in said if "truststore.p12" in e.text and "not read" in e.text] == \
        ["services.clouddriver.javaOpts"], said
    assert "-Djavax.net.ssl.trustStore=/home/spinnaker/.hal/certs/truststore.p12" in \
        migration.values["services"]["clouddriver"]["javaOpts"]


def test_https_is_derived_from_the_profiles_as_the_service_reads_them_layered(tmp_path):
    """`scheme: https` is carried by the profiles only when, layered as the service reads them
    (spinnaker-local.yml, then <service>-local.yml), they serve TLS, as the chart derives it
    (renderer.read.chartbundle.profile_tls): orca's own profile turning TLS off again is not https."""
    import shutil

    hal = tmp_path / "hal"
    shutil.copytree(os.path.join(os.path.dirname(__file__), "data", "migrate", "tls"), hal)
    (hal / "default" / "profiles" / "orca-local.yml").write_text("server:\n  ssl:\n    enabled: false\n")
    migration = migrate(str(hal))
    orca = migration.report.find("service-settings/orca.yml: scheme")
    assert [e.kind for e in orca] == ["human"] and "the chart calls it over http" in orca[0].text, orca
    gate = migration.report.find("service-settings/gate.yml: scheme")
    assert [e.kind for e in gate] == ["converted"], gate
