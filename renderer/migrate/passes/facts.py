"""Halyard's facts as every pass reads them: the deployment as written, its service-settings files,
which HA splits ran, and where a service's or split's setting goes in the values.

Halyard's lookups are followed exactly (halyard-deploy, KubernetesV2Service):
- replicas: `customSizing["spin-<name>"].replicas`, else service-settings `targetSize`;
- resources: `customSizing["<name>"]` (the container), else `customSizing["spin-<name>"]`;
- sidecars, initContainers, hostAliases, affinity, tolerations: the entry for
  `spin-<name>`, else the one for the base service (`clouddriver` for every split);
where `<name>` is a service (`clouddriver`) or an HA split (`clouddriver-caching`).

The walkers (`environment`, `settings`, `kubernetes`) hand each pass the fields it reads and note
them as read: what no pass read is reported as dropped by the last pass (renderer.migrate.passes.unread).
"""
from __future__ import annotations

import re

from ...problems import format_path
from ...read.chartbundle import hal_switch
from ...service_facts import SERVICES, SPLITS

# What the report says of a service-settings field no pass reads.
UNKNOWN_SETTING = "not a Halyard service setting migrate knows; check it by hand."
UNKNOWN_KUBERNETES = ("the chart sets its own probes and rollout strategy (change them with `patches` if "
                      "needed).")


def deep(values, path, value):
    node = values
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value


def deep_get(values, path):
    for key in path:
        values = values.get(key) if isinstance(values, dict) else None
    return values


def pod_settings(values):
    """(values path, mapping) of each service's and HA split's pod settings the values hold
    (`services.<name>`, `ha.<service>.splits.<key>`)."""
    for name, node in sorted((values.get("services") or {}).items()):
        if isinstance(node, dict):
            yield ("services", name), node
    for name, block in sorted((values.get("ha") or {}).items()):
        for key, node in sorted(((block or {}).get("splits") or {}).items() if isinstance(block, dict) else ()):
            if isinstance(node, dict):
                yield ("ha", name, "splits", key), node


def entries(value, where):
    """(key, entry, where) of a mapping's entries in key order; none for another shape (Halyard read it
    into a Java map: anything else never took effect)."""
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            yield key, value[key], f"{where}.{key}"


def name_of(key: str) -> str:
    return key[len("spin-"):] if key.startswith("spin-") else key


def service_of(name: str) -> str:
    """The service of a service or HA split name."""
    return SPLITS[name][0] if name in SPLITS else name


def env_text(value) -> str:
    """A scalar as Kubernetes wants it in a string field (YAML's true, not Python's True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def said(value) -> str:
    """A value as a report quotes it: a scalar as written, a mapping or list by its kind (a Python
    repr would be no Halyard or Kubernetes spelling)."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value) if isinstance(value, str) else env_text(value)


def shown(value) -> str:
    """A URL for the report, its password masked."""
    return re.sub(r"(://[^/@\s]*:)[^/@\s]+@", r"\1***@", str(value))


def settings_source(names, field: str) -> str:
    """The report's `from` for the same field of several service-settings files:
    `service-settings/{deck,gate}.yml: artifactId` (one file: its own name)."""
    names = sorted(set(names))
    stem = names[0] if len(names) == 1 else "{" + ",".join(names) + "}"
    return f"service-settings/{stem}.yml: {field}"


def not_a_service(name: str) -> str:
    from renderer.model.normalize import suggest

    hint = suggest(name, list(SERVICES) + list(SPLITS))
    return f"{name!r} is not a service the chart runs, so Halyard applied this to nothing either." + \
        (f" {hint}" if hint else "")


# A split's Service, account and security contexts are its service's: where to set them.
PER_SERVICE = {"serviceAnnotations": "serviceAnnotations", "serviceLabels": "serviceLabels",
               "serviceType": "serviceType", "nodePort": "nodePort", "serviceAccountName": "serviceAccountName",
               "securityContext": "podSecurityContext", "containerSecurityContext": "securityContext",
               "deploymentStrategy": "strategy"}


