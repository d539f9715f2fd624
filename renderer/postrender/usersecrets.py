"""Wire the user's existing Secrets (`secrets.files`, `secrets.env`) into the services that need them.

A Secret reaches a service when the service's config refers to it: a
`/var/secrets/<key>` path (files) or a Spring `${NAME}` placeholder (env) in
its translated config, its profiles, or its own workload (`services.<name>.env`, sidecars).
An entry's `services` list replaces that derivation. Deck's settings.js is
served to browsers and never counts; its `deck.env` (TLS files) does.

Only the workloads that get a Secret are parsed and re-written, so changing an
entry rolls exactly the services that mount it; every other document passes
through byte for byte. The chart names the main container after its service
and tells the monitoring sidecar's name in the bundle (`secrets`).
"""
from __future__ import annotations

import re

from renderer.write.config_text import to_yaml
from .errors import PostRenderError
from ..model.walk import strings
from .objects import PLACEHOLDER
from ..runtime.placeholders import may_hold_placeholder
from .stream import NotYaml

VOLUME = "spinnaker-secret-files"
MONITORING_FILES = ("spinnaker-monitoring.yml", "spinnaker-monitoring-registry.yml")
_KEY = r"[-._A-Za-z0-9]+"
_CONFIGMAP = re.compile(re.escape(PLACEHOLDER + "configmap-") + r"([-a-z0-9]+)")


def _mounted(text: str) -> set:
    """The services whose config `text` (a document) mounts. A substring test first: the pattern
    would step through every character of the bundle's megabytes to find none."""
    return set(_CONFIGMAP.findall(text)) if PLACEHOLDER + "configmap-" in text else set()


class References:
    """What one container's config refers to: secret file keys and env placeholders."""

    def __init__(self, mount_path: str):
        self._path = re.compile(re.escape(mount_path.rstrip("/")) + "/(" + _KEY + ")")
        self.keys: set[str] = set()
        self.texts: list[str] = []

    def add(self, data) -> None:
        self.add_strings(strings(data))

    def add_strings(self, texts: list) -> None:
        """The string values of a file's data (`strings(data)`)."""
        # One search of them all, joined by a line break, which neither the mount path nor a key
        # can hold: the same keys as a search of each, at C speed.
        joined = "\n".join(texts)
        self.keys.update(self._path.findall(joined))
        if may_hold_placeholder(joined):
            self.texts.extend(text for text in texts if "${" in text)

    def uses_env(self, name: str) -> bool:
        pattern = re.compile(r"\$\{" + re.escape(name) + r"(?::[^}]*)?\}")
        return any(pattern.search(text) for text in self.texts)


def _entries(bundle: dict, known: set):
    """The validated `secrets.files` and `secrets.env` entries."""
    secrets = bundle.get("secrets") or {}
    checked = {}
    for section, required in (("files", ("secretName",)), ("env", ("name", "secretName", "key"))):
        entries = secrets.get(section) or []
        if not isinstance(entries, list):
            raise PostRenderError("must be a list.", where=f"secrets.{section}")
        for i, entry in enumerate(entries):
            where = f"secrets.{section}[{i}]"
            if not isinstance(entry, dict):
                raise PostRenderError("must be a mapping, e.g. {secretName: my-secret}"
                                      + (" (a plain Secret name is the old form)." if section == "files" else "."),
                                      where=where)
            for key in required:
                if not isinstance(entry.get(key), str) or not entry[key]:
                    raise PostRenderError(f"needs {key}.", where=where)
            for key in ("keys", "services"):
                value = entry.get(key) or []
                if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                    raise PostRenderError(f"{key} must be a list of names.", where=where)
            for n, service in enumerate(entry.get("services") or ()):
                if service not in known:
                    raise PostRenderError(f"names {service!r}, which is not a Spinnaker service.",
                                          "Use service names such as clouddriver, gate or deck (HA splits get "
                                          "their service's Secrets).", where=f"{where}.services[{n}]")
        checked[section] = entries
    return checked["files"], checked["env"], secrets


