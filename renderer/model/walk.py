"""Walking halconfig data: copies without selected fields, and the strings it holds."""
from __future__ import annotations


def without_fields(msg, data, drop):
    """A copy of `data` (an instance of `msg`) without every field, at any depth, for which
    `drop(field)` is true; keys the model does not declare and free-form values are copied."""
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        field = msg.fields.get(key)
        if field is None:
            out[key] = value
            continue
        if drop(field):
            continue
        target = field.target
        if target is None:
            out[key] = value
        elif field.repeated and isinstance(value, list):
            out[key] = [without_fields(target, item, drop) for item in value]
        elif field.map and isinstance(value, dict):
            out[key] = {k: without_fields(target, item, drop) for k, item in value.items()}
        else:
            out[key] = without_fields(target, value, drop)
    return out


def strings(data):
    """Every string value in parsed data (mapping keys are not values), in document order."""
    # An explicit stack: nested generators cost a frame per level for every string yielded,
    # and this walks every service's whole config on every post-render.
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(reversed(item.values()))
        elif isinstance(item, list):
            stack.extend(reversed(item))
