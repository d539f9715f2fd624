"""Probes and stopping: Halyard's readiness probe (a command, or TCP) and liveness probe, and the
time each pod gets to stop, against the chart's."""
from __future__ import annotations

from ...service_facts import SERVICES, SPLITS
from .facts import service_of

LIVENESS = "the chart sets its own startup, readiness and liveness probes (change them with `patches` if needed)."


def run(hal) -> None:
    hal.each(hal.kubernetes(("customHealthCheckExecCommands", "useTcpProbe", "useExecHealthCheck")),
             lambda name, key, value, where, block: _probe(hal, name, key, value, where, block))
    found = hal.environment("livenessProbeConfig")
    if found is not None and found[0] not in (None, {}, [], ""):
        hal.report.dropped(found[1], LIVENESS)
    _liveness(hal)
    _grace(hal)


def _probe(hal, name, key, value, where, block):
    """Halyard's own readiness probe (a command, or TCP): the chart probes /health where the service
    serves it, and says how to keep Halyard's."""
    if key == "useExecHealthCheck":
        hal.report.dropped(where, "Halyard's exec probe (`wget --spider` of the health endpoint) and the "
                                  "chart's GET of the same port and path succeed alike.")
        return
    service = service_of(name)
    facts = SERVICES[service]
    if key == "useTcpProbe" and str(value).lower() != "true":
        return
    if key == "customHealthCheckExecCommands" and (str(block.get("useExecHealthCheck", True)).lower() != "true"
                                                   or str(block.get("useTcpProbe")).lower() == "true"):
        hal.report.dropped(where, "Halyard ran it only with useExecHealthCheck (and without useTcpProbe).")
        return
    if key == "useTcpProbe":
        halyard = f"a TCP connect to port {facts.port}"
        keep = f"`services.{service}.readinessProbe: {{tcpSocket: {{port: {facts.port}}}}}`"
    else:
        command = [str(c) for c in value] if isinstance(value, list) else [str(value)]
        halyard = f"`{' '.join(command)}`"
        keep = f"`services.{service}.readinessProbe: {{exec: {{command: {command}}}}}`"
    health = f"GET {facts.health or '/'} on the port that serves it (port {facts.port}, or the " \
             "`management.server.port` a profile sets)" if facts.health else f"a TCP connect to port {facts.port}"
    hal.report.different(where, f"services.{service}.readinessProbe",
                         f"Halyard's readiness probe of {name} was {halyard}; the chart probes {health}, "
                         "which is where the release's own image serves its health (a vendor image's "
                         "extra port, or the monitoring daemon's 8008, is not there to answer). To keep "
                         f"Halyard's probe set {keep}" + (" (for every split)" if name in SPLITS else "") + ".")


def _liveness(hal):
    """Halyard ran a liveness probe only with livenessProbeConfig (enabled, with initialDelaySeconds);
    the chart always runs its own."""
    config = hal.env.get("livenessProbeConfig")
    if isinstance(config, dict) and str(config.get("enabled")).lower() == "true" \
            and config.get("initialDelaySeconds") is not None:
        return  # dropped above, naming `patches`
    hal.report.different(f"{hal.source}.livenessProbeConfig", "",
                         "not enabled: Halyard's pods had no liveness probe. The chart's Java services and "
                         "Deck have one (a TCP connect to the service's port every 20 s, 6 failures), so a "
                         "pod whose server stops accepting connections is restarted instead of staying "
                         "hung; its startup probe gives the JVM its time to start first. To run without, "
                         "remove it with a `patches` entry (json6902 `remove` of "
                         "/spec/template/spec/containers/0/livenessProbe on the Deployment); "
                         "`services.<name>.livenessProbe` changes its timing.")


def _grace(hal):
    """Halyard gave every pod 60 s to stop but clouddriver's 720 s; the chart keeps upstream's."""
    differ = [(pod, service) for pod, service in hal.workloads() if SERVICES[service].grace != (
        720 if service == "clouddriver" else 60)]
    if not differ:
        return
    services = sorted({service for _, service in differ})
    hal.report.different(
        "the Halyard deployer's terminationGracePeriodSeconds", "",
        "Halyard gave each pod 60 s to stop (clouddriver 720 s; KubernetesV2Service."
        "terminationGracePeriodSeconds); the chart gives its Java services 720 s, as upstream's "
        "spinnaker-kustomize does, so that work in flight (orca's running tasks, a bake, a pipeline trigger) "
        "finishes before the kernel kills the JVM; a pod that stops sooner ends sooner. Deck (Apache) gets "
        "Kubernetes' 30 s. To keep Halyard's: " + ", ".join(
            f"`services.{service}.terminationGracePeriodSeconds` {720 if service == 'clouddriver' else 60}"
            for service in services) + ".")
