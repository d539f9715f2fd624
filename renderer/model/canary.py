"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message

SUPPORTED_TYPE = ('UNSPECIFIED', 'METRICS_STORE', 'CONFIGURATION_STORE', 'OBJECT_STORE')

# kleat: Configuration for the AWS account to be used .
AwsAccount = message(
    "AwsAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The name of a storage bucket that this account has access to. If you specify a globally unique bucket name that doesn't exist yet, Kayenta creates that bucket for you.
    bucket=Str(""),
    # kleat: The AWS region to use.
    region=Str(""),
    # kleat: The root folder in the chosen bucket in which to store all of the canary service's persistent data. Defaults to `kayenta`.
    rootFolder=StrValue(""),
    # kleat: The profile name to use when resolving AWS credentials. Typically found in `~/.aws/credentials`. Defaults to `default`.
    profileName=Str(""),
    # kleat: The endpoint used to reach the service implementing the S3 API. Typically you would use this with an S3 clone, like Minio.
    endpoint=Str(""),
    # kleat: The default access key used to communicate with AWS.
    accessKeyId=Str(""),
    supportedTypes=List(Enum(SUPPORTED_TYPE, "")),
)

# kleat: Configuration for the AWS canary integration.
Aws = message(
    "Aws", "",
    # kleat: Enables/disables Kayenta integration for AWS. If enabled, Kayenta can store canary configuration and archived results in an S3 bucket.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(AwsAccount, "")),
    # kleat: Whether to enable S3 as a persistent store.
    s3Enabled=Bool(""),
)

# kleat: Configuration for the Datadog server endpoint.
DatadogAccount_Endpoint = message(
    "DatadogAccount_Endpoint", "",
    # kleat: (Required) The base URL of the Datadog server.
    baseUrl=Str(""),
)

# kleat: Configuration for a Datadog account.
DatadogAccount = message(
    "DatadogAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: Configuration for the Datadog server endpoint.
    endpoint=Msg(DatadogAccount_Endpoint, ""),
    # kleat: Your organization's unique Datadog API key. See https://app.datadoghq.com/account/settings#api.
    apiKey=Str(""),
    # kleat: Your Datadog application key. See https://app.datadoghq.com/account/settings#api.
    applicationKey=Str(""),
)

# kleat: Configuration for the Datadog canary integration.
Datadog = message(
    "Datadog", "",
    # kleat: Whether Datadog is enabled as a metric store provider.
    enabled=Bool(""),
    # kleat: The list of configured Datadog accounts.
    accounts=List(Msg(DatadogAccount, "")),
)

# kleat: Configuration for a Google account.
GoogleAccount = message(
    "GoogleAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The path to a JSON file containing the service account key that Spinnaker will use to authenticate.  You need this only if Spinnaker is not deployed on a Google Compute Engine VM, or if the account needs permissions not afforded to the VM it is running on. See https://cloud.google.com/compute/docs/access/service-accounts for more information.
    jsonPath=Str(""),
    # kleat: The name of a Cloud Storage bucket that this account has access to. If you specify a globally unique bucket name that doesn't exist yet, Kayenta creates that bucket for you.
    bucket=Str(""),
    # kleat: Where to create the new bucket. This is only required if the bucket you specify doesn't exist yet. See https://cloud.google.com/storage/docs/managing-buckets#manage-class-location.
    bucketLocation=Str(""),
    # kleat: The root-level folder, in the specified bucket, in which to store all the canary service's persistent data. Defaults to `kayenta`.
    rootFolder=StrValue(""),
    # kleat: (Required) The Google Cloud Platform project the canary service will use to consume Cloud Storage and Cloud Monitoring data.
    project=Str(""),
    # kleat: For Google Cloud Monitoring (formerly Stackdriver) use METRICS_STORE. For Google Cloud Storage, use CONFIGURATION_STORE and OBJECT_STORE. All three can be a list of `supportedTypes` in the same account, or each in a separate account.
    supportedTypes=List(Enum(SUPPORTED_TYPE, "")),
)

# kleat: Configuration for the Google canary integration.
Google = message(
    "Google", "",
    # kleat: Whether Google is enabled as a metrics store provider.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(GoogleAccount, "")),
    # kleat: Whether Google Cloud Storage is enabled as a persistent store.
    gcsEnabled=Bool(""),
    # kleat: Whether Google Cloud Monitoring (formerly Stackdriver) is enabled as a metrics source.
    stackdriverEnabled=Bool(""),
    # kleat: Number of milliseconds to wait between caching the names of available Cloud Monitoring metric types (used when building canary configs). Defaults to `60000`.
    metadataCachingIntervalMS=Int(""),
)

# kleat: Configuration for the New Relic Insights server endpoint.
NewRelicAccount_Endpoint = message(
    "NewRelicAccount_Endpoint", "",
    # kleat: The base URL to the New Relic Insights server.
    baseUrl=Str(""),
)

