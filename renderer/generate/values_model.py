"""The chart's values, declared once.

`charts/spinnaker/values.yaml` (defaults with their comments), the values part
of the JSON schema and the values table in `charts/spinnaker/README.md` are all
generated from these declarations (`scripts/generate.py`); the `halconfig`
value is the halconfig model itself (`renderer.model`).

Per-service facts (ports, sizing, grace periods, which services run when)
come from the one table in `renderer/service_facts.py`, which the chart's
templates read too (its generated copy `charts/spinnaker/files/services.json`).
"""
from __future__ import annotations

from renderer.model import HAL
from renderer.read.chartbundle import TLS_MOUNT_PATH
from renderer.model.dsl import Any, Bool, Enum, IntValue, List, Map, Msg, Str, messages
from renderer.releases import DEFAULT as DEFAULT_RELEASE, SUPPORTED
from renderer.service_facts import (BOOTSTRAP_SERVICES, DEFAULT_HEAP_PERCENT, MONITORING_DAEMON_IMAGE,
                                    MONITORING_DAEMON_PORT, OBSERVABILITY_PLUGIN, REDIS_SERVICES, SERVICES,
                                    SQL_ENGINES, Service)

message = messages("values")


def default_resources(facts: Service) -> dict:
    """A service's default resources: its requests, and a memory limit (for the JVMs equal to the
    request, as upstream spinnaker-kustomize sets it: the heap is a percentage of the limit)."""
    return {"requests": {"cpu": facts.cpu, "memory": facts.memory}, "limits": {"memory": facts.memory_limit}}


DEFAULT_VERSION = str(DEFAULT_RELEASE)
# The heap of a Java service: 80% of its memory limit leaves 205 MiB outside the heap at the smallest
# default limit (1Gi), above what a Spinnaker service is estimated to need there (renderer/runtime/jvm.py,
# `non_heap`).
DEFAULT_JAVA_OPTS = f"-XX:MaxRAMPercentage={DEFAULT_HEAP_PERCENT}.0"

Image = message(
    "Image", "Where a container image comes from. Empty fields are derived from `spinnaker.version`.",
    registry=Str("Registry and path prefix, e.g. `ghcr.io/spinnaker`; empty: `spinnaker.registry`."),
    repository=Str("Image name under the registry; empty: the service's name."),
    tag=Str("Image tag; empty: derived from the Spinnaker version."),
    digest=Str("Image digest (`sha256:...`); when set it pins the image and the tag is ignored."),
    release=Str("The Spinnaker release a custom image (another repository, tag or digest) was built from, e.g. "
                "`2026.4.0`. It must be the release that runs (`spinnaker.version`): the config is written for "
                "it, and the post-renderer refuses an image it cannot tell to be that release's otherwise."),
)

Pdb = message(
    "PodDisruptionBudget", "A PodDisruptionBudget for the service's pods.",
    enabled=Bool("Create a PodDisruptionBudget.", default=False),
    minAvailable=Any("Pods that must stay up (a number or a percentage); exclusive with maxUnavailable."),
    maxUnavailable=Any("Pods that may be down at once (a number or a percentage).", default=1),
)
# A service's own PDB settings: empty fields fall back to `serviceDefaults.pdb`, field by field.
PdbOverride = message(
    "PodDisruptionBudgetOverride", "This service's PodDisruptionBudget; empty fields: `serviceDefaults.pdb`.",
    enabled=Bool("Create a PodDisruptionBudget.", default=None),
    minAvailable=Any("Pods that must stay up (a number or a percentage); exclusive with maxUnavailable."),
    maxUnavailable=Any("Pods that may be down at once (a number or a percentage)."),
)


# Probes, strategy and autoscaling are message fields declared with `default={}`: values.yaml shows
# them as `{}` and the chart README as one row listing their keys, so twelve copies of them
# (serviceDefaults and each service) do not bury the values file; the schemas still type every key.
Probe = message(
    "Probe", "A Kubernetes probe of the main container, in part.",
    initialDelaySeconds=IntValue("Seconds after the container starts before the first probe."),
    periodSeconds=IntValue("Seconds between probes."),
    timeoutSeconds=IntValue("Seconds a probe may take before it counts as failed."),
    successThreshold=IntValue("Successes in a row that make a failing probe pass (liveness and startup: 1)."),
    failureThreshold=IntValue("Failures in a row that count as failed."),
    terminationGracePeriodSeconds=IntValue("Liveness and startup probes: the grace period of a pod this probe "
                                           "restarts, instead of the pod's."),
    httpGet=Any("An HTTP handler (`{path, port, scheme, httpHeaders}`), replacing the chart's handler."),
    tcpSocket=Any("A TCP handler (`{port}`), replacing the chart's handler."),
    exec=Any("A command handler (`{command: [...]}`), replacing the chart's handler."),
    grpc=Any("A gRPC handler (`{port, service}`), replacing the chart's handler."),
)


def _probe(key: str, chart: str, defaults: bool):
    if defaults:
        doc = (f"Fields over every service's {key} ({chart}), e.g. only `failureThreshold`; a service's own "
               f"`{key}` fields go over these. A handler (`httpGet`, `tcpSocket`, `exec` or `grpc`) replaces the "
               "chart's, which is kept otherwise.")
    else:
        doc = f"Fields over `serviceDefaults.{key}` and the chart's {key}, one by one."
    return Msg(Probe, doc, default={})


RollingUpdate = message(
    "RollingUpdateDeployment", "How a rolling update replaces the pods.",
    maxSurge=Any("Pods above the desired count during the update (a number or a percentage)."),
    maxUnavailable=Any("Pods below the desired count during the update (a number or a percentage)."),
)
Strategy = message(
    "DeploymentStrategy", "A Kubernetes Deployment strategy.",
    type=Enum(("RollingUpdate", "Recreate"), "`RollingUpdate` (Kubernetes' default) or `Recreate` (every "
                                              "old pod stops before a new one starts)."),
    rollingUpdate=Msg(RollingUpdate, "With `RollingUpdate`: `maxSurge` and `maxUnavailable` (Kubernetes' default: "
                                     "25% each)."),
)


