"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message


# kleat: Configuration for the Datadog metric store.
Datadog = message(
    "Datadog", "",
    # kleat: Whether the Datadog metric store is enabled.
    enabled=Bool(""),
    # kleat: Datadog API key.
    api_key=Str("", aliases=("apiKey",)),
    # kleat: Datadog app key. Only required if you want Spinnaker to push pre-configured Spinnaker dashboards to your Datadog account.
    app_key=Str("", aliases=("appKey",)),
    # kleat: Datadog custom tags. Delimit the key-value pair with colons (e.g., `app:test`).
    tags=List(Str("")),
)

# kleat: Configuration for the New Relic metric store.
Newrelic = message(
    "Newrelic", "",
    # kleat: Whether the New Relic metric store is enabled.
    enabled=Bool(""),
    # kleat: Your New Relic Insights insert key.
    insert_key=Str("", aliases=("insertKey",)),
    # kleat: The URL to post metric data to. In almost all cases, this is set correctly by default and should not be used.
    host=Str(""),
    # kleat: New Relic custom tags. Delimit the key-value pair with colons (e.g., `app:test`).
    tags=List(Str("")),
)

# kleat: Configuration for the Prometheus metric store.
Prometheus = message(
    "Prometheus", "",
    # kleat: Whether the Prometheus metric store is enabled.
    enabled=Bool(""),
    # kleat: The endpoint to which the monitoring Daemon should push metrics. If you have configured Prometheus to automatically discover all your Spinnaker services and pull metrics from them, this is not required.
    push_gateway=Str("", aliases=("pushGateway",)),
)

# kleat: Configuration for the Stackdriver metric store.
Stackdriver = message(
    "Stackdriver", "",
    # kleat: Whether the Datadog metric store is enabled.
    enabled=Bool(""),
    # kleat: Path to a Google JSON service account that has permission to publish metrics.
    credentials_path=Str("", aliases=("credentialsPath",)),
    # kleat: The project to which Spinnaker's metrics should be published.
    project=Str(""),
    # kleat: The zone with which Spinnaker's metrics should be associated.
    zone=Str(""),
)

# kleat: Configuration for the Spinnaker monitoring daemon metric stores.
MetricStores = message(
    "MetricStores", "",
    # kleat: Configuration for the Datadog metric store.
    datadog=Msg(Datadog, ""),
    # kleat: Configuration for the Newrelic metric store.
    newrelic=Msg(Newrelic, ""),
    # kleat: Configuration for the Prometheus metric store.
    prometheus=Msg(Prometheus, ""),
    # kleat: Configuration for the Stackdriver metric store.
    stackdriver=Msg(Stackdriver, ""),
    # kleat: Polling period for the monitoring daemon (seconds). Defaults to 30.
    period=Int(""),
)
