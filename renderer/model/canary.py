"""The `canary` section: automated canary analysis (Kayenta).

`serviceIntegrations` holds the metric sources and stores Kayenta uses and is
copied to kayenta.yml when canary is enabled; the defaults and UI switches at
the top level go to Deck's settings.js.
"""
from .dsl import Bool, Enum, Int, List, Msg, Str, StrValue, messages

message = messages("canary")

SUPPORTED_TYPE = ('UNSPECIFIED', 'METRICS_STORE', 'CONFIGURATION_STORE', 'OBJECT_STORE')


def _types(default_doc: str):
    return List(Enum(SUPPORTED_TYPE, "What Kayenta may use the account for: `METRICS_STORE` (a metric "
                     "source), `CONFIGURATION_STORE` (canary configs), `OBJECT_STORE` (results). "
                     + default_doc))


def _integration(name, doc, what, account, **more):
    """A Kayenta integration block: a switch and its accounts, then `more`."""
    return message(name, doc, enabled=Bool(f"Register the {what} accounts in Kayenta."),
                   accounts=List(Msg(account, f"The {what} accounts.")), **more)


AwsAccount = message(
    "AwsAccount",
    "One AWS (or S3-compatible) account Kayenta stores canary configs and results in.",
    name=Str("Account name that canary settings (e.g. `storageAccountName`) refer to.", required=True),
    bucket=Str("S3 bucket for Kayenta's data; Kayenta creates it if it does not exist yet."),
    region=Str("AWS region of the bucket, e.g. `us-west-2` (Kayenta uses `us-east-1` with a custom "
               "`endpoint` when unset)."),
    rootFolder=StrValue("Folder in the bucket under which Kayenta keeps its data; Kayenta defaults "
                        "to `kayenta`."),
    profileName=Str("Profile from an AWS credentials file to authenticate with, e.g. `default`."),
    endpoint=Str("S3 API endpoint for an S3-compatible store such as MinIO, e.g. "
                 "`http://minio:9000` (path-style access is then used)."),
    accessKeyId=Str("AWS access key ID for static keys (with `secretAccessKey`); prefer a pod role or "
                    "`profileName`. Kayenta reads static keys only as the account's "
                    "`explicitCredentials.accessKey`, which is where it is written (kleat wrote "
                    "`accessKeyId`, which no Kayenta reads)."),
    supportedTypes=_types("Usually `CONFIGURATION_STORE` and `OBJECT_STORE`."),
    secretAccessKey=Str("AWS secret access key paired with `accessKeyId`, written as the account's "
                        "`explicitCredentials.secretKey` (Halyard wrote `secretAccessKey`, which no Kayenta "
                        "reads).", secret=True),
)

Aws = _integration(
    "Aws", "AWS S3 as Kayenta's storage for canary configs and results.", "AWS", AwsAccount,
    s3Enabled=Bool("Let Kayenta use S3 (through these accounts) as a configuration and object store."),
)

DatadogAccount_Endpoint = message(
    "DatadogAccount_Endpoint",
    "Where the Datadog API is.",
    baseUrl=Str("Base URL of the Datadog API, e.g. `https://api.datadoghq.com`. Needed for the "
                "account to work."),
)

DatadogAccount = message(
    "DatadogAccount",
    "One Datadog organisation Kayenta reads canary metrics from.",
    name=Str("Account name that canary configs and `defaultMetricsAccount` refer to.", required=True),
    endpoint=Msg(DatadogAccount_Endpoint, "Datadog API endpoint."),
    apiKey=Str("Datadog API key of the organisation.", secret=True),
    applicationKey=Str("Datadog application key used together with the API key to query metrics.",
                       secret=True),
    supportedTypes=_types("Kayenta defaults to `METRICS_STORE`, the only sensible value. Not in kleat; "
                          "Kayenta reads it (Halyard wrote it too)."),
)

Datadog = _integration(
    "Datadog", "Datadog as a canary metric source.", "Datadog", DatadogAccount,
    metadataCachingIntervalMS=Int("How often, in milliseconds, Kayenta refreshes its cached list of "
                                  "Datadog metric names for the canary config editor (Kayenta's "
                                  "default is 900000, i.e. 15 minutes, because of Datadog API rate "
                                  "limits). Not in kleat; Kayenta reads it."),
)

