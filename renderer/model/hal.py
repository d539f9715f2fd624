"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message
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


Eureka = message(
    "Eureka", "",
    # kleat: Whether this persistent store is enabled.
    enabled=Bool(""),
)

# kleat: BaseImage information
KeelConfig_Plugins_Bakery_BaseImage = message(
    "KeelConfig_Plugins_Bakery_BaseImage", "",
    candidate=Str(""),
    unstable=Str(""),
    relase=Str(""),
    previous=Str(""),
)

# kleat: Bakery plugin
KeelConfig_Plugins_Bakery = message(
    "KeelConfig_Plugins_Bakery", "",
    enabled=Bool(""),
    baseImages=List(Msg(KeelConfig_Plugins_Bakery_BaseImage, "")),
)

# kleat: Enable delivery configuration
KeelConfig_Plugins_DeliveryConfig = message(
    "KeelConfig_Plugins_DeliveryConfig", "",
    enabled=Bool(""),
)

# kleat: EC2 plugin
KeelConfig_Plugins_EC2 = message(
    "KeelConfig_Plugins_EC2", "",
    enabled=Bool(""),
)

# kleat: Kubernetes plugin
KeelConfig_Plugins_Kubernetes = message(
    "KeelConfig_Plugins_Kubernetes", "",
    enabled=Bool(""),
)

# kleat: Titus plugin
KeelConfig_Plugins_Titus = message(
    "KeelConfig_Plugins_Titus", "",
    enabled=Bool(""),
)

# kleat: ManagedDelivery plugins
KeelConfig_Plugins = message(
    "KeelConfig_Plugins", "",
    bakery=Msg(KeelConfig_Plugins_Bakery, ""),
    deliveryConfig=Msg(KeelConfig_Plugins_DeliveryConfig, ""),
    ec2=Msg(KeelConfig_Plugins_EC2, ""),
    k8s=Msg(KeelConfig_Plugins_Kubernetes, ""),
    titus=Msg(KeelConfig_Plugins_Titus, ""),
)

# kleat: Frequency of checking keel resources
KeelConfig_ResourceCheck = message(
    "KeelConfig_ResourceCheck", "",
    minAgeDuration=Str(""),
)

# kleat: Frequency of refreshing keel artifacts
KeelConfig_ArtifactRefresh = message(
    "KeelConfig_ArtifactRefresh", "",
    frequency=Str(""),
)

# kleat: Enable notification
KeelConfig_Constraints_InteractiveNotifications = message(
    "KeelConfig_Constraints_InteractiveNotifications", "",
    enabled=Bool(""),
)

# kleat: ManualJudgement notification configuration
KeelConfig_Constraints_ManualJudgement = message(
    "KeelConfig_Constraints_ManualJudgement", "",
    # kleat: Notification where manual judgement is required
    interactiveNotifactions=Msg(KeelConfig_Constraints_InteractiveNotifications, ""),
)

# kleat: Constraints on sending system information
KeelConfig_Constraints = message(
    "KeelConfig_Constraints", "",
    manualJudgement=Msg(KeelConfig_Constraints_ManualJudgement, ""),
)

KeelConfig = message(
    "KeelConfig", "",
    # kleat: Managed Delivery plugins to be enabled
    plugins=Msg(KeelConfig_Plugins, ""),
    # kleat: Frequency of checking keel resources in duration string format (eg. 10s)
    resourceCheck=Msg(KeelConfig_ResourceCheck, ""),
    # kleat: Frequency of refreshing keel artifacts in ISO 8601 format
    artifactRefresh=Msg(KeelConfig_ArtifactRefresh, ""),
    # kleat: Constraints pertinent to actions to be done to the pipeline
    constraints=Msg(KeelConfig_Constraints, ""),
)

ManagedDelivery = message(
    "ManagedDelivery", "",
    # kleat: Whether ManagedDelivery is enabled.
    enabled=Bool(""),
    # kleat: Service discovery done through Eureka
    eureka=Msg(Eureka, ""),
    # kleat: Keel specific configuration
    keel=Msg(KeelConfig, ""),
)

# kleat: Configuration for a Spinnaker installation.
Hal = message(
    "Hal", "",
    persistentStorage=Msg(PersistentStorage, ""),
    providers=Msg(Providers, ""),
    artifacts=Msg(Artifacts, ""),
    notifications=Msg(Notifications, ""),
    pubsub=Msg(Pubsub, ""),
    ci=Msg(Ci, ""),
    stats=Msg(Stats, ""),
    features=Msg(Features, ""),
    webhook=Msg(WebhookConfig, ""),
    security=Msg(Security, ""),
    canary=Msg(Canary, ""),
    # kleat: The timezone in which your Spinnaker instance runs. This affects what the UI will display as well as how CRON triggers are run.
    timezone=Str(""),
    # kleat: Top-level Spinnaker version.
    version=Str(""),
    repository=Msg(Repository, ""),
    # kleat: Configuration for the Spinnaker monitoring daemon metric stores.
    metricStores=Msg(MetricStores, ""),
    spinnaker=Msg(Spinnaker, ""),
    # kleat: Configuration for ManagedDelivery's Keel component
    managedDelivery=Msg(ManagedDelivery, ""),
)
