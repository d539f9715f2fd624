"""Write: the values as values.yaml with comments, the Secret manifests or the kubectl commands creating
them, the report as Markdown with the cut-over steps."""
from __future__ import annotations

import base64
import os
import shlex
import textwrap

from renderer.write.config_text import scalar, to_yaml
from ..problems import format_path
from . import credentials
from .passes.secrets import SECRET_NAME
from .report import HUMAN, markdown

ARCHIVE_FILES = ("The referenced files come from the `hal backup` archive, which migrate unpacked and removed: run it "
                 "again with --secrets-dir DIR to write their Secret manifests.")
ORDER = ("spinnaker", "halconfig", "services", "serviceDefaults", "ha", "redis", "monitoringDaemon", "profiles",
         "settingsLocalJs", "bootstrapConfig", "secrets", "rbac")
COMMENTS = {
    "spinnaker": "The release these values run, pinned: Halyard's (the halconfig's `version`) when the chart "
                 "runs it, else the one chosen at migration (the report says which); change it here to upgrade.",
    "halconfig": "The deployment's halconfig in kleat form: Halyard's spellings converted and referenced files "
                 "pointing at /var/secrets (see the report for every change).",
    "services": "From deploymentEnvironment (customSizing, tolerations, affinity, sidecars, initContainers, "
                "hostAliases) and service-settings/<service>.yml.",
    "serviceDefaults": "Halyard's JAVA_OPTS for every JVM without its own.",
    "ha": "From deploymentEnvironment.haServices; each split's own settings (customSizing's replicas and "
          "resources, service-settings/<split>.yml, per-split deploymentEnvironment entries) under "
          "`splits.<split>`.",
    "redis": "From service-settings/redis.yml and customSizing.",
    "monitoringDaemon": "From customSizing.monitoring-daemon.",
    "profiles": "From <deployment>/profiles/<service>-local.yml (and <split>-local.yml for HA splits).",
    "settingsLocalJs": "From <deployment>/profiles/settings-local.js.",
    "bootstrapConfig": "From <deployment>/profiles/spinnakerconfig.yml (and <service>config.yml): kork's Spring Cloud "
                       "Config bootstrap files (dynamic accounts), read by clouddriver, echo and igor; their "
                       "credentials are ${HAL_...} placeholders.",
    "rbac": "The Kubernetes Secrets each service's config names (encrypted:k8s!n:<secret>), which the chart lets "
            "that service alone read.",
    "secrets": "The files the halconfig names (a Secret per set of services reading them, mounted at "
               "/var/secrets) and its inline credentials (spinnaker-halyard-credentials, as env vars for "
               "${HAL_...} placeholders), each only in the services that read them. Create them first: see the "
               "report.",
}


