"""The Microsoft Azure provider."""
from ..dsl import Any, Bool, List, Msg, Str
from .fields import (message, account, environment, permissions, required_group_membership, provider,
                     bakery_defaults, base_image)


AzureAccount = account(
    "AzureAccount",
    "An Azure subscription Spinnaker manages through a service principal.",
    "Azure account",
    appKey=Str("Client secret (password) of the service principal.", secret=True),
    clientId=Str("Client (application) ID of the service principal."),
    defaultKeyVault=Str("Key Vault holding the username, password and SSH public key given to new VMs."),
    defaultResourceGroup=Str("Resource group for resources that belong to no application."),
    environment=environment(),
    objectId=Str("Object ID of the service principal; needed only to bake Windows images."),
    packerResourceGroup=Str("Resource group Packer bakes images in."),
    packerStorageAccount=Str("Storage account Packer stores baked images in."),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
    regions=List(Str("Azure region this account manages, e.g. `westus`.")),
    subscriptionId=Str("ID of the subscription the service principal is assigned to."),
    tenantId=Str("ID of the Azure AD tenant of the service principal."),
    useSshPublicKey=Bool("Provision Linux VMs with the Key Vault's SSH public key instead of its "
                         "password. Halyard wrote it as the text \"true\"/\"false\", which is read as a "
                         "boolean."),
)

AzureBaseImage = base_image(
    "AzureBaseImage", "How an Azure base image is offered in the Bake stage, and which marketplace image it is.",
    shortDescription=None,
    detailedDescription=None,
    publisher=Str("Marketplace publisher of the image, e.g. `Canonical`."),
    offer=Str("Marketplace offer of the image, e.g. `0001-com-ubuntu-server-jammy`."),
    sku=Str("Marketplace SKU of the image, e.g. `22_04-lts`."),
    version=Str("Image version. Defaults to `latest`."),
    packageType=None,
    templateFile=None,
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

AzureBakeryDefaults = bakery_defaults(
    "AzureBakeryDefaults", "Defaults rosco uses to bake Azure images.", AzureBaseImageSettings,
    baseImages=None,
    templateFile=Str("Packer template used to bake Azure images, e.g. `azure-linux.pkr.hcl`. Not in "
                     "kleat; read by rosco."),
)

Azure = provider(
    "Azure", "The Microsoft Azure provider.",
    "Azure", AzureAccount, "An Azure account.",
    bakeryDefaults=Msg(AzureBakeryDefaults, "Settings for baking Azure images."),
)
