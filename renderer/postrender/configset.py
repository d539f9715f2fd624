"""The files each service reads from /opt/spinnaker/config, as data.

Inputs: the config bundle (what the chart rendered) and the translated
halconfig (`renderer.translate.translate`). Output: {service: {file: data}},
where data is a mapping (YAML files) or text (Deck's .js files). This is the
only place that knows how Spinnaker's services find each other: discovery in
`spinnaker.yml`, Halyard's HA wiring, and the chart-derived `helm` profile.
"""
from __future__ import annotations

from renderer.write.config_text import settings_js
from ..read.springtext import merge
from ..service_facts import MONITORING_DAEMON_PORT, OBSERVABILITY_PLUGIN, SERVICES, sql_engine
from ..translate._common import get
from .bootstrap import bootstrap_files, halyard_hint
from .errors import PostRenderError
from .springfiles import documents
from .tls import chart_settings, first_entry, management_settings


def _url(workload: dict) -> str:
    return f"{workload.get('scheme') or 'http'}://{workload['host']}:{workload['port']}"


def redis_url(url: str, password_env: str) -> str:
    """`url` with the password as a Spring placeholder: `redis://:${ENV:}@host:6379`.

    The services resolve it from their environment, so the password stays in
    its Secret. The empty default keeps services without the variable (front50,
    keel: they never connect to Redis) from failing on an unresolvable name.
    """
    if not password_env:
        return url
    scheme, sep, rest = url.partition("://")
    if not sep or "@" in rest.split("/", 1)[0]:
        raise PostRenderError("carries a user or password, and redis.existingSecret is set too.",
                              "Give the password one way: remove it from redis.externalUrl (preferred: it then "
                              "stays out of your values) or unset redis.existingSecret.", where="redis.externalUrl")
    return f"{scheme}://:${{{password_env}:}}@{rest}"


def sql_settings(database: dict) -> dict:
    """A service's `sql` block for its database (bundled MySQL or storage.external); the password stays a
    placeholder. The engine is the JDBC URL's (the chart wrote it from storage.external.engine); what
    that engine needs besides the URL (PostgreSQL: jOOQ's dialect and the driver) comes from the facts."""
    engine = sql_engine(database["jdbcUrl"])
    pool = {"jdbcUrl": database["jdbcUrl"], "user": database["user"],
            "password": "${" + database["passwordEnv"] + "}"}
    return {"enabled": True, "connectionPools": {"default": dict(pool, default=True, **engine["pool"])},
            "migration": dict(pool, **engine["migration"])}


def _nested(dotted: str, value) -> dict:
    """{"a": {"b": value}} for "a.b"."""
    for key in reversed(dotted.split(".")):
        value = {key: value}
    return value


def plugin_version(release: str) -> str:
    """The Observability plugin version for `release`: its last Spring Boot 2 build before the releases on
    Spring Boot 3; from those on "" (the repository's newest, the only line that loads there)."""
    from ..releases import Release, UnsupportedRelease

    try:
        if Release.parse(release) >= Release.parse(OBSERVABILITY_PLUGIN["springBoot3From"]):
            return ""
    except UnsupportedRelease:
        return ""
    return OBSERVABILITY_PLUGIN["springBoot2Version"]


