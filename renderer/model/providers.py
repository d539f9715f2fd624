"""`providers`: the cloud providers Spinnaker deploys to and their accounts.

Clouddriver receives every provider block (`clouddriver.yml`) but for the
bake defaults; rosco receives what it binds of the providers it bakes images
for (`bakeryDefaults`, and the account fields a Google, Azure or Oracle bake
needs; see `renderer.translate.kleat_differences`), and Deck learns each enabled
provider's primary account.
Besides kleat's providers this declares `cloudrun` and `tencentcloud`, which
Halyard supported and current clouddriver (and, for Tencent Cloud, rosco)
still reads.
"""
from .dsl import Any, Bool, Enum, Int, List, Msg, Read, Str, messages
from .common import Permissions

message = messages("providers")

GCLOUD_RELEASE_TRACK = ('UNSPECIFIED', 'STABLE', 'BETA', 'ALPHA')


def _provider_version():
    """Halyard's `providerVersion` marker, written on accounts of every provider."""
    return Str("Halyard's provider-version marker (V1 or V2) for this account.",
               halyard="Halyard wrote this V1/V2 marker on every account; only the long-removed "
                       "legacy Kubernetes provider ever used it and no current service reads it, "
                       "so it is dropped.")


def _name(what):
    return Str(f"Unique name of this {what}; pipelines, permissions and other settings "
               "refer to it by this name.", required=True)


def _environment():
    return Str("Environment label for the account (e.g. dev, staging, prod); several accounts "
               "may share one. Defaults to the account name.")


def _permissions():
    return Msg(Permissions, "Fiat roles allowed to read from and write to this account.")


def _required_group_membership():
    return List(Str("Deprecated: roles allowed to use this account. Use `permissions` instead."))


def _enabled(provider):
    return Bool(f"Turn the {provider} provider on in clouddriver (and, where it bakes, in rosco).")


def _provider(name, doc, what, account, account_doc, **more):
    """A provider block: its switch, its accounts, the account Deck selects by default, then `more`."""
    return message(name, doc, enabled=_enabled(what), accounts=List(Msg(account, account_doc)),
                   primaryAccount=_primary_account(), **more)


def _primary_account():
    return Str("Name of the account Deck selects by default for this provider, for the providers whose "
               "default Deck's settings.js carries (the column \"written to\" says which: not Kubernetes, for "
               "one); for AWS also orca's default bake account. clouddriver and rosco do not read it, so it is "
               "not written into clouddriver.yml or rosco.yml (kleat copied it there); naming no account is a "
               "warning. When unset in a Halyard file, the first account is used.")


def _package_type():
    return Str("Package format of the artifacts baked onto this image, e.g. `deb` or `rpm`; "
               "tells the bakery how to install them.")


def _base_image(name, doc, example="", **more):
    """How a bakery offers one base image in the Bake stage (`more` adds or replaces fields)."""
    fields = dict(
        id=Str("Identifier of the base image that users pick in the Bake stage"
               + (f", e.g. `{example}`." if example else ".")),
        shortDescription=Str("Short label shown for this image in Deck."),
        detailedDescription=Str("Longer description shown for this image in Deck."),
        packageType=_package_type(),
        templateFile=Str("Packer template for this image, overriding the bakery default."),
    )
    return message(name, doc, **{**fields, **more})


def _base_image_settings(name, cloud, image, virtualization):
    """A base image a bakery offers: the image, and how its bakes start."""
    return message(name, f"A base image offered by the {cloud} bakery.",
                   baseImage=Msg(image, "How the image is named and described."),
                   virtualizationSettings=virtualization)


def _template_file(scope):
    return Str(f"Packer template used to bake {scope}: one shipped with rosco (e.g. `aws-ebs.json`) "
               "or a custom one mounted into rosco's packer directory.")


# ---------------------------------------------------------------- Kubernetes

KubernetesCustomResource = message(
    "KubernetesCustomResource",
    "A custom resource kind (CRD) clouddriver should manage; needed when Spinnaker may not list "
    "CRDs in the cluster itself.",
    kubernetesKind=Str("Kind of the custom resource as Kubernetes names it, e.g. "
                       "`Certificate.cert-manager.io`."),
    spinnakerKind=Str("Spinnaker resource class to show it as, e.g. `serverGroups`, `loadBalancers`, "
                      "`securityGroups`, `instances` or `unclassified`."),
    deployPriority=Str("Deploy order among kinds in one manifest (a number as text); lower values are "
                       "applied first."),
    versioned=Bool("When true, Spinnaker adds a version suffix (`-v000`) to resources of this kind "
                   "on each deploy."),
    namespaced=Bool("Whether resources of this kind live in a namespace. Defaults to true."),
)

KubernetesCachingPolicy = message(
    "KubernetesCachingPolicy",
    "A caching limit for one Kubernetes kind.",
    kubernetesKind=Str("Kubernetes kind the limit applies to, e.g. `Pod`."),
    maxEntriesPerAgent=Int("Maximum number of resources of this kind each caching agent caches."),
)

KubernetesAccountDockerRegistry = message(
    "KubernetesAccountDockerRegistry",
    "A Docker registry account whose images this Kubernetes account may deploy.",
    accountName=Str("Name of an account under `providers.dockerRegistry.accounts`."),
    namespaces=List(Str("Namespace the registry's images may be deployed to.")),
)

KubernetesRawResourcesEndpointConfig = message(
    "KubernetesRawResourcesEndpointConfig",
    "Which kinds clouddriver's raw-resources endpoint (used by Deck's Kubernetes resource views) "
    "returns for this account. Give at most one of the two lists.",
    kindExpressions=List(Str("Regular expression; only kinds matching one of them are returned, "
                             "e.g. `Deployment|ReplicaSet`.")),
    omitKindExpressions=List(Str("Regular expression; kinds matching one of them are left out, "
                                 "e.g. `Secret`.")),
)

def _kinds_or_omit_kinds(account):
    if account.get("kinds") and account.get("omitKinds"):
        return "kinds", "give either kinds or omitKinds, not both (clouddriver refuses the account)."
    return None


