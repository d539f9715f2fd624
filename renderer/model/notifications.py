"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message


# kleat: Configuration for Slack notifications.
Slack = message(
    "Slack", "",
    # kleat: Whether Slack notifications are enabled.
    enabled=Bool(""),
    # kleat: The name of your Slack bot.
    botName=Str(""),
    # kleat: Your Slack bot token.
    token=Str("", secret=True),
    # kleat: Slack endpoint. Optional, can only be set if using a compatible API.
    baseUrl=Str(""),
    # kleat: Force usage of incoming webhooks endpoint for Slack. Optional, only set if using a compatible API.
    forceUseIncomingWebhook=Bool(""),
)

# kleat: Configuration for Twilio notifications.
Twilio = message(
    "Twilio", "",
    # kleat: Whether Twilio notifications are enabled.
    enabled=Bool(""),
    # kleat: Your Twilio account SID.
    account=Str(""),
    # kleat: Your Twilio auth token.
    token=Str("", secret=True),
    # kleat: The endpoint of the Twilio API. Optional, only set if overriding the default.
    baseUrl=Str(""),
    # kleat: The phone number from which the SMS will be sent (e.g., +1234-567-8910).
    from_=Str(""),
)

# kleat: Configuration for Github status notifications.
GithubStatus = message(
    "GithubStatus", "",
    # kleat: Whether GitHub status notifications are enabled.
    enabled=Bool(""),
    # kleat: Your GitHub account token.
    token=Str("", secret=True),
)

# kleat: Configuration for BearyChat notifications.
BearyChat = message(
    "BearyChat", "",
    # kleat: Whether BearyChat notifications are enabled.
    enabled=Bool(""),
)

# kleat: Configuration for Email notifications.
Email = message(
    "Email", "",
    # kleat: Whether Email notifications are enabled.
    enabled=Bool(""),
)

# kleat: Configuration for Google Chat notifications.
GoogleChat = message(
    "GoogleChat", "",
    # kleat: Whether Google Chat notifications are enabled.
    enabled=Bool(""),
)

# kleat: Configuration for Pub/Sub notifications.
PubSub = message(
    "PubSub", "",
    # kleat: Whether Pub/Sub notifications are enabled.
    enabled=Bool(""),
)

# kleat: Configuration for Microsoft Teams notifications.
MicrosoftTeams = message(
    "MicrosoftTeams", "",
    # kleat: Whether Microsoft Teams notifications are enabled.
    enabled=Bool(""),
)

# kleat: Configuration for notifications.
Notifications = message(
    "Notifications", "",
    slack=Msg(Slack, ""),
    twilio=Msg(Twilio, ""),
    githubStatus=Msg(GithubStatus, ""),
    bearychat=Msg(BearyChat, ""),
    email=Msg(Email, ""),
    googlechat=Msg(GoogleChat, ""),
    pubsub=Msg(PubSub, ""),
    microsoftteams=Msg(MicrosoftTeams, ""),
)
