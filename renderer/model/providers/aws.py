"""Amazon's providers: AWS (EC2) and ECS."""
from ..dsl import Bool, Int, List, Msg, Str
from .fields import (message, account, environment, permissions, required_group_membership, provider, base_image,
                     base_image_settings, bakery_defaults)


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

AwsAccount = account(
    "AwsAccount",
    "An AWS account Spinnaker manages, usually reached by assuming a role in it.",
    "AWS account",
    accountId=Str("Numeric ID of the AWS account, e.g. `123456789012`."),
    assumeRole=Str("Role to assume in the account through STS, e.g. `role/spinnakerManaged`."),
    defaultKeyPair=Str("EC2 key pair given to instances launched with this account."),
    discovery=Str("Eureka URL for this account; may contain `{{region}}` to reach a per-region "
                  "Eureka, e.g. `http://{{region}}.eureka.example.com:8080/eureka/v2`."),
    edda=Str("URL of an Edda instance that caches AWS state, to reduce calls to AWS (optional)."),
    environment=environment(),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
    lifecycleHooks=List(Msg(AwsLifecycleHook, "A lifecycle hook for the account's server groups.")),
    regions=List(Msg(AwsRegion, "A region this account manages; the provider's default regions when "
                     "none are listed.")),
    name=None,
    externalId=Str("External ID passed when assuming `assumeRole`; must match the role's trust policy."),
    sessionName=Str("Session name used when assuming `assumeRole` (shows in CloudTrail). Not in kleat; "
                    "read by clouddriver."),
    lambdaEnabled=Bool("Manage AWS Lambda functions in this account (needs the provider's lambda "
                       "feature). Not in kleat; read by clouddriver."),
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

AwsBaseImage = base_image(
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

AwsBaseImageSettings = base_image_settings(
    "AwsBaseImageSettings", "AWS", AwsBaseImage,
    List(Msg(AwsVirtualizationSettings, "Bake settings for one region.")))

AwsBakeryDefaults = bakery_defaults(
    "AwsBakeryDefaults", "Defaults rosco uses to bake AMIs.",
    AwsBaseImageSettings, "AMIs (e.g. `aws-ebs.json`)",
    awsAccessKey=Str("Access key ID Packer uses; when unset, rosco's own AWS credentials are used."),
    awsSecretKey=Str("Secret access key belonging to `awsAccessKey`.", secret=True),
    awsSubnetId=Str("Subnet the bake instance is launched in, e.g. `subnet-12345def`; needed for a "
                    "non-default VPC."),
    awsVpcId=Str("VPC of the bake instance; derived from `awsSubnetId` when unset."),
    awsAssociatePublicIpAddress=Bool("Give the bake instance a public IP (in a non-default VPC)."),
    defaultVirtualizationType=Str("Virtualization type used when a bake does not say, `hvm` or `pv`."),
    baseImages=None,
    templateFile=None,
)

AwsDefaults = message(
    "AwsDefaults",
    "Defaults for AWS deployments.",
    iamRole=Str("IAM instance profile given to new server groups that do not name one, e.g. "
                "`BaseIAMRole`."),
)

Aws = provider(
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

EcsAccount = account(
    "EcsAccount",
    "An Amazon ECS account; it works through the credentials of an AWS account.",
    "ECS account",
    environment=environment(),
    awsAccount=Str("Name of the account under `providers.aws.accounts` whose credentials are used. "
                   "Required."),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
)

Ecs = provider(
    "Ecs", "The Amazon ECS provider.",
    "ECS", EcsAccount, "An ECS account.",
    awsAccount=Str(
        "Halyard's provider-wide AWS account for ECS.",
        halyard="Halyard kept a provider-wide AWS account for ECS that clouddriver never read; each "
                "ECS account names its own `awsAccount`, so it is dropped."),
)
