"""Environment variables and credentials: service-settings `env` as Kubernetes EnvVars (JAVA_OPTS as
`javaOpts`), and every literal credential in them, in JAVA_OPTS or in the user's own containers read
from the credentials Secret (renderer.migrate.credentials) instead. Runs after pods (the containers)."""
from __future__ import annotations

import re

from ...service_facts import SERVICES
from .facts import UNKNOWN_SETTING, deep, deep_get, env_text, said, service_of
from .jvm import HALYARD_JAVA_OPTS

# Variables the chart sets itself: a second definition would clash with them.
CHART_ENV = {
    "SPRING_PROFILES_ACTIVE": "the chart sets the Spring profiles (helm[,<split>],local[,<split>-local]); "
                              "Halyard's `local` profiles are `profiles.<service>`.",
    "API_HOST": "the chart points Deck at its Gate itself.",
    "DECK_HOST": "the chart sets Deck's listen address.",
    "DECK_PORT": "the chart sets Deck's port (`services.deck.port`).",
}


def run(hal) -> None:
    hal.each(hal.fields(("env",)), lambda name, key, value, where: _env(hal, name, value, where))
    _containers_env(hal)


def _env(hal, name, value, where):
    if hal.split_away(name, "env", where):
        return
    if not isinstance(value, dict):
        hal.report.dropped(where, UNKNOWN_SETTING)
        return
    svc = hal.place(name)
    path = ".".join(svc)
    env = []
    for var, text in sorted(value.items(), key=lambda item: str(item[0])):
        here = f"{where}.{var}"
        if var == "JAVA_OPTS" and SERVICES[service_of(name)].java:
            if hal.text(text, here):
                opts, defines = _java_opts(hal, name, env_text(text), here)
                env.extend(defines)
                deep(hal.values, svc + ("javaOpts",), opts)
                hal.report.mapped(here, f"{path}.javaOpts")
        elif var in CHART_ENV:
            _chart_env(hal, name, str(var), text, here)
        elif isinstance(text, (dict, list)):
            hal.report.human(here, f"a {type(text).__name__} where an environment variable's value "
                                   f"belongs; skipped. Add it to `{path}.env` by hand.")
        else:
            env.append(_env_var(hal, name, str(var), text, here))
    if env:
        hal.settings_of(name).setdefault("env", []).extend(env)
        hal.report.converted(where, f"{path}.env", f"{', '.join(e['name'] for e in env)}: a map written as "
                                                   "Kubernetes EnvVars")


def _chart_env(hal, name, var, value, where):
    """An env var the chart sets itself (CHART_ENV): carried where the chart has a value for what it
    did, else reported with the value that restores it."""
    service = service_of(name)
    if var == "SPRING_PROFILES_ACTIVE" and SERVICES[service].java and not isinstance(value, (dict, list)):
        ours = {"helm", "local"} | {p for split in SERVICES[service].splits if split.name == name
                                    for p in split.profiles} | {f"{name[len(service) + 1:]}-local"}
        extra = [p.strip() for p in str(value).split(",") if p.strip() and p.strip() not in ours]
        if extra:
            # Spring Boot adds `spring.profiles.include` (here a system property) to the active profiles,
            # so the service runs the user's as well as the chart's (helm, local).
            path = hal.place(name) + ("javaOpts",)
            options = deep_get(hal.values, path) or HALYARD_JAVA_OPTS
            flag = f"-Dspring.profiles.include={','.join(extra)}"
            deep(hal.values, path, f"{options} {flag}")
            hal.report.converted(where, ".".join(path),
                                 f"SPRING_PROFILES_ACTIVE {value}: the chart sets SPRING_PROFILES_ACTIVE itself "
                                 "(helm[,<split>],local[,<split>-local]: its own settings, then your profiles), "
                                 f"so the profiles Halyard's default did not run ({', '.join(extra)}) are added "
                                 f"with {flag} in JAVA_OPTS, which Spring Boot adds to the active ones.")
            return
        hal.report.dropped(where, CHART_ENV[var])
        return
    gate = hal.settings.get("gate") or {}
    if var == "API_HOST" and name == "deck" and "enabled" in gate and str(gate["enabled"]).lower() == "false":
        hal.report.human(where, f"Halyard's Deck proxied /gate to {said(value)}, a Gate outside Halyard's "
                                "deployment (service-settings/gate.yml: enabled: false); the chart sets Deck's "
                                "API_HOST to its own Gate, which does not run with `services.gate.enabled: "
                                "false`. Keep Halyard's with a patch: `patches: [{target: {kind: Deployment, "
                                "name: <release>-spinnaker-deck}, patch: {spec: {template: {spec: {containers: "
                                f"[{{name: deck, env: [{{name: API_HOST, value: '{value}'}}]}}]}}}}}}]`."
                         + (" It names spin-gate, the name Halyard gives a gate Service, which the release does "
                            "not render: the patch works only while that Service (kept from Halyard's install) "
                            "runs, so point it at the Gate you run."
                            if re.search(r"://spin-gate(?![a-z0-9-])", str(value)) else ""),
                         target="patches")
        return
    hal.report.dropped(where, CHART_ENV[var])


