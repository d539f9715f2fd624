"""`providers`: the cloud providers Spinnaker deploys to and their accounts.

Clouddriver receives every provider block (`clouddriver.yml`) but for the
bake defaults; rosco receives what it binds of the providers it bakes images
for (`bakeryDefaults`, and the account fields a Google, Azure or Oracle bake
needs; see `renderer.translate.kleat_differences`), and Deck learns each enabled
provider's primary account.
Besides kleat's providers this declares `cloudrun` and `tencentcloud`, which
Halyard supported and current clouddriver (and, for Tencent Cloud, rosco)
still reads.

One module per provider (Google's and Amazon's share theirs); `fields` declares
what every provider declares alike.
"""
from ..dsl import Any, Msg
from .aws import Aws, Ecs
from .azure import Azure
from .cloudfoundry import CloudFoundry
from .dcos import Dcos
from .docker import DockerRegistry
from .fields import message
from .google import Appengine, Cloudrun, GoogleComputeEngine
from .huaweicloud import HuaweiCloud
from .kubernetes import Kubernetes
from .oracle import Oracle
from .tencentcloud import TencentCloud


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
