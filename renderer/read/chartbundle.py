"""The config bundle the chart would hand the post-renderer, computed from values without Helm.

`plan` compares two sets of values many times per pull request, so it does not run
Helm's template engine: it mirrors the few template helpers that decide the
bundle's content (templates/config-bundle.yaml and `spinnaker.workloads` in
_workloads.tpl, `spinnaker.expose` in _expose.tpl, `spinnaker.redisUrl` in
_redis.tpl, `spinnaker.sqlDatabases` in _storage.tpl) from the same facts table.
tests/test_plan.py renders the chart with Helm's engine for the defaults and
every example and checks this copy gives the same bundle, so the two cannot
drift apart silently.

`values` are already merged over the chart's values.yaml (renderer.read.inputs) and meet its schema
(`validate -f`, the `helm` wrapper and `plan` check it first). `plan` uses the bundle to make each side's
files; renderer.read.preflight.Chart to judge the halconfig against what the chart runs, on the routes
that have values, not a rendered bundle.
"""
from __future__ import annotations

from .rbac_namespaces import clouddriver_rbac, service_account_created
from ..service_facts import FRONT50_STORES, MONITORING_DAEMON_CONTAINER, SERVICES, SQL_ENGINES

CHART_NAME = "spinnaker"
# The release name a plan of two sets of values uses when none is given: names cancel out between
# the two sides as long as both use one name. A plan from a rendered release uses that release's.
RELEASE_NAME = "spinnaker"


def truthy(value) -> bool:
    """`spinnaker.truthy`: true, or any spelling of "true"."""
    return value is not None and str(value).lower() == "true"


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def fullname(values: dict, release: str = RELEASE_NAME) -> str:
    if values.get("fullnameOverride"):
        return str(values["fullnameOverride"])[:63].rstrip("-")
    name = str(values.get("nameOverride") or CHART_NAME)
    return (release if name in release else f"{release}-{name}")[:63].rstrip("-")


def app_name(values: dict) -> str:
    """`spinnaker.name`: the app.kubernetes.io/name label."""
    return str(values.get("nameOverride") or CHART_NAME)[:63].rstrip("-")


def component(values: dict, name: str, release: str = RELEASE_NAME) -> str:
    """`spinnaker.componentName`: a name over 63 characters is cut in the release's part, with 5 hex
    digits of the full name's sha256, so distinct components keep distinct names."""
    full = fullname(values, release)
    whole = f"{full}-{name}"
    if len(whole) <= 63:
        return whole
    import hashlib

    keep = max(1, 63 - len(name) - 7)
    digest = hashlib.sha256(full.encode()).hexdigest()[:5]
    return f"{full[:keep].rstrip('-')}-{digest}-{name}"[:63].rstrip("-")


def service_account(values: dict, service: str, release: str = RELEASE_NAME) -> str:
    """`spinnaker.serviceAccountName`: the ServiceAccount a service's pods run as."""
    own = _mapping(_mapping(values.get("services")).get(service)).get("serviceAccountName")
    if own:
        return str(own)
    return component(values, service, release) if truthy(_mapping(values.get("rbac")).get("create", True)) \
        else "default"


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


# Where the pods mount the files of `secrets.files` (templates/config-bundle.yaml, deployments.yaml).
SECRET_FILES_MOUNT_PATH = "/var/secrets"
# TLS between the services: charts/spinnaker/templates/_tls.tpl, mirrored.
TLS_MOUNT_PATH = "/opt/spinnaker/tls"  # spinnaker.tlsMountPath
_TLS_FIELDS = ("secretName", "keyStoreKey", "keyStoreType", "keyStorePasswordKey", "keyAlias", "trustStoreKey",
               "trustStoreType", "trustStorePasswordKey", "passwordSecretName", "clientAuth")


