"""A service's workload settings, shared by `serviceDefaults`, each `services.<name>` and an HA split:
image, disruption budget, probes, rollout, autoscaling, resources and scheduling."""
from __future__ import annotations

from renderer.model.dsl import Any, Bool, Enum, IntValue, List, Map, Msg, Str, messages
from renderer.service_facts import DEFAULT_HEAP_PERCENT, Service

message = messages("values")


def default_resources(facts: Service) -> dict:
    """A service's default resources: its requests, and a memory limit (for the JVMs equal to the
    request, as upstream spinnaker-kustomize sets it: the heap is a percentage of the limit)."""
    return {"requests": {"cpu": facts.cpu, "memory": facts.memory}, "limits": {"memory": facts.memory_limit}}


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

def _pdb(name: str, doc: str, enabled=None, max_unavailable=None):
    return message(
        name, doc,
        enabled=Bool("Create a PodDisruptionBudget.", default=enabled),
        minAvailable=Any("Pods that must stay up (a number or a percentage); exclusive with maxUnavailable."),
        maxUnavailable=Any("Pods that may be down at once (a number or a percentage).", default=max_unavailable),
    )


Pdb = _pdb("PodDisruptionBudget", "A PodDisruptionBudget for the service's pods.", enabled=False, max_unavailable=1)
# A service's own PDB settings: empty fields fall back to `serviceDefaults.pdb`, field by field.
PdbOverride = _pdb("PodDisruptionBudgetOverride",
                   "This service's PodDisruptionBudget; empty fields: `serviceDefaults.pdb`.")


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


def workload_fields(defaults: bool) -> dict:
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


ServiceDefaults = message("ServiceDefaults", "Defaults for every Spinnaker service.", **workload_fields(True))


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


def autoscaling_doc(facts: Service) -> str:
    """What `services.<name>.autoscaling` does for this service, from its `scales` fact."""
    scaling = [split.name for split in facts.splits if not split.no_scale_reason]
    if facts.no_scale_reason:
        refused = f"Refused without `ha.{facts.name}.enabled`: " if scaling else "Refused: "
        return refused + facts.no_scale_reason + "."
    doc = "A HorizontalPodAutoscaler instead of `replicas`"
    return doc + (f"; with `ha.{facts.name}.enabled`, one per split." if facts.splits else ".")


def placement(what: str) -> dict:
    """Scheduling of one of the chart's own pods (Redis, MySQL, the credentials hook, the test Pod):
    each empty setting falls back to `serviceDefaults`, so a cluster of tainted nodes is one setting."""
    return dict(
        nodeSelector=Map(Str(f"Node labels {what} must land on; empty: `serviceDefaults.nodeSelector`.", default={})),
        tolerations=List(Any(f"Tolerations of {what}; empty: `serviceDefaults.tolerations`.", default=[])),
        affinity=Any(f"Affinity of {what}; empty: `serviceDefaults.affinity`.", default={}),
        priorityClassName=Str(f"PriorityClass of {what}; empty: `serviceDefaults.priorityClassName`.", default=""),
        podAnnotations=Map(Str(f"Annotations on {what}'s pod.", default={})),
    )