def _env_var(hal, service, var, value, where):
    """An EnvVar for a service-settings `env` entry: a credential (renderer.model.credentials) goes into
    the credentials Secret and is read from there; one YAML read as a number keeps its text."""
    from ...model.credentials import env_credential, typed_credential
    from ...read.yaml11 import plain_scalars
    from ..credentials import SECRET_NAME, env_name, kept_as_written

    if hal.vault is None or not (env_credential(var, value) or typed_credential(var, value)):
        return {"name": var, "value": env_text(value)}
    text = hal.texts.get(service, "")
    written = plain_scalars(text, [("env", var)]).get(("env", var)) if text else None
    value = kept_as_written(value, written, where, hal.report)
    key = hal.vault.store(env_name(("ENV", service, var)), value, where, f"the credential in env var {var}",
                          f"{service} reads it with valueFrom.secretKeyRef")
    return {"name": var, "valueFrom": {"secretKeyRef": {"name": SECRET_NAME, "key": key}}}


def _java_opts(hal, service, text, where):
    """(JAVA_OPTS, env entries): each `-D<credential>=value` goes into the credentials Secret, defined as
    an env var and used as `$(NAME)`, which Kubernetes expands from the variables defined before it
    (the chart writes JAVA_OPTS after services.<name>.env)."""
    from ...model.credentials import java_opts_credentials
    from ..credentials import SECRET_NAME, env_name

    found = java_opts_credentials(text) if hal.vault is not None else []
    defines, out, last = [], [], 0
    for prop, value, (start, end) in found:
        if "$(" in value:
            continue
        var = env_name(("JAVA_OPTS", service, prop))
        hal.vault.store(var, value, where, f"-D{prop} in JAVA_OPTS", f"{service} reads it as $({var}) in its JAVA_OPTS")
        defines.append({"name": var, "valueFrom": {"secretKeyRef": {"name": SECRET_NAME, "key": var}}})
        quote = text[start] if text[start] in "'\"" else ""
        out += [text[last:start], f"{quote}$({var}){quote}"]
        last = end
    return "".join(out) + text[last:], defines


def _containers_env(hal):
    """The user's own containers (sidecars, init containers) of each service and HA split, with their
    literal credentials read from the credentials Secret, as the service's own env is: in `env`, and
    in `command`/`args` (`--client-secret=...`) as `$(NAME)` of an env var defined from the Secret,
    which Kubernetes expands there."""
    places = [(("services", service), service) for service in sorted(hal.values.get("services") or {})]
    places += [(("ha", service, "splits", key), f"{service}-{key}")
               for service, block in sorted((hal.values.get("ha") or {}).items()) if isinstance(block, dict)
               for key in sorted(block.get("splits") or {})]
    for path, owner in places:
        settings = deep_get(hal.values, path) or {}
        for kind in ("sidecars", "initContainers"):
            for container in settings.get(kind) or ():
                if not isinstance(container, dict):
                    continue
                where = f"{hal.source}.{kind}.{owner}.{container.get('name')}"
                env = container.get("env")
                if isinstance(env, list):
                    container["env"] = [
                        _env_var(hal, f"{owner}_{container.get('name')}", str(e["name"]), e["value"],
                                 f"{where}.env.{e['name']}")
                        if isinstance(e, dict) and "name" in e and "value" in e else e for e in env]
                _container_args(hal, owner, container, where)


def _container_args(hal, owner, container, where):
    """`command`/`args` credentials of a user's container (renderer.model.credentials.arg_credentials)
    into the credentials Secret: the value becomes `$(NAME)`, NAME defined in the container's env."""
    from ...model.credentials import arg_credentials
    from ..credentials import SECRET_NAME, env_name

    if hal.vault is None:
        return
    for part in ("command", "args"):
        items = container.get(part)
        found = [f for f in arg_credentials(items) if "$(" not in f[2]]
        if not found:
            continue
        items = list(items)
        for index, flag, value, (start, end) in reversed(found):
            var = env_name(("ARG", owner, container.get("name"), flag or f"{part}_{index}"))
            hal.vault.store(var, value, f"{where}.{part}[{index}]", f"the credential in {part}[{index}]"
                            + (f" ({flag})" if flag else ""),
                            f"{owner}'s container {container.get('name')} reads it as $({var}), defined from "
                            "the Secret in its env (Kubernetes expands it in command and args)")
            item = items[index]
            quote = item[start] if item[start:start + 1] in ("'", '"') and item[start:end] != value else ""
            items[index] = f"{item[:start]}{quote}$({var}){quote}{item[end:]}"
            define = {"name": var, "valueFrom": {"secretKeyRef": {"name": SECRET_NAME, "key": var}}}
            env = container.setdefault("env", [])
            if define not in env:
                env.insert(0, define)
        container[part] = items
