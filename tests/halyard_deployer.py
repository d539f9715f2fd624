"""What Halyard's Kubernetes V2 deployer would have created from a ~/.hal directory.

An oracle for tests/test_halyard_equivalence.py: given a hal-dir (its `config`, the current
deployment's `service-settings/*.yml` and `profiles/*`), the facts of each workload Halyard's
KubectlDeployer would have applied (Deployment `spin-<canonical>` in the deployment's namespace):
whether it runs, image, port, env, Spring profiles, resources, scheduling, sidecars, volumes,
probes, the config files it reads and the URLs it calls its peers by.

The deployer's facts, each with the Halyard source it comes from, are data in
tests/data/halyard-deployer.yml; this module applies them. Nothing here is Halyard's code: it is the
behaviour read from the sources named there (halyard/ in the monorepo at `modelled.tag`).

It reads the directory itself (with the project's SnakeYAML-compatible loader only), not through
`migrate`, so a misreading in migrate cannot hide in both sides of the comparison.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import yaml

from renderer.read.yaml11 import load

FACTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "halyard-deployer.yml")
with open(FACTS_FILE) as _f:
    FACTS = yaml.safe_load(_f)
WORKLOADS = FACTS["workloads"]
DEPLOYER = FACTS["deployer"]
BOOTSTRAP_SERVICES = set(DEPLOYER["bootstrapServices"])


def _on(node, *path) -> bool:
    """A Halyard boolean (Jackson reads "true"/"false" strings too) at `path` under `node`."""
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return str(node).lower() == "true"


def _get(node, *path):
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return node


def _metric_stores(dep) -> bool:
    # config/node/MetricStores.java isEnabled: derived from the stores, the written flag ignored.
    return any(_on(dep, "metricStores", s, "enabled") for s in ("datadog", "prometheus", "stackdriver", "newrelic"))


def _ci(dep) -> bool:
    # config/node/Cis.java ciEnabled: any of Halyard's CI blocks enabled.
    return any(_on(dep, "ci", c, "enabled") for c in ("jenkins", "travis", "wercker", "concourse", "gcb", "codebuild"))


# The default of each workload's `enabled` (its KubernetesV2*Service isEnabled), by the rule name the
# facts use.
ENABLE_RULES = {
    "always": lambda dep: True,
    "clouddriver-not-ha": lambda dep: not _on(dep, "deploymentEnvironment", "haServices", "clouddriver", "enabled"),
    "clouddriver-ha": lambda dep: _on(dep, "deploymentEnvironment", "haServices", "clouddriver", "enabled"),
    "clouddriver-ro-deck": lambda dep: (
        _on(dep, "deploymentEnvironment", "haServices", "clouddriver", "enabled")
        and not _on(dep, "deploymentEnvironment", "haServices", "clouddriver", "disableClouddriverRoDeck")),
    "echo-not-ha": lambda dep: not _on(dep, "deploymentEnvironment", "haServices", "echo", "enabled"),
    "echo-ha": lambda dep: _on(dep, "deploymentEnvironment", "haServices", "echo", "enabled"),
    "authz": lambda dep: _on(dep, "security", "authz", "enabled"),
    "canary": lambda dep: _on(dep, "canary", "enabled"),
    # v2/KubernetesV2IgorService.java isEnabled
    "igor": lambda dep: _on(dep, "providers", "dockerRegistry", "enabled") or _ci(dep),
}

# When a workload gets its overrides profile (<canonical>-overrides.yml, Spring profile
# `(<modifier>-)overrides`): its hasServiceOverrides.
OVERRIDE_RULES = {
    "any-ha": lambda dep: (_on(dep, "deploymentEnvironment", "haServices", "clouddriver", "enabled")
                           or _on(dep, "deploymentEnvironment", "haServices", "echo", "enabled")),
    "clouddriver-ha": lambda dep: _on(dep, "deploymentEnvironment", "haServices", "clouddriver", "enabled"),
    "redis-master": lambda dep: _get(dep, "deploymentEnvironment", "haServices", "clouddriver",
                                     "redisMasterEndpoint") is not None,
    "redis-slave": lambda dep: _get(dep, "deploymentEnvironment", "haServices", "clouddriver",
                                    "redisSlaveEndpoint") is not None,
    "redis-slave-deck": lambda dep: _get(dep, "deploymentEnvironment", "haServices", "clouddriver",
                                         "redisSlaveDeckEndpoint") is not None,
}


@dataclass
class Probe:
    """A readiness or liveness probe as the pod spec has it: kind `httpGet` (scheme, port, path),
    `exec` (command) or `tcpSocket` (port)."""
    kind: str
    port: int | None = None
    path: str | None = None
    scheme: str | None = None
    command: list | None = None
    initial_delay: int | None = None


@dataclass
class Workload:
    """One Deployment `spin-<name>` as Halyard's deployer would have applied it."""
    name: str
    service: str                      # the base service (clouddriver for clouddriver-caching)
    enabled: bool
    release: str                      # the Spinnaker version its generated config is written for
    artifact_id: str | None           # service-settings artifactId; None: the release's own image
    image_variant: str                # deploymentEnvironment.imageVariant (SLIM: no tag suffix)
    port: int
    scheme: str
    base_url: str                     # how the other services call it
    replicas: int
    env: dict                         # the container's env (name -> value), SPRING_PROFILES_ACTIVE included
    spring_profiles: list | None      # active Spring profiles (None: not a Spring service)
    resources: dict                   # {"requests": {...}, "limits": {...}} (empty: none)
    sizing_key: str | None            # the customSizing key the resources came from
    tolerations: list
    tolerations_key: str | None
    affinity: dict
    affinity_key: str | None
    node_selector: dict
    host_aliases: list
    init_containers: list
    sidecars: list                    # deploymentEnvironment.sidecars entries (SidecarConfig)
    sidecars_key: str | None
    monitoring_daemon: bool           # the monitoring daemon sidecar
    volumes: list                     # service-settings kubernetes.volumes ({id, type, mountPath})
    service_account: str | None       # None: the namespace's `default` account
    image_pull_secrets: list
    pod_annotations: dict
    pod_labels: dict
    service_annotations: dict
    service_labels: dict
    service_type: str
    node_port: str | None
    security_context: dict | None     # pod securityContext (runAsUser, fsGroup) when set
    deployment_strategy: dict | None
    readiness: Probe
    liveness: Probe | None
    grace: int
    config_files: dict = field(default_factory=dict)  # file name -> user profile path it comes from
    endpoints: dict = field(default_factory=dict)     # base service -> (URL it calls it by, Halyard-generated)
    settings_file: str | None = None                  # the service-settings file read, if any


