"""The config bundle the chart would hand the post-renderer, computed from values without Helm.

`plan` compares two sets of values many times per pull request, so it does not run
Helm's template engine: it mirrors the few template helpers that decide the
bundle's content (templates/config-bundle.yaml and `spinnaker.workloads`,
`spinnaker.expose`, `spinnaker.redisUrl`, `spinnaker.sqlDatabases` in
_helpers.tpl) from the same facts table. tests/test_plan.py renders the chart
with Helm's engine for the defaults and every example and checks this copy gives
the same bundle, so the two cannot drift apart silently.

`values` are already merged over the chart's values.yaml (renderer.read.inputs).
"""
from __future__ import annotations

from ..read.rbac_namespaces import clouddriver_rbac
from ..service_facts import FRONT50_STORES, MONITORING_DAEMON_CONTAINER, SERVICES, SQL_ENGINES

CHART_NAME = "spinnaker"
# The release name plans use: names cancel out between the two sides, so any fixed name does.
RELEASE_NAME = "spinnaker"


def truthy(value) -> bool:
    """`spinnaker.truthy`: true, or any spelling of "true"."""
    return value is not None and str(value).lower() == "true"


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def fullname(values: dict, release: str = RELEASE_NAME) -> str:
    if values.get("fullnameOverride"):
        return str(values["fullnameOverride"])[:63].rstrip("-")
    name = values.get("nameOverride") or CHART_NAME
    return (release if name in release else f"{release}-{name}")[:63].rstrip("-")


def component(values: dict, name: str) -> str:
    return f"{fullname(values)}-{name}"[:63].rstrip("-")


def selected_hal(values: dict) -> dict:
    """`spinnaker.loadHal`'s `.hal`: the halconfig, or the chosen deployment of a Halyard file."""
    hal = values.get("halconfig")
    if isinstance(hal, str):
        from renderer.read.yaml11 import load

        hal = load(hal, "halconfig") if hal.strip() else {}
    hal = _mapping(hal)
    deployments = hal.get("deploymentConfigurations")
    if isinstance(deployments, list) and deployments:
        wanted = values.get("halconfigDeployment") or hal.get("currentDeployment") or ""
        named = [d for d in deployments if isinstance(d, dict)]
        if not wanted and len(deployments) == 1:
            return named[0] if named else {}
        return next((d for d in named if str(d.get("name") or "") == str(wanted)), {})
    return hal


def _at(node, dotted: str):
    for key in dotted.split("."):
        node = node.get(key) if isinstance(node, dict) else None
    return node


def hal_switch(hal: dict, path: str) -> bool:
    """`spinnaker.halSwitch`: a dotted path to a boolean, `.*.` standing for any entry of a section."""
    if ".*." not in path:
        return truthy(_at(hal, path))
    head, tail = path.split(".*.", 1)
    section = _at(hal, head)
    return isinstance(section, dict) and any(truthy(_at(entry, tail)) for entry in section.values())


def service_enabled(values: dict, hal: dict, name: str) -> bool:
    flag = _mapping(_mapping(values.get("services")).get(name)).get("enabled")
    if isinstance(flag, bool) or (isinstance(flag, str) and flag):
        return truthy(flag)
    when = SERVICES[name].enabled_when
    return any(hal_switch(hal, path) for path in when) if when else True


def monitoring(hal: dict) -> bool:
    stores = hal.get("metricStores")
    return isinstance(stores, dict) and any(isinstance(e, dict) and truthy(e.get("enabled")) for e in stores.values())


def expose(values: dict) -> dict:
    """`spinnaker.expose`."""
    exp = _mapping(values.get("expose"))
    out = {"deckUrl": "", "gateUrl": "", "gatePath": "", "corsPattern": ""}
    host = exp.get("host")
    if not host:
        return out
    import re

    scheme = "https" if truthy(_mapping(exp.get("tls")).get("enabled")) else "http"
    deck = f"{scheme}://{host}"
    out["deckUrl"] = deck
    if (exp.get("gate") or "path") == "subdomain":
        out["gateUrl"] = f"{scheme}://{exp.get('gateSubdomain') or 'api'}.{host}"
    else:
        path = "/" + str(exp.get("gatePath") or "").strip("/")
        out["gatePath"] = path
        out["gateUrl"] = deck + path
    out["corsPattern"] = f"^{re.escape(deck)}$"
    return out


def workloads(values: dict, hal: dict) -> tuple[dict, list]:
    """({workload: bundle entry}, [disabled services]): `spinnaker.workloads`."""
    sidecar = monitoring(hal)
    out, disabled = {}, []
    ha = _mapping(values.get("ha"))
    for name, svc in sorted(_mapping(values.get("services")).items()):
        facts = SERVICES.get(name)
        if facts is None or not isinstance(svc, dict):
            continue
        if not service_enabled(values, hal, name):
            disabled.append(name)
            continue
        scheme = "https" if facts.tls and truthy(_at(hal, facts.tls)) else "http"
        own_ha = ha.get(name)
        if isinstance(own_ha, dict) and truthy(own_ha.get("enabled")) and facts.splits:
            items = [(split.name, list(split.profiles)) for split in facts.splits]
        else:
            items = [(name, [])]
        for item, profiles in items:
            out[item] = {"service": name, "host": component(values, item), "port": int(svc.get("port")),
                         "scheme": scheme, "profiles": profiles, "monitoring": bool(facts.java and sidecar)}
    return out, disabled


def redis_bundled(values: dict) -> bool:
    redis = _mapping(values.get("redis"))
    return not redis.get("externalUrl") and truthy(redis.get("enabled"))


