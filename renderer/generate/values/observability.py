"""Metrics: Prometheus monitors, the Observability plugin, and the monitoring-daemon sidecar."""
from __future__ import annotations

from renderer.model.dsl import Any, Bool, Map, Msg, Str, messages
from renderer.service_facts import MONITORING_DAEMON_IMAGE, MONITORING_DAEMON_PORT, OBSERVABILITY_PLUGIN

message = messages("values")

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
