"""Put the pieces together: the values, values.yaml text, the Secret, the report."""
from __future__ import annotations

import base64
import os
import re
import shlex
import textwrap

from renderer.write.config_text import scalar, to_yaml
from ..model import HAL
from ..problems import ERROR, NOTE, WARNING, format_path
from ..releases import DEFAULT, Release, UnsupportedRelease
from . import credentials
from .environment import Environment
from .haldir import read_hal_dir
from .profiles import map_profiles
from .report import markdown

SECRET_NAME = "spinnaker-halyard-files"
# A Secret (all its keys and values) must fit etcd's object limit.
SECRET_LIMIT = 1024 * 1024
_RELEASE_SHAPE = re.compile(r"^[0-9]+\.[0-9]+\.[0-9]+$")
ORDER = ("spinnaker", "halconfig", "services", "serviceDefaults", "ha", "redis", "monitoringDaemon", "profiles",
         "settingsLocalJs", "secrets")
COMMENTS = {
    "spinnaker": "The release Halyard ran (the halconfig's `version`); change it here to upgrade.",
    "halconfig": "The deployment's halconfig in kleat form: Halyard's spellings converted and referenced files "
                 "pointing at /var/secrets (see the report for every change).",
    "services": "From deploymentEnvironment (customSizing, tolerations, affinity, sidecars, initContainers, "
                "hostAliases) and service-settings/<service>.yml.",
    "serviceDefaults": "From deploymentEnvironment.nodeSelectors: every service.",
    "ha": "From deploymentEnvironment.haServices, with per-split replicas and resources from customSizing.",
    "redis": "From service-settings/redis.yml and customSizing.",
    "monitoringDaemon": "From customSizing.monitoring-daemon.",
    "profiles": "From <deployment>/profiles/<service>-local.yml (and <split>-local.yml for HA splits).",
    "settingsLocalJs": "From <deployment>/profiles/settings-local.js.",
    "secrets": "The files the halconfig names (one Secret, mounted at /var/secrets) and its inline credentials "
               "(another, as env vars for ${HAL_...} placeholders), each only in the services that read them. "
               "Create both first: see the report.",
}


class Migration:
    """The result: `values` (dict), `values_yaml`, `secret` (manifest text or ""), `kubectl`
    (the command creating the Secret), `report` (MigrationReport), `markdown`, `hal_dir`."""

    def __init__(self, hal_dir, values, report, namespace, credentials_values):
        self.hal_dir = hal_dir
        self.values = values
        self.report = report
        self.namespace = namespace
        self.files = [f for f in hal_dir.files if f.found]
        self.credentials = credentials_values
        self.secret = secret_manifest(self.files, namespace) if self.files else ""
        self.credentials_secret = credentials_manifest(credentials_values, namespace) if credentials_values else ""
        self.kubectl = kubectl_command(self.files, namespace) if self.files else ""
        self.values_yaml = values_yaml(values, hal_dir, namespace)

    @property
    def ok(self) -> bool:
        return self.report.ok

    def markdown(self, secrets_dir: str | None = None) -> str:
        hal_dir = self.hal_dir
        intro = [f"Migrated `{hal_dir.root}` (deployment `{hal_dir.deployment}`) with "
                 f"`spinnaker-renderer migrate`: {self.report.summary()}."]
        if self.files:
            if secrets_dir:
                intro += ["", f"The Secret is in `{os.path.join(secrets_dir, SECRET_NAME + '.yaml')}`: encrypt it "
                              "with your tool of choice (sealed-secrets, SOPS, external-secrets) or apply it."]
            intro += ["", "Create the Secret from the original files with:", "", "```", self.kubectl, "```"]
        if self.credentials:
            where = (f"`{os.path.join(secrets_dir, credentials.SECRET_NAME + '.yaml')}`" if secrets_dir
                     else "the manifest `migrate --secrets-dir DIR` writes (values are never printed)")
            intro += ["", f"{len(self.credentials)} inline credentials of the halconfig are `${{HAL_...}}` "
                          f"placeholders now; their values are in the Secret `{credentials.SECRET_NAME}`: "
                          f"{where}. Create it before installing."]
        return markdown(self.report, "Halyard migration report", intro, cutover_steps(self))


