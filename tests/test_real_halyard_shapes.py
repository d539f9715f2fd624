"""Shapes found in real Halyard configs from public repositories, rebuilt as small synthetic files.

Forty configs collected from public GitHub repositories (Halyard `~/.hal/config`
files and gitops copies of them, Halyard files embedded in install manifests,
SpinnakerService `spec.spinnakerConfig.config` blocks, kleat-form halconfigs)
were run through `validate` and `generate`. None is copied here: every file
below is written for this test, with made-up names and values, and keeps only
the shape (which keys, which value types, how Halyard laid them out).

Valid shapes must translate with no warnings (notes are fine); broken ones must
be refused, or warned about, with a halconfig path and a file line.
"""
from __future__ import annotations

import re

import pytest

from renderer.read.halconfig import read
from renderer.problems import ERROR, NOTE, WARNING, InvalidHalconfig
from renderer.translate import translate
from renderer.write.config_text import render
from renderer.read.yaml11 import load, locate

BASE = ("deploymentConfigurations", 0)


def check(text, **kw):
    """(hal, report) for YAML text read the way the CLI reads it, lines filled in."""
    hal, report = read(load(text, "config"), **kw)
    lines = locate(text, [p.path for p in report.problems if p.line is None])
    for problem in report.problems:
        if problem.line is None:
            problem.line = lines.get(problem.path)
    return hal, report


def of(report, level, path=None):
    return [p for p in report.problems if p.level == level and (path is None or p.path == tuple(path))]


def clean(text, **kw):
    """Valid, no warnings, and it renders."""
    hal, report = check(text, **kw)
    assert report.ok, [p.render() for p in report.errors]
    assert not of(report, WARNING), [p.render() for p in of(report, WARNING)]
    render(translate(hal))
    return hal, report


def yaml_refusal(text):
    """The single problem a YAML-level refusal reports."""
    with pytest.raises(InvalidHalconfig) as caught:
        load(text, "config")
    problems = caught.value.report.problems
    assert len(problems) == 1 and problems[0].level == ERROR, problems
    return problems[0]


def halyard(body: str, version="1.26.3") -> str:
    """A Halyard file around one deployment `body` (YAML indented for the deployment's keys)."""
    return ("currentDeployment: default\ndeploymentConfigurations:\n- name: default\n"
            f"  version: {version}\n" + body)


# ------------------------------------------------------------------ a full Halyard 1.2x file

