"""Pods: the user's own containers (sidecars, init containers), volumes, host aliases, pod
annotations and labels, security contexts and rollout strategy."""
from __future__ import annotations

from ...service_facts import SPLITS
from .facts import UNKNOWN_KUBERNETES, deep, env_text

# service-settings `kubernetes` fields of this pass.
KUBERNETES = ("podAnnotations", "podLabels", "volumes", "securityContext", "containerSecurityContext",
              "deploymentStrategy")


def run(hal) -> None:
    for key in ("hostAliases", "initContainers", "sidecars"):
        found = hal.environment(key)
        if found is not None:
            convert = _sidecars(hal) if key == "sidecars" else _plain(hal, key)
            hal.guarded(lambda value, where, key=key, convert=convert: hal.per_service(key, value, where, convert),
                        *found)
    hal.each(hal.kubernetes(KUBERNETES), lambda name, key, value, where, block: _setting(hal, name, key, value, where))


def _plain(hal, setting):
    def convert(name, items, where):
        if not isinstance(items, list):
            hal.report.human(where, f"expected a list, got {type(items).__name__}; skipped. Set "
                                    f"`services.{name}.{setting}` by hand.")
            return
        # Kubernetes objects (containers, host aliases): anything else cannot render.
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                hal.report.human(f"{where}[{i}]", f"expected a mapping (a Kubernetes object), got "
                                                  f"{type(item).__name__}; skipped.")
        items = [item for item in items if isinstance(item, dict)]
        if not items:
            return
        deep(hal.values, hal.place(name) + (setting,), items)
        hal.report.mapped(where, ".".join(hal.place(name) + (setting,)))
    return convert


def _sidecars(hal):
    def convert(name, items, here):
        svc = hal.settings_of(name)
        path = ".".join(hal.place(name))
        for i, sidecar in enumerate(items if isinstance(items, list) else []):
            if not isinstance(sidecar, dict):
                continue
            container, volumes, mounts = _sidecar(sidecar)
            svc.setdefault("sidecars", []).append(container)
            for volume in volumes:
                if volume not in svc.setdefault("extraVolumes", []):
                    svc["extraVolumes"].append(volume)
            svc.setdefault("extraVolumeMounts", []).extend(mounts)
            hal.report.converted(f"{here}[{i}]", f"{path}.sidecars",
                                 "Halyard's sidecar form written as a Kubernetes container"
                                 + (" (its mountPath emptyDir shared with the service container, as Halyard "
                                    f"did: {path}.extraVolumes/extraVolumeMounts)" if mounts else ""))
    return convert


def _setting(hal, name, key, value, where):
    if key in ("podAnnotations", "podLabels", "volumes") and hal.split_away(name, f"kubernetes.{key}", where):
        return
    path = ".".join(hal.place(name))
    if key in ("podAnnotations", "podLabels"):
        strings = hal.string_map(value, where)
        if strings:
            deep(hal.values, hal.place(name) + (key,), strings)
            hal.report.mapped(where, f"{path}.{key}")
            if key == "podAnnotations" and str(strings.get("prometheus.io/scrape")).lower() == "true":
                hal.scraped.append((name, strings.get("prometheus.io/port", "?")))
    elif key == "volumes":
        settings = hal.settings_of(name)
        for volume in value:
            kube, mount = _volume(volume)
            if kube:
                settings.setdefault("extraVolumes", []).append(kube)
                settings.setdefault("extraVolumeMounts", []).append(mount)
        service = SPLITS[name][0] if name in SPLITS else name
        hal.report.converted(where, f"{path}.extraVolumes/extraVolumeMounts",
                             "Halyard's {id, type, mountPath} written as Kubernetes volumes and mounts"
                             + (f", for {name} alone (its own list replaces {service}'s)" if name in SPLITS else ""))
    elif key in ("securityContext", "containerSecurityContext"):
        hal.report.human(where, "the chart's pods run restricted by default; translate this into "
                                f"`services.{name}.podSecurityContext`/`securityContext` if still needed.")
    elif key == "deploymentStrategy" and isinstance(value, dict):
        deep(hal.values, ("services", name, "strategy"), value)
        hal.report.mapped(where, f"services.{name}.strategy")
    else:
        hal.report.dropped(where, UNKNOWN_KUBERNETES)


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
        container["env"] = [{"name": str(k), "value": env_text(v)}
                            for k, v in sorted(config["env"].items(), key=lambda item: str(item[0]))
                            if not isinstance(v, (dict, list))]
    for key in ("command", "args"):
        if config.get(key):
            items = config[key] if isinstance(config[key], list) else [config[key]]
            container[key] = [env_text(item) for item in items if not isinstance(item, (dict, list))]
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
