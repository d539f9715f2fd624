"""Spring Cloud Config's bootstrap files are where kork reads them, in the services that read them.

kork's ConfigServerBootstrap (kork/kork-cloud-config-server/.../configserver/ConfigServerBootstrap.java
at spinnaker-release-2026.2.3) makes a service read the bootstrap files named
`spinnakerconfig` and `<service>config` (`spring.cloud.bootstrap.name`) from the classpath, the
working directory, /opt/spinnaker/config/ and ~/.spinnaker/ (`spring.cloud.bootstrap.location`);
only the services whose main class calls it do (facts `configServerBootstrap`: clouddriver, echo and igor, since
2019). A bootstrap file mounted anywhere else, or in another service's pod, is never read: whatever
it configures (dynamic accounts from a config server, a vault backend) silently does not happen.
Each finding is a warning (the service starts, without what the file says).
"""
from __future__ import annotations

from .findings import warning

LOCATIONS = ("/opt/spinnaker/config",)
_EXTENSIONS = (".yml", ".yaml", ".properties")


def bootstrap_owner(key: str, services) -> str | None:
    """`spinnaker` or the service whose bootstrap file `key` is (`clouddriverconfig.yml`), else None."""
    for extension in _EXTENSIONS:
        if key.endswith("config" + extension):
            owner = key[:-len("config" + extension)]
            return owner if owner == "spinnaker" or owner in services else None
    return None


def check(release, pods) -> list:
    from ..service_facts import SERVICES

    readers = sorted(name for name, facts in SERVICES.items() if facts.config_server_bootstrap)
    found = []
    for pod in pods:
        facts = SERVICES.get(pod.service)
        if pod.container is None or facts is None:
            continue
        homes = LOCATIONS + ((facts.home.rstrip("/") + "/.spinnaker",) if facts.home else ())
        for path, key in pod.mounted_files(release.object_keys):
            owner = bootstrap_owner(key, SERVICES)
            if owner is None:
                continue
            directory = path.rsplit("/", 1)[0]
            if not facts.config_server_bootstrap:
                found.append(warning("", f"{pod.workload} mounts {path}, a Spring Cloud Config bootstrap file, but "
                                         f"{pod.service} reads none: only {', '.join(readers)} call kork's "
                                         "ConfigServerBootstrap. What it configures does not happen.",
                                     f"Give it to {', '.join(readers)} instead, or remove it."))
            elif owner not in ("spinnaker", pod.service):
                found.append(warning("", f"{pod.workload} mounts {path}, the bootstrap file of {owner}: "
                                         f"{pod.service} reads spinnakerconfig.yml and {pod.service}config.yml only.",
                                     f"Give it to {owner} instead, or rename it."))
            elif directory not in homes:
                found.append(warning("", f"{pod.workload} mounts the bootstrap file {key} at {path}, where kork "
                                         f"does not look: {pod.service} reads it from {' or '.join(homes)}. What "
                                         "it configures does not happen.",
                                     f"Mount it in {LOCATIONS[0]}."))
    return found