# Every section as `hal` writes it when it saves the file: empty provider blocks
# with their bakery defaults, empty accounts lists, the deployment environment,
# every storage block next to persistentStoreType, role provider types, the
# canary integrations as a list, the stats block with Halyard's own fields.
HALYARD_WRITTEN = halyard("""\
  providers:
    appengine:
      enabled: false
      accounts: []
    aws:
      enabled: false
      accounts: []
      bakeryDefaults:
        baseImages: []
      defaultKeyPairTemplate: '{{name}}-keypair'
      defaultRegions:
      - name: us-west-2
      defaults:
        iamRole: BaseIAMRole
    ecs:
      enabled: false
      accounts: []
    azure:
      enabled: false
      accounts: []
      bakeryDefaults:
        templateFile: azure-linux.json
        baseImages: []
    dcos:
      enabled: false
      accounts: []
      clusters: []
    dockerRegistry:
      enabled: true
      accounts:
      - name: hub
        requiredGroupMembership: []
        providerVersion: V1
        permissions: {}
        address: https://index.docker.io
        email: someone@example.com
        cacheIntervalSeconds: 30
        clientTimeoutMillis: 60000
        cacheThreads: 1
        paginateSize: 100
        sortTagsByDate: false
        trackDigests: false
        insecureRegistry: false
        repositories:
        - example/app
      primaryAccount: hub
    google:
      enabled: false
      accounts: []
      bakeryDefaults:
        templateFile: gce.json
        baseImages: []
        zone: us-central1-f
        network: default
        useInternalIp: false
    huaweicloud:
      enabled: false
      accounts: []
      bakeryDefaults:
        baseImages: []
    kubernetes:
      enabled: true
      accounts:
      - name: k8s
        requiredGroupMembership: []
        providerVersion: V2
        permissions: {}
        dockerRegistries: []
        configureImagePullSecrets: true
        cacheThreads: 1
        namespaces: []
        omitNamespaces: []
        kinds: []
        omitKinds: []
        customResources: []
        cachingPolicies: []
        oAuthScopes: []
        onlySpinnakerManaged: false
        kubeconfigFile: /home/spinnaker/.kube/config
      primaryAccount: k8s
    oracle:
      enabled: false
      accounts: []
      bakeryDefaults:
        templateFile: oci.json
        baseImages: []
    cloudfoundry:
      enabled: false
      accounts: []
    tencentcloud:
      enabled: false
      accounts: []
      bakeryDefaults:
        baseImages: []
  deploymentEnvironment:
    size: SMALL
    type: Distributed
    accountName: k8s
    imageVariant: SLIM
    updateVersions: true
    consul:
      enabled: false
    vault:
      enabled: false
    location: spinnaker
    customSizing:
      clouddriver:
        replicas: 2
        limits:
          memory: 4Gi
    sidecars: {}
    initContainers: {}
    hostAliases: {}
    affinity: {}
    tolerations: {}
    nodeSelectors: {}
    gitConfig:
      upstreamUser: spinnaker
    livenessProbeConfig:
      enabled: false
    haServices:
      clouddriver:
        enabled: false
        disableClouddriverRoDeck: false
      echo:
        enabled: false
  persistentStorage:
    persistentStoreType: s3
    azs: {}
    gcs:
      rootFolder: front50
    redis: {}
    s3:
      bucket: spin-bucket
      rootFolder: front50
      region: us-east-1
      pathStyleAccess: true
      endpoint: http://minio.example.test:9000
      accessKeyId: minio
      secretAccessKey: not-a-real-secret
    oracle: {}
  features:
    auth: false
    fiat: false
    chaos: false
    entityTags: false
    artifacts: true
  metricStores:
    datadog:
      enabled: false
      tags: []
    prometheus:
      enabled: false
      add_source_metalabels: true
    stackdriver:
      enabled: false
    newrelic:
      enabled: false
      tags: []
    period: 30
    enabled: false
  notifications:
    slack:
      enabled: false
    twilio:
      enabled: false
      baseUrl: https://api.twilio.com/
    github-status:
      enabled: false
  timezone: America/Los_Angeles
  ci:
    jenkins:
      enabled: false
      masters: []
    travis:
      enabled: false
      masters: []
    wercker:
      enabled: false
      masters: []
    concourse:
      enabled: false
      masters: []
    gcb:
      enabled: false
      accounts: []
    codebuild:
      enabled: false
      accounts: []
  repository:
    artifactory:
      enabled: false
      searches: []
  security:
    apiSecurity:
      ssl:
        enabled: false
      overrideBaseUrl: https://gate.example.test
    uiSecurity:
      ssl:
        enabled: false
      overrideBaseUrl: https://spinnaker.example.test
    authn:
      oauth2:
        enabled: false
        client: {}
        resource: {}
        userInfoMapping: {}
      saml:
        enabled: false
        userAttributeMapping: {}
      ldap:
        enabled: false
      x509:
        enabled: false
      iap:
        enabled: false
      enabled: false
    authz:
      groupMembership:
        service: EXTERNAL
        google:
          roleProviderType: GOOGLE
        github:
          roleProviderType: GITHUB
        file:
          roleProviderType: FILE
        ldap:
          roleProviderType: LDAP
      enabled: false
  artifacts:
    bitbucket:
      enabled: false
      accounts: []
    gcs:
      enabled: false
      accounts: []
    oracle:
      enabled: false
      accounts: []
    github:
      enabled: true
      accounts:
      - name: gh
        token: not-a-real-token
    gitlab:
      enabled: false
      accounts: []
    gitrepo:
      enabled: false
      accounts: []
    http:
      enabled: false
      accounts: []
    helm:
      enabled: true
      accounts:
      - name: charts
        repository: https://charts.example.test
    s3:
      enabled: false
      accounts: []
    maven:
      enabled: false
      accounts: []
    templates: []
  pubsub:
    enabled: false
    google:
      enabled: false
      pubsubType: GOOGLE
      subscriptions: []
      publishers: []
  canary:
    enabled: false
    serviceIntegrations:
    - name: google
      enabled: false
      accounts: []
      gcsEnabled: false
      stackdriverEnabled: false
    - name: prometheus
      enabled: false
      accounts: []
    - name: datadog
      enabled: false
      accounts: []
    - name: signalfx
      enabled: false
      accounts: []
    - name: aws
      enabled: false
      accounts: []
      s3Enabled: false
    - name: newrelic
      enabled: false
      accounts: []
    reduxLoggerEnabled: true
    defaultJudge: NetflixACAJudge-v1.0
    stagesEnabled: true
    templatesEnabled: true
    showAllConfigsEnabled: true
  spinnaker:
    extensibility:
      plugins: {}
      repositories: {}
  webhook:
    trust:
      enabled: false
  stats:
    enabled: true
    endpoint: https://stats.spinnaker.io
    instanceId: 01ABCDEFGHJKMNPQRSTVWXYZ00
    deploymentMethod:
      type: halyard
      version: 1.41.0
    connectionTimeoutMillis: 3000
    readTimeoutMillis: 5000
""")


