"""The `artifacts` section: artifact accounts and artifact templates.

Each provider block holds the accounts clouddriver (and echo) use to fetch
artifacts such as files from Git hosts, HTTP servers, buckets or Helm
repositories; `templates` are the Jinja templates igor uses to turn CI build
output into artifacts.
"""
from .dsl import Bool, List, Msg, Read, Str, messages

message = messages("artifacts")

# clouddriver validates user-given artifact URLs against `urlRestrictions`
# since 2025.1.6, 2025.2.3 and 2025.3.0 (a security fix backported to patches).
URL_RESTRICTIONS_READS = (Read(since="2025.1.6", until="2025.2.0"), Read(since="2025.2.3"))
# Git repo accounts read `allowedHosts` since 2025.3.2, 2025.4.2 and 2026.0.
ALLOWED_HOSTS_READS = (Read(since="2025.3.2", until="2025.4.0"), Read(since="2025.4.2"))

UrlRestrictions = message(
    "UrlRestrictions",
    "Which URLs pipelines may make clouddriver fetch with this account's credentials (clouddriver's "
    "`HttpUrlRestrictions`). Read since 2025.1.6, 2025.2.3 and 2025.3.0; unset, clouddriver's defaults "
    "apply, which reject localhost, link-local and bare-IP URLs, single-label host names and hosts under "
    "`.spinnaker`, `.local`, `.localdomain` and `.internal`, so an in-cluster host such as "
    "`charts.ns.svc.cluster.local` needs `excludedDomains` set here.",
    allowedHostnamesRegex=Str("Regular expression every host name must match; clouddriver's default "
                              "`.*\\..+` refuses names without a dot."),
    allowedSchemes=List(Str("A URL scheme allowed, e.g. `https`; default http and https.")),
    rejectLocalhost=Bool("Refuse localhost and loopback addresses (default true)."),
    rejectLinkLocal=Bool("Refuse link-local addresses such as the cloud metadata endpoint (default true)."),
    rejectVerbatimIps=Bool("Refuse URLs that name an IP address instead of a host (default true)."),
    allowedDomains=List(Str("A domain whose hosts (and sub-domains) are allowed; when any is given, only "
                            "these are, e.g. `github.com`.")),
    rejectedIps=List(Str("An IP address or CIDR range to refuse, e.g. `10.0.0.0/8`.")),
    excludedDomainTemplate=Str("Pattern (with `%s` for the domain) a host must not match for each of "
                               "`excludedDomains`; leave unset."),
    excludedDomains=List(Str("A domain whose hosts are refused; the list replaces clouddriver's default "
                             "(spinnaker, local, localdomain, internal). An empty list counts as unset, so to "
                             "allow all of those name one you never use, e.g. `[invalid]`.")),
    excludedDomainsFromEnvironment=List(Str("The name of an environment variable whose value is a domain "
                                            "to refuse, e.g. `POD_NAMESPACE`.")),
    extraExcludedPatterns=List(Str("A further regular expression of host names to refuse.")),
)


def _url_restrictions():
    return Msg(UrlRestrictions, "Which URLs this account may fetch. Not in kleat; read by clouddriver.",
               reads=URL_RESTRICTIONS_READS)


def _provider(name, what, account):
    """An artifact provider block: a switch and its accounts."""
    return message(name, f"{what} artifact accounts.",
                   enabled=Bool(f"Turn {what} artifact support on in clouddriver."),
                   accounts=List(Msg(account, f"The {what} accounts.")))


def _name():
    return Str("Account name that pipelines and triggers refer to.", required=True)


BitbucketAccount = message(
    "BitbucketAccount",
    "One Bitbucket account for fetching files from Bitbucket repositories. Authenticate with a "
    "username and password, a username:password file, or a token (inline or from a file).",
    name=Str("Account name that pipelines and triggers refer to; unique among Bitbucket accounts.",
             required=True),
    username=Str("Bitbucket user to authenticate as, together with `password`."),
    password=Str("Password (or app password) for `username`.", secret=True),
    usernamePasswordFile=Str("Path to a file holding `username:password`, used instead of the two "
                             "separate fields, e.g. `/var/secrets/bitbucket`.", file=True),
    token=Str("Bitbucket access token sent as a bearer token. Not in kleat; clouddriver reads it "
              "(Halyard wrote it too).", secret=True),
    tokenFile=Str("Path to a file holding the access token. Not in kleat; clouddriver reads it "
                  "(Halyard wrote it too).", file=True),
    urlRestrictions=_url_restrictions(),
)

Bitbucket = _provider("Bitbucket", "Bitbucket", BitbucketAccount)

