"""The halconfig's set strings whose model field carries a mark (`secret`, `file`)."""
from __future__ import annotations

from ..model.dsl import MSG, STR, STRV


def marked_strings(msg, data, mark: str, path=(), typed: bool = False):
    """(halconfig path, value) of every non-empty string in `data` (an instance of `msg`) whose
    field has `mark` set, e.g. `secret` or `file`; with `typed`, of every number or boolean there
    instead (what YAML made of text written unquoted)."""
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
                yield from marked_strings(field.ref, value, mark, path + (key,), typed)
                continue
            for index, item in items:
                yield from marked_strings(field.ref, item, mark, path + (key, index), typed)
        elif getattr(field, mark) and field.kind in (STR, STRV) and not field.repeated:
            if (isinstance(value, (int, float)) if typed else isinstance(value, str) and value):
                yield path + (key,), value
