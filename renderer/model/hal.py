"""The root of the halconfig (`Hal`), managed delivery (`managedDelivery`), and `HalyardFile`.

`Hal` is both a kleat-form halconfig and one entry of a Halyard file's
`deploymentConfigurations`, so Halyard's deployment-level keys are declared
here too (converted or dropped with a note). `HalyardFile` is the whole
`~/.hal/config` file.
"""
from .dsl import Any, Bool, List, Msg, Str, messages
from .artifacts import Artifacts
from .canary import Canary
from .ci import Ci
from .common import Features
from .common import Stats
from .metricstores import MetricStores
from .notifications import Notifications
from .providers import Providers
from .pubsub import Pubsub
from .repository import Repository
from .security import Security
from .security import WebhookConfig
from .spinnaker import Spinnaker
from .storage import PersistentStorage

message = messages("hal")


Eureka = message(
    "Eureka", "Keel's use of Eureka service discovery.",
    enabled=Bool("Whether keel uses a Eureka server for discovery status; set false where none runs (as on "
                 "Kubernetes)."),
)


def _plugin(name, doc, what):
    """A keel plugin that is only switched on or off."""
    return message(name, doc, enabled=Bool(f"Turn the {what} plugin on."))


KeelConfig_Plugins_Bakery_BaseImage = message(
    "KeelConfig_Plugins_Bakery_BaseImage", "Base image versions the bakery plugin uses, one per release label.",
    candidate=Str("Base image version labelled candidate."),
    unstable=Str("Base image version labelled unstable."),
    relase=Str("Base image version labelled release (the key is spelled 'relase', as in kleat)."),
    previous=Str("Base image version labelled previous."),
)

KeelConfig_Plugins_Bakery = message(
    "KeelConfig_Plugins_Bakery", "Keel's bakery plugin: managed image baking.",
    enabled=Bool("Turn the bakery plugin on."),
    baseImages=List(Msg(KeelConfig_Plugins_Bakery_BaseImage, "A set of labelled base image versions.")),
)

KeelConfig_Plugins_DeliveryConfig = message(
    "KeelConfig_Plugins_DeliveryConfig", "Keel's delivery config plugin (older keel releases).",
    enabled=Bool("Turn delivery config support on."),
)

KeelConfig_Plugins_EC2 = _plugin(
    "KeelConfig_Plugins_EC2", "Keel's Amazon EC2 plugin: managed clusters, load balancers and security groups.", "EC2")

KeelConfig_Plugins_Kubernetes = _plugin(
    "KeelConfig_Plugins_Kubernetes",
    "Keel's Kubernetes plugin of older keel releases: no supported keel reads it, so it is left out of keel.yml.",
    "Kubernetes")

KeelConfig_Plugins_Titus = _plugin(
    "KeelConfig_Plugins_Titus", "Keel's Titus plugin: managed Titus clusters.", "Titus")

KeelConfig_Plugins = message(
    "KeelConfig_Plugins", "Which keel plugins (resource kinds and integrations) are on.",
    bakery=Msg(KeelConfig_Plugins_Bakery, "Image baking."),
    deliveryConfig=Msg(KeelConfig_Plugins_DeliveryConfig, "Delivery configs."),
    ec2=Msg(KeelConfig_Plugins_EC2, "Amazon EC2 resources."),
    k8s=Msg(KeelConfig_Plugins_Kubernetes, "Kubernetes resources."),
    titus=Msg(KeelConfig_Plugins_Titus, "Titus resources."),
)

KeelConfig_ResourceCheck = message(
    "KeelConfig_ResourceCheck", "How often keel re-checks each managed resource.",
    minAgeDuration=Str("Minimum time between two checks of the same resource, as a duration such as 60s or 5m."),
)

KeelConfig_ArtifactRefresh = message(
    "KeelConfig_ArtifactRefresh", "How often keel refreshes the versions of the artifacts it tracks.",
    frequency=Str("Refresh interval as an ISO 8601 duration, e.g. PT6H (keel's default)."),
)

KeelConfig_Constraints_InteractiveNotifications = message(
    "KeelConfig_Constraints_InteractiveNotifications", "Notifications users can act on (approve or reject) directly.",
    enabled=Bool("Send interactive notifications."),
)

KeelConfig_Constraints_ManualJudgement = message(
    "KeelConfig_Constraints_ManualJudgement", "Keel's manual judgement constraint.",
    interactiveNotifactions=Msg(KeelConfig_Constraints_InteractiveNotifications,
                                "Notify users when a judgement is needed, with buttons to decide (the key is "
                                "spelled 'interactiveNotifactions', as in kleat)."),
)

