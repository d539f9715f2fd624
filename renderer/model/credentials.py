"""Which values are credentials, as the model declares them (`secret=True`)."""
from __future__ import annotations

from .dsl import STR, STRV
from .walk import fields_toward, strings, without_fields


def redact(msg, data):
    """A copy of `data` (an instance of `msg`) without its credential fields."""
    return without_fields(msg, data, lambda field: field.secret)


def _is_secret(field) -> bool:
    return field.secret


def secret_values(msg, data, found=None) -> set:
    """Every non-empty credential string in `data` (an instance of `msg`)."""
    found = set() if found is None else found
    if isinstance(data, dict):
        _secrets_in(fields_toward(msg, "secret", _is_secret, free_form=False), data, found)
    return found


def _secrets_in(routes: dict, data: dict, found: set) -> None:
    # The few fields that are or lead to credentials are looked up, not every key of every account.
    for name, field in routes.items():
        value = data.get(name)
        if value is None:
            continue
        if field.secret:
            found.update(text for text in strings(value) if text)
            continue
        inner = fields_toward(field.ref, "secret", _is_secret, free_form=False)
        items = value if field.repeated else value.values() if field.map else (value,)
        texts = _text_fields(inner)
        if texts is not None:
            # Accounts whose credentials are all text fields: their values, without a call per account.
            found.update(text for item in items if isinstance(item, dict)
                         for key in texts if type(text := item.get(key)) is str and text)
            continue
        for item in items:
            if isinstance(item, dict):
                _secrets_in(inner, item, found)


_TEXT_FIELDS: dict = {}


def _text_fields(routes: dict):
    """The names in `routes` when every one is a credential held as one string (normalized data
    holds a str there, or nothing), else None."""
    key = id(routes)
    known = _TEXT_FIELDS.get(key)
    if known is None:
        names = tuple(routes) if all(f.secret and f.kind in (STR, STRV) and not f.repeated and not f.map
                                     for f in routes.values()) else None
        known = _TEXT_FIELDS[key] = (routes, names)  # the routes kept, so that their id stays theirs
    return known[1]


def holds_secret(data, secrets, strings=None) -> bool:
    """Does any string in `data` (or the text itself) carry one of `secrets`? `strings`: parsed data's
    string values when the caller has collected them already."""
    if not secrets:
        return False
    if isinstance(data, str):
        return data in secrets or any(s in data for s in secrets if len(s) >= 4)
    if strings is not None:
        return not secrets.isdisjoint(strings)
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