GcsAccount = message(
    "GcsAccount",
    "One Google Cloud Storage account for reading `gs://` objects as artifacts.",
    name=_name(),
    jsonPath=Str("Path to a service-account JSON key with read access to the buckets; omit it to "
                 "use the pod's default Google credentials.", file=True),
)

Gcs = _provider("Gcs", "Google Cloud Storage", GcsAccount)


def _github_app_complete(app):
    # kork's GitHubAppCredentials refuses these at start-up, so clouddriver would not start.
    for name in ("appId", "appPrivateKeyPath"):
        if not app.get(name):
            return name, f"a GitHub App needs {name} (clouddriver refuses the account at start-up without it)."
    installation = app.get("appInstallationId")
    if installation and not str(installation).strip().isdigit():
        return "appInstallationId", f"must be the numeric installation ID, got {installation!r}."
    return None


# kork-github's GitHubAppCredentials, bound under an artifact account's `githubApp`.
# Merged to Spinnaker's main on 2026-08-21 (commit 8f1801da), after the 2026.3
# branch was cut on the eight-week cadence; 2026.4.0 is the first release with it.
GITHUB_APP_READS = (Read(since="2026.4.0"),)

ArtifactGitHubApp = message(
    "ArtifactGitHubApp",
    "Authenticate as a GitHub App instead of a user: short-lived installation tokens, higher rate "
    "limits. Takes precedence over the account's other credentials.",
    checks=(_github_app_complete,),
    appId=Str("The GitHub App's ID."),
    appPrivateKeyPath=Str("Path, inside the clouddriver container, to the App's PEM private key "
                          "(e.g. under /var/secrets from `secrets.files`).", file=True),
    appInstallationId=Str("Numeric ID of the App's installation to use. When unset, the installation is "
                          "looked up from the owner of each repository fetched."),
    allowedOrganizations=List(Str("Repository owner the App may fetch from when the installation is looked "
                                  "up per repository; none listed: any owner that installed the App.")),
    apiBaseUrl=Str("GitHub API URL, for GitHub Enterprise (e.g. https://ghe.example.com/api/v3); "
                   "https://api.github.com when unset."),
)


def _github_app():
    return Msg(ArtifactGitHubApp, "GitHub App credentials; read from 2026.4.0.", reads=GITHUB_APP_READS)


GitHubAccount = message(
    "GitHubAccount",
    "One GitHub account for fetching files through the GitHub API. Authenticate with a username "
    "and password, a username:password file, a token, a token file, or (from 2026.4.0) a GitHub App.",
    name=_name(),
    username=Str("GitHub user to authenticate as, together with `password`."),
    password=Str("Password for `username`.", secret=True),
    usernamePasswordFile=Str("Path to a file holding `username:password`.", file=True),
    token=Str("GitHub personal access token.", secret=True),
    tokenFile=Str("Path to a file holding a GitHub personal access token.", file=True),
    githubApp=_github_app(),
    urlRestrictions=_url_restrictions(),
)

GitHub = _provider("GitHub", "GitHub", GitHubAccount)

GitLabAccount = message(
    "GitLabAccount",
    "One GitLab account for fetching files through the GitLab API, authenticated by a token.",
    name=_name(),
    token=Str("GitLab personal access token.", secret=True),
    tokenFile=Str("Path to a file holding a GitLab personal access token.", file=True),
    urlRestrictions=_url_restrictions(),
)

GitLab = _provider("GitLab", "GitLab", GitLabAccount)

GitRepoAccount = message(
    "GitRepoAccount",
    "One credential for cloning whole Git repositories (over HTTPS or SSH) as `git/repo` "
    "artifacts, whatever the hosting service. Use a username and password, a token, or an SSH key.",
    name=_name(),
    username=Str("User for HTTPS clones, together with `password`."),
    password=Str("Password for `username`.", secret=True),
    usernamePasswordFile=Str("Path to a file holding `username:password` for HTTPS clones. Current "
                             "clouddriver releases ignore it for Git repo accounts; use `username` "
                             "and `password` (or a token) instead.", file=True),
    token=Str("Access token for HTTPS clones.", secret=True),
    tokenFile=Str("Path to a file holding an access token for HTTPS clones.", file=True),
    sshPrivateKeyFilePath=Str("Path to the SSH private key used for `git@...` / `ssh://` clones.", file=True),
    sshPrivateKeyPassphrase=Str("Passphrase of that SSH private key, if it is encrypted.", secret=True),
    sshKnownHostsFilePath=Str("Path to a `known_hosts` file used to verify Git servers over SSH.", file=True),
    sshTrustUnknownHosts=Bool("Accept any SSH host key instead of checking `known_hosts` "
                              "(convenient, but open to man-in-the-middle attacks)."),
    allowedHosts=List(Str("A Git host this account may clone from (the host and its sub-domains), e.g. "
                          "`github.com`; none: any host (clouddriver logs a warning). Not in kleat; "
                          "read by clouddriver.", reads=ALLOWED_HOSTS_READS)),
    githubApp=_github_app(),
)

