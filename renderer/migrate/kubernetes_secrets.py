"""`encrypted:k8s!n:<secret>!k:<key>` references: each service gets read access to exactly the
Secrets its own config names (`rbac.kubernetesSecrets`), as the post-renderer requires.

The services read Kubernetes Secrets since 2026.1.0; for an earlier release the reference cannot
work, so it is set aside (commented out in values.yaml) with what to use instead.
"""
from __future__ import annotations

import re

from ..problems import format_path
from ..service_facts import JAVA_SERVICES, SPLITS
from ..translate._common import KUBERNETES_SECRET_PREFIX, KUBERNETES_SECRETS
from .credentials import encrypted_values
from .settle import SetAside, pop

_SECRET = re.compile(re.escape(KUBERNETES_SECRET_PREFIX) + r"(?:[^!\s\"']*!)*?n:([^!\s\"']+)")


class _Note:
    check = None

    def __init__(self, path, message, hint):
        self.path, self.message, self.hint = tuple(path), message, hint


def _references(values):
    """(values path, reference) of every Kubernetes Secret reference in the halconfig and profiles."""
    for section in ("halconfig", "profiles"):
        for path, value in encrypted_values(values.get(section) or {}, (section,)):
            if value.startswith(KUBERNETES_SECRET_PREFIX):
                yield path, value


def grant(values: dict, release, report) -> list:
    """Set `rbac.kubernetesSecrets` for the references in `values`; returns what was set aside."""
    found = list(_references(values))
    if not found:
        return []
    if release not in KUBERNETES_SECRETS:
        aside = []
        for path, value in reversed(found):  # from the end: list indexes stay valid
            note = _Note(path, f"{value.split('!n:')[0]}!... is a Kubernetes Secret reference, which the services "
                               f"read since {KUBERNETES_SECRETS.since}; Spinnaker {release} cannot.",
                         "Run 2026.1.0 or later (`spinnaker.version`), or use another reference: a file from "
                         "`secrets.files`, or ${NAME} with a `secrets.env` entry.")
            aside.append(SetAside(path, note, pop(values, path)))
            report.human("values: " + format_path(path), f"{note.message} {note.hint} migrate left it out of the "
                                                         "values (commented out in values.yaml).", format_path(path))
        return list(reversed(aside))
    from ..translate import OUTPUTS, translate
    from ..write.config_text import render

    readers: dict = {}
    for name, text in render(translate(values.get("halconfig") or {}, release)).items():
        for secret in _SECRET.findall(text):
            readers.setdefault(OUTPUTS[name][0], set()).add(secret.lower())
    for path, value in found:
        if path[0] != "profiles":
            continue
        key = path[1]
        services = JAVA_SERVICES if key == "spinnaker" else (SPLITS[key][0],) if key in SPLITS else (key,)
        for service in services:
            readers.setdefault(service, set()).update(s.lower() for s in _SECRET.findall(value))
    readers.pop("monitoring", None)
    if not readers:
        return []
    grants = values.setdefault("rbac", {}).setdefault("kubernetesSecrets", {})
    for service in sorted(readers):
        grants[service] = sorted(set(grants.get(service) or ()) | readers[service])
        report.mapped("encrypted:k8s! references", f"rbac.kubernetesSecrets.{service}",
                      f"{service} may read exactly the Secrets its config names: {', '.join(grants[service])}")
    return []