@dataclass
class HalyardDeployment:
    hal_dir: str
    name: str                         # the deployment (currentDeployment)
    version: str
    namespace: str
    config: dict                      # the deployment configuration
    settings: dict                    # canonical name -> service-settings mapping
    profiles: dict                    # relative profile name -> path
    workloads: dict                   # canonical name -> Workload (enabled or not)

    def running(self) -> dict:
        return {n: w for n, w in self.workloads.items() if w.enabled}


def _read_yaml(path):
    """A file as SnakeYAML read it (duplicate keys: the last wins), or None when it is not YAML."""
    try:
        return load(open(path, encoding="utf-8", errors="replace").read(), os.path.basename(path), [])
    except Exception:  # noqa: BLE001  (Halyard would have failed on it; the caller reports it)
        return None


def read_service_settings(deployment_dir) -> dict:
    """canonical name -> mapping of `service-settings/<canonical>.yml`; empty files count as absent
    (service/SpinnakerService.java getDefaultServiceSettings reads `<canonical>.yml` only)."""
    found = {}
    top = os.path.join(deployment_dir, "service-settings")
    for name in sorted(os.listdir(top)) if os.path.isdir(top) else ():
        path = os.path.join(top, name)
        if not name.endswith(".yml") or not os.path.isfile(path) or os.path.getsize(path) == 0:
            continue
        data = _read_yaml(path)
        if isinstance(data, dict):
            found[name[:-len(".yml")]] = data
    return found


def read_profiles(deployment_dir) -> dict:
    """relative name -> path of every file under `profiles/` (GenerateService aggregateProfilesInPath)."""
    found = {}
    top = os.path.join(deployment_dir, "profiles")
    for root, _, files in os.walk(top):
        for name in files:
            path = os.path.join(root, name)
            found[os.path.relpath(path, top)] = path
    return found


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _strings(mapping) -> dict:
    """Map<String, String> as Jackson reads it from YAML scalars."""
    out = {}
    for key, value in _mapping(mapping).items():
        if value is None:
            continue
        out[str(key)] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return out


def claims_profile(workload: str, profile: str) -> bool:
    """Whether Halyard mounts the user profile `profile` (relative name) into `workload`'s config dir."""
    facts = WORKLOADS[workload]
    if workload == "deck":  # v2/KubernetesV2DeckService.java customProfileOutputPath
        return profile in ("settings.js", "settings-local.js")
    if not facts.get("jvm"):
        return False
    base = facts["base"]
    return (profile == f"{workload}.yml" or profile.startswith(f"{workload}-")
            or profile == f"{base}-local.yml" or profile.startswith("spinnaker"))