def _text(value) -> str:
    """Helm's `toString` of a scalar ("" for null)."""
    if value is None:
        return ""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def service_tls(values: dict, name: str) -> dict:
    """`spinnaker.serviceTls`."""
    glob = _mapping(values.get("tls"))
    own = _mapping(_mapping(_mapping(values.get("services")).get(name)).get("tls"))
    out = {key: _text(own[key] if is_set(own.get(key)) else glob.get(key)) or "" for key in _TLS_FIELDS}
    out["passwordSecretName"] = out["passwordSecretName"] or out["secretName"]
    out["clientAuth"] = out["clientAuth"].lower()
    out["ownClientAuth"] = _text(own.get("clientAuth")).lower()
    enabled = own.get("enabled")
    if not (isinstance(enabled, bool) or (isinstance(enabled, str) and enabled)):
        enabled = glob.get("enabled")
    out["enabled"] = truthy(enabled)
    return out


def _flatten(node, prefix: str, out: dict) -> None:
    """`spinnaker.flattenProfile`."""
    if isinstance(node, dict):
        for key, value in node.items():
            _flatten(value, f"{prefix}.{_text(key).replace('-', '').lower()}", out)
    else:
        out[prefix.lstrip(".")] = node


def _profile(values: dict, name: str) -> dict:
    """A profile's settings, a mapping or YAML text (`spinnaker.profileSettings`: the unconditional
    documents merged in order)."""
    from .springtext import settings

    return _mapping(settings(_mapping(values.get("profiles")).get(name), f"profiles.{name}"))


def profile_tls(values: dict, names) -> dict:
    """`spinnaker.profileTls`."""
    flat: dict = {}
    for name in names:
        for key, value in _profile(values, name).items():
            k = _text(key).lower()
            if k in ("server", "management") or k.startswith(("server.", "management.")):
                _flatten({key: value}, "", flat)
    out = {"enabled": "", "any": any(k.startswith("server.ssl.") for k in flat),
           "clientAuth": _text(flat.get("server.ssl.clientauth")).lower(),
           "managementSsl": any(k.startswith("management.server.ssl.") for k in flat), "managementSslEnabled": ""}
    for key, field in (("server.ssl.enabled", "enabled"), ("management.server.ssl.enabled", "managementSslEnabled")):
        if key in flat:
            out[field] = "true" if truthy(flat[key]) else "false"
    return out


def management_port(values: dict, names) -> str:
    """`spinnaker.managementPort`."""
    import re

    port = ""
    for name in names:
        p = _profile(values, name)
        found = [p.get("management.server.port")]
        m = p.get("management")
        if isinstance(m, dict):
            found.append(m.get("server.port"))
            if isinstance(m.get("server"), dict):
                found.append(m["server"].get("port"))
        if isinstance(p.get("management.server"), dict):
            found.append(p["management.server"].get("port"))
        for value in found:
            if re.fullmatch(r"[0-9]+", _text(value)):
                port = _text(value)
    return port


def served_tls(hal: dict, tls_path: str, tls: dict, profile: dict) -> tuple[bool, str]:
    """`spinnaker.servedTls`: (served, clientAuth)."""
    served, client_auth = "", ""
    if tls_path:
        enabled = _at(hal, tls_path)
        if enabled is not None:
            served = "true" if truthy(enabled) else "false"
        client_auth = _text(_at(hal, tls_path[:-len(".enabled")] + ".clientAuth")).lower()
    if tls["enabled"]:
        served = "true"
        client_auth = tls["ownClientAuth"] or client_auth or tls["clientAuth"]
    served = profile["enabled"] or served
    if not served and profile["any"]:
        served = "true"
    client_auth = profile["clientAuth"] or client_auth
    return served == "true", client_auth if served == "true" else ""