def _workload_fields(defaults: bool) -> dict:
    """Settings shared by `serviceDefaults` and each `services.<name>`.

    In `serviceDefaults` they carry the defaults; in a service they are empty
    and override the default when set.
    """
    d = (lambda value: value) if defaults else (lambda value: None)
    return dict(
        replicas=IntValue("Pod replicas.", default=d(1)),
        resources=Any("Container resources (requests/limits). Each service has its own default: requests, and "
                      "a memory limit (JVMs: equal to the request; their heap is `-XX:MaxRAMPercentage` of the "
                      "limit, so a Java service needs `limits.memory` or an `-Xmx` in `javaOpts`).", default=None),
        javaOpts=Str("JAVA_OPTS for the JVM (Java services).", default=d(DEFAULT_JAVA_OPTS)),
        env=List(Any("Extra environment variables (Kubernetes EnvVar objects).", default=d([]))),
        envFrom=List(Any("Extra envFrom sources (ConfigMapEnvSource/SecretEnvSource).", default=d([]))),
        nodeSelector=Map(Str("Node labels the pods must land on.", default=d({}))),
        tolerations=List(Any("Pod tolerations.", default=d([]))),
        affinity=Any("Pod affinity/anti-affinity rules.", default=d({})),
        topologySpreadConstraints=List(Any("Pod topology spread constraints.", default=d([]))),
        priorityClassName=Str("PriorityClass of the pods.", default=d("")),
        podAnnotations=Map(Str("Annotations on the pods.", default=d({}))),
        podLabels=Map(Str("Extra labels on the pods.", default=d({}))),
        serviceAnnotations=Map(Str("Annotations on the Kubernetes Service.", default=d({}))),
        serviceLabels=Map(Str("Extra labels on the Kubernetes Service.", default=d({}))),
        serviceType=Enum(("", "ClusterIP", "NodePort", "LoadBalancer"),
                         "Kubernetes Service type.", default=d("ClusterIP")),
        loadBalancerSourceRanges=List(Str("With `serviceType: LoadBalancer`: the client CIDRs the load balancer "
                                          "admits (e.g. your office or VPN ranges).", default=d([]))),
        externalTrafficPolicy=Enum(("", "Cluster", "Local"),
                                   "With `serviceType: NodePort` or `LoadBalancer`: `Local` keeps the client's "
                                   "source address (and sends traffic only to nodes running a pod); empty: "
                                   "Kubernetes' default (Cluster).", default=d("")),
        extraVolumes=List(Any("Extra pod volumes.", default=d([]))),
        extraVolumeMounts=List(Any("Extra volume mounts for the service container.", default=d([]))),
        sidecars=List(Any("Extra containers in the pod.", default=d([]))),
        initContainers=List(Any("Init containers of the pod.", default=d([]))),
        hostAliases=List(Any("Extra /etc/hosts entries of the pod (Kubernetes HostAlias objects).", default=d([]))),
        podSecurityContext=Any("Pod securityContext; the default is restricted (non-root, RuntimeDefault seccomp).",
                               default=d({"runAsNonRoot": True, "runAsUser": 10111, "runAsGroup": 10111,
                                          "fsGroup": 10111, "seccompProfile": {"type": "RuntimeDefault"}})),
        securityContext=Any("Container securityContext; the default drops all capabilities.",
                            default=d({"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True,
                                       "capabilities": {"drop": ["ALL"]}})),
        terminationGracePeriodSeconds=IntValue("Seconds a pod gets to shut down.", default=None),
        pdb=Msg(Pdb if defaults else PdbOverride, "PodDisruptionBudget settings."),
        startupProbe=_probe("startupProbe", "Java services: TCP, every 10 s, 60 failures, so 10 minutes to start; "
                                            "deck: none, a handler adds one", defaults),
        readinessProbe=_probe("readinessProbe", "Java services: GET `/health`, every 10 s, 5 s timeout, 3 "
                                                "failures; deck: TCP", defaults),
        livenessProbe=_probe("livenessProbe", "TCP, every 20 s, 6 failures", defaults),
        strategy=Msg(Strategy, "The Deployment's rollout strategy, `{type: RollingUpdate, rollingUpdate: {maxSurge, "
                               "maxUnavailable}}` or `{type: Recreate}`; a service's own replaces this whole. "
                               "Empty: Kubernetes' default (RollingUpdate, 25% each)." if defaults else
                               "The Deployment's rollout strategy; empty: `serviceDefaults.strategy`.", default={}),
    )


ServiceDefaults = message("ServiceDefaults", "Defaults for every Spinnaker service.", **_workload_fields(True))


Autoscaling = message(
    "Autoscaling", "A HorizontalPodAutoscaler (autoscaling/v2) for the service's Deployment, or each of its HA "
                   "splits the facts table lets scale. The Deployment then has no `replicas`, so an upgrade keeps "
                   "the autoscaler's count (turning it on, Kubernetes resets the count to 1 once, until the "
                   "autoscaler acts). The targets are percentages of the containers' requests.",
    enabled=Bool("Create the HorizontalPodAutoscaler; the Deployment then has no `replicas` of its own."),
    minReplicas=IntValue("Fewest replicas; empty: 1."),
    maxReplicas=IntValue("Most replicas; required."),
    targetCPUUtilizationPercentage=IntValue("Average CPU use to keep, as a percentage of the CPU request; empty "
                                            "(and no memory target): 80."),
    targetMemoryUtilizationPercentage=IntValue("Average memory use to keep, as a percentage of the memory request "
                                               "(a JVM seldom gives memory back, so this mostly scales out)."),
)