_WHOLE_PLACEHOLDER = r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}"  # front50's S3 keys only: compiled when used


def _front50_aws_env(env_entries: list, refs: dict, running: set) -> list:
    """[(AWS_..., secrets.env entry)] for front50's S3 keys given as `${NAME}`:
    each must name a `secrets.env` entry that reaches front50."""
    if "front50" not in running:
        return []
    by_name = {e["name"]: e for e in env_entries}
    wired = []
    for env, (path, value) in sorted(refs.items()):
        match = re.fullmatch(_WHOLE_PLACEHOLDER, value)
        entry = by_name.get(match.group(1)) if match else None
        if entry is None:
            raise PostRenderError(f"is {value!r}; front50 reads its S3 keys from {env}, and Kubernetes does not "
                                  "expand Spring placeholders there.",
                                  "Write exactly ${NAME} and add a secrets.env entry {name: NAME, secretName: "
                                  "..., key: ...} for it (a variable of services.front50.env cannot be used "
                                  "here), or write the key itself.", where=path)
        if entry.get("services") and "front50" not in entry["services"]:
            raise PostRenderError(f"is {value!r}, but secrets.env entry {entry['name']!r} lists services "
                                  "without front50.", "Add front50 to that entry's services.", where=path)
        wired.append((env, entry))
    return wired


def mounted_service(doc):
    """The service whose config a workload document mounts, or None."""
    services = _mounted(doc.text)
    return next(iter(services)) if len(services) == 1 else None


def service_workloads(docs):
    """service -> the texts of its workload documents (found by the ConfigMap placeholders they carry)."""
    by_service: dict = {}
    for doc in docs:
        if doc.kind in ("Deployment", "StatefulSet"):
            for service in _mounted(doc.text):
                by_service.setdefault(service, []).append(doc.text)
    return lambda service: by_service.get(service, [])


def route(bundle: dict, files: dict, outputs: dict, workload_texts, front50_refs: dict | None = None,
          written: dict | None = None) -> dict:
    """{service: {"files": [secret names], "sidecarFiles": [secret names], "env": [entries],
    "aws": [(AWS_... var, entry)]}}; `workload_texts` from service_workloads; `front50_refs` from
    translate.front50.front50_env_refs; `written` (`written.write_files(files)`) holds the files'
    strings, collected once."""
    workloads = bundle["services"]
    running = {w["service"] for w in workloads.values()}
    known = running | set(bundle.get("disabled") or ())
    file_entries, env_entries, secrets = _entries(bundle, known)
    aws = _front50_aws_env(env_entries, front50_refs or {}, running)
    if not file_entries and not env_entries:
        return {}
    mount_path = secrets.get("mountPath") or "/var/secrets"
    main = {service: References(mount_path) for service in running}
    sidecar = {service: References(mount_path) for service in running}
    for service, service_files in files.items():
        for name, data in service_files.items():
            if service == "deck" and name.endswith(".js"):
                continue  # served to every browser: never a reason to hand Deck a Secret
            refs = (sidecar if name in MONITORING_FILES else main)[service]
            if written is None:
                refs.add(data)
            else:
                refs.add_strings(written[service][name].strings)
    if "deck" in main:
        main["deck"].add(outputs.get("deck.env") or {})
    for service in running:
        for text in workload_texts(service):
            main[service].add(text)
    for _, entry in aws:  # front50 uses the placeholder, though not in its config files
        main["front50"].add("${" + entry["name"] + "}")

    routes: dict = {}

    def give(service, kind, value):
        routes.setdefault(service, {"files": [], "sidecarFiles": [], "env": [], "aws": []})[kind].append(value)

    for item in aws:
        give("front50", "aws", item)

    for i, entry in enumerate(file_entries):
        listed, keys = entry.get("services") or [], set(entry.get("keys") or ())

        def wants(refs):
            return bool(refs.keys & keys) if keys else bool(refs.keys)

        reached = False
        for service in sorted(running):
            if listed:
                if service in listed:
                    give(service, "files", entry["secretName"])
                continue
            if wants(main[service]):
                give(service, "files", entry["secretName"])
                reached = True
            if wants(sidecar[service]):
                give(service, "sidecarFiles", entry["secretName"])
                reached = True
        if not listed and not reached:
            paths = ", ".join(f"{mount_path}/{k}" for k in sorted(keys)) or f"{mount_path}/..."
            raise PostRenderError(f"Secret {entry['secretName']!r}: no service's config refers to {paths}, so no "
                                  "service would get it.", "Point the halconfig (or a profile) at the file, or "
                                  "say which services mount it: services: [clouddriver, ...].",
                                  where=f"secrets.files[{i}]")
    for i, entry in enumerate(env_entries):
        listed = entry.get("services") or []
        reached = False
        for service in sorted(running):
            if (service in listed) if listed else main[service].uses_env(entry["name"]):
                give(service, "env", entry)
                reached = True
        if not listed and not reached:
            raise PostRenderError(f"no service's config uses ${{{entry['name']}}}, so no service would get it.",
                                  "Use the placeholder in the halconfig (or a profile), or say which services "
                                  "need the variable: services: [front50, ...].", where=f"secrets.env[{i}]")
    return routes


