"""The Kubernetes provider."""
from ..dsl import Bool, Int, List, Msg, Str
from .fields import message, account, environment, permissions, required_group_membership, provider


KubernetesCustomResource = message(
    "KubernetesCustomResource",
    "A custom resource kind (CRD) clouddriver should manage; needed when Spinnaker may not list "
    "CRDs in the cluster itself.",
    kubernetesKind=Str("Kind of the custom resource as Kubernetes names it, e.g. "
                       "`Certificate.cert-manager.io`."),
    spinnakerKind=Str("Spinnaker resource class to show it as, e.g. `serverGroups`, `loadBalancers`, "
                      "`securityGroups`, `instances` or `unclassified`."),
    deployPriority=Str("Deploy order among kinds in one manifest (a number as text); lower values are "
                       "applied first."),
    versioned=Bool("When true, Spinnaker adds a version suffix (`-v000`) to resources of this kind "
                   "on each deploy."),
    namespaced=Bool("Whether resources of this kind live in a namespace. Defaults to true."),
)

KubernetesCachingPolicy = message(
    "KubernetesCachingPolicy",
    "A caching limit for one Kubernetes kind.",
    kubernetesKind=Str("Kubernetes kind the limit applies to, e.g. `Pod`."),
    maxEntriesPerAgent=Int("Maximum number of resources of this kind each caching agent caches."),
)

KubernetesAccountDockerRegistry = message(
    "KubernetesAccountDockerRegistry",
    "A Docker registry account whose images this Kubernetes account may deploy.",
    accountName=Str("Name of an account under `providers.dockerRegistry.accounts`."),
    namespaces=List(Str("Namespace the registry's images may be deployed to.")),
)

KubernetesRawResourcesEndpointConfig = message(
    "KubernetesRawResourcesEndpointConfig",
    "Which kinds clouddriver's raw-resources endpoint (used by Deck's Kubernetes resource views) "
    "returns for this account. Give at most one of the two lists.",
    kindExpressions=List(Str("Regular expression; only kinds matching one of them are returned, "
                             "e.g. `Deployment|ReplicaSet`.")),
    omitKindExpressions=List(Str("Regular expression; kinds matching one of them are left out, "
                                 "e.g. `Secret`.")),
)

def _kinds_or_omit_kinds(account):
    if account.get("kinds") and account.get("omitKinds"):
        return "kinds", "give either kinds or omitKinds, not both (clouddriver refuses the account)."
    return None


