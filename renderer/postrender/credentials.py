"""Credentials in a service's files and pods, by the one rule (`renderer.model.credentials`).

- Which files go into the service's Secret rather than its ConfigMap: a file holding a credential the
  halconfig declares, one found in a free-form part of it (plugin `config`, ...), a URL with a
  password, or (profiles, split profiles: free-form Spring settings) a credential-shaped key.
- The backstop: a ConfigMap about to be emitted holding any of them refuses the render (a defect of
  the decision above, never shipped).
- Literal credentials in the workloads' env (`services.<name>.env`, `serviceDefaults.env`, sidecars),
  `-D<credential>=` in JAVA_OPTS and `--<credential>=` in a container's `command` or `args` (sidecars,
  init containers): moved into the service's Secret and read back through `valueFrom.secretKeyRef`
  (JAVA_OPTS, command and args through a variable defined from it, `$(NAME)`), with a warning that
  the value still sits in the user's values.
- Profiles' credentials that YAML read as numbers or booleans: a warning.

A translated file (thousands of accounts) is never walked key by key: the model says where its
credentials are, and its text is searched for URL passwords at C speed.
"""
from __future__ import annotations

import re

from ..model.credentials import (arg_credentials, credential_key, credentials_in, env_credential, found_in,
                                 free_form_credentials, is_set, java_opts_credentials, text_credentials,
                                 typed_credential, typed_fix, typed_message, url_passwords, with_references)
from ..problems import format_path
from .errors import PostRenderError

ENV_KEY = "env."  # Secret keys of moved env values: never a config file name (those end in .yml or .js)


class Judge:
    """Which of the release's files hold a credential, each file's data judged once (spinnaker.yml is one
    object shared by every service); `credentials`: every credential string of them, for the checks that
    look for one in text (Deck's .js files) and `plan`'s masking."""

    def __init__(self, hal: dict, files: dict, outputs: dict, known: set):
        from ..model import HAL

        self.translated = frozenset(id(data) for data in outputs.values())
        self.credentials = set(known) | free_form_credentials(HAL, hal)
        self._found: dict = {}  # id(data) -> whether it holds a credential, for the files walked key by key
        for service_files in files.values():
            for name, data in service_files.items():
                if id(data) in self.translated or id(data) in self._found:
                    continue
                if isinstance(data, str):
                    if not name.endswith(".yml"):
                        continue  # Deck's .js files: searched as text (`holds`, refuse_in_settings_js)
                    # A Spring file the user gave as text holds what its YAML holds.
                    found = set().union(*(text_credentials(d) for d in _text_documents(name, data)))
                else:
                    found = text_credentials(data)
                self._found[id(data)] = bool(found)
                self.credentials |= found

    def holds(self, data, written) -> bool:
        """Does this file (its data, and `written`: its Written) hold a credential?"""
        known = self.credentials
        if isinstance(data, str):
            return self._found.get(id(data), False) or bool(credentials_in(data, known)) or bool(url_passwords(data))
        if not known.isdisjoint(written.strings) or url_passwords(written.text):
            return True
        return self._found.get(id(data), False)


def _text_documents(name: str, text: str) -> tuple:
    """The documents of a Spring file given as text. ConfigSet refused text no service can read (with its
    values path); should one reach here all the same, it is judged as a whole credential."""
    from ..problems import InvalidHalconfig
    from ..read.springtext import text_documents

    try:
        return text_documents(text, name)
    except InvalidHalconfig:
        return ({"password": text},)


def credentials(hal: dict, files: dict, outputs: dict, known: set) -> set:
    """Every credential string of the release's files: `known` (the halconfig's declared ones), those in
    its free-form fields, and those in the files that are not translated output (profiles)."""
    return Judge(hal, files, outputs, known).credentials


def check_config_map(service: str, plain: dict, files: dict, written: dict, judge: Judge) -> None:
    """The backstop: refuse to emit `service`'s ConfigMap when one of its files holds a credential."""
    for name in plain:
        if judge.holds(files[name], written[name]):
            raise PostRenderError(f"{service}'s file {name} holds a credential but was about to go into a "
                                  "ConfigMap; nothing was written.",
                                  "This is a defect of spinnaker-renderer: please report it (without the file).",
                                  where=f"{service}/{name}")