def _autoscaling_doc(facts: Service) -> str:
    """What `services.<name>.autoscaling` does for this service, from its `scales` fact."""
    scaling = [split.name for split in facts.splits if not split.no_scale_reason]
    if facts.no_scale_reason:
        refused = f"Refused without `ha.{facts.name}.enabled`: " if scaling else "Refused: "
        return refused + facts.no_scale_reason + "."
    doc = "A HorizontalPodAutoscaler instead of `replicas`"
    return doc + (f"; with `ha.{facts.name}.enabled`, one per split." if facts.splits else ".")


# TLS between the services (`tls`, `services.<name>.tls`).
_CLIENT_AUTH = ("none", "want", "need")


def _tls_fields(defaults: bool) -> dict:
    """The key and trust store settings of `tls` (defaults) and of `services.<name>.tls` (empty: `tls`'s)."""
    d = (lambda value: value) if defaults else (lambda value: None)
    inherit = "" if defaults else " Empty: `tls`'s."
    return dict(
        secretName=Str("Existing Secret (in the release namespace) holding the key store and the trust store as "
                       f"keys; mounted read-only at `{TLS_MOUNT_PATH}` in the pods that use it." + inherit,
                       default=d("")),
        keyStoreKey=Str("Its key holding the key store (the service's certificate and private key; also its client "
                        "certificate when it calls the other services)." + inherit, default=d("keystore.p12")),
        keyStoreType=Str("Format of the key store: `PKCS12` or `JKS`." + inherit, default=d("PKCS12")),
        keyStorePasswordKey=Str("Key (in `passwordSecretName`) holding the key store's password; with PKCS12 or "
                                "Tomcat, also the key entry's password." + inherit, default=d("keystore-password")),
        keyAlias=Str("Alias of the key entry to serve, when the key store holds several; empty: the only one."
                     + inherit, default=d("")),
        trustStoreKey=Str("Its key holding the trust store (the CA certificates that signed the services' "
                          "certificates): the services verify each other with it, and under client auth the "
                          "callers' certificates too. Empty: none (a public CA the JVM trusts; no client "
                          "certificates are sent then)." + inherit, default=d("truststore.p12")),
        trustStoreType=Str("Format of the trust store: `PKCS12` or `JKS`." + inherit, default=d("PKCS12")),
        trustStorePasswordKey=Str("Key (in `passwordSecretName`) holding the trust store's password." + inherit,
                                  default=d("truststore-password")),
        passwordSecretName=Str("Secret holding the passwords, when not `secretName` (e.g. cert-manager's "
                               "`passwordSecretRef`)." + inherit, default=d("")),
        clientAuth=Enum(_CLIENT_AUTH if defaults else ("",) + _CLIENT_AUTH,
                        "Whether a service asks its callers for a client certificate: `none`, `want` (optional) "
                        "or `need` (mandatory: mutual TLS; the kubelet's probes present none, so /health then "
                        "moves to `tls.managementPort`)." + inherit, default=d("none")),
    )


ServiceTls = message(
    "ServiceTls", "TLS between the services, with a key store and a trust store from an existing Secret. The chart "
                  "mounts them, writes Spring Boot's `server.ssl` and kork's `ok-http-client` stores into each "
                  "service's `helm` profile (passwords as `${...}` filled from the Secret), switches the Services, "
                  "probes, `helm test` and every caller's URL to https, and under `clientAuth: need` serves "
                  "/health on `managementPort` over HTTPS without client auth. See the README, \"TLS between "
                  "services\".",
    enabled=Bool("Every Java service serves HTTPS with these stores (a service's own `services.<name>.tls.enabled` "
                 "decides for it). Deck needs PEM files: `services.deck.tls`.", default=False),
    **_tls_fields(True),
    managementPort=IntValue("Under `clientAuth: need`: the port /health and the actuator endpoints move to "
                            "(`management.server.port`, HTTPS without client auth), which the probes, `helm test` "
                            "and the scrapers use. A profile's own `management.server.port` wins.", default=8081),
)
ServiceTlsOverride = message(
    "ServiceTlsOverride", "This service's TLS; empty fields: `tls`'s.",
    enabled=Bool("Serve HTTPS; empty (null): `tls.enabled`.", default=None),
    **_tls_fields(False),
)
DeckTls = message(
    "DeckTls", "Deck's own HTTPS (its Apache reads PEM files; Halyard's `security.uiSecurity.ssl`), from an "
               "existing Secret such as a `kubernetes.io/tls` one, mounted read-only at "
               f"`{TLS_MOUNT_PATH}`.",
    enabled=Bool("Serve Deck over HTTPS with the certificate below.", default=None),
    secretName=Str("Existing Secret holding the certificate and its private key.", default=""),
    certificateKey=Str("Its key holding the PEM certificate (chain).", default="tls.crt"),
    privateKeyKey=Str("Its key holding the PEM private key (unencrypted).", default="tls.key"),
)


