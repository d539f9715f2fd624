"""The `ci` section: continuous-integration servers igor polls and triggers.

Each block (Jenkins, Travis, Concourse, Wercker, Google Cloud Build, AWS
CodeBuild) is copied to igor; Cloud Build accounts also go to echo, which
listens for their build notifications.
"""
from .dsl import Bool, Int, List, Msg, Read, Str, messages
from .common import Permissions

message = messages("ci")


def _ci(name, doc, what, key, account, entries_doc, **more):
    """A CI provider block: a switch and its servers (or accounts), then `more`."""
    return message(name, doc, enabled=Bool(f"Turn {what} support on."),
                   **{key: List(Msg(account, entries_doc))}, **more)


GoogleCloudBuildAccount = message(
    "GoogleCloudBuildAccount",
    "One Google Cloud Build project that pipelines can run builds in and be triggered by.",
    name=Str("Account name shown in Deck and used by triggers and Cloud Build stages.", required=True),
    project=Str("Google Cloud project whose builds are started and watched."),
    cloudBuildRegion=Str("Cloud Build region to run builds in through its regional endpoint, e.g. "
                         "`europe-west1`; the global endpoint when unset. Not in kleat; read by igor.",
                         reads=(Read(since="2026.1.0"),)),
    subscriptionName=Str("Pub/Sub subscription (in `project`) on the `cloud-builds` topic that echo "
                         "listens on for build status changes."),
    jsonKey=Str("Path to a service-account JSON key; omit it to use the pod's default Google "
                "credentials.", file=True),
    permissions=Msg(Permissions, "Fiat roles: READ to see the account and use it in triggers, WRITE "
                                 "to run builds with it."),
)

GoogleCloudBuild = _ci(
    "GoogleCloudBuild", "Google Cloud Build as a CI provider (igor and echo).",
    "Cloud Build", "accounts", GoogleCloudBuildAccount, "The Cloud Build accounts.")

CodeBuildAccount = message(
    "CodeBuildAccount",
    "One AWS account whose CodeBuild projects pipelines can run.",
    name=Str("Account name shown in Deck and used by CodeBuild stages.", required=True),
    accountId=Str("The 12-digit AWS account ID that owns the CodeBuild projects."),
    assumeRole=Str("IAM role igor assumes through STS to reach the projects: a full ARN, or "
                   "`role/NAME`, which igor combines with `accountId`."),
    region=Str("AWS region of the CodeBuild projects, e.g. `us-east-1`. Needed for the account to work."),
    permissions=Msg(Permissions, "Fiat roles for the account (Halyard only).", halyard="Halyard gave every CI account a permissions block, but igor "
                    "has no access control for CodeBuild accounts; dropped."),
)

CodeBuild = _ci(
    "CodeBuild", "AWS CodeBuild as a CI provider (igor).",
    "CodeBuild", "accounts", CodeBuildAccount, "The CodeBuild accounts.",
    accessKeyId=Str("AWS access key ID igor uses before assuming each account's role; leave empty to "
                    "use the default AWS credential chain (environment, instance or pod role)."),
    secretAccessKey=Str("AWS secret access key paired with `accessKeyId`.", secret=True),
)

ConcourseAccount = message(
    "ConcourseAccount",
    "One Concourse server that pipelines can be triggered by.",
    name=Str("Account name shown in Deck and used by Concourse triggers.", required=True),
    username=Str("Concourse user igor logs in as. Needed for the account to work."),
    password=Str("Password of that Concourse user.", secret=True),
    url=Str("Base URL of the Concourse web server, e.g. `https://concourse.example.com`."),
    permissions=Msg(Permissions, "Fiat roles: READ to see the account and use it in triggers, WRITE "
                                 "to run jobs on it."),
)

Concourse = _ci(
    "Concourse", "Concourse as a CI provider (igor).",
    "Concourse", "masters", ConcourseAccount, "The Concourse servers.")