KubernetesAccount = account(
    "KubernetesAccount",
    "A Kubernetes cluster Spinnaker deploys to, reached with a kubeconfig context or the pod's "
    "service account.",
    "Kubernetes account",
    checks=(_kinds_or_omit_kinds,),
    kinds=List(Str("Kind this account caches, e.g. `deployment`. When no kinds are listed, all kinds "
                   "are cached. Since 1.31 it only limits caching: the account can still deploy other "
                   "kinds (restrict deploys with RBAC on the account's credentials). Do not combine with "
                   "`omitKinds`.")),
    omitKinds=List(Str("Kind this account does not cache. Since 1.31 it only limits caching, not what the "
                       "account may deploy. Do not combine with `kinds`.")),
    context=Str("Kubeconfig context to use; the kubeconfig's `current-context` when unset."),
    cacheThreads=Int("Number of caching agents for this account, each caching a share of its "
                     "namespaces. Defaults to 1."),
    namespaces=List(Str("Namespace this account may deploy to and caches. When none are listed, all "
                        "namespaces are used. Do not combine with `omitNamespaces`.")),
    omitNamespaces=List(Str("Namespace this account must not deploy to or cache. Do not combine with "
                            "`namespaces`.")),
    customResources=List(Msg(KubernetesCustomResource, "A custom resource kind clouddriver manages.")),
    cachingPolicies=List(Msg(KubernetesCachingPolicy, "A per-kind caching limit.")),
    dockerRegistries=List(Msg(KubernetesAccountDockerRegistry,
                              "A Docker registry account offered as an image source in Deck.")),
    oAuthScopes=List(Str("OAuth scope requested when kubectl obtains a token for the cluster, e.g. "
                         "`https://www.googleapis.com/auth/cloud-platform`.")),
    kubeconfigFile=Str("Path, inside the clouddriver container, of the kubeconfig file to use, e.g. "
                       "`/var/secrets/kubeconfig`.", file=True),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
    liveManifestCalls=Bool("Have pipelines read manifest status live from the cluster instead of the "
                           "cache. Current clouddriver always does and ignores this setting."),
    serviceAccount=Bool("Authenticate with the Kubernetes service account of the clouddriver pod "
                        "instead of a kubeconfig (only when clouddriver runs in the target cluster)."),
    kubeconfigContents=Str("Entire kubeconfig, inline; used when `kubeconfigFile` is not set. It "
                           "carries cluster credentials.", secret=True),
    kubectlPath=Str("Path of the kubectl binary. Note: current clouddriver reads `kubectlExecutable` "
                    "instead and ignores this key."),
    kubectlRequestTimeoutSeconds=Int("Time limit, in seconds, for each kubectl call; no limit when unset."),
    checkPermissionsOnStartup=Bool("At startup, check which of the configured kinds the account may read "
                                   "and skip caching the others. Defaults to true; keep it on, since an "
                                   "unreadable kind otherwise breaks caching for the whole account."),
    oAuthServiceAccount=Str("Path of the service account key file used to fetch OAuth tokens, when "
                            "the cluster is reached with OAuth.", file=True),
    onlySpinnakerManaged=Bool("Cache only resources deployed by Spinnaker and ignore everything else "
                              "in the cluster. Defaults to false."),
    debug=Bool("Log every request clouddriver makes to this cluster, in detail. Defaults to false."),
    kubectlExecutable=Str("Path of the kubectl binary clouddriver runs for this account, e.g. "
                          "`/usr/local/bin/kubectl`. Not in kleat; read by clouddriver."),
    environment=environment(in_kleat=False),
    cacheIntervalSeconds=Int("Seconds between cache refreshes of this account; clouddriver's global "
                             "polling interval when unset. Not in kleat; read by clouddriver."),
    cacheAllApplicationRelationships=Bool("Record the relationship to its application for every cached "
                                          "resource, not only for the kinds Deck shows; costs more "
                                          "cache space. Not in kleat; read by clouddriver."),
    namingStrategy=Str("How clouddriver derives application, cluster and stack from resources, e.g. "
                       "`kubernetesAnnotations` (the default). Not in kleat; read by clouddriver."),
    rawResourcesEndpointConfig=Msg(KubernetesRawResourcesEndpointConfig,
                                   "Filters for the kinds clouddriver's raw-resources endpoint returns. "
                                   "Not in kleat; read by clouddriver."),
    providerVersion=None,
    configureImagePullSecrets=Bool(
        "Halyard's switch for adding image pull secrets from the Docker registry accounts.",
        halyard="Halyard's legacy (V1) Kubernetes provider created image pull secrets from the Docker "
                "registry accounts; the current provider never does and clouddriver does not read it, "
                "so it is dropped. Reference pull secrets in your manifests instead."),
    cluster=Str("Halyard's kubeconfig cluster override.",
                halyard="Only Halyard's legacy (V1) Kubernetes provider used this kubeconfig cluster "
                        "override; clouddriver does not read it, so it is dropped. Select the cluster "
                        "with `context`."),
    user=Str("Halyard's kubeconfig user override.",
             halyard="Only Halyard's legacy (V1) Kubernetes provider used this kubeconfig user "
                     "override; clouddriver does not read it, so it is dropped. Select the user with "
                     "`context`."),
    skin=Str("Halyard's provider-skin marker.",
             halyard="Halyard recorded which Kubernetes provider skin (v1/v2) Deck should use; no "
                     "current service reads it, so it is dropped."),
    oauthScopes=List(Str(
        "Lower-case spelling of oAuthScopes that Halyard wrote.",
        halyard="Halyard before 1.22 wrote oAuthScopes a second time under this spelling; it is "
                "dropped. Only `oAuthScopes` is passed on, so if your file has only this key, "
                "rename it to oAuthScopes.")),
    oauthServiceAccount=Str(
        "Lower-case spelling of oAuthServiceAccount that Halyard wrote.",
        halyard="Halyard before 1.22 wrote oAuthServiceAccount a second time under this spelling; it "
                "is dropped. Only `oAuthServiceAccount` is passed on, so if your file has only this "
                "key, rename it to oAuthServiceAccount."),
)

Kubernetes = provider(
    "Kubernetes", "The Kubernetes provider: deploy manifests to Kubernetes clusters.",
    "Kubernetes", KubernetesAccount, "A Kubernetes account.",
)