class Migration:
    """The result: `values` (dict), `values_yaml`, `secret` (the referenced files' Secret manifests, or
    ""), `kubectl` (the commands creating them), `report` (MigrationReport), `markdown`, `hal_dir`,
    `aside` (what `settle` took out of the values)."""

    def __init__(self, hal_dir, values, report, namespace, credentials_values, groups=(), aside=(), location=None):
        """`namespace`: Halyard's namespace, None when unknown (a placeholder `location`, not given);
        `location`: what the config wrote for it."""
        self.hal_dir = hal_dir
        self.values = values
        self.report = report
        self.namespace = namespace
        self.location = location
        self.spin_redis = None  # Environment.spin_redis
        self.groups = [g for g in groups if g.found]
        self.files = [f for g in self.groups for f in g.found]
        self.credentials = credentials_values
        self.aside = list(aside)
        # No namespace in the manifests: applied with `kubectl -n`, like the release, they go wherever it goes.
        self.secret = "".join(secret_manifest(g.name, g.found, g.services) for g in self.groups)
        self.credentials_secret = credentials_manifest(credentials_values) if credentials_values else ""
        # An unpacked `hal backup` archive is removed once migrate ends: no command can name its files.
        self.kubectl = "" if hal_dir.archive else \
            "\n".join(kubectl_command(g.name, g.found, self.halyard_namespace) for g in self.groups)
        self.values_yaml = values_yaml(values, hal_dir, self.namespace_said, report, self.aside)
        self.verdict = None

    @property
    def namespace_said(self) -> str:
        return repr(self.namespace) if self.namespace else f"{self.location!r} (a placeholder: see the report)"

    @property
    def halyard_namespace(self) -> str:
        """Halyard's namespace as the commands and comments say it: its name, or `$NAMESPACE` for the
        user to set when the config's `location` is a placeholder."""
        return self.namespace or "$NAMESPACE"

    @property
    def ok(self) -> bool:
        return self.report.ok

    def judged(self, verdict) -> None:
        """Take in the verdict every Helm route gives these values (renderer.cli.chartcheck): each of
        the runtime model's findings goes into the report with its values path (a warning as an item
        for a human, an error as an error: then nothing is written, as Helm would refuse the values),
        and a refusal of the chart or the post-renderer as an error."""
        from ..problems import ERROR

        self.verdict = verdict
        if verdict.skipped:
            self.report.human("the rendered release", "not judged: " + verdict.skipped + ". Run `spinnaker-renderer "
                              "validate -f values.yaml` where helm is installed before installing.")
        for finding in verdict.findings:
            if finding.level == ERROR:
                self.report.error(f"{finding.where}: {finding.message} {finding.hint}".strip(": "))
            else:
                self.report.human("the rendered release (would it run)", f"{finding.message} {finding.hint}".strip(),
                                  target=finding.where)
        if verdict.errors and not any(f.level == ERROR for f in verdict.findings):
            for line in verdict.errors:
                self.report.error(line[len("error: "):] if line.startswith("error: ") else line)
        self.values_yaml = values_yaml(self.values, self.hal_dir, self.namespace_said, self.report, self.aside)

    def markdown(self, secrets_dir: str | None = None) -> str:
        hal_dir = self.hal_dir
        intro = [f"Migrated `{hal_dir.source}` (deployment `{hal_dir.deployment}`) with "
                 f"`spinnaker-renderer migrate`: {self.report.summary()}."]
        if self.aside:
            intro += ["", f"{len(self.aside)} value(s) Helm would refuse were left out of the values (commented "
                          "out in values.yaml): see \"Left for a human\"."]
        if self.files:
            names = ", ".join(f"`{g.name}`" for g in self.groups)
            if secrets_dir:
                intro += ["", f"The Secrets of the referenced files ({names}) are in "
                              f"`{os.path.join(secrets_dir, SECRET_NAME + '.yaml')}`: encrypt them with your tool "
                              "of choice (sealed-secrets, SOPS, external-secrets) or apply them."]
            if self.kubectl:
                intro += ["", "Create them from the original files with:", "", "```", self.kubectl, "```"]
            elif not secrets_dir:
                intro += ["", ARCHIVE_FILES]
        if self.credentials:
            where = (f"`{os.path.join(secrets_dir, credentials.SECRET_NAME + '.yaml')}`" if secrets_dir
                     else "the manifest `migrate --secrets-dir DIR` writes (values are never printed)")
            intro += ["", f"{len(self.credentials)} inline credentials of the Halyard directory are in the Secret "
                          f"`{credentials.SECRET_NAME}` now ({where}); the values refer to them (`${{HAL_...}}` "
                          "placeholders, `redis.existingSecret`). Create it before installing."]
        return markdown(self.report, "Halyard migration report", intro, cutover_steps(self, secrets_dir))


def values_yaml(values: dict, hal_dir, namespace, report=None, aside=()) -> str:
    lines = [f"# Chart values migrated from the Halyard directory {hal_dir.source} (deployment "
             f"{hal_dir.deployment!r})",
             "# by `spinnaker-renderer migrate`; the report lists every field mapped, converted or dropped.",
             f"# Halyard ran Spinnaker in namespace {namespace} as spin-<service> objects. This chart names",
             "# them <fullname>-<service>: to keep Halyard's names (spin-gate, spin-deck, ...) for what points",
             "# at them, uncomment fullnameOverride after Halyard's objects are gone (see the cut-over steps).",
             "# fullnameOverride: spin", ""]
    lines += _problem_comments(report, aside)
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


def _problem_comments(report, aside) -> list[str]:
    """What a human must look at, as comments: each with the values path, and what `settle` took out
    of the values as it was (credentials in it are placeholders already)."""
    if report is None:
        return []
    entries = [e for e in report.of(HUMAN)]
    if not entries and not aside:
        return []
    lines = ["# Left for a human (the report says more): each line names the value to fix."]
    for entry in entries:
        head = f"- {entry.target or entry.source}: "
        lines += ["# " + line for line in textwrap.wrap(head + entry.text, 98, subsequent_indent="    ")]
    for item in aside:
        lines.append(f"# Left out of the values, as Halyard had it ({format_path(item.path)}):")
        text = to_yaml({item.path[-1]: item.value} if not isinstance(item.path[-1], int) else [item.value])
        lines += ["#   " + line for line in text.rstrip("\n").split("\n")]
        if item.env:
            lines.append("# and the secrets.env entries its placeholders need (add them back with it):")
            lines += ["#   " + line for line in to_yaml(item.env).rstrip("\n").split("\n")]
    return lines + [""]