def _service(facts: Service):
    name = facts.name
    fields = dict(
        enabled=Bool(f"Run {name}. Empty (null): derived from the halconfig." if facts.enabled_when
                     else f"Run {name}.", default=None if facts.enabled_when else True),
        image=Msg(Image, "Image override for this service."),
        port=IntValue("Container and Service port.", default=facts.port),
        nodePort=IntValue(f"With `serviceType: NodePort` or `LoadBalancer`: the node port of {name}'s main "
                          "Service (HA split Services get one assigned); empty: assigned by Kubernetes.",
                          default=None),
        serviceAccountName=Str(f"Name of {name}'s ServiceAccount. With `rbac.create` the chart creates it under "
                               f"this name (empty: `<fullname>-{name}`); without, an existing account (empty: "
                               "the namespace's `default`).", default=""),
        serviceAccountAnnotations=Map(Str(f"Annotations on {name}'s ServiceAccount only, over "
                                          "`rbac.serviceAccountAnnotations` (e.g. its own IRSA role or GKE/Azure "
                                          "workload identity).", default={})),
    )
    fields.update(_workload_fields(False))
    fields["autoscaling"] = Msg(Autoscaling, _autoscaling_doc(facts), default={})
    fields["tls"] = (Msg(ServiceTlsOverride, f"{name}'s own TLS settings over `tls` (e.g. its own certificate, or "
                                             "`enabled` for it alone).", default={}) if facts.java else
                     Msg(DeckTls, "Deck's HTTPS from a Secret of PEM files.", default={}))
    fields["resources"].default = default_resources(facts)
    if facts.grace != 30:
        fields["terminationGracePeriodSeconds"].default = facts.grace
    if facts.java_opts:
        fields["javaOpts"].default = facts.java_opts
    if not facts.java:
        del fields["javaOpts"]
    if facts.run_as:
        fields["podSecurityContext"].default = {"runAsNonRoot": True, "runAsUser": facts.run_as,
                                                "runAsGroup": facts.run_as, "fsGroup": facts.run_as,
                                                "seccompProfile": {"type": "RuntimeDefault"}}
    if facts.writable_root:
        fields["securityContext"].default = {"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": False,
                                             "capabilities": {"drop": ["ALL"]}}
    return Msg(message(f"Service_{name}", facts.doc, **fields), facts.doc)


Services = message("Services", "Per-service settings; anything unset falls back to `serviceDefaults`.", by_name=True,
                   **{name: _service(facts) for name, facts in SERVICES.items()})

Spinnaker = message(
    "SpinnakerRelease", "Which Spinnaker release runs, and where its images come from.",
    version=Str(f"Spinnaker release: `YYYY.N.P` (ghcr.io images) or `1.x.y` (legacy registry). Empty: the "
                f"halconfig's `version` when it names a supported release (Halyard's `local:` prefix dropped), "
                f"else {DEFAULT_VERSION}. A halconfig `version` that differs is a warning: this one runs. The "
                f"configs are written for this release; supported: {SUPPORTED}.", default=""),
    registry=Str("Registry override for every Spinnaker image (air-gapped mirrors), e.g. "
                 "`registry.example.com/spinnaker`.", default=""),
    imagePullPolicy=Enum(("IfNotPresent", "Always", "Never"), "Image pull policy.", default="IfNotPresent"),
    imagePullSecrets=List(Any("Pull secrets for every pod (`[{name: regcred}]`).", default=[])),
)

# The `services.<name>` settings an HA split may set for itself (`ha.<service>.splits.<key>`), declared by
# `_workload_fields` once for both. Each replaces the service's value whole when set (non-empty), as
# Halyard's per-split settings did: its distributed Kubernetes deployer took a split's tolerations,
# affinity, sidecars, init containers and host aliases from `deploymentEnvironment.<field>[spin-<split>]`
# when that list was non-empty, else the service's entry, never a merge of both
# (halyard/halyard-deploy/src/main/java/com/netflix/spinnaker/halyard/deploy/spinnaker/v1/service/distributed/
# kubernetes/v2/KubernetesV2Service.java, getTolerations/getAffinity/getSidecarConfigs/getInitContainers/
# getHostAliases, at spinnaker-release-2025.0.0), and a split's service-settings file
# (`service-settings/clouddriver-rw.yml`, SpinnakerService.getDefaultServiceSettings) replaced Halyard's own
# field by field (ServiceSettings.mergePreferThis: a field the file sets wins whole). What the Service,
# PodDisruptionBudget, probes and rollout strategy use stays per service.
SPLIT_FIELDS = ("replicas", "resources", "javaOpts", "env", "envFrom", "nodeSelector", "tolerations", "affinity",
                "topologySpreadConstraints", "priorityClassName", "podAnnotations", "podLabels", "extraVolumes",
                "extraVolumeMounts", "sidecars", "initContainers", "hostAliases", "terminationGracePeriodSeconds")


def _split(facts: Service, split) -> Msg:
    """`ha.<service>.splits.<key>`: the split's own pod settings, each over the service's."""
    name, key = facts.name, split.key
    fields = {}
    for field, declared in _workload_fields(False).items():
        if field not in SPLIT_FIELDS:
            continue
        if field == "replicas":
            declared.doc = f"Replicas of {split.name}; empty: `ha.{name}.{key}`."
        elif field == "resources":
            declared.doc = (f"Container resources of {split.name}; empty: `ha.{name}.resources.{key}` (the "
                            f"older place), then `services.{name}.resources`, then `serviceDefaults`.")
        else:
            declared.doc += f" Empty: `services.{name}.{field}`, then `serviceDefaults.{field}`."
        fields[field] = declared
    settings = message(f"HaSplit_{split.name}", "Pod settings of one HA split.", **fields)
    return Msg(settings, f"{split.name}'s own settings.", default={})


def _splits(facts: Service) -> Msg:
    name = facts.name
    return Msg(message(f"HaSplits_{name}", f"Per-split pod settings of {name}.",
                       **{split.key: _split(facts, split) for split in facts.splits}),
               f"Per-split pod settings (Halyard's `service-settings/{facts.splits[0].name}.yml` and per-split "
               f"`deploymentEnvironment` entries): each of {', '.join(f'`{f}`' for f in SPLIT_FIELDS)} set on a "
               f"split replaces `services.{name}`'s whole, as Halyard did (a list is not merged: repeat the "
               f"entries the split shares); empty, the split has `services.{name}`'s, then `serviceDefaults`'.")


