"""The `patches` value: break-glass edits applied to named objects, last.

Only targeted documents are parsed and re-written; everything else passes
through untouched. Strategic merge follows Kubernetes' rules for the common
cases: mappings merge, `null` deletes a key, lists of objects with a `name`
(containers, env, volumes, ports, ...) merge item by item (`$patch: delete`
removes one), other lists are replaced. JSON6902 supports add, remove,
replace, move, copy and test.
"""
from __future__ import annotations

import copy

from renderer.write.config_text import to_yaml
from .errors import PostRenderError
from .stream import NotYaml



def strategic_merge(base, patch):
    if not isinstance(patch, dict) or not isinstance(base, dict):
        return copy.deepcopy(patch)
    out = dict(base)
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = strategic_merge(out[key], value)
        elif isinstance(value, list) and isinstance(out.get(key), list) and _named(value) and _named(out[key]):
            out[key] = _merge_named(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _named(items) -> bool:
    return all(isinstance(i, dict) and "name" in i for i in items)


def _merge_named(base: list, patch: list) -> list:
    out = [dict(i) for i in base]
    index = {item["name"]: n for n, item in enumerate(out)}
    for item in patch:
        item = dict(item)
        directive = item.pop("$patch", None)
        at = index.get(item["name"])
        if directive == "delete":
            if at is not None:
                out[at] = None
            continue
        if at is None:
            index[item["name"]] = len(out)
            out.append(copy.deepcopy(item))
        else:
            out[at] = strategic_merge(out[at], item)
    return [i for i in out if i is not None]


def _pointer(path: str) -> list:
    if path == "":
        return []
    if not path.startswith("/"):
        raise ValueError(f"JSON pointer {path!r} must start with '/'")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _parent(doc, parts):
    node = doc
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node, parts[-1]


def _get(doc, path):
    node = doc
    for part in _pointer(path):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _add(doc, path, value):
    parts = _pointer(path)
    if not parts:
        return value
    parent, key = _parent(doc, parts)
    if isinstance(parent, list):
        parent.insert(len(parent) if key == "-" else int(key), value)
    else:
        parent[key] = value
    return doc


def _remove(doc, path):
    parent, key = _parent(doc, _pointer(path))
    removed = parent.pop(int(key) if isinstance(parent, list) else key)
    return doc, removed


def json6902(doc, operations):
    doc = copy.deepcopy(doc)
    for n, op in enumerate(operations):
        if not isinstance(op, dict) or "op" not in op or "path" not in op:
            raise ValueError(f"operation {n} needs 'op' and 'path'")
        kind, path = op["op"], op["path"]
        if kind == "add":
            doc = _add(doc, path, copy.deepcopy(op.get("value")))
        elif kind == "remove":
            doc, _ = _remove(doc, path)
        elif kind == "replace":
            _get(doc, path)  # must exist
            doc, _ = _remove(doc, path) if _pointer(path) else (doc, None)
            doc = _add(doc, path, copy.deepcopy(op.get("value")))
        elif kind in ("move", "copy"):
            value = copy.deepcopy(_get(doc, op["from"]))
            if kind == "move":
                doc, _ = _remove(doc, op["from"])
            doc = _add(doc, path, value)
        elif kind == "test":
            if _get(doc, path) != op.get("value"):
                raise ValueError(f"test failed at {path}")
        else:
            raise ValueError(f"unknown op {kind!r}")
    return doc


def apply_patches(docs, patches):
    for i, patch in enumerate(patches):
        where = f"patches[{i}]"
        target = patch.get("target") if isinstance(patch, dict) else None
        if not isinstance(target, dict) or not target.get("kind"):
            raise PostRenderError("needs a target with a kind (and optionally a name).", where=where)
        kind, name = target["kind"], target.get("name")
        kind_of_patch = patch.get("type") or "strategic"
        matched = 0
        for doc in docs:
            if doc.kind != kind:
                continue
            if name is not None:
                if doc.name != name:
                    continue
            try:
                obj = doc.parse()
            except NotYaml as exc:
                problem = " ".join(str(exc).split())
                raise PostRenderError(f"the targeted {kind} {name or ''} is not valid YAML ({problem}).".replace(
                    "  ", " "), "The stream looks edited; render the chart again.", where=where) from None
            metadata = obj.get("metadata") if isinstance(obj, dict) else None
            if name is not None and (metadata.get("name") if isinstance(metadata, dict) else None) != name:
                continue
            try:
                if kind_of_patch == "json6902":
                    obj = json6902(obj, patch.get("patch") or [])
                elif kind_of_patch == "strategic":
                    obj = strategic_merge(obj, patch.get("patch") or {})
                else:
                    raise ValueError(f"type must be strategic or json6902, not {kind_of_patch!r}")
                text = to_yaml(obj)
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise PostRenderError(f"cannot apply to {kind} {name or ''}: {exc}.".replace("  ", " "),
                                      "Check the patch against the rendered object (helm template).",
                                      where=where) from None
            doc.rewrite(obj, text)
            matched += 1
        if not matched:
            raise PostRenderError(f"matched no {kind}" + (f" named {name!r}" if name else "") + ".",
                                  "Check the kind and name with helm template.", where=where)
    return docs