def refuse_in_settings_js(files: dict, outputs: dict, known: set) -> None:
    """Deck serves settings.js and settings-local.js to every browser that opens Spinnaker: a credential
    there is given to everyone who can load the page, so it is refused. settings.js is judged on the
    values it was written from (a credential's text may well be a word the settings hold too)."""
    from ..model.walk import strings

    deck = files.get("deck") or {}
    settings = outputs.get("settings.js")
    if "settings.js" in deck and isinstance(settings, dict):
        texts = strings(settings)
        if not known.isdisjoint(texts) or any(url_passwords(t) for t in texts):
            raise PostRenderError("Deck's settings.js would hold a credential of the halconfig; Deck serves that "
                                  "file to every browser that opens Spinnaker.", "This is a defect of "
                                  "spinnaker-renderer: please report it (without the halconfig).", where="halconfig")
    local = deck.get("settings-local.js")
    if isinstance(local, str) and (credentials_in(local, known) or url_passwords(local)
                                   or _js_credential(local)):
        raise PostRenderError("it holds a credential; Deck serves settings-local.js to every browser "
                              "that opens Spinnaker.", "Remove it (a credential Deck's users need belongs in "
                              "Gate's config, which stays on the server).", where="settingsLocalJs")


# A JavaScript property set to a string literal: `token: '...'`, `x.apiKey = "..."`.
# Compiled (and cached by `re`) only for a release with settings-local.js.
_JS_PROPERTY = r"""([A-Za-z_$][\w$]*)["']?\s*[:=]\s*(["'`])((?:(?!\2)[^\\\n]|\\.)*)\2"""


def _js_credential(text: str) -> bool:
    return any(credential_key(key) and is_set(value) for key, _, value in re.findall(_JS_PROPERTY, text))


def typed_profile_warnings(bundle: dict, written=None) -> list:
    """Profiles' credentials that Helm's reader made numbers or booleans of. `written(path)`: the text
    written at a values path, when the caller has the values files (`validate -f`), else None."""
    out = []
    profiles = bundle.get("profiles") or {}
    for name in sorted(profiles, key=str):
        for path, value in found_in(profiles[name], ("profiles", name)):
            parent = path[-2] if len(path) > 2 and isinstance(path[-2], str) else None
            key = next((p for p in reversed(path) if isinstance(p, str)), "")
            if typed_credential(key, value, parent):
                text = written(path) if written else None
                message = typed_message(value, text) if text is not None else typed_message(value, via_helm=True)
                out.append(f"warning: {format_path(path)}: {message} {typed_fix(key)}")
    return out


# --- env -----------------------------------------------------------------------------------------

def env_credentials(docs, workload_service) -> tuple[dict, list]:
    """({service: {Secret key: value}}, [(doc, parsed object, service)]): the literal credentials in the
    services' workloads' env, and the workloads to re-write once the Secrets are named. `workload_service`
    gives the service whose config a workload document mounts (None for others)."""
    moved: dict = {}
    edits = []
    for doc in docs:
        if doc.kind not in ("Deployment", "StatefulSet"):
            continue
        service = workload_service(doc)
        if service is None:
            continue
        # Parsed without a cheaper look at the text first: the runtime judge reads every service
        # workload (postrender/judge.pods), and the parse is kept for it.
        try:
            obj = doc.parse()
            spec = obj["spec"]["template"]["spec"]
        except Exception:  # not the chart's workload: the passes that wire it say so
            continue
        values = moved.setdefault(service, {})
        changed = False
        for group in ("initContainers", "containers"):
            for container in spec.get(group) or ():
                if not isinstance(container, dict) or not isinstance(container.get("name"), str):
                    continue
                if isinstance(container.get("env"), list):
                    changed |= _move_env(container, service, values)
                if isinstance(container.get("command"), list) or isinstance(container.get("args"), list):
                    changed |= _move_arguments(container, service, values)
        if changed:
            edits.append((doc, obj, service))
        elif not values:
            moved.pop(service)
    return moved, edits


def _secret_key(container: str, service: str, name: str) -> str:
    prefix = ENV_KEY if container == service else f"{ENV_KEY}{container}."
    return prefix + re.sub(r"[^-._A-Za-z0-9]", "_", name)


def _move_env(container: dict, service: str, values: dict) -> bool:
    """Replace the container's literal credential env values by references to the service's Secret
    (its placeholder name, replaced when the Secret is named); True when something moved."""
    from .bundle import PLACEHOLDER

    secret = f"{PLACEHOLDER}secret-{service}"
    env = container["env"]
    out = []
    changed = False
    for entry in env:
        name, value = (entry.get("name"), entry.get("value")) if isinstance(entry, dict) else (None, None)
        if not isinstance(name, str) or not isinstance(value, str):
            out.append(entry)
            continue
        if name == "JAVA_OPTS" and java_opts_credentials(value):
            defines, value = _java_opts(value, container["name"], service, secret, values)
            out.extend(defines)
            out.append(dict(entry, value=value))
            changed = True
        elif env_credential(name, value) and "$(" not in value:
            key = _keep(values, _secret_key(container["name"], service, name), _as_seen(value),
                        f"{container['name']}.{name}")
            out.append({"name": name, "valueFrom": {"secretKeyRef": {"name": secret, "key": key}}})
            changed = True
        else:
            out.append(entry)
    container["env"] = out
    return changed


