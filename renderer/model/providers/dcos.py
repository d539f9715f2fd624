"""The DC/OS provider."""
from ..dsl import Bool, List, Msg, Str
from .fields import message, account, account_name, environment, permissions, required_group_membership, provider


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

DcosAccount = account(
    "DcosAccount",
    "Credentials for one or more DC/OS clusters. (Current clouddriver builds no longer include DC/OS.)",
    "DC/OS account",
    clusters=List(Msg(DcosAccountCluster, "A cluster this account signs in to.")),
    environment=environment(),
    dockerRegistries=List(Msg(DcosAccountDockerRegistry, "A Docker registry account used as an image "
                              "source.")),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
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
    name=account_name("DC/OS cluster"),
    caCertFile=Str("Path of a CA certificate to trust for the cluster's endpoint.", file=True),
    dcosUrl=Str("URL of the cluster's admin router, e.g. `https://dcos.example.com`."),
    loadBalancer=Msg(DcosClusterLoadBalancer, "Load balancer settings."),
    insecureSkipTlsVerify=Bool("Do not verify the cluster's TLS certificate (insecure)."),
)

Dcos = provider(
    "Dcos", "The DC/OS provider. Current clouddriver builds no longer include it.",
    "DC/OS", DcosAccount, "A DC/OS account.",
    clusters=List(Msg(DcosCluster, "A DC/OS cluster the accounts refer to.")),
)
