"""Halyard's Service names -> the release's, wherever the values carry them.

Halyard's Kubernetes V2 deployer named each service's Service `spin-<service>` (an HA split's
`spin-<service>-<split>`), and a directory names them in URLs (a merged `orca-overrides.yml`'s
`services.echo.baseUrl: http://spin-echo-worker:8089`, a `-Dservices...=` in JAVA_OPTS, env), in the
JVM's proxy exclusions (`-Dhttp.nonProxyHosts=...|spin-orca|spin-orca.spinnaker|spin-*`, which the JDK's
DefaultProxySelector reads for https URLs too) and in NO_PROXY. The release's Services are named by
the chart's rule (renderer.read.chartbundle.component, with --release-name): a call to Halyard's name
works only while Halyard's objects run, and a proxy exclusion of it excludes nothing the release calls.
Each name becomes the release's Service of that workload (the service's own when the release runs
no splits), in any of its DNS forms (`<name>`, `.<namespace>`, `.<namespace>.svc[.<cluster domain>]`,
whose suffix is kept: runtime.connections.service_host, as the connection model reads them, in
Halyard's namespace; not `spin-gate.example.com` or `spin-gate.corp`, some other host); `spin-*`
becomes `<fullname>-*`. A name of a service the release does not run is reported and kept. Each
rewrite is reported, one line per rule with the places. Halyard's Redis (`spin-redis`) is no service:
`redis.externalUrl` keeps it on purpose for the cut-over.

Runs after the passes that write javaOpts, env and profiles (env, jvm, profiles, stores)."""
from __future__ import annotations

import re

from ...runtime.connections import service_host
from ...service_facts import SERVICES, SPLITS
from .facts import pod_settings

# Not followed by `@` or `:<password>@`: then it is the URL's user, of some other host.
_URL_HOST = re.compile(r"(://(?:[^/@\s'\"]*@)?)(spin-[a-z0-9-]+)((?:\.[a-z0-9-]+)*)(?![a-z0-9-])"
                       r"(?!(?::[^/@\s'\"]*)?@)", re.IGNORECASE)
_NON_PROXY = re.compile(r"(-D(?:http|https|ftp)\.nonProxyHosts=)(['\"]?)([^\s'\"]*)(\2)")
_PROXY_ENV = ("NO_PROXY", "no_proxy")


def run(hal) -> None:
    names = _Names(hal)
    for path, node in _java_options(hal.values):
        options = node["javaOpts"]
        if isinstance(options, str):
            node["javaOpts"] = names.proxy_options(names.urls(options, path), path)
    for path, var in _env(hal.values):
        if not isinstance(var.get("value"), str):
            continue
        value = names.urls(var["value"], f"{path} {var.get('name')}")
        if var.get("name") in _PROXY_ENV:
            value = names.no_proxy(value, f"{path} {var['name']}")
        var["value"] = value
    for key, profile in sorted((hal.values.get("profiles") or {}).items()):
        if isinstance(profile, dict):
            _strings(profile, lambda text, where, key=key: names.urls(text, f"profiles.{key}: {where}"))
    if isinstance(hal.values.get("settingsLocalJs"), str):
        hal.values["settingsLocalJs"] = names.urls(hal.values["settingsLocalJs"], "settingsLocalJs")
    names.report()


