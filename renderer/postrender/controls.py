"""C0 control characters in the final objects: every string (key or value) of every document may hold tab,
newline and carriage return, no other C0 character. The halconfig and the chart's own names are
checked where they are read (renderer/read/controlchars.py); this pass covers the rest of the values
(annotations, env values, extraObjects, patches, ...) on the stream every route renders, after `names`,
whose words stay for what it already refuses (a newline in an annotation key, an env name, a host).

Why refuse rather than pass: Go YAML accepts such a character only escaped (`"a\\0b"`, `"\\x1b"`; a raw
one is "yaml: control characters are not allowed"), and the API server stores it, but
- a NUL cannot reach a process: exec takes NUL-terminated strings, and the container runtime (Go:
  syscall.SlicePtrFromStrings) fails the container's start with EINVAL on an env value holding one;
- a config file the services read with SnakeYAML that holds one raw is refused ("special characters
  are not allowed"), so the service does not start; escaped, it reaches the service's config unseen;
- anywhere else it reaches `kubectl get`, `kubectl describe` and logs, where an escape sequence
  rewrites what the reader's terminal shows.

Cheap by design: a scan of each document's text finds a raw C0 character or an escape that
could stand for one (YAML's `\\0 \\a \\b \\v \\f \\e \\xXX \\uXXXX \\UXXXXXXXX`, as Helm and Go's %q write
them); only a document it matches is parsed. Base64 (`Secret.data`, `binaryData`) holds none, so binary
key stores pass. Messages name the object, the field and the values path where it is known, and show the
character escaped, never the value (it may be a credential).
"""
from __future__ import annotations

import re

from .errors import PostRenderError

# An escape that may stand for one, looked for in a text that holds a backslash (compiled then: re caches it).
_ESCAPE = r"\\(?:[0abvfe]|x[01][0-9A-Fa-f]|u00[01][0-9A-Fa-f]|U0000[01][0-9A-Fa-f])"
_C0_CHARS = tuple(chr(code) for code in range(32) if chr(code) not in "\t\n\r")
_C0 = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_SHOWN = 25


def _suspect(text: str) -> bool:
    """Whether `text` may hold a refused character: a raw one (29 `in` tests, each at memchr speed: a
    character class is matched position by position, some 50 times slower) or an escape."""
    return any(char in text for char in _C0_CHARS) or ("\\" in text and re.search(_ESCAPE, text) is not None)
HINT = ("Remove it: such characters come from text pasted from a terminal or a binary file (a binary file "
        "belongs in a Secret's data or a ConfigMap's binaryData, base64-encoded).")


def check_control_characters(docs, bundle: dict, moved: dict, written: dict) -> None:
    """Raise PostRenderError listing each string of `docs` that holds a C0 control character other
    than tab, newline and carriage return, and each credential `moved` ({service: {Secret key: value}},
    credentials.env_credentials) out of the pods' env into a Secret's base64, which the pods get back
    as env all the same; and each service file `written` ({service: {file name: Written}}): a profile's
    `"\\x01"` is text to the ConfigMap, and a control character to the service that reads it."""
    from .stream import NotYaml

    found: dict = {}  # (field, what, values path) -> objects: commonAnnotations' one value is on every object
    for service, name, path, char, at in _files(written):
        origin = f"profiles.{name[:-len('-local.yml')]}" if name.endswith("-local.yml") else ""
        found.setdefault((f"{name}: " + _path(path), _said(char, at), origin), []).append(f"the {service} pods")
    for service, env in sorted(moved.items()):
        for key, value in env.items():
            match = _C0.search(value) if isinstance(value, str) else None
            if match:
                field = f"env {key.removeprefix('env.')} (a credential, moved into the pods' Secret)"
                found.setdefault((field, _said(match.group(), match.start() + 1),
                                  f"services.{service}.env or serviceDefaults.env"), []).append(f"the {service} pods")
    for doc in docs:
        text = doc.text
        if not _suspect(text):
            continue
        try:
            data = doc.parse()
        except NotYaml:
            match = _C0.search(text)
            if match:  # raw in the text: no YAML reader takes it, so there is no field to name
                line = text.count("\n", 0, match.start()) + 1
                found.setdefault((f"line {line}", _said(match.group(), 0), ""), []).append(_object(doc, None))
            continue
        for path, char, at in _strings(data):
            found.setdefault(_entry(doc, data, path, char, at, bundle), []).append(_object(doc, data))
    if found:
        lines = [f"{field}: {what}" + (f" [{origin}]" if origin else "") + f": on {objs[0]}"
                 + (f" and {len(objs) - 1} more" if len(objs) > 1 else "") for (field, what, origin), objs in found.items()]
        shown = lines[:_SHOWN] + ([f"... and {len(lines) - _SHOWN} more"] if len(lines) > _SHOWN else [])
        patched = " (or a `patches` entry, applied before this check)" if bundle.get("patches") else ""
        raise PostRenderError(
            "control characters the release's objects may not hold (a value may hold tab, newline and carriage "
            "return, no other C0 character: a NUL in an env value fails the container's start, as exec takes "
            "NUL-terminated strings; anywhere else it reaches the services' config, kubectl's output and logs "
            f"unseen, or as a terminal escape){patched}:\n  " + "\n  ".join(shown) + "\n ",
            HINT)


def _files(written: dict):
    """(service, file name, path in its data, character, position) of each refused character in a service's
    files. Each file is looked at once (spinnaker.yml is every service's); parsed only when it may hold one."""
    seen: set = set()
    for service in sorted(written):
        for name, file in sorted(written[service].items()):
            if id(file) in seen:
                continue
            seen.add(id(file))
            text = file.text  # the data written as YAML (escaped), or the user's text as given
            if not _suspect(text):
                continue
            if not name.endswith((".yml", ".yaml")):  # Deck's settings.js: only a raw one is certain
                match = _C0.search(text)
                if match:
                    yield service, name, (), match.group(), match.start() + 1
                continue
            import yaml

            try:
                documents = list(yaml.load_all(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
            except yaml.YAMLError:
                continue  # the pass that reads the user's profiles refuses a file the services cannot read
            for index, data in enumerate(documents):
                for path, char, at in _strings(data):
                    yield service, name, ((index,) if len(documents) > 1 else ()) + path, char, at


def _path(path) -> str:
    from ..problems import format_path

    return format_path(path) if path else "(the text)"


def _strings(data):
    """(path, character, 1-based position or None for a key) of each string holding a refused character."""
    stack = [(data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str):
                    match = _C0.search(key)
                    if match:
                        yield path, match.group(), None
                        continue
                stack.append((value, path + (key,)))
        elif isinstance(node, list):
            stack.extend((value, path + (index,)) for index, value in enumerate(node))
        elif isinstance(node, str):
            match = _C0.search(node)
            if match:
                yield path, match.group(), match.start() + 1


def _said(char: str, at) -> str:
    from renderer.printable import go_quote

    where = "a key" if at is None else "the text" if not at else f"the value, at character {at},"
    return f"{where} holds the control character {go_quote(char)}"


def _object(doc, data) -> str:
    meta = data.get("metadata") if isinstance(data, dict) else None
    name = meta.get("name") if isinstance(meta, dict) else doc.name
    from renderer.printable import shown

    return f"{doc.kind or 'document'} {shown(name)}"


def _entry(doc, data, path, char, at, bundle) -> tuple:
    from .names import values_origin

    return _path(path), _said(char, at), values_origin(bundle, doc, data, path)