def test_halyard_written_file_translates_without_warnings():
    hal, report = clean(HALYARD_WRITTEN)
    assert hal["version"] == "1.26.3"
    assert hal["persistentStorage"]["s3"]["enabled"] is True
    assert hal["providers"]["kubernetes"]["accounts"][0]["name"] == "k8s"
    assert set(hal["canary"]["serviceIntegrations"]) >= {"google", "prometheus", "aws"}
    # What Halyard alone understood is dropped with a note, never silently.
    for path in (("providers", "kubernetes", "accounts", 0, "providerVersion"),
                 ("persistentStorage", "redis"), ("metricStores", "enabled"), ("deploymentEnvironment",),
                 ("security", "authz", "groupMembership", "github", "roleProviderType"),
                 ("pubsub", "google", "pubsubType"), ("stats", "deploymentMethod")):
        assert of(report, NOTE, BASE + path), path
    assert "deploymentEnvironment" not in hal and "redis" not in hal["persistentStorage"]


def test_halyard_written_file_is_also_strict_clean():
    hal, report = check(HALYARD_WRITTEN, strict=True)
    assert report.ok, [p.render() for p in report.errors]


# ------------------------------------------------------------------ versions and scalar styles


@pytest.mark.parametrize("version", ["''", '"1.26.6"', '"local:1.26.6"', "local:1.28.1", "io-codelab",
                                     "$SPINNAKER_VERSION", "2.24.0"])
def test_version_spellings(version):
    """Halyard wrote '' before a version was picked; gitops copies quote everything or keep
    the `local:` prefix of a locally built BOM; install templates leave a shell variable."""
    hal, _ = clean(halyard("  timezone: America/Chicago\n", version=version))
    assert hal.get("version", "") == version.strip("'\"")


def test_everything_quoted():
    """Some gitops repositories store the file with every scalar double-quoted."""
    text = ('currentDeployment: "default"\ndeploymentConfigurations:\n- name: "default"\n'
            '  version: "1.26.6"\n  providers:\n    kubernetes:\n      enabled: true\n'
            '      accounts:\n      - name: "k8s"\n        providerVersion: "V2"\n'
            '        cacheThreads: 1\n        liveManifestCalls: true\n        onlySpinnakerManaged: "false"\n'
            '      primaryAccount: "k8s"\n  persistentStorage:\n    persistentStoreType: "s3"\n'
            '    s3:\n      bucket: "b"\n      rootFolder: "front50"\n')
    hal, _ = clean(text)
    assert hal["providers"]["kubernetes"]["accounts"][0]["liveManifestCalls"] is True


