"""The Oracle Cloud Infrastructure provider."""
from ..dsl import Msg, Str
from .fields import (message, account, environment, permissions, required_group_membership, provider, base_image,
                     base_image_settings, bakery_defaults)


OracleAccount = account(
    "OracleAccount",
    "An Oracle Cloud Infrastructure (OCI) user and compartment Spinnaker manages.",
    "Oracle account",
    requiredGroupMembership=required_group_membership(),
    permissions=permissions(),
    compartmentId=Str("OCID of the compartment this account manages. Required."),
    environment=environment(),
    fingerprint=Str("Fingerprint of the API signing key. Required."),
    privateKeyPassphrase=Str("Passphrase of the API signing private key, if it is encrypted.", secret=True),
    region=Str("OCI region, e.g. `us-phoenix-1`. Required."),
    sshPrivateKeyFilePath=Str("Path of the API signing private key (PEM). Required.", file=True),
    tenancyId=Str("OCID of the tenancy. Required."),
    userId=Str("OCID of the user Spinnaker signs in as. Required."),
)

OracleBaseImage = base_image(
    "OracleBaseImage", "How an Oracle base image is offered in the Bake stage.",
)

OracleVirtualizationSettings = message(
    "OracleVirtualizationSettings",
    "The OCI image an Oracle bake starts from.",
    baseImageId=Str("OCID of the image the bake starts from. Required."),
    sshUserName=Str("User Packer connects as over SSH. Required."),
)

OracleBaseImageSettings = base_image_settings(
    "OracleBaseImageSettings", "Oracle", OracleBaseImage,
    Msg(OracleVirtualizationSettings, "Which OCI image the bake starts from."))

OracleBakeryDefaults = bakery_defaults(
    "OracleBakeryDefaults", "Defaults rosco uses to bake OCI images.",
    OracleBaseImageSettings, "OCI images (e.g. `oci.json`)",
    availabilityDomain=Str("Availability domain the bake instance is launched in. Required."),
    instanceShape=Str("Shape of the bake instance, e.g. `VM.Standard2.1`. Required."),
    subnetId=Str("OCID of the subnet the bake instance is launched in. Required."),
)

Oracle = provider(
    "Oracle", "The Oracle Cloud Infrastructure provider.",
    "Oracle", OracleAccount, "An Oracle account.",
    bakeryDefaults=Msg(OracleBakeryDefaults, "Settings for baking OCI images."),
)