class ConfigSet:
    """Builds the files; `files()` is the result."""

    def __init__(self, bundle: dict, hal: dict, outputs: dict):
        self.bundle = bundle
        self.hal = hal
        self.outputs = outputs
        self.workloads = bundle["services"]
        self.warnings: list = []  # what files() found that runs, but not as the values meant
        for name, workload in self.workloads.items():
            missing = [k for k in ("service", "host", "port") if not workload.get(k)]
            if missing:
                raise PostRenderError(f"the bundle's entry for workload {name!r} lacks {', '.join(missing)}.",
                                      "Use the post-renderer of the same project version as the chart.")
        self.by_service: dict[str, list[str]] = {}
        for name in sorted(self.workloads):
            self.by_service.setdefault(self.workloads[name]["service"], []).append(name)

    def split_url(self, service: str, profile: str | None) -> str | None:
        """URL of the split of `service` whose own (last) Spring profile is `profile`."""
        for name in self.by_service.get(service, ()):
            profiles = self.workloads[name].get("profiles") or ()
            if profile and profiles and profiles[-1] == profile:
                return _url(self.workloads[name])
        return None

    def service_url(self, service: str) -> str | None:
        names = self.by_service.get(service)
        if not names:
            return None
        if service in names:
            return _url(self.workloads[service])
        # Split: the one serving the service's main URL (Halyard's wiring), found by its
        # profile, never by name (the chart owns the names).
        facts = SERVICES.get(service)
        primary = facts.primary_split if facts else None
        return self.split_url(service, primary) or _url(self.workloads[names[0]])

    def discovery(self) -> dict:
        """spinnaker.yml: where every service is, and which optional ones are off."""
        services = {}
        for service in sorted(self.by_service):
            if service in ("deck", "gate"):
                continue
            services[service] = {"baseUrl": self.service_url(service), "enabled": True}
        for service in sorted(self.bundle.get("disabled") or ()):
            if service not in services:
                services[service] = {"enabled": False}
        # Public URLs: the halconfig's overrides (the expose pass fills them in
        # from expose.host), else what port-forwarding gives.
        ui = get(self.hal, "security", "uiSecurity", "overrideBaseUrl")
        services["deck"] = {"baseUrl": ui or "http://localhost:9000"}
        services["gate"] = {"baseUrl": self.outputs["settings.js"]["gateUrl"]}
        redis_bundle = self.bundle.get("redis") or {}
        redis = redis_bundle.get("url")
        out = {"services": services}
        if redis:
            redis = redis_url(redis, redis_bundle.get("passwordEnv") or "")
            services["redis"] = {"baseUrl": redis, "enabled": True}
            out["redis"] = {"connection": redis}
        return out

    def profile_value(self, service: str, source: str):
        """The value of a `helmProfile` source (service_facts) for `service`; None: not set."""
        if source.startswith("split:"):
            _, split_of, profile = source.split(":")
            return self.split_url(split_of, profile)
        if source == "gatePath":
            path = (self.bundle.get("expose") or {}).get("gatePath")
            return path if path and path != "/" else None
        if source == "bundledSql":
            database = (self.bundle.get("storage") or {}).get(service)
            return sql_settings(database) if database else None
        if source == "sqlSwitches":
            # What moves the service's state from Redis to SQL besides the `sql` block (facts `sql.switches`).
            database = (self.bundle.get("storage") or {}).get(service)
            return SERVICES[service].sql.get("switches") if database else None
        raise ValueError(f"unknown helmProfile source {source!r}")

    def helm_profile(self, service: str) -> dict:
        """`<service>-helm.yml`: settings that follow from how the chart deployed things
        (the service's `helmProfile` in service_facts)."""
        out: dict = {}
        facts = SERVICES.get(service)
        if facts is None:
            return out
        for key, source in facts.helm_profile.items():
            value = self.profile_value(service, source)
            if value is None:
                continue
            # Merged, whatever the order: `sql` and the switches (`.`) both write under `sql`.
            merge(out, value if key == "." else _nested(key, value))
        merge(out, self.observability(service))
        entry = first_entry(self.workloads, self.by_service.get(service, ()), "tls")
        if entry and SERVICES[service].java:
            merge(out, chart_settings(entry))
        own_sql = (self.outputs.get(f"{service}.yml") or {}).get("sql")
        if facts.needs_sql and not out.get("sql") and not own_sql:
            raise PostRenderError(
                "keel needs a SQL database, and none is given: the halconfig has no "
                "enabled persistentStorage.sql and storage.bundled is false.",
                "Set storage.bundled to auto or true (the bundled MySQL then hosts keel's own database), or "
                "give keel a database in halconfig persistentStorage.sql (enabled, connectionPools.default, "
                "migration), or turn managed delivery off.", where="halconfig.managedDelivery.enabled")
        return out

    def observability(self, service: str) -> dict:
        """The Observability plugin and its Prometheus endpoint, for the services it loads in, when the chart
        enables it (`observability.enabled`); else nothing."""
        conf = self.bundle.get("observability") or {}
        plugin = OBSERVABILITY_PLUGIN
        if not conf.get("enabled") or service not in plugin["services"]:
            return {}
        entry = {"enabled": True, "config": {"metrics": {"prometheus": {"enabled": True}}}}
        version = conf.get("pluginVersion") or plugin_version(self.bundle.get("version") or "")
        if version:
            entry["version"] = version
        repository = {"url": conf.get("repositoryUrl") or plugin["url"]}
        return {
            "spinnaker": {"extensibility": {"plugins": {plugin["id"]: entry},
                                            "repositories": {plugin["repository"]: repository}}},
            # Spring Boot exposes only `health` over HTTP unless told otherwise.
            "management": {"endpoints": {"web": {"exposure": {"include": "health," + plugin["endpoint"]}}}},
        }

    def monitoring_daemon(self) -> dict:
        """spinnaker-monitoring.yml: the halconfig's stores, and where the daemon listens.

        The daemon's own default is localhost, which neither the kubelet's probe
        nor Prometheus (both on the pod IP) can reach."""
        return dict(self.outputs["spinnaker-monitoring.yml"],
                    server={"host": "0.0.0.0", "port": MONITORING_DAEMON_PORT})

    def spectator_url(self, workload: dict) -> str:
        """Where the daemon, in the same pod, reads the service's metrics: Gate
        serves everything (this too) under its servlet context path (`underGatePath`)."""
        path = ""
        facts = SERVICES.get(workload["service"])
        if facts is not None and facts.under_gate_path:
            gate_path = (self.bundle.get("expose") or {}).get("gatePath")
            if gate_path and gate_path != "/":
                path = gate_path.rstrip("/")
        scheme = workload.get("scheme") or "http"
        return f"{scheme}://localhost:{workload['port']}{path}/spectator/metrics"

    def split_profiles(self, service: str) -> dict:
        """`<service>-<profile>.yml` for the HA splits of this service."""
        files = {}
        redis_ro = (self.bundle.get("redis") or {}).get("roUrl")
        facts = SERVICES[service]
        for name in self.by_service[service]:
            for profile in self.workloads[name].get("profiles") or ():
                settings = dict(facts.split_settings.get(profile, {}))
                if profile in facts.read_replica_profiles and redis_ro:
                    settings["redis"] = {"connection": redis_ro}
                if settings:
                    files[f"{service}-{profile}.yml"] = settings
        return files

    def split_workloads(self) -> dict:
        """{split workload: its own Spring profile} (the last of its profiles)."""
        return {name: w["profiles"][-1] for name, w in self.workloads.items() if w.get("profiles")}

    def split_local_profiles(self, service: str, profiles: dict) -> dict:
        """`<service>-<profile>-local.yml` from `profiles.<split>`: a split runs with
        `<profile>-local` active after `local` (Halyard's order), so only that split reads it
        and it wins over `<service>-local.yml`."""
        own = self.split_workloads()
        return {f"{service}-{own[name]}-local.yml": profiles[name]
                for name in self.by_service[service] if name in own and profiles.get(name) is not None}

    def management_tls(self, service: str, names, files: dict) -> None:
        """The management port (and its TLS) of each workload that serves with client auth `need`
        (bundle `managementTls`): in the helm profile, or for an HA split in its own profile's file, which
        that split alone reads (a split may serve TLS by its own profile)."""
        for name in names:
            workload = self.workloads[name]
            if not workload.get("managementTls"):
                continue
            split = (workload.get("profiles") or [""])[-1]
            target = f"{service}-{split}.yml" if split else f"{service}-helm.yml"
            read = [f"{service}.yml", f"{service}-helm.yml", target, "spinnaker-local.yml", f"{service}-local.yml",
                    f"{service}-{split}-local.yml" if split else ""]
            extra = management_settings(name, workload["managementTls"], workload.get("tls") or {},
                                        [files.get(f) for f in read])
            if extra:
                files[target] = files.get(target) or {}
                merge(files[target], extra)

    def files(self) -> dict:
        """{service: {file name: data}} for every service that has a workload."""
        discovery = self.discovery()
        profiles = self.bundle.get("profiles") or {}
        unknown = sorted(set(profiles) - set(self.by_service) - {"spinnaker"} - set(self.split_workloads())
                         - set(self.bundle.get("disabled") or ()))
        for key in unknown:
            moved = halyard_hint(key)
            if moved:  # Halyard's profiles/spinnakerconfig.yml: not a profile, Spring Cloud Config's bootstrap file
                raise PostRenderError(
                    f"this is a Spring Cloud Config bootstrap file ({key}.yml, Halyard's "
                    f"profiles/{key}.yml), which the services read before their profiles, from its own name.",
                    f"Move it to {moved}: the chart writes it as {key}.yml into the Secret of each service "
                    "that reads it.", where=f"profiles.{key}")
        if unknown:
            raise PostRenderError(f"{', '.join(map(repr, unknown))} {'is' if len(unknown) == 1 else 'are'} not "
                                  "a service this release runs.", "Use a service name (clouddriver, gate, ...), "
                                  "'spinnaker' for every service, or the name of an HA split the release runs "
                                  "(clouddriver-caching, echo-scheduler, ... when ha.<service>.enabled).",
                                  where="profiles")
        for key in sorted(profiles, key=str):
            documents(profiles[key], f"profiles.{key}")  # a file the services cannot read is refused here
        result = {}
        bootstrap, self.warnings = bootstrap_files(self.bundle, self.by_service)
        for service, names in self.by_service.items():
            files: dict = {}
            if service == "deck":
                files["settings.js"] = settings_js(self.outputs["settings.js"])
                local_js = self.bundle.get("settingsLocalJs")
                if local_js:
                    files["settings-local.js"] = local_js
                result[service] = files
                continue
            files["spinnaker.yml"] = discovery
            own = f"{service}.yml"
            if own not in self.outputs:
                raise PostRenderError(f"the bundle names a workload for {service!r}, which has no config.",
                                      "Use the post-renderer of the same project version as the chart.")
            files[own] = self.outputs[own]
            helm = self.helm_profile(service)
            if helm:
                files[f"{service}-helm.yml"] = helm
            files.update(self.split_profiles(service))
            monitored = [n for n in names if self.workloads[n].get("monitoring")]
            if monitored:
                files["spinnaker-monitoring.yml"] = self.monitoring_daemon()
                files["spinnaker-monitoring-registry.yml"] = {
                    "metrics_url": self.spectator_url(self.workloads[monitored[0]])}
            if profiles.get("spinnaker") is not None:
                files["spinnaker-local.yml"] = profiles["spinnaker"]
            if profiles.get(service) is not None:
                files[f"{service}-local.yml"] = profiles[service]
            files.update(self.split_local_profiles(service, profiles))
            files.update(bootstrap.get(service, {}))
            self.management_tls(service, names, files)
            result[service] = files
        return result