# ------------------------------------------------------------------ older Halyard files

OLD_HALYARD = halyard("""\
  providers:
    kubernetes:
      enabled: true
      accounts:
      - name: k8s
        providerVersion: V2
        oAuthScopes: []
        oauthScopes: []
        kubeconfigFile: /home/spinnaker/.kube/config
      primaryAccount: k8s
    openstack:
      enabled: false
      accounts: []
      bakeryDefaults:
        baseImages: []
    oraclebmcs:
      enabled: false
      accounts: []
  persistentStorage:
    persistentStoreType: gcs
    gcs:
      bucket: b
      rootFolder: front50
    redis: {}
    oraclebmcs: {}
  features:
    jobs: false
    mineCanary: false
    artifacts: true
""", version="1.9.2")


def test_old_halyard_file_with_an_openstack_block():
    """Halyard wrote an empty openstack block into every config until the provider was removed."""
    hal, report = clean(OLD_HALYARD)
    assert "openstack" not in hal["providers"]
    assert of(report, NOTE, BASE + ("providers", "openstack"))


def test_openstack_block_also_strict_clean():
    _, report = check(OLD_HALYARD, strict=True)
    assert report.ok, [p.render() for p in report.errors]


def test_the_values_schema_accepts_the_openstack_block():
    """What the translator accepts, Helm's schema check must accept too."""
    import json

    import jsonschema
    import yaml

    from conftest import ROOT

    with open(f"{ROOT}/values-schema.json", encoding="utf-8") as handle:
        validator = jsonschema.Draft7Validator(json.load(handle))
    errors = [e.message for e in validator.iter_errors({"halconfig": yaml.safe_load(OLD_HALYARD)})]
    assert errors == []


def test_openstack_accounts_are_dropped_with_a_warning():
    text = ("providers:\n  openstack:\n    enabled: true\n    accounts:\n"
            "    - name: os\n      authUrl: https://keystone.example.test/v3\n")
    hal, report = check(text)
    assert report.ok
    warning, = of(report, WARNING)
    assert warning.path == ("providers", "openstack") and warning.line == 2
    assert "1 account" in warning.message
    assert "openstack" not in (hal.get("providers") or {})


# ------------------------------------------------------------------ operator (SpinnakerService) configs


def test_operator_config_with_armory_blocks():
    """spec.spinnakerConfig.config of a SpinnakerService, with Armory-only settings next to OSS ones."""
    text = halyard("""\
  persistentStorage:
    persistentStoreType: s3
    s3:
      bucket: b
      rootFolder: front50
  armory:
    diagnostics:
      enabled: true
      uuid: 00000000-0000-0000-0000-000000000000
      logging:
        enabled: true
        endpoint: https://debug.example.test/v1/logs
    dinghy:
      enabled: true
      templateOrg: example
      templateRepo: pipelines
      githubToken: not-a-real-token
    terraform:
      enabled: true
  stats:
    enabled: false
    instanceId: fixed-id
  features:
    artifacts: true
  artifacts:
    gitrepo:
      enabled: true
      accounts:
      - name: repo
        token: not-a-real-token
""", version="2.24.0")
    hal, report = clean(text)
    assert "armory" not in hal and of(report, NOTE, BASE + ("armory",))
    assert hal["stats"] == {"enabled": False, "instanceId": "fixed-id"}


