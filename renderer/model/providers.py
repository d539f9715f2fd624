"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message
from .common import Permissions

GCLOUD_RELEASE_TRACK = ('UNSPECIFIED', 'STABLE', 'BETA', 'ALPHA')

# kleat: Configuration for a CRD to be managed by Spinnaker. If Spinnaker does not have permission to list CRDs but you need Spinnaker to manage CRDs, you need to explicitly register each CRD.
KubernetesCustomResource = message(
    "KubernetesCustomResource", "",
    # kleat: The Kubernetes kind of the custom resource.
    kubernetesKind=Str(""),
    # kleat: The Spinnaker kind to which you would like the custom resource to map.
    spinnakerKind=Str(""),
    # kleat: An integer representing the deployment priority of this resource. Resources with lower values are deployed before resources with higher values.
    deployPriority=Str(""),
    # kleat: Whether Spinnaker should manage versioning this resource.
    versioned=Bool(""),
    # kleat: Whether the resource is namespaced. Defaults to true.
    namespaced=Bool(""),
)

# kleat: Configuration for a kind-specific caching policy.
KubernetesCachingPolicy = message(
    "KubernetesCachingPolicy", "",
    # kleat: The Kubernetes kind to which the policy applies.
    kubernetesKind=Str(""),
    # kleat: The maximum number of resources an agent will cache of the specified Kubernetes kind.
    maxEntriesPerAgent=Int(""),
)

# kleat: Configuration for a Docker registry.
KubernetesAccountDockerRegistry = message(
    "KubernetesAccountDockerRegistry", "",
    # kleat: The configured name of the Docker registry.
    accountName=Str(""),
    # kleat: The list of Docker registry namespaces usable as image sources.
    namespaces=List(Str("")),
)

# kleat: Configuration for a Spinnaker Kubernetes account. An account maps to a credential that can authenticate against your Kubernetes cluster.
KubernetesAccount = message(
    "KubernetesAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: A list of resource kinds this Spinnaker account can deploy and will cache. When no kinds are configured, this defaults to all kinds described here: https://spinnaker.io/reference/providers/kubernetes-v2/. This can only be set when omitKinds is empty or not set.
    kinds=List(Str("")),
    # kleat: A list of resource kinds this Spinnaker account cannot deploy to or cache. This can only be set when kinds is empty or not set.
    omitKinds=List(Str("")),
    # kleat: The kubernetes context to be managed by Spinnaker. See http://kubernetes.io/docs/user-guide/kubeconfig-file/#context for more information. When no context is configured for an account the `current-context` in your kubeconfig is assumed.
    context=Str(""),
    # kleat: Number of caching agents for this kubernetes account. Each agent handles a subset of the namespaces available to this account. By default, only 1 agent caches all kinds for all namespaces in the account.
    cacheThreads=Int(""),
    # kleat: A list of namespaces this Spinnaker account can deploy to and will cache. When no namespaces are configured, this defaults to all namespaces.
    namespaces=List(Str("")),
    # kleat: A list of namespaces this Spinnaker account cannot deploy to or cache. This can only be set when namespaces is empty or not set.
    omitNamespaces=List(Str("")),
    # kleat: The list of custom resources Clouddriver will manage and make available for use in Patch and Delete (Manifest) stages.
    customResources=List(Msg(KubernetesCustomResource, "")),
    # kleat: The list of kind-specific caching policies.
    cachingPolicies=List(Msg(KubernetesCachingPolicy, "")),
    # kleat: The list of the Spinnaker docker registry account names this Spinnaker account can use as image sources. These docker registry accounts must be registered in your halconfig before you can add them here.
    dockerRegistries=List(Msg(KubernetesAccountDockerRegistry, "")),
    # kleat: The list of OAuth scopes used by kubectl to fetch an OAuth token.
    oAuthScopes=List(Str("")),
    # kleat: The path to your kubeconfig file. By default, it will be under the Spinnaker user's home directory in the typical .kube/config location.
    kubeconfigFile=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated): List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: When true, clouddriver will query manifest status during pipeline executions using live data rather than the cache. This eliminates all time spent in the "force cache refresh" task in pipelines, greatly reducing execution time. Defaults to false.
    liveManifestCalls=Bool(""),
    # kleat: When true, Spinnaker attempt to authenticate against Kubernetes using a Kubernetes service account. This only works when Halyard & Spinnaker are deployed in Kubernetes. Read more about service accounts here: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/. Defaults to false.
    serviceAccount=Bool(""),
    # kleat: The raw contents of your kubeconfig file. Ignored if kubeconfigFile is set.
    kubeconfigContents=Str(""),
    # kleat: The path to the kubectl executable. This should be omitted unless you want to override the default kubectl exectuable.
    kubectlPath=Str(""),
    # kleat: If set, all calls to kubectl will time out after the specified number of seconds.
    kubectlRequestTimeoutSeconds=Int(""),
    # kleat: Whether to check whether the account has permission to read configured kinds before caching them. Kinds that the account does not have permission to read will be omitted from caching. This field defaults to true, and it is recommended to leave it at the default. If this field is set to false, any Kubernetes objects that are unreadable by the account will break caching for all objects.
    checkPermissionsOnStartup=Bool(""),
    # kleat: When using OAuth to authenticate with your cluster, the name of the service account to use.
    oAuthServiceAccount=Str(""),
    # kleat: If true, only cache Kubernetes objects that have been deployed by Spinnaker, and ignore any other objects that exist in the cluster. Defaults to false.
    onlySpinnakerManaged=Bool(""),
    # kleat: If true, enable detailed logging for all communications with the Kubernetes cluster for this account. Defaults to false.
    debug=Bool(""),
)

