"""Halyard's `deploymentEnvironment` and `service-settings/*.yml` as chart values.

Halyard's lookups are followed exactly (halyard-deploy, KubernetesV2Service):
- replicas: `customSizing["spin-<name>"].replicas`, else service-settings `targetSize`;
- resources: `customSizing["<name>"]` (the container), else `customSizing["spin-<name>"]`;
- sidecars, initContainers, hostAliases, affinity, tolerations: the entry for
  `spin-<name>`, else the one for the base service (`clouddriver` for every split);
where `<name>` is a service (`clouddriver`) or an HA split (`clouddriver-caching`).
"""
from __future__ import annotations

import re

from ..problems import format_path
from ..service_facts import REDIS_SERVICES, SERVICES, SPLITS
from renderer.generate.values_model import default_resources
from ..model.credentials import url_passwords
from ..read.chartbundle import hal_switch
from ..runtime.jvm import quantity  # noqa: F401  (Kubernetes quantities, as the runtime model reads them)

# Halyard's JAVA_OPTS for a JVM whose service-settings `env` has none (halyard/halyard-deploy/.../distributed/
# kubernetes/v2/KubernetesV2Service.java buildServiceSettings, at spinnaker-release-2025.0.0).
HALYARD_JAVA_OPTS = "-XX:MaxRAMPercentage=50.0"
# SPLITS: Halyard's split names -> (service, the chart's `ha.<service>` key for that split).
# Variables the chart sets itself: a second definition would clash with them.
CHART_ENV = {
    "SPRING_PROFILES_ACTIVE": "the chart sets the Spring profiles (helm[,<split>],local[,<split>-local]); "
                              "Halyard's `local` profiles are `profiles.<service>`.",
    "API_HOST": "the chart points Deck at its Gate itself.",
    "DECK_HOST": "the chart sets Deck's listen address.",
    "DECK_PORT": "the chart sets Deck's port (`services.deck.port`).",
}


def _shown(value) -> str:
    """A URL for the report, its password masked."""
    return re.sub(r"(://[^/@\s]*:)[^/@\s]+@", r"\1***@", str(value))


def _deep(values, path, value):
    node = values
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value


def _name_of(key: str) -> str:
    return key[len("spin-"):] if key.startswith("spin-") else key