KubernetesAccount = message(
    "KubernetesAccount",
    "A Kubernetes cluster Spinnaker deploys to, reached with a kubeconfig context or the pod's "
    "service account.",
    checks=(_kinds_or_omit_kinds,),
    name=_name("Kubernetes account"),
    kinds=List(Str("Kind this account caches, e.g. `deployment`. When no kinds are listed, all kinds "
                   "are cached. Since 1.31 it only limits caching: the account can still deploy other "
                   "kinds (restrict deploys with RBAC on the account's credentials). Do not combine with "
                   "`omitKinds`.")),
    omitKinds=List(Str("Kind this account does not cache. Since 1.31 it only limits caching, not what the "
                       "account may deploy. Do not combine with `kinds`.")),
    context=Str("Kubeconfig context to use; the kubeconfig's `current-context` when unset."),
    cacheThreads=Int("Number of caching agents for this account, each caching a share of its "
                     "namespaces. Defaults to 1."),
    namespaces=List(Str("Namespace this account may deploy to and caches. When none are listed, all "
                        "namespaces are used. Do not combine with `omitNamespaces`.")),
    omitNamespaces=List(Str("Namespace this account must not deploy to or cache. Do not combine with "
                            "`namespaces`.")),
    customResources=List(Msg(KubernetesCustomResource, "A custom resource kind clouddriver manages.")),
    cachingPolicies=List(Msg(KubernetesCachingPolicy, "A per-kind caching limit.")),
    dockerRegistries=List(Msg(KubernetesAccountDockerRegistry,
                              "A Docker registry account offered as an image source in Deck.")),
    oAuthScopes=List(Str("OAuth scope requested when kubectl obtains a token for the cluster, e.g. "
                         "`https://www.googleapis.com/auth/cloud-platform`.")),
    kubeconfigFile=Str("Path, inside the clouddriver container, of the kubeconfig file to use, e.g. "
                       "`/var/secrets/kubeconfig`.", file=True),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    liveManifestCalls=Bool("Have pipelines read manifest status live from the cluster instead of the "
                           "cache. Current clouddriver always does and ignores this setting."),
    serviceAccount=Bool("Authenticate with the Kubernetes service account of the clouddriver pod "
                        "instead of a kubeconfig (only when clouddriver runs in the target cluster)."),
    kubeconfigContents=Str("Entire kubeconfig, inline; used when `kubeconfigFile` is not set. It "
                           "carries cluster credentials.", secret=True),
    kubectlPath=Str("Path of the kubectl binary. Note: current clouddriver reads `kubectlExecutable` "
                    "instead and ignores this key."),
    kubectlRequestTimeoutSeconds=Int("Time limit, in seconds, for each kubectl call; no limit when unset."),
    checkPermissionsOnStartup=Bool("At startup, check which of the configured kinds the account may read "
                                   "and skip caching the others. Defaults to true; keep it on, since an "
                                   "unreadable kind otherwise breaks caching for the whole account."),
    oAuthServiceAccount=Str("Path of the service account key file used to fetch OAuth tokens, when "
                            "the cluster is reached with OAuth.", file=True),
    onlySpinnakerManaged=Bool("Cache only resources deployed by Spinnaker and ignore everything else "
                              "in the cluster. Defaults to false."),
    debug=Bool("Log every request clouddriver makes to this cluster, in detail. Defaults to false."),
    kubectlExecutable=Str("Path of the kubectl binary clouddriver runs for this account, e.g. "
                          "`/usr/local/bin/kubectl`. Not in kleat; read by clouddriver."),
    environment=Str("Environment label for the account (e.g. dev, prod); defaults to the account "
                    "name. Not in kleat; read by clouddriver."),
    cacheIntervalSeconds=Int("Seconds between cache refreshes of this account; clouddriver's global "
                             "polling interval when unset. Not in kleat; read by clouddriver."),
    cacheAllApplicationRelationships=Bool("Record the relationship to its application for every cached "
                                          "resource, not only for the kinds Deck shows; costs more "
                                          "cache space. Not in kleat; read by clouddriver."),
    namingStrategy=Str("How clouddriver derives application, cluster and stack from resources, e.g. "
                       "`kubernetesAnnotations` (the default). Not in kleat; read by clouddriver."),
    rawResourcesEndpointConfig=Msg(KubernetesRawResourcesEndpointConfig,
                                   "Filters for the kinds clouddriver's raw-resources endpoint returns. "
                                   "Not in kleat; read by clouddriver."),
    providerVersion=_provider_version(),
    configureImagePullSecrets=Bool(
        "Halyard's switch for adding image pull secrets from the Docker registry accounts.",
        halyard="Halyard's legacy (V1) Kubernetes provider created image pull secrets from the Docker "
                "registry accounts; the current provider never does and clouddriver does not read it, "
                "so it is dropped. Reference pull secrets in your manifests instead."),
    cluster=Str("Halyard's kubeconfig cluster override.",
                halyard="Only Halyard's legacy (V1) Kubernetes provider used this kubeconfig cluster "
                        "override; clouddriver does not read it, so it is dropped. Select the cluster "
                        "with `context`."),
    user=Str("Halyard's kubeconfig user override.",
             halyard="Only Halyard's legacy (V1) Kubernetes provider used this kubeconfig user "
                     "override; clouddriver does not read it, so it is dropped. Select the user with "
                     "`context`."),
    skin=Str("Halyard's provider-skin marker.",
             halyard="Halyard recorded which Kubernetes provider skin (v1/v2) Deck should use; no "
                     "current service reads it, so it is dropped."),
    oauthScopes=List(Str(
        "Lower-case spelling of oAuthScopes that Halyard wrote.",
        halyard="Halyard before 1.22 wrote oAuthScopes a second time under this spelling; it is "
                "dropped. Only `oAuthScopes` is passed on, so if your file has only this key, "
                "rename it to oAuthScopes.")),
    oauthServiceAccount=Str(
        "Lower-case spelling of oAuthServiceAccount that Halyard wrote.",
        halyard="Halyard before 1.22 wrote oAuthServiceAccount a second time under this spelling; it "
                "is dropped. Only `oAuthServiceAccount` is passed on, so if your file has only this "
                "key, rename it to oAuthServiceAccount."),
)

Kubernetes = _provider(
    "Kubernetes", "The Kubernetes provider: deploy manifests to Kubernetes clusters.",
    "Kubernetes", KubernetesAccount, "A Kubernetes account.",
)

# ----------------------------------------------------- Google Compute Engine