GoogleAccount = message(
    "GoogleAccount",
    "One Google Cloud account for Kayenta: Cloud Monitoring (Stackdriver) metrics and/or Cloud "
    "Storage for configs and results.",
    name=Str("Account name that canary settings refer to.", required=True),
    jsonPath=Str("Path to a service-account JSON key; omit it to use the pod's default Google "
                 "credentials.", file=True),
    bucket=Str("Cloud Storage bucket for Kayenta's data; Kayenta creates it if it does not exist yet."),
    bucketLocation=Str("Location to create the bucket in (only used when Kayenta creates it), e.g. "
                       "`us` or `europe-west1`."),
    rootFolder=StrValue("Folder in the bucket under which Kayenta keeps its data; Kayenta defaults "
                        "to `kayenta`."),
    project=Str("Google Cloud project whose monitoring data and storage Kayenta uses. Needed for "
                "the account to work."),
    supportedTypes=_types("`METRICS_STORE` for Cloud Monitoring; `CONFIGURATION_STORE` and "
                          "`OBJECT_STORE` for Cloud Storage; one account may have all three."),
)

Google = message(
    "Google",
    "Google Cloud for canary analysis: Cloud Monitoring as a metric source and Cloud Storage as "
    "a store.",
    enabled=Bool("Register the Google accounts in Kayenta."),
    accounts=List(Msg(GoogleAccount, "The Google accounts.")),
    gcsEnabled=Bool("Let Kayenta use Cloud Storage as a configuration and object store."),
    stackdriverEnabled=Bool("Let Kayenta read metrics from Cloud Monitoring (formerly Stackdriver)."),
    metadataCachingIntervalMS=Int("How often, in milliseconds, Kayenta refreshes its cached list of "
                                  "Cloud Monitoring metric types for the canary config editor "
                                  "(default 60000)."),
)

NewRelicAccount_Endpoint = message(
    "NewRelicAccount_Endpoint",
    "Where the New Relic Insights API is.",
    baseUrl=Str("Base URL of the New Relic Insights API, e.g. `https://insights-api.newrelic.com`."),
)

NewRelicAccount = message(
    "NewRelicAccount",
    "One New Relic account Kayenta reads canary metrics from (through Insights queries).",
    name=Str("Account name that canary configs and `defaultMetricsAccount` refer to.", required=True),
    endpoint=Msg(NewRelicAccount_Endpoint, "New Relic Insights API endpoint."),
    apiKey=Str("New Relic Insights query key. Needed for the account to work.", secret=True),
    applicationKey=Str("Despite its name, the numeric New Relic account ID that queries run against. "
                       "Needed for the account to work."),
    supportedTypes=_types("Kayenta defaults to `METRICS_STORE`, the only sensible value. Not in kleat; "
                          "Kayenta reads it (Halyard wrote it too)."),
)

NewRelic = _integration(
    "NewRelic", "New Relic as a canary metric source.", "New Relic", NewRelicAccount)

PrometheusAccount_Endpoint = message(
    "PrometheusAccount_Endpoint",
    "Where the Prometheus server is.",
    baseUrl=Str("Base URL of the Prometheus server (or a compatible query API), e.g. "
                "`http://prometheus:9090`. Needed for the account to work."),
)

PrometheusAccount = message(
    "PrometheusAccount",
    "One Prometheus server Kayenta reads canary metrics from, with optional basic authentication.",
    name=Str("Account name that canary configs and `defaultMetricsAccount` refer to.", required=True),
    endpoint=Msg(PrometheusAccount_Endpoint, "Prometheus endpoint."),
    username=Str("User for HTTP basic authentication, together with `password`."),
    password=Str("Password for `username`.", secret=True),
    usernamePasswordFile=Str("Path to a file holding `username:password`, used instead of the two "
                             "fields.", file=True),
    supportedTypes=List(Enum(SUPPORTED_TYPE, "What Kayenta may use the account for (Halyard only).",
                             halyard="Halyard listed METRICS_STORE here, but Kayenta always treats "
                             "Prometheus accounts as metric stores and ignores the key; dropped.")),
)

Prometheus = _integration(
    "Prometheus", "Prometheus as a canary metric source.", "Prometheus", PrometheusAccount,
    metadataCachingIntervalMS=Int("How often, in milliseconds, Kayenta refreshes its cached list of "
                                  "Prometheus metric names for the canary config editor (default "
                                  "60000)."),
)

