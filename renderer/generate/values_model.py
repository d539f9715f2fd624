"""The chart's values, declared once.

`charts/spinnaker/values.yaml` (defaults with their comments), the values part
of the JSON schema and the values table in `charts/spinnaker/README.md` are all
generated from these declarations (`scripts/generate.py`); the `halconfig`
value is the halconfig model itself (`renderer.model`). Each section is declared in
`renderer/generate/values/`, one module per section; this module assembles them into `Values`.

Per-service facts (ports, sizing, grace periods, which services run when)
come from the one table in `renderer/service_facts.py`, which the chart's
templates read too (its generated copy `charts/spinnaker/files/services.json`).
"""
from __future__ import annotations

from renderer.model import HAL
from renderer.model.dsl import Any, Bool, List, Map, Msg, Str, messages
from renderer.service_facts import BOOTSTRAP_SERVICES
# DEFAULT_JAVA_OPTS, DEFAULT_VERSION, SPLIT_FIELDS and default_resources: for the callers that import them from here.
from .values.workloads import DEFAULT_JAVA_OPTS, ServiceDefaults, default_resources
from .values.tls import ServiceTls
from .values.services import DEFAULT_VERSION, Services, Spinnaker
from .values.ha import Ha, SPLIT_FIELDS
from .values.stores import Credentials, Redis, Storage
from .values.cluster import Application, Expose, NetworkPolicy, Patch, Rbac, Secrets, Tests
from .values.observability import MonitoringDaemon, Observability

message = messages("values")


Values = message(
    "Values", "Values of the spinnaker chart.",
    halconfig=Any("The halconfig: kleat form, or a whole Halyard `~/.hal/config` file.", default={}, model=HAL),
    halconfigDeployment=Str("Halyard files: the deployment to use; empty: `currentDeployment`.", default=""),
    strict=Bool("Refuse unknown halconfig fields instead of ignoring them.", default=False),
    spinnaker=Msg(Spinnaker, "Release and images."),
    serviceDefaults=Msg(ServiceDefaults, "Defaults for all services."),
    services=Msg(Services, "Per-service settings."),
    profiles=Map(Any("Raw Spring config per service, written to `<service>-local.yml` (`spinnaker` -> "
                     "`spinnaker-local.yml`, read by all). An HA split's name (`clouddriver-caching`, "
                     "`echo-scheduler`, ...) is read by that split only, after its service's, as Halyard's "
                     "`<split>-local.yml` profiles were. Halyard's `profiles/spinnakerconfig.yml` is no profile: "
                     "it goes in `bootstrapConfig.spinnaker`.", default={})),
    settingsLocalJs=Str("Deck's `settings-local.js`, appended to the generated settings.", default=""),
    bootstrapConfig=Map(Any(
        "Spring Cloud Config bootstrap files (dynamic accounts from git, S3 or Vault), read by the services whose "
        f"start calls kork's `ConfigServerBootstrap` ({', '.join(BOOTSTRAP_SERVICES)}) from "
        "`/opt/spinnaker/config/`, and always kept in their Secret (they carry git passwords, private keys, "
        "`encrypt.key`). `spinnaker` is `spinnakerconfig.yml` (Halyard's `profiles/spinnakerconfig.yml`), read "
        "by each of them; a service's name is `<service>config.yml`, read by that service over it. A git "
        "`basedir` must be writable in the pod: `/tmp/...` is (the root filesystem is read-only).",
        default={})),
    secrets=Msg(Secrets, "Existing Secrets to mount."),
    ha=Msg(Ha, "High-availability splits."),
    monitoringDaemon=Msg(MonitoringDaemon, "The monitoring sidecar."),
    observability=Msg(Observability, "Prometheus metrics from the services themselves (the Observability plugin)."),
    redis=Msg(Redis, "Redis."),
    storage=Msg(Storage, "Bundled MySQL for front50 and keel."),
    credentials=Msg(Credentials, "The hook that generates the Redis and MySQL passwords."),
    expose=Msg(Expose, "Host, Ingress and TLS."),
    tls=Msg(ServiceTls, "TLS and mutual TLS between the services."),
    rbac=Msg(Rbac, "ServiceAccounts and RBAC."),
    networkPolicy=Msg(NetworkPolicy, "NetworkPolicies."),
    patches=List(Msg(Patch, "Patches applied last by the post-renderer.")),
    extraObjects=List(Any("Extra Kubernetes objects released with the chart (a NetworkPolicy for your scraper, "
                          "an ExternalSecret, a PodMonitor of your own): each a mapping, or a string of YAML, "
                          "rendered through `tpl` so `{{ .Release.Namespace }}` works; the post-renderer passes "
                          "them through untouched.", default=[])),
    tests=Msg(Tests, "helm test."),
    application=Msg(Application, "The app.k8s.io Application object."),
    nameOverride=Str("Replaces the chart name in object names.", default=""),
    fullnameOverride=Str("Replaces the release-chart prefix of object names.", default=""),
    commonLabels=Map(Str("Labels added to every object.", default={})),
    monitorLabels=Map(Str("Labels on every PodMonitor and ServiceMonitor the chart makes "
                          "(`monitoringDaemon.prometheus` and `observability`), e.g. `release: kube-prometheus-stack`: a default "
                          "kube-prometheus-stack's Prometheus selects only monitors labelled with its release name. "
                          "A monitor's own `labels` add to these and win on the same key.", default={})),
    commonAnnotations=Map(Str("Annotations added to the metadata of every object the chart renders (hooks and "
                              "the ConfigMaps and Secrets the post-renderer makes included; an object's own "
                              "annotation of the same key wins); not to pod templates, whose change would restart "
                              "the pods, nor to `extraObjects` or volume claim templates. `helm.sh/hook` keys are "
                              "refused: they would make every object a hook.", default={})),
)