Consul = message(
    "Consul",
    "Consul service discovery for the instances of a Google account.",
    enabled=Bool("Use Consul to report instance health and discovery status."),
    agentEndpoint=Str("Host of a Consul agent that is joined to the cluster. Defaults to localhost."),
    agentPort=Int("Port the Consul agents listen on. Defaults to 8500."),
    datacenters=List(Str("Consul datacenter to cache. All datacenters when none are listed.")),
)

GoogleComputeEngineAccount = message(
    "GoogleComputeEngineAccount",
    "A GCP project Spinnaker manages Compute Engine resources in, with the credentials to do so.",
    name=_name("Google account"),
    requiredGroupMembership=_required_group_membership(),
    permissions=_permissions(),
    project=Str("ID of the GCP project this account manages, e.g. `my-project-123`."),
    jsonPath=Str("Path, inside the clouddriver container, of a service account JSON key. When unset, "
                 "the credentials of the VM or pod clouddriver runs on are used.", file=True),
    alphaListed=Bool("Use Compute Engine alpha APIs; only for projects enrolled in alpha features."),
    imageProjects=List(Str("GCP project whose images this account can deploy (in addition to its own "
                           "project); the account's service account needs `compute.imageUser` there.")),
    consul=Msg(Consul, "Consul discovery settings for this account's instances."),
    regions=List(Str("Region this account caches and deploys to, e.g. `us-central1`; overrides the "
                     "provider's default regions.")),
    userDataFile=Str("Path, inside the clouddriver container, of a template whose tokens are replaced "
                     "and injected as user data into instance templates.", file=True),
    environment=Str("Environment label for the account (e.g. dev, prod); defaults to the account "
                    "name. Not in kleat; read by clouddriver."),
    serviceAccountId=Str("Service account to impersonate instead of using a JSON key (together with "
                         "`serviceAccountProject`). Not in kleat; read by clouddriver."),
    serviceAccountProject=Str("Project of the service account named in `serviceAccountId`. Not in "
                              "kleat; read by clouddriver."),
    providerVersion=_provider_version(),
)

GoogleBaseImage = _base_image(
    "GoogleBaseImage", "How a Google base image is offered in the Bake stage.", example="ubuntu-2204",
    isImageFamily=Bool("Mark the image in Deck as an image family rather than a single image. rosco binds "
                       "it as `isImageFamily`, which is what is written (kleat wrote `imageFamily`, which "
                       "no rosco reads).", aliases=("imageFamily",)),
    templateFile=Str("Packer template for this image, overriding the bakery default. Not in kleat; "
                     "read by rosco."),
)

VirtualizationSettings = message(
    "VirtualizationSettings",
    "The Compute Engine image a Google bake starts from.",
    sourceImage=Str("Name of the source image; wins when `sourceImageFamily` is set too."),
    sourceImageFamily=Str("Image family; the newest non-deprecated image of the family is used."),
)

GoogleBaseImageSettings = _base_image_settings(
    "GoogleBaseImageSettings", "Google", GoogleBaseImage,
    Msg(VirtualizationSettings, "Which Compute Engine image the bake starts from."))

GoogleBakeryDefaults = message(
    "GoogleBakeryDefaults",
    "Defaults rosco uses to bake Compute Engine images.",
    templateFile=_template_file("Google images (e.g. `gce.json`)"),
    baseImages=List(Msg(GoogleBaseImageSettings, "A base image offered in the Bake stage.")),
    zone=Str("Zone the bake VM runs in, e.g. `us-central1-f`."),
    network=Str("Network (name or URL) of the bake VM. Defaults to `default`."),
    useInternalIp=Bool("Connect to the bake VM on its internal IP instead of its external one."),
    networkProjectId=Str("Project that owns the network and subnet of the bake VM (for shared VPC)."),
)

GoogleComputeEngine = _provider(
    "GoogleComputeEngine", "The Google Compute Engine provider: server groups, load balancers and images on GCE.",
    "Google Compute Engine", GoogleComputeEngineAccount, "A Google account.",
    bakeryDefaults=Msg(GoogleBakeryDefaults, "Settings for baking Compute Engine images."),
    defaultRegions=List(Str("Region cached and deployed to by accounts that list no `regions`. Not in "
                            "kleat; read by clouddriver.")),
)

# -------------------------------------------------------------- App Engine

AppengineAccount = message(
    "AppengineAccount",
    "A GCP project Spinnaker deploys App Engine applications to.",
    cachingIntervalSeconds=Int("Seconds between polls of App Engine for changes in this project."),
    environment=_environment(),
    gcloudReleaseTrack=Enum(GCLOUD_RELEASE_TRACK, "Release track of the gcloud commands used to deploy "
                            "(STABLE, BETA or ALPHA)."),
    gitHttpsUsername=Str("Username for fetching application source from git over HTTPS; set together "
                         "with `gitHttpsPassword`."),
    gitHttpsPassword=Str("Password for fetching application source from git over HTTPS.", secret=True),
    githubOAuthAccessToken=Str("GitHub personal access token for fetching application source over "
                               "HTTPS.", secret=True),
    jsonPath=Str("Path, inside the clouddriver container, of a service account JSON key. When unset, "
                 "the credentials of the VM or pod clouddriver runs on are used.", file=True),
    localRepositoryDirectory=Str("Directory in clouddriver where application source is checked out "
                                 "for deploys. Defaults to `/var/tmp/clouddriver`."),
    omitServices=List(Str("Regular expression; App Engine services matching it are ignored.")),
    omitVersions=List(Str("Regular expression; App Engine versions matching it are ignored.")),
    project=Str("ID of the GCP project whose App Engine application this account manages."),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    services=List(Str("Regular expression; only App Engine services matching one of them are "
                      "indexed (minus those in `omitServices`).")),
    sshKnownHostsFilePath=Str("Path of a `known_hosts` file used when fetching source from git over SSH.", file=True),
    sshPrivateKeyFilePath=Str("Path of the SSH private key used to fetch source from git over SSH; set "
                              "together with `sshPrivateKeyPassphrase`.", file=True),
    sshPrivateKeyPassphrase=Str("Passphrase of the SSH private key used for git over SSH.", secret=True),
    sshTrustUnknownHosts=Bool("Accept git servers over SSH without checking them against a "
                              "`known_hosts` file. Defaults to false."),
    versions=List(Str("Regular expression; only App Engine versions matching one of them are indexed "
                      "(minus those in `omitVersions`).")),
    name=_name("App Engine account"),
    serviceAccountId=Str(
        "Service account to impersonate (Halyard's common Google account setting).",
        halyard="Halyard offered service-account impersonation on every Google-family account, but "
                "clouddriver's App Engine accounts never use it, so it is dropped."),
    serviceAccountProject=Str(
        "Project of the impersonated service account (Halyard's common Google account setting).",
        halyard="Halyard offered service-account impersonation on every Google-family account, but "
                "clouddriver's App Engine accounts never use it, so it is dropped."),
    providerVersion=_provider_version(),
)