def reads_file(workload: str, name: str, profiles: list) -> bool:
    """Whether the service in `workload` reads /opt/spinnaker/config/<name>: Spring's
    spring.config.name `spinnaker,<app>` with its active profiles, kork's bootstrap files in the
    services that bootstrap, Deck's settings files."""
    base = WORKLOADS[workload]["base"]
    if workload == "deck":
        return name in ("settings.js", "settings-local.js")
    names = {f"{stem}.yml" for stem in ("spinnaker", base)}
    names |= {f"{stem}-{p}.yml" for stem in ("spinnaker", base) for p in profiles}
    if base in BOOTSTRAP_SERVICES:
        names |= {"spinnakerconfig.yml", f"{base}config.yml"}
    return name in names


def spring_profile_order(workload: str, profiles: list) -> list:
    """The files a Spring service reads, lowest precedence first (profile files over plain ones,
    later profiles over earlier, the application's name over `spinnaker`)."""
    base = WORKLOADS[workload]["base"]
    order = ["spinnaker.yml", f"{base}.yml"]
    for p in profiles:
        order += [f"spinnaker-{p}.yml", f"{base}-{p}.yml"]
    return order


def _probe(facts, settings_k8s, port, scheme, health, initial_delay=None) -> Probe:
    """v2/KubernetesV2Service.java getProbe."""
    if not health or _on(settings_k8s, "useTcpProbe"):
        return Probe("tcpSocket", port=port, initial_delay=initial_delay)
    exec_check = settings_k8s.get("useExecHealthCheck", DEPLOYER["kubernetesDefaults"]["useExecHealthCheck"])
    if str(exec_check).lower() == "true":
        command = [str(c) for c in _list(settings_k8s.get("customHealthCheckExecCommands"))]
        if not command:
            command = ["wget", "--no-check-certificate", "--spider", "-q", f"{scheme}://localhost:{port}{health}"]
        return Probe("exec", command=command, initial_delay=initial_delay)
    return Probe("httpGet", port=port, path=health, scheme=scheme.upper(), initial_delay=initial_delay)


def _per_workload(env_block, name, base):
    """deploymentEnvironment.<block>["spin-<canonical>"], else [<base canonical>]: (value, key)."""
    block = _mapping(env_block)
    for key in (f"spin-{name}", base):
        value = block.get(key)
        if value:
            return value, key
    return None, None


def _spring_profiles(name, facts, dep) -> list:
    """service/SpringService.java getActiveSpringProfiles."""
    modifier = facts.get("modifier")
    overrides = facts.get("overrides") and OVERRIDE_RULES[facts["overrides"]](dep)
    profiles = [modifier] if modifier else []
    if overrides:
        profiles.append(f"{modifier}-overrides" if modifier else "overrides")
    profiles.append("local")
    if modifier:
        profiles.append(f"{modifier}-local")
    return profiles


def _scheme(facts, settings, dep) -> str:
    if settings.get("scheme"):
        return str(settings["scheme"])
    tls = facts.get("tls")
    if tls and _on(dep, "security", tls, "ssl", "enabled"):
        return "https"  # service/{Gate,Deck}Service.java Settings(apiSecurity|uiSecurity)
    return facts.get("scheme", "http")


def _base_url(name, settings, scheme, port, namespace, dep) -> str:
    """service/ServiceSettings.java buildBaseUri with the address of v2/KubernetesV2Service.java
    buildAddress (gate, deck: none; their overrideBaseUrl from the halconfig's security block)."""
    override = settings.get("overrideBaseUrl")
    if not override and name == "gate":
        override = _get(dep, "security", "apiSecurity", "overrideBaseUrl")
    if not override and name == "deck":
        override = _get(dep, "security", "uiSecurity", "overrideBaseUrl")
    if override and str(override).strip():
        return str(override)
    if settings.get("baseUrl"):
        return str(settings["baseUrl"])
    address = settings.get("address") or (f"spin-{name}.{namespace}" if name not in ("gate", "deck") else "localhost")
    return f"{scheme}://{address}:{port}"


