"""Google's providers: Compute Engine, App Engine and Cloud Run."""
from ..dsl import Bool, Enum, Int, List, Msg, Str
from .fields import (message, account, GCLOUD_RELEASE_TRACK, environment, permissions, required_group_membership,
                     provider, base_image, base_image_settings, bakery_defaults)


def _json_key():
    return Str("Path, inside the clouddriver container, of a service account JSON key. When unset, "
               "the credentials of the VM or pod clouddriver runs on are used.", file=True)


def _no_impersonation(accounts):
    """Halyard's impersonation settings on a Google-family account whose clouddriver accounts ignore them."""
    dropped = (f"Halyard offered service-account impersonation on every Google-family account, but "
               f"clouddriver's {accounts} accounts never use it, so it is dropped.")
    return dict(
        serviceAccountId=Str("Service account to impersonate (Halyard's common Google account setting).",
                             halyard=dropped),
        serviceAccountProject=Str("Project of the impersonated service account (Halyard's common Google account "
                                  "setting).", halyard=dropped),
    )


Consul = message(
    "Consul",
    "Consul service discovery for the instances of a Google account.",
    enabled=Bool("Use Consul to report instance health and discovery status."),
    agentEndpoint=Str("Host of a Consul agent that is joined to the cluster. Defaults to localhost."),
    agentPort=Int("Port the Consul agents listen on. Defaults to 8500."),
    datacenters=List(Str("Consul datacenter to cache. All datacenters when none are listed.")),
)

GoogleComputeEngineAccount = account(
    "GoogleComputeEngineAccount",
    "A GCP project Spinnaker manages Compute Engine resources in, with the credentials to do so.",
    "Google account",
    requiredGroupMembership=required_group_membership(),
    permissions=permissions(),
    project=Str("ID of the GCP project this account manages, e.g. `my-project-123`."),
    jsonPath=_json_key(),
    alphaListed=Bool("Use Compute Engine alpha APIs; only for projects enrolled in alpha features."),
    imageProjects=List(Str("GCP project whose images this account can deploy (in addition to its own "
                           "project); the account's service account needs `compute.imageUser` there.")),
    consul=Msg(Consul, "Consul discovery settings for this account's instances."),
    regions=List(Str("Region this account caches and deploys to, e.g. `us-central1`; overrides the "
                     "provider's default regions.")),
    userDataFile=Str("Path, inside the clouddriver container, of a template whose tokens are replaced "
                     "and injected as user data into instance templates.", file=True),
    environment=environment(in_kleat=False),
    serviceAccountId=Str("Service account to impersonate instead of using a JSON key (together with "
                         "`serviceAccountProject`). Not in kleat; read by clouddriver."),
    serviceAccountProject=Str("Project of the service account named in `serviceAccountId`. Not in "
                              "kleat; read by clouddriver."),
)

GoogleBaseImage = base_image(
    "GoogleBaseImage", "How a Google base image is offered in the Bake stage.", example="ubuntu-2204",
    templateFile=Str("Packer template for this image, overriding the bakery default. Not in kleat; "
                     "read by rosco."),
    isImageFamily=Bool("Mark the image in Deck as an image family rather than a single image. rosco binds "
                       "it as `isImageFamily`, which is what is written (kleat wrote `imageFamily`, which "
                       "no rosco reads).", aliases=("imageFamily",)),
)

VirtualizationSettings = message(
    "VirtualizationSettings",
    "The Compute Engine image a Google bake starts from.",
    sourceImage=Str("Name of the source image; wins when `sourceImageFamily` is set too."),
    sourceImageFamily=Str("Image family; the newest non-deprecated image of the family is used."),
)

GoogleBaseImageSettings = base_image_settings(
    "GoogleBaseImageSettings", "Google", GoogleBaseImage,
    Msg(VirtualizationSettings, "Which Compute Engine image the bake starts from."))