def test_kleat_form_with_managed_delivery():
    """A kleat-form halconfig for keel: persistentStoreType next to s3.enabled, placeholders left in."""
    text = """\
providers:
  dockerRegistry:
    enabled: true
    accounts:
    - address: https://index.docker.io
      cacheIntervalSeconds: 30
      name: registry
      permissions: {}
      repositories:
      - <REPO_NAME>
    primaryAccount: registry
  kubernetes:
    enabled: true
    accounts:
    - kubeconfigFile: /var/kubeconfig/config
      name: deploy
timezone: America/Los_Angeles
persistentStorage:
  persistentStoreType: s3
  s3:
    enabled: true
    bucket: <CHANGEME>
    rootFolder: front50
security:
  apiSecurity:
    overrideBaseUrl: http://gate.example.test
managedDelivery:
  enabled: true
  keel:
    plugins:
      ec2:
        enabled: true
      k8s:
        enabled: true
      deliveryConfig:
        enabled: true
features:
  artifacts: true
"""
    # keel stores only in SQL: without persistentStorage.sql the preflight check refuses it
    _, report = check(text)
    assert [p.check for p in report.errors] == ["keel-sql"]
    hal, _ = clean(text.replace("persistentStorage:\n", "persistentStorage:\n  sql:\n    enabled: true\n"))
    assert hal["managedDelivery"]["keel"]["plugins"]["k8s"]["enabled"] is True
    assert hal["persistentStorage"]["s3"]["bucket"] == "<CHANGEME>"


# ------------------------------------------------------------------ integrations


def test_canary_prometheus_and_aws_accounts_as_halyard_lists_them():
    text = halyard("""\
  canary:
    enabled: true
    serviceIntegrations:
    - name: prometheus
      enabled: true
      accounts:
      - name: prom
        endpoint:
          baseUrl: http://prometheus.example.test:9090
        supportedTypes:
        - METRICS_STORE
    - name: aws
      enabled: true
      accounts:
      - name: store
        bucket: canary-bucket
        rootFolder: kayenta
        region: us-west-2
        endpoint: https://s3.example.test
        supportedTypes:
        - CONFIGURATION_STORE
        - OBJECT_STORE
      s3Enabled: true
    reduxLoggerEnabled: true
    defaultMetricsAccount: prom
    defaultStorageAccount: store
    defaultJudge: NetflixACAJudge-v1.0
    defaultMetricsStore: prometheus
    stagesEnabled: true
    templatesEnabled: true
    showAllConfigsEnabled: true
""", version="2.19.8")
    hal, report = clean(text)
    integrations = hal["canary"]["serviceIntegrations"]
    assert integrations["prometheus"]["accounts"][0]["name"] == "prom"
    assert integrations["aws"]["s3Enabled"] is True
    assert of(report, NOTE, BASE + ("canary", "serviceIntegrations"))


def test_ci_notifications_pubsub_and_repository():
    text = halyard("""\
  ci:
    jenkins:
      enabled: true
      masters:
      - name: jenkins
        permissions: {}
        address: https://jenkins.example.test
        username: spin
        password: not-a-real-secret
        csrf: true
    travis:
      enabled: true
      masters:
      - name: travis
        baseUrl: https://travis-ci.example.test
        address: https://api.travis-ci.example.test
        githubToken: not-a-real-token
        permissions: {}
  notifications:
    slack:
      enabled: true
      botName: spinbot
      token: not-a-real-token
    twilio:
      enabled: true
      account: AC0000
      token: not-a-real-token
      from: '+15555550100'
    github-status:
      enabled: true
      token: not-a-real-token
  pubsub:
    enabled: true
    google:
      enabled: true
      pubsubType: GOOGLE
      subscriptions:
      - name: gcs-events
        project: example-project
        subscriptionName: spinnaker-sub
        jsonPath: /secrets/key.json
        ackDeadlineSeconds: 10
        messageFormat: GCS
      publishers: []
  repository:
    artifactory:
      enabled: true
      searches:
      - name: search
        baseUrl: https://artifactory.example.test/artifactory
        repo: helm-local
        repoType: helm
        username: someone
        password: not-a-real-secret
""", version="2.27.0")
    hal, report = clean(text)
    assert hal["notifications"]["githubStatus"]["enabled"] is True
    assert hal["pubsub"]["google"]["subscriptions"][0]["messageFormat"] == "GCS"
    assert hal["repository"]["artifactory"]["searches"][0]["repoType"] == "helm"