Appengine = _provider(
    "Appengine", "The Google App Engine provider.",
    "App Engine", AppengineAccount, "An App Engine account.",
    gcloudPath=Str("Path of the gcloud binary clouddriver runs for App Engine deploys; `gcloud` on the "
                   "PATH when unset. Not in kleat; read by clouddriver."),
)

# --------------------------------------------------------------------- AWS

AwsLifecycleHook = message(
    "AwsLifecycleHook",
    "An Auto Scaling lifecycle hook added to every server group deployed with this account.",
    defaultResult=Str("What the group does when the hook times out or fails: `CONTINUE` or `ABANDON`."),
    heartbeatTimeout=Int("Seconds an instance may wait in the hook's pending state, 30 to 7200. "
                         "Defaults to 3600."),
    lifecycleTransition=Str("Transition the hook fires on: `autoscaling:EC2_INSTANCE_LAUNCHING` or "
                            "`autoscaling:EC2_INSTANCE_TERMINATING`."),
    notificationTargetARN=Str("ARN of the SNS topic or SQS queue notified when an instance enters the "
                              "hook's wait state; may use `{{region}}` and `{{accountId}}`."),
    roleARN=Str("ARN of the IAM role Auto Scaling assumes to publish to the notification target."),
)

AwsRegion = message(
    "AwsRegion",
    "An AWS region.",
    name=Str("Region name, e.g. `us-west-2`."),
)

AwsAccount = message(
    "AwsAccount",
    "An AWS account Spinnaker manages, usually reached by assuming a role in it.",
    accountId=Str("Numeric ID of the AWS account, e.g. `123456789012`."),
    assumeRole=Str("Role to assume in the account through STS, e.g. `role/spinnakerManaged`."),
    defaultKeyPair=Str("EC2 key pair given to instances launched with this account."),
    discovery=Str("Eureka URL for this account; may contain `{{region}}` to reach a per-region "
                  "Eureka, e.g. `http://{{region}}.eureka.example.com:8080/eureka/v2`."),
    edda=Str("URL of an Edda instance that caches AWS state, to reduce calls to AWS (optional)."),
    environment=_environment(),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    lifecycleHooks=List(Msg(AwsLifecycleHook, "A lifecycle hook for the account's server groups.")),
    regions=List(Msg(AwsRegion, "A region this account manages; the provider's default regions when "
                     "none are listed.")),
    name=_name("AWS account"),
    externalId=Str("External ID passed when assuming `assumeRole`; must match the role's trust policy."),
    sessionName=Str("Session name used when assuming `assumeRole` (shows in CloudTrail). Not in kleat; "
                    "read by clouddriver."),
    lambdaEnabled=Bool("Manage AWS Lambda functions in this account (needs the provider's lambda "
                       "feature). Not in kleat; read by clouddriver."),
    providerVersion=_provider_version(),
)

AwsFeatures_CloudFormation = message(
    "AwsFeatures_CloudFormation",
    "CloudFormation stack support.",
    enabled=Bool("Enable the Deploy (CloudFormation) stage and stack caching."),
)

AwsFeatures_Lambda = message(
    "AwsFeatures_Lambda",
    "AWS Lambda support.",
    enabled=Bool("Enable Lambda support in clouddriver."),
)

AwsFeatures = message(
    "AwsFeatures",
    "Optional AWS features.",
    cloudFormation=Msg(AwsFeatures_CloudFormation, "CloudFormation support."),
    lambda_=Msg(AwsFeatures_Lambda, "Lambda support (either this or `aws.lambda` turns it on). Not in "
                "kleat; read by clouddriver."),
)

AwsLambda = message(
    "AwsLambda",
    "AWS Lambda support in clouddriver.",
    enabled=Bool("Enable Lambda support in clouddriver; accounts opt in with `lambdaEnabled`."),
)

AwsBaseImage = _base_image(
    "AwsBaseImage", "How an AWS base image is offered in the Bake stage.", example="ubuntu-jammy",
)

AwsVirtualizationSettings = message(
    "AwsVirtualizationSettings",
    "How an AMI is baked in one region.",
    region=Str("Region the bake instance runs in, e.g. `us-east-1`."),
    virtualizationType=Str("Virtualization type of the AMI, `hvm` or `pv`; must match the source AMI."),
    instanceType=Str("Instance type of the bake instance, e.g. `t3.small`."),
    sourceAmi=Str("EBS-backed AMI the bake starts from, e.g. `ami-0abcdef1234567890`."),
    sshUserName=Str("User Packer connects as over SSH, e.g. `ubuntu`."),
    winRmUserName=Str("User Packer connects as over WinRM (Windows images)."),
    spotPrice=Str("Maximum hourly price for a spot bake instance; `auto` lets Packer choose, `0` uses "
                  "an on-demand instance (the default)."),
    spotPriceAutoProduct=Str("Product used to look up the spot price when `spotPrice` is `auto`, e.g. "
                             "`Linux/UNIX (Amazon VPC)`."),
)

AwsBaseImageSettings = _base_image_settings(
    "AwsBaseImageSettings", "AWS", AwsBaseImage,
    List(Msg(AwsVirtualizationSettings, "Bake settings for one region.")))

AwsBakeryDefaults = message(
    "AwsBakeryDefaults",
    "Defaults rosco uses to bake AMIs.",
    awsAccessKey=Str("Access key ID Packer uses; when unset, rosco's own AWS credentials are used."),
    awsSecretKey=Str("Secret access key belonging to `awsAccessKey`.", secret=True),
    awsSubnetId=Str("Subnet the bake instance is launched in, e.g. `subnet-12345def`; needed for a "
                    "non-default VPC."),
    awsVpcId=Str("VPC of the bake instance; derived from `awsSubnetId` when unset."),
    awsAssociatePublicIpAddress=Bool("Give the bake instance a public IP (in a non-default VPC)."),
    defaultVirtualizationType=Str("Virtualization type used when a bake does not say, `hvm` or `pv`."),
    baseImages=List(Msg(AwsBaseImageSettings, "A base image offered in the Bake stage.")),
    templateFile=_template_file("AMIs (e.g. `aws-ebs.json`)"),
)

