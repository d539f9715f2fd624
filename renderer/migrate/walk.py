"""The halconfig's set strings whose model field carries a mark (`secret`, `file`)."""
from __future__ import annotations

from ..model.dsl import MSG


def marked_strings(msg, data, mark: str, path=()):
    """(halconfig path, value) of every non-empty string in `data` (an instance of `msg`) whose
    field has `mark` set, e.g. `secret` or `file`."""
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        field = msg.fields.get(key)
        if field is None or value is None:
            continue
        if field.kind == MSG:
            if field.repeated:
                items = enumerate(value)
            elif field.map:
                items = value.items()
            else:
                yield from marked_strings(field.ref, value, mark, path + (key,))
                continue
            for index, item in items:
                yield from marked_strings(field.ref, item, mark, path + (key, index))
        elif getattr(field, mark) and isinstance(value, str) and value:
            yield path + (key,), value
