"""Per service: does it roll, and which keys of its own files are added, removed or changed.

Keys are dotted paths in the service's file (`gate.yml: spring.security...`); a
list of named entries (accounts) is keyed by name, so reordering is no change.
A value that holds a credential on either side is shown as `(credential)`.
"""
from __future__ import annotations

import json
import re

from ..model.credentials import holds_secret, is_credential, url_passwords

MASK = "(credential)"
ENV_FILES = ("env", "deck.env")


class Change:
    __slots__ = ("file", "key", "kind", "old", "new")

    def __init__(self, file, key, kind, old=None, new=None):
        self.file, self.key, self.kind, self.old, self.new = file, key, kind, old, new


class ServicePlan:
    __slots__ = ("service", "rolls", "reasons", "changes", "added", "removed", "other")

    def __init__(self, service):
        self.service = service
        self.rolls = False
        self.reasons: list[str] = []
        self.changes: list[Change] = []
        self.added = False  # the service starts running
        self.removed = False  # the service stops running
        self.other: list[str] = []  # values outside its pods that change (replicas, its Service)


def flatten(data, prefix: str = "") -> dict:
    """{dotted key: scalar or list of scalars} of a file's data."""
    out = {}
    if isinstance(data, dict):
        if not data and prefix:
            out[prefix] = {}
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, list) and data and all(isinstance(i, dict) for i in data):
        names = [i.get("name") for i in data]
        named = all(isinstance(n, str) and n for n in names) and len(set(names)) == len(names)
        for index, item in enumerate(data):
            out.update(flatten(item, f"{prefix}[{names[index] if named else index}]"))
    else:
        out[prefix] = data
    return out


def show(value) -> str:
    if isinstance(value, str):
        return json.dumps(value)
    return json.dumps(value, sort_keys=True, default=str)


_LAST = re.compile(r"\[[^\]]*\]$")


def _masked(key, value, credentials) -> bool:
    """Is this value (at dotted `key`) a credential, by the halconfig's and the one rule for settings
    (renderer.model.credentials)? Keys come from the file, so a file read back from a rendered
    release's Secret is judged as the values' own."""
    if value is None:
        return False
    if holds_secret(value, credentials):
        return True
    parts = [_LAST.sub("", part) for part in key.split(".")]
    last, parent = parts[-1], parts[-2] if len(parts) > 1 else None
    items = value if isinstance(value, list) else [value]
    return any(is_credential(last, item, parent) for item in items if not isinstance(item, (dict, list)))


def compare(old, new) -> dict:
    """{service: ServicePlan} for every service that runs on either side."""
    out = {}
    credentials = old.credentials | new.credentials
    for service in sorted(set(old.files) | set(new.files)):
        plan = ServicePlan(service)
        before, after = old.files.get(service), new.files.get(service)
        if before is None or after is None:
            plan.rolls = True
            plan.added, plan.removed = before is None, after is None
            plan.reasons.append("starts running" if before is None else "stops running")
            out[service] = plan
            continue
        for name in sorted(set(before) | set(after)):
            secret_file = (service, name) in old.secret_files | new.secret_files
            plan.changes.extend(_file_changes(name, before.get(name), after.get(name), credentials, secret_file))
        if plan.changes:
            plan.rolls = True
            files = sorted({c.file for c in plan.changes})
            plan.reasons.append(f"config changed ({', '.join(files)})")
        if old.release != new.release:
            plan.rolls = True
            plan.reasons.append(f"image {old.release} -> {new.release}")
        if old.pods is not None and new.pods is not None:
            before_pod, after_pod = old.pods.get(service) or {}, new.pods.get(service) or {}
            moved = _moved(before_pod.get("pod"), after_pod.get("pod"), skip="image")
            if moved:
                plan.rolls = True
                plan.reasons.append("pod template: " + ", ".join(moved) + " changed")
            plan.other = _leaves(before_pod.get("other"), after_pod.get("other"))
        else:  # a rendered release: what its workloads show, named by the values side's path
            plan.other = _scaled(old.replicas.get(service) or {}, new.replicas.get(service) or {})
        out[service] = plan
    return out


_SETTINGS_JS = "window.spinnakerSettings = "


def _settings(text):
    """Deck's settings.js as the data it was written from (renderer.write.config_text.settings_js), so
    its changes show key by key; other text stays text."""
    if isinstance(text, str) and text.startswith(_SETTINGS_JS) and text.rstrip().endswith(";"):
        try:
            return json.loads(text[len(_SETTINGS_JS):].rstrip().rstrip(";"))
        except ValueError:
            return text
    return text


def _scaled(before: dict, after: dict) -> list:
    """The values paths of the replica counts that differ between two sides' workloads ({workload:
    (replicas, path)}); a workload on one side only starts or stops, which the pods say."""
    out = []
    for workload in sorted(set(before) & set(after)):
        (a, path_a), (b, path_b) = before[workload], after[workload]
        if a != b:
            out.append(path_b or path_a or f"{workload}.replicas")
    return list(dict.fromkeys(out))


def _leaves(before, after, prefix="") -> list:
    """The dotted paths of the values that differ, down to the value (`ha.clouddriver.splits.roDeck.replicas`):
    what a rendered release's workloads say is named that precisely too."""
    before, after = before or {}, after or {}
    out = []
    for key in sorted(set(before) | set(after), key=str):
        a, b = before.get(key), after.get(key)
        if a == b:
            continue
        path = f"{prefix}{key}"
        if isinstance(a, dict) and isinstance(b, dict):
            out.extend(_leaves(a, b, path + "."))
        else:
            out.append(path)
    return out


def _moved(before, after, skip=None) -> list:
    """The keys whose values differ, naming the changed key inside a values mapping
    (`services.echo.replicas`)."""
    before, after = before or {}, after or {}
    out = []
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key), after.get(key)
        if key == skip or a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            out.extend(f"{key}.{k}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k))
        else:
            out.append(key)
    return out


def _file_changes(name, before, after, credentials, secret_file):
    if name == "settings.js":
        before, after = _settings(before), _settings(after)
    if before is None or after is None:
        kind = "file added" if before is None else "file removed"
        return [Change(name, "", kind)]
    if isinstance(before, str) or isinstance(after, str):
        if before == after:
            return []
        masked = secret_file or any(holds_secret(text, credentials) or url_passwords(text) for text in (before, after))
        return [Change(name, "", "text changed", None if masked else len(str(before)),
                       None if masked else len(str(after)))]
    flat_before, flat_after = flatten(before), flatten(after)
    out = []
    for key in sorted(set(flat_before) | set(flat_after)):
        a, b = flat_before.get(key, _ABSENT), flat_after.get(key, _ABSENT)
        if a == b:
            continue
        # An env Secret's variables (front50's S3 keys, Deck's TLS passphrase) are all kept from view.
        hide = (secret_file and name in ENV_FILES) or _masked(key, None if a is _ABSENT else a, credentials) or \
            _masked(key, None if b is _ABSENT else b, credentials)
        shown_a = MASK if hide else (None if a is _ABSENT else show(a))
        shown_b = MASK if hide else (None if b is _ABSENT else show(b))
        kind = "added" if a is _ABSENT else "removed" if b is _ABSENT else "changed"
        out.append(Change(name, key, kind, shown_a if kind != "added" else None, shown_b if kind != "removed" else None))
    return out


_ABSENT = object()