AwsDefaults = message(
    "AwsDefaults",
    "Defaults for AWS deployments.",
    iamRole=Str("IAM instance profile given to new server groups that do not name one, e.g. "
                "`BaseIAMRole`."),
)

Aws = _provider(
    "Aws", "The Amazon Web Services (EC2) provider.",
    "AWS", AwsAccount, "An AWS account.",
    accessKeyId=Str("Access key ID clouddriver uses before assuming account roles; the default AWS "
                    "credential chain (e.g. an instance or pod role) when unset."),
    secretAccessKey=Str("Secret access key belonging to `accessKeyId`.", secret=True),
    defaultRegions=List(Msg(AwsRegion, "A region used by accounts that list no regions.")),
    features=Msg(AwsFeatures, "Optional AWS features."),
    bakeryDefaults=Msg(AwsBakeryDefaults, "Settings for baking AMIs."),
    defaultKeyPairTemplate=Str("Template for the key pair name of accounts without `defaultKeyPair`, "
                               "e.g. `{{name}}-keypair`."),
    defaults=Msg(AwsDefaults, "Defaults for AWS deployments."),
    defaultAssumeRole=Str("Role assumed in accounts that set no `assumeRole`, e.g. "
                          "`role/spinnakerManaged`. Not in kleat; read by clouddriver."),
    lambda_=Msg(AwsLambda, "AWS Lambda support. Not in kleat; read by clouddriver."),
)

# ------------------------------------------------------------------- Azure

AzureAccount = message(
    "AzureAccount",
    "An Azure subscription Spinnaker manages through a service principal.",
    name=_name("Azure account"),
    appKey=Str("Client secret (password) of the service principal.", secret=True),
    clientId=Str("Client (application) ID of the service principal."),
    defaultKeyVault=Str("Key Vault holding the username, password and SSH public key given to new VMs."),
    defaultResourceGroup=Str("Resource group for resources that belong to no application."),
    environment=_environment(),
    objectId=Str("Object ID of the service principal; needed only to bake Windows images."),
    packerResourceGroup=Str("Resource group Packer bakes images in."),
    packerStorageAccount=Str("Storage account Packer stores baked images in."),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    regions=List(Str("Azure region this account manages, e.g. `westus`.")),
    subscriptionId=Str("ID of the subscription the service principal is assigned to."),
    tenantId=Str("ID of the Azure AD tenant of the service principal."),
    useSshPublicKey=Bool("Provision Linux VMs with the Key Vault's SSH public key instead of its "
                         "password. Halyard wrote it as the text \"true\"/\"false\", which is read as a "
                         "boolean."),
    providerVersion=_provider_version(),
)

AzureBaseImage = message(
    "AzureBaseImage",
    "How an Azure base image is offered in the Bake stage, and which marketplace image it is.",
    shortDescription=Str("Short label shown for this image in Deck."),
    detailedDescription=Str("Longer description shown for this image in Deck."),
    publisher=Str("Marketplace publisher of the image, e.g. `Canonical`."),
    offer=Str("Marketplace offer of the image, e.g. `0001-com-ubuntu-server-jammy`."),
    sku=Str("Marketplace SKU of the image, e.g. `22_04-lts`."),
    version=Str("Image version. Defaults to `latest`."),
    packageType=_package_type(),
    templateFile=Str("Packer template for this image, overriding the bakery default."),
    id=Str("Identifier of the base image that users pick in the Bake stage, e.g. `ubuntu-2204`; rosco "
           "finds the image by it. Not in kleat; read by rosco."),
)

AzureBaseImageSettings = message(
    "AzureBaseImageSettings",
    "A base image offered by the Azure bakery.",
    baseImage=Msg(AzureBaseImage, "The image and how it is described."),
    virtualizationSettings=Any(
        "Halyard's (always empty) virtualization settings for an Azure image.",
        halyard="Halyard declared this block for Azure images but it never held any setting and rosco "
                "does not read it, so it is dropped."),
)

AzureBakeryDefaults = message(
    "AzureBakeryDefaults",
    "Defaults rosco uses to bake Azure images.",
    baseImages=List(Msg(AzureBaseImageSettings, "A base image offered in the Bake stage.")),
    templateFile=Str("Packer template used to bake Azure images, e.g. `azure-linux.pkr.hcl`. Not in "
                     "kleat; read by rosco."),
)

Azure = _provider(
    "Azure", "The Microsoft Azure provider.",
    "Azure", AzureAccount, "An Azure account.",
    bakeryDefaults=Msg(AzureBakeryDefaults, "Settings for baking Azure images."),
)

# ----------------------------------------------------------- Cloud Foundry

CloudFoundryAccount = message(
    "CloudFoundryAccount",
    "A Cloud Foundry foundation Spinnaker deploys to, with the user it signs in as.",
    name=_name("Cloud Foundry account"),
    api=Str("Host of the foundation's Cloud Controller API, e.g. `api.sys.example.com`."),
    appsManagerUri=Str("URL of the foundation's Apps Manager, e.g. `https://apps.sys.example.com`; "
                       "Deck links to it."),
    environment=_environment(),
    metricsUri=Str("URL of the foundation's metrics application, e.g. `https://metrics.sys.example.com`."),
    password=Str("Password of `user`.", secret=True),
    skipSslValidation=Bool("Do not verify the API's TLS certificate. Defaults to false."),
    user=Str("User Spinnaker signs in to the foundation as."),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    spaceFilter=Any("Limit the account to some orgs and spaces: a mapping from org name to a list of "
                    "space names (an empty list means every space of the org). Not in kleat; read by "
                    "clouddriver."),
    providerVersion=_provider_version(),
)

CloudFoundry = _provider(
    "CloudFoundry", "The Cloud Foundry provider.",
    "Cloud Foundry", CloudFoundryAccount, "A Cloud Foundry account.",
    clientConfig=Any(
        "Halyard's HTTP client timeouts and retries for Cloud Foundry.",
        halyard="Halyard wrote these client timeouts and retries under a key clouddriver never read "
                "(clouddriver reads `cloudfoundry.client`), so they had no effect and are dropped; set "
                "`cloudfoundry.client` through a clouddriver config override if needed."),
)

