"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message
from .common import Permissions


# kleat: Configuration for a Cloud Build account.
GoogleCloudBuildAccount = message(
    "GoogleCloudBuildAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The name of the Google Cloud project in which to trigger and monitor builds.
    project=Str(""),
    # kleat: The name of the Pub/Sub subscription on which to listen for build changes.
    subscriptionName=Str(""),
    # kleat: The path to a JSON service account that Spinnaker will use for credentials. You need this only if Spinnaker is not deployed on a Compute Engine VM, or if Spinnaker needs permissions not afforded to the VM.
    jsonKey=Str(""),
    # kleat: Fiat permissions configuration. A user must have at least a READ role to view this build account or use it as a trigger source. A user must have at least one of the WRITE roles in order to run builds.
    permissions=Msg(Permissions, ""),
)

# kleat: Configuration to use Google Cloud Build with Spinnaker, for continuous integration.
GoogleCloudBuild = message(
    "GoogleCloudBuild", "",
    # kleat: Whether Cloud Build is enabled as a CI provider.
    enabled=Bool(""),
    # kleat: The list of configured Cloud Build accounts.
    accounts=List(Msg(GoogleCloudBuildAccount, "")),
)

# kleat: Configuration for an AWS CodeBuild account.
CodeBuildAccount = message(
    "CodeBuildAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The AWS account ID that will be used to trigger CodeBuild builds.
    accountId=Str(""),
    # kleat: If set, Spinnaker configures a credentials provider that uses the AWS Security Token Service to assume the specified role.
    assumeRole=Str(""),
    # kleat: (Required) The AWS region in which your CodeBuild projects live.
    region=Str(""),
)

# kleat: Configuration to use AWS CodeBuild with Spinnnaker, for continuous integration.
CodeBuild = message(
    "CodeBuild", "",
    # kleat: Whether AWS CodeBuild is enabled as a CI provider.
    enabled=Bool(""),
    # kleat: The list of configured AWS CodeBuild accounts.
    accounts=List(Msg(CodeBuildAccount, "")),
    # kleat: Your AWS Access Key ID. If not provided, Spinnaker tries to find AWS credentials, as described at http://docs.aws.amazon.com/sdk-for-java/v1/developer-guide/credentials.html#credentials-default
    accessKeyId=Str(""),
    # kleat: Your AWS Secret Key.
    secretAccessKey=Str(""),
)

# kleat: Configuration for a Concourse account.
ConcourseAccount = message(
    "ConcourseAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The username of the Concourse user to authenticate as.
    username=Str(""),
    # kleat: (Required) The password of the Concourse user to authenticate as.
    password=Str(""),
    # kleat: (Required) The URL at which your Concourse search is reachable.
    url=Str(""),
    # kleat: Configuration for Fiat permissions. A user must have at least one of the READ roles in order to view this build account or use it as a trigger source. A user must have at least one of the WRITE roles in order to run jobs on this build account.
    permissions=Msg(Permissions, ""),
)

# kleat: Configuration to use Concourse with Spinnaker, for continuous integration.
Concourse = message(
    "Concourse", "",
    # kleat: Whether Concourse is enabled as a CI provider.
    enabled=Bool(""),
    # kleat: The list of configured Concourse accounts.
    masters=List(Msg(ConcourseAccount, "")),
)

# kleat: Configuration for a Jenkins account.
JenkinsAccount = message(
    "JenkinsAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The username of the Jenkins user to authenticate as.
    username=Str(""),
    # kleat: (Required) The password of the Jenkins user to authenticate as.
    password=Str(""),
    # kleat: (Required) The URL at which the Jenkins server is reachable.
    address=Str(""),
    # kleat: Whether or not to negotiate CSRF tokens when calling Jenkins.
    csrf=Bool(""),
    # kleat: Fiat permissions configuration. A user must have at least one of the READ roles in order to view this build account or use it as a trigger source. A user must have at least one of the WRITE roles in order to run jobs on this build account.
    permissions=Msg(Permissions, ""),
)

# kleat: Configuration to use Jenkins with Spinnaker, for continuous integration.
Jenkins = message(
    "Jenkins", "",
    # kleat: Whether Jenkins is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Jenkins accounts.
    masters=List(Msg(JenkinsAccount, "")),
)

# kleat: Configuration for a Travis account.
TravisAccount = message(
    "TravisAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The URL at which to reach the Travis API (https://api.travis-ci.org).
    address=Str(""),
    # kleat: (Required) The base URL at which to reach the Travis UI (https://travis-ci.org).
    baseUrl=Str(""),
    # kleat: The GitHub token with which to authenticate against Travis.
    githubToken=Str(""),
    # kleat: Fiat permissions configuration. A user must have at least one of the READ roles in order to view this build account or use it as a trigger source. A user must have at least one of the WRITE roles in order to run jobs on this build account.
    permissions=Msg(Permissions, ""),
    # kleat: The maximum number of jobs the Travis integration will retrieve per polling cycle. Defaults to `100`.
    numberOfJobs=Str(""),
    # kleat: The maximum number of builds Igor returns when querying for builds for a specific repo. This determines, for example, how many builds are displayed in the drop-down when a user starts a manual pipeline execution. If you set this too high, the Travis API might return an error for jobs that write many logs, so the default setting is only `10`.
    buildResultLimit=Str(""),
    # kleat: The list of repositories that will be scraped. This is useful if your organization uses many repositories and you want to speed things up by scanning only a subset.
    filteredRepositories=List(Str("")),
)

# kleat: Configuration to use Travis CI with Spinnaker, for continuous integration.
Travis = message(
    "Travis", "",
    # kleat: Whether Travis is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Travis accounts.
    masters=List(Msg(TravisAccount, "")),
)

# kleat: Configuration for a Wercker account.
WerckerAccount = message(
    "WerckerAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The address at which to reach your Wercker instance.
    address=Str(""),
    # kleat: The personal token of the Wercker user to authenticate as.
    token=Str(""),
    # kleat: The username of the Wercker user to authenticate as.
    user=Str(""),
    # kleat: Fiat permissions configuration. A user must have at least one of the READ roles in order to view this build account or use it as a trigger source. A user must have at least one of the WRITE roles in order to run jobs on this build account.
    permissions=Msg(Permissions, ""),
)

# kleat: Configuration to use Werker with Spinnaker, for continuous integration.
Wercker = message(
    "Wercker", "",
    # kleat: Whether Wercker is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Wercker accounts.
    masters=List(Msg(WerckerAccount, "")),
)

# kleat: Configuration to integrate Spinnaker with your continuous integration system.
Ci = message(
    "Ci", "",
    gcb=Msg(GoogleCloudBuild, ""),
    codebuild=Msg(CodeBuild, ""),
    concourse=Msg(Concourse, ""),
    jenkins=Msg(Jenkins, ""),
    travis=Msg(Travis, ""),
    wercker=Msg(Wercker, ""),
)
