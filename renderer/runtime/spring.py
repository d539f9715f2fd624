"""The Spring configuration a pod reads, and property names as Spring matches them.

kork names the files `spinnaker` and `<service>` (`spring.config.name`,
kork/kork-config/.../kork/boot/DefaultPropertiesBuilder.java at spinnaker-release-2026.2.3), read
from /opt/spinnaker/config; Spring Boot reads the files without a profile first, then each active
profile's (`spinnaker-<profile>.yml`, `<service>-<profile>.yml`) in the order the profiles are
active, a later file winning. A YAML key may be nested or dotted (`server.ssl.enabled: true`).

Names are compared as Spring's relaxed binding compares them (ConfigurationPropertyName: case and
every character but letters and digits ignored), so `${services.keel.base-url}` is the property
`services.keel.baseUrl`; an environment variable gives the property whose name, upper-cased with
dots as underscores and dashes dropped, is its name (SystemEnvironmentPropertyMapper).
"""
from __future__ import annotations

import functools


def uniform(element: str) -> str:
    """One element of a property name as relaxed binding compares it."""
    lower = element.lower()
    return lower if lower.isalnum() else "".join(c for c in lower if c.isalnum())


def _without_indexes(dotted: str, replace: bool = False) -> str:
    """`a.b[0].c` -> `a.b.c` (or `a.b_0_.c` with `replace`, the env form of an index)."""
    if "[" not in dotted:
        return dotted
    out, rest = [], dotted
    while "[" in rest and "]" in rest[rest.index("["):]:
        start = rest.index("[")
        end = rest.index("]", start)
        out.append(rest[:start] + (f"_{rest[start + 1:end]}_" if replace else ""))
        rest = rest[end + 1:]
    return "".join(out) + rest


@functools.lru_cache(maxsize=4096)  # every lookup splits the keys of the same few files again
def name_parts(dotted: str) -> tuple:
    """`services.keel.base-url` -> ("services", "keel", "baseurl"); list indexes dropped."""
    return tuple(uniform(part) for part in _without_indexes(dotted).split(".") if part)


def env_forms(dotted: str) -> set:
    """The environment variable names that set property `dotted`: SERVICES_KEEL_BASEURL (and the
    legacy form with dashes as underscores, SERVICES_KEEL_BASE_URL)."""
    name = _without_indexes(dotted, replace=True).replace(".", "_").upper()
    return {name.replace("-", ""), name.replace("-", "_")}


def _element(part: str) -> str:
    """`uniform` of one dotted element, keeping a list index written in the key (`composite[0]`)."""
    head, bracket, rest = part.partition("[")
    return uniform(head) + bracket + rest


def properties(data, prefix: str = "", out: dict | None = None) -> dict:
    """{property name: value} of one Spring YAML document, each name as relaxed binding compares it
    (elements `uniform`, list items `[i]`): `a: {b-c: 1}`, `a.bC: 1` and `A.B_C: 1` all give `a.bc`."""
    out = {} if out is None else out
    if isinstance(data, dict):
        for key, value in data.items():
            name = ".".join(_element(part) for part in str(key).split(".") if part)
            properties(value, f"{prefix}.{name}" if prefix else name, out)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            properties(value, f"{prefix}[{index}]", out)
    else:
        out[prefix] = data
    return out


def read_order(service: str, profiles) -> list:
    """The files a pod of `service` reads, in the order Spring applies them (a later one wins)."""
    order = ["spinnaker.yml", f"{service}.yml"]
    for profile in profiles:
        order += [f"spinnaker-{profile}.yml", f"{service}-{profile}.yml"]
    return order


def values_path(service: str, file: str) -> str:
    """The value a service's file comes from: the user's profiles, the halconfig, or "" (made by the chart)."""
    if file == "spinnaker-local.yml":
        return "profiles.spinnaker"
    if file.endswith("-local.yml"):
        return "profiles." + file[:-len("-local.yml")]
    if file == f"{service}.yml":
        return "halconfig"
    return ""


class PodConfig:
    """The Spring files one pod reads (`files`: {file name: data}), in `order`. Its files' keys are read
    once: several checks look up many properties in the same few files (a large clouddriver.yml's
    top level holds every account list)."""

    __slots__ = ("files", "order", "_keys")

    def __init__(self, files: dict, service: str, profiles):
        self.files = files
        self.order = [name for name in read_order(service, profiles) if isinstance(files.get(name), dict)]
        self._keys: dict = {}  # id(mapping) -> {first uniform element: [(key's elements, value)]}

    def lookup(self, file: str, dotted: str):
        """(True, value) of property `dotted` in `file` (one of `order`), else (False, None). A key may stand
        for one or several elements (`server.ssl: {...}`, `ssl.enabled: true`); the last spelling in the
        file wins, as in a YAML map read in order."""
        return self._find(self.files[file], name_parts(dotted), 0)

    def _find(self, node, parts, at):
        if at == len(parts):
            return True, node
        if not isinstance(node, dict):
            return False, None
        keys = self._keys.get(id(node))
        if keys is None:
            keys = self._keys[id(node)] = {}
            for key, value in node.items():
                key_parts = name_parts(key if isinstance(key, str) else str(key))
                if key_parts:
                    keys.setdefault(key_parts[0], []).append((key_parts, value))
        found = (False, None)
        for key_parts, value in keys.get(parts[at], ()):
            if tuple(parts[at:at + len(key_parts)]) != key_parts:
                continue
            hit = self._find(value, parts, at + len(key_parts))
            if hit[0]:
                found = hit  # the last spelling in the file wins, as in a YAML map read in order
        return found

    def effective(self, dotted: str):
        """(file, value) of the file that decides property `dotted`, or (None, None) when none sets it."""
        for name in reversed(self.order):
            found, value = self.lookup(name, dotted)
            if found:
                return name, value
        return None, None

    def later_sets(self, file: str, dotted: str) -> bool:
        """Whether a file read after `file` sets `dotted` again (then `file`'s value is not the one used)."""
        if file not in self.order:
            return True
        return any(self.lookup(name, dotted)[0] for name in self.order[self.order.index(file) + 1:])


def pod_config(release, pod) -> PodConfig:
    """The pod's PodConfig, made once per release (runtime.Release) for every check that reads it."""
    configs = release.cache.setdefault("pod configs", {})
    conf = configs.get(pod.workload)
    if conf is None:
        conf = configs[pod.workload] = PodConfig(release.files.get(pod.service) or {}, pod.service, pod.profiles)
    return conf


def located_in(release, data, holding: str) -> list:
    """`located_strings(data, holding)` of one of the release's files (runtime.Release), found once: several
    checks look for URLs and placeholders in the same files, and every pod reads spinnaker.yml."""
    cache = release.cache.setdefault("located", {})
    key = (id(data), holding)  # the files live as long as the release: their ids stay theirs
    found = cache.get(key)
    if found is None:
        found = cache[key] = located_strings(data, holding)
    return found


def located_strings(data, holding: str = "") -> list:
    """[(dotted path, string)] of every string in parsed data that holds `holding`, list items as `[i]`,
    in the data's order. Paths are joined only for the strings kept: the checks look for a few URLs or
    placeholders among the thousands of strings of a large clouddriver.yml."""
    found = []
    stack = [((), data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            if holding in node:
                found.append((".".join(path), node))
        elif isinstance(node, dict):
            stack.extend(reversed([(path + (str(key),), value) for key, value in node.items()]))
        elif isinstance(node, list):
            head, last = path[:-1], (path[-1] if path else "")
            stack.extend(reversed([(head + (f"{last}[{i}]",), value) for i, value in enumerate(node)]))
    return found