def test_providers_beyond_kubernetes():
    text = halyard("""\
  providers:
    aws:
      enabled: true
      primaryAccount: main
      accounts:
      - name: main
        requiredGroupMembership: []
        providerVersion: V1
        permissions: {}
        accountId: '000000000000'
        regions:
        - name: us-west-2
        assumeRole: role/spinnakerManaged
        lifecycleHooks: []
      bakeryDefaults:
        baseImages: []
      accessKeyId: AKIAEXAMPLE
      secretAccessKey: not-a-real-secret
      defaultKeyPairTemplate: '{{name}}-keypair'
      defaultRegions:
      - name: us-west-2
      defaults:
        iamRole: BaseIAMRole
      features:
        cloudFormation:
          enabled: true
    ecs:
      enabled: true
      accounts:
      - name: ecs
        requiredGroupMembership: []
        providerVersion: V1
        permissions: {}
        awsAccount: main
    appengine:
      enabled: true
      accounts:
      - name: gae
        project: example-project
        jsonPath: /secrets/gae.json
        gcloudReleaseTrack: STABLE
        cachingIntervalSeconds: 60
        omitServices: []
        omitVersions: []
      primaryAccount: gae
    google:
      enabled: true
      accounts:
      - name: gce
        project: example-project
        jsonPath: /secrets/gce.json
        alphaListed: false
        imageProjects: []
        consul:
          enabled: false
        regions:
        - us-central1
      primaryAccount: gce
    cloudfoundry:
      enabled: true
      accounts:
      - name: cf
        api: api.sys.example.test
        appsManagerUri: https://apps.sys.example.test
        environment: dev
        providerVersion: V1
        password: not-a-real-secret
        skipSslValidation: true
        user: admin
      primaryAccount: cf
""", version="2.27.0")
    hal, _ = clean(text)
    assert hal["providers"]["aws"]["features"]["cloudFormation"]["enabled"] is True
    assert hal["providers"]["ecs"]["accounts"][0]["awsAccount"] == "main"


# ------------------------------------------------------------------ security


def test_saml_as_halyard_wrote_it():
    text = halyard("""\
  security:
    authn:
      saml:
        enabled: true
        keyStore: /secrets/saml.jks
        keyStoreAliasName: saml
        keyStorePassword: not-a-real-secret
        metadataLocal: /secrets/metadata.xml
        issuerId: com.example.spinnaker
        serviceAddress: https://gate.example.test:8084
        userAttributeMapping:
          roles: memberOf
      enabled: true
""", version="2.24.0")
    hal, report = clean(text)
    saml = hal["security"]["authn"]["saml"]
    assert saml["metadataUrl"] == "/secrets/metadata.xml"
    assert (saml["redirectProtocol"], saml["redirectHostname"], saml["redirectBasePath"]) == \
        ("https", "gate.example.test:8084", "/")


def test_github_oauth_with_github_roles():
    text = halyard("""\
  security:
    authn:
      oauth2:
        enabled: true
        client:
          clientId: client
          clientSecret: not-a-real-secret
          accessTokenUri: https://github.com/login/oauth/access_token
          userAuthorizationUri: https://github.com/login/oauth/authorize
          scope: read:org,user:email
          preEstablishedRedirectUri: https://spinnaker.example.test/api/login
          useCurrentUri: false
        resource:
          userInfoUri: https://api.github.com/user
        userInfoMapping:
          email: email
          firstName: ''
          lastName: name
          username: login
        provider: GITHUB
      enabled: true
    authz:
      enabled: true
      groupMembership:
        service: GITHUB
        github:
          roleProviderType: GITHUB
          accessToken: not-a-real-token
          organization: example-org
          baseUrl: https://api.github.com
""", version="2.24.0")
    hal, report = clean(text)
    assert hal["security"]["authz"]["groupMembership"]["github"]["organization"] == "example-org"
    assert of(report, NOTE, BASE + ("security", "authn", "oauth2", "provider"))


