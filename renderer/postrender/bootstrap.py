"""Spring Cloud Config bootstrap files (`bootstrapConfig`, dynamic accounts).

kork's ConfigServerBootstrap makes the services that call it (facts `configServerBootstrap`, with the
sources) read `spinnakerconfig.yml`, then `<service>config.yml`, from /opt/spinnaker/config before
anything else. This module decides which services get which of them, refuses what can never work,
and warns about what nothing reads. The files always go into the service's Secret (objects.py): they
carry git passwords, private keys and `encrypt.key`, which no halconfig credential list knows.
"""
from __future__ import annotations

import re

from ..runtime.spring import properties
from ..service_facts import BOOTSTRAP_SERVICES, SERVICES, bootstrap_file
from .errors import PostRenderError
from .springfiles import documents

GLOBAL = "spinnaker"
# Every name a bootstrap file can have: a file of one of these is always secret.
FILE_NAMES = frozenset(bootstrap_file(name) for name in (GLOBAL, *SERVICES))
# Where JGit clones a git backend's repository (Spring Cloud Config's JGitEnvironmentProperties
# `basedir`, for the one repository, each of `repos`, and a composite's git entries), as property names
# Spring's relaxed binding compares (renderer.runtime.spring.properties). Compiled only for a release
# with bootstrap files: most post-renders have none.
_BASEDIR = r"spring\.cloud\.config\.server\.(?:git(?:\.repos\.[^.]+)?|composite\[\d+\])\.basedir"


def halyard_hint(key: str) -> str:
    """For a `profiles` key that names a bootstrap file (Halyard's `profiles/spinnakerconfig.yml`,
    `profiles/clouddriverconfig.yml`): the value it belongs in; "" for any other key."""
    if key.endswith("config") and key[:-len("config")] in (GLOBAL, *BOOTSTRAP_SERVICES):
        return f"bootstrapConfig.{key[:-len('config')]}"
    return ""


def _writable(path: str, writable: list) -> bool:
    return any(path == top or path.startswith(top.rstrip("/") + "/") for top in writable)


def _check_basedirs(service: str, given: dict, workloads: dict) -> None:
    """A git `basedir` the pod cannot write can never hold the clone: the dynamic accounts never load.
    Spring reads `<service>config.yml` over `spinnakerconfig.yml`, key by key."""
    found = {}
    for name in (GLOBAL, service):
        if given.get(name) is None:
            continue
        for data in documents(given[name], f"bootstrapConfig.{name}"):
            for key, value in properties(data).items():
                if re.fullmatch(_BASEDIR, key):
                    found[key] = (name, value)
    for key, (name, value) in sorted(found.items()):
        path = str(value)
        if not path.startswith("/") or "${" in path:
            continue  # relative to the working directory, or resolved at run time: not judged
        for workload, entry in sorted(workloads.items()):
            writable = entry.get("writable")
            if writable is None or _writable(path, writable):
                continue
            where = f"bootstrapConfig.{name}"
            raise PostRenderError(
                f"{key} {path} is not writable in {workload}'s pod (its root filesystem is read-only; "
                f"it can write under {', '.join(writable)}), so Spring Cloud Config cannot clone the repository "
                "there and the dynamic accounts never load.",
                f"Use a directory under /tmp (e.g. /tmp/config-repo), or mount a writable volume at {path} "
                f"(an emptyDir in services.{service}.extraVolumes and extraVolumeMounts).", where=where)


def bootstrap_files(bundle: dict, by_service: dict) -> tuple[dict, list]:
    """({service: {file name: data}}, warnings): the bootstrap files of each running service that
    reads them. `by_service`: {service: [its workloads]} of what the chart rendered."""
    given = {k: v for k, v in (bundle.get("bootstrapConfig") or {}).items() if v is not None}
    if not given:
        return {}, []
    warnings = []
    readers = [s for s in BOOTSTRAP_SERVICES if s in by_service]
    for key in sorted(given):
        if key != GLOBAL and key not in SERVICES:
            raise PostRenderError(f"bootstrapConfig has {key!r}, which is not a Spinnaker service.",
                                  f"Use 'spinnaker' for spinnakerconfig.yml (read by {', '.join(BOOTSTRAP_SERVICES)}) "
                                  "or the name of one of them for its own <service>config.yml.",
                                  where=f"bootstrapConfig.{key}")
        documents(given[key], f"bootstrapConfig.{key}")  # a file no service can read is refused, read or not
        if key != GLOBAL and key not in BOOTSTRAP_SERVICES:
            warnings.append(f"bootstrapConfig.{key}: {key} does not read Spring Cloud Config bootstrap files at any "
                            f"supported release (only {', '.join(BOOTSTRAP_SERVICES)} call kork's ConfigServerBootstrap), "
                            f"so nothing reads {bootstrap_file(key)}. Remove it; settings for {key} itself go in "
                            f"profiles.{key}.")
        elif key != GLOBAL and key not in by_service:
            warnings.append(f"bootstrapConfig.{key}: {key} does not run in this release, so nothing reads "
                            f"{bootstrap_file(key)}. Remove it, or enable {key}.")
        elif key == GLOBAL and not readers:
            warnings.append(f"bootstrapConfig.spinnaker: none of the services that read it "
                            f"({', '.join(BOOTSTRAP_SERVICES)}) runs in this release, so nothing reads "
                            f"{bootstrap_file(GLOBAL)}.")
    out = {}
    workloads = bundle["services"]
    for service in readers:
        files = {bootstrap_file(name): given[name] for name in (GLOBAL, service) if name in given}
        if not files:
            continue
        _check_basedirs(service, given, {w: workloads[w] for w in by_service[service]})
        out[service] = files
    return out, warnings