def secret_manifest(name, files, services=()) -> str:
    data = {f.key: base64.b64encode(f.content).decode("ascii") for f in files}
    metadata = {"name": name, "labels": {"app.kubernetes.io/part-of": "spinnaker"}}
    manifest = {"apiVersion": "v1", "kind": "Secret", "metadata": metadata, "type": "Opaque", "data": data}
    readers = f" (read by {', '.join(services)})" if services else ""
    return "---\n# Files the Halyard config named, for the chart's secrets.files (mounted at /var/secrets)" \
           f"{readers}.\n# Encrypt it (sealed-secrets, SOPS, external-secrets) before committing it anywhere.\n" \
           + to_yaml(manifest)


def credentials_manifest(values: dict) -> str:
    metadata = {"name": credentials.SECRET_NAME, "labels": {"app.kubernetes.io/part-of": "spinnaker"}}
    data = {k: base64.b64encode(v.encode()).decode("ascii") for k, v in sorted(values.items())}
    manifest = {"apiVersion": "v1", "kind": "Secret", "metadata": metadata, "type": "Opaque", "data": data}
    return "# Credentials the Halyard config held inline; the halconfig refers to them as ${HAL_...}.\n" \
           "# Encrypt it (sealed-secrets, SOPS, external-secrets) before committing it anywhere.\n" + to_yaml(manifest)


def kubectl_command(name, files, namespace) -> str:
    """`namespace`: a name, or `$NAMESPACE` (written for the shell to expand)."""
    files = " ".join(shlex.quote(f"--from-file={f.key}={f.found}") for f in files)
    return f"kubectl create secret generic {shlex.quote(name)} --namespace {_shell(namespace)} {files}"


def _shell(namespace: str) -> str:
    return '"$NAMESPACE"' if namespace == "$NAMESPACE" else shlex.quote(namespace)