# ------------------------------------------------------------------- DC/OS

DcosAccountCluster = message(
    "DcosAccountCluster",
    "The credentials a DC/OS account uses for one cluster.",
    name=Str("Name of a cluster under `providers.dcos.clusters`.", required=True),
    uid=Str("User or service account ID to authenticate as."),
    serviceKeyFile=Str("Path of the service account's private key file; use instead of `password`.", file=True),
    password=Str("Password of a user account; use instead of `serviceKeyFile`.", secret=True),
)

DcosAccountDockerRegistry = message(
    "DcosAccountDockerRegistry",
    "A Docker registry account whose images this DC/OS account may deploy.",
    accountName=Str("Name of an account under `providers.dockerRegistry.accounts`."),
)

DcosAccount = message(
    "DcosAccount",
    "Credentials for one or more DC/OS clusters. (Current clouddriver builds no longer include DC/OS.)",
    name=_name("DC/OS account"),
    clusters=List(Msg(DcosAccountCluster, "A cluster this account signs in to.")),
    environment=_environment(),
    dockerRegistries=List(Msg(DcosAccountDockerRegistry, "A Docker registry account used as an image "
                              "source.")),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    providerVersion=_provider_version(),
)

DcosClusterLoadBalancer = message(
    "DcosClusterLoadBalancer",
    "Load balancer (marathon-lb) settings for a DC/OS cluster.",
    image=Str("marathon-lb image used for load balancers Spinnaker creates."),
    serviceAccountSecret=Str("Name of the DC/OS secret marathon-lb authenticates with; needed on "
                             "clusters with strict or permissive security.", secret=True),
)

DcosCluster = message(
    "DcosCluster",
    "A DC/OS cluster.",
    name=_name("DC/OS cluster"),
    caCertFile=Str("Path of a CA certificate to trust for the cluster's endpoint.", file=True),
    dcosUrl=Str("URL of the cluster's admin router, e.g. `https://dcos.example.com`."),
    loadBalancer=Msg(DcosClusterLoadBalancer, "Load balancer settings."),
    insecureSkipTlsVerify=Bool("Do not verify the cluster's TLS certificate (insecure)."),
)

Dcos = _provider(
    "Dcos", "The DC/OS provider. Current clouddriver builds no longer include it.",
    "DC/OS", DcosAccount, "A DC/OS account.",
    clusters=List(Msg(DcosCluster, "A DC/OS cluster the accounts refer to.")),
)

# --------------------------------------------------------- Docker Registry

DockerRegistryAccount = message(
    "DockerRegistryAccount",
    "A Docker registry whose images and tags clouddriver caches, and the credentials to read it.",
    name=_name("Docker registry account"),
    address=Str("Registry URL, e.g. `https://index.docker.io` or `https://gcr.io`. Required."),
    cacheIntervalSeconds=Int("Seconds between polls of the registry; raise it (e.g. to 600) if the "
                             "registry rate-limits you. Defaults to 30."),
    cacheThreads=Int("Number of threads caching the repositories. Defaults to 1."),
    clientTimeoutMillis=Int("Timeout of registry requests, in milliseconds. Defaults to 60000."),
    email=Str("Email address sent to the registry; usually only needs to look like one."),
    environment=_environment(),
    insecureRegistry=Bool("Do not verify the registry's TLS certificate. Defaults to false."),
    paginateSize=Int("Page size for the registry's `_catalog` listing. Defaults to 100."),
    password=Str("Registry password. Give only one of `password`, `passwordCommand` and `passwordFile`.",
                 secret=True),
    passwordCommand=Str("Command whose output is the registry password or token, e.g. for ECR; it must "
                        "exist in the clouddriver image."),
    passwordFile=Str("Path of a file holding the registry password in plain text (not a Docker "
                     "`config.json`).", file=True),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    repositories=List(Str("Repository to cache, without the registry host, e.g. "
                          "`my-project/path/to/image`. When none are listed, the registry's catalog "
                          "is read.")),
    sortTagsByDate=Bool("Sort tags by creation date. Slow on large registries. Defaults to false."),
    trackDigests=Bool("Watch tags for digest changes; multiplies registry requests. Defaults to false."),
    username=Str("Registry username, e.g. `_json_key` for GCR with a JSON key."),
    repositoriesRegex=Str("Regular expression; only catalog repositories matching it are cached. Not in "
                          "kleat; read by clouddriver."),
    dockerconfigFile=Str("Path of a Docker `config.json` to take the registry credentials from. Not in "
                         "kleat; read by clouddriver.", file=True),
    helmOciRepositories=List(Str("Repository holding Helm charts as OCI artifacts, without the registry "
                                 "host, e.g. `my-org/charts/app`; clouddriver caches their versions for "
                                 "`helm/image` artifacts. Not in kleat; read by clouddriver.",
                                 reads=(Read(since="2025.1.0"),))),
    providerVersion=_provider_version(),
)

DockerRegistry = message(
    "DockerRegistry",
    "The Docker Registry provider: image sources for Kubernetes and other container providers, and "
    "Docker triggers in igor.",
    enabled=_enabled("Docker Registry"),
    accounts=List(Msg(DockerRegistryAccount, "A Docker registry account.")),
    primaryAccount=_primary_account(),
)

# --------------------------------------------------------------------- ECS

EcsAccount = message(
    "EcsAccount",
    "An Amazon ECS account; it works through the credentials of an AWS account.",
    name=_name("ECS account"),
    environment=_environment(),
    awsAccount=Str("Name of the account under `providers.aws.accounts` whose credentials are used. "
                   "Required."),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    providerVersion=_provider_version(),
)

Ecs = _provider(
    "Ecs", "The Amazon ECS provider.",
    "ECS", EcsAccount, "An ECS account.",
    awsAccount=Str(
        "Halyard's provider-wide AWS account for ECS.",
        halyard="Halyard kept a provider-wide AWS account for ECS that clouddriver never read; each "
                "ECS account names its own `awsAccount`, so it is dropped."),
)

# ------------------------------------------------------------ Huawei Cloud

