"""The `metricStores` section: where the monitoring daemon sends service metrics.

Copied to spinnaker-monitoring.yml, the config of the spinnaker-monitoring
sidecar that scrapes each Java service and forwards the metrics to the
enabled stores. Keys are snake_case because the daemon (Python) reads them so;
the camelCase spellings are accepted too.
"""
from .dsl import Bool, Int, List, Msg, Str, messages

message = messages("metricstores")


Datadog = message(
    "Datadog",
    "Datadog as a destination for Spinnaker's own metrics.",
    enabled=Bool("Send metrics to Datadog."),
    api_key=Str("Datadog API key the daemon submits metrics with.", aliases=("apiKey",), secret=True),
    app_key=Str("Datadog application key; only needed to let Spinnaker install its prebuilt "
                "dashboards.", aliases=("appKey",), secret=True),
    tags=List(Str("A tag added to every metric, written `key:value`, e.g. `env:prod`.")),
)

Newrelic = message(
    "Newrelic",
    "New Relic as a destination for Spinnaker's own metrics.",
    enabled=Bool("Send metrics to New Relic."),
    insert_key=Str("New Relic Insights insert key.", aliases=("insertKey",), secret=True),
    host=Str("URL metrics are posted to; leave unset unless New Relic tells you otherwise."),
    tags=List(Str("A tag added to every metric, written `key:value`, e.g. `env:prod`.")),
)

Prometheus = message(
    "Prometheus",
    "Prometheus as a destination for Spinnaker's own metrics.",
    enabled=Bool("Expose metrics for Prometheus (scraped from the daemon, or pushed to a gateway)."),
    push_gateway=Str("Pushgateway URL to push metrics to, e.g. `http://pushgateway:9091`; leave unset "
                     "when Prometheus scrapes the daemons itself.", aliases=("pushGateway",)),
    add_source_metalabels=Bool("Add `job` and `instance` labels naming the source service to every "
                               "metric (the daemon's default is true). Not in kleat; the monitoring "
                               "daemon reads it (Halyard wrote it too).",
                               aliases=("addSourceMetalabels",)),
)

Stackdriver = message(
    "Stackdriver",
    "Google Cloud Monitoring (formerly Stackdriver) as a destination for Spinnaker's own metrics.",
    enabled=Bool("Send metrics to Cloud Monitoring."),
    credentials_path=Str("Path to a service-account JSON key allowed to write metrics; omit it to use "
                         "the pod's default Google credentials.", aliases=("credentialsPath",), file=True),
    project=Str("Google Cloud project the metrics are written to."),
    zone=Str("Zone the metrics are labelled with; on GCE the daemon finds it itself."),
    instance_id=Str("Numeric instance ID the metrics are labelled with; on GCE the daemon reads it "
                    "from the metadata server. Not in kleat; the monitoring daemon reads it (Halyard "
                    "wrote it too).", aliases=("instanceId",)),
)

MetricStores = message(
    "MetricStores",
    "Destinations for the metrics of Spinnaker's own services; any enabled store adds the "
    "monitoring sidecar to the Java services.",
    datadog=Msg(Datadog, "Datadog."),
    newrelic=Msg(Newrelic, "New Relic."),
    prometheus=Msg(Prometheus, "Prometheus."),
    stackdriver=Msg(Stackdriver, "Google Cloud Monitoring."),
    period=Int("Seconds between two metric collections by the daemon (default 30)."),
    enabled=Bool("Whether any metric store is on (Halyard only).",
                 halyard="Halyard derived this from the stores' own `enabled` flags and ignored the "
                 "written value; each store's `enabled` decides; dropped."),
)