def migrate(path: str, deployment: str | None = None) -> Migration:
    """Migrate HAL_DIR; check `.ok` before writing anything."""
    hal_dir = read_hal_dir(path, deployment)
    report = hal_dir.findings
    for problem in hal_dir.report.problems:
        if problem.level == ERROR:
            report.error(problem.render("config")[len("error: "):])
        elif problem.path[-1:] == ("deploymentEnvironment",):
            continue  # mapped below, entry by entry
        elif problem.level == WARNING:
            report.dropped("config: " + format_path(problem.path), problem.message + (" " + problem.hint
                                                                                      if problem.hint else ""))
        elif problem.level == NOTE and "dropped" in problem.message:
            report.dropped("config: " + format_path(problem.path), problem.message)
        elif problem.level == NOTE:
            report.converted("config: " + format_path(problem.path), "halconfig", problem.message)
    if hal_dir.rewritten is None:
        if report.ok:
            report.error("the config could not be read.")
        return Migration(hal_dir, {}, report, None, {})
    values: dict = {}
    where = "config: " + format_path(hal_dir.base + ("version",))
    version = hal_dir.rewritten.get("version")
    release = DEFAULT
    try:
        release = Release.parse(version)
        values["spinnaker"] = {"version": version}
        report.mapped(where, "spinnaker.version")
    except UnsupportedRelease as exc:
        if version and _RELEASE_SHAPE.match(str(version)):
            report.human(where, f"{exc} Halyard ran {version}; the release runs {DEFAULT} (the chart's default) "
                                "unless `spinnaker.version` names another. Read the upgrade notes of the releases "
                                "in between before switching over.")
        elif version:
            report.dropped(where, f"{version!r} is not a Spinnaker release (a build name); the chart runs "
                                  f"{DEFAULT} unless `spinnaker.version` is set.")
    vault = credentials.Vault(report)
    halconfig = dict(credentials.move(HAL, hal_dir.rewritten, vault, hal_dir.base, release))
    # The release lives in `spinnaker.version` only: one place to change it when upgrading.
    halconfig.pop("version", None)
    values["halconfig"] = halconfig
    environment = Environment(hal_dir.raw, hal_dir.service_settings, report, hal_dir.base, vault)
    _merge(values, environment.build())
    _merge(values, map_profiles(hal_dir.profiles, hal_dir.deployment, environment.ha_on, report, vault))
    secrets = {}
    if hal_dir.files:
        secrets["files"] = [_files_entry(hal_dir.files, halconfig, release)]
    if vault.values:
        # The services that read each placeholder, listed: an optional service the chart does not run
        # (canary off, say) then simply gets nothing, where deriving would find no reader and refuse.
        secrets["env"] = [{"name": name, "secretName": credentials.SECRET_NAME, "key": name,
                           "services": sorted(s for s, names in vault.readers.items() if name in names)}
                          for name in vault.values]
    if secrets:
        values["secrets"] = secrets
    if hal_dir.files:
        size = sum(os.path.getsize(f.found) for f in hal_dir.files if f.found)
        if size * 4 // 3 > SECRET_LIMIT:
            report.error(f"the referenced files add up to {size} bytes, over the 1 MiB a Secret can hold; split "
                         "them into several Secrets by hand (list each in `secrets.files`).")
    return Migration(hal_dir, values, report, environment.location, vault.values)


def _files_entry(files, halconfig, release) -> dict:
    """`secrets.files` entry of the referenced files' Secret. The services whose generated config names
    one of its files are listed (so an optional service that does not run is no error); when the
    monitoring daemon reads one, routing is left to the post-renderer, which also mounts the Secret in
    the sidecar."""
    from ..translate import OUTPUTS, translate
    from ..write.config_text import render

    keys = sorted(f.key for f in files)
    texts = render(translate(halconfig, release))
    readers = {OUTPUTS[name][0] for name, text in texts.items()
               if any(f"/var/secrets/{key}" in text for key in keys)}
    entry = {"secretName": SECRET_NAME, "keys": keys}
    if readers and "monitoring" not in readers:
        entry["services"] = sorted(readers)
    return entry