def _as_seen(value: str) -> str:
    """The value as the container saw it: Kubernetes reduces `$$` to `$` in an env `value` (never in one
    read from a Secret)."""
    return value.replace("$$", "$") if "$$" in value else value


def _keep(values: dict, key: str, value: str, what: str) -> str:
    if values.get(key, value) != value:  # HA splits of one service giving one variable two values
        raise PostRenderError(f"the workloads of one service give the credential env var {what} different "
                              "values; they share one Secret.", "Give the variable one value for the service, "
                              "or better, take it from a Secret of yours (secrets.env).", where=what)
    values[key] = value
    return key


def _java_opts(text: str, container: str, service: str, secret: str, values: dict):
    """([env entries defining each credential from the Secret], JAVA_OPTS with `$(NAME)` in their place).
    Kubernetes expands `$(NAME)` in a value from the variables defined before it in the list, so the
    definitions go right before JAVA_OPTS."""
    found = java_opts_credentials(text)
    defines, names = _defines(found, "JAVA_OPTS_", container, service, secret, values,
                              lambda prop: f"{container}.JAVA_OPTS -D{prop}")
    return defines, with_references(text, found, names)


def _defines(found, prefix: str, container: str, service: str, secret: str, values: dict, what, taken=None):
    """([env entries defining each of `found` from the Secret], [the variable of each, None where left as
    it is]). `taken`: {variable: the value it carries} of the container's env (None: the user's own); a
    name taken for another value gets a number. A value that refers to another variable (`$(`) only
    Kubernetes' own expansion can resolve: left as it is."""
    taken = {} if taken is None else taken
    defines, names = [], []
    for name, value, _ in found:
        if "$(" in value:
            names.append(None)
            continue
        seen = _as_seen(value)
        var = base = prefix + re.sub(r"[^A-Za-z0-9]", "_", name).upper().strip("_")
        number = 1
        while var in taken and taken[var] != seen:
            number += 1
            var = f"{base}_{number}"
        if var not in taken:
            key = _keep(values, _secret_key(container, service, var), seen, what(name))
            defines.append({"name": var, "valueFrom": {"secretKeyRef": {"name": secret, "key": key}}})
            taken[var] = seen
        names.append(var)
    return defines, names


def _move_arguments(container: dict, service: str, values: dict) -> bool:
    """Replace the literal credentials in the container's `command` and `args` items by `$(NAME)` of a
    variable defined from the service's Secret (Kubernetes expands them from the container's env, all of
    it, wherever it is defined: pkg/kubelet/container/helpers.go `ExpandContainerCommandAndArgs`); True
    when something moved."""
    from .bundle import PLACEHOLDER

    secret = f"{PLACEHOLDER}secret-{service}"
    name = container["name"]
    env = container.get("env") if isinstance(container.get("env"), list) else []
    taken = {e.get("name"): None for e in env if isinstance(e, dict)}
    added: list = []
    for field in ("command", "args"):
        items = container.get(field)
        if not isinstance(items, list):
            continue
        by_item: dict = {}
        for index, *found in arg_credentials(items):
            by_item.setdefault(index, []).append(tuple(found))
        for index, found in by_item.items():
            defines, names = _defines(found, "ARG_", name, service, secret, values,
                                      lambda flag: f"{name}.{field}[{index}]" + (f" --{flag}" if flag else ""), taken)
            added += defines
            items[index] = with_references(items[index], found, names)
    if added:
        container["env"] = env + added
    return bool(added)


def rewrite_env(edits) -> list:
    """Write back the workloads `env_credentials` changed; the warnings to show."""
    from renderer.write.config_text import to_yaml

    said = []
    for doc, obj, service in edits:
        doc.rewrite(obj, to_yaml(obj))
        said.append(service)
    return [f"warning: services.{service}: a literal credential in {service}'s pods (env, javaOpts, or a "
            f"container's command or args, from services.{service} or serviceDefaults) was moved into {service}'s Secret and is "
            "read from there (valueFrom.secretKeyRef); it is still in your values and Helm's release record. "
            "Put it in a Secret of your own and name it in `secrets.env` (with `${NAME}` in the config) or in "
            "an env `valueFrom.secretKeyRef`." for service in sorted(set(said))]