class _Names:
    """The release's Service for each of Halyard's, and what was rewritten where."""

    def __init__(self, hal):
        from ...read.chartbundle import component, fullname

        self.hal = hal
        self.fullname = fullname(hal.values, hal.release_name)
        self.release = {}
        for name in list(SERVICES) + list(SPLITS):
            service = SPLITS[name][0] if name in SPLITS else name
            if not hal.runs(service):
                self.release[f"spin-{name}"] = None
                continue
            splits = hal.ha_on.get(service) and SERVICES[service].splits
            workload = name if (name in SPLITS) == bool(splits) else service
            if name == service and splits:
                continue  # Halyard ran no spin-<service> with its splits on: nothing of the release is it
            self.release[f"spin-{name}"] = component(hal.values, workload, hal.release_name)
        self.done: dict = {}  # rule: {where: {old: new}}
        self.missing: dict = {}  # Halyard name: [where] of a service the release does not run

    def _label(self, label: str, where: str, rule: str):
        """The release's name for host label `label`, noted under `rule`; None when it is none of Halyard's.
        A call (a URL) to a service the release does not run is noted for the report; a proxy exclusion
        of one excludes nothing the release calls, and is left as it is."""
        key = label.lower()
        if key not in self.release:
            return None
        new = self.release[key]
        if new is None:
            if rule == "URLs":
                self.missing.setdefault(key, []).append(where)
            return None
        self.done.setdefault(rule, {}).setdefault(where, {})[label] = new
        return new

    def _host(self, host: str, where: str, rule: str) -> str:
        """A host or host pattern (`spin-orca.ns.svc`, `spin-*`), its first label renamed."""
        first, dot, rest = host.partition(".")
        if host.lower() == "spin-*":
            self.done.setdefault(rule, {}).setdefault(where, {})[host] = f"{self.fullname}-*"
            return f"{self.fullname}-*"
        new = self._label(first, where, rule) if self._halyards(host) else None
        return host if new is None else new + dot + rest

    def _halyards(self, host: str) -> bool:
        """A Service DNS form in Halyard's namespace (or none): `spin-orca.corp` is another namespace's, or
        a host of someone's DNS zone."""
        found = service_host(host)
        return bool(found) and (not found[1] or not self.hal.namespace or found[1] == self.hal.namespace.lower())

    def urls(self, text: str, where: str) -> str:
        if "spin-" not in text.lower():
            return text

        def renamed(match):
            new = self._label(match.group(2), where, "URLs") if self._halyards(match.group(2) + match.group(3)) \
                else None
            return match.group(1) + (new or match.group(2)) + match.group(3)
        return _URL_HOST.sub(renamed, text)

    def proxy_options(self, options: str, where: str) -> str:
        def renamed(match):
            hosts = []
            for host in match.group(3).split("|"):
                new = self._host(host, where, "the JVM's proxy exclusions (-D...nonProxyHosts)")
                if new not in hosts:
                    hosts.append(new)
            return match.group(1) + match.group(2) + "|".join(hosts) + match.group(4)
        return _NON_PROXY.sub(renamed, options) if "spin-" in options.lower() else options

    def no_proxy(self, value: str, where: str) -> str:
        if "spin-" not in value.lower():
            return value
        hosts = []
        for host in value.split(","):
            new = self._host(host.strip(), where, "NO_PROXY") if host.strip() else host
            if new not in hosts:
                hosts.append(new)
        return ",".join(hosts)

    def report(self):
        source = "Halyard's Service names (spin-<service>)"
        for rule, places in sorted(self.done.items()):
            renames = sorted({(old, new) for found in places.values() for old, new in found.items()})
            self.hal.report.converted(
                source, "", f"in {rule}, as the release names its Services (release {self.hal.release_name}): "
                            + ", ".join(f"{old} -> {new}" for old, new in renames)
                            + "; in " + ", ".join(sorted(places)))
        for name, places in sorted(self.missing.items()):
            service = name[len("spin-"):]
            service = SPLITS[service][0] if service in SPLITS else service
            self.hal.report.human(
                source, f"{name} (in {', '.join(sorted(set(places)))}) is a Service of Halyard's {service}, which "
                        "the release does not run: the call works only while Halyard's objects run. Point it at "
                        f"the {service} you run instead, or run it (`services.{service}.enabled`).",
                target=f"services.{service}.enabled")


def _java_options(values):
    """(values path, mapping holding `javaOpts`) of every JAVA_OPTS the values set."""
    if isinstance(values.get("serviceDefaults"), dict) and "javaOpts" in values["serviceDefaults"]:
        yield "serviceDefaults.javaOpts", values["serviceDefaults"]
    for path, node in pod_settings(values):
        if "javaOpts" in node:
            yield ".".join(path) + ".javaOpts", node


def _env(values):
    """(values path, EnvVar) of each service's and split's own env."""
    for path, node in pod_settings(values):
        for var in node.get("env") or ():
            if isinstance(var, dict):
                yield ".".join(path) + ".env", var


def _strings(node, rename, path=""):
    """Each string in a profile, renamed in place; `path` is its dotted key."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in list(items):
        here = f"{path}.{key}" if path and isinstance(node, dict) else f"{path}[{key}]" if path else str(key)
        if isinstance(value, str):
            node[key] = rename(value, here)
        elif isinstance(value, (dict, list)):
            _strings(value, rename, here)
