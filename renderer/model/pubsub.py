"""The `pubsub` section: Google Cloud Pub/Sub subscriptions and publishers.

Copied to echo, which turns messages on the subscriptions into pipeline
triggers (for example on GCS uploads or GCR pushes) and publishes Spinnaker
events to the publishers' topics.
"""
from .dsl import Bool, Enum, Int, List, Msg, Str, messages

message = messages("pubsub")

MESSAGE_FORMAT = ('UNSPECIFIED', 'CUSTOM', 'GCB', 'GCS', 'GCR')

GoogleSubscriber = message(
    "GoogleSubscriber",
    "One Pub/Sub subscription echo pulls messages from; Pub/Sub triggers select it by name.",
    name=Str("Subscription name that Pub/Sub triggers refer to.", required=True),
    project=Str("Google Cloud project that holds the subscription."),
    subscriptionName=Str("Name of the existing subscription inside `project` (without the "
                         "`projects/.../subscriptions/` prefix)."),
    jsonPath=Str("Path to a service-account JSON key allowed to pull from the subscription; omit it "
                 "to use the pod's default Google credentials.", file=True),
    ackDeadlineSeconds=Int("Acknowledgement deadline of the subscription, in seconds, as set on it in "
                           "Pub/Sub (echo's default is 10)."),
    messageFormat=Enum(MESSAGE_FORMAT, "How to turn a message into artifacts: `GCS` (storage "
                       "notifications), `GCR` (container registry), `GCB` (Cloud Build), or `CUSTOM` "
                       "with your own template in `templatePath`."),
    templatePath=Str("Path to a Jinja template that maps a message to artifacts; used when "
                     "`messageFormat` is `CUSTOM`.", file=True),
)

GooglePublisher = message(
    "GooglePublisher",
    "One Pub/Sub topic echo publishes Spinnaker events to.",
    name=Str("Publisher name, used by notifications of type Pub/Sub to pick the topic.", required=True),
    project=Str("Google Cloud project that holds the topic."),
    topicName=Str("Name of the existing topic inside `project` (without the `projects/.../topics/` "
                  "prefix)."),
    jsonPath=Str("Path to a service-account JSON key allowed to publish to the topic; omit it to use "
                 "the pod's default Google credentials.", file=True),
    content=Str("What to publish: `ALL` events (echo's default) or only `NOTIFICATIONS`."),
)

Google = message(
    "Google",
    "Google Cloud Pub/Sub.",
    enabled=Bool("Turn Google Pub/Sub on in echo (needs `pubsub.enabled` too)."),
    subscriptions=List(Msg(GoogleSubscriber, "Subscriptions to listen on.")),
    publishers=List(Msg(GooglePublisher, "Topics to publish to.")),
    pubsubType=Str("Halyard's type tag for this block (always `GOOGLE`).",
                    halyard="Halyard's type tag for the block; the key `google` already says it and "
                    "echo never reads it; dropped."),
)

Pubsub = message(
    "Pubsub",
    "Pub/Sub integrations of echo.",
    enabled=Bool("Master switch for Pub/Sub in echo; each system also needs its own `enabled`."),
    google=Msg(Google, "Google Cloud Pub/Sub."),
)