HuaweiCloudAccount = message(
    "HuaweiCloudAccount",
    "A Huawei Cloud project Spinnaker manages, with the user it signs in as.",
    name=_name("Huawei Cloud account"),
    accountType=Str("Account type label; defaults to the account name."),
    requiredGroupMembership=_required_group_membership(),
    permissions=_permissions(),
    authUrl=Str("Identity (IAM) endpoint URL of the cloud. Required."),
    domainName=Str("Domain (tenant) name of the user. Required."),
    environment=_environment(),
    insecure=Bool("Do not verify TLS certificates, e.g. for self-signed ones. Defaults to false."),
    password=Str("Password of `username`. Required.", secret=True),
    projectName=Str("Name of the project this account manages. Required."),
    regions=List(Str("Region this account manages. At least one is required.")),
    username=Str("User Spinnaker signs in as. Required."),
    providerVersion=_provider_version(),
)

HuaweiCloudBaseImage = _base_image(
    "HuaweiCloudBaseImage", "How a Huawei Cloud base image is offered in the Bake stage.",
)

HuaweiCloudVirtualizationSettings = message(
    "HuaweiCloudVirtualizationSettings",
    "How a Huawei Cloud image is baked in one region.",
    region=Str("Region the bake runs in. Required."),
    instanceType=Str("Instance flavor of the bake instance. Required."),
    sourceImageId=Str("ID of the image the bake starts from. Required."),
    sshUserName=Str("User Packer connects as over SSH. Required."),
    eipType=Str("Elastic IP type of the bake instance, as named in Huawei Cloud's API. Required."),
)

HuaweiCloudBaseImageSettings = _base_image_settings(
    "HuaweiCloudBaseImageSettings", "Huawei Cloud", HuaweiCloudBaseImage,
    List(Msg(HuaweiCloudVirtualizationSettings, "Bake settings for one region.")))

HuaweiCloudBakeryDefaults = message(
    "HuaweiCloudBakeryDefaults",
    "Defaults rosco uses to bake Huawei Cloud images.",
    baseImages=List(Msg(HuaweiCloudBaseImageSettings, "A base image offered in the Bake stage.")),
    templateFile=_template_file("Huawei Cloud images (e.g. `huaweicloud.json`)"),
    authUrl=Str("Identity endpoint URL used for baking. Required."),
    username=Str("User the bakery signs in as. Required."),
    password=Str("Password of the bakery's `username`. Required.", secret=True),
    projectName=Str("Project images are baked in."),
    domainName=Str("Domain name of the bakery's user. Required."),
    insecure=Bool("Do not verify TLS certificates when baking. Defaults to false."),
    vpcId=Str("VPC the bake instance runs in. Required."),
    subnetId=Str("Subnet the bake instance runs in. Required."),
    securityGroup=Str("Security group of the bake instance. Required."),
    eipBandwidthSize=Int("Bandwidth of the bake instance's elastic IP, in Mbit/s. Required."),
)

HuaweiCloud = _provider(
    "HuaweiCloud", "The Huawei Cloud provider.",
    "Huawei Cloud", HuaweiCloudAccount, "A Huawei Cloud account.",
    bakeryDefaults=Msg(HuaweiCloudBakeryDefaults, "Settings for baking Huawei Cloud images."),
)

# ------------------------------------------------------------------ Oracle

OracleAccount = message(
    "OracleAccount",
    "An Oracle Cloud Infrastructure (OCI) user and compartment Spinnaker manages.",
    name=_name("Oracle account"),
    requiredGroupMembership=_required_group_membership(),
    permissions=_permissions(),
    compartmentId=Str("OCID of the compartment this account manages. Required."),
    environment=_environment(),
    fingerprint=Str("Fingerprint of the API signing key. Required."),
    privateKeyPassphrase=Str("Passphrase of the API signing private key, if it is encrypted.", secret=True),
    region=Str("OCI region, e.g. `us-phoenix-1`. Required."),
    sshPrivateKeyFilePath=Str("Path of the API signing private key (PEM). Required.", file=True),
    tenancyId=Str("OCID of the tenancy. Required."),
    userId=Str("OCID of the user Spinnaker signs in as. Required."),
    providerVersion=_provider_version(),
)

OracleBaseImage = _base_image(
    "OracleBaseImage", "How an Oracle base image is offered in the Bake stage.",
)

OracleVirtualizationSettings = message(
    "OracleVirtualizationSettings",
    "The OCI image an Oracle bake starts from.",
    baseImageId=Str("OCID of the image the bake starts from. Required."),
    sshUserName=Str("User Packer connects as over SSH. Required."),
)

OracleBaseImageSettings = _base_image_settings(
    "OracleBaseImageSettings", "Oracle", OracleBaseImage,
    Msg(OracleVirtualizationSettings, "Which OCI image the bake starts from."))

OracleBakeryDefaults = message(
    "OracleBakeryDefaults",
    "Defaults rosco uses to bake OCI images.",
    templateFile=_template_file("OCI images (e.g. `oci.json`)"),
    baseImages=List(Msg(OracleBaseImageSettings, "A base image offered in the Bake stage.")),
    availabilityDomain=Str("Availability domain the bake instance is launched in. Required."),
    instanceShape=Str("Shape of the bake instance, e.g. `VM.Standard2.1`. Required."),
    subnetId=Str("OCID of the subnet the bake instance is launched in. Required."),
)

Oracle = _provider(
    "Oracle", "The Oracle Cloud Infrastructure provider.",
    "Oracle", OracleAccount, "An Oracle account.",
    bakeryDefaults=Msg(OracleBakeryDefaults, "Settings for baking OCI images."),
)

# ------------------------------------------------------------ Tencent Cloud

_TENCENT_NO_FIAT = ("clouddriver's Tencent Cloud accounts do not support Fiat permissions (the account is "
                    "open to every user), so Halyard's setting had no effect and is dropped.")

TencentCloudAccount = message(
    "TencentCloudAccount",
    "A Tencent Cloud account Spinnaker manages, with its API key. Not in kleat; read by clouddriver.",
    name=_name("Tencent Cloud account"),
    environment=_environment(),
    secretId=Str("SecretId of the Tencent Cloud API key."),
    secretKey=Str("SecretKey of the Tencent Cloud API key.", secret=True),
    regions=List(Str("Region this account manages, e.g. `ap-guangzhou`.")),
    permissions=Msg(Permissions, "Halyard's Fiat permissions for the account.", halyard=_TENCENT_NO_FIAT),
    requiredGroupMembership=List(Str("Halyard's required roles for the account.", halyard=_TENCENT_NO_FIAT)),
    providerVersion=_provider_version(),
)