def deployment(hal_dir) -> HalyardDeployment:
    """The oracle: Halyard's deployment of `hal_dir`'s current deployment."""
    config = load(open(os.path.join(hal_dir, "config"), encoding="utf-8").read(), "config", [])
    current = config.get("currentDeployment")
    dep = next(d for d in config["deploymentConfigurations"] if d.get("name") == current)
    deployment_dir = os.path.join(hal_dir, dep["name"])
    environment = _mapping(dep.get("deploymentEnvironment"))
    version = str(dep.get("version") or "")
    version = version[len("local:"):] if version.startswith("local:") else version
    namespace = str(environment.get("location") or "spinnaker")  # KubernetesSharedServiceSettings
    settings_files = read_service_settings(deployment_dir)
    profiles = read_profiles(deployment_dir)
    sizing = _mapping(environment.get("customSizing"))
    liveness_config = _mapping(environment.get("livenessProbeConfig"))
    variant = str(environment.get("imageVariant") or "SLIM").upper().replace("-", "_")

    workloads = {}
    for name, facts in WORKLOADS.items():
        base = facts["base"]
        settings = _mapping(settings_files.get(name))
        k8s = _mapping(settings.get("kubernetes"))
        enabled = ENABLE_RULES[facts["enabled"]](dep)
        if "enabled" in settings and settings["enabled"] is not None:
            enabled = str(settings["enabled"]).lower() == "true"
        if _on(settings, "skipLifeCycleManagement"):
            enabled = False
        port = int(settings.get("port") or facts["port"])
        scheme = _scheme(facts, settings, dep)
        health = settings["healthEndpoint"] if "healthEndpoint" in settings else facts["health"]

        env = dict(_strings(facts.get("env")))
        profiles_active = None
        if facts.get("profiles"):
            profiles_active = _spring_profiles(name, facts, dep)
            env["SPRING_PROFILES_ACTIVE"] = ",".join(profiles_active)
        if facts.get("jvm"):
            env["JAVA_OPTS"] = DEPLOYER["javaOpts"]["value"]
        env.update(_strings(settings.get("env")))  # the user's env wins (mergePreferThis)
        if facts.get("jvm"):
            if "SPRING_PROFILES_ACTIVE" in env:
                profiles_active = [p.strip() for p in env["SPRING_PROFILES_ACTIVE"].split(",") if p.strip()]
            else:  # kork's DefaultPropertiesBuilder: ${netflix.environment},local (netflix.environment: test)
                profiles_active = ["test", "local"]

        entry, sizing_key = None, None
        for key in (name, f"spin-{name}"):  # buildContainer: container name, then service name
            if isinstance(sizing.get(key), dict):
                entry, sizing_key = sizing[key], key
                break
        resources = {"requests": {}, "limits": {}}
        if entry:
            resources = {part: _strings(entry.get(part)) for part in ("requests", "limits")}
        replicas = settings.get("targetSize") or 1
        spin_entry = sizing.get(f"spin-{name}")
        if isinstance(spin_entry, dict) and isinstance(spin_entry.get("replicas"), int):
            replicas = spin_entry["replicas"]

        tolerations, tolerations_key = _per_workload(environment.get("tolerations"), name, base)
        affinity, affinity_key = _per_workload(environment.get("affinity"), name, base)
        sidecars, sidecars_key = _per_workload(environment.get("sidecars"), name, base)
        init_containers, _ = _per_workload(environment.get("initContainers"), name, base)
        host_aliases, _ = _per_workload(environment.get("hostAliases"), name, base)

        readiness = _probe(facts, k8s, port, scheme, health)
        liveness = None
        if _on(liveness_config, "enabled") and liveness_config.get("initialDelaySeconds") is not None:
            liveness = _probe(facts, k8s, port, scheme, health, int(liveness_config["initialDelaySeconds"]))

        config_files = {}
        if facts.get("jvm") or name == "deck":
            for rel, path in sorted(profiles.items()):
                if claims_profile(name, rel) and reads_file(name, rel, profiles_active or []):
                    config_files[rel] = path

        workloads[name] = Workload(
            name=name, service=base, enabled=enabled, release=version,
            artifact_id=str(settings["artifactId"]) if settings.get("artifactId") else facts.get("image"),
            image_variant=variant, port=port, scheme=scheme,
            base_url=_base_url(name, settings, scheme, port, namespace, dep),
            replicas=int(replicas), env=env, spring_profiles=profiles_active if facts.get("jvm") else None,
            resources=resources, sizing_key=sizing_key,
            tolerations=_list(tolerations), tolerations_key=tolerations_key,
            affinity={k: v for k, v in _mapping(affinity).items() if v not in (None, {}, [])},
            affinity_key=affinity_key,
            node_selector=_strings(k8s.get("nodeSelector")),
            host_aliases=_list(host_aliases), init_containers=_list(init_containers),
            sidecars=_list(sidecars), sidecars_key=sidecars_key,
            monitoring_daemon=bool(facts.get("jvm")) and _metric_stores(dep)
            and str(settings.get("monitored", True)).lower() == "true",
            volumes=[v for v in _list(k8s.get("volumes")) if isinstance(v, dict)],
            service_account=str(k8s["serviceAccountName"]) if k8s.get("serviceAccountName") else None,
            image_pull_secrets=[str(s) for s in _list(k8s.get("imagePullSecrets"))],
            pod_annotations=_strings(k8s.get("podAnnotations")), pod_labels=_strings(k8s.get("podLabels")),
            service_annotations=_strings(k8s.get("serviceAnnotations")),
            service_labels=_strings(k8s.get("serviceLabels")),
            service_type=str(k8s.get("serviceType") or DEPLOYER["kubernetesDefaults"]["serviceType"]),
            node_port=str(k8s["nodePort"]) if k8s.get("nodePort") else None,
            security_context=_mapping(k8s.get("securityContext")) or None,
            deployment_strategy=_mapping(k8s.get("deploymentStrategy")) or None,
            readiness=readiness, liveness=liveness, grace=int(facts["grace"]),
            config_files=config_files,
            settings_file=f"{dep['name']}/service-settings/{name}.yml" if name in settings_files else None)

    result = HalyardDeployment(hal_dir=hal_dir, name=dep["name"], version=version, namespace=namespace,
                               config=dep, settings=settings_files, profiles=profiles, workloads=workloads)
    _wire_endpoints(result)
    return result