def test_ldap_login_and_ldap_roles():
    text = halyard("""\
  security:
    authn:
      ldap:
        enabled: true
        url: ldap://ldap.example.test:389/dc=example,dc=test
        userDnPattern: cn={0}
      enabled: true
    authz:
      groupMembership:
        service: LDAP
        ldap:
          roleProviderType: LDAP
          url: ldap://ldap.example.test:389/dc=example,dc=test
          managerDn: cn=admin,dc=example,dc=test
          managerPassword: not-a-real-secret
          groupSearchBase: ou=groups
          groupSearchFilter: (member={0})
          groupRoleAttributes: cn
          userDnPattern: cn={0},ou=users
      enabled: true
""", version="1.26.6")
    hal, _ = clean(text)
    assert hal["security"]["authz"]["groupMembership"]["ldap"]["groupRoleAttributes"] == "cn"


def test_ldap_group_keys_under_authn_warn_and_say_where_they_belong():
    """A real file had the role provider's group search keys in the login block."""
    text = halyard("""\
  security:
    authn:
      ldap:
        enabled: true
        url: ldap://ldap.example.test:389/dc=example,dc=test
        userDnPattern: cn={0}
        groupSearchFilter: (member={0})
      enabled: true
""")
    hal, report = check(text)
    assert report.ok
    warning, = of(report, WARNING)
    assert warning.path == BASE + ("security", "authn", "ldap", "groupSearchFilter") and warning.line == 11
    assert "security.authz.groupMembership.ldap" in warning.hint
    assert "groupSearchFilter" not in hal["security"]["authn"]["ldap"]


def test_same_named_list_blocks_are_not_confused():
    """`user` is a wercker field but not a jenkins one: no advice to move it to wercker."""
    text = halyard("""\
  ci:
    jenkins:
      enabled: true
      masters:
      - name: j
        address: https://jenkins.example.test
        user: u
""")
    _, report = check(text)
    warning, = of(report, WARNING)
    assert "wercker" not in warning.hint


def test_jenkins_bearer_token_is_a_known_credential():
    text = halyard("  ci:\n    jenkins:\n      enabled: true\n      masters:\n      - name: j\n"
                   "        address: https://jenkins.example.test\n        token: not-a-real-token\n")
    hal, report = check(text)
    assert report.ok and not of(report, WARNING), report.problems
    assert hal["ci"]["jenkins"]["masters"][0]["token"] == "not-a-real-token"


# ------------------------------------------------------------------ by design: warnings and refusals


def test_account_without_a_name_refused_and_kleat_compat_warns():
    text = halyard("  providers:\n    kubernetes:\n      enabled: true\n      accounts:\n"
                   "      - context: some-context\n")
    _, report = check(text, kleat_compat=True)
    assert report.ok
    warning, = of(report, WARNING)
    assert warning.path == BASE + ("providers", "kubernetes", "accounts", 0, "name")
    _, refused = check(text)
    assert not refused.ok


def test_redis_store_refused_with_path_and_line():
    text = halyard("  persistentStorage:\n    persistentStoreType: redis\n    redis:\n      host: redis\n")
    _, report = check(text)
    error, = report.errors
    assert error.path == BASE + ("persistentStorage", "persistentStoreType") and error.line == 6


def test_duplicate_key_in_an_account_refused():
    text = ("providers:\n  aws:\n    enabled: true\n    accounts:\n    - name: a\n"
            "      permissions: {}\n      accountId: '1'\n      permissions: {}\n")
    error = yaml_refusal(text)
    assert error.path == ("providers", "aws", "accounts", 0, "permissions")
    assert error.line == 8 and "line 6" in error.message


