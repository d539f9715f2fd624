"""One side of a plan: what each service would read and run with, and the state the release keeps.

From values files, the files are made by the post-renderer's own code path
(`validate -f`'s reading of the values, `renderer.translate`, the post-renderer's
`ConfigSet`) on the bundle the chart would render (`chartbundle`). From a
rendered release (`helm get manifest`), they are read back from its
ConfigMaps and Secrets.
"""
from __future__ import annotations

import base64
import binascii

from ..service_facts import SERVICES
from ..read import chartbundle
from ..read.springtext import merge, settings
from . import immutable


class PlanInputError(Exception):
    """Input a plan cannot be made from; the text says what and how to fix it."""


class Side:
    """What a plan compares.

    `files`: {service: {file: data}}; `secret_files`: the (service, file) pairs
    that live in a Secret; `credentials`: credential strings to mask; `pods`:
    {service: {input: value}} of what else goes into its pod template (None:
    unknown, a rendered release); `state`: the facts `safety` reads; `release_name`, `namespace`: the
    Helm release the names are of; `fixed`: {(kind, name): the workload fields Kubernetes will not
    update} (`immutable`); `replicas`: {service: {workload: (replicas, the values path it comes from, None
    for a rendered release)}}, what both forms show (None: a HorizontalPodAutoscaler keeps the count);
    `access`: what clouddriver's ServiceAccount is granted on its own cluster, as `access_of` says it."""

    def __init__(self, label, release, files, credentials, pods, state, hal=None, secret_files=(),
                 release_name=chartbundle.RELEASE_NAME, namespace="", fixed=None, warnings=(), replicas=None,
                 access=None):
        self.label = label
        self.warnings = list(warnings)  # credentials YAML read as numbers (every route says so)
        self.release = release
        self.files = files
        self.credentials = credentials
        self.pods = pods
        self.state = state
        self.hal = hal
        self.secret_files = set(secret_files)
        self.release_name = release_name
        self.namespace = namespace
        self.fixed = fixed or {}
        self.replicas = replicas or {}
        self.access = access


def access_of(scope: str, namespaces=()) -> str:
    """clouddriver's own-cluster RBAC in words: none, a ClusterRole, or Roles in these namespaces."""
    if scope == "cluster":
        return "a ClusterRole (the whole cluster)"
    return f"Roles in {', '.join(sorted(namespaces))}" if scope == "namespace" and namespaces else "none"


def from_values(values: dict, label: str, kleat_compat: bool = False, release_name: str = chartbundle.RELEASE_NAME,
                namespace: str = "") -> Side:
    """The side for chart values (merged over the chart's values.yaml), as release `release_name` in
    `namespace` renders them (object names and what the halconfig gets from the namespace)."""
    from ..model import HAL
    from ..model.credentials import secret_values
    from ..postrender.bootstrap import FILE_NAMES as BOOTSTRAP_FILES
    from ..postrender.configset import ConfigSet
    from ..model.credentials import TYPED, url_passwords
    from ..postrender.credentials import credentials as release_credentials, typed_profile_warnings
    from ..postrender.errors import PostRenderError
    from ..postrender.expose import apply_chart
    from ..read.inputs import check_values
    from ..releases import DEFAULT
    from ..translate import translate
    from ..translate.front50 import front50_env

    hal, release, report = check_values(values, kleat_compat=kleat_compat)
    if not report.ok:
        lines = [p.render() for p in report.errors[:10]]
        more = f"\n  ... and {len(report.errors) - 10} more" if len(report.errors) > 10 else ""
        raise PlanInputError(f"{label}: the values are not valid:\n  " + "\n  ".join(lines) + more +
                             f"\n  (`spinnaker-renderer validate -f` on the {label} values shows them with lines)")
    bundle = chartbundle.bundle(values, str(DEFAULT), release_name, namespace)
    hal = apply_chart(hal, bundle)
    outputs = translate(hal, release)
    try:
        files = ConfigSet(bundle, hal, outputs).files()
    except PostRenderError as exc:
        raise PlanInputError(f"{label}: {exc.render()}") from None
    if "deck" in files and outputs["deck.env"]:
        files["deck"]["deck.env"] = dict(outputs["deck.env"])
    if "front50" in files:
        env = front50_env(hal, release)
        if env:
            files["front50"]["env"] = dict(env)
    known = secret_values(HAL, hal)
    for url in bundle["redis"].values():
        if url_passwords(url):
            known.update((*url_passwords(url), url))
    credentials = release_credentials(hal, files, outputs, known)
    # The env Secrets, and the bootstrap files the post-renderer always puts in the Secret.
    secret_files = {(service, "env") for service in files} | {
        (service, name) for service in files for name in files[service] if name in BOOTSTRAP_FILES}
    try:
        routes = _secret_routes(values, bundle, files, outputs, hal, release)
    except PostRenderError as exc:
        raise PlanInputError(f"{label}: {exc.render()}") from None
    warnings = [p.render() for p in report.problems if p.check == TYPED] + typed_profile_warnings(bundle)
    return Side(label, release, files, credentials, _pods(values, bundle, release, routes),
                _state(values, bundle, files), hal=hal, secret_files=secret_files, release_name=release_name,
                namespace=namespace, fixed=immutable.of_values(values, bundle, release_name), warnings=warnings,
                replicas=_by_service(bundle, chartbundle.replicas(values, bundle)),
                access=access_of(**_grant(bundle, hal, namespace)))