class Halyard:
    """The deployment's facts (`raw`, `env`: its deploymentEnvironment, `settings`: service-settings),
    the values the passes build (`values`), their findings (`report`) and what one pass hands a later one."""

    def __init__(self, hal_dir, report, vault=None, namespace: str | None = None, release_name: str = "spinnaker"):
        """`hal_dir`: the directory read (renderer.migrate.haldir.HalDir); `vault`: where credentials go
        (renderer.migrate.credentials.Vault); `namespace`: Halyard's namespace as the user gave it
        (--namespace), over the config's `location`; `release_name`: the Helm release the values are for
        (--release-name), which names its Services."""
        from ...releases import DEFAULT

        self.hal_dir = hal_dir
        self.release = DEFAULT  # the release the values run (renderer.migrate.passes.release)
        self.pinned = False  # the values run Halyard's own release (passes.release)
        raw = hal_dir.raw
        self.hal_version = str(raw.get("version") or "")
        self.raw = raw
        env = raw.get("deploymentEnvironment")
        self.env = env if isinstance(env, dict) else {}
        self.settings = hal_dir.service_settings
        self.report = report
        self.vault = vault
        # {service: its service-settings file's text}, for values YAML read as numbers
        self.texts = hal_dir.service_settings_text
        self.source = "config: " + format_path(tuple(hal_dir.base) + ("deploymentEnvironment",))
        self.values: dict = {}
        self.schemes: dict = {}  # {service or split: (service-settings `scheme`, where)}
        self.location = None  # Halyard's namespace as the config writes it (maybe a placeholder)
        self.given = namespace
        self.release_name = release_name
        # Halyard's own Redis (spin-redis): None (it ran none: an external one, or switched off),
        # "used" (the release uses it: redis.externalUrl) or "unused" (its namespace is not known).
        self.spin_redis = None
        # {service or split: Halyard's memory request} of the JVMs Halyard ran with a request and no limit
        # (passes.sizing gives them a limit, passes.jvm sizes their heap to it)
        self.requests_only: dict = {}
        self.scraped: list = []  # [(service or split, port)] of the pods with Prometheus' scrape annotations
        self.read: set = set()  # what the walkers handed to a pass: ("env", key), (file, key), (file, key, sub)
        self.stores: list = []  # (Referenced, readers) of the key and trust stores (passes.stores)
        self.groups: list = []  # the referenced files' Secrets (passes.secrets)
        self.aside: list = []  # values set aside for a human (passes.secrets, renderer.migrate.settle)
        ha = self.env.get("haServices") if isinstance(self.env.get("haServices"), dict) else {}
        self.ha_on = {svc: str((ha.get(svc) or {}).get("enabled")).lower() == "true"
                      for svc in ("clouddriver", "echo") if isinstance(ha.get(svc) or {}, dict)}

    # where things go ------------------------------------------------------------------------------

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

    def place(self, name: str) -> tuple:
        """The values path of the pod settings of service or HA split `name`: `services.<name>`, or
        `ha.<service>.splits.<key>` (each field set there replaces the service's, as Halyard's per-split
        settings did)."""
        if name in SPLITS:
            service, key = SPLITS[name]
            return ("ha", service, "splits", key)
        return ("services", name)

    def settings_of(self, name) -> dict:
        """The values mapping of service or split `name`'s pod settings (made when missing)."""
        node = self.values
        for key in self.place(name):
            node = node.setdefault(key, {})
        return node

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

    @property
    def namespace(self) -> str | None:
        """Halyard's namespace, when it is one: --namespace, else the config's `location` unless that is a
        placeholder (SPINNAKER_NAMESPACE, which the user's own tooling filled in) or no namespace name."""
        from ...postrender.names import dns1123_label

        # Without a `location` Halyard used `spinnaker` (KubernetesSharedServiceSettings).
        for name in (self.given, self.location if "location" in self.env else "spinnaker"):
            if name and not dns1123_label(name):
                return name
        return None

    # the walkers ----------------------------------------------------------------------------------

    def environment(self, key):
        """(value, where) of deploymentEnvironment `key` when set, else None; noted as read."""
        if key not in self.env:
            return None
        self.read.add(("env", key))
        return self.env[key], f"{self.source}.{key}"

    def running(self):
        """(name, file, data) of each service-settings file of a service or of a running HA split."""
        for name in sorted(self.settings, key=str):
            if name in SERVICES or self.split_on(name):
                yield name, f"service-settings/{name}.yml", self.settings[name]

    def fields(self, keys, services=True, splits=True):
        """(name, key, value, where) of each field in `keys` of the service-settings files of services
        (`services`) and running splits (`splits`), set to something; noted as read."""
        for name, file, data in self.running():
            if not (splits if name in SPLITS else services):
                continue
            for key in sorted(data, key=str):
                if key in keys and data[key] not in (None, {}, []):
                    self.read.add((file, key))
                    yield name, key, data[key], f"{file}: {key}"

    def kubernetes(self, keys, split_keys=()):
        """(name, key, value, where, block) of each field in `keys` of the service-settings `kubernetes`
        blocks, set to something; noted as read. A split's field that the chart keeps per service
        (PER_SERVICE) is said here, with the service's value to set, and not handed on, unless the
        caller takes it (`split_keys`)."""
        for name, file, data in self.running():
            block = data.get("kubernetes")
            if not isinstance(block, dict):
                continue
            for key in sorted(block, key=str):
                if key not in keys or block[key] in (None, {}, [], ""):
                    continue
                self.read.add((file, "kubernetes", key))
                where = f"{file}: kubernetes.{key}"
                if name in SPLITS and key in PER_SERVICE and key not in split_keys:
                    service = SPLITS[name][0]
                    self.report.human(where, f"{name}'s own {key}: the chart keeps it per service, for all of "
                                             f"{service}'s splits (`services.{service}.{PER_SERVICE[key]}`); set it "
                                             "there if every split should have it.",
                                      target=f"services.{service}.{PER_SERVICE[key]}")
                    continue
                yield name, key, block[key], where, block

    def guarded(self, handler, value, where):
        """Halyard read these blocks into Java types; a block of another shape is an error, not a traceback."""
        try:
            handler(value, where)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            self.report.human(where, f"not the shape Halyard wrote ({type(exc).__name__}: {exc}); skipped. Fix it "
                                     "in the Halyard directory (`hal config deploy edit` writes it correctly) and "
                                     "run again, or set the chart value by hand.")

    def each(self, found, handler):
        """`handler(name, key, value, where[, block])` for each of `found` (a walker), guarded."""
        for name, key, value, where, *block in found:
            self.guarded(lambda v, w, name=name, key=key, block=block: handler(name, key, v, w, *block), value, where)

    # reading values as Halyard did -------------------------------------------------------------

    def text(self, value, where) -> bool:
        """Whether `value` is a scalar (else it is reported and skipped: never written as a Python repr)."""
        if isinstance(value, (dict, list)):
            self.report.human(where, f"a {type(value).__name__} where Halyard wrote a single value; skipped. Set "
                                     "the chart value by hand.")
            return False
        return True

    def string_map(self, value, where) -> dict:
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

    def number(self, value, where, low=0, high=None):
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
            self.report.human(where, f"expected a whole number, got {said(value)}; skipped (the chart's default "
                                     "applies). Set the chart value by hand.")
            return None

    def split_away(self, name, field, where) -> bool:
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

    def per_service(self, setting, value, where, convert):
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
            name = name_of(key)
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
                self.report.dropped(here, not_a_service(name))
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
