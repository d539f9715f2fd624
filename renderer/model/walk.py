"""Walking halconfig data: copies without selected fields, the strings it holds, and walks
guided by the model (only into the fields that can hold what is looked for)."""
from __future__ import annotations

from .dsl import ANY, MSG, STR, STRV


def get(data, *keys):
    """Walk nested mappings; None as soon as a key is missing."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


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


def strings(data) -> list:
    """Every string value in parsed data (mapping keys are not values), in document order."""
    if isinstance(data, str):
        return [data]
    found: list = []
    if isinstance(data, (dict, list)):
        _collect_strings(data, found)
    return found


def _collect_strings(node, found: list) -> None:
    # A call per container and an append per string: a generator (or an explicit stack) costs
    # several times that per string, and a large halconfig holds tens of thousands of them.
    append = found.append
    for item in node.values() if type(node) is dict or isinstance(node, dict) else node:
        kind = type(item)  # exact types first: isinstance costs more, and parsed data has no subclasses
        if kind is str:
            append(item)
        elif kind is dict or kind is list:
            _collect_strings(item, found)
        elif kind in _SCALARS:
            continue
        elif isinstance(item, str):
            append(item)
        elif isinstance(item, (dict, list)):
            _collect_strings(item, found)


_SCALARS = frozenset((int, bool, float, type(None)))


# Which fields of a message can lead to what a guided walk looks for, per (message, question):
# the walks below visit only those, so the accounts' many other fields cost nothing.
_ROUTES: dict = {}


def fields_toward(msg, question, wanted, free_form: bool = True) -> dict:
    """{field name: field} of `msg`'s fields that are wanted (`wanted(field)`), free-form (unless
    `free_form` is false: the walk does not look inside free-form values), or lead to a message with
    such fields; empty when nothing under `msg` can be wanted. `question` names `wanted` in the cache."""
    key = (id(msg), question, free_form)
    routes = _ROUTES.get(key)
    if routes is None:
        routes = {}
        for f in msg.fields.values():
            if f.halyard is not None:
                continue  # never in normalized data
            if wanted(f) or (free_form and f.kind == ANY) \
                    or (f.kind == MSG and fields_toward(f.ref, question, wanted, free_form)):
                routes[f.name] = f
        _ROUTES[key] = routes
    return routes


_DROPPED = object()


def pruned(msg, data, question, drop):
    """What `without_fields(msg, data, drop)` gives, sharing every part it would copy unchanged: only
    the fields `drop` marks, and those leading to such fields, are visited, and a mapping is copied only
    when something under it is dropped. The result may be `data` itself; callers must not modify it.
    `question` names `drop` in the cache of `fields_toward`."""
    if not isinstance(data, dict):
        return data
    routes = fields_toward(msg, question, drop, free_form=False)
    if not routes:
        return data
    out = None
    for name, field in routes.items():
        if name not in data:
            continue
        value = data[name]
        if drop(field):
            new = _DROPPED
        else:
            target = field.target
            if field.repeated and isinstance(value, list):
                items = [pruned(target, item, question, drop) for item in value]
                new = value if all(a is b for a, b in zip(items, value)) else items
            elif field.map and isinstance(value, dict):
                entries = {k: pruned(target, item, question, drop) for k, item in value.items()}
                new = value if all(entries[k] is item for k, item in value.items()) else entries
            else:
                new = pruned(target, value, question, drop)
        if new is not value:
            if out is None:
                out = dict(data)
            if new is _DROPPED:
                del out[name]
            else:
                out[name] = new
    return data if out is None else out


def keyed_strings(msg, data, keys: frozenset) -> list:
    """(path, value) of every string held under one of `keys` in `data` (normalized under `msg`), at
    any depth (free-form values included), in document order."""
    return keyed_strings_by(msg, data, (keys,))[0]


def keyed_strings_by(msg, data, keysets: tuple) -> list:
    """[keyed_strings(msg, data, keys) for keys in keysets], found in one walk: a halconfig's
    thousands of accounts are visited once for all the key sets."""
    union = frozenset().union(*keysets)
    lists: list = [[] for _ in keysets]
    into = {key: [found for found, keys in zip(lists, keysets) if key in keys] for key in union}

    def wanted(f):
        return f.name in union and f.kind in (STR, STRV) and not f.repeated and not f.map

    def visit(routes, data, path):
        for key, value in data.items():
            f = routes.get(key)
            if f is None:
                continue
            kind = f.kind
            if kind == MSG:
                inner = fields_toward(f.ref, union, wanted)
                at = path + (key,)
                if f.repeated and isinstance(value, list):
                    if _only_strings(inner):
                        # A list of accounts whose routes are all strings: `visit` inlined, a call and
                        # a path saved per account.
                        for i, item in enumerate(value):
                            if isinstance(item, dict):
                                for name, text in item.items():
                                    if name in inner and isinstance(text, str):
                                        for found in into[name]:
                                            found.append((at + (i, name), text))
                        continue
                    for i, item in enumerate(value):
                        if isinstance(item, dict):
                            visit(inner, item, at + (i,))
                elif f.map and isinstance(value, dict):
                    for name, item in value.items():
                        if isinstance(item, dict):
                            visit(inner, item, at + (name,))
                elif isinstance(value, dict):
                    visit(inner, value, at)
            elif kind == ANY:
                if key in union and isinstance(value, str):
                    for found in into[key]:
                        found.append((path + (key,), value))
                elif isinstance(value, (dict, list)):
                    for where, text in _free_form_strings(value, union, path + (key,)):
                        for found in into[where[-1]]:
                            found.append((where, text))
            elif isinstance(value, str):
                for found in into[key]:
                    found.append((path + (key,), value))

    routes = fields_toward(msg, union, wanted)
    if routes and isinstance(data, dict):
        visit(routes, data, ())
    return lists


_ONLY_STRINGS: dict = {}


def _only_strings(routes: dict) -> bool:
    """Are all of `routes` string fields (no message or free-form value to go into)?"""
    known = _ONLY_STRINGS.get(id(routes))
    if known is None:
        known = _ONLY_STRINGS[id(routes)] = (routes, all(f.kind != MSG and f.kind != ANY for f in routes.values()))
    return known[1]  # the routes are kept with the answer, so that their id stays theirs


def _free_form_strings(node, keys, base):
    """`keyed_strings` inside a free-form value, which the model does not describe."""
    stack = [(base, node)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in reversed(node.items()):
                if key in keys and isinstance(value, str):
                    stack.append((path + (key,), value))
                elif isinstance(value, (dict, list)):
                    stack.append((path + (key,), value))
        elif isinstance(node, list):
            stack.extend((path + (i,), value) for i, value in reversed(list(enumerate(node)))
                         if isinstance(value, (dict, list)))
        else:
            yield path, node


def missing_required(msg, data, path=()) -> list:
    """(path, message name, field name) of every required field (the model's `required`) missing
    from `data` (normalized under `msg`), at any depth."""
    found: list = []

    def wanted(f):
        return f.required

    def visit(msg, routes, data, path):
        for f in msg.required:
            if not data.get(f.name):
                found.append((path + (f.name,), msg.name, f.name))
        for key, f in routes:
            value = data.get(key)
            if value is None:
                continue
            target = f.ref
            inner = _message_routes(target, "required", wanted)
            at = path + (key,)
            if f.repeated and isinstance(value, list):
                if not inner:
                    # Accounts with no message inside that can miss a field: `visit` inlined, a call
                    # and a path saved per account.
                    required = target.required
                    for i, item in enumerate(value):
                        if isinstance(item, dict):
                            for r in required:
                                if not item.get(r.name):
                                    found.append((at + (i, r.name), target.name, r.name))
                    continue
                for i, item in enumerate(value):
                    if isinstance(item, dict):
                        visit(target, inner, item, at + (i,))
            elif f.map and isinstance(value, dict):
                for name, item in value.items():
                    if isinstance(item, dict):
                        visit(target, inner, item, at + (name,))
            elif isinstance(value, dict):
                visit(target, inner, value, at)

    if isinstance(data, dict):
        visit(msg, _message_routes(msg, "required", wanted), data, tuple(path))
    return found


def _message_routes(msg, question, wanted) -> list:
    """[(name, field)] of the message fields among `fields_toward(msg, question, wanted)`."""
    return [(name, f) for name, f in fields_toward(msg, question, wanted).items() if f.kind == MSG]