SignalFxAccount_Endpoint = message(
    "SignalFxAccount_Endpoint",
    "Where the SignalFx API is.",
    baseUrl=Str("Base URL of the SignalFx streaming API; Kayenta defaults to "
                "`https://stream.signalfx.com`."),
)

SignalFxAccount = message(
    "SignalFxAccount",
    "One SignalFx organisation Kayenta reads canary metrics from.",
    name=Str("Account name that canary configs and `defaultMetricsAccount` refer to.", required=True),
    accessToken=Str("SignalFx access token. Needed for the account to work.", secret=True),
    endpoint=Msg(SignalFxAccount_Endpoint, "SignalFx endpoint."),
    defaultScopeKey=Str("Dimension that tells baseline and canary apart in queries; when unset each "
                        "canary request must pass `_scope_key` in its extended scope parameters."),
    defaultLocationKey=Str("Dimension used to filter by region or location; when unset requests "
                           "that need it must pass `_location_key`."),
    supportedTypes=_types("Kayenta defaults to `METRICS_STORE`, the only sensible value. Not in kleat; "
                          "Kayenta reads it (Halyard wrote it too)."),
)

SignalFx = _integration(
    "SignalFx", "SignalFx as a canary metric source.", "SignalFx", SignalFxAccount)

Canary_ServiceIntegrations = message(
    "Canary_ServiceIntegrations",
    "Kayenta's metric sources and stores, by provider. Canary analysis needs at least one account "
    "for each of METRICS_STORE, CONFIGURATION_STORE and OBJECT_STORE.",
    aws=Msg(Aws, "AWS S3 storage."),
    datadog=Msg(Datadog, "Datadog metrics."),
    google=Msg(Google, "Google Cloud Monitoring metrics and Cloud Storage."),
    newrelic=Msg(NewRelic, "New Relic metrics."),
    prometheus=Msg(Prometheus, "Prometheus metrics."),
    signalfx=Msg(SignalFx, "SignalFx metrics."),
)

Canary = message(
    "Canary",
    "Automated canary analysis: turns Kayenta on and sets the canary defaults shown in Deck.",
    enabled=Bool("Run Kayenta and turn the canary features on in Deck, gate and orca."),
    serviceIntegrations=Msg(Canary_ServiceIntegrations,
                            "Metric sources and stores, keyed by provider. Halyard wrote a list of "
                            "entries with a `name` instead; that form is converted.",
                            keyed_list="name"),
    defaultMetricsAccount=Str("Metrics account preselected in Deck's canary config editor."),
    defaultMetricsStore=Str("Metric store type preselected in Deck, e.g. `prometheus`, `datadog` or "
                            "`stackdriver`."),
    showAllConfigsEnabled=Bool("Show every canary config in Deck, not only those of the current "
                               "application."),
    templatesEnabled=Bool("Allow custom filter templates in canary configs in Deck."),
    defaultJudge=Str("Judge preselected for new canary configs; `NetflixACAJudge-v1.0` is the one "
                     "open-source judge."),
    storageAccountName=Str("Storage account (CONFIGURATION_STORE/OBJECT_STORE) Deck uses by default. "
                           "Halyard called it `defaultStorageAccount`.",
                           aliases=("defaultStorageAccount",)),
    stagesEnabled=Bool(
        "Show the canary stages in Deck's pipeline editor (Halyard only).",
        halyard="Halyard wrote it to Deck's settings.js as canary.stagesEnabled; Deck shows the "
        "canary stages unless that is false. To hide them, set "
        "window.spinnakerSettings.canary.stagesEnabled = false in the chart's settingsLocalJs; dropped."),
    reduxLoggerEnabled=Bool(
        "Log Deck's canary UI state changes to the browser console (Halyard only).",
        halyard="Halyard wrote it to Deck's settings.js as canary.reduxLogger, a UI debugging aid; "
        "set it in the chart's settingsLocalJs if you need it; dropped."),
    atlasWebComponentsUrl=Str(
        "URL of Atlas web components for Deck's canary editor (Halyard only).",
        halyard="Halyard wrote it to Deck's settings.js; it only serves Netflix's Atlas metric store, "
        "which the halconfig cannot configure; set it in the chart's settingsLocalJs if you need "
        "it; dropped."),
)