GitRepo = _provider("GitRepo", "Git repository", GitRepoAccount)

HelmAccount = message(
    "HelmAccount",
    "One Helm chart repository, from which charts are fetched as `helm/chart` artifacts.",
    name=_name(),
    repository=Str("URL of the chart repository (the location of its `index.yaml`), e.g. "
                   "`https://charts.example.com`."),
    username=Str("User for HTTP basic authentication to the repository."),
    password=Str("Password for `username`.", secret=True),
    usernamePasswordFile=Str("Path to a file holding `username:password` for the repository.", file=True),
)

Helm = _provider("Helm", "Helm chart repository", HelmAccount)

HttpAccount = message(
    "HttpAccount",
    "One account for downloading artifacts from plain HTTP(S) URLs, optionally with basic "
    "authentication.",
    name=_name(),
    username=Str("User for HTTP basic authentication."),
    password=Str("Password for `username`.", secret=True),
    usernamePasswordFile=Str("Path to a file holding `username:password`.", file=True),
    urlRestrictions=_url_restrictions(),
)

Http = _provider("Http", "HTTP", HttpAccount)

MavenAccount = message(
    "MavenAccount",
    "One Maven repository from which artifacts are resolved by coordinates.",
    name=_name(),
    repositoryUrl=Str("Full URL of the Maven repository, e.g. "
                      "`https://repo.example.com/repository/releases`. Needed for the account to work."),
)

Maven = _provider("Maven", "Maven", MavenAccount)

OracleAccount = message(
    "OracleAccount",
    "One Oracle Cloud Object Storage account for reading objects as artifacts, authenticated "
    "with an OCI API signing key.",
    name=_name(),
    fingerprint=Str("Fingerprint of the API signing key uploaded for the user, e.g. `12:34:...:ef`."),
    namespace=Str("Object Storage namespace that holds the buckets."),
    privateKeyPassphrase=Str("Passphrase of the API private key, if it is encrypted.", secret=True),
    region=Str("OCI region, e.g. `us-phoenix-1`."),
    sshPrivateKeyFilePath=Str("Path to the API signing private key (PEM).", file=True),
    tenancyId=Str("OCID of the tenancy."),
    userId=Str("OCID of the user the key belongs to."),
)

Oracle = _provider("Oracle", "Oracle Object Storage", OracleAccount)

S3Account = message(
    "S3Account",
    "One account for reading `s3://` objects as artifacts, from AWS S3 or an S3-compatible store.",
    name=_name(),
    apiEndpoint=Str("S3 API endpoint; set it only for an S3-compatible store such as MinIO, e.g. "
                    "`http://minio:9000`."),
    apiRegion=Str("Region to sign requests for at `apiEndpoint` (S3-compatible stores only)."),
    awsAccessKeyId=Str("AWS access key ID; leave empty to use the default AWS credential chain "
                       "(environment, instance or pod role)."),
    awsSecretAccessKey=Str("AWS secret access key paired with `awsAccessKeyId`.", secret=True),
    region=Str("AWS region of the buckets, e.g. `us-west-2`."),
)

S3 = _provider("S3", "S3", S3Account)

Template = message(
    "Template",
    "A Jinja template that tells igor how to extract artifacts from a CI build (for example from "
    "a Jenkins property file).",
    name=Str("Template name that build triggers and stages refer to.", required=True),
    templatePath=Str("Path to the Jinja template file inside the igor container.", file=True),
)

Artifacts = message(
    "Artifacts",
    "Artifact accounts per provider, and artifact templates for CI builds.",
    bitbucket=Msg(Bitbucket, "Bitbucket accounts."),
    gcs=Msg(Gcs, "Google Cloud Storage accounts."),
    github=Msg(GitHub, "GitHub accounts."),
    gitlab=Msg(GitLab, "GitLab accounts."),
    gitrepo=Msg(GitRepo, "Accounts for cloning Git repositories."),
    helm=Msg(Helm, "Helm chart repositories."),
    http=Msg(Http, "Plain HTTP(S) download accounts."),
    maven=Msg(Maven, "Maven repositories."),
    oracle=Msg(Oracle, "Oracle Object Storage accounts."),
    s3=Msg(S3, "S3 and S3-compatible accounts."),
    templates=List(Msg(Template, "Artifact templates, given to igor.")),
)
