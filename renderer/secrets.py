"""Which values are credentials, as the model declares them (`secret=True`)."""
from __future__ import annotations


def redact(msg, data):
    """A copy of `data` (an instance of `msg`) without its credential fields."""
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        field = msg.fields.get(key)
        if field is None:
            out[key] = value
            continue
        if field.secret:
            continue
        target = field.target
        if target is None:
            out[key] = value
        elif field.repeated:
            out[key] = [redact(target, item) for item in value]
        elif field.map:
            out[key] = {k: redact(target, item) for k, item in value.items()}
        else:
            out[key] = redact(target, value)
    return out
