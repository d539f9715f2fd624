"""The Huawei Cloud provider."""
from ..dsl import Bool, Int, List, Msg, Str
from .fields import (message, account, environment, permissions, required_group_membership, provider, base_image,
                     base_image_settings, bakery_defaults)


HuaweiCloudAccount = account(
    "HuaweiCloudAccount",
    "A Huawei Cloud project Spinnaker manages, with the user it signs in as.",
    "Huawei Cloud account",
    accountType=Str("Account type label; defaults to the account name."),
    requiredGroupMembership=required_group_membership(),
    permissions=permissions(),
    authUrl=Str("Identity (IAM) endpoint URL of the cloud. Required."),
    domainName=Str("Domain (tenant) name of the user. Required."),
    environment=environment(),
    insecure=Bool("Do not verify TLS certificates, e.g. for self-signed ones. Defaults to false."),
    password=Str("Password of `username`. Required.", secret=True),
    projectName=Str("Name of the project this account manages. Required."),
    regions=List(Str("Region this account manages. At least one is required.")),
    username=Str("User Spinnaker signs in as. Required."),
)

HuaweiCloudBaseImage = base_image(
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

HuaweiCloudBaseImageSettings = base_image_settings(
    "HuaweiCloudBaseImageSettings", "Huawei Cloud", HuaweiCloudBaseImage,
    List(Msg(HuaweiCloudVirtualizationSettings, "Bake settings for one region.")))

HuaweiCloudBakeryDefaults = bakery_defaults(
    "HuaweiCloudBakeryDefaults", "Defaults rosco uses to bake Huawei Cloud images.",
    HuaweiCloudBaseImageSettings, "Huawei Cloud images (e.g. `huaweicloud.json`)",
    baseImages=None,
    templateFile=None,
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

HuaweiCloud = provider(
    "HuaweiCloud", "The Huawei Cloud provider.",
    "Huawei Cloud", HuaweiCloudAccount, "A Huawei Cloud account.",
    bakeryDefaults=Msg(HuaweiCloudBakeryDefaults, "Settings for baking Huawei Cloud images."),
)