def _grant(bundle: dict, hal: dict, namespace: str) -> dict:
    from ..read.rbac_namespaces import grant

    given = grant(bundle.get("rbac"), hal, namespace)
    return {"scope": given["scope"], "namespaces": given["namespaces"]}


def _by_service(bundle: dict, per_workload: dict) -> dict:
    out: dict = {}
    for workload, found in per_workload.items():
        out.setdefault(bundle["services"][workload]["service"], {})[workload] = found
    return out


def _secret_routes(values, bundle, files, outputs, hal, release) -> dict:
    """{service: the user's Secrets wired into its pods}, by the post-renderer's own routing; the
    workloads stand in as their values (`services.<name>`, e.g. its env), which is what it searches."""
    import json

    from ..postrender.usersecrets import route
    from ..translate.front50 import front50_env_refs

    services = chartbundle._mapping(values.get("services"))
    ha = chartbundle._mapping(values.get("ha"))

    def workloads(service):
        # An HA split's own settings (its env, sidecars) are in its pod too.
        splits = chartbundle._mapping(ha.get(service)).get("splits")
        return [json.dumps([services.get(service), splits], sort_keys=True, default=str)]
    return route(bundle, files, outputs, workloads, front50_env_refs(hal, release))


# Values that go into every pod template of the Spinnaker services (templates/deployments.yaml):
# a change to one of them rolls every service.
_GLOBAL_POD_INPUTS = ("serviceDefaults", "commonLabels", "rbac", "nameOverride", "fullnameOverride")
# Keys of `services.<name>` (and serviceDefaults) outside the pod template: a change scales, edits
# the Service, PodDisruptionBudget or HorizontalPodAutoscaler, or changes how the next rollout
# goes, without restarting a pod.
_NOT_IN_POD = ("replicas", "serviceAnnotations", "serviceLabels", "serviceType", "pdb", "enabled", "strategy",
               "autoscaling")
# Keys of `ha.<service>` in the pod template (the rest are the splits' replica counts); of each split's
# own settings (`ha.<service>.splits.<key>`), all but `replicas`.
_HA_IN_POD = ("enabled", "resources", "splits")


def _split_keys(block, inside):
    """(in the pod template, outside it) parts of a values mapping."""
    if not isinstance(block, dict):
        return block, None
    pod = {k: v for k, v in block.items() if inside(k)}
    other = {k: v for k, v in block.items() if not inside(k)}
    return pod, other


def _ha_keys(block):
    """`_split_keys` of `ha.<service>`, the splits' own replica counts outside the pod template."""
    pod, other = _split_keys(block, lambda k: k in _HA_IN_POD)
    if isinstance(pod, dict) and isinstance(pod.get("splits"), dict):
        splits = {key: _split_keys(own, lambda k: k not in _NOT_IN_POD) for key, own in pod["splits"].items()}
        pod = dict(pod, splits={key: inside for key, (inside, _) in splits.items()})
        other = dict(other, splits={key: outside for key, (_, outside) in splits.items()})
    return pod, other


def _pods(values: dict, bundle: dict, release, routes: dict) -> dict:
    """{service: {"pod": {input: value}, "other": {input: value}}}: what goes into its pod template
    (a change rolls it), and what else the chart renders for it (a change does not)."""
    spinnaker = dict(values.get("spinnaker") or {})
    spinnaker.pop("version", None)  # the image says it
    services = values.get("services") or {}
    out = {}
    for name, workload in bundle["services"].items():
        service = workload["service"]
        own = out.setdefault(service, {"pod": {"image": str(release), "spinnaker": spinnaker}, "other": {}})
        pod, other = own["pod"], own["other"]
        pod[f"services.{service}"], other[f"services.{service}"] = _split_keys(
            services.get(service), lambda k: k not in _NOT_IN_POD)
        if SERVICES[service].splits:
            pod[f"ha.{service}"], other[f"ha.{service}"] = _ha_keys((values.get("ha") or {}).get(service))
        for key in _GLOBAL_POD_INPUTS:
            pod[key], other[key] = _split_keys(values.get(key), lambda k: k not in _NOT_IN_POD) \
                if key == "serviceDefaults" else (values.get(key), None)
        if workload.get("monitoring"):
            pod["monitoringDaemon"] = values.get("monitoringDaemon")
        pod.setdefault("workloads", []).append(name)
        # Only the services a Secret is wired into roll when it changes (renderer/postrender/usersecrets.py).
        pod["secrets (wired into it)"] = routes.get(service)
        if SERVICES[service].redis:
            pod["redis.existingSecret"] = (values.get("redis") or {}).get("existingSecret")
        if SERVICES[service].sql:
            storage = chartbundle._mapping(values.get("storage"))
            pod["storage.existingSecret"] = storage.get("existingSecret")
            pod["storage.external.existingSecret"] = chartbundle._mapping(storage.get("external")).get("existingSecret")
    return out