def _merge(into: dict, more: dict):
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def values_yaml(values: dict, hal_dir, namespace) -> str:
    lines = [f"# Chart values migrated from the Halyard directory {hal_dir.root} (deployment "
             f"{hal_dir.deployment!r})",
             "# by `spinnaker-renderer migrate`; the report lists every field mapped, converted or dropped.",
             f"# Halyard ran Spinnaker in namespace {namespace or 'spinnaker'!r} as spin-<service> objects. This "
             "chart names",
             "# them <fullname>-<service>: to keep Halyard's names (spin-gate, spin-deck, ...) for what points",
             "# at them, uncomment fullnameOverride after Halyard's objects are gone (see the cut-over steps).",
             "# fullnameOverride: spin", ""]
    for key in ORDER:
        if key not in values:
            continue
        lines += ["# " + line for line in textwrap.wrap(COMMENTS[key], 98)]
        value = values[key]
        if isinstance(value, (dict, list)) and value:
            lines.append(f"{key}:")
            lines += ["  " + line if line else line for line in to_yaml(value).rstrip("\n").split("\n")]
        elif isinstance(value, dict):
            lines.append(f"{key}: {{}}")
        else:
            lines.append(f"{key}: {scalar(value)}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def secret_manifest(files, namespace) -> str:
    data = {}
    for f in files:
        with open(f.found, "rb") as handle:
            data[f.key] = base64.b64encode(handle.read()).decode("ascii")
    metadata = {"name": SECRET_NAME, "labels": {"app.kubernetes.io/part-of": "spinnaker"}}
    if namespace:
        metadata["namespace"] = namespace
    manifest = {"apiVersion": "v1", "kind": "Secret", "metadata": metadata, "type": "Opaque", "data": data}
    return "# Files the Halyard config named, for the chart's secrets.files (mounted at /var/secrets).\n" \
           "# Encrypt it (sealed-secrets, SOPS, external-secrets) before committing it anywhere.\n" + to_yaml(manifest)


def credentials_manifest(values: dict, namespace) -> str:
    metadata = {"name": credentials.SECRET_NAME, "labels": {"app.kubernetes.io/part-of": "spinnaker"}}
    if namespace:
        metadata["namespace"] = namespace
    data = {k: base64.b64encode(v.encode()).decode("ascii") for k, v in sorted(values.items())}
    manifest = {"apiVersion": "v1", "kind": "Secret", "metadata": metadata, "type": "Opaque", "data": data}
    return "# Credentials the Halyard config held inline; the halconfig refers to them as ${HAL_...}.\n" \
           "# Encrypt it (sealed-secrets, SOPS, external-secrets) before committing it anywhere.\n" + to_yaml(manifest)


def kubectl_command(files, namespace) -> str:
    parts = ["kubectl", "create", "secret", "generic", SECRET_NAME]
    if namespace:
        parts += ["--namespace", namespace]
    parts += [f"--from-file={f.key}={f.found}" for f in files]
    return " ".join(shlex.quote(p) for p in parts)


def cutover_steps(migration) -> list[str]:
    ns = migration.namespace or "spinnaker"
    values = migration.values
    ha = values.get("ha") or {}
    echo_split = (ha.get("echo") or {}).get("enabled")
    scheduler = "spin-echo-scheduler" if echo_split else "spin-echo"
    steps = [
        f"Pick the namespace. Halyard's objects live in `{ns}` as `spin-<service>` Deployments and Services. "
        f"Installing the release into a new namespace (e.g. `{ns}-helm`) lets both run side by side until "
        f"the switch; installing into `{ns}` works too: the chart's objects are `<release>-spinnaker-<service>`, "
        "which do not collide with Halyard's.",
    ]
    if migration.files:
        steps.append(f"Create the Secret `{SECRET_NAME}` in the release namespace (the kubectl command above, or "
                     "the manifest from `--secrets-dir`), before installing.")
    if migration.credentials:
        steps.append(f"Create the Secret `{credentials.SECRET_NAME}` (the manifest from `--secrets-dir`) in the "
                     "release namespace: the services read the halconfig's credentials from it.")
    steps += [
        "Keep the data. front50's store (the halconfig's persistentStorage) is shared as it is. Redis holds "
        "orca's running and recent executions (unless orca uses SQL), echo's scheduler state, igor's "
        "already-seen builds and gate's sessions: to keep them point the chart at Halyard's Redis with "
        f"`redis.externalUrl: redis://spin-redis.{ns}:6379` (or copy its data with `redis-cli --rdb` / "
        "replication), and let running pipelines finish before the switch.",
        f"Avoid two echo schedulers: cron triggers fire once per running scheduler. Before the release starts, "
        f"scale Halyard's echo to zero: `kubectl -n {ns} scale deployment {scheduler} --replicas=0`, or install "
        "with `profiles.echo: {scheduler: {enabled: false}}` and remove it at the switch. Do the same for igor "
        f"(`kubectl -n {ns} scale deployment spin-igor --replicas=0`): two igors trigger every new build twice.",
        "Install: `spinnaker-renderer helm install spin --namespace <ns> -f values.yaml` (the renderer's own chart; "
        "or helm with `--post-renderer spinnaker-renderer --post-renderer-args post-render`), and wait for "
        "`helm test`.",
        "Switch users over: point your Ingress/DNS (or `expose.host`) at the release's deck and gate Services; "
        "Deck's and Gate's public URLs come from `expose.host` or the halconfig's overrideBaseUrls.",
        f"Remove Halyard's install: `kubectl -n {ns} delete deployment,service,secret -l "
        "app.kubernetes.io/managed-by=halyard` (check the list with `kubectl get` and the same selector "
        "first), keeping spin-redis if the release uses it. Stop the Halyard daemon so no `hal deploy apply` brings them back. Then, if "
        "you want Halyard's names back, set `fullnameOverride: spin` and upgrade.",
    ]
    return steps
