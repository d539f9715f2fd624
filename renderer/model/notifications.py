"""The `notifications` section: channels echo sends pipeline notifications to.

Slack, Twilio, GitHub status, Google Chat, Microsoft Teams and CDEvents
settings are copied to echo. Deck gets the blocks of the channels it can offer
in its notification editor, without their tokens (settings.js is served to
every browser); like Halyard's and Deck's own settings.js templates, it offers
email, Google Chat, Microsoft Teams, Pub/Sub and CDEvents unless the halconfig
switches one off.
"""
from .dsl import Bool, Msg, Read, Str, messages

message = messages("notifications")


Slack = message(
    "Slack",
    "Slack notifications sent by a Slack bot (or an incoming webhook).",
    enabled=Bool("Offer Slack as a notification channel and let echo send to it."),
    botName=Str("Name of the Slack bot user, shown in Deck, e.g. `spinnakerbot`."),
    token=Str("Bot user OAuth token (`xoxb-...`) echo posts with.", secret=True),
    baseUrl=Str("Slack API URL; set it only when talking to a Slack-compatible service."),
    forceUseIncomingWebhook=Bool("Always post through incoming webhooks instead of the bot API "
                                 "(only for Slack-compatible services that need it)."),
)

Twilio = message(
    "Twilio",
    "SMS notifications sent through Twilio.",
    enabled=Bool("Offer SMS as a notification channel and let echo send it."),
    account=Str("Twilio account SID, e.g. `ACxxxxxxxx`."),
    token=Str("Twilio auth token for that account.", secret=True),
    baseUrl=Str("Twilio API URL; set only to override `https://api.twilio.com/`."),
    from_=Str("Twilio phone number the messages come from, e.g. `+1234-567-8910`."),
)

GithubStatus = message(
    "GithubStatus",
    "Pipeline results posted as GitHub commit statuses.",
    enabled=Bool("Offer GitHub commit statuses as a notification channel and let echo post them."),
    token=Str("GitHub token with the `repo:status` scope that echo posts statuses with.", secret=True),
)

BearyChat = message(
    "BearyChat",
    "BearyChat notifications.",
    enabled=Bool("Offer BearyChat as a notification channel in Deck."),
)

Email = message(
    "Email",
    "Email notifications (echo's SMTP settings come from its own Spring config, not from here).",
    enabled=Bool("Offer email as a notification channel in Deck (offered unless set to false; echo sends "
                 "mail only with `mail.enabled` in its own profile)."),
)

GoogleChat = message(
    "GoogleChat",
    "Google Chat notifications (sent to room webhooks given per pipeline).",
    enabled=Bool("Offer Google Chat as a notification channel in Deck (offered unless set to false) and turn "
                 "echo's Google Chat sender on (echo reads `googlechat.enabled`; kleat never wrote it)."),
)

PubSub = message(
    "PubSub",
    "Notifications published to a Pub/Sub topic (see the `pubsub` section for publishers).",
    enabled=Bool("Offer Pub/Sub as a notification channel in Deck (offered unless set to false)."),
)

MicrosoftTeams = message(
    "MicrosoftTeams",
    "Microsoft Teams notifications (sent to channel webhooks given per pipeline).",
    enabled=Bool("Turn Microsoft Teams notifications on in echo (Deck offers the channel unless this is "
                 "false)."),
    templatePath=Str("Directory holding custom Jinja templates (`event-notification.jinja`, "
                     "`pipeline-notification.jinja`) for the Adaptive Cards echo sends, e.g. "
                     "`/var/secrets/teams-templates`; echo's bundled templates when unset. Not in kleat; "
                     "read by echo.", reads=(Read(since="2026.2.0"),)),
)

CDEvents = message(
    "CDEvents",
    "CDEvents notifications: pipeline events sent as CloudEvents to a broker URL given per pipeline.",
    enabled=Bool("Turn echo's CDEvents sender on (echo reads `cdevents.enabled`, 2025.0 and later) and "
                 "offer CDEvents as a notification channel in Deck (offered unless set to false). Not in "
                 "kleat."),
)

Notifications = message(
    "Notifications",
    "Notification channels for pipeline and stage events.",
    slack=Msg(Slack, "Slack."),
    twilio=Msg(Twilio, "SMS through Twilio."),
    githubStatus=Msg(GithubStatus, "GitHub commit statuses. Halyard spelled it `github-status`.",
                     aliases=("github-status",)),
    bearychat=Msg(BearyChat, "BearyChat."),
    email=Msg(Email, "Email."),
    googlechat=Msg(GoogleChat, "Google Chat."),
    pubsub=Msg(PubSub, "Pub/Sub."),
    microsoftteams=Msg(MicrosoftTeams, "Microsoft Teams."),
    cdevents=Msg(CDEvents, "CDEvents."),
)