JenkinsAccount = message(
    "JenkinsAccount",
    "One Jenkins server (a \"master\") that igor polls for builds and can start jobs on.",
    name=Str("Name of this Jenkins server in Spinnaker; triggers and Jenkins stages refer to it.",
             required=True),
    username=Str("Jenkins user igor authenticates as."),
    password=Str("Password or API token of that Jenkins user.", secret=True),
    token=Str("Bearer token igor sends instead of a user and password (e.g. for a Jenkins behind an "
              "OAuth proxy). Not in kleat; igor reads it.", secret=True),
    address=Str("Base URL of Jenkins, e.g. `https://jenkins.example.com/`."),
    csrf=Bool("Fetch a CSRF crumb before starting jobs; needed when Jenkins has CSRF protection on."),
    permissions=Msg(Permissions, "Fiat roles: READ to see the server and use it in triggers, WRITE "
                                 "to run jobs on it."),
    trustStore=Str("Path to a trust store with the CA of a Jenkins served over private TLS. Not in "
                   "kleat; igor reads it (Halyard wrote it too).", file=True),
    trustStoreType=Str("Format of `trustStore`, e.g. `JKS` or `PKCS12`; igor defaults to the JVM's "
                       "default type. Not in kleat; igor reads it."),
    trustStorePassword=Str("Password of `trustStore`. Not in kleat; igor reads it.", secret=True),
)

Jenkins = _ci(
    "Jenkins", "Jenkins as a CI provider (igor).",
    "Jenkins", "masters", JenkinsAccount, "The Jenkins servers.")

TravisAccount = message(
    "TravisAccount",
    "One Travis CI installation that igor polls for builds.",
    name=Str("Name of this Travis installation in Spinnaker; triggers refer to it.", required=True),
    address=Str("URL of the Travis API, e.g. `https://api.travis-ci.com`."),
    baseUrl=Str("URL of the Travis web UI, used for links to builds, e.g. `https://travis-ci.com`."),
    githubToken=Str("GitHub token igor uses to log in to Travis.", secret=True),
    permissions=Msg(Permissions, "Fiat roles: READ to see the installation and use it in triggers, "
                                 "WRITE to run jobs on it."),
    numberOfJobs=Str("How many jobs igor fetches per polling cycle (a number; igor's default is 100)."),
    buildResultLimit=Str("How many builds igor returns per repository, e.g. in the build picker of a "
                         "manual execution (a number; igor's default is 10; large values can make "
                         "Travis fail on jobs with big logs)."),
    filteredRepositories=List(Str("Repositories (`owner/name`) to poll; when set, igor ignores all "
                                  "others, which speeds up polling for large organisations.")),
    numberOfRepositories=Int("Maximum repositories polled per cycle (Halyard only).", halyard="Halyard's old polling limit; igor no longer reads it (it only "
                             "logs a deprecation warning). Use numberOfJobs instead."),
)

Travis = _ci(
    "Travis", "Travis CI as a CI provider (igor).",
    "Travis", "masters", TravisAccount, "The Travis installations.")

WerckerAccount = message(
    "WerckerAccount",
    "One Wercker installation igor can trigger and watch pipelines on.",
    name=Str("Name of this Wercker installation in Spinnaker; triggers and stages refer to it.",
             required=True),
    address=Str("URL of the Wercker instance, e.g. `https://app.wercker.com`."),
    token=Str("Personal access token of the Wercker user.", secret=True),
    user=Str("Wercker user igor acts as."),
    permissions=Msg(Permissions, "Fiat roles: READ to see the installation and use it in triggers, "
                                 "WRITE to run pipelines on it."),
)

Wercker = _ci(
    "Wercker", "Wercker as a CI provider (igor).",
    "Wercker", "masters", WerckerAccount, "The Wercker installations.")

Ci = message(
    "Ci",
    "CI systems Spinnaker starts builds on and takes triggers from; enabling any of them runs igor.",
    gcb=Msg(GoogleCloudBuild, "Google Cloud Build."),
    codebuild=Msg(CodeBuild, "AWS CodeBuild."),
    concourse=Msg(Concourse, "Concourse."),
    jenkins=Msg(Jenkins, "Jenkins."),
    travis=Msg(Travis, "Travis CI."),
    wercker=Msg(Wercker, "Wercker. igor dropped Wercker support in 2026.1.0 (the hosted service closed "
                         "in 2022), so for 2026.1 and later this section is not written and a warning "
                         "says so.", reads=(Read(until="2026.1.0"),)),
)
