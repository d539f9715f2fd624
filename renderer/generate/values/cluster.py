"""What the release adds around the services: `expose` (Ingress), `rbac`, mounted `secrets`,
`networkPolicy`, `patches`, helm `tests` and the `application` object."""
from __future__ import annotations

from renderer.model.dsl import Any, Bool, Enum, List, Map, Msg, Str, messages
from .workloads import placement
from .stores import BUSYBOX_IMAGE

message = messages("values")

Tls = message("ExposeTls", "TLS on the Ingress.",
              enabled=Bool("Serve https on the Ingress.", default=False),
              secretName=Str("TLS Secret for the host; empty: `<release>-spinnaker-tls`.", default=""))


Ingress = message("ExposeIngress", "The Ingress for Deck and Gate.",
                  enabled=Bool("Create an Ingress (needs `expose.host`).", default=True),
                  className=Str("IngressClass name; empty: the cluster default.", default=""),
                  annotations=Map(Str("Annotations on the Ingress (e.g. cert-manager issuer).", default={})),
                  pathType=Enum(("Prefix", "ImplementationSpecific"),
                                "pathType of every path of the Ingress (`ImplementationSpecific`: as the ingress "
                                "controller reads paths).", default="Prefix"),
                  extraHosts=List(Str("Further host names the Ingress serves as it serves `host` (in subdomain "
                                      "mode Gate at `<gateSubdomain>.<extra host>`). Deck's gateUrl, Gate's "
                                      "redirects and CORS stay on `host`, so Deck served on an extra host calls "
                                      "Gate on `host`: fit for API clients and aliases; give their certificates "
                                      "in `extraTls`.", default=[])),
                  extraTls=List(Any("Further `spec.tls` entries (`{hosts: [...], secretName}`), after the one "
                                    "`expose.tls` makes, e.g. for `extraHosts`.", default=[])))


Expose = message(
    "Expose", "How users reach Spinnaker. Set `host` once: the Ingress, Deck's gateUrl, Gate's redirects "
              "and CORS, and both overrideBaseUrls are derived from it unless the halconfig sets them.",
    host=Str("Public host name, e.g. `spinnaker.example.com`. Empty: reach Deck and Gate with "
             "`kubectl port-forward`.", default=""),
    tls=Msg(Tls, "TLS settings."),
    ingress=Msg(Ingress, "Ingress settings."),
    gate=Enum(("path", "subdomain"), "Serve Gate under `host`/`gatePath` (path) or at `gateSubdomain`.`host`.",
              default="path"),
    gatePath=Str("Path Gate is served under in path mode.", default="/api/v1"),
    gateSubdomain=Str("Subdomain for Gate in subdomain mode.", default="api"),
)

ClouddriverRbac = message(
    "ClouddriverRbac", "clouddriver's access to the cluster Spinnaker runs in, for its kubernetes accounts that act "
                       "as its own ServiceAccount (`serviceAccount: true`, or no `kubeconfigFile`).",
    access=Enum(("accounts", "none", "namespace", "cluster"),
                "Its kubernetes accounts with `serviceAccount: true` or no kubeconfig act with it. `accounts`: a "
                "Role in exactly the namespaces those accounts list (nothing when none does; an account that "
                "lists none gets no access, and a warning); `none`: no access; `namespace`: manage "
                "the release namespace and `namespaces`; `cluster`: a ClusterRole over the whole cluster (reads "
                "every Secret, binds roles anywhere). The token is mounted only with some access, or for an "
                "in-cluster account when clouddriver runs as an account the chart does not create.",
                default="accounts"),
    namespaces=List(Str("With `namespace`: further namespaces clouddriver may manage.", default=[])),
)
ServiceAccountSetting = message(
    "ServiceAccountSetting", "A ServiceAccount named by `services.<name>.serviceAccountName`.",
    create=Bool("Create it. `false`: it exists (made by you, or kept from Halyard's install) and keeps the RBAC and "
                "annotations its owner gave it; the chart binds only what `rbac.clouddriver` and "
                "`rbac.kubernetesSecrets` grant.", default=True),
)
Rbac = message(
    "Rbac", "ServiceAccounts and RBAC. Never cluster-admin.",
    create=Bool("Create one ServiceAccount per service (services naming one account share it).", default=True),
    serviceAccounts=Map(Msg(ServiceAccountSetting, "Per ServiceAccount name (`services.<name>.serviceAccountName`): "
                                                   "whether the chart creates it, e.g. `{spinnaker: {create: false}}` "
                                                   "to run services as an account that exists.")),
    serviceAccountAnnotations=Map(Str("Annotations on every ServiceAccount the chart creates; a service's own "
                                      "go in `services.<name>.serviceAccountAnnotations` (an IRSA role belongs to "
                                      "the one service that needs it).", default={})),
    clouddriver=Msg(ClouddriverRbac, "clouddriver's own-cluster access."),
    kubernetesSecrets=Map(Any(
        "Per service (`clouddriver`, `gate`, ...), the Secrets in the release namespace whose keys its config "
        "refers to as `encrypted:k8s!n:<secret>!k:<key>` (read by the services since 2026.1.0, which the "
        "renderer switches on with `spinnaker.secrets.kubernetes.enabled` where a file refers to one). Each "
        "listed service gets a Role allowing `get` on exactly these Secrets, bound to its ServiceAccount, and "
        "its ServiceAccount token mounted; other services get nothing. E.g. `{clouddriver: [kubeconfigs]}`.",
        default={})),
)

