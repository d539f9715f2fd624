"""Which values are credentials, as the model declares them (`secret=True`)."""
from __future__ import annotations

from .prune import without_fields


def redact(msg, data):
    """A copy of `data` (an instance of `msg`) without its credential fields."""
    return without_fields(msg, data, lambda field: field.secret)


def secret_values(msg, data, found=None) -> set:
    """Every non-empty credential string in `data` (an instance of `msg`)."""
    found = set() if found is None else found
    if not isinstance(data, dict):
        return found
    for key, value in data.items():
        field = msg.fields.get(key)
        if field is None:
            continue
        target = field.target
        if field.secret:
            _collect_strings(value, found)
        elif target is not None:
            items = value if field.repeated else value.values() if field.map else (value,)
            for item in items:
                secret_values(target, item, found)
    return found


def _collect_strings(value, found):
    if isinstance(value, str):
        if value:
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _collect_strings(item, found)
    elif isinstance(value, list):
        for item in value:
            _collect_strings(item, found)


def holds_secret(data, secrets) -> bool:
    """Does any string in `data` (or the text itself) carry one of `secrets`?"""
    if not secrets:
        return False
    if isinstance(data, str):
        return data in secrets or any(s in data for s in secrets if len(s) >= 4)
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in secrets:
                return True
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