class Environment:
    """Builds the values; `values` is the result, findings go to `report`."""

    def __init__(self, raw: dict, service_settings: dict, report, base=(), vault=None, texts=None, release=None,
                 pinned: bool = False, namespace: str | None = None):
        """`release`: the release the values run (`spinnaker.version`, else the chart's default);
        `pinned`: it is the halconfig's own version (so `spinnaker.version` names it); `namespace`:
        Halyard's namespace as the user gave it (--namespace), over the config's `location`."""
        from ..releases import DEFAULT

        self.release = release or DEFAULT
        self.pinned = pinned
        self.hal_version = str(raw.get("version") or "")
        self.raw = raw
        env = raw.get("deploymentEnvironment")
        self.env = env if isinstance(env, dict) else {}
        self.settings = service_settings
        self.report = report
        self.vault = vault
        self.texts = texts or {}  # {service: its service-settings file's text}, for values YAML read as numbers
        self.source = "config: " + format_path(tuple(base) + ("deploymentEnvironment",))
        self.values: dict = {}
        self.schemes: dict = {}  # {service or split: (service-settings `scheme`, where)}
        self.location = None  # Halyard's namespace as the config writes it (maybe a placeholder)
        self.given = namespace
        # Halyard's own Redis (spin-redis): None (it ran none: an external one, or switched off),
        # "used" (the release uses it: redis.externalUrl) or "unused" (its namespace is not known).
        self.spin_redis = None
        # Findings said once for every service they concern (a line per service repeats one paragraph):
        # {why: [(service, artifactId)]} of the builds not kept; [(service or split, port)] scraped.
        self._unkept_images: dict = {}
        self._scraped: list = []
        self._split_builds: dict = {}  # {(service, artifactId): [its splits]}
        ha = self.env.get("haServices") if isinstance(self.env.get("haServices"), dict) else {}
        self.ha_on = {svc: str((ha.get(svc) or {}).get("enabled")).lower() == "true"
                      for svc in ("clouddriver", "echo") if isinstance(ha.get(svc) or {}, dict)}

    def split_on(self, name: str) -> bool:
        return name in SPLITS and self.ha_on.get(SPLITS[name][0], False)

    def target(self, name: str, what: str):
        """The chart value for setting `what` of service or split `name`, or None."""
        if name in SERVICES:
            return ("services", name, what)
        if name in SPLITS and what in ("replicas", "resources"):
            service, key = SPLITS[name]
            return ("ha", service, "splits", key, what)
        return None

    def build(self) -> dict:
        src = self.source
        for key in sorted(self.env, key=str):
            handler = getattr(self, "_" + str(key), None)
            value = self.env[key]
            if handler is not None:
                self._guarded(handler, value, f"{src}.{key}")
            else:
                self._drop(key, value, f"{src}.{key}")
        # Halyard gave a JVM without JAVA_OPTS of its own this heap share; the chart's default is larger.
        _deep(self.values, ("serviceDefaults", "javaOpts"), HALYARD_JAVA_OPTS)
        self.report.mapped("service-settings/<service>.yml: env.JAVA_OPTS (none)", "serviceDefaults.javaOpts",
                           f"Halyard ran every JVM without JAVA_OPTS of its own with {HALYARD_JAVA_OPTS} "
                           "(KubernetesV2Service.buildServiceSettings), a heap of half the memory limit; kept for "
                           "those services (remove it for the chart's -XX:MaxRAMPercentage=80.0)")
        self._guarded(lambda _, __: self._service_settings(), None, "service-settings")
        self._say_unkept_images()
        self._say_split_builds()
        self._halyard_redis()
        self._say_scraped()
        self._containers_env()
        self._guarded(lambda _, __: self._fit_heaps(), None, "deploymentEnvironment.customSizing")
        self._unsized()
        self._grace()
        self._liveness()
        return self.values

    def _liveness(self):
        """Halyard ran a liveness probe only with livenessProbeConfig (enabled, with initialDelaySeconds);
        the chart always runs its own."""
        config = self.env.get("livenessProbeConfig")
        if isinstance(config, dict) and str(config.get("enabled")).lower() == "true" \
                and config.get("initialDelaySeconds") is not None:
            return  # dropped with the other deploymentEnvironment settings, naming `patches`
        self.report.different(f"{self.source}.livenessProbeConfig", "",
                              "not enabled: Halyard's pods had no liveness probe. The chart's Java services and "
                              "Deck have one (a TCP connect to the service's port every 20 s, 6 failures), so a "
                              "pod whose server stops accepting connections is restarted instead of staying "
                              "hung; its startup probe gives the JVM its time to start first. To run without, "
                              "remove it with a `patches` entry (json6902 `remove` of "
                              "/spec/template/spec/containers/0/livenessProbe on the Deployment); "
                              "`services.<name>.livenessProbe` changes its timing.")

    def runs(self, name: str) -> bool:
        """Whether service `name` runs (its service-settings `enabled`, else the halconfig switches of
        renderer/service_facts.py `enabledWhen`, as Halyard's and the chart's rules agree)."""
        flag = (self.values.get("services") or {}).get(name, {}).get("enabled")
        if flag is not None:
            return flag is True
        return not SERVICES[name].enabled_when or any(hal_switch(self.raw, path) for path in SERVICES[name].enabled_when)

    def workloads(self) -> list:
        """(pod name, service) of each workload that runs: a service, or its HA splits."""
        out = []
        for name in sorted(SERVICES):
            if not self.runs(name):
                continue
            facts = SERVICES[name]
            out += [(split.name, name) for split in facts.splits] if self.ha_on.get(name) and facts.splits \
                else [(name, name)]
        return out

    def _unsized(self):
        """The pods Halyard gave no requests or limits (no customSizing entry): the chart's defaults
        apply, said with the values, since a BestEffort pod is scheduled without regard to free memory,
        evicted first, and its JVM sizes the heap from the node's memory."""
        sizing = self.env.get("customSizing") if isinstance(self.env.get("customSizing"), dict) else {}
        sized = {_name_of(str(key)) for key, entry in sizing.items()
                 if isinstance(entry, dict) and self._resources(entry)}
        unsized = {}
        for pod, service in self.workloads():
            own = (self.values.get("services") or {}).get(service, {}).get("resources")
            if pod in sized or own or (pod in SPLITS and _deep_get(self.values, self.target(pod, "resources"))):
                continue
            unsized.setdefault(service, []).append(pod)
        if not unsized:
            return
        said = []
        for service, pods in sorted(unsized.items()):
            default = default_resources(SERVICES[service])
            parts = [f"{part}.{kind} {value}" for part in ("requests", "limits")
                     for kind, value in sorted((default.get(part) or {}).items())]
            said.append(f"`services.{service}.resources` ({', '.join(pods) if pods != [service] else service}): "
                        + ", ".join(parts))
        self.report.different(f"{self.source}.customSizing", "",
                              "no entry for these pods, so Halyard set no requests or limits on them (BestEffort "
                              "pods: scheduled without regard to free memory, evicted first, a JVM's heap a share "
                              "of the node's memory). The chart's default requests and limits apply instead: "
                              + "; ".join(said) + ". Size each to what its pods use on Halyard's install "
                              "(`kubectl top pods`) if it needs more.")

    def _grace(self):
        """Halyard gave every pod 60 s to stop but clouddriver's 720 s; the chart keeps upstream's."""
        differ = [(pod, service) for pod, service in self.workloads() if SERVICES[service].grace != (
            720 if service == "clouddriver" else 60)]
        if not differ:
            return
        services = sorted({service for _, service in differ})
        self.report.different(
            "the Halyard deployer's terminationGracePeriodSeconds", "",
            "Halyard gave each pod 60 s to stop (clouddriver 720 s; KubernetesV2Service."
            "terminationGracePeriodSeconds); the chart gives its Java services 720 s, as upstream's "
            "spinnaker-kustomize does, so that work in flight (orca's running tasks, a bake, a pipeline trigger) "
            "finishes before the kernel kills the JVM; a pod that stops sooner ends sooner. Deck (Apache) gets "
            "Kubernetes' 30 s. To keep Halyard's: " + ", ".join(
                f"`services.{service}.terminationGracePeriodSeconds` {720 if service == 'clouddriver' else 60}"
                for service in services) + ".")

    def _containers_env(self):
        """The user's own containers (sidecars, init containers) of each service and HA split, with their
        literal credentials read from the credentials Secret, as the service's own env is: in `env`, and
        in `command`/`args` (`--client-secret=...`) as `$(NAME)` of an env var defined from the Secret,
        which Kubernetes expands there."""
        places = [(("services", service), service) for service in sorted(self.values.get("services") or {})]
        places += [(("ha", service, "splits", key), f"{service}-{key}")
                   for service, block in sorted((self.values.get("ha") or {}).items()) if isinstance(block, dict)
                   for key in sorted(block.get("splits") or {})]
        for path, owner in places:
            settings = _deep_get(self.values, path) or {}
            for kind in ("sidecars", "initContainers"):
                for container in settings.get(kind) or ():
                    if not isinstance(container, dict):
                        continue
                    where = f"{self.source}.{kind}.{owner}.{container.get('name')}"
                    env = container.get("env")
                    if isinstance(env, list):
                        container["env"] = [
                            self._env_var(f"{owner}_{container.get('name')}", str(e["name"]), e["value"],
                                          f"{where}.env.{e['name']}")
                            if isinstance(e, dict) and "name" in e and "value" in e else e for e in env]
                    self._container_args(owner, container, where)

    def _container_args(self, owner, container, where):
        """`command`/`args` credentials of a user's container (renderer.model.credentials.arg_credentials)
        into the credentials Secret: the value becomes `$(NAME)`, NAME defined in the container's env."""
        from ..model.credentials import arg_credentials
        from .credentials import SECRET_NAME, env_name

        if self.vault is None:
            return
        for part in ("command", "args"):
            items = container.get(part)
            found = [f for f in arg_credentials(items) if "$(" not in f[2]]
            if not found:
                continue
            items = list(items)
            for index, flag, value, (start, end) in reversed(found):
                var = env_name(("ARG", owner, container.get("name"), flag or f"{part}_{index}"))
                self.vault.store(var, value, f"{where}.{part}[{index}]", f"the credential in {part}[{index}]"
                                 + (f" ({flag})" if flag else ""),
                                 f"{owner}'s container {container.get('name')} reads it as $({var}), defined from "
                                 "the Secret in its env (Kubernetes expands it in command and args)")
                item = items[index]
                quote = item[start] if item[start:start + 1] in ("'", '"') and item[start:end] != value else ""
                items[index] = f"{item[:start]}{quote}$({var}){quote}{item[end:]}"
                define = {"name": var, "valueFrom": {"secretKeyRef": {"name": SECRET_NAME, "key": var}}}
                env = container.setdefault("env", [])
                if define not in env:
                    env.insert(0, define)
            container[part] = items

    def _guarded(self, handler, value, where):
        """Halyard read these blocks into Java types; a block of another shape is an error, not a traceback."""
        try:
            handler(value, where)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            self.report.human(where, f"not the shape Halyard wrote ({type(exc).__name__}: {exc}); skipped. Fix it "
                                     "in the Halyard directory (`hal config deploy edit` writes it correctly) and "
                                     "run again, or set the chart value by hand.")

    # deploymentEnvironment ----------------------------------------------------

    DROPS = {
        "size": "Halyard's size presets did not change the Kubernetes deployment; sizing is `services.<name>.resources`.",
        "accountName": "the Kubernetes account Halyard deployed with; Helm deploys with your kubeconfig context.",
        "bootstrapOnly": "a Halyard deploy setting; nothing to carry over.",
        "updateVersions": "Halyard's version check; the chart runs `spinnaker.version`.",
        "consul": "Consul discovery (Halyard's VM installs); the chart uses Kubernetes Services.",
        "vault": "Vault (Halyard's VM installs); keep credentials in Secrets (`secrets.files`, `secrets.env`).",
        "gitConfig": "only for Halyard's LocalGit developer installs.",
        "livenessProbeConfig": "the chart sets its own startup, readiness and liveness probes "
                               "(change them with `patches` if needed).",
    }

    def _drop(self, key, value, where):
        if value in (None, {}, [], ""):
            return
        reason = self.DROPS.get(key)
        if reason is None:
            self.report.dropped(where, "not a Halyard deploymentEnvironment setting migrate knows; check it by hand.")
        else:
            self.report.dropped(where, reason)

    def _type(self, value, where):
        if isinstance(value, (dict, list)):
            self._text(value, where)
        elif value is not None and str(value) != "Distributed":
            self.report.human(where, f"Halyard deployed with type {_said(value)} (a VM install); the chart deploys to "
                                     "Kubernetes. Sizing and scheduling values below may not describe the old hosts.")
        else:
            self.report.dropped(where, "the chart is the Kubernetes (Distributed) deployment.")

    @property
    def namespace(self) -> str | None:
        """Halyard's namespace, when it is one: --namespace, else the config's `location` unless that is a
        placeholder (SPINNAKER_NAMESPACE, which the user's own tooling filled in) or no namespace name."""
        from ..postrender.names import dns1123_label

        # Without a `location` Halyard used `spinnaker` (KubernetesSharedServiceSettings).
        for name in (self.given, self.location if "location" in self.env else "spinnaker"):
            if name and not dns1123_label(name):
                return name
        return None

    def _location(self, value, where):
        if self.given:
            self.report.mapped(where, "helm --namespace", f"Halyard's namespace {self.given!r} (--namespace; the "
                                                           f"config says {_said(value)}): the report's commands use "
                                                           "it; install the release there or in a new one.")
            if value and self._text(value, where):
                self.location = str(value)
            return
        if value and self._text(value, where):
            self.location = str(value)
            if self.namespace is None:
                self.report.human(where, f"{value!r} is not a namespace name but a placeholder your own tooling "
                                         "filled in, so migrate cannot name Halyard's namespace: the report's "
                                         "commands say \"$NAMESPACE\" (set it in your shell first), and Halyard's "
                                         "Redis is not carried over. Run migrate again with `--namespace NAME`.",
                                  target="helm --namespace")
                return
            self.report.mapped(where, "helm --namespace", f"Halyard's namespace {value!r}: install the release "
                                                           "there (or in a new one; see the cut-over steps).")

    def _halyard_redis(self):
        """Halyard's own Redis (`spin-redis`, when service-settings/redis.yml names no other) holds orca's
        running and recent executions, echo's scheduler state, igor's already-seen builds and gate's
        sessions: the release keeps using it (its Service, by its namespace-qualified name) so that
        nothing is lost at the switch, and the cut-over steps move the data onto the chart's Redis later.
        Without Halyard's namespace there is no name to give, so a human must answer it."""
        settings = self.settings.get("redis") or {}
        if (self.values.get("redis") or {}).get("externalUrl") or str(settings.get("enabled")).lower() == "false":
            return
        where = "service-settings/redis.yml: overrideBaseUrl (none: Halyard's own Redis, spin-redis)"
        self.spin_redis = "unused" if self.namespace is None else "used"
        holds = ("orca's running and recent pipeline executions (unless orca uses SQL), echo's scheduler state, "
                 "igor's already-seen builds and gate's sessions")
        if self.namespace is None:
            self.report.human(where, f"Halyard ran its own Redis, spin-redis, which holds {holds}; the release would "
                                     "start an empty one of its own. Halyard's namespace is not known (see "
                                     "`deploymentEnvironment.location`), so migrate cannot point the release at it: "
                                     "run migrate again with `--namespace NAME`, or set `redis.externalUrl: "
                                     "redis://spin-redis.<namespace>:6379` yourself (the cut-over steps say how to "
                                     "move its data onto the chart's Redis later); leave it unset only to start "
                                     "empty.", target="redis.externalUrl")
            return
        url = f"redis://spin-redis.{self.namespace}:6379"
        _deep(self.values, ("redis", "externalUrl"), url)
        self.report.converted(where, "redis.externalUrl",
                              f"Halyard ran its own Redis, spin-redis in {self.namespace}, which holds {holds}: the "
                              f"release uses it ({url}, reachable from any namespace) instead of starting an empty "
                              "one, and the cut-over steps keep it when they remove Halyard's objects")
        self.report.human(where, f"the release uses Halyard's spin-redis ({url}), a Deployment whose data lives in "
                                 "its pod only and that no tool manages once Halyard is gone. Move onto the chart's "
                                 "own Redis (on a volume) when convenient: the last cut-over step says how (remove "
                                 "`redis.externalUrl`, copy the data with REPLICAOF, delete spin-redis).",
                          target="redis.externalUrl")

    def _imageVariant(self, value, where):
        if value and self._text(value, where) and str(value).upper() != "SLIM":
            suffix = str(value).lower().replace("_", "-")
            self.report.human(where, f"Halyard ran the {suffix!r} image variant; the chart runs the default images. "
                                     f"To keep the variant set `services.<name>.image.tag` (e.g. `<version>-{suffix}` "
                                     "for 2025+ releases).")
        elif value:
            self.report.dropped(where, "the slim variant is the default.")

    def _nodeSelectors(self, value, where):
        """Halyard's Kubernetes V2 deployer never read deploymentEnvironment.nodeSelectors (the V1
        deployer's, removed from Halyard in 2020; V2 reads service-settings `kubernetes.nodeSelector`
        only, KubernetesV2Service getPodSpecYaml), so its pods ran on any node: so do the release's. A
        selector no node matches would leave every pod Pending. The report says which value pins them."""
        if value in (None, {}, [], ""):
            return
        unread = ("Halyard's Kubernetes V2 deployer did not apply deploymentEnvironment.nodeSelectors (it was "
                  "the V1 deployer's; V2 reads service-settings `kubernetes.nodeSelector` only), so its pods "
                  "ran on any node, and so do the release's.")
        if not isinstance(value, dict):
            self.report.dropped(where, f"{unread} (It is a {type(value).__name__} here, not node labels.)")
            return
        # Written per service ({spin-gate: {pool: x}}), as for tolerations, or as labels for every service.
        per_service = {k: v for k, v in value.items() if isinstance(v, dict)}
        for key in sorted(per_service, key=str):
            name, here = _name_of(str(key)), f"{where}.{key}"
            if name in SERVICES:
                self.report.dropped(here, f"{unread} To pin {name} to these nodes set "
                                          f"`services.{name}.nodeSelector: {_labels(per_service[key])}`.")
            else:
                self.report.dropped(here, _not_a_service(name))
        labels = {k: v for k, v in value.items() if k not in per_service and not isinstance(v, list)}
        for key in sorted(set(value) - set(per_service) - set(labels), key=str):
            self.report.dropped(f"{where}.{key}", f"a {type(value[key]).__name__}, not a node label's value; "
                                                  "Halyard applied no nodeSelectors either.")
        if labels:
            self.report.dropped(where, f"{unread} To pin every service to these nodes set "
                                       f"`serviceDefaults.nodeSelector: {_labels(labels)}` (check first that "
                                       "nodes carry the labels: pods with a selector no node has stay Pending).")

    def _text(self, value, where) -> bool:
        """Whether `value` is a scalar (else it is reported and skipped: never written as a Python repr)."""
        if isinstance(value, (dict, list)):
            self.report.human(where, f"a {type(value).__name__} where Halyard wrote a single value; skipped. Set "
                                     "the chart value by hand.")
            return False
        return True

    def _string_map(self, value, where) -> dict:
        """Kubernetes' string-to-string maps (labels, annotations, node selectors): scalars written as
        Kubernetes reads them; anything else reported and left out, never written as a Python repr."""
        if not isinstance(value, dict):
            self.report.human(where, f"expected a mapping of strings, got {type(value).__name__}; skipped.")
            return {}
        out = {}
        for key, item in value.items():
            if isinstance(item, bool):
                out[str(key)] = "true" if item else "false"
            elif isinstance(item, (str, int, float)):
                out[str(key)] = str(item)
            elif item is None:
                out[str(key)] = ""
            else:
                self.report.human(f"{where}.{key}", f"a {type(item).__name__} where Kubernetes wants a string; "
                                                    "skipped. Write the value as a string by hand.")
        return out

    def _haServices(self, value, where):
        if not isinstance(value, dict):
            return
        for service in sorted(value, key=str):
            block = value[service]
            here = f"{where}.{service}"
            if service not in ("clouddriver", "echo") or not isinstance(block, dict):
                self.report.dropped(here, "Halyard had HA splits for clouddriver and echo only.")
                continue
            if "enabled" in block:
                on = str(block["enabled"]).lower() == "true"
                _deep(self.values, ("ha", service, "enabled"), on)
                self.report.mapped(f"{here}.enabled", f"ha.{service}.enabled")
            for key in sorted(set(block) - {"enabled"}, key=str):
                self._ha_setting(service, key, block[key], f"{here}.{key}")

    def _ha_setting(self, service, key, value, where):
        if value in (None, "", False):
            return
        if key == "redisSlaveEndpoint" and self._text(value, where):
            url = self._url(str(value), "HA_CLOUDDRIVER_REDISROURL", ["clouddriver"], where)
            _deep(self.values, ("ha", "clouddriver", "redisRoUrl"), url)
            self.report.mapped(where, "ha.clouddriver.redisRoUrl", "used by clouddriver-ro and clouddriver-ro-deck")
        elif key == "redisSlaveDeckEndpoint":
            self.report.human(where, f"{_shown(value)}: the chart gives clouddriver-ro-deck the same read replica as "
                                     "clouddriver-ro (`ha.clouddriver.redisRoUrl`); to keep a separate one set "
                                     "`profiles.clouddriver-ro-deck: {redis: {connection: ...}}`.")
        elif key == "redisMasterEndpoint":
            self.report.human(where, f"{_shown(value)}: the chart gives every service one Redis; set "
                                     "`redis.externalUrl` to it if it is not the Redis the rest of Spinnaker used.")
        elif key == "disableClouddriverRoDeck":
            self.report.human(where, "the chart always runs clouddriver-ro-deck when clouddriver is split; Gate "
                                     "sends Deck's reads there.")
        else:
            self.report.dropped(where, "not a Halyard HA setting.")

    def _customSizing(self, value, where):
        if not isinstance(value, dict):
            return
        for key in sorted(value, key=str):
            entry = value[key]
            here = f"{where}.{key}"
            if not isinstance(entry, dict):
                self.report.dropped(here, "expected a mapping of replicas, requests and limits.")
                continue
            name = _name_of(key)
            container = not key.startswith("spin-")
            if name in ("monitoring-daemon", "redis") and (entry.get("requests") or entry.get("limits")):
                target = "monitoringDaemon.resources" if name == "monitoring-daemon" else "redis.resources"
                from renderer.generate import values_model

                model = values_model.MonitoringDaemon if name == "monitoring-daemon" else values_model.Redis
                _deep(self.values, tuple(target.split(".")),
                      self._complete(self._resources(entry), None, split=False, where=f"{here}.requests/limits",
                                     default=model.fields["resources"].default))
                self.report.mapped(here, target)
                continue
            if name not in SERVICES and name not in SPLITS:
                self.report.dropped(here, _not_a_service(name))
                continue
            service = SPLITS[name][0] if name in SPLITS else name
            if name in SPLITS and not self.split_on(name):
                self.report.dropped(here, f"haServices.{service} is not enabled, so Halyard ran no {name}.")
                continue
            if "replicas" in entry and entry["replicas"] is not None:
                if container:
                    self.report.dropped(f"{here}.replicas", f"Halyard read replicas only from 'spin-{name}'.")
                elif name == service and self.ha_on.get(service):
                    self.report.dropped(f"{here}.replicas", f"with haServices.{service} on Halyard ran no spin-{name}; "
                                                            f"each split's replicas are "
                                                            f"`ha.{service}.splits.<split>.replicas`.")
                else:
                    path = self.target(name, "replicas")
                    if self._number(entry["replicas"], f"{here}.replicas") is not None:
                        _deep(self.values, path, int(entry["replicas"]))
                        self.report.mapped(f"{here}.replicas", ".".join(path))
            resources = self._resources(entry)
            if resources:
                resources = self._complete(resources, service, split=name in SPLITS, where=f"{here}.requests/limits")
                if not container and isinstance(value.get(name), dict) and self._resources(value[name]):
                    self.report.dropped(f"{here}.requests/limits",
                                        f"'{name}' (the container entry) wins, as in Halyard.")
                    continue
                path = self.target(name, "resources")
                _deep(self.values, path, resources)
                note = ""
                if name == service and self.ha_on.get(service):
                    note = (f"with haServices.{service} on, Halyard applied this to no pod; the chart applies it "
                            f"to every {service} split without its own sizing")
                self.report.mapped(f"{here}.requests/limits", ".".join(path), note)

    def _complete(self, resources, service, split, where, default=None):
        """Resources the chart accepts, as Kubernetes and upstream read Halyard's: a JVM's memory request
        without a limit stays without one, as Halyard ran it (a service's `limits.memory: null` removes
        the chart's default limit, which Helm would merge in; a split has none to remove), and its heap
        gets an -Xmx (`_fit_heaps`); another container's request gets the limit equal to it when the
        chart's default limit (`default`) is below it; a limit without a request gets the request equal
        to it (Kubernetes' own default); a request above its limit raises the limit. A split's entry
        replaces the service's whole value, so one without memory gets the service's default memory."""
        if default is None and service is not None:
            default = default_resources(SERVICES[service])
        requests, limits = dict(resources.get("requests") or {}), dict(resources.get("limits") or {})
        added = []
        for kind in ("memory", "cpu"):
            if kind in limits and kind not in requests:
                requests[kind] = limits[kind]
                added.append(f"requests.{kind} = limits.{kind}")
        # Values merge key by key: a memory request alone would keep the chart's default limit (which may
        # even be below it, a pod the API server refuses); Halyard ran it without one.
        if "memory" in requests and "memory" not in limits:
            java = service is not None and SERVICES[service].java
            kept = quantity(((default or {}).get("limits") or {}).get("memory"))
            if not split and kept is not None:
                limits["memory"] = None
            if java or kept is not None:
                added.append("no memory limit, as under Halyard" + ("" if split or kept is None else
                             " (limits.memory: null removes the chart's default)")
                             + ("; the heap gets an -Xmx instead" if java else ""))
        for kind in ("memory", "cpu"):
            request, limit = quantity(requests.get(kind)), quantity(limits.get(kind))
            if request is not None and limit is not None and request > limit:
                self.report.human(where, f"requests.{kind} {requests[kind]} is above limits.{kind} {limits[kind]}, "
                                         "a pod the API server refuses: the limit is raised to the request. Lower "
                                         "both if that is too much.")
                limits[kind] = requests[kind]
        if split and "memory" not in requests:
            default = default_resources(SERVICES[service])
            requests["memory"], limits["memory"] = default["requests"]["memory"], default["limits"]["memory"]
            added = [a for a in added if "no memory limit" not in a]
            added.append(f"memory from {service}'s default")
        if added:
            self.report.converted(where, "", "completed for the chart: " + ", ".join(added))
        return {k: v for k, v in (("requests", requests), ("limits", limits)) if v}

    def _fit_heaps(self):
        """Each Java workload's heap, plus what the JVM needs outside it (renderer/runtime/jvm.py), fits
        its pods: Halyard's JAVA_OPTS often carry `-XX:MaxRAMPercentage=100.0`, which gives the heap the
        whole limit. Pods without a memory limit (requests only, as Halyard ran them) get an -Xmx from
        their request, since the JVM would size the heap from the node's memory; when only some of the
        pods sharing one `javaOpts` have a limit (a service's is one for all its splits without their
        own), the others get a limit equal to their request, and the heap a share of the limits that
        fits the smallest. Only services whose sizing or JVM options come from the Halyard directory are
        looked at: the chart's own defaults fit."""
        from ..runtime.jvm import MIB, MIN_HEAP, NON_HEAP, Heap
        from renderer.generate.values_model import DEFAULT_JAVA_OPTS

        services = self.values.get("services") or {}
        defaults = (self.values.get("serviceDefaults") or {}).get("javaOpts")
        for name in sorted(SERVICES):
            facts = SERVICES[name]
            svc = services.get(name) or {}
            ha = (self.values.get("ha") or {}).get(name) or {}
            split_on = self.ha_on.get(name) and facts.splits
            own = {split.name: ("ha", name, "splits", split.key, "javaOpts") for split in facts.splits
                   if split_on and _deep_get(ha, ("splits", split.key, "javaOpts"))}
            split_sizing = split_on and any(_deep_get(ha, ("splits", split.key, "resources")) for split in facts.splits)
            if not facts.java or not (svc.get("resources") or "javaOpts" in svc or split_sizing or own):
                continue
            groups = [(path, [split]) for split, path in own.items()]
            shared = [split.name for split in facts.splits if split.name not in own] if split_on else [name]
            if shared:
                groups.append((("services", name, "javaOpts"), shared))
            for path, members in groups:
                self._fit_heap(name, facts, path, members, defaults or facts.java_opts or DEFAULT_JAVA_OPTS,
                               (MIB, MIN_HEAP, NON_HEAP, Heap))

    def _fit_heap(self, name, facts, path, members, fallback, jvm):
        """`_fit_heaps` for the pods `members` of service `name`, whose JAVA_OPTS are at `path`."""
        options = _deep_get(self.values, path) or fallback
        given = _deep_get(self.values, path) is not None
        ha = ((self.values.get("ha") or {}).get(name) or {})

        def sized():
            pods = self._sized_pods(name, facts, (self.values.get("services") or {}).get(name) or {}, ha)
            return [pod for pod in pods if pod[0] in members]
        pods = sized()
        if any(limit for *_, limit, _ in pods) and not all(limit for *_, limit, _ in pods):
            for pod, request, limit, where in pods:
                if not limit and request:
                    _deep(self.values, where + ("limits", "memory"), _deep_get(self.values, where + ("requests",
                                                                                                    "memory")))
                    self.report.converted(f"{self.source}.customSizing", ".".join(where) + ".limits.memory",
                                          f"{pod}: a limit equal to its request, as the other pods of {name} "
                                          "have limits and their JVM options (one for all) size the heap "
                                          "from the limit")
            pods = sized()
        new, why = _fitted(options, [(pod, request, limit) for pod, request, limit, _ in pods], *jvm)
        target = ".".join(path)
        if new is None and why:
            self.report.human(f"{self.source}.customSizing", why, target=target)
        elif new is not None:
            _deep(self.values, path, new)
            settings = members[0] if path[0] == "ha" else name
            said = repr(options) if given else f"(none: Halyard's default {options!r})"
            self.report.converted(f"service-settings/{settings}.yml: env.JAVA_OPTS", target,
                                  f"{said} -> {new!r}: {why}")

    def _sized_pods(self, name, facts, svc, ha) -> list:
        """(pod, memory request, memory limit, values path of its resources) of each pod of a service,
        in bytes (None: none), as the chart merges the values: a split's own resources replace the
        service's, which merge over the chart's default key by key."""
        default = default_resources(facts)
        own = svc.get("resources") or {}
        merged = {part: dict(default.get(part) or {}, **(own.get(part) or {})) for part in ("requests", "limits")}
        path = ("services", name, "resources")
        if self.ha_on.get(name) and facts.splits:
            pods = [(split.name, _deep_get(ha, ("splits", split.key, "resources")),
                     ("ha", name, "splits", split.key, "resources"))
                    if _deep_get(ha, ("splits", split.key, "resources")) else (split.name, merged, path)
                    for split in facts.splits]
        else:
            pods = [(name, merged, path)]
        return [(pod, quantity((res.get("requests") or {}).get("memory")),
                 quantity((res.get("limits") or {}).get("memory")), where) for pod, res, where in pods]

    @staticmethod
    def _resources(entry):
        out = {}
        for part in ("requests", "limits"):
            block = entry.get(part)
            if isinstance(block, dict):
                block = {k: v for k, v in block.items() if v not in (None, "")}
                if block:
                    out[part] = block
        return out

    def place(self, name: str) -> tuple:
        """The values path of the pod settings of service or HA split `name`: `services.<name>`, or
        `ha.<service>.splits.<key>` (each field set there replaces the service's, as Halyard's per-split
        settings did)."""
        if name in SPLITS:
            service, key = SPLITS[name]
            return ("ha", service, "splits", key)
        return ("services", name)

    def _per_service(self, setting, value, where, convert):
        """Halyard's service-keyed maps (sidecars, tolerations, ...): a pod read the entry under its
        Deployment's name (`spin-gate`, `spin-clouddriver-rw`), else the one under its base service's
        canonical name (`gate`, `clouddriver` for every split) (KubernetesV2Service getTolerations & co)."""
        if value in (None, {}, [], ""):
            return
        if not isinstance(value, dict):
            self.report.human(where, f"Halyard keys {setting} by service ({{spin-gate: [...]}}); this is a "
                                     f"{type(value).__name__}, so it is skipped. Set `services.<name>.{setting}` "
                                     "(or `serviceDefaults`) by hand.")
            return
        for key in sorted(value, key=str):
            items = value[key]
            here = f"{where}.{key}"
            name = _name_of(key)
            if items in (None, [], {}):
                continue
            if name in SPLITS:
                if not self.split_on(name):
                    self.report.dropped(here, f"haServices.{SPLITS[name][0]} is not enabled, so Halyard ran no {name}.")
                elif not key.startswith("spin-"):
                    self.report.dropped(here, f"Halyard read a split's {setting} under its Deployment's name "
                                              f"'spin-{name}' (else under '{SPLITS[name][0]}'), never under "
                                              f"'{name}': it applied to no pod.")
                else:
                    convert(name, items, here)
                continue
            if name not in SERVICES:
                self.report.dropped(here, _not_a_service(name))
                continue
            if key != name and isinstance(value.get(name), (list, dict)) and value.get(name):
                self.report.dropped(here, f"'{name}' is also given; Halyard used 'spin-{name}' first, so this one "
                                          "wins and the other is dropped.")
            elif key == name and isinstance(value.get("spin-" + name), (list, dict)) and value.get("spin-" + name):
                self.report.dropped(here, f"'spin-{name}' is also given and wins, as in Halyard.")
                continue
            if key.startswith("spin-") and self.ha_on.get(name):
                self.report.human(here, f"with haServices.{name} on, Halyard's pods were the splits "
                                        f"(spin-{name}-caching, ...), so this applied to none of them; the chart "
                                        f"applies `services.{name}.{setting}` to every split without its own "
                                        f"(`ha.{name}.splits.<split>.{setting}`).", target=f"services.{name}.{setting}")
            convert(name, items, here)

    def _plain(self, setting):
        def convert(name, items, where):
            if not isinstance(items, list):
                self.report.human(where, f"expected a list, got {type(items).__name__}; skipped. Set "
                                         f"`services.{name}.{setting}` by hand.")
                return
            # Kubernetes objects (containers, host aliases): anything else cannot render.
            for i, item in enumerate(items):
                if not isinstance(item, dict):
                    self.report.human(f"{where}[{i}]", f"expected a mapping (a Kubernetes object), got "
                                                       f"{type(item).__name__}; skipped.")
            items = [item for item in items if isinstance(item, dict)]
            if not items:
                return
            _deep(self.values, self.place(name) + (setting,), items)
            self.report.mapped(where, ".".join(self.place(name) + (setting,)))
        return convert

    def _tolerations(self, value, where):
        def convert(name, items, here):
            # One toleration written as a mapping instead of a one-item list.
            path = ".".join(self.place(name) + ("tolerations",))
            if isinstance(items, dict) and set(items) & {"key", "operator", "effect"}:
                items = [items]
                self.report.converted(here, path, "one toleration written as a mapping: made a one-item list")
            elif not isinstance(items, list) or not all(isinstance(t, dict) for t in items):
                self.report.human(here, f"expected a list of tolerations, got {type(items).__name__}; skipped. "
                                        f"Set `{path}` by hand.")
                return
            _deep(self.values, self.place(name) + ("tolerations",), items)
            self.report.mapped(here, path)
        self._per_service("tolerations", value, where, convert)

    def _affinity(self, value, where):
        def convert(name, items, here):
            path = self.place(name) + ("affinity",)
            if not isinstance(items, dict):
                self.report.human(here, f"expected an affinity mapping, got {type(items).__name__}; skipped. Set "
                                        f"`{'.'.join(path)}` by hand.")
                return
            affinity = {k: v for k, v in items.items() if v not in (None, {}, [])}
            if affinity:
                _deep(self.values, path, affinity)
                self.report.mapped(here, ".".join(path))
        self._per_service("affinity", value, where, convert)

    def _initContainers(self, value, where):
        self._per_service("initContainers", value, where, self._plain("initContainers"))

    def _hostAliases(self, value, where):
        self._per_service("hostAliases", value, where, self._plain("hostAliases"))

    def _sidecars(self, value, where):
        def convert(name, items, here):
            svc = self._settings_of(name)
            path = ".".join(self.place(name))
            for i, sidecar in enumerate(items if isinstance(items, list) else []):
                if not isinstance(sidecar, dict):
                    continue
                container, volumes, mounts = _sidecar(sidecar)
                svc.setdefault("sidecars", []).append(container)
                for volume in volumes:
                    if volume not in svc.setdefault("extraVolumes", []):
                        svc["extraVolumes"].append(volume)
                svc.setdefault("extraVolumeMounts", []).extend(mounts)
                self.report.converted(f"{here}[{i}]", f"{path}.sidecars",
                                      "Halyard's sidecar form written as a Kubernetes container"
                                      + (" (its mountPath emptyDir shared with the service container, as Halyard "
                                         f"did: {path}.extraVolumes/extraVolumeMounts)" if mounts else ""))
        self._per_service("sidecars", value, where, convert)

    def _settings_of(self, name) -> dict:
        """The values mapping of service or split `name`'s pod settings (made when missing)."""
        node = self.values
        for key in self.place(name):
            node = node.setdefault(key, {})
        return node

    def _number(self, value, where, low=0, high=None):
        """`value` as a whole number in [low, high], or None after reporting it (nothing is written then)."""
        try:
            if isinstance(value, bool) or int(value) != float(value):
                raise ValueError
            if int(value) < low or (high is not None and int(value) > high):
                self.report.human(where, f"{int(value)} is outside {low}..{high or 'any'}; skipped (the chart's "
                                         "default applies). Set the chart value by hand.")
                return None
            return int(value)
        except (TypeError, ValueError, OverflowError):
            self.report.human(where, f"expected a whole number, got {_said(value)}; skipped (the chart's default "
                                     "applies). Set the chart value by hand.")
            return None

    def _url(self, url, env, readers, where):
        """A URL for a Spring setting; one carrying a password is kept in the credentials Secret."""
        if self.vault is not None and url_passwords(url):
            return self.vault.keep("HAL_" + env, url, readers, where, "a URL with a password")
        return url

    def _env_var(self, service, var, value, where):
        """An EnvVar for a service-settings `env` entry: a credential (renderer.model.credentials) goes into
        the credentials Secret and is read from there; one YAML read as a number keeps its text."""
        from ..model.credentials import env_credential, typed_credential
        from .credentials import SECRET_NAME, env_name, kept_as_written

        if self.vault is None or not (env_credential(var, value) or typed_credential(var, value)):
            return {"name": var, "value": _env_text(value)}
        value = kept_as_written(value, self._written(service, var), where, self.report)
        key = self.vault.store(env_name(("ENV", service, var)), value, where, f"the credential in env var {var}",
                               f"{service} reads it with valueFrom.secretKeyRef")
        return {"name": var, "valueFrom": {"secretKeyRef": {"name": SECRET_NAME, "key": key}}}

    def _java_opts(self, service, text, where):
        """(JAVA_OPTS, env entries): each `-D<credential>=value` goes into the credentials Secret, defined as
        an env var and used as `$(NAME)`, which Kubernetes expands from the variables defined before it
        (the chart writes JAVA_OPTS after services.<name>.env)."""
        from ..model.credentials import java_opts_credentials
        from .credentials import SECRET_NAME, env_name

        found = java_opts_credentials(text) if self.vault is not None else []
        defines, out, last = [], [], 0
        for prop, value, (start, end) in found:
            if "$(" in value:
                continue
            var = env_name(("JAVA_OPTS", service, prop))
            self.vault.store(var, value, where, f"-D{prop} in JAVA_OPTS",
                             f"{service} reads it as $({var}) in its JAVA_OPTS")
            defines.append({"name": var, "valueFrom": {"secretKeyRef": {"name": SECRET_NAME, "key": var}}})
            quote = text[start] if text[start] in "'\"" else ""
            out += [text[last:start], f"{quote}$({var}){quote}"]
            last = end
        return "".join(out) + text[last:], defines

    def _written(self, service, var):
        """The text written for `env.<var>` in the service's service-settings file, when it is plain."""
        from ..read.yaml11 import plain_scalars

        text = self.texts.get(service, "")
        return plain_scalars(text, [("env", var)]).get(("env", var)) if text else None

    # service-settings -----------------------------------------------------------

    def _service_settings(self):
        for name in sorted(self.settings, key=str):
            data = self.settings[name]
            where = f"service-settings/{name}.yml"
            if name in ("redis",):
                self._redis_settings(data, where)
                continue
            if name in SPLITS or name not in SERVICES:
                self._split_or_other_settings(name, data, where)
                continue
            for key in sorted(data, key=str):
                self._guarded(lambda value, here, name=name, key=key: self._service_setting(name, key, value, here),
                              data[key], f"{where}: {key}")

    def _redis_settings(self, data, where):
        for key in sorted(data, key=str):
            value = data[key]
            here = f"{where}: {key}"
            if key in ("overrideBaseUrl", "baseUrl") and value and self._text(value, here):
                url, user, password = _split_userinfo(str(value))
                if password and self.vault is not None:
                    # The chart's own way: the password in `redis.existingSecret` (key redis-password),
                    # handed only to the services that use Redis.
                    from .credentials import SECRET_NAME

                    self.vault.store("redis-password", password, here, "the Redis password",
                                     "the chart gives it (redis.existingSecret) only to the services that use "
                                     "Redis: " + ", ".join(REDIS_SERVICES))
                    _deep(self.values, ("redis", "existingSecret"), SECRET_NAME)
                    if user and user != "default":
                        self.report.human(here, f"Redis user {user!r}: the chart connects with the password only "
                                                "(Redis' `default` user). Give that user's rights to `default`, or "
                                                "set `profiles.spinnaker: {services: {redis: {baseUrl: ...}}}`.")
                elif password:
                    url = str(value)
                _deep(self.values, ("redis", "externalUrl"), url)
                self.report.mapped(here, "redis.externalUrl", "an external Redis; the chart runs none of its own")
            elif key == "enabled" and str(value).lower() == "false":
                self.report.dropped(here, "with redis.externalUrl set the chart runs no Redis.")
            elif key == "skipLifeCycleManagement":
                self.report.dropped(here, "Halyard left this Redis alone; the chart never manages an external one.")
            else:
                self.report.dropped(here, "the chart's bundled Redis is set with `redis.*`.")

    def _split_or_other_settings(self, name, data, where):
        if name in SPLITS and not self.split_on(name):
            self.report.dropped(where, f"haServices.{SPLITS[name][0]} is not enabled, so Halyard ran no {name} to "
                                       f"read it. Enable `ha.{SPLITS[name][0]}` and it goes to "
                                       f"`{'.'.join(self.place(name))}`.")
        elif name in SPLITS:
            # Halyard read a split's settings from its own file only (SpinnakerService.getDefaultServiceSettings
            # reads `<canonical>.yml`): each field it sets goes to ha.<service>.splits.<key>, replacing the
            # service's there as it did under Halyard.
            for key in sorted(data, key=str):
                self._guarded(lambda value, here, key=key: self._service_setting(name, key, value, here),
                              data[key], f"{where}: {key}")
        elif name == "monitoring-daemon":
            self.report.dropped(where, "the monitoring sidecar is set with `monitoringDaemon.*`.")
        else:
            self.report.dropped(where, f"{name!r} is not a service the chart runs.")

    def _split_setting(self, name, key, value, where) -> bool:
        """A service-settings field of HA split `name` that the chart keeps per service (its Service, port,
        image, on/off): reported with the service's value to set; True when handled."""
        service = SPLITS[name][0]
        if key == "artifactId" and isinstance(value, str):
            self._split_artifact(name, value, where)
        elif key == "enabled" or key == "skipLifeCycleManagement":
            self.report.human(where, f"{name} {'off' if key == 'enabled' else 'left alone by Halyard'} "
                                     f"({key}: {_said(value)}): the chart runs every split of `ha.{service}` or "
                                     f"none; to stop one, scale it to zero (`ha.{service}.splits."
                                     f"{SPLITS[name][1]}.replicas: 0`).", target=f"ha.{service}.enabled")
        elif key == "port":
            self.report.human(where, f"port {value}: every {service} split serves on `services.{service}.port` "
                                     "(one Service port for the splits' URLs); set it there if it must change.",
                              target=f"services.{service}.port")
        elif key in ("overrideBaseUrl", "location") and self._text(value, where):
            self.report.human(where, f"{_said(value)}: the chart runs every split in the release namespace and "
                                     f"calls it by its own Service; point callers elsewhere with `profiles.<caller>: "
                                     f"{{services: {{{service}: {{baseUrl: ...}}}}}}`.", target=f"profiles.{service}")
        else:
            return False
        return True

    def _service_setting(self, name, key, value, where):
        """One field of `service-settings/<name>.yml`, of a service or of a running HA split."""
        if value in (None, {}, []):
            return
        svc = self.place(name)
        path = ".".join(svc)
        java = SERVICES[SPLITS[name][0] if name in SPLITS else name].java
        if name in SPLITS and self._split_setting(name, key, value, where):
            return
        if key in ("env", "targetSize") and self._split_away(name, key, where):
            return
        if key in ("targetSize", "port") and self._number(value, where, *((1, 65535) if key == "port" else ())) \
                is None:
            return
        if key == "targetSize":
            if (self.env.get("customSizing") or {}).get(f"spin-{name}", {}).get("replicas") is not None:
                self.report.dropped(where, f"customSizing.spin-{name}.replicas wins, as in Halyard.")
            else:
                target = self.target(name, "replicas")
                _deep(self.values, target, int(value))
                self.report.mapped(where, ".".join(target))
        elif key == "env" and isinstance(value, dict):
            env = []
            for var, text in sorted(value.items(), key=lambda item: str(item[0])):
                here = f"{where}.{var}"
                if var == "JAVA_OPTS" and java:
                    if self._text(text, here):
                        opts, defines = self._java_opts(name, _env_text(text), here)
                        env.extend(defines)
                        _deep(self.values, svc + ("javaOpts",), opts)
                        self.report.mapped(here, f"{path}.javaOpts")
                elif var in CHART_ENV:
                    self._chart_env(name, str(var), text, here)
                elif isinstance(text, (dict, list)):
                    self.report.human(here, f"a {type(text).__name__} where an environment variable's value "
                                            f"belongs; skipped. Add it to `{path}.env` by hand.")
                else:
                    env.append(self._env_var(name, str(var), text, here))
            if env:
                self._settings_of(name).setdefault("env", []).extend(env)
                self.report.converted(where, f"{path}.env",
                                      f"{', '.join(e['name'] for e in env)}: a map written as Kubernetes EnvVars")
        elif key == "artifactId" and isinstance(value, str):
            self._artifact(name, value, where)
        elif key == "enabled":
            on = str(value).lower() == "true"
            _deep(self.values, svc + ("enabled",), on)
            self.report.mapped(where, f"services.{name}.enabled")
        elif key == "port":
            _deep(self.values, svc + ("port",), int(value))
            self.report.mapped(where, f"services.{name}.port")
        elif key == "kubernetes" and isinstance(value, dict):
            for sub in sorted(value, key=str):
                self._kubernetes_setting(name, sub, value[sub], f"{where}.{sub}", value)
        elif key in ("overrideBaseUrl", "location") and not self._text(value, where):
            return
        elif key == "overrideBaseUrl":
            if name in ("gate", "deck"):
                home = "security.apiSecurity.overrideBaseUrl" if name == "gate" else "security.uiSecurity.overrideBaseUrl"
                self.report.human(where, f"{value}: how users reach {name}. Set `expose.host` (the chart derives "
                                         f"every URL from it) or `halconfig.{home}`.")
            else:
                self.report.human(where, f"{value}: {name} elsewhere than in this release; the chart's discovery "
                                         f"points at its own {name}. To use another one set "
                                         f"`services.{name}.enabled: false` and `profiles.spinnaker: "
                                         f"{{services: {{{name}: {{baseUrl: ...}}}}}}`.")
        elif key == "location":
            self.report.human(where, f"{name} ran in namespace {value!r}; the chart runs every service in the "
                                     "release namespace.")
        elif key == "scheme" and self._text(value, where):
            self.schemes[name] = (str(value), where)  # judged against the profiles (stores.schemes)
        elif key in ("healthEndpoint", "host", "address", "internalPort", "baseUrl"):
            self.report.dropped(where, "the chart owns hosts, probes and schemes (scheme follows the halconfig's TLS).")
        elif key in ("monitored", "sidecar", "safeToUpdate", "skipLifeCycleManagement", "basicAuthEnabled"):
            self.report.dropped(where, "a Halyard deploy setting; nothing to carry over.")
        elif key in ("username", "password"):
            self.report.dropped(where, "Halyard's basic auth between services, not used by current releases.")
        else:
            self.report.dropped(where, "not a Halyard service setting migrate knows; check it by hand.")

    def _artifact(self, name, artifact, where):
        """Halyard's custom image. The config is written for `self.release`, so the image must be that
        release's (renderer/runtime/images.py): kept, declared with its release, only when its tag names
        the release the halconfig says Halyard ran and the chart runs it too (`spinnaker.version`);
        otherwise the release's own image runs and the report says how to keep the build."""
        from ..runtime.images import release_tag

        release = str(self.release)
        image = _image(artifact)
        expected = f"{name}:{release_tag(release)}"
        tag = image.get("tag", "")
        target = f"services.{name}.image"
        if self.pinned and re.match(re.escape(release) + r"(?![0-9.])", tag):
            _deep(self.values, ("services", name, "image"), dict(image, release=release))
            self.report.converted(where, target, f"Halyard ran {artifact}, a build whose tag names Spinnaker "
                                                 f"{release}, the release Halyard ran and spinnaker.version runs: "
                                                 f"kept, declared `image.release: {release}` (the post-renderer "
                                                 "refuses a custom image whose release it cannot tell). To run "
                                                 f"the release's own image ({expected}) remove {target}; when "
                                                 "upgrading, change both.")
            return
        if not self.pinned:
            why = f"Halyard's release ({self.hal_version or 'none'}) is not one this chart writes config for"
        else:
            why = "the tag does not say which release the build is from"
        self._unkept_images.setdefault(why, []).append((name, artifact))

    def _say_unkept_images(self):
        """The builds not kept (`_artifact`), one item per reason, naming each service's value."""
        from ..runtime.images import release_tag

        release = str(self.release)
        for why, builds in sorted(self._unkept_images.items()):
            names = [name for name, _ in builds]
            ran = "; ".join(f"`services.{name}.image`: {artifact} (now {name}:{release_tag(release)})"
                            for name, artifact in builds)
            name, artifact = builds[0]
            image = _image(artifact)
            example = (f"`services.{name}.image: {{registry: {image.get('registry', '')}, repository: "
                       f"{image.get('repository', '')}, {_image_pin(image)}, release: <release>}}`")
            self.report.human(
                _settings_source(names, "artifactId"),
                f"Halyard ran build{'s' if len(builds) > 1 else ''} of {'their' if len(builds) > 1 else 'its'} own; "
                f"the release runs Spinnaker {release}'s own image{'s' if len(builds) > 1 else ''} instead, "
                f"because the config is written for {release} and {why}: a service of another release fails on "
                f"that config or ignores part of it. {ran}. To keep a build, declare it with the release it was "
                f"built from (e.g. {example}) and set `spinnaker.version` to that release (a supported one).",
                target=f"services.{name}.image" if len(builds) == 1 else
                f"services.{{{','.join(names)}}}.image")

    def _say_scraped(self):
        """Prometheus scrape annotations carried over (`_kubernetes_setting`), said once."""
        if not self._scraped:
            return
        ports: dict = {}
        for name, port in self._scraped:
            ports.setdefault(port, []).append(name)
        pods = "; ".join(f"port {port} of {', '.join(names)}" for port, names in sorted(ports.items()))
        self.report.human(_settings_source([name for name, _ in self._scraped], "kubernetes.podAnnotations"),
                          f"asks Prometheus to scrape these pods: {pods}; the chart's default NetworkPolicies admit "
                          "no scraper to them. For the Observability plugin set `observability.enabled` with "
                          "`podAnnotations` or `podMonitor`, and name your Prometheus in "
                          "`networkPolicy.metricsFrom`.", target="networkPolicy.metricsFrom")

    def _split_artifact(self, split, artifact, where):
        """A split's own artifactId: the chart runs one image for all of a service's splits
        (`services.<service>.image`), which the service's own artifactId decided (`_artifact`)."""
        service = SPLITS[split][0]
        target = f"services.{service}.image"
        kept = _deep_get(self.values, ("services", service, "image"))
        image = _image(artifact)
        if isinstance(kept, dict) and {k: v for k, v in kept.items() if k != "release"} == image:
            self.report.mapped(where, target, f"the build {service} runs too: every {service} split runs "
                                              f"`{target}`")
            return
        if (self.settings.get(service) or {}).get("artifactId") == artifact:
            self.report.converted(where, target, f"the same build as service-settings/{service}.yml's artifactId, "
                                                 f"which decides the one image of all {service}'s splits "
                                                 f"(`{target}`): see the item for it")
            return
        self._split_builds.setdefault((service, artifact), []).append(split)

    def _say_split_builds(self):
        """The splits' own builds the chart cannot run (`_split_artifact`), one item per build."""
        from ..runtime.images import release_tag

        for (service, artifact), splits in sorted(self._split_builds.items()):
            target = f"services.{service}.image"
            kept = _deep_get(self.values, ("services", service, "image"))
            image = _image(artifact)
            runs = (f"{kept.get('registry', '')}/{kept.get('repository', '')}:{kept.get('tag') or kept.get('digest')}"
                    if isinstance(kept, dict) else f"Spinnaker {self.release}'s own {service} image "
                                                    f"({service}:{release_tag(str(self.release))})")
            self.report.human(_settings_source(splits, "artifactId"),
                              f"Halyard ran {artifact} in {', '.join(splits)}; the chart runs one image in all of "
                              f"{service}'s splits, `{target}`: {runs}, as service-settings/{service}.yml decided "
                              "(see its artifactId). A split cannot run another build: to run this one everywhere, "
                              f"declare it in `{target}` with the release it was built from (`{{registry: "
                              f"{image.get('registry', '')}, repository: {image.get('repository', '')}, "
                              f"{_image_pin(image)}, release: <release>}}`) and set `spinnaker.version` to that "
                              "release.", target=target)

    def _chart_env(self, name, var, value, where):
        """An env var the chart sets itself (CHART_ENV): carried where the chart has a value for what it
        did, else reported with the value that restores it."""
        service = SPLITS[name][0] if name in SPLITS else name
        if var == "SPRING_PROFILES_ACTIVE" and SERVICES[service].java and not isinstance(value, (dict, list)):
            ours = {"helm", "local"} | {p for split in SERVICES[service].splits if split.name == name
                                        for p in split.profiles} | {f"{name[len(service) + 1:]}-local"}
            extra = [p.strip() for p in str(value).split(",") if p.strip() and p.strip() not in ours]
            if extra:
                # Spring Boot adds `spring.profiles.include` (here a system property) to the active profiles,
                # so the service runs the user's as well as the chart's (helm, local).
                path = self.place(name) + ("javaOpts",)
                options = _deep_get(self.values, path) or HALYARD_JAVA_OPTS
                flag = f"-Dspring.profiles.include={','.join(extra)}"
                _deep(self.values, path, f"{options} {flag}")
                self.report.converted(where, ".".join(path),
                                      f"SPRING_PROFILES_ACTIVE {value}: the chart sets SPRING_PROFILES_ACTIVE itself "
                                      "(helm[,<split>],local[,<split>-local]: its own settings, then your profiles), "
                                      f"so the profiles Halyard's default did not run ({', '.join(extra)}) are added "
                                      f"with {flag} in JAVA_OPTS, which Spring Boot adds to the active ones.")
                return
            self.report.dropped(where, CHART_ENV[var])
            return
        if var == "API_HOST" and name == "deck" and self._gate_elsewhere():
            self.report.human(where, f"Halyard's Deck proxied /gate to {_said(value)}, a Gate outside Halyard's "
                                     "deployment (service-settings/gate.yml: enabled: false); the chart sets Deck's "
                                     "API_HOST to its own Gate, which does not run with `services.gate.enabled: "
                                     "false`. Keep Halyard's with a patch: `patches: [{target: {kind: Deployment, "
                                     "name: <release>-spinnaker-deck}, patch: {spec: {template: {spec: {containers: "
                                     f"[{{name: deck, env: [{{name: API_HOST, value: '{value}'}}]}}]}}}}}}]`.",
                              target="patches")
            return
        self.report.dropped(where, CHART_ENV[var])

    def _gate_elsewhere(self) -> bool:
        gate = self.settings.get("gate") or {}
        return "enabled" in gate and str(gate["enabled"]).lower() == "false"

    # service-settings `kubernetes` fields that set the pod (not its Service or account).
    POD_FIELDS = ("podAnnotations", "podLabels", "nodeSelector", "volumes")

    def _split_away(self, name, field, where) -> bool:
        """With haServices.<name> on Halyard ran no `<name>` pod: each split read only its own
        service-settings file (SpinnakerService.getDefaultServiceSettings reads `<canonical>.yml`, the
        split's name), so a pod setting of `<name>.yml` applied to no pod. The chart would give
        `services.<name>`'s to every split without its own, so it is left out and reported with the
        values that apply it. True when so."""
        if name not in SERVICES or not SERVICES[name].splits or not self.ha_on.get(name):
            return False
        target = {"env": "env` / `javaOpts", "targetSize": "replicas"}.get(field, field.split(".")[-1])
        target = {"volumes": "extraVolumes` / `extraVolumeMounts"}.get(target, target)
        self.report.dropped(where, f"with haServices.{name} on, Halyard ran no {name} pod: its splits read only "
                                   f"their own service-settings files ({', '.join(s.name + '.yml' for s in SERVICES[name].splits)}), "
                                   f"so this applied to no pod, and the release gives it to none either. To give it "
                                   f"to every split set `services.{name}.{target}`; to one split, "
                                   f"`ha.{name}.splits.<split>.{target}`.")
        return True

    # A split's Service, account and security contexts are its service's: where to set them.
    PER_SERVICE = {"serviceAnnotations": "serviceAnnotations", "serviceLabels": "serviceLabels",
                   "serviceType": "serviceType", "nodePort": "nodePort", "serviceAccountName": "serviceAccountName",
                   "securityContext": "podSecurityContext", "containerSecurityContext": "securityContext",
                   "deploymentStrategy": "strategy"}

    def _kubernetes_setting(self, name, key, value, where, block=None):
        """One field of a service-settings `kubernetes` block (`block`), of a service or a running split."""
        if value in (None, {}, [], ""):
            return
        svc = self.place(name)
        path = ".".join(svc)
        split = name in SPLITS
        service = SPLITS[name][0] if split else name
        if key in self.POD_FIELDS and self._split_away(name, f"kubernetes.{key}", where):
            return
        if split and key in self.PER_SERVICE:
            self.report.human(where, f"{name}'s own {key}: the chart keeps it per service, for all of {service}'s "
                                     f"splits (`services.{service}.{self.PER_SERVICE[key]}`); set it there if every "
                                     "split should have it.", target=f"services.{service}.{self.PER_SERVICE[key]}")
            return
        plain = {"podAnnotations": "podAnnotations", "podLabels": "podLabels", "serviceAnnotations":
                 "serviceAnnotations", "serviceLabels": "serviceLabels", "nodeSelector": "nodeSelector"}
        if key in plain:
            strings = self._string_map(value, where)
            if strings:
                _deep(self.values, svc + (plain[key],), strings)
                self.report.mapped(where, f"{path}.{plain[key]}")
                if key == "podAnnotations" and str(strings.get("prometheus.io/scrape")).lower() == "true":
                    self._scraped.append((name, strings.get("prometheus.io/port", "?")))
        elif key == "serviceType":
            if value != "ClusterIP" and self._text(value, where):
                _deep(self.values, svc + ("serviceType",), str(value))
                self.report.mapped(where, f"{path}.serviceType")
        elif key == "imagePullSecrets":
            pulls = self.values.setdefault("spinnaker", {}).setdefault("imagePullSecrets", [])
            for secret in value if isinstance(value, list) else [value]:
                secret = secret.get("name") if isinstance(secret, dict) else secret
                if not isinstance(secret, str) or not secret:
                    self.report.human(where, f"{_said(secret)} is not a Secret name; skipped.")
                    continue
                if {"name": secret} not in pulls:
                    pulls.append({"name": secret})
            self.report.mapped(where, "spinnaker.imagePullSecrets", "the chart's pull secrets apply to every pod")
        elif key == "volumes":
            settings = self._settings_of(name)
            for volume in value:
                kube, mount = _volume(volume)
                if kube:
                    settings.setdefault("extraVolumes", []).append(kube)
                    settings.setdefault("extraVolumeMounts", []).append(mount)
            self.report.converted(where, f"{path}.extraVolumes/extraVolumeMounts",
                                  "Halyard's {id, type, mountPath} written as Kubernetes volumes and mounts"
                                  + (f", for {name} alone (its own list replaces {service}'s)" if split else ""))
        elif key in ("nodePort", "serviceAccountName") and not self._text(value, where):
            return
        elif key == "nodePort":
            self.report.human(where, f"nodePort {value}: the chart sets no fixed nodePort; add it with `patches` "
                                     f"on the {name} Service.")
        elif key == "serviceAccountName":
            # The same name keeps what trusts it (an IRSA role's trust policy names the account).
            _deep(self.values, ("services", name, "serviceAccountName"), str(value))
            self.report.mapped(where, f"services.{name}.serviceAccountName",
                               f"with `rbac.create` the chart creates {value!s} itself: if Halyard's account is "
                               "still in the release namespace, Helm will not take it over (install into a new "
                               "namespace, or delete it first) and its annotations (IRSA, Workload Identity) go "
                               f"to `services.{name}.serviceAccountAnnotations`")
        elif key in ("securityContext", "containerSecurityContext"):
            self.report.human(where, "the chart's pods run restricted by default; translate this into "
                                     f"`services.{name}.podSecurityContext`/`securityContext` if still needed.")
        elif key == "deploymentStrategy" and isinstance(value, dict):
            _deep(self.values, ("services", name, "strategy"), value)
            self.report.mapped(where, f"services.{name}.strategy")
        elif key in ("customHealthCheckExecCommands", "useTcpProbe"):
            self._probe_setting(name, service, key, value, where, block or {})
        elif key == "useExecHealthCheck":
            self.report.dropped(where, "Halyard's exec probe (`wget --spider` of the health endpoint) and the "
                                       "chart's GET of the same port and path succeed alike.")
        else:
            self.report.dropped(where, "the chart sets its own probes and rollout strategy (change them with "
                                       "`patches` if needed).")

    def _probe_setting(self, name, service, key, value, where, block):
        """Halyard's own readiness probe (a command, or TCP): the chart probes /health where the service
        serves it, and says how to keep Halyard's."""
        facts = SERVICES[service]
        if key == "useTcpProbe" and str(value).lower() != "true":
            return
        if key == "customHealthCheckExecCommands" and (str(block.get("useExecHealthCheck", True)).lower() != "true"
                                                       or str(block.get("useTcpProbe")).lower() == "true"):
            self.report.dropped(where, "Halyard ran it only with useExecHealthCheck (and without useTcpProbe).")
            return
        if key == "useTcpProbe":
            halyard = f"a TCP connect to port {facts.port}"
            keep = f"`services.{service}.readinessProbe: {{tcpSocket: {{port: {facts.port}}}}}`"
        else:
            command = [str(c) for c in value] if isinstance(value, list) else [str(value)]
            halyard = f"`{' '.join(command)}`"
            keep = f"`services.{service}.readinessProbe: {{exec: {{command: {command}}}}}`"
        health = f"GET {facts.health or '/'} on the port that serves it (port {facts.port}, or the " \
                 "`management.server.port` a profile sets)" if facts.health else f"a TCP connect to port {facts.port}"
        self.report.different(where, f"services.{service}.readinessProbe",
                              f"Halyard's readiness probe of {name} was {halyard}; the chart probes {health}, "
                              "which is where the release's own image serves its health (a vendor image's "
                              "extra port, or the monitoring daemon's 8008, is not there to answer). To keep "
                              f"Halyard's probe set {keep}" + (" (for every split)" if name in SPLITS else "") + ".")