def tls_entry(tls: dict, serve: bool, client: bool, client_auth: str) -> dict:
    """`spinnaker.tlsEntry`."""
    out = {"serve": serve, "client": client, "secretName": tls["secretName"],
           "passwordSecretName": tls["passwordSecretName"], "keyStore": f"{TLS_MOUNT_PATH}/{tls['keyStoreKey']}",
           "keyStoreKey": tls["keyStoreKey"], "keyStoreType": tls["keyStoreType"],
           "keyStorePasswordKey": tls["keyStorePasswordKey"], "keyStorePasswordEnv": "SPINNAKER_TLS_KEY_STORE_PASSWORD",
           "keyAlias": tls["keyAlias"], "clientAuth": client_auth if serve else "",
           "trustStore": "", "trustStoreKey": "", "trustStoreType": "", "trustStorePasswordKey": "",
           "trustStorePasswordEnv": ""}
    if tls["trustStoreKey"]:
        out.update(trustStore=f"{TLS_MOUNT_PATH}/{tls['trustStoreKey']}", trustStoreKey=tls["trustStoreKey"],
                   trustStoreType=tls["trustStoreType"], trustStorePasswordKey=tls["trustStorePasswordKey"],
                   trustStorePasswordEnv="SPINNAKER_TLS_TRUST_STORE_PASSWORD")
    return out


def deck_tls(values: dict) -> dict:
    """`spinnaker.deckTls` ({} when Deck gets none)."""
    own = _mapping(_mapping(_mapping(values.get("services")).get("deck")).get("tls"))
    if not truthy(own.get("enabled")):
        return {}
    cert, key = own.get("certificateKey") or "tls.crt", own.get("privateKeyKey") or "tls.key"
    return {"serve": True, "secretName": own.get("secretName") or "", "certificateKey": cert, "privateKeyKey": key,
            "certificate": f"{TLS_MOUNT_PATH}/{cert}", "privateKey": f"{TLS_MOUNT_PATH}/{key}"}


def workloads(values: dict, hal: dict, release: str = RELEASE_NAME) -> tuple[dict, list]:
    """({workload: bundle entry}, [disabled services]): `spinnaker.workloads`."""
    sidecar = monitoring(hal)
    out, disabled = {}, []
    ha = _mapping(values.get("ha"))
    services = _mapping(values.get("services"))
    chart_tls = {name: service_tls(values, name) for name, svc in services.items()
                 if name in SERVICES and SERVICES[name].java and isinstance(svc, dict)}
    chart_serves = any(t["enabled"] for t in chart_tls.values())
    management_default = int(_mapping(values.get("tls")).get("managementPort") or 8081)
    deck = deck_tls(values)
    for name, svc in sorted(services.items()):
        facts = SERVICES.get(name)
        if facts is None or not isinstance(svc, dict):
            continue
        if not service_enabled(values, hal, name):
            disabled.append(name)
            continue
        tls = chart_tls.get(name)
        client = bool(facts.java and chart_serves and tls["secretName"] and tls["keyStoreKey"]
                      and tls["trustStoreKey"])
        own_ha = ha.get(name)
        if isinstance(own_ha, dict) and truthy(own_ha.get("enabled")) and facts.splits:
            items = [(split.name, list(split.profiles), split.key) for split in facts.splits]
        else:
            items = [(name, [], "")]
        declared = _mapping(svc.get("image")).get("release")
        for item, profiles, key in items:
            entry, management_tls = {}, {}
            if facts.java:
                layers = ("spinnaker", name, item)
                management = management_port(values, layers)
                if management == _text(svc.get("port")):
                    management = ""
                profile = profile_tls(values, layers)
                served, client_auth = served_tls(hal, facts.tls, tls, profile)
                scheme = "https" if served else "http"
                if served and client_auth == "need":
                    if not management:
                        management_tls["port"] = management_default
                    if not profile["managementSsl"]:
                        management_tls["ssl"] = True
                if (tls["enabled"] and served) or client:
                    entry = tls_entry(tls, tls["enabled"] and served, client, client_auth)
            elif deck:
                scheme, entry = "https", deck
            else:
                scheme = "https" if facts.tls and truthy(_at(hal, facts.tls)) else "http"
            out[item] = {"service": name, "host": component(values, item, release), "port": int(svc.get("port") or facts.port),
                         "scheme": scheme, "profiles": profiles, "monitoring": bool(facts.java and sidecar),
                         "imageRelease": "" if declared is None else str(declared)}
            if entry:
                out[item]["tls"] = entry
            if management_tls:
                out[item]["managementTls"] = management_tls
            if facts.config_server_bootstrap:
                out[item]["writable"] = writable(values, name, key)
    return out, disabled


