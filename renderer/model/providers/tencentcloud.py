"""The Tencent Cloud provider."""
from ..dsl import Bool, List, Msg, Str
from ..common import Permissions
from .fields import message, account, environment, base_image, base_image_settings, provider, bakery_defaults


_TENCENT_NO_FIAT = ("clouddriver's Tencent Cloud accounts do not support Fiat permissions (the account is "
                    "open to every user), so Halyard's setting had no effect and is dropped.")

TencentCloudAccount = account(
    "TencentCloudAccount",
    "A Tencent Cloud account Spinnaker manages, with its API key. Not in kleat; read by clouddriver.",
    "Tencent Cloud account",
    environment=environment(),
    secretId=Str("SecretId of the Tencent Cloud API key."),
    secretKey=Str("SecretKey of the Tencent Cloud API key.", secret=True),
    regions=List(Str("Region this account manages, e.g. `ap-guangzhou`.")),
    permissions=Msg(Permissions, "Halyard's Fiat permissions for the account.", halyard=_TENCENT_NO_FIAT),
    requiredGroupMembership=List(Str("Halyard's required roles for the account.", halyard=_TENCENT_NO_FIAT)),
)

TencentCloudBaseImage = base_image(
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

TencentCloudBaseImageSettings = base_image_settings(
    "TencentCloudBaseImageSettings", "Tencent Cloud", TencentCloudBaseImage,
    List(Msg(TencentCloudVirtualizationSettings, "Bake settings for one region.")))

TencentCloudBakeryDefaults = bakery_defaults(
    "TencentCloudBakeryDefaults", "Defaults rosco uses to bake Tencent Cloud images. Not in kleat; read by rosco.",
    TencentCloudBaseImageSettings, "Tencent Cloud images (e.g. `tencentcloud.json`)",
    secretId=Str("SecretId of the API key Packer bakes with."),
    secretKey=Str("SecretKey of the API key Packer bakes with.", secret=True),
    templateFile=None,
    baseImages=None,
    vpcId=Str("VPC the bake instance runs in."),
    subnetId=Str("Subnet the bake instance runs in."),
    associatePublicIpAddress=Bool("Give the bake instance a public IP."),
)

TencentCloud = provider(
    "TencentCloud",
    "The Tencent Cloud provider. Not in kleat; clouddriver reads the accounts and rosco the bakery "
    "defaults.",
    "Tencent Cloud", TencentCloudAccount, "A Tencent Cloud account.",
    bakeryDefaults=Msg(TencentCloudBakeryDefaults, "Settings for baking Tencent Cloud images."),
)
