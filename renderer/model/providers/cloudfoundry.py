"""The Cloud Foundry provider."""
from ..dsl import Any, Bool, Str
from .fields import account, environment, permissions, required_group_membership, provider


CloudFoundryAccount = account(
    "CloudFoundryAccount",
    "A Cloud Foundry foundation Spinnaker deploys to, with the user it signs in as.",
    "Cloud Foundry account",
    api=Str("Host of the foundation's Cloud Controller API, e.g. `api.sys.example.com`."),
    appsManagerUri=Str("URL of the foundation's Apps Manager, e.g. `https://apps.sys.example.com`; "
                       "Deck links to it."),
    environment=environment(),
    metricsUri=Str("URL of the foundation's metrics application, e.g. `https://metrics.sys.example.com`."),
    password=Str("Password of `user`.", secret=True),
    skipSslValidation=Bool("Do not verify the API's TLS certificate. Defaults to false."),
    user=Str("User Spinnaker signs in to the foundation as."),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
    spaceFilter=Any("Limit the account to some orgs and spaces: a mapping from org name to a list of "
                    "space names (an empty list means every space of the org). Not in kleat; read by "
                    "clouddriver."),
)

CloudFoundry = provider(
    "CloudFoundry", "The Cloud Foundry provider.",
    "Cloud Foundry", CloudFoundryAccount, "A Cloud Foundry account.",
    clientConfig=Any(
        "Halyard's HTTP client timeouts and retries for Cloud Foundry.",
        halyard="Halyard wrote these client timeouts and retries under a key clouddriver never read "
                "(clouddriver reads `cloudfoundry.client`), so they had no effect and are dropped; set "
                "`cloudfoundry.client` through a clouddriver config override if needed."),
)