_SPLIT_RESOURCES = ("Container resources of {}; empty: `services.{}.resources` (then `serviceDefaults`). Kept for "
                    "existing values: `ha.{}.splits.{}.resources` wins over it.")


def _split_resources(facts: Service, doc: str) -> Msg:
    return Msg(message(f"Ha{facts.name.capitalize()}Resources", doc,
                       **{split.key: Any(_SPLIT_RESOURCES.format(split.name, facts.name, facts.name, split.key))
                          for split in facts.splits}), "Resources per split.")


_CLOUDDRIVER, _ECHO = SERVICES["clouddriver"], SERVICES["echo"]
HaClouddriver = message(
    "HaClouddriver", "Split clouddriver into caching, read-write, read-only and UI read-only deployments.",
    enabled=Bool("Run the clouddriver splits instead of one clouddriver.", default=False),
    caching=IntValue("Replicas of clouddriver-caching.", default=1),
    rw=IntValue("Replicas of clouddriver-rw.", default=1),
    ro=IntValue("Replicas of clouddriver-ro.", default=1),
    roDeck=IntValue("Replicas of clouddriver-ro-deck.", default=1),
    redisRoUrl=Str("Read replica Redis for the read-only splits (`redis://host:6379`); empty: the main Redis.",
                   default=""),
    resources=_split_resources(_CLOUDDRIVER, "Resources per clouddriver split (Halyard's `customSizing` per split)."),
    splits=_splits(_CLOUDDRIVER),
)
HaEcho = message(
    "HaEcho", "Split echo into a scheduler (cron triggers) and workers.",
    enabled=Bool("Run echo-scheduler and echo-worker instead of one echo.", default=False),
    scheduler=IntValue("Replicas of echo-scheduler (keep 1).", default=1),
    worker=IntValue("Replicas of echo-worker.", default=1),
    resources=_split_resources(_ECHO, "Resources per echo split (Halyard's `customSizing` per split)."),
    splits=_splits(_ECHO),
)
Ha = message("HighAvailability", "Halyard's high-availability service splits, wired as Halyard wired them.",
             clouddriver=Msg(HaClouddriver, "clouddriver splits."), echo=Msg(HaEcho, "echo splits."))

# Third-party images, pinned to exact tags so an upgrade of the chart is the only thing that changes them.
REDIS_IMAGE = "docker.io/library/redis:7.4.5-alpine"
MYSQL_IMAGE = "docker.io/library/mysql:8.4.5"
# A kubectl with a shell (the hook script needs `sh`, `tr` and `head`); registry.k8s.io/kubectl has none.
CREDENTIALS_IMAGE = "docker.io/alpine/k8s:1.34.1"
BUSYBOX_IMAGE = "docker.io/library/busybox:1.37.0"

def _placement(what: str) -> dict:
    """Scheduling of one of the chart's own pods (Redis, MySQL, the credentials hook, the test Pod):
    each empty setting falls back to `serviceDefaults`, so a cluster of tainted nodes is one setting."""
    return dict(
        nodeSelector=Map(Str(f"Node labels {what} must land on; empty: `serviceDefaults.nodeSelector`.", default={})),
        tolerations=List(Any(f"Tolerations of {what}; empty: `serviceDefaults.tolerations`.", default=[])),
        affinity=Any(f"Affinity of {what}; empty: `serviceDefaults.affinity`.", default={}),
        priorityClassName=Str(f"PriorityClass of {what}; empty: `serviceDefaults.priorityClassName`.", default=""),
        podAnnotations=Map(Str(f"Annotations on {what}'s pod.", default={})),
    )


Redis = message(
    "Redis", f"Redis used by {', '.join(REDIS_SERVICES[:-1])} and {REDIS_SERVICES[-1]}. orca keeps pipeline "
             "executions there: the bundled one keeps its data on a PersistentVolumeClaim by default.",
    enabled=Bool("Run a bundled Redis. Ignored when `externalUrl` is set.", default=True),
    externalUrl=Str("An external Redis (`redis://host:6379`, no password: give that in `existingSecret`); "
                    "disables the bundled one. A password written into the URL is kept out of ConfigMaps, but "
                    "`existingSecret` keeps it out of your values too.", default=""),
    existingSecret=Str("Secret with key `redis-password`: the password of the bundled Redis, or of the external "
                       "one. Empty: the bundled Redis uses the generated `<fullname>-credentials` Secret (made "
                       "once by a pre-install hook and never changed); an external Redis then has no password.",
                       default=""),
    image=Str("Bundled Redis image.", default=REDIS_IMAGE),
    resources=Any("Bundled Redis resources (memory limit = request).",
                  default={"requests": {"cpu": "100m", "memory": "512Mi"}, "limits": {"memory": "512Mi"}}),
    persistence=Bool("Keep Redis data (append-only file) on a PersistentVolumeClaim of a StatefulSet; false: an "
                     "emptyDir, lost with the pod.", default=True),
    storageSize=Str("Size of the Redis volume (fixed once created: StatefulSet volume claims cannot change).",
                    default="8Gi"),
    storageClassName=Str("StorageClass of the Redis volume; empty: the cluster default.", default=""),
    **_placement("the bundled Redis"),
)

SqlDatabase = message(
    "SqlDatabase", "One service's database and user on `storage.external`; empty: the service's name.",
    database=Str("Database (schema) name."),
    user=Str("User the service connects as (also runs its schema migrations)."),
)

SqlServices = message(
    "SqlServices", "Services that keep their state in SQL instead of Redis (front50: `storage.bundled`; "
                   "keel always does).",
    orca=Bool("orca keeps pipeline executions, its work queue and pending executions in SQL. Executions "
              "stored in Redis before the switch are not moved: see the README, \"SQL storage\".",
              default=False),
    clouddriver=Bool("clouddriver keeps its cache, tasks and agent scheduling in SQL (the cache is rebuilt "
                     "after the switch).", default=False),
)