GoogleBakeryDefaults = bakery_defaults(
    "GoogleBakeryDefaults", "Defaults rosco uses to bake Compute Engine images.",
    GoogleBaseImageSettings, "Google images (e.g. `gce.json`)",
    zone=Str("Zone the bake VM runs in, e.g. `us-central1-f`."),
    network=Str("Network (name or URL) of the bake VM. Defaults to `default`."),
    useInternalIp=Bool("Connect to the bake VM on its internal IP instead of its external one."),
    networkProjectId=Str("Project that owns the network and subnet of the bake VM (for shared VPC)."),
)

GoogleComputeEngine = provider(
    "GoogleComputeEngine", "The Google Compute Engine provider: server groups, load balancers and images on GCE.",
    "Google Compute Engine", GoogleComputeEngineAccount, "A Google account.",
    bakeryDefaults=Msg(GoogleBakeryDefaults, "Settings for baking Compute Engine images."),
    defaultRegions=List(Str("Region cached and deployed to by accounts that list no `regions`. Not in "
                            "kleat; read by clouddriver.")),
)

AppengineAccount = account(
    "AppengineAccount",
    "A GCP project Spinnaker deploys App Engine applications to.",
    "App Engine account",
    cachingIntervalSeconds=Int("Seconds between polls of App Engine for changes in this project."),
    environment=environment(),
    gcloudReleaseTrack=Enum(GCLOUD_RELEASE_TRACK, "Release track of the gcloud commands used to deploy "
                            "(STABLE, BETA or ALPHA)."),
    gitHttpsUsername=Str("Username for fetching application source from git over HTTPS; set together "
                         "with `gitHttpsPassword`."),
    gitHttpsPassword=Str("Password for fetching application source from git over HTTPS.", secret=True),
    githubOAuthAccessToken=Str("GitHub personal access token for fetching application source over "
                               "HTTPS.", secret=True),
    jsonPath=_json_key(),
    localRepositoryDirectory=Str("Directory in clouddriver where application source is checked out "
                                 "for deploys. Defaults to `/var/tmp/clouddriver`."),
    omitServices=List(Str("Regular expression; App Engine services matching it are ignored.")),
    omitVersions=List(Str("Regular expression; App Engine versions matching it are ignored.")),
    project=Str("ID of the GCP project whose App Engine application this account manages."),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
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
    name=None,
    **_no_impersonation("App Engine"),
)

Appengine = provider(
    "Appengine", "The Google App Engine provider.",
    "App Engine", AppengineAccount, "An App Engine account.",
    gcloudPath=Str("Path of the gcloud binary clouddriver runs for App Engine deploys; `gcloud` on the "
                   "PATH when unset. Not in kleat; read by clouddriver."),
)

CloudrunAccount = account(
    "CloudrunAccount",
    "A GCP project Spinnaker deploys Cloud Run services to. Not in kleat; read by clouddriver.",
    "Cloud Run account",
    environment=environment(),
    project=Str("ID of the GCP project; read from the JSON key when unset."),
    jsonPath=Str("Path, inside the clouddriver container, of the service account JSON key gcloud "
                 "activates for this account.", file=True),
    serviceAccountEmail=Str("Service account the deployed Cloud Run services run as, e.g. "
                            "`runner@my-project.iam.gserviceaccount.com`."),
    localRepositoryDirectory=Str("Directory in clouddriver where deploy files are staged. Defaults to "
                                 "`/tmp`."),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
    sshKnownHostsFilePath=Str(
        "Halyard's known_hosts file for git over SSH.",
        halyard="Halyard accepted a known_hosts file for Cloud Run accounts, but clouddriver's Cloud "
                "Run accounts do not read it, so it is dropped.", file=True),
    sshTrustUnknownHosts=Bool(
        "Halyard's switch for trusting unknown git hosts over SSH.",
        halyard="clouddriver's Cloud Run accounts accept this setting but never use it (they fetch "
                "nothing over SSH), so it is dropped."),
    **_no_impersonation("Cloud Run"),
)

Cloudrun = provider(
    "Cloudrun", "The Google Cloud Run provider. Not in kleat; read by clouddriver.",
    "Cloud Run", CloudrunAccount, "A Cloud Run account.",
    gcloudPath=Str("Path of the gcloud binary clouddriver runs for Cloud Run; `gcloud` on the PATH when "
                   "unset."),
)