def cutover_steps(migration, secrets_dir: str | None = None) -> list[str]:
    """The steps from Halyard's install to the release, each command doing exactly what its text says.
    Halyard labelled every object it made `app=spin`, `cluster=spin-<name>` (its manifests' templates,
    halyard-deploy/src/main/resources/kubernetes/manifests/{deployment,service,secret}.yml); only
    its Deployments carry `app.kubernetes.io/managed-by=halyard`, so that label would leave its
    Services and Secrets behind."""
    ns = migration.halyard_namespace
    n = f"-n {_shell(ns)}"
    values = migration.values
    ha = values.get("ha") or {}
    echo_split = (ha.get("echo") or {}).get("enabled")
    scheduler = "spin-echo-scheduler" if echo_split else "spin-echo"
    external = (values.get("redis") or {}).get("externalUrl") or ""
    halyard_redis = migration.spin_redis == "used"
    if migration.namespace:
        where = (f"Pick the namespace. Halyard's objects live in `{ns}` as `spin-<service>` Deployments, Services "
                 f"and Secrets (labelled `app=spin`). Installing the release into a new namespace (e.g. "
                 f"`{ns}-helm`) lets both run side by side until the switch; installing into `{ns}` works too: the "
                 "chart's objects are `<release>-spinnaker-<service>`, which do not collide with Halyard's. The "
                 f"commands below install into `{ns}`: for another namespace change their `-n`/`--namespace` (the "
                 "Secret manifests name none, so they go where you apply them).")
    else:
        where = (f"Pick the namespace. Halyard's config names its namespace {migration.location!r}, a placeholder "
                 "your own tooling filled in, so the commands below say `\"$NAMESPACE\"`: first run `export "
                 "NAMESPACE=<Halyard's namespace>` (or run migrate again with `--namespace NAME`). They install the "
                 "release next to Halyard's `spin-<service>` objects (the chart's `<release>-spinnaker-<service>` "
                 "names do not collide); for a new namespace change the `-n`/`--namespace` of the commands that "
                 "create the Secrets and install (the Secret manifests name none).")
    steps = [where]
    applied = f"`kubectl {n} apply -f {shlex.quote(secrets_dir.rstrip('/') + '/')}`" if secrets_dir else \
        "the manifests `migrate --secrets-dir DIR` writes, applied with `kubectl " + n + " apply -f DIR/`"
    if migration.files:
        names = ", ".join(f"`{g.name}`" for g in migration.groups)
        how = "the kubectl commands above" if migration.kubectl else applied
        steps.append(f"Create the Secrets of the referenced files ({names}) in the release namespace, before "
                     f"installing: {how}" + (f" (or {applied})" if migration.kubectl and secrets_dir else "") + ".")
    if migration.credentials:
        steps.append(f"Create the Secret `{credentials.SECRET_NAME}` in the release namespace, before installing "
                     f"({applied}): the services read the halconfig's credentials from it.")
    if halyard_redis:
        redis = (f"the release uses Halyard's own Redis, spin-redis (`redis.externalUrl: {external}`), so they "
                 "carry over, and step " + "{remove}" + " keeps it; ")
    elif external:
        redis = "the release uses the Redis Halyard's services used (`redis.externalUrl`), so they carry over; "
    else:
        redis = ("the release starts an empty Redis of its own: to keep them point it at Halyard's with "
                 "`redis.externalUrl: redis://spin-redis.<Halyard's namespace>:6379` first (see \"Left for a "
                 "human\"); ")
    steps.append("Keep the data. front50's store (the halconfig's persistentStorage) is shared as it is. Redis holds "
                 "orca's running and recent executions (unless orca uses SQL), echo's scheduler state, igor's "
                 "already-seen builds and gate's sessions: " + redis + "let running pipelines finish before the "
                 "switch.")
    steps += [
        f"Avoid two echo schedulers: cron triggers fire once per running scheduler. Before the release starts, "
        f"scale Halyard's echo to zero: `kubectl {n} scale deployment {scheduler} --replicas=0`, or install "
        "with `profiles.echo: {scheduler: {enabled: false}}` and remove it at the switch. Do the same for igor "
        f"(`kubectl {n} scale deployment spin-igor --replicas=0`): two igors trigger every new build twice.",
        f"Install: `spinnaker-renderer helm install spin --namespace {_shell(ns)} -f values.yaml` (the renderer's "
        "own chart; or helm with `--post-renderer spinnaker-renderer --post-renderer-args post-render`), and wait "
        "for `helm test`.",
        "Switch users over: point your Ingress/DNS (or `expose.host`) at the release's deck and gate Services; "
        "Deck's and Gate's public URLs come from `expose.host` or the halconfig's overrideBaseUrls.",
    ]
    selector = shlex.quote("app=spin,cluster!=spin-redis") if migration.spin_redis else "app=spin"
    kept = {"used": " but its Redis, which the release uses",
            "unused": " but its Redis (in case you pointed `redis.externalUrl` at it)"}.get(migration.spin_redis, "")
    names = "Then, if you want Halyard's names back, set `fullnameOverride: spin` and upgrade"
    steps.append("Remove Halyard's install" + kept
                 + f": list it with `kubectl {n} get deployment,service,secret -l {selector}`, then "
                 f"`kubectl {n} delete deployment,service,secret -l {selector}`. Stop the Halyard daemon so no `hal "
                 "deploy apply` brings them back. " + ("(Halyard's names back: see the last step.)"
                                                       if migration.spin_redis else names + "."))
    delete_redis = f"`kubectl {n} delete deployment,service,secret -l app=spin,cluster=spin-redis`"
    after = f" {names} (not before: the chart's Redis is then named spin-redis too)."
    if halyard_redis:
        steps[3] = steps[3].replace("{remove}", str(len(steps)))

        def redis_cli(command):
            return (f"`kubectl {n} exec statefulset/spin-spinnaker-redis -- sh -c 'REDISCLI_AUTH=\"$(cat "
                    f"/run/secrets/redis/redis-password)\" redis-cli {command}'`")
        steps.append(
            "Later, move onto the chart's own Redis (on a volume: spin-redis keeps its data in its pod only), at a "
            "quiet moment (no pipeline running; the commands are for release `spin`): remove `redis.externalUrl` "
            "from values.yaml and upgrade, which starts the chart's Redis and restarts the services on it, empty. "
            f"Copy spin-redis's data into it with {redis_cli(f'REPLICAOF spin-redis.{migration.namespace} 6379')}; "
            f"run {redis_cli('INFO replication')} until it says `master_link_status:up`, then "
            f"{redis_cli('REPLICAOF NO ONE')}. Restart the services on the copied state: `kubectl {n} rollout "
            f"restart deployment -l app.kubernetes.io/instance=spin`. Then delete spin-redis: {delete_redis}."
            + after)
    elif migration.spin_redis:
        steps.append("Delete Halyard's Redis once nothing uses it (the release runs its own unless `redis.externalUrl` "
                     f"points at spin-redis): {delete_redis}." + after)
    return steps