# kleat: Configuration for a New Relic account.
NewRelicAccount = message(
    "NewRelicAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: Configuration for the New Relic Insights server endpoint.
    endpoint=Msg(NewRelicAccount_Endpoint, ""),
    # kleat: (Required) Your account's unique New Relic Insights API key. See https://docs.newrelic.com/docs/insights/insights-api/get-data/query-insights-event-data-api.
    apiKey=Str(""),
    # kleat: (Required) Your New Relic account ID. See https://docs.newrelic.com/docs/accounts/install-new-relic/account-setup/account-id.
    applicationKey=Str(""),
)

# kleat: Configuration for the New Relic canary integration.
NewRelic = message(
    "NewRelic", "",
    # kleat: Whether New Relic is enabled as a metric store provider.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(NewRelicAccount, "")),
)

# kleat: Configuration for the Prometheus server endpoint.
PrometheusAccount_Endpoint = message(
    "PrometheusAccount_Endpoint", "",
    # kleat: (Required) The base URL of the Prometheus server.
    baseUrl=Str(""),
)

# kleat: Configuration for a Prometheus account. For authentication, you must provide either `usernamePasswordFile` or `username` and `password`.
PrometheusAccount = message(
    "PrometheusAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: Configuration for the Prometheus server endpoint.
    endpoint=Msg(PrometheusAccount_Endpoint, ""),
    # kleat: A basic-auth username.
    username=Str(""),
    # kleat: A basic-auth password.
    password=Str(""),
    # kleat: The path to a file containing the basic-auth username and password in the format `${username}:${password}`.
    usernamePasswordFile=Str(""),
)

# kleat: Configuration for the Prometheus canary integration.
Prometheus = message(
    "Prometheus", "",
    # kleat: Whether Prometheus is enabled as a metric store provider.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(PrometheusAccount, "")),
    # kleat: Number of milliseconds to wait between caching the names of available metric types (used when building canary configs). Defaults to 60000.
    metadataCachingIntervalMS=Int(""),
)

# kleat: The SignalFx server endpoint.
SignalFxAccount_Endpoint = message(
    "SignalFxAccount_Endpoint", "",
    # kleat: The base URL to the SignalFx server. Defaults to https://stream.signalfx.com
    baseUrl=Str(""),
)

SignalFxAccount = message(
    "SignalFxAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The SignalFx access token.
    accessToken=Str(""),
    # kleat: The SignalFx server endpoint.
    endpoint=Msg(SignalFxAccount_Endpoint, ""),
    # kleat: The scope key, which is used to distinguish between base and canary deployments. If omitted, each request must supply the `_scope_key` param in extended scope params.
    defaultScopeKey=Str(""),
    # kleat: The location key, which is used to filter by deployment region. If omitted, each request must supply the `_location_key` if it is needed.
    defaultLocationKey=Str(""),
)

# kleat: Configuration for the SignalFx canary integration.
SignalFx = message(
    "SignalFx", "",
    # kleat: Whether SignalFx is enabled as a metric store provider.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(SignalFxAccount, "")),
)

Canary_ServiceIntegrations = message(
    "Canary_ServiceIntegrations", "",
    aws=Msg(Aws, ""),
    datadog=Msg(Datadog, ""),
    google=Msg(Google, ""),
    newrelic=Msg(NewRelic, ""),
    prometheus=Msg(Prometheus, ""),
    signalfx=Msg(SignalFx, ""),
)

# kleat: Configuration for Spinnaker's automated canary analysis features. See also the [sample Kayenta configuration](https://github.com/spinnaker/kayenta/blob/master/kayenta-web/config/kayenta.yml).
Canary = message(
    "Canary", "",
    # kleat: Whether the canary service is enabled.
    enabled=Bool(""),
    # kleat: Canary service integrations. To enable Spinnaker's Automated Canary Analysis (ACA) features, you must configure at least one account for each `canary.SupportedType` (`METRICS_STORE`, `CONFIGURATION_STORE`, `OBJECT_STORE`).
    serviceIntegrations=Msg(Canary_ServiceIntegrations, ""),
    # kleat: Name of the metrics account to use by default.
    defaultMetricsAccount=Str(""),
    # kleat: Name of the metrics store to use by default (for example, `prometheus`, `datadog`).
    defaultMetricsStore=Str(""),
    # kleat: Whether to show _all_ canary configs in Deck, or just those scoped to the current application.
    showAllConfigsEnabled=Bool(""),
    # kleat: Whether to enable custom filter templates for canary configs in Deck.
    templatesEnabled=Bool(""),
    # kleat: The default canary judge. `NetflixACAJudge-v1.0` is currently the only open-source judge available by default.
    defaultJudge=Str(""),
    # kleat: Name of storage account to use by default.
    storageAccountName=Str(""),
)