_SECRET_SERVICES = ("Services that get it (`clouddriver`, `gate`, ..., `deck`; HA splits follow their service). "
                    "Empty: derived by the post-renderer, the services whose config refers to it{}.")


SecretFiles = message(
    "SecretFiles", "An existing Secret whose keys are mounted as files in `/var/secrets`, so the halconfig can "
                   "say e.g. `kubeconfigFile: /var/secrets/kubeconfig`.",
    secretName=Str("Name of the Secret (in the release namespace).", required=True),
    keys=List(Str("Its keys the config refers to (`/var/secrets/<key>`); empty: any `/var/secrets/` path "
                  "counts as a reference to this Secret.", default=[])),
    services=List(Str(_SECRET_SERVICES.format(" (a `/var/secrets/...` path in its translated config, profiles "
                                              "or `services.<name>.env`)"), default=[])),
)
SecretEnv = message(
    "SecretEnv", "An environment variable from an existing Secret's key, for Spring `${NAME}` placeholders.",
    name=Str("Variable name, e.g. `OAUTH_CLIENT_SECRET`.", required=True),
    secretName=Str("Name of the Secret.", required=True),
    key=Str("Key in the Secret.", required=True),
    services=List(Str(_SECRET_SERVICES.format(" (a `${NAME}` placeholder in its translated config or profiles)"),
                      default=[])),
)
Secrets = message(
    "Secrets", "Credentials kept out of values: existing Secrets the halconfig refers to by file or env. Each "
               "reaches only the services that need it (derived from the config, or listed), so changing one "
               "rolls only those.",
    files=List(Msg(SecretFiles, "Existing Secrets mounted as files in `/var/secrets`, each as `{secretName, keys, "
                                "services}`: only in the services whose config refers to `/var/secrets/<key>` "
                                "(or those listed).")),
    env=List(Msg(SecretEnv, "Env vars from Secret keys, each as `{name, secretName, key, services}`: only in the "
                            "services whose config uses `${name}` (or those listed).")),
)

NetworkPolicy = message(
    "NetworkPolicy", "NetworkPolicies admitting only Spinnaker's own traffic; Redis and MySQL only from "
                     "the services that use them.",
    enabled=Bool("Create the NetworkPolicies (they need a CNI that enforces them).", default=True),
    ingressFrom=List(Any("Peers (NetworkPolicyPeer) allowed to reach Deck and Gate, e.g. the ingress "
                         "controller's namespace; empty: anyone.", default=[])),
    egress=List(Any("Extra egress rules (NetworkPolicyEgressRule) for the services (cloud APIs, CI, "
                    "registries); empty: any egress.", default=[])),
    metricsFrom=List(Any("Peers (NetworkPolicyPeer) allowed to scrape, e.g. your Prometheus's namespace. For the "
                         "monitoring daemons (`monitoringDaemon.prometheus`): their `metrics` port; empty: any pod "
                         "in the cluster. For `observability`: the services' own port, which serves their API too, "
                         "so it must be set when those are scraped.", default=[])),
)

Patch = message(
    "Patch", "One break-glass patch applied by the post-renderer after everything else.",
    target=Any("Which objects: `{kind, name}` (name may be omitted for all of that kind).", required=True),
    type=Enum(("strategic", "json6902"), "Patch type.", default="strategic"),
    patch=Any("The patch: a partial object (strategic) or a list of JSON-patch operations (json6902).",
              required=True),
)

Tests = message("HelmTests", "`helm test` hooks.",
                enabled=Bool("Render a test Pod that checks every enabled service's health.", default=True),
                image=Str("Image of the test Pod (needs `wget`).", default=BUSYBOX_IMAGE),
                resources=Any("Resources of the test Pod.",
                              default={"requests": {"cpu": "10m", "memory": "16Mi"},
                                       "limits": {"cpu": "100m", "memory": "64Mi"}}),
                **placement("the test Pod"))

Application = message(
    "Application", "An `Application` object (app.k8s.io/v1beta1) naming the release's components, for dashboards "
                   "and tools that read it.",
    enabled=Bool("Render it; needs the Application CRD (kubernetes-sigs/application) in the cluster.", default=False),
    descriptor=Map(Any("Extra `spec.descriptor` fields (owners, maintainers, notes, icons).", default={})),
)
