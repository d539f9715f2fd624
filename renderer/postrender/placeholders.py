"""Spring `${NAME}` placeholders a service's config uses and nothing in its pod defines.

Spring Boot leaves a placeholder it cannot resolve in a bound property as the literal text:
a Slack token written `${SLACK_TOKEN}` with no SLACK_TOKEN in echo's environment starts echo
with the text `${SLACK_TOKEN}` as its token, and every message fails. A name is defined for a
service by its pod (the container's env, including what `secrets.env` routes to it, or a
`-Dname=` in its JAVA_OPTS), by a property of its own config files (`${jenkins.password}`), or
by Spring's relaxed binding of that property to an env var (JENKINS_PASSWORD). A pod that takes
env from `envFrom` may define anything, so it is not judged. The service starts either way:
each finding is a warning with the fix.
"""
from __future__ import annotations

import re

# No default (`${NAME:default}` always resolves).
_PLACEHOLDER = re.compile(r"\$\{([^}:${]+)\}")
_ENV_NAME = re.compile(r"^\s*-?\s*name:[ \t]*['\"]?([A-Za-z_][A-Za-z0-9_.-]*)", re.M)


def may_hold_placeholder(text: str) -> bool:
    """`"${" in text`, with the one-character search (at memory speed) first: the two-character one
    is a hundred times slower on a large config without a `$`."""
    return "$" in text and "${" in text


def _located(data, path=()):
    """(dotted path, string) of every string in parsed data."""
    if isinstance(data, str):
        yield ".".join(path), data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _located(value, path + (str(key),))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _located(value, path[:-1] + (f"{path[-1]}[{i}]",) if path else (f"[{i}]",))


def _has_property(files: dict, name: str) -> bool:
    """Whether a property `name` (dotted) is set in any of the service's files, as nested keys or a
    dotted key at any level."""
    parts = name.split(".")
    for data in files.values():
        if not isinstance(data, dict):
            continue
        stack = [(data, 0)]
        while stack:
            node, i = stack.pop()
            if i == len(parts):
                return True
            if not isinstance(node, dict):
                continue
            for j in range(i + 1, len(parts) + 1):  # `a.b: x` and `a: {b: x}` are the same property
                key = ".".join(parts[i:j])
                if key in node:
                    stack.append((node[key], j))
    return False


def _relaxed(name: str) -> str:
    """The env var Spring's relaxed binding reads for a property: jenkins.password -> JENKINS_PASSWORD."""
    return re.sub(r"[.\[\]]", "_", name).replace("-", "").upper()


def undefined_placeholders(files: dict, texts: dict, routes: dict, workload_texts) -> list[str]:
    """Warnings for placeholders used in each Java service's files that its pod does not define.
    `texts` holds each file's text (searched first: most files have no placeholder at all, and the
    largest, clouddriver.yml with its accounts, rarely does); `workload_texts(service)` gives the
    text of the service's workload documents."""
    found = []
    for service in sorted(files):
        if service == "deck":
            continue  # settings.js and deck.env are not Spring's
        own = texts.get(service) or {}
        used = [(name, data) for name, data in sorted(files[service].items())
                if not isinstance(data, str) and may_hold_placeholder(own.get(name, "${"))]
        if not used:
            continue
        pod = workload_texts(service)
        if any("envFrom" in text for text in pod):
            continue
        env = {m for text in pod for m in _ENV_NAME.findall(text)}
        route = routes.get(service) or {}
        env |= {entry["name"] for entry in route.get("env", ())} | {var for var, _ in route.get("aws", ())}
        for file_name, data in used:
            for path, text in _located(data):
                for name in _PLACEHOLDER.findall(text):
                    if name in env or _relaxed(name) in env or _has_property(files[service], name) \
                            or any(f"-D{name}=" in t for t in pod):
                        continue
                    found.append(
                        # The placeholder only, never the whole value: it may hold a credential beside it.
                        f"warning: {service}'s {file_name}: {path} uses ${{{name}}}, but nothing in {service}'s pod "
                        f"defines {name}: {service} starts with the literal text there. Add a secrets.env entry "
                        f"{{name: {_relaxed(name)}, secretName: ..., key: ...}}, set it in "
                        f"services.{service}.env, or give {name} in profiles.{service}.")
    return found
