"""The `repository` section: artifact repositories igor watches.

igor polls the configured Artifactory searches, and receives Nexus webhooks,
to learn about newly published artifacts that can trigger pipelines. Both
blocks are copied to igor.
"""
from .dsl import Bool, List, Msg, Str, messages
from .common import Permissions

message = messages("repository")


Artifactory_Search = message(
    "Artifactory_Search",
    "One Artifactory repository that igor polls for new artifacts; each search can back "
    "Artifactory triggers.",
    name=Str("Search name that Artifactory triggers refer to.", required=True),
    baseUrl=Str("Base URL of the Artifactory server, e.g. `https://artifactory.example.com/artifactory`."),
    repo=Str("Artifactory repository to poll, e.g. `libs-release-local`."),
    groupId=Str("Only report artifacts with this group ID, e.g. `com.example`."),
    repoType=Str("Package type of the repository: `MAVEN` (igor's default), `HELM` or `FILE`."),
    username=Str("Artifactory user igor authenticates as."),
    password=Str("Password of that Artifactory user.", secret=True),
    permissions=Msg(Permissions, "Fiat roles for the search (Halyard only).",
                    halyard="Halyard gave every search a permissions block, but igor has no access "
                    "control for Artifactory searches; dropped."),
)

Artifactory = message(
    "Artifactory",
    "JFrog Artifactory searches (igor).",
    enabled=Bool("Turn Artifactory polling on in igor."),
    searches=List(Msg(Artifactory_Search, "The repositories to poll.")),
)

Nexus_Search = message(
    "Nexus_Search",
    "One Sonatype Nexus repository whose asset webhooks (posted to igor at `/nexus/webhook`) "
    "become Maven artifact events for Nexus triggers. Not in kleat; igor reads it (Halyard wrote it "
    "too).",
    name=Str("Search name that Nexus triggers refer to.", required=True),
    baseUrl=Str("Nexus repository URL used to build browse links for the artifacts, e.g. "
                "`https://nexus.example.com/repository`."),
    repo=Str("Nexus repository name, e.g. `maven-releases`; webhooks are matched to the search by "
             "it unless node IDs are used."),
    nodeId=Str("Nexus node ID carried by the webhooks; when searches set it, incoming events are "
               "matched by node ID instead of by repository name."),
    username=Str("Nexus user igor authenticates as."),
    password=Str("Password of that Nexus user.", secret=True),
    permissions=Msg(Permissions, "Fiat roles for the search (Halyard only).",
                    halyard="Halyard gave every search a permissions block, but igor has no access "
                    "control for Nexus searches; dropped."),
)

Nexus = message(
    "Nexus",
    "Sonatype Nexus searches (igor). Not in kleat; igor reads the `nexus` block (Halyard wrote it too).",
    enabled=Bool("Turn Nexus webhook handling on in igor."),
    searches=List(Msg(Nexus_Search, "The repositories to watch.")),
)

Repository = message(
    "Repository",
    "Artifact repositories that igor learns about new artifacts from.",
    artifactory=Msg(Artifactory, "JFrog Artifactory."),
    nexus=Msg(Nexus, "Sonatype Nexus. Not in kleat; passed to igor."),
)
