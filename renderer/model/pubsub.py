"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message

MESSAGE_FORMAT = ('UNSPECIFIED', 'CUSTOM', 'GCB', 'GCS', 'GCR')

# kleat: Configuration for a Google Cloud Pub/Sub subscriber.
GoogleSubscriber = message(
    "GoogleSubscriber", "",
    # kleat: The name of the subscriber account.
    name=Str(""),
    # kleat: The name of the GCP project your subscription lives in.
    project=Str(""),
    # kleat: The name of the subscription to listen to. This identifier does not include the name of the project, and must already be configured.
    subscriptionName=Str(""),
    # kleat: The path to a JSON service account that Spinnaker will use as credentials. This is only needed if Spinnaker is not deployed on a Google Compute Engine VM, or needs permissions not afforded to the VM it is running on. See https://cloud.google.com/compute/docs/access/service-accounts for more information.
    jsonPath=Str(""),
    # kleat: The acknowledgement deadline as configured on the Pub/Sub subscription.
    ackDeadlineSeconds=Int(""),
    # kleat: The format of the incoming message. Used to translate the incoming message into Spinnaker artifacts.
    messageFormat=Enum(MESSAGE_FORMAT, ""),
    # kleat: A path to a jinja template that specifies how artifacts from this pubsub system are interpreted and transformed into Spinnaker artifacts. Only used if messageFormat is set to CUSTOM.
    templatePath=Str(""),
)

# kleat: Configuration for a Google Cloud Pub/Sub publisher.
GooglePublisher = message(
    "GooglePublisher", "",
    # kleat: The name of the publisher account.
    name=Str(""),
    # kleat: The name of the GCP project your topic lives in.
    project=Str(""),
    # kleat: The name of the topic to publish to. This identifier does not include the name of the project, and must already be configured.
    topicName=Str(""),
    # kleat: The path to a JSON service account that Spinnaker will use as credentials. This is only needed if Spinnaker is not deployed on a Google Compute Engine VM, or needs permissions not afforded to the VM it is running on. See https://cloud.google.com/compute/docs/access/service-accounts for more information.
    jsonPath=Str(""),
    # kleat: The content to publish to the topic. Must be one of ALL or NOTIFICATIONS.
    content=Str(""),
)

# kleat: Configuration for Google Cloud Pub/Sub integration.
Google = message(
    "Google", "",
    # kleat: Whether Google Cloud Pub/Sub is enabled.
    enabled=Bool(""),
    # kleat: The list of configured subscriptions.
    subscriptions=List(Msg(GoogleSubscriber, "")),
    # kleat: The list of configured publishers.
    publishers=List(Msg(GooglePublisher, "")),
)

# kleat: Configuration for Pub/Sub integration.
Pubsub = message(
    "Pubsub", "",
    # kleat: Whether Pub/Sub is enabled.
    enabled=Bool(""),
    # kleat: Configuration for the Google Cloud Pub/Sub integration.
    google=Msg(Google, ""),
)
