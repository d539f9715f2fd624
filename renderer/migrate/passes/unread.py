"""What no pass read: every deploymentEnvironment and service-settings field left over, reported as
dropped with why (or as not known to migrate, to check by hand)."""
from __future__ import annotations

from ...service_facts import SERVICES, SPLITS
from .facts import UNKNOWN_KUBERNETES, UNKNOWN_SETTING

ENVIRONMENT = {
    "size": "Halyard's size presets did not change the Kubernetes deployment; sizing is `services.<name>.resources`.",
    "accountName": "the Kubernetes account Halyard deployed with; Helm deploys with your kubeconfig context.",
    "bootstrapOnly": "a Halyard deploy setting; nothing to carry over.",
    "updateVersions": "Halyard's version check; the chart runs `spinnaker.version`.",
    "consul": "Consul discovery (Halyard's VM installs); the chart uses Kubernetes Services.",
    "vault": "Vault (Halyard's VM installs); keep credentials in Secrets (`secrets.files`, `secrets.env`).",
    "gitConfig": "only for Halyard's LocalGit developer installs.",
}
SETTINGS = dict(
    {key: "the chart owns hosts, probes and schemes (scheme follows the halconfig's TLS)."
     for key in ("healthEndpoint", "host", "address", "internalPort", "baseUrl")},
    **{key: "a Halyard deploy setting; nothing to carry over."
       for key in ("monitored", "sidecar", "safeToUpdate", "skipLifeCycleManagement", "basicAuthEnabled")},
    **{key: "Halyard's basic auth between services, not used by current releases." for key in ("username", "password")})


def run(hal) -> None:
    for key in sorted(hal.env, key=str):
        value = hal.env[key]
        if ("env", key) in hal.read or value in (None, {}, [], ""):
            continue
        hal.report.dropped(f"{hal.source}.{key}", ENVIRONMENT.get(
            key, "not a Halyard deploymentEnvironment setting migrate knows; check it by hand."))
    for name in sorted(hal.settings, key=str):
        file = f"service-settings/{name}.yml"
        if name == "redis":
            continue
        if name in SPLITS and not hal.split_on(name):
            hal.report.dropped(file, f"haServices.{SPLITS[name][0]} is not enabled, so Halyard ran no {name} to "
                                     f"read it. Enable `ha.{SPLITS[name][0]}` and it goes to "
                                     f"`{'.'.join(hal.place(name))}`.")
        elif name == "monitoring-daemon":
            hal.report.dropped(file, "the monitoring sidecar is set with `monitoringDaemon.*`.")
        elif name not in SERVICES and name not in SPLITS:
            hal.report.dropped(file, f"{name!r} is not a service the chart runs.")
        else:
            _fields(hal, file, hal.settings[name])


def _fields(hal, file, data):
    for key in sorted(data, key=str):
        value = data[key]
        if (file, key) in hal.read or value in (None, {}, []):
            continue
        if key == "kubernetes" and isinstance(value, dict):
            for sub in sorted(value, key=str):
                if (file, key, sub) not in hal.read and value[sub] not in (None, {}, [], ""):
                    hal.report.dropped(f"{file}: kubernetes.{sub}", UNKNOWN_KUBERNETES)
            continue
        hal.report.dropped(f"{file}: {key}", SETTINGS.get(key, UNKNOWN_SETTING))
