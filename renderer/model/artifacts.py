"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message


# kleat: Configuration for a Bitbucket artifact account. For each account, set both `username` and `password`, or set `usernamePasswordFile`.
BitbucketAccount = message(
    "BitbucketAccount", "",
    # kleat: The name of the account, which must be unique among configured Bitbucket accounts.
    name=Str(""),
    # kleat: The username of the account.
    username=Str(""),
    # kleat: The password of the account.
    password=Str(""),
    # kleat: The path to a file containing the username and password of the account in the format `${username}:${password}`.
    usernamePasswordFile=Str(""),
)

# kleat: Configuration for the Bitbucket artifact provider.
Bitbucket = message(
    "Bitbucket", "",
    # kleat: Whether the Bitbucket artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Bitbucket accounts.
    accounts=List(Msg(BitbucketAccount, "")),
)

# kleat: Configuration for a Google Cloud Storage artifact account.
GcsAccount = message(
    "GcsAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The path to a JSON key to authenticate a Google Cloud service account. The service account must have the `roles/storage.admin` role enabled.
    jsonPath=Str(""),
)

# kleat: Configuration for the Google Cloud Storage artifact provider.
Gcs = message(
    "Gcs", "",
    # kleat: Whether the Google Cloud Storage artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Cloud Storage accounts.
    accounts=List(Msg(GcsAccount, "")),
)

# kleat: Configuration for a GitHub artifact account. For each account, set one of the following:  * `username` and `password` * `usernamePasswordFile` * `token` * `tokenFile`.
GitHubAccount = message(
    "GitHubAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The GitHub account username.
    username=Str(""),
    # kleat: The GitHub account password.
    password=Str(""),
    # kleat: The path to a file containing the username and password for the account in the format `${username}:${password}`.
    usernamePasswordFile=Str(""),
    # kleat: The GitHub access token.
    token=Str(""),
    # kleat: The path to a file containing the GitHub access token.
    tokenFile=Str(""),
)

# kleat: Configuration for the GitHub artifact provider.
GitHub = message(
    "GitHub", "",
    # kleat: Whether the GitHub artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured GitHub accounts.
    accounts=List(Msg(GitHubAccount, "")),
)

# kleat: Configuration for a GitLab artifact account. For authentication, specify either `token` or `tokenFile`.
GitLabAccount = message(
    "GitLabAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The GitLab access token.
    token=Str(""),
    # kleat: The path to a file containing the GitLab access token.
    tokenFile=Str(""),
)

# kleat: Configuration for the GitLab artifact provider.
GitLab = message(
    "GitLab", "",
    # kleat: Whether the GitLab artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured GitLab accounts.
    accounts=List(Msg(GitLabAccount, "")),
)

# kleat: Configuration for a Git repo artifact account. An account configured here maps to a credential that can authenticate against a Git repository hosted by a Git hosting service.  For authentication, set one of the following: * `username` and `password` * `usernamePasswordFile` * `token` * `tokenFile` * `sshPrivateKeyFilePath` and `sshPrivateKeyPassphrase`
GitRepoAccount = message(
    "GitRepoAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The username of the account.
    username=Str(""),
    # kleat: The password of the account.
    password=Str(""),
    # kleat: The path to a file containing the username and password of the account in the format `${username}:${password}`.
    usernamePasswordFile=Str(""),
    # kleat: The access token for the repository.
    token=Str(""),
    # kleat: The path to a file containing the repository access token.
    tokenFile=Str(""),
    # kleat: The path to an SSH private key to be used when connecting with the repository over SSH.
    sshPrivateKeyFilePath=Str(""),
    # kleat: The passphrase to an SSH private key to be used when connecting with the repository over SSH.
    sshPrivateKeyPassphrase=Str(""),
    # kleat: The path to a `known_hosts` file to be used when connecting with a repository over SSH.
    sshKnownHostsFilePath=Str(""),
    # kleat: If `true`, Spinnaker can connect with a Git repository over SSH without verifying the server's IP address against a `known_hosts` file.
    sshTrustUnknownHosts=Bool(""),
)

# kleat: Configuration for the Git repo artifact provider.
GitRepo = message(
    "GitRepo", "",
    # kleat: Whether the Git repo artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Git Repo accounts.
    accounts=List(Msg(GitRepoAccount, "")),
)