def redis(values: dict) -> dict:
    conf = _mapping(values.get("redis"))
    url = conf.get("externalUrl") or (f"redis://{component(values, 'redis')}:6379" if redis_bundled(values) else "")
    secret = conf.get("existingSecret") or (component(values, "credentials") if redis_bundled(values) else "")
    return {"url": url, "roUrl": _mapping(_mapping(values.get("ha")).get("clouddriver")).get("redisRoUrl") or "",
            "passwordEnv": "SPINNAKER_REDIS_PASSWORD" if secret else ""}


def storage_mode(values: dict) -> str:
    return str(_mapping(values.get("storage")).get("bundled", "auto")).lower()


def hal_has_store(hal: dict) -> bool:
    storage = hal.get("persistentStorage")
    if not isinstance(storage, dict):
        return False
    return any(truthy(_at(storage, f"{store}.enabled")) for store in FRONT50_STORES) or \
        str(storage.get("persistentStoreType") or "") in FRONT50_STORES


def front50_sql(values: dict, hal: dict) -> bool:
    mode = storage_mode(values)
    return mode == "true" or (mode == "auto" and not hal_has_store(hal))


def keel_sql(values: dict, hal: dict) -> bool:
    own = truthy(_at(hal, "managedDelivery.enabled")) and truthy(_at(hal, "persistentStorage.sql.enabled"))
    return service_enabled(values, hal, "keel") and not own and storage_mode(values) != "false"


def sql_external(values: dict) -> dict:
    """`storage.external` when it names a server (`spinnaker.sqlExternal`), else {}."""
    external = _mapping(_mapping(values.get("storage")).get("external"))
    return external if external.get("host") else {}


def sql_databases(values: dict, hal: dict) -> dict:
    """`spinnaker.sqlDatabases`: {service: its database facts} for the services whose state is in SQL."""
    conf = _mapping(values.get("storage"))
    sql = _mapping(conf.get("sql"))
    used = {"front50": front50_sql(values, hal), "keel": keel_sql(values, hal),
            "orca": truthy(sql.get("orca")), "clouddriver": truthy(sql.get("clouddriver"))}
    external = sql_external(values)
    names = _mapping(external.get("databases"))
    out = {}
    for service in sorted(used):
        if used[service] and service_enabled(values, hal, service):
            db = dict(SERVICES[service].sql)
            if external:
                own = _mapping(names.get(service))
                db["database"] = own.get("database") or db["database"]
                db["user"] = own.get("user") or db["user"]
            out[service] = db
    return out


def jdbc_url(values: dict, database: str) -> str:
    """`spinnaker.jdbcUrl`."""
    external = sql_external(values)
    if not external:
        return f"jdbc:mysql://{component(values, 'mysql')}:3306/{database}"
    engine = SQL_ENGINES[external.get("engine") or "mysql"]
    url = f"jdbc:{engine['jdbcScheme']}://{external['host']}:{int(external.get('port') or engine['port'])}/{database}"
    return f"{url}?{external['parameters']}" if external.get("parameters") else url


def storage(values: dict, hal: dict) -> dict:
    databases = sql_databases(values, hal)
    out = {"bundled": bool(databases) and not sql_external(values)}
    for service, db in databases.items():
        out[service] = {"jdbcUrl": jdbc_url(values, db["database"]), "user": db["user"],
                        "passwordEnv": db["passwordEnv"]}
    return out


def mounts(values: dict) -> list:
    out = ["/var/secrets"] if _mapping(values.get("secrets")).get("files") else []
    for svc in _mapping(values.get("services")).values():
        for mount in _mapping(svc).get("extraVolumeMounts") or []:
            out.append(str(_mapping(mount).get("mountPath") or ""))
    return out


def version(values: dict, hal: dict, default: str) -> str:
    """`spinnaker.version` (the refusals are check_values' job: this runs after it)."""
    from ..releases import Release, UnsupportedRelease

    chosen = str(_mapping(values.get("spinnaker")).get("version") or "")
    if chosen:
        return chosen
    try:
        return str(Release.parse(str(hal.get("version") or "")))
    except UnsupportedRelease:
        return default


def bundle(values: dict, default_version: str) -> dict:
    """The bundle's JSON for `values` (release labels left out: no config file depends on them)."""
    hal = selected_hal(values)
    raw = values.get("halconfig")
    if isinstance(raw, str):
        from renderer.read.yaml11 import load

        raw = load(raw, "halconfig") if raw.strip() else {}
    work, disabled = workloads(values, hal)
    secrets = _mapping(values.get("secrets"))
    return {
        "release": {"name": RELEASE_NAME, "namespace": "", "fullname": fullname(values)},
        "halconfig": raw or {},
        "halconfigDeployment": values.get("halconfigDeployment") or "",
        "strict": truthy(values.get("strict")),
        "version": version(values, hal, default_version),
        "services": work,
        "disabled": disabled,
        "redis": redis(values),
        "storage": storage(values, hal),
        "mounts": mounts(values),
        "expose": expose(values),
        "profiles": values.get("profiles") or {},
        "settingsLocalJs": values.get("settingsLocalJs") or "",
        "patches": values.get("patches") or [],
        "secrets": {"files": secrets.get("files") or [], "env": secrets.get("env") or [],
                    "mountPath": "/var/secrets", "monitoringContainer": MONITORING_DAEMON_CONTAINER},
        "kubernetesSecrets": _mapping(values.get("rbac")).get("kubernetesSecrets") or {},
        "rbac": clouddriver_rbac(values),
        "observability": observability(values),
    }


def observability(values: dict) -> dict:
    """The bundle's `observability`: the services' own Prometheus endpoint (the plugin)."""
    conf = _mapping(values.get("observability"))
    return {"enabled": truthy(conf.get("enabled")), "pluginVersion": str(conf.get("pluginVersion") or ""),
            "repositoryUrl": str(conf.get("repositoryUrl") or "")}