# kleat: Configuration for the Kubernetes provider.
Kubernetes = message(
    "Kubernetes", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(KubernetesAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
)

# kleat: Configuration for Consul.
Consul = message(
    "Consul", "",
    # kleat: Whether Consul is enabled.
    enabled=Bool(""),
    # kleat: Reachable Consul node endpoint connected to the Consul cluster. Defaults to localhost.
    agentEndpoint=Str(""),
    # kleat: Port consul is running on for every agent. Defaults to 8500.
    agentPort=Int(""),
    # kleat: List of data centers to cache and keep updated. Defaults to all.
    datacenters=List(Str("")),
)

# kleat: Configuration for a Spinnaker Google account. An account maps to a credential that can authenticate against a GCP project.
GoogleComputeEngineAccount = message(
    "GoogleComputeEngineAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Deprecated): List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: The GCP project this Spinnaker account will manage.
    project=Str(""),
    # kleat: The path to a JSON service account that Spinnaker will use as credentials. This is only needed if Spinnaker is not deployed on a Google Compute Engine VM, or needs permissions not afforded to the VM it is running on. See https://cloud.google.com/compute/docs/access/service-accounts for more information.
    jsonPath=Str(""),
    # kleat: Enable this flag if your GCP project has access to alpha features and you want Spinnaker to take advantage of them.
    alphaListed=Bool(""),
    # kleat: A list of GCP projects from which Spinnaker will be able to cache and deploy images. When this is omitted, it defaults to the current project. Each project must have granted the IAM role compute.imageUser to the service account associated with the JSON key used by this account, as well as to the Google APIs service account automatically created for the project being managed (should look similar to 12345678912@cloudservices.gserviceaccount.com). See https://cloud.google.com/compute/docs/images/sharing-images-across-projects for more information about sharing images across GCP projects.
    imageProjects=List(Str("")),
    # kleat: Configuration for Consul.
    consul=Msg(Consul, ""),
    # kleat: A list of regions for caching and mutating calls. This overwrites any default regions set on the provider.
    regions=List(Str("")),
    # kleat: The path to user data template file. Spinnaker has the ability to inject userdata into generated instance templates. The mechanism is via a template file that is token replaced to provide some specifics about the deployment. See https://github.com/spinnaker/clouddriver/blob/master/clouddriver-aws/UserData.md for more information.
    userDataFile=Str(""),
)

# kleat: Base image configuration.
GoogleBaseImage = message(
    "GoogleBaseImage", "",
    # kleat: This is the identifier used by GCP to find this base image.
    id=Str(""),
    # kleat: A short description to help human operators identify the image.
    shortDescription=Str(""),
    # kleat: A long description to help human operators identify the image.
    detailedDescription=Str(""),
    # kleat: This is used to help Spinnaker's bakery download the build artifacts you supply it with. For example, specifying deb indicates that your artifacts will need to be fetched from a debian repository.
    packageType=Str(""),
    # kleat: If set to true, Deck will annotate the popup tooltip to indicate that the selected option represents an image family.
    imageFamily=Bool(""),
)

# kleat: Image source configuration.
VirtualizationSettings = message(
    "VirtualizationSettings", "",
    # kleat: The source image. If both sourceImage and sourceImageFamily are set, sourceImage will take precedence.
    sourceImage=Str(""),
    # kleat: The source image family to create the image from. The newest, non-deprecated image is used. If both sourceImage and sourceImageFamily are set, sourceImage will take precedence.
    sourceImageFamily=Str(""),
)

# kleat: Configuration for a base image for the Google provider's bakery.
GoogleBaseImageSettings = message(
    "GoogleBaseImageSettings", "",
    # kleat: Base image configuration.
    baseImage=Msg(GoogleBaseImage, ""),
    # kleat: Image source configuration.
    virtualizationSettings=Msg(VirtualizationSettings, ""),
)

# kleat: Configuration for Spinnaker's image bakery.
GoogleBakeryDefaults = message(
    "GoogleBakeryDefaults", "",
    # kleat: The name of the Packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
    # kleat: List of configured base images.
    baseImages=List(Msg(GoogleBaseImageSettings, "")),
    # kleat: The default zone in which to bake an image.
    zone=Str(""),
    # kleat: The Google Compute network ID or URL to use for the launched instance. Defaults to default.
    network=Str(""),
    # kleat: If true, use the instance's internal IP instead of its external IP during baking.
    useInternalIp=Bool(""),
    # kleat: The default project ID for the network and subnet to use for the VM baking your image.
    networkProjectId=Str(""),
)

# kleat: Configuration for the Google Compute Engine (GCE) provider.
GoogleComputeEngine = message(
    "GoogleComputeEngine", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(GoogleComputeEngineAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
    # kleat: Configuration for Spinnaker's image bakery.
    bakeryDefaults=Msg(GoogleBakeryDefaults, ""),
)

# kleat: Configuration for an App Engine account.
AppengineAccount = message(
    "AppengineAccount", "",
    # kleat: The interval in seconds at which Spinnaker will poll for updates in your App Engine clusters.
    cachingIntervalSeconds=Int(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: The gcloud release track that Spinnaker will use when deploying to App Engine.
    gcloudReleaseTrack=Enum(GCLOUD_RELEASE_TRACK, ""),
    # kleat: A username to be used when connecting to a remote git repository server over HTTPS. If set, `gitHttpsPassword` must also be set.
    gitHttpsUsername=Str(""),
    # kleat: A password to be used when connecting to a remote git repository server over HTTPS. If set, `gitHttpsUsername` must also be set.
    gitHttpsPassword=Str(""),
    # kleat: An OAuth token provided by Github for connecting to a git repository over HTTPS. See https://help.github.com/articles/creating-an-access-token-for-command-line-use for more information.
    githubOAuthAccessToken=Str(""),
    # kleat: The path to a JSON service account that Spinnaker will use as credentials. This is only needed if Spinnaker is not deployed on a Google Compute Engine VM, or needs permissions not afforded to the VM it is running on. See https://cloud.google.com/compute/docs/access/service-accounts for more information.
    jsonPath=Str(""),
    # kleat: A local directory to be used to stage source files for App Engine deployments within Clouddriver. Defaults to `/var/tmp/clouddriver`.
    localRepositoryDirectory=Str(""),
    # kleat: A list of regular expressions. Any service matching one of these regexes will be ignored by Spinnaker.
    omitServices=List(Str("")),
    # kleat: A list of regular expressions. Any version matching one of these regexes will be ignored by Spinnaker.
    omitVersions=List(Str("")),
    # kleat: The Google Cloud Platform project this Spinnaker account will manage.
    project=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated): List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: A list of regular expressions. Any service matching one of these regexes will be indexed by Spinnaker (unless the service also matches a regex in `omitServices`).
    services=List(Str("")),
    # kleat: The path to a `known_hosts` file to be used when connecting with a remote git repository over SSH.
    sshKnownHostsFilePath=Str(""),
    # kleat: The path to an SSH private key to be used when connecting with a remote git repository over SSH. If set, `sshPrivateKeyPassphrase` must also be set.
    sshPrivateKeyFilePath=Str(""),
    # kleat: The passphrase to an SSH private key to be used when connecting with a remote git repository over SSH. If set, `sshPrivateKeyFilePath` must also be set.
    sshPrivateKeyPassphrase=Str(""),
    # kleat: Enabling this flag will allow Spinnaker to connect with a remote git repository over SSH without verifying the server's IP address against a `known_hosts` file. Defaults to false.
    sshTrustUnknownHosts=Bool(""),
    # kleat: A list of regular expressions. Any version matching one of these regexes will be indexed by Spinnaker (unless the version also matches a regex in `omitVersions`).
    versions=List(Str("")),
    # kleat: The name of the account.
    name=Str(""),
)

# kleat: Configuration for the Google App Engine (GAE) provider.
Appengine = message(
    "Appengine", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(AppengineAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
)

# kleat: Configuration for AWS Auto Scaling Lifecycle Hooks. For more information, see: https://docs.aws.amazon.com/autoscaling/ec2/userguide/lifecycle-hooks.html
AwsLifecycleHook = message(
    "AwsLifecycleHook", "",
    # kleat: Defines the action the Auto Scaling group should take when the lifecycle hook timeout elapses or if an unexpected failure occurs. Acceptable values: `CONTINUE`, `ABANDON`.
    defaultResult=Str(""),
    # kleat: Set the heartbeat timeout in seconds for the lifecycle hook. Instances can remain in a wait state for a finite period of time. Must be greater than or equal to 30 and less than or equal to 7200. The default is 3600 (one hour).
    heartbeatTimeout=Int(""),
    # kleat: Type of lifecycle transition. Acceptable values: `autoscaling:EC2_INSTANCE_LAUNCHING`, `autoscaling:EC2_INSTANCE_TERMINATING`
    lifecycleTransition=Str(""),
    # kleat: The ARN of the notification target that Amazon EC2 Auto Scaling uses to notify you when an instance is in the transition state for the lifecycle hook. This target can be either an SQS queue or an SNS topic.
    notificationTargetARN=Str(""),
    # kleat: The ARN of the IAM role that allows the Auto Scaling group to publish to the specified notification target, for example, an Amazon SNS topic or an Amazon SQS queue.
    roleARN=Str(""),
)

# kleat: An AWS region.
AwsRegion = message(
    "AwsRegion", "",
    # kleat: The name of the region.
    name=Str(""),
)

# kleat: Configuration for an AWS account.
AwsAccount = message(
    "AwsAccount", "",
    # kleat: The AWS account ID to manage. See http://docs.aws.amazon.com/IAM/latest/UserGuide/console_account-alias.html for more information.
    accountId=Str(""),
    # kleat: If set, Spinnaker will configure a credentials provider that uses AWS Security Token Service to assume the specified role. Examples: `user/spinnaker`, `role/spinnakerManaged`.
    assumeRole=Str(""),
    # kleat: The name of the AWS key-pair to use. See http://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-key-pairs.html for more information.
    defaultKeyPair=Str(""),
    # kleat: The endpoint at which your Eureka discovery system is reachable. See https://github.com/Netflix/eureka for more information. Example: `http://.eureka.url.to.use:8080/eureka-server/v2`. Using will make Spinnaker use AWS regions in the hostname to access discovery so that you can have discovery for multiple regions.
    discovery=Str(""),
    # kleat: The endpoint at which Edda is reachable. Edda is not a hard dependency of Spinnaker, but is helpful for reducing the request volume against AWS. See https://github.com/Netflix/edda for more information.
    edda=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated): List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: List of configured AWS lifecycle hooks.
    lifecycleHooks=List(Msg(AwsLifecycleHook, "")),
    # kleat: List of configured AWS regions.
    regions=List(Msg(AwsRegion, "")),
    # kleat: The name of the account.
    name=Str(""),
    # kleat: Optional parameter used to identify and control access to AWS resources. Set this to the same value as the ExternalID parameter in the trust policy for the role you want to assume.
    externalId=Str(""),
)

# kleat: Configuration for AWS CloudFormation.
AwsFeatures_CloudFormation = message(
    "AwsFeatures_CloudFormation", "",
    # kleat: Whether AWS CloudFormation is enabled.
    enabled=Bool(""),
)

# kleat: Configuration for AWS-specific features.
AwsFeatures = message(
    "AwsFeatures", "",
    # kleat: Configuration for AWS CloudFormation.
    cloudFormation=Msg(AwsFeatures_CloudFormation, ""),
)

# kleat: Base image configuration.
AwsBaseImage = message(
    "AwsBaseImage", "",
    # kleat: This is the identifier used by AWS to find this base image.
    id=Str(""),
    # kleat: A short description to help human operators identify the image.
    shortDescription=Str(""),
    # kleat: A long description to help human operators identify the image.
    detailedDescription=Str(""),
    # kleat: This is used to help Spinnaker's bakery download the build artifacts you supply it with. For example, specifying deb indicates that your artifacts will need to be fetched from a debian repository.
    packageType=Str(""),
    # kleat: The name of the Packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
)

# kleat: Base image virtualization settings.
AwsVirtualizationSettings = message(
    "AwsVirtualizationSettings", "",
    # kleat: The name of the region in which to launch the EC2 instance to create the AMI.
    region=Str(""),
    # kleat: The type of virtualization for the AMI you are building. This option must match the supported virtualization type of `sourceAmi`. Acceptable values: `pv`, `hvm`.
    virtualizationType=Str(""),
    # kleat: The EC2 instance type to use while building the AMI, such as `t2.small`.
    instanceType=Str(""),
    # kleat: The source AMI whose root volume will be copied and provisioned on the currently running instance. This must be an EBS-backed AMI with a root volume snapshot that you have access to.
    sourceAmi=Str(""),
    # kleat: The username to connect to SSH with. Required if using SSH.
    sshUserName=Str(""),
    # kleat: The username to use to connect to WinRM.
    winRmUserName=Str(""),
    # kleat: The maximum hourly price to pay for a spot instance to create the AMI. Spot instances are a type of instance that EC2 starts when the current spot price is less than the maximum price you specify. Spot price will be updated based on available spot instance capacity and current spot instance requests. It may save you some costs. You can set this to `auto` for Packer to automatically discover the best spot price or to "0" to use an on demand instance (default).
    spotPrice=Str(""),
    # kleat: Required if `spotPrice` is set to `auto`. This tells Packer what sort of AMI you are launching to find the best spot price. This must be one of: `Linux/UNIX`, `SUSE Linux`, `Windows`, `Linux/UNIX (Amazon VPC)`, `SUSE Linux (Amazon VPC)`, `Windows (Amazon VPC)`.
    spotPriceAutoProduct=Str(""),
)

# kleat: Configuration for a base image for the AWS provider's bakery.
AwsBaseImageSettings = message(
    "AwsBaseImageSettings", "",
    # kleat: Base image configuration.
    baseImage=Msg(AwsBaseImage, ""),
    # kleat: Base image virtualization settings.
    virtualizationSettings=List(Msg(AwsVirtualizationSettings, "")),
)

# kleat: Configuration for Spinnaker's image bakery.
AwsBakeryDefaults = message(
    "AwsBakeryDefaults", "",
    # kleat: The default access key used to communicate with AWS.
    awsAccessKey=Str(""),
    # kleat: The secret key used to communicate with AWS.
    awsSecretKey=Str(""),
    # kleat: If using VPC, the default ID of the subnet, such as `subnet-12345def`, where Packer will launch the EC2 instance. This field is required if you are using a non-default VPC.
    awsSubnetId=Str(""),
    # kleat: If launching into a VPC subnet, Packer needs the VPC ID in order to create a temporary security group within the VPC. Requires `subnet_id` to be set. If this default value is left blank, Packer will try to get the VPC ID from `awsSubnetId`.
    awsVpcId=Str(""),
    # kleat: If using a non-default VPC, public IP addresses are not provided by default. If this is enabled, your new instance will get a Public IP.
    awsAssociatePublicIpAddress=Bool(""),
    # kleat: The default type of virtualization for the AMI you are building. This option must match the supported virtualization type of `AwsVirtualizationSettings.sourceAmi`. Acceptable values: `pv`, `hvm`.
    defaultVirtualizationType=Str(""),
    # kleat: List of configured base images.
    baseImages=List(Msg(AwsBaseImageSettings, "")),
    # kleat: This is the name of the packer template that will be used to bake images from this base image. The template file must be found in this list https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
)

# kleat: Configuration for defaults for AWS deployments.
AwsDefaults = message(
    "AwsDefaults", "",
    # kleat: The default IAM role to use for deployments, when not otherwise specified.
    iamRole=Str(""),
)

# kleat: Configuration for the AWS provider.
Aws = message(
    "Aws", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(AwsAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
    # kleat: Your AWS Access Key ID. Note that if you are baking AMIs with Rosco, you may also need to set `AwsBakeryDefaults.awsAccessKey`.
    accessKeyId=Str(""),
    # kleat: Your AWS Secret Key. Note that if you are baking AMIs with Rosco, you may also need to set `AwsBakeryDefaults.awsSecretKey`.
    secretAccessKey=Str(""),
    # kleat: List of default regions.
    defaultRegions=List(Msg(AwsRegion, "")),
    # kleat: Configuration for AWS-specific features.
    features=Msg(AwsFeatures, ""),
    # kleat: Configuration for Spinnaker's image bakery.
    bakeryDefaults=Msg(AwsBakeryDefaults, ""),
    # kleat: A template for generating the name of the AWS key-pair from the name of the account; only used for accounts where defaultKeyPair is not specified.
    defaultKeyPairTemplate=Str(""),
    # kleat: Default values for AWS deployments.
    defaults=Msg(AwsDefaults, ""),
)

# kleat: Configuration for an Azure account.
AzureAccount = message(
    "AzureAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The `appKey` (password) of your service principal.
    appKey=Str(""),
    # kleat: (Required) The `clientId` (also called `appId`) of your service principal.
    clientId=Str(""),
    # kleat: (Required) The name of a KeyVault that contains the user name, password, and ssh public key used to create VMs
    defaultKeyVault=Str(""),
    # kleat: (Required) The default resource group to contain any non-application specific resources.
    defaultResourceGroup=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: The `objectId` of your service principal. This is only required if using Packer to bake Windows images.
    objectId=Str(""),
    # kleat: The resource group to use if baking images with Packer.
    packerResourceGroup=Str(""),
    # kleat: The storage account to use if baking images with Packer.
    packerStorageAccount=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated): List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: The Azure regions this Spinnaker account will manage.
    regions=List(Str("")),
    # kleat: (Required) The `subscriptionId` to which your service principal is assigned.
    subscriptionId=Str(""),
    # kleat: (Required) The `tenantId` to which your service principal is assigned.
    tenantId=Str(""),
    # kleat: If true, the  SSH public key is used to provision the linux VM. If false, the password is used instead.
    useSshPublicKey=Bool(""),
)

# kleat: Base image configuration.
AzureBaseImage = message(
    "AzureBaseImage", "",
    # kleat: A short description to help human operators identify the image.
    shortDescription=Str(""),
    # kleat: A long description to help human operators identify the image.
    detailedDescription=Str(""),
    # kleat: (Required) The Publisher name for your base image. See https://aka.ms/azspinimage to get a list of images.
    publisher=Str(""),
    # kleat: (Required) The offer for your base image. See https://aka.ms/azspinimage to get a list of images.
    offer=Str(""),
    # kleat: (Required) The SKU for your base image. See https://aka.ms/azspinimage to get a list of images.
    sku=Str(""),
    # kleat: The version of your base image. This defaults to `latest` if not specified.
    version=Str(""),
    # kleat: This is used to help Spinnaker's bakery download the build artifacts you supply it with. For example, specifying `deb` indicates that your artifacts will need to be fetched from a debian repository.
    packageType=Str(""),
    # kleat: This is the name of the packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
)

# kleat: Configuration for a base image for the Azure provider's bakery.
AzureBaseImageSettings = message(
    "AzureBaseImageSettings", "",
    # kleat: Base image configuration.
    baseImage=Msg(AzureBaseImage, ""),
)

# kleat: Configuration for Spinnaker's image bakery.
AzureBakeryDefaults = message(
    "AzureBakeryDefaults", "",
    # kleat: List of configured base images.
    baseImages=List(Msg(AzureBaseImageSettings, "")),
)

# kleat: Configuration for the Azure provider.
Azure = message(
    "Azure", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(AzureAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
    # kleat: Configuration for Spinnaker's image bakery.
    bakeryDefaults=Msg(AzureBakeryDefaults, ""),
)

# kleat: Configuration for a Spinnaker Cloud Foundry account.
CloudFoundryAccount = message(
    "CloudFoundryAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) Host of the Cloud Foundry Foundation API endpoint (e.g., `api.sys.somesystem.com`).
    api=Str(""),
    # kleat: HTTP(S) URL of the Apps Manager application for the Cloud Foundry Foundation (e.g., `https://apps.sys.somesystem.com`).
    appsManagerUri=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: HTTP(S) URL of the metrics application for the Cloud Foundry Foundation (e.g., `https://metrics.sys.somesystem.com`).
    metricsUri=Str(""),
    # kleat: (Required) Password for the account to use for this Cloud Foundry Foundation.
    password=Str(""),
    # kleat: (Default: `false`) Skip SSL server certificate validation of the API endpoint.
    skipSslValidation=Bool(""),
    # kleat: (Required) User name for the account to use for this Cloud Foundry Foundation.
    user=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated): List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
)

# kleat: Configuration for the Cloud Foundry provider.
CloudFoundry = message(
    "CloudFoundry", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(CloudFoundryAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
)

# kleat: Configuration for a DC/OS cluster associated with a `DcosAccount`.
DcosAccountCluster = message(
    "DcosAccountCluster", "",
    # kleat: (Required) The name of the cluster. Must match the name of a `DcosCluster` defined for this provider.
    name=Str(""),
    # kleat: (Required) User or service account identifier.
    uid=Str(""),
    # kleat: Path to a file containing the secret key for service account authentication. If set, `password` should not be set.
    serviceKeyFile=Str(""),
    # kleat: Password for a user account. If set, `serviceKeyFile` should not be set.
    password=Str(""),
)

# kleat: Configuration for a Docker registry associated with a `DcosAccount`.
DcosAccountDockerRegistry = message(
    "DcosAccountDockerRegistry", "",
    # kleat: The name of the Docker registry. Must be the name of an account configured with the Docker registry provider.
    accountName=Str(""),
)

# kleat: Credentials to authenticate against one or more DC/OS clusters.
DcosAccount = message(
    "DcosAccount", "",
    # kleat: (Required) The name of the account.
    name=Str(""),
    # kleat: (Required) The clusters against which this account will authenticate.
    clusters=List(Msg(DcosAccountCluster, "")),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: (Required) The list of Docker registries to use with this DC/OS account.
    dockerRegistries=List(Msg(DcosAccountDockerRegistry, "")),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated) List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
)

# kleat: Configuration for a DC/OS load balancer.
DcosClusterLoadBalancer = message(
    "DcosClusterLoadBalancer", "",
    # kleat: Marathon-lb image to use when creating a load balancer with Spinnaker.
    image=Str(""),
    # kleat: Name of the secret to use for allowing marathon-lb to authenticate with the cluster. Only necessary for clusters with strict or permissive security.
    serviceAccountSecret=Str(""),
)

# kleat: Configuration for a DC/OS cluster.
DcosCluster = message(
    "DcosCluster", "",
    # kleat: (Required) The name of the cluster.
    name=Str(""),
    # kleat: Root certificate file to trust for connections to the cluster.
    caCertFile=Str(""),
    # kleat: (Required) URL of the endpoint for the DC/OS cluster's admin router.
    dcosUrl=Str(""),
    # kleat: Configuration for a DC/OS load balancer.
    loadBalancer=Msg(DcosClusterLoadBalancer, ""),
    # kleat: If `true`, disables verification of certificates from the cluster (insecure).
    insecureSkipTlsVerify=Bool(""),
)

# kleat: Configuration for the DC/OS (Distributed Cloud Operating System) provider.
Dcos = message(
    "Dcos", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(DcosAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
    # kleat: The list of configured clusters.
    clusters=List(Msg(DcosCluster, "")),
)

# kleat: A credential able to authenticate against a set of Docker repositories.
DockerRegistryAccount = message(
    "DockerRegistryAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Required) The registry address from which to pull and deploy images (e.g., `https://index.docker.io`).
    address=Str(""),
    # kleat: The number of seconds between polling the Docker registry. Certain registries are sensitive to over-polling, and larger intervals (e.g., 10 minutes = 600 seconds) are desirable if you experience rate limiting. Defaults to `30`.
    cacheIntervalSeconds=Int(""),
    # kleat: The number of threads on which to cache all provided repositories. Really only useful if you have a ton of repos. Defaults to 1.
    cacheThreads=Int(""),
    # kleat: Timeout in milliseconds for provided repositories. Defaults to `60,000`.
    clientTimeoutMillis=Int(""),
    # kleat: The email associated with your Docker registry. Often this only needs to be well-formed, rather than be a real address.
    email=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: If `true`, Spinnaker will treat the Docker registry as insecure and not validate the SSL certificate. Defaults to `false`.
    insecureRegistry=Bool(""),
    # kleat: Pagination size for the Docker `repository _catalog` endpoint. Defaults to `100`.
    paginateSize=Int(""),
    # kleat: The Docker registry password. Only one of `password`, `passwordCommand`, and `passwordFile` should be specified.
    password=Str(""),
    # kleat: Command to retrieve Docker token/password. The command must be available in the environment. Only one of `password`, `passwordCommand`, and `passwordFile` should be specified.
    passwordCommand=Str(""),
    # kleat: The path to a file containing your Docker password in plaintext (not a Docker `config.json` file). Only one of `password`, `passwordCommand`, and `passwordFile` should be specified.
    passwordFile=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated) List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: An optional list of repositories from which to cache images. If not provided, Spinnaker will attempt to read accessible repositories from the `registries _catalog` endpoint. In the case of registries that support nested paths, like GCR, you can target nested paths by including them sans their registry domain. For example: `gcr.io/my-project/path/to/image` => `my-project/path/to/image`
    repositories=List(Str("")),
    # kleat: If `true`, Spinnaker will sort tags by creation date. Defaults to `false`. Not recommended for use with large registries; sorting performance scales poorly due to limitations of the Docker V2 API.
    sortTagsByDate=Bool(""),
    # kleat: If `true`, Spinnaker will track digest changes. This is not recommended because it greatly increases queries to the registry, and most registries are flaky. Defaults to `false`.
    trackDigests=Bool(""),
    # kleat: The username associated with this Docker registry.
    username=Str(""),
)

# kleat: Configuration for the Docker Registry provider.
DockerRegistry = message(
    "DockerRegistry", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(DockerRegistryAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
)

# kleat: Configuration for an ECS account.
EcsAccount = message(
    "EcsAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: (Required) Provide the name of the AWS account associated with this ECS account. See https://github.com/spinnaker/clouddriver/blob/master/clouddriver-ecs/README.md for more information.
    awsAccount=Str(""),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Deprecated) List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
)

# kleat: Configuration for the ECS provider.
Ecs = message(
    "Ecs", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(EcsAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
)

# kleat: Configuration for a Huawei Cloud account.
HuaweiCloudAccount = message(
    "HuaweiCloudAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: The type of account.
    accountType=Str(""),
    # kleat: (Deprecated) List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Required) The auth URL of the cloud.
    authUrl=Str(""),
    # kleat: (Required) The domain name of the cloud.
    domainName=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: If `true`, disables certificate validation on SSL connections. Needed if certificates are self-signed. Defaults to `false`.
    insecure=Bool(""),
    # kleat: (Required) The password used to access the cloud.
    password=Str(""),
    # kleat: (Required) The name of the project within the cloud.
    projectName=Str(""),
    # kleat: (Required) The region(s) of the cloud.
    regions=List(Str("")),
    # kleat: (Required) The username used to access the cloud.
    username=Str(""),
)

# kleat: Huawei Cloud base image settings.
HuaweiCloudBaseImage = message(
    "HuaweiCloudBaseImage", "",
    # kleat: The name of the base image.
    id=Str(""),
    # kleat: This is used to help Spinnaker's bakery download the build artifacts you supply it with. For example, specifying `deb` indicates that your artifacts will need to be fetched from a debian repository.
    packageType=Str(""),
    # kleat: This is the name of the packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
    # kleat: A short description to help human operators identify the image.
    shortDescription=Str(""),
    # kleat: A long description to help human operators identify the image.
    detailedDescription=Str(""),
)

# kleat: Huawei Cloud virtualization settings.
HuaweiCloudVirtualizationSettings = message(
    "HuaweiCloudVirtualizationSettings", "",
    # kleat: (Required) The region for the baking configuration.
    region=Str(""),
    # kleat: (Required) The instance type for the baking configuration.
    instanceType=Str(""),
    # kleat: (Required) The source image ID for the baking configuration.
    sourceImageId=Str(""),
    # kleat: (Required) The SSH username for the baking configuration.
    sshUserName=Str(""),
    # kleat: (Required) The EIP type for the baking configuration. See the API doc to get its value.
    eipType=Str(""),
)

# kleat: Configuration for a base image for the Huawei Cloud provider's bakery.
HuaweiCloudBaseImageSettings = message(
    "HuaweiCloudBaseImageSettings", "",
    # kleat: Base image configuration.
    baseImage=Msg(HuaweiCloudBaseImage, ""),
    # kleat: Image source configuration.
    virtualizationSettings=List(Msg(HuaweiCloudVirtualizationSettings, "")),
)

# kleat: Configuration for Spinnaker's image bakery.
HuaweiCloudBakeryDefaults = message(
    "HuaweiCloudBakeryDefaults", "",
    # kleat: List of configured base images.
    baseImages=List(Msg(HuaweiCloudBaseImageSettings, "")),
    # kleat: This is the name of the packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
    # kleat: (Required) The default auth URL in which images will be baked.
    authUrl=Str(""),
    # kleat: (Required) The default username with which images will be baked.
    username=Str(""),
    # kleat: (Required) The default password with which images will be baked.
    password=Str(""),
    # kleat: The name of the default project in which images will be baked.
    projectName=Str(""),
    # kleat: (Required) The default domain name in which images will be baked.
    domainName=Str(""),
    # kleat: The security setting for connecting to the Huawei Cloud account. Defaults to `false`.
    insecure=Bool(""),
    # kleat: (Required) The VPC in which images will be baked.
    vpcId=Str(""),
    # kleat: (Required) The subnet in which images will be baked.
    subnetId=Str(""),
    # kleat: (Required) The default security group in which images will be baked.
    securityGroup=Str(""),
    # kleat: (Required) The bandwidth size of EIP in which images will be baked.
    eipBandwidthSize=Int(""),
)

# kleat: Configuration for the Huawei Cloud provider.
HuaweiCloud = message(
    "HuaweiCloud", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(HuaweiCloudAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
    # kleat: Configuration for Spinnaker's image bakery.
    bakeryDefaults=Msg(HuaweiCloudBakeryDefaults, ""),
)

# kleat: Configuration for an Oracle account. An account maps to an Oracle Cloud Infrastructure (OCI) user.
OracleAccount = message(
    "OracleAccount", "",
    # kleat: The name of the account.
    name=Str(""),
    # kleat: (Deprecated) List of required Fiat permission groups. Configure `permissions` instead.
    requiredGroupMembership=List(Str("")),
    # kleat: Fiat permissions configuration.
    permissions=Msg(Permissions, ""),
    # kleat: (Required) The OCID of the Oracle Compartment to use.
    compartmentId=Str(""),
    # kleat: The environment name for the account. Many accounts can share the same environment (e.g., dev, test, prod).
    environment=Str(""),
    # kleat: (Required) Fingerprint of the public key.
    fingerprint=Str(""),
    # kleat: Passphrase used for the private key, if it is encrypted.
    privateKeyPassphrase=Str(""),
    # kleat: (Required) An Oracle region (e.g., `us-phoenix-1`).
    region=Str(""),
    # kleat: (Required) Path to the private key in PEM format.
    sshPrivateKeyFilePath=Str(""),
    # kleat: (Required) The OCID of the Oracle Tenancy to use.
    tenancyId=Str(""),
    # kleat: (Required) The OCID of the Oracle User with which to authenticate.
    userId=Str(""),
)

# kleat: Oracle base image configuration.
OracleBaseImage = message(
    "OracleBaseImage", "",
    # kleat: The name of the base image.
    id=Str(""),
    # kleat: A short description to help human operators identify the image.
    shortDescription=Str(""),
    # kleat: A long description to help human operators identify the image.
    detailedDescription=Str(""),
    # kleat: This is used to help Spinnaker's bakery download the build artifacts you supply it with. For example, specifying deb indicates that your artifacts will need to be fetched from a debian repository.
    packageType=Str(""),
    # kleat: The name of the Packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
)

# kleat: Oracle virtualization settings.
OracleVirtualizationSettings = message(
    "OracleVirtualizationSettings", "",
    # kleat: (Required) The OCID of the base image ID for the baking configuration.
    baseImageId=Str(""),
    # kleat: (Required) The ssh username for the baking configuration.
    sshUserName=Str(""),
)

# kleat: Configuration for a base image for the Oracle provider's bakery.
OracleBaseImageSettings = message(
    "OracleBaseImageSettings", "",
    # kleat: Oracle base image configuration.
    baseImage=Msg(OracleBaseImage, ""),
    # kleat: Oracle virtualization settings.
    virtualizationSettings=Msg(OracleVirtualizationSettings, ""),
)

# kleat: Configuration for Spinnaker's image bakery.
OracleBakeryDefaults = message(
    "OracleBakeryDefaults", "",
    # kleat: The name of the Packer template that will be used to bake images from this base image. The template file must be found in this list: https://github.com/spinnaker/rosco/tree/master/rosco-web/config/packer, or supplied as described here: https://spinnaker.io/setup/bakery/.
    templateFile=Str(""),
    # kleat: List of configured base images.
    baseImages=List(Msg(OracleBaseImageSettings, "")),
    # kleat: (Required) The name of the Availability Domain within which a new instance is launched and provisioned.
    availabilityDomain=Str(""),
    # kleat: (Required) The shape for a newly created instance.
    instanceShape=Str(""),
    # kleat: (Required) The name of the subnet within which a new instance is launched and provisioned.
    subnetId=Str(""),
)

# kleat: Configuration for the Oracle provider.
Oracle = message(
    "Oracle", "",
    # kleat: Whether the provider is enabled.
    enabled=Bool(""),
    # kleat: The list of configured accounts.
    accounts=List(Msg(OracleAccount, "")),
    # kleat: The name of the primary account.
    primaryAccount=Str(""),
    # kleat: Configuration for Spinnaker's image bakery.
    bakeryDefaults=Msg(OracleBakeryDefaults, ""),
)

# kleat: Configuration for cloud provider integrations.
Providers = message(
    "Providers", "",
    kubernetes=Msg(Kubernetes, ""),
    google=Msg(GoogleComputeEngine, ""),
    appengine=Msg(Appengine, ""),
    aws=Msg(Aws, ""),
    azure=Msg(Azure, ""),
    cloudfoundry=Msg(CloudFoundry, ""),
    dcos=Msg(Dcos, ""),
    dockerRegistry=Msg(DockerRegistry, ""),
    ecs=Msg(Ecs, ""),
    huaweicloud=Msg(HuaweiCloud, ""),
    oracle=Msg(Oracle, ""),
)