# kleat: Configuration for a Helm artifact account. For authentication, specify either `username` and `password` or `usernamePasswordFile`.
HelmAccount = message(
    "HelmAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The Helm chart repository URL.
    repository=Str(""),
    # kleat: A username for Helm chart repository basic authentication.
    username=Str(""),
    # kleat: A password for Helm chart repository basic authentication.
    password=Str(""),
    # kleat: The path to a file containing the username and password for Helm chart repository basic authentication. Must be in the format `${username}:${password}`.
    usernamePasswordFile=Str(""),
)

# kleat: Configuration for the Helm artifact provider.
Helm = message(
    "Helm", "",
    # kleat: Whether the Helm artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Helm accounts.
    accounts=List(Msg(HelmAccount, "")),
)

# kleat: Configuration for an HTTP artifact account. For authentication, specify either `username` and `password` or `usernamePasswordFile`.
HttpAccount = message(
    "HttpAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: A username for HTTP basic authentication.
    username=Str(""),
    # kleat: A password for HTTP basic authentication.
    password=Str(""),
    # kleat: The path to a file containing the username and password for HTTP basic authentication. Contents of the file must be in the format `${username}:${password}`.
    usernamePasswordFile=Str(""),
)

# kleat: Configuration for the HTTP artifact provider.
Http = message(
    "Http", "",
    # kleat: Whether the HTTP artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured HTTP accounts.
    accounts=List(Msg(HttpAccount, "")),
)

# kleat: Configuration for a Maven artifact account.
MavenAccount = message(
    "MavenAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The full URI for the Maven repository (for example, `http://some.host.com/repository/path`).
    repositoryUrl=Str(""),
)

# kleat: Configuration for the Maven artifact provider.
Maven = message(
    "Maven", "",
    # kleat: Whether the Maven artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Maven accounts.
    accounts=List(Msg(MavenAccount, "")),
)

# kleat: Configuration for an Oracle artifact account.
OracleAccount = message(
    "OracleAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The fingerprint of the public key.
    fingerprint=Str(""),
    # kleat: The namespace in which the bucket and objects will be created.
    namespace=Str(""),
    # kleat: The passphrase used for the private key, if it is encrypted.
    privateKeyPassphrase=Str(""),
    # kleat: An Oracle region (for example, `us-phoenix-1`).
    region=Str(""),
    # kleat: Path to the private key in PEM format.
    sshPrivateKeyFilePath=Str(""),
    # kleat: The OCID of the Oracle Tenancy to use.
    tenancyId=Str(""),
    # kleat: The OCID of the Oracle User with which to authenticate.
    userId=Str(""),
)

# kleat: Configuration for the Oracle artifact provider.
Oracle = message(
    "Oracle", "",
    # kleat: Whether the Oracle artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured Oracle artifact accounts.
    accounts=List(Msg(OracleAccount, "")),
)

# kleat: Configuration for an S3 artifact account.
S3Account = message(
    "S3Account", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The S3 API endpoint. This is only required when using an S3 clone such as Minio.
    apiEndpoint=Str(""),
    # kleat: The S3 API region. This is only required when using an S3 clone such as Minio.
    apiRegion=Str(""),
    # kleat: The AWS Access Key ID. If this isn't provided, Spinnaker tries to find AWS credentials, as described at http://docs.aws.amazon.com/sdk-for-java/v1/developer-guide/credentials.html#credentials-default.
    awsAccessKeyId=Str(""),
    # kleat: The AWS Secret Key.
    awsSecretAccessKey=Str(""),
    # kleat: The S3 region.
    region=Str(""),
)

# kleat: Configuration for the S3 artifact provider.
S3 = message(
    "S3", "",
    # kleat: Whether the S3 artifact provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured S3 artifact accounts.
    accounts=List(Msg(S3Account, "")),
)

# kleat: Configuration for a Jinja template for Spinnaker to use for artifact extraction. For more details, please read the documentation: https://www.spinnaker.io/reference/artifacts/from-build-triggers/#artifacts-from-build-triggers
Template = message(
    "Template", "",
    # kleat: The name of the artifact template.
    name=Str(""),
    # kleat: The path to the artifact template.
    templatePath=Str(""),
)

# kleat: Configuration for artifact support.
Artifacts = message(
    "Artifacts", "",
    bitbucket=Msg(Bitbucket, ""),
    gcs=Msg(Gcs, ""),
    github=Msg(GitHub, ""),
    gitlab=Msg(GitLab, ""),
    gitrepo=Msg(GitRepo, ""),
    helm=Msg(Helm, ""),
    http=Msg(Http, ""),
    maven=Msg(Maven, ""),
    oracle=Msg(Oracle, ""),
    s3=Msg(S3, ""),
    templates=List(Msg(Template, "")),
)