def _merged(files: dict, service: str) -> dict:
    """The service's Spring settings as it reads them: its own file, the chart's, the user's profile (a
    mapping or YAML text)."""
    merged: dict = {}
    for name in (f"{service}.yml", f"{service}-helm.yml", f"{service}-local.yml"):
        data = settings(files[service].get(name), f"{service}'s {name}")
        if data:
            merge(merged, data)
    return merged


def front50_store(files: dict) -> str | None:
    """Where front50 keeps pipelines and applications, as its files say (None: front50 does not run)."""
    if "front50" not in files:
        return None
    merged = _merged(files, "front50")
    if (merged.get("sql") or {}).get("enabled") is True:
        return "sql"
    spinnaker = merged.get("spinnaker") or {}
    for store in ("s3", "gcs", "azs", "oracle", "redis"):
        if isinstance(spinnaker.get(store), dict) and spinnaker[store].get("enabled") is True:
            return store
    return "none"


def orca_store(files: dict) -> str | None:
    """Where orca keeps pipeline executions: `sql` when its files enable SQL, else Redis."""
    if "orca" not in files:
        return None
    merged = _merged(files, "orca")
    return "sql" if (merged.get("sql") or {}).get("enabled") is True else "redis"


def _state(values: dict, bundle: dict, files: dict) -> dict:
    redis = values.get("redis") or {}
    bundled = chartbundle.redis_bundled(values)
    return {
        "redisBundled": bundled,
        "redisPersistent": bundled and chartbundle.truthy(redis.get("persistence")),
        "redisUrl": redis_where(redis.get("externalUrl") or "") or ("bundled" if bundled else ""),
        "mysqlBundled": bool(bundle["storage"].get("bundled")),
        "mysqlUsers": sorted(k for k, facts in SERVICES.items() if facts.sql and k in bundle["storage"]),
        "front50Store": front50_store(files),
        "orcaStore": orca_store(files),
    }


def redis_where(url: str) -> str:
    """host:port of a Redis URL (no user or password): what tells two Redis apart."""
    from urllib.parse import urlsplit

    if not url:
        return ""
    try:
        parts = urlsplit(url)
        return f"{parts.hostname}:{parts.port or 6379}"
    except ValueError:
        return url.rsplit("@", 1)[-1]


def _discovered_redis(files: dict) -> str:
    for own in files.values():
        found = (((own.get("spinnaker.yml") or {}).get("services") or {}).get("redis") or {}).get("baseUrl") \
            if isinstance(own.get("spinnaker.yml"), dict) else None
        if found:
            return redis_where(found)
    return ""