# The database password keys of the SQL Secrets, one per service with SQL facts.
_SQL_KEYS = ", ".join(f"`{s.sql['secretKey']}` ({name})" for name, s in SERVICES.items() if s.sql)

# Services that can keep their state on each engine (service_facts: `sql.engines`).
_ON_ENGINE = {engine: ", ".join(name for name, s in SERVICES.items() if s.sql and engine in s.sql["engines"])
              for engine in SQL_ENGINES}
_PORTS = ", ".join(f"{e['port']} for {e['name']}" for e in SQL_ENGINES.values())

ExternalSql = message(
    "ExternalSql", "Your own MySQL or PostgreSQL server (RDS, Cloud SQL, Aurora, a DBA's cluster) instead of the "
                   "bundled MySQL, for every service in SQL. Create each service's database and user first (README, "
                   "\"SQL storage\"); the chart then runs no MySQL and generates no database passwords.",
    host=Str("Host name of the server; set, every database in SQL is on it.", default=""),
    engine=Enum(tuple(SQL_ENGINES), f"What the server speaks. `mysql`: {_ON_ENGINE['mysql']}; `postgresql`: "
                                    f"{_ON_ENGINE['postgresql']} (keel's image has MySQL's driver only: with keel "
                                    "running, give it a MySQL database in the halconfig's `persistentStorage.sql`).",
                default="mysql"),
    port=IntValue(f"Port of the server; empty: the engine's ({_PORTS})."),
    parameters=Str("JDBC URL parameters appended after `?`, e.g. `sslMode=VERIFY_IDENTITY` (MySQL Connector/J) or "
                   "`sslmode=verify-full` (PostgreSQL's driver).", default=""),
    existingSecret=Str("Secret with each service's password, under the keys of the generated Secret: "
                       f"{_SQL_KEYS}. Required with `host`.", default=""),
    databases=Map(Msg(SqlDatabase, "A service's database and user.")),
)

Storage = message(
    "Storage", "SQL storage: front50's store when the halconfig names none, keel's database, and orca's and "
               "clouddriver's when `storage.sql` says so; on the bundled MySQL or `storage.external`.",
    bundled=Enum(("auto", "true", "false"),
                 "front50 and keel in the chart's SQL database (the bundled MySQL, or `storage.external`). "
                 "`auto`: front50 when the halconfig enables no persistent store, keel when it runs "
                 "without `persistentStorage.sql`; `true`: always, front50 included; `false`: never (keel "
                 "then needs `persistentStorage.sql`).", default="auto"),
    sql=Msg(SqlServices, "orca and clouddriver in SQL."),
    external=Msg(ExternalSql, "Your own MySQL or PostgreSQL server."),
    image=Str("Bundled MySQL image.", default=MYSQL_IMAGE),
    storageSize=Str("Size of the MySQL volume.", default="8Gi"),
    storageClassName=Str("StorageClass of the MySQL volume; empty: the cluster default.", default=""),
    existingSecret=Str(f"Secret for the bundled MySQL with keys `root-password` and {_SQL_KEYS} (a service whose "
                       "key is missing gets no database): use it instead of the generated `<fullname>-credentials` "
                       "(GitOps users who cannot run Helm hooks). MySQL creates each database and user when it "
                       "starts and never changes a password it already has.",
                       default=""),
    resources=Any("Bundled MySQL resources (memory limit = request).",
                  default={"requests": {"cpu": "250m", "memory": "768Mi"}, "limits": {"memory": "768Mi"}}),
    **_placement("the bundled MySQL"),
)

Credentials = message(
    "Credentials", "The pre-install/pre-upgrade hook that creates `<fullname>-credentials` (Redis and MySQL "
                   "passwords) when it is missing. It never changes or deletes an existing one, so renders stay "
                   "byte-identical and upgrades keep the passwords. Not run when every password comes from "
                   "`redis.existingSecret` / `storage.existingSecret`.",
    image=Str("Image of the hook Job (needs `kubectl` and a POSIX shell).", default=CREDENTIALS_IMAGE),
    resources=Any("Resources of the hook Job (memory limit = request).",
                  default={"requests": {"cpu": "10m", "memory": "128Mi"}, "limits": {"memory": "128Mi"}}),
    **_placement("the hook Job"),
)

Tls = message("ExposeTls", "TLS on the Ingress.",
              enabled=Bool("Serve https on the Ingress.", default=False),
              secretName=Str("TLS Secret for the host; empty: `<release>-spinnaker-tls`.", default=""))
Ingress = message("ExposeIngress", "The Ingress for Deck and Gate.",
                  enabled=Bool("Create an Ingress (needs `expose.host`).", default=True),
                  className=Str("IngressClass name; empty: the cluster default.", default=""),
                  annotations=Map(Str("Annotations on the Ingress (e.g. cert-manager issuer).", default={})),
                  pathType=Enum(("Prefix", "ImplementationSpecific"),
                                "pathType of every path of the Ingress (`ImplementationSpecific`: as the ingress "
                                "controller reads paths).", default="Prefix"),
                  extraHosts=List(Str("Further host names the Ingress serves as it serves `host` (in subdomain "
                                      "mode Gate at `<gateSubdomain>.<extra host>`). Deck's gateUrl, Gate's "
                                      "redirects and CORS stay on `host`, so Deck served on an extra host calls "
                                      "Gate on `host`: fit for API clients and aliases; give their certificates "
                                      "in `extraTls`.", default=[])),
                  extraTls=List(Any("Further `spec.tls` entries (`{hosts: [...], secretName}`), after the one "
                                    "`expose.tls` makes, e.g. for `extraHosts`.", default=[])))