def test_telemetry_next_to_stats_keeps_stats():
    """An operator patch set stats off and Halyard's older telemetry on: stats wins, as in later Halyard."""
    text = halyard("  stats:\n    enabled: false\n  telemetry:\n    enabled: true\n"
                   "    connectionTimeoutMillis: 3000\n")
    hal, report = check(text)
    assert report.ok, report.problems
    assert hal["stats"] == {"enabled": False}
    note, = [p for p in of(report, NOTE) if p.path == BASE + ("telemetry",)]
    assert note.line == 7


@pytest.mark.parametrize("value, line, path", [
    ("{%PROJECT_ID%}", 9, BASE + ("persistentStorage", "gcs", "project")),
    ("{{ project }} // fill in", 9, BASE + ("persistentStorage", "gcs", "project")),
])
def test_unfilled_template_placeholder_refused_with_path_and_line(value, line, path):
    text = halyard("  persistentStorage:\n    persistentStoreType: gcs\n    gcs:\n"
                   f"      bucket: b\n      project: {value}\n      rootFolder: front50\n")
    error = yaml_refusal(text)
    assert error.line == line and error.path == path, error.render()
    assert "placeholder" in error.hint


def test_unfilled_template_in_a_list_item():
    text = ("providers:\n  dockerRegistry:\n    enabled: true\n    accounts:\n    - name: r\n"
            "      repositories:\n      - example/app\n      - {{ repository }} // e.g. team/app\n")
    error = yaml_refusal(text)
    assert error.line == 8
    assert error.path == ("providers", "dockerRegistry", "accounts", 0, "repositories", 1)


def test_terminal_output_refused_with_a_line():
    """`hal config` output saved from a terminal, colour codes and all."""
    text = ("\x1b[0m\n\x1b[32m\x1b[1m+ \x1b[0mGet all deployment configurations\x1b[0m\n"
            "- name: default\n  version: ''\n")
    error = yaml_refusal(text)
    assert error.line == 1 and "U+001B" in error.message and "terminal" in error.hint


def test_control_character_line_counts_after_non_ascii_text():
    text = "timezone: Europe/Zürich\nversion: ‘1.30’\nnotifications: \x07\n"
    error = yaml_refusal(text)
    assert error.line == 3 and error.path == ("notifications",)


def test_list_of_deployments_gets_a_hint():
    """What `hal config` prints is a list of deployments, not a Halyard file."""
    _, report = read([{"name": "default", "version": ""}])
    error, = report.errors
    assert "deploymentConfigurations" in error.hint


# ------------------------------------------------------------------ through the command line


def test_cli_reports_yaml_errors_with_path_and_line(tmp_path, run_cli):
    source = tmp_path / "config"
    source.write_text(halyard("  persistentStorage:\n    gcs:\n      project: {%PROJECT_ID%}\n"))
    result = run_cli("validate", str(source))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    first = result.stderr.splitlines()[0]
    match = re.match(r"^error: (?P<path>\S+) \((?P<file>.+):(?P<line>\d+)\): ", first)
    assert match, first
    assert match.group("path") == "deploymentConfigurations[0].persistentStorage.gcs.project"
    assert match.group("line") == "7"


def test_cli_generates_the_halyard_written_file(tmp_path, run_cli):
    source = tmp_path / "config"
    source.write_text(HALYARD_WRITTEN)
    out = tmp_path / "out"
    # Halyard wrote 1.26.3, older than the supported lines: name the release that runs.
    result = run_cli("generate", "--release", "1.30.0", str(source), str(out))
    assert result.returncode == 0, result.stderr
    # The one warning: the file says 1.26.3, the config is written for 1.30.0.
    assert result.stderr.count("warning") == 1 and "written for Spinnaker 1.30.0" in result.stderr
    assert "Traceback" not in result.stderr
    assert (out / "clouddriver.yml").exists()