def dotted(data, prefix=""):
    """{dotted property: value} of a Spring YAML mapping, whatever mix of nesting and dots it uses."""
    out = {}
    for key, value in _mapping(data).items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(dotted(value, name + "."))
        else:
            out[name] = value
    return out


def effective_property(files: dict, order: list, prop: str):
    """The value of Spring property `prop` over {file name: parsed YAML}, read in `order`."""
    value = None
    for name in order:
        found = dotted(files.get(name)).get(prop)
        if found is not None:
            value = found
    return value


def _wire_endpoints(result: HalyardDeployment):
    """Each running Spring workload's `services.<base>.baseUrl` for clouddriver and echo, as its
    config resolves it: spinnaker.yml lists every service's own URL (SpinnakerProfileFactory with the
    runtime settings); the overrides profile points at a split (newServiceOverrides of the workload's
    overrideServiceEndpoints), unless a user profile of that name replaced it; the user's profiles
    the workload reads come on top."""
    dep = result.config
    for name, workload in result.workloads.items():
        if not workload.enabled or not workload.spring_profiles:
            continue
        facts = WORKLOADS[name]
        files = {"spinnaker.yml": {"services": {b: {"baseUrl": result.workloads[b].base_url}
                                                for b in ("clouddriver", "echo")}}}
        overrides = f"{name}-overrides.yml"
        if facts.get("overrides") and OVERRIDE_RULES[facts["overrides"]](dep):
            files[overrides] = {"services": {
                b: {"baseUrl": result.workloads[split].base_url}
                for b, split in (facts.get("endpoints") or {}).items() if result.workloads[split].enabled}}
        generated = set(files)
        for rel, path in workload.config_files.items():
            data = _read_yaml(path)
            if isinstance(data, dict):
                files[rel] = data
                generated.discard(rel)
        order = spring_profile_order(name, workload.spring_profiles)
        for base in ("clouddriver", "echo"):
            url, origin = None, None
            for file in order:
                found = dotted(files.get(file)).get(f"services.{base}.baseUrl")
                if found is not None:
                    url, origin = found, file
            if url is not None:
                workload.endpoints[base] = (str(url), origin in generated)


def image_of(workload: Workload) -> str:
    """The image reference Halyard deployed, or `<artifact>@<release>[-variant]` for the release's own
    build (the BOM's version of the artifact in that release, from the release's registry)."""
    if workload.artifact_id:
        return workload.artifact_id
    suffix = "" if workload.image_variant == "SLIM" else "-" + workload.image_variant.lower().replace("_", "-")
    return f"{workload.service}@{workload.release}{suffix}"


def service_host(url: str):
    """(scheme, host's first label, port) of a URL; None when it is not one."""
    match = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*)://(?:[^@/]*@)?([^:/?#]+)(?::(\d+))?", str(url or "").strip())
    if not match:
        return None
    scheme, host, port = match.groups()
    return scheme.lower(), host.split(".")[0], int(port) if port else None