def is_set(value) -> bool:
    """`spinnaker.isSet`: not null, and not an empty string, list or map."""
    if isinstance(value, (str, list, dict)):
        return bool(value)
    return value is not None


def workload_setting(values: dict, service: str, key: str, field: str):
    """`spinnaker.workloadSettings`' `field` of one workload (an HA split's `key`, "" for a whole service):
    the split's own, else the service's, else serviceDefaults'. For the fields without an older place
    under `ha.<service>` (replicas and resources have one)."""
    layers = [_mapping(values.get("services")).get(service), values.get("serviceDefaults")]
    if key:
        layers.insert(0, _mapping(_mapping(_mapping(_mapping(values.get("ha")).get(service)).get("splits")).get(key)))
    for layer in layers:
        value = _mapping(layer).get(field)
        if is_set(value):
            return value
    return None


def replicas(values: dict, bundle: dict) -> dict:
    """{workload: (the `replicas` its Deployment renders, None when a HorizontalPodAutoscaler keeps the
    count; the values path it comes from)}: deployments.yaml's `replicas` of `spinnaker.workloadSettings`
    (a split's own, else the older `ha.<service>.<key>`, else the service's, else serviceDefaults'), and
    `spinnaker.workloads`' `autoscaled`. What `plan` compares with a rendered release's Deployments."""
    out = {}
    services, ha = _mapping(values.get("services")), _mapping(values.get("ha"))
    for item, entry in bundle["services"].items():
        service = entry["service"]
        split = next((s for s in SERVICES[service].splits if s.name == item), None)
        own = _mapping(services.get(service))
        if truthy(_mapping(own.get("autoscaling")).get("enabled")) and not (
                split.no_scale_reason if split else SERVICES[service].no_scale_reason):
            out[item] = (None, f"services.{service}.autoscaling.enabled")
            continue
        layers = [(own, f"services.{service}.replicas"), (_mapping(values.get("serviceDefaults")),
                                                          "serviceDefaults.replicas")]
        if split:
            svc_ha = _mapping(ha.get(service))
            layers[:0] = [(_mapping(_mapping(svc_ha.get("splits")).get(split.key)),
                           f"ha.{service}.splits.{split.key}.replicas"),
                          ({"replicas": svc_ha.get(split.key)}, f"ha.{service}.{split.key}")]
        out[item] = next(((layer["replicas"], path) for layer, path in layers if is_set(layer.get("replicas"))),
                         (None, f"services.{service}.replicas"))
    return out


def writable(values: dict, service: str, key: str) -> list:
    """The bundle's `writable` of a workload of a service that reads bootstrap files (config-bundle.yaml)."""
    if not truthy(_mapping(workload_setting(values, service, key, "securityContext")).get("readOnlyRootFilesystem")):
        return ["/"]
    facts = SERVICES[service]
    out = ["/tmp", facts.home, f"/opt/{service}/plugins"] if facts.java else []
    for mount in workload_setting(values, service, key, "extraVolumeMounts") or []:
        if not truthy(_mapping(mount).get("readOnly")):
            out.append(str(_mapping(mount).get("mountPath") or ""))
    return out


def redis_bundled(values: dict) -> bool:
    redis = _mapping(values.get("redis"))
    return not redis.get("externalUrl") and truthy(redis.get("enabled"))


def redis(values: dict, release: str = RELEASE_NAME) -> dict:
    conf = _mapping(values.get("redis"))
    url = conf.get("externalUrl") or \
        (f"redis://{component(values, 'redis', release)}:6379" if redis_bundled(values) else "")
    secret = conf.get("existingSecret") or (component(values, "credentials", release) if redis_bundled(values) else "")
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


def jdbc_url(values: dict, database: str, release: str = RELEASE_NAME) -> str:
    """`spinnaker.jdbcUrl`."""
    external = sql_external(values)
    if not external:
        return f"jdbc:mysql://{component(values, 'mysql', release)}:3306/{database}"
    engine = SQL_ENGINES[external.get("engine") or "mysql"]
    url = f"jdbc:{engine['jdbcScheme']}://{external['host']}:{int(external.get('port') or engine['port'])}/{database}"
    return f"{url}?{external['parameters']}" if external.get("parameters") else url