def from_manifests(text: str, label: str) -> Side:
    """The side of a rendered release: the files its config objects hold, its release, and what its
    stateful workloads say (a Redis or MySQL StatefulSet with a volume claim)."""
    import yaml

    from ..problems import InvalidHalconfig
    from ..read.yaml11 import HELM, check_limits
    from ..releases import Release, UnsupportedRelease

    try:
        check_limits(text, label, HELM)
        docs = [d for d in yaml.safe_load_all(text) if isinstance(d, dict)]
    except yaml.YAMLError as exc:
        raise PlanInputError(f"{label}: not a YAML manifest stream ({exc}).") from None
    except InvalidHalconfig as exc:
        raise PlanInputError("; ".join(p.render(label) for p in exc.report.errors)) from None
    files: dict = {}
    secret_files = set()
    version = None
    redis = {"redisBundled": False, "redisPersistent": False, "redisUrl": ""}
    mysql = False
    replicas: dict = {}
    scope, role_namespaces = "none", []
    for doc in docs:
        kind = doc.get("kind")
        meta = doc.get("metadata") or {}
        labels = meta.get("labels") or {}
        component = labels.get("app.kubernetes.io/component")
        name = str(meta.get("name") or "")
        # clouddriver's own-cluster RBAC (templates/rbac.yaml); its `-secrets` Role is rbac.kubernetesSecrets'.
        if kind in ("Role", "ClusterRole") and component == "clouddriver" and not name.endswith("-secrets"):
            if kind == "ClusterRole":
                scope = "cluster"
            elif scope != "cluster":
                scope = "namespace"
                role_namespaces.append(str(meta.get("namespace") or ""))
        if kind == "Deployment" and labels.get("spinnaker.io/service") in SERVICES and component:
            count = (doc.get("spec") or {}).get("replicas")  # none: a HorizontalPodAutoscaler keeps it
            replicas.setdefault(labels["spinnaker.io/service"], {})[str(component)] = (count, None)
        if kind in ("Deployment", "StatefulSet") and component in SERVICES and labels.get("app.kubernetes.io/version"):
            version = version or str(labels["app.kubernetes.io/version"])
        if kind == "StatefulSet" and component == "redis":
            redis = {"redisBundled": True, "redisPersistent": bool((doc.get("spec") or {}).get("volumeClaimTemplates")),
                     "redisUrl": "bundled"}
        if kind in ("Deployment",) and component == "redis":
            redis = {"redisBundled": True, "redisPersistent": False, "redisUrl": "bundled"}
        if kind == "StatefulSet" and component == "mysql":
            mysql = True
        if component not in SERVICES or kind not in ("ConfigMap", "Secret"):
            continue
        if f"-{component}-config-" not in name and f"-{component}-secret-" not in name \
                and f"-{component}-env-" not in name:
            continue
        own = files.setdefault(component, {})
        for key, value in (doc.get("data") or {}).items():
            if kind == "Secret":
                try:
                    value = base64.b64decode(str(value), validate=True).decode("utf-8")
                except (binascii.Error, UnicodeDecodeError):
                    raise PlanInputError(f"{label}: Secret {name} key {key} is not base64 of text.") from None
                if f"-{component}-env-" in name:  # the env Secret: one variable per key
                    file = "deck.env" if component == "deck" else "env"
                    own.setdefault(file, {})[key] = value
                    if file == "env":
                        secret_files.add((component, file))
                    continue
                secret_files.add((component, key))
            own[key] = _parse_file(key, value, label)
    if not files:
        raise PlanInputError(f"{label}: no config objects of the post-renderer in it (ConfigMaps named "
                             "<fullname>-<service>-config-<hash>); give the output of `helm get manifest RELEASE`.")
    if version is None:
        raise PlanInputError(f"{label}: no Spinnaker workload with an app.kubernetes.io/version label in it.")
    release_name, namespace = _release_of(docs, label)
    try:
        release = Release.parse(version)
    except UnsupportedRelease as exc:
        raise PlanInputError(f"{label}: {exc}") from None
    if not redis["redisBundled"]:
        redis["redisUrl"] = _discovered_redis(files)
    state = dict(redis, mysqlBundled=mysql, mysqlUsers=None, front50Store=front50_store(files),
                 orcaStore=orca_store(files))
    from ..model.credentials import text_credentials

    found = set()
    for service, name in secret_files:
        data = files.get(service, {}).get(name)
        if data is not None and not isinstance(data, str):
            found |= text_credentials(data)
    return Side(label, release, files, found, None, state, secret_files=secret_files, release_name=release_name,
                namespace=namespace, fixed=immutable.of_manifests(docs), replicas=replicas,
                access=access_of(scope, [n or namespace for n in role_namespaces]))


def _release_of(docs, label) -> tuple:
    """(release name, namespace) of the chart's objects: their app.kubernetes.io/instance label, and the
    namespace of its workloads (Roles of rbac.clouddriver.namespaces live in others)."""
    names, namespaces = set(), set()
    for doc in docs:
        meta = doc.get("metadata") or {}
        labels = meta.get("labels") or {}
        if labels.get("app.kubernetes.io/part-of") == "spinnaker" and labels.get("app.kubernetes.io/instance"):
            names.add(str(labels["app.kubernetes.io/instance"]))
            if meta.get("namespace") and doc.get("kind") in immutable.WORKLOADS:
                namespaces.add(str(meta["namespace"]))
    if len(names) != 1 or len(namespaces) > 1:
        found = ", ".join(sorted(names)) or "none"
        raise PlanInputError(f"{label}: the objects name {'several releases' if names else 'no release'} "
                             f"(app.kubernetes.io/instance: {found}); give the manifests of one release "
                             "(`helm get manifest RELEASE`).")
    return names.pop(), (namespaces.pop() if namespaces else "")


def _parse_file(name: str, text: str, label: str):
    if not name.endswith((".yml", ".yaml")):
        return text
    from ..read.yaml11 import SPRING, load

    try:
        data = load(text, f"{label}: {name}", reader=SPRING)
    except Exception:  # noqa: BLE001 - kept as text, compared as a whole
        return text
    return data if data is not None else {}