def _settings_source(names, field: str) -> str:
    """The report's `from` for the same field of several service-settings files:
    `service-settings/{deck,gate}.yml: artifactId` (one file: its own name)."""
    names = sorted(set(names))
    stem = names[0] if len(names) == 1 else "{" + ",".join(names) + "}"
    return f"service-settings/{stem}.yml: {field}"


def _labels(labels: dict) -> str:
    """Node labels as a YAML flow mapping of strings, as Kubernetes reads them."""
    import json

    return "{" + ", ".join(f"{k}: {json.dumps(_env_text(v) if not isinstance(v, dict) else '')}"
                           for k, v in sorted(labels.items(), key=lambda item: str(item[0]))) + "}"


def _said(value) -> str:
    """A value as a report quotes it: a scalar as written, a mapping or list by its kind (a Python
    repr would be no Halyard or Kubernetes spelling)."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value) if isinstance(value, str) else _env_text(value)


def _env_text(value) -> str:
    """A scalar as Kubernetes wants it in a string field (YAML's true, not Python's True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _split_userinfo(url: str):
    """(url without user and password, user, password) of `scheme://user:password@host...`."""
    match = re.match(r"^([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@\s]*)@(.*)$", url)
    if not match:
        return url, "", ""
    user, _, password = match.group(2).partition(":")
    return match.group(1) + match.group(3), user, password


def _not_a_service(name: str) -> str:
    from renderer.model.normalize import suggest

    hint = suggest(name, list(SERVICES) + list(SPLITS))
    return f"{name!r} is not a service the chart runs, so Halyard applied this to nothing either." + \
        (f" {hint}" if hint else "")


def _image(artifact: str) -> dict:
    """`registry/path/repo:tag` or `...@sha256:...` as the chart's image fields."""
    digest = ""
    if "@" in artifact:
        artifact, digest = artifact.split("@", 1)
    name, tag = artifact, ""
    if re.search(r":[^/]+$", artifact):
        name, tag = artifact.rsplit(":", 1)
    registry, _, repository = name.rpartition("/")
    image = {"registry": registry, "repository": repository}
    if digest:
        image["digest"] = digest
    elif tag:
        image["tag"] = tag
    return {k: v for k, v in image.items() if v}


_HEAP_FLAG = re.compile(r"(?:^|\s)-(?:Xmx|XX:MaxHeapSize=|XX:MaxRAMPercentage=|XX:MaxRAMFraction=)\S*")


def _deep_get(values, path):
    for key in path:
        values = values.get(key) if isinstance(values, dict) else None
    return values


def _fitted(options: str, pods: list, mib, min_heap, non_heap, heap_of):
    """(new JAVA_OPTS or None, why): heap flags that fit every pod ((pod, request, limit) in bytes),
    replacing the heap flags of `options`; None with a reason when no flag can, None and "" when
    `options` fit already."""
    flags = options.split()
    rest = _HEAP_FLAG.sub("", options).strip()
    unlimited = [(pod, request or 0) for pod, request, limit in pods if not limit]
    if unlimited:
        pod, request = min(unlimited, key=lambda item: item[1])
        heap = max(request - non_heap, min_heap)
        new = f"-Xmx{int(heap // mib)}m" + (f" {rest}" if rest else "")
        pods_said = "its pods run" if len(unlimited) > 1 else f"{pod} runs"
        return new, (f"{pods_said} without a memory limit (customSizing with a request only, as Halyard ran it), "
                     "where the JVM would size its heap from the node's memory; -Xmx is the memory request "
                     f"({int(request // mib)} MiB{', the smallest' if len(unlimited) > 1 else ''}) less the "
                     f"{int(non_heap // mib)} MiB a Spinnaker service needs outside its heap, at least "
                     f"{int(min_heap // mib)} MiB")
    heaps = [(pod, limit, heap_of(flags, limit).bytes) for pod, request, limit in pods]
    if all(heap + non_heap <= limit for pod, limit, heap in heaps):
        return None, ""
    smallest = min(limit for pod, limit, heap in heaps)
    percent = int((smallest - non_heap) * 100 // smallest)
    if smallest - non_heap < min_heap:
        return None, (f"a memory limit of {int(smallest // mib)} MiB leaves too little for a JVM: a Spinnaker "
                      f"service needs {int(non_heap // mib)} MiB outside its heap and a heap of at least "
                      f"{int(min_heap // mib)} MiB. Raise the memory request and limit of the smallest pod.")
    explicit = any(f.startswith(("-Xmx", "-XX:MaxHeapSize=")) for f in flags)
    if explicit and len({limit for pod, limit, heap in heaps}) == 1:
        flag = f"-Xmx{int((smallest - non_heap) // mib)}m"  # an -Xmx stays one, lowered to fit
    else:
        flag = f"-XX:MaxRAMPercentage={percent}.0"
    new = flag + (f" {rest}" if rest else "")
    grown = ", ".join(f"{pod} {int(heap // mib)} of {int(limit // mib)} MiB" for pod, limit, heap in heaps
                      if heap + non_heap > limit)
    return new, (f"these options let the heap grow over what the memory limit leaves outside it ({grown}; a "
                 f"Spinnaker service needs at least {int(non_heap // mib)} MiB outside its heap), so the kernel "
                 f"would kill the container as the heap fills; {flag} leaves that room"
                 + (" in the smallest limit" if len(heaps) > 1 else ""))


def _image_pin(image: dict) -> str:
    return f"digest: {image['digest']}" if image.get("digest") else f"tag: {image.get('tag', '')}"


def _volume(volume):
    if not isinstance(volume, dict) or not volume.get("id") or not volume.get("mountPath"):
        return None, None
    kind = volume.get("type", "secret")
    source = {"secret": {"secret": {"secretName": volume["id"]}},
              "configMap": {"configMap": {"name": volume["id"]}},
              "persistentVolumeClaim": {"persistentVolumeClaim": {"claimName": volume["id"]}},
              "emptyDir": {"emptyDir": {}}}.get(kind, {"secret": {"secretName": volume["id"]}})
    return dict({"name": volume["id"]}, **source), {"name": volume["id"], "mountPath": volume["mountPath"]}


def _sidecar(config: dict):
    """Halyard's SidecarConfig -> (container, volumes, mounts for the service container)."""
    name = config.get("name") or "custom-sidecar"
    container = {"name": name, "image": config.get("dockerImage")}
    if isinstance(config.get("env"), dict):
        container["env"] = [{"name": str(k), "value": _env_text(v)}
                            for k, v in sorted(config["env"].items(), key=lambda item: str(item[0]))
                            if not isinstance(v, (dict, list))]
    for key in ("command", "args"):
        if config.get(key):
            items = config[key] if isinstance(config[key], list) else [config[key]]
            container[key] = [_env_text(item) for item in items if not isinstance(item, (dict, list))]
    if str(config.get("port") or "").isdigit():
        container["ports"] = [{"containerPort": int(config["port"])}]
    volumes, mounts, own = [], [], []
    if config.get("mountPath"):
        volumes.append({"name": name, "emptyDir": {}})
        own.append({"name": name, "mountPath": config["mountPath"]})
        mounts.append({"name": name, "mountPath": config["mountPath"]})
    for mount in config.get("configMapVolumeMounts") or ():
        volumes.append({"name": mount["configMapName"], "configMap": {"name": mount["configMapName"]}})
        own.append({"name": mount["configMapName"], "mountPath": mount["mountPath"]})
    for mount in config.get("secretVolumeMounts") or ():
        volumes.append({"name": mount["secretName"], "secret": {"secretName": mount["secretName"]}})
        own.append({"name": mount["secretName"], "mountPath": mount["mountPath"]})
    if own:
        container["volumeMounts"] = own
    privileged = (config.get("securityContext") or {}).get("privileged")
    if str(privileged).lower() == "true":
        container["securityContext"] = {"privileged": True}
    return container, volumes, mounts