Expose = message(
    "Expose", "How users reach Spinnaker. Set `host` once: the Ingress, Deck's gateUrl, Gate's redirects "
              "and CORS, and both overrideBaseUrls are derived from it unless the halconfig sets them.",
    host=Str("Public host name, e.g. `spinnaker.example.com`. Empty: reach Deck and Gate with "
             "`kubectl port-forward`.", default=""),
    tls=Msg(Tls, "TLS settings."),
    ingress=Msg(Ingress, "Ingress settings."),
    gate=Enum(("path", "subdomain"), "Serve Gate under `host`/`gatePath` (path) or at `gateSubdomain`.`host`.",
              default="path"),
    gatePath=Str("Path Gate is served under in path mode.", default="/api/v1"),
    gateSubdomain=Str("Subdomain for Gate in subdomain mode.", default="api"),
)

ClouddriverRbac = message(
    "ClouddriverRbac", "clouddriver's access to the cluster Spinnaker runs in.",
    access=Enum(("none", "namespace", "cluster"),
                "`none`: no access; `namespace`: manage the release namespace (for a kubernetes account "
                "with `serviceAccount: true`); `cluster`: a ClusterRole over the whole cluster.",
                default="none"),
    namespaces=List(Str("With `namespace`: further namespaces clouddriver may manage.", default=[])),
)
Rbac = message(
    "Rbac", "ServiceAccounts and RBAC. Never cluster-admin.",
    create=Bool("Create one ServiceAccount per service.", default=True),
    serviceAccountAnnotations=Map(Str("Annotations on every ServiceAccount the chart creates; a service's own "
                                      "go in `services.<name>.serviceAccountAnnotations` (an IRSA role belongs to "
                                      "the one service that needs it).", default={})),
    clouddriver=Msg(ClouddriverRbac, "clouddriver's own-cluster access."),
    kubernetesSecrets=Map(Any(
        "Per service (`clouddriver`, `gate`, ...), the Secrets in the release namespace whose keys its config "
        "refers to as `encrypted:k8s!n:<secret>!k:<key>` (read by the services since 2026.1.0, which the "
        "renderer switches on with `spinnaker.secrets.kubernetes.enabled` where a file refers to one). Each "
        "listed service gets a Role allowing `get` on exactly these Secrets, bound to its ServiceAccount, and "
        "its ServiceAccount token mounted; other services get nothing. E.g. `{clouddriver: [kubeconfigs]}`.",
        default={})),
)

_SECRET_SERVICES = ("Services that get it (`clouddriver`, `gate`, ..., `deck`; HA splits follow their service). "
                    "Empty: derived by the post-renderer, the services whose config refers to it{}.")
SecretFiles = message(
    "SecretFiles", "An existing Secret whose keys are mounted as files in `/var/secrets`, so the halconfig can "
                   "say e.g. `kubeconfigFile: /var/secrets/kubeconfig`.",
    secretName=Str("Name of the Secret (in the release namespace).", required=True),
    keys=List(Str("Its keys the config refers to (`/var/secrets/<key>`); empty: any `/var/secrets/` path "
                  "counts as a reference to this Secret.", default=[])),
    services=List(Str(_SECRET_SERVICES.format(" (a `/var/secrets/...` path in its translated config, profiles "
                                              "or `services.<name>.env`)"), default=[])),
)
SecretEnv = message(
    "SecretEnv", "An environment variable from an existing Secret's key, for Spring `${NAME}` placeholders.",
    name=Str("Variable name, e.g. `OAUTH_CLIENT_SECRET`.", required=True),
    secretName=Str("Name of the Secret.", required=True),
    key=Str("Key in the Secret.", required=True),
    services=List(Str(_SECRET_SERVICES.format(" (a `${NAME}` placeholder in its translated config or profiles)"),
                      default=[])),
)
Secrets = message(
    "Secrets", "Credentials kept out of values: existing Secrets the halconfig refers to by file or env. Each "
               "reaches only the services that need it (derived from the config, or listed), so changing one "
               "rolls only those.",
    files=List(Msg(SecretFiles, "Existing Secrets mounted as files in `/var/secrets`, each as `{secretName, keys, "
                                "services}`: only in the services whose config refers to `/var/secrets/<key>` "
                                "(or those listed).")),
    env=List(Msg(SecretEnv, "Env vars from Secret keys, each as `{name, secretName, key, services}`: only in the "
                            "services whose config uses `${name}` (or those listed).")),
)

NetworkPolicy = message(
    "NetworkPolicy", "NetworkPolicies admitting only Spinnaker's own traffic; Redis and MySQL only from "
                     "the services that use them.",
    enabled=Bool("Create the NetworkPolicies (they need a CNI that enforces them).", default=True),
    ingressFrom=List(Any("Peers (NetworkPolicyPeer) allowed to reach Deck and Gate, e.g. the ingress "
                         "controller's namespace; empty: anyone.", default=[])),
    egress=List(Any("Extra egress rules (NetworkPolicyEgressRule) for the services (cloud APIs, CI, "
                    "registries); empty: any egress.", default=[])),
    metricsFrom=List(Any("Peers (NetworkPolicyPeer) allowed to scrape, e.g. your Prometheus's namespace. For the "
                         "monitoring daemons (`monitoringDaemon.prometheus`): their `metrics` port; empty: any pod "
                         "in the cluster. For `observability`: the services' own port, which serves their API too, "
                         "so it must be set when those are scraped.", default=[])),
)

Patch = message(
    "Patch", "One break-glass patch applied by the post-renderer after everything else.",
    target=Any("Which objects: `{kind, name}` (name may be omitted for all of that kind).", required=True),
    type=Enum(("strategic", "json6902"), "Patch type.", default="strategic"),
    patch=Any("The patch: a partial object (strategic) or a list of JSON-patch operations (json6902).",
              required=True),
)