def storage(values: dict, hal: dict, release: str = RELEASE_NAME) -> dict:
    databases = sql_databases(values, hal)
    out = {"bundled": bool(databases) and not sql_external(values)}
    for service, db in databases.items():
        out[service] = {"jdbcUrl": jdbc_url(values, db["database"], release), "user": db["user"],
                        "passwordEnv": db["passwordEnv"]}
    return out


def mounts(values: dict, work: dict) -> list:
    out = [SECRET_FILES_MOUNT_PATH] if _mapping(values.get("secrets")).get("files") else []
    if any(w.get("tls") for w in work.values()):
        out.append(TLS_MOUNT_PATH)
    blocks = list(_mapping(values.get("services")).values())
    for _, ha in sorted(_mapping(values.get("ha")).items()):
        blocks += [split for _, split in sorted(_mapping(_mapping(ha).get("splits")).items())]
    for block in blocks:
        for mount in _mapping(block).get("extraVolumeMounts") or []:
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


def bundle(values: dict, default_version: str, release: str = RELEASE_NAME, namespace: str = "") -> dict:
    """The bundle's JSON for `values` in release `release` of `namespace` (release labels left out: no
    config file depends on them)."""
    hal = selected_hal(values)
    raw = values.get("halconfig")
    if isinstance(raw, str):
        from renderer.read.yaml11 import load

        raw = load(raw, "halconfig") if raw.strip() else {}
    work, disabled = workloads(values, hal, release)
    secrets = _mapping(values.get("secrets"))
    return {
        "release": {"name": release, "namespace": namespace, "fullname": fullname(values, release)},
        "halconfig": raw or {},
        "halconfigDeployment": values.get("halconfigDeployment") or "",
        "strict": truthy(values.get("strict")),
        "version": version(values, hal, default_version),
        "services": work,
        "disabled": disabled,
        "redis": redis(values, release),
        "storage": storage(values, hal, release),
        "mounts": mounts(values, work),
        "expose": expose(values),
        "profiles": values.get("profiles") or {},
        "settingsLocalJs": values.get("settingsLocalJs") or "",
        "bootstrapConfig": values.get("bootstrapConfig") or {},
        "patches": values.get("patches") or [],
        "secrets": {"files": secrets.get("files") or [], "env": secrets.get("env") or [],
                    "mountPath": SECRET_FILES_MOUNT_PATH, "monitoringContainer": MONITORING_DAEMON_CONTAINER},
        "kubernetesSecrets": _mapping(values.get("rbac")).get("kubernetesSecrets") or {},
        "rbac": rbac(values, {w["service"] for w in work.values()}, release),
        "observability": observability(values),
    }


def rbac(values: dict, running, release: str = RELEASE_NAME) -> dict:
    """The bundle's `rbac`: clouddriver's (rbac_namespaces.clouddriver_rbac), and `annotationsNotApplied`
    when a running service's own `serviceAccountAnnotations` are for an account the chart does not create."""
    clouddriver = service_account(values, "clouddriver", release)
    out = clouddriver_rbac(values, clouddriver, service_account_created(values, clouddriver))
    services = _mapping(values.get("services"))
    not_applied = []
    for name in sorted(running):
        account = service_account(values, name, release)
        if _mapping(services.get(name)).get("serviceAccountAnnotations") \
                and not service_account_created(values, account):
            not_applied.append({"service": name, "account": account})
    if not_applied:
        out["annotationsNotApplied"] = not_applied
    return out


def observability(values: dict) -> dict:
    """The bundle's `observability`: the services' own Prometheus endpoint (the plugin)."""
    conf = _mapping(values.get("observability"))
    return {"enabled": truthy(conf.get("enabled")), "pluginVersion": str(conf.get("pluginVersion") or ""),
            "repositoryUrl": str(conf.get("repositoryUrl") or "")}
