"""Secrets: the files the config and the stores name, grouped into one Secret per set of services reading
them (`secrets.files`), the credentials' placeholders (`secrets.env`), and the Kubernetes Secrets the
config names, granted to the services that read them (`rbac`, renderer.migrate.kubernetes_secrets).
Runs after every pass that names a file or moves a credential."""
from __future__ import annotations

import re

from ...problems import format_path
from .. import credentials, kubernetes_secrets
from ..report import HUMAN

SECRET_NAME = "spinnaker-halyard-files"
# A Secret (all its keys and values) must fit etcd's object limit.
SECRET_LIMIT = 1024 * 1024


def run(hal) -> None:
    """`hal.groups`: the referenced files' Secrets; `hal.aside`: what granting set aside."""
    values, report, hal_dir, vault = hal.values, hal.report, hal.hal_dir, hal.vault
    secrets = {}
    hal.groups = file_groups(hal_dir.files, values["halconfig"], hal.release, report, hal_dir.base, hal.stores)
    if hal.groups:
        secrets["files"] = [group.entry() for group in hal.groups]
    if vault.env_names():
        # The services that read each placeholder, listed: an optional service the chart does not run
        # (canary off, say) then simply gets nothing, where deriving would find no reader and refuse.
        secrets["env"] = [{"name": name, "secretName": credentials.SECRET_NAME, "key": name,
                           "services": sorted(s for s, names in vault.readers.items() if name in names)}
                          for name in vault.env_names()]
    if secrets:
        values["secrets"] = secrets
    size = sum(len(f.content) for f in hal_dir.files if f.found)
    if size * 4 // 3 > SECRET_LIMIT:
        report.human("config", f"the referenced files add up to {size} bytes, over the 1 MiB a Secret can hold: "
                               "the API server refuses the Secret manifest. Split them into several Secrets by "
                               "hand (each listed in `secrets.files` with its `keys` and `services`).")
    hal.aside = kubernetes_secrets.grant(values, hal.release, report)


class FileGroup:
    """The referenced files read by the same services: one Secret, so that a file reaches only the
    services that read it (a projected Secret gives a pod every key in it)."""

    def __init__(self, name, files, services):
        self.name, self.files, self.services = name, files, services

    @property
    def found(self):
        return [f for f in self.files if f.found]

    def entry(self) -> dict:
        entry = {"secretName": self.name, "keys": sorted(f.key for f in self.files)}
        if self.services:
            entry["services"] = list(self.services)
        return entry


def file_groups(files, halconfig, release, report, base=(), extra=()) -> list[FileGroup]:
    """The referenced files grouped by the services whose generated config names them. When the
    monitoring daemon reads one, routing of its group is left to the post-renderer, which also mounts
    it in the sidecar. A file no service reads for this release is reported and left out. `extra`:
    (file, its readers) of the files the profiles name (the key and trust stores)."""
    from ...translate import OUTPUTS, translate
    from ...write.config_text import render

    by_readers: dict = {}
    for f, readers in extra:
        by_readers.setdefault(tuple(readers), []).append(f)
    if not files:
        return _groups(by_readers, report, base)
    texts = render(translate(halconfig, release))
    for f in files:
        mounted = re.compile(re.escape(f.mounted) + r"(?![-._A-Za-z0-9])")
        readers = {OUTPUTS[name][0] for name, text in texts.items() if mounted.search(text)}
        if not readers:
            for path in f.paths:
                report.human("config: " + format_path(base + path),
                             f"{f.original}: no service of release {release} reads this setting, so the file is "
                             f"not put into any Secret.")
            continue
        key = () if "monitoring" in readers else tuple(sorted(readers))
        by_readers.setdefault(key, []).append(f)
    return _groups(by_readers, report, base)


def _groups(by_readers, report, base) -> list[FileGroup]:
    groups = []
    for readers in sorted(by_readers):
        name = SECRET_NAME if len(by_readers) == 1 else f"{SECRET_NAME}-{'-'.join(readers) or 'monitoring'}"
        groups.append(FileGroup(name, by_readers[readers], readers))
        for f in by_readers[readers]:
            if f.found:
                continue
            # Say which Secret must hold a file that was not found (files.collect could not know).
            sources = {"config: " + format_path(base + path) for path in f.paths}
            for entry in report.of(HUMAN):
                if entry.source in sources and f"'{f.key}'" in entry.text:
                    entry.text = entry.text.replace("to the Secret under", f"to the Secret {name} under")
    return groups