def before_java_opts(env: list, added: list) -> list:
    """`env` with `added` at its end, but before JAVA_OPTS: Kubernetes expands `$(NAME)` in a value only
    from the variables defined before it, so javaOpts may use a `secrets.env` variable."""
    at = next((i for i, e in enumerate(env) if isinstance(e, dict) and e.get("name") == "JAVA_OPTS"), len(env))
    return env[:at] + added + env[at:]


def wire_secrets(docs, bundle: dict, routes: dict) -> None:
    """Add the routed volumes, mounts and env vars to the workloads of each routed service."""
    if not routes:
        return
    secrets = bundle.get("secrets") or {}
    mount_path = secrets.get("mountPath") or "/var/secrets"
    monitoring = secrets.get("monitoringContainer") or ""
    for doc in docs:
        if doc.kind not in ("Deployment", "StatefulSet"):
            continue
        services = _mounted(doc.text) & set(routes)
        if not services:
            continue
        [service] = services
        route = routes[service]
        try:
            obj = doc.parse()
            spec = obj["spec"]["template"]["spec"]
        except (NotYaml, TypeError, KeyError) as exc:
            problem = " ".join(str(exc).split())
            raise PostRenderError(f"cannot give {doc.kind} {doc.name} its Secrets: it is not the workload the "
                                  f"chart rendered ({problem}).", "The stream looks edited; render the chart again.",
                                  where="secrets") from None
        names = list(dict.fromkeys(route["files"] + route["sidecarFiles"]))
        if names:
            spec.setdefault("volumes", []).append(
                {"name": VOLUME, "projected": {"sources": [{"secret": {"name": n}} for n in names]}})
        for container in spec["containers"]:
            if container["name"] == service:
                mount = bool(route["files"])
                env = [{"name": e["name"], "valueFrom": {"secretKeyRef": {"name": e["secretName"], "key": e["key"]}}}
                       for e in route["env"]]
                env += [{"name": var, "valueFrom": {"secretKeyRef": {"name": e["secretName"], "key": e["key"]}}}
                        for var, e in route["aws"]]
                if env:
                    container["env"] = before_java_opts(container.get("env") or [], env)
            elif monitoring and container["name"] == monitoring:
                mount = bool(route["sidecarFiles"])
            else:
                continue
            if mount:
                container.setdefault("volumeMounts", []).append(
                    {"name": VOLUME, "mountPath": mount_path, "readOnly": True})
        try:
            doc.rewrite(obj, to_yaml(obj))
        except (TypeError, ValueError) as exc:
            raise PostRenderError(f"cannot write {doc.kind} {doc.name} back: {exc}.",
                                  "The stream looks edited; render the chart again.", where="secrets") from None