KeelConfig_Constraints = message(
    "KeelConfig_Constraints", "Settings of keel's environment constraints.",
    manualJudgement=Msg(KeelConfig_Constraints_ManualJudgement, "The manual judgement constraint."),
)

KeelConfig = message(
    "KeelConfig", "Keel's own settings, written to keel.yml as `keel`.",
    plugins=Msg(KeelConfig_Plugins, "Which keel plugins are on."),
    resourceCheck=Msg(KeelConfig_ResourceCheck, "How often resources are re-checked."),
    artifactRefresh=Msg(KeelConfig_ArtifactRefresh, "How often artifact versions are refreshed."),
    constraints=Msg(KeelConfig_Constraints, "Environment constraint settings."),
)

ManagedDelivery = message(
    "ManagedDelivery", "Managed delivery (keel): declarative delivery configs reconciled continuously.",
    enabled=Bool("Turn managed delivery on: keel gets a config and Orca, echo, front50 and Deck enable their "
                 "keel integration."),
    eureka=Msg(Eureka, "Keel's service discovery."),
    keel=Msg(KeelConfig, "Keel's own settings."),
)

Hal = message(
    "Hal", "One Spinnaker installation's configuration: a kleat-form halconfig, or one entry of a Halyard "
           "file's deploymentConfigurations.",
    persistentStorage=Msg(PersistentStorage, "Where front50 stores applications and pipelines (and keel's SQL "
                                             "database)."),
    providers=Msg(Providers, "Cloud provider accounts Spinnaker deploys to."),
    artifacts=Msg(Artifacts, "Accounts used to fetch artifacts (files, images, charts) for pipelines."),
    notifications=Msg(Notifications, "Channels for pipeline notifications (Slack, email, SMS, ...)."),
    pubsub=Msg(Pubsub, "Pub/sub subscriptions that can trigger pipelines."),
    ci=Msg(Ci, "Continuous integration servers that can trigger pipelines and run jobs."),
    stats=Msg(Stats, "Anonymous usage statistics sent by echo."),
    features=Msg(Features, "Switches for optional features."),
    webhook=Msg(WebhookConfig, "Trust settings for Orca's webhook stages."),
    security=Msg(Security, "Public URLs, TLS, login and authorization."),
    canary=Msg(Canary, "Automated canary analysis (Kayenta)."),
    timezone=Str("IANA time zone of the installation, e.g. America/Los_Angeles: used for cron triggers, "
                 "execution windows and the times Deck shows."),
    version=Str("The Spinnaker release being run, e.g. 1.30.0; shown in Deck and sent with usage statistics."),
    repository=Msg(Repository, "Artifact repositories (e.g. Artifactory) whose builds can trigger pipelines."),
    metricStores=Msg(MetricStores, "Where the monitoring daemon publishes the services' metrics."),
    spinnaker=Msg(Spinnaker, "Settings shared by all services, such as plugins."),
    managedDelivery=Msg(ManagedDelivery, "Managed delivery (keel)."),
    name=Str("The deployment's name in a Halyard file, e.g. default.",
             halyard="converted: it only names the deployment inside a Halyard file (chosen with "
                     "currentDeployment or --deployment); removed."),
    deploymentEnvironment=Any("Halyard's description of how to run Spinnaker: target account, sizing, "
                              "replicas, HA services, sidecars, tolerations and so on.",
                              halyard="the chart deploys the services; dropped: set sizing and workload settings "
                                      "in the chart values `services.<name>` and high availability in `ha`."),
    telemetry=Msg(Stats, "Halyard's earlier name for stats.",
                  halyard="converted: read as stats; give only one of the two."),
    plugins=Any("Halyard's old top-level plugin list.",
                halyard="removed from Halyard itself; dropped: list plugins under spinnaker.extensibility.plugins."),
    armory=Any("Settings of Armory's Halyard fork (Dinghy, Terraformer, diagnostics, ...).",
               halyard="these configure Armory's own services, which this chart does not deploy; dropped."),
)

HalyardFile = message(
    "HalyardFile", "A whole Halyard configuration file (~/.hal/config): one or more deployments and the one in use.",
    halyardVersion=Str("Version of Halyard that last wrote the file, e.g. 1.45.0; ignored."),
    currentDeployment=Str("Name of the deployment to render; --deployment overrides it. Optional when there is "
                          "only one."),
    deploymentConfigurations=List(Msg(Hal, "One deployment: a halconfig plus its Halyard name.")),
)