TencentCloudBaseImage = _base_image(
    "TencentCloudBaseImage", "How a Tencent Cloud base image is offered in the Bake stage.", example="ubuntu-1604",
)

TencentCloudVirtualizationSettings = message(
    "TencentCloudVirtualizationSettings",
    "How a Tencent Cloud image is baked in one region.",
    region=Str("Region the bake runs in, e.g. `ap-guangzhou`."),
    zone=Str("Availability zone of the bake instance, e.g. `ap-guangzhou-3`."),
    instanceType=Str("Instance type of the bake instance, e.g. `S3.SMALL1`."),
    sourceImageId=Str("ID of the image the bake starts from, e.g. `img-pyqx34y1`."),
    sshUserName=Str("User Packer connects as over SSH, e.g. `ubuntu`."),
)

TencentCloudBaseImageSettings = _base_image_settings(
    "TencentCloudBaseImageSettings", "Tencent Cloud", TencentCloudBaseImage,
    List(Msg(TencentCloudVirtualizationSettings, "Bake settings for one region.")))

TencentCloudBakeryDefaults = message(
    "TencentCloudBakeryDefaults",
    "Defaults rosco uses to bake Tencent Cloud images. Not in kleat; read by rosco.",
    secretId=Str("SecretId of the API key Packer bakes with."),
    secretKey=Str("SecretKey of the API key Packer bakes with.", secret=True),
    templateFile=_template_file("Tencent Cloud images (e.g. `tencentcloud.json`)"),
    baseImages=List(Msg(TencentCloudBaseImageSettings, "A base image offered in the Bake stage.")),
    vpcId=Str("VPC the bake instance runs in."),
    subnetId=Str("Subnet the bake instance runs in."),
    associatePublicIpAddress=Bool("Give the bake instance a public IP."),
)

TencentCloud = message(
    "TencentCloud",
    "The Tencent Cloud provider. Not in kleat; clouddriver reads the accounts and rosco the bakery "
    "defaults.",
    enabled=_enabled("Tencent Cloud"),
    accounts=List(Msg(TencentCloudAccount, "A Tencent Cloud account.")),
    primaryAccount=_primary_account(),
    bakeryDefaults=Msg(TencentCloudBakeryDefaults, "Settings for baking Tencent Cloud images."),
)

# --------------------------------------------------------------- Cloud Run

CloudrunAccount = message(
    "CloudrunAccount",
    "A GCP project Spinnaker deploys Cloud Run services to. Not in kleat; read by clouddriver.",
    name=_name("Cloud Run account"),
    environment=_environment(),
    project=Str("ID of the GCP project; read from the JSON key when unset."),
    jsonPath=Str("Path, inside the clouddriver container, of the service account JSON key gcloud "
                 "activates for this account.", file=True),
    serviceAccountEmail=Str("Service account the deployed Cloud Run services run as, e.g. "
                            "`runner@my-project.iam.gserviceaccount.com`."),
    localRepositoryDirectory=Str("Directory in clouddriver where deploy files are staged. Defaults to "
                                 "`/tmp`."),
    permissions=_permissions(),
    requiredGroupMembership=_required_group_membership(),
    sshKnownHostsFilePath=Str(
        "Halyard's known_hosts file for git over SSH.",
        halyard="Halyard accepted a known_hosts file for Cloud Run accounts, but clouddriver's Cloud "
                "Run accounts do not read it, so it is dropped.", file=True),
    sshTrustUnknownHosts=Bool(
        "Halyard's switch for trusting unknown git hosts over SSH.",
        halyard="clouddriver's Cloud Run accounts accept this setting but never use it (they fetch "
                "nothing over SSH), so it is dropped."),
    serviceAccountId=Str(
        "Service account to impersonate (Halyard's common Google account setting).",
        halyard="Halyard offered service-account impersonation on every Google-family account, but "
                "clouddriver's Cloud Run accounts never use it, so it is dropped."),
    serviceAccountProject=Str(
        "Project of the impersonated service account (Halyard's common Google account setting).",
        halyard="Halyard offered service-account impersonation on every Google-family account, but "
                "clouddriver's Cloud Run accounts never use it, so it is dropped."),
    providerVersion=_provider_version(),
)

Cloudrun = _provider(
    "Cloudrun", "The Google Cloud Run provider. Not in kleat; read by clouddriver.",
    "Cloud Run", CloudrunAccount, "A Cloud Run account.",
    gcloudPath=Str("Path of the gcloud binary clouddriver runs for Cloud Run; `gcloud` on the PATH when "
                   "unset."),
)

# --------------------------------------------------------------- providers

Providers = message(
    "Providers",
    "The cloud providers Spinnaker deploys to; each is off until its `enabled` is true.",
    kubernetes=Msg(Kubernetes, "Kubernetes clusters."),
    google=Msg(GoogleComputeEngine, "Google Compute Engine."),
    appengine=Msg(Appengine, "Google App Engine."),
    aws=Msg(Aws, "Amazon Web Services (EC2)."),
    azure=Msg(Azure, "Microsoft Azure."),
    cloudfoundry=Msg(CloudFoundry, "Cloud Foundry."),
    dcos=Msg(Dcos, "DC/OS (no longer built into clouddriver)."),
    dockerRegistry=Msg(DockerRegistry, "Docker registries."),
    ecs=Msg(Ecs, "Amazon ECS."),
    huaweicloud=Msg(HuaweiCloud, "Huawei Cloud."),
    oracle=Msg(Oracle, "Oracle Cloud Infrastructure."),
    tencentcloud=Msg(TencentCloud, "Tencent Cloud. Not in kleat; read by clouddriver and rosco."),
    cloudrun=Msg(Cloudrun, "Google Cloud Run. Not in kleat; read by clouddriver."),
    oraclebmcs=Any(
        "Halyard's old name for the Oracle provider.",
        halyard="Halyard read this old name of the Oracle provider and merged it into `oracle`; it is "
                "dropped here, so move its settings to `providers.oracle`."),
    openstack=Any(
        "The OpenStack provider, which Spinnaker removed in 2019; Halyard kept writing an empty block "
        "for it.",
        halyard="dropped: no current service can deploy to OpenStack. An empty block only gets a note; "
                "one with accounts or `enabled: true` gets a warning, since those accounts are lost."),
)