Tests = message("HelmTests", "`helm test` hooks.",
                enabled=Bool("Render a test Pod that checks every enabled service's health.", default=True),
                image=Str("Image of the test Pod (needs `wget`).", default=BUSYBOX_IMAGE),
                resources=Any("Resources of the test Pod.",
                              default={"requests": {"cpu": "10m", "memory": "16Mi"},
                                       "limits": {"cpu": "100m", "memory": "64Mi"}}),
                **_placement("the test Pod"))

Application = message(
    "Application", "An `Application` object (app.k8s.io/v1beta1) naming the release's components, for dashboards "
                   "and tools that read it.",
    enabled=Bool("Render it; needs the Application CRD (kubernetes-sigs/application) in the cluster.", default=False),
    descriptor=Map(Any("Extra `spec.descriptor` fields (owners, maintainers, notes, icons).", default={})),
)
PodMonitor = message(
    "PodMonitor", "A Prometheus Operator PodMonitor (monitoring.coreos.com/v1).",
    enabled=Bool("Create the PodMonitor (needs the Prometheus Operator's CRDs).", default=False),
    interval=Str("Scrape interval, e.g. `30s`; empty: Prometheus' own.", default=""),
    labels=Map(Str("Extra labels on this PodMonitor, over `monitorLabels` (which every monitor gets).",
                   default={})),
)
ServiceMonitor = message(
    "ServiceMonitor", "A Prometheus Operator ServiceMonitor (monitoring.coreos.com/v1), scraping through the "
                      "Services, for Prometheus setups that select ServiceMonitors only.",
    enabled=Bool("Create the ServiceMonitor (needs the Prometheus Operator's CRDs).", default=False),
    interval=Str("Scrape interval, e.g. `30s`; empty: Prometheus' own.", default=""),
    labels=Map(Str("Extra labels on this ServiceMonitor, over `monitorLabels` (which every monitor gets).",
                   default={})),
)
DaemonPrometheus = message(
    "DaemonPrometheus", f"Prometheus scraping of the daemons' `/prometheus_metrics` (port `metrics`, {MONITORING_DAEMON_PORT}). The "
                        "daemon serves it when the halconfig enables `metricStores.prometheus` without a "
                        "`push_gateway`; the chart refuses these settings otherwise.",
    podAnnotations=Bool("Add `prometheus.io/scrape`, `prometheus.io/port` and `prometheus.io/path` to the pods "
                        "that run the daemon (for annotation-based scrape configs).", default=False),
    podMonitor=Msg(PodMonitor, "The PodMonitor."),
    serviceMonitor=Msg(ServiceMonitor, "The ServiceMonitor."),
)

Observability = message(
    "Observability", "Prometheus metrics served by the services themselves, on their own port, through the "
                     f"Observability plugin (`{OBSERVABILITY_PLUGIN['id']}`, armory-plugins, Apache 2.0) at "
                     f"`/{OBSERVABILITY_PLUGIN['endpoint']}` (Gate: under `expose.gatePath`): no sidecar, and it "
                     "works with current images. The plugin goes into " + ", ".join(OBSERVABILITY_PLUGIN["services"])
                     + " (the services it declares; keel is not one) and is downloaded by each pod at start, so "
                     "the pods need egress to the repository. Its metric names differ from the monitoring daemon's.",
    enabled=Bool("Load the plugin in those services and expose its endpoint.", default=False),
    pluginVersion=Str("The plugin version; empty: the one for the release (the last 1.x, "
                      f"{OBSERVABILITY_PLUGIN['springBoot2Version']}, before "
                      f"{OBSERVABILITY_PLUGIN['springBoot3From']}; from {OBSERVABILITY_PLUGIN['springBoot3From']} on, "
                      "Spring Boot 3, the repository's newest). Pin it for repeatable starts.", default=""),
    repositoryUrl=Str("The plugin repository index (`repositories.json`); set your mirror's for clusters without "
                      "internet access.", default=OBSERVABILITY_PLUGIN["url"]),
    podAnnotations=Bool("Add `prometheus.io/scrape`, `prometheus.io/port`, `prometheus.io/path` (and "
                        "`prometheus.io/scheme` for https) to those services' pods, for annotation-based scrape "
                        "configs. Not together with `monitoringDaemon.prometheus.podAnnotations`.", default=False),
    podMonitor=Msg(PodMonitor, "The PodMonitor."),
    serviceMonitor=Msg(ServiceMonitor, "The ServiceMonitor."),
    tlsConfig=Map(Any("The monitors' `tlsConfig` for the services that speak https (Gate's own TLS, `tls`): their "
                      "CA, or `insecureSkipVerify`. Under `tls.clientAuth: need` they are scraped on the "
                      "management port, which asks for no client certificate.", default={})),
)

MonitoringDaemon = message(
    "MonitoringDaemon", "The spinnaker-monitoring sidecar, added to every Java service pod when the halconfig's "
                        "`metricStores` enables a store. End of life: its last image (1.4.0, Python 2.7) is on "
                        "the old registry and gets no fixes. No Spinnaker release up to 2026.2 serves a Prometheus "
                        "endpoint of its own (each service has only Spectator's JSON at `/spectator/metrics`); "
                        "`observability` serves one through a plugin instead, without the sidecar. See the README.",
    image=Str("Sidecar image. When `spinnaker.registry` is set and this is the default, the registry part is "
              "replaced by it.", default=MONITORING_DAEMON_IMAGE),
    resources=Any("Sidecar resources.", default={"requests": {"cpu": "50m", "memory": "128Mi"},
                                                 "limits": {"memory": "256Mi"}}),
    prometheus=Msg(DaemonPrometheus, "Prometheus scraping of the daemons."),
)

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
