"""The Docker Registry provider."""
from ..dsl import Bool, Int, List, Read, Str
from .fields import account, environment, permissions, required_group_membership, provider


DockerRegistryAccount = account(
    "DockerRegistryAccount",
    "A Docker registry whose images and tags clouddriver caches, and the credentials to read it.",
    "Docker registry account",
    address=Str("Registry URL, e.g. `https://index.docker.io` or `https://gcr.io`. Required."),
    cacheIntervalSeconds=Int("Seconds between polls of the registry; raise it (e.g. to 600) if the "
                             "registry rate-limits you. Defaults to 30."),
    cacheThreads=Int("Number of threads caching the repositories. Defaults to 1."),
    clientTimeoutMillis=Int("Timeout of registry requests, in milliseconds. Defaults to 60000."),
    email=Str("Email address sent to the registry; usually only needs to look like one."),
    environment=environment(),
    insecureRegistry=Bool("Do not verify the registry's TLS certificate. Defaults to false."),
    paginateSize=Int("Page size for the registry's `_catalog` listing. Defaults to 100."),
    password=Str("Registry password. Give only one of `password`, `passwordCommand` and `passwordFile`.",
                 secret=True),
    passwordCommand=Str("Command whose output is the registry password or token, e.g. for ECR; it must "
                        "exist in the clouddriver image."),
    passwordFile=Str("Path of a file holding the registry password in plain text (not a Docker "
                     "`config.json`).", file=True),
    permissions=permissions(),
    requiredGroupMembership=required_group_membership(),
    repositories=List(Str("Repository to cache, without the registry host, e.g. "
                          "`my-project/path/to/image`. When none are listed, the registry's catalog "
                          "is read.")),
    sortTagsByDate=Bool("Sort tags by creation date. Slow on large registries. Defaults to false."),
    trackDigests=Bool("Watch tags for digest changes; multiplies registry requests. Defaults to false."),
    username=Str("Registry username, e.g. `_json_key` for GCR with a JSON key."),
    repositoriesRegex=Str("Regular expression; only catalog repositories matching it are cached. Not in "
                          "kleat; read by clouddriver."),
    dockerconfigFile=Str("Path of a Docker `config.json` to take the registry credentials from. Not in "
                         "kleat; read by clouddriver.", file=True),
    helmOciRepositories=List(Str("Repository holding Helm charts as OCI artifacts, without the registry "
                                 "host, e.g. `my-org/charts/app`; clouddriver caches their versions for "
                                 "`helm/image` artifacts. Not in kleat; read by clouddriver.",
                                 reads=(Read(since="2025.1.0"),))),
)

DockerRegistry = provider(
    "DockerRegistry",
    "The Docker Registry provider: image sources for Kubernetes and other container providers, and "
    "Docker triggers in igor.",
    "Docker Registry", DockerRegistryAccount, "A Docker registry account.",
)
