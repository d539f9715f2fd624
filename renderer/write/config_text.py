"""Write service configs: block YAML, Deck's settings.js and deck.env.

The YAML is read by SnakeYAML (YAML 1.1) in the services and by Go YAML in
Helm and Kubernetes, so a string is written plain only when it cannot be read
back as anything else; everything else is double-quoted with escapes valid in
both. Keys are written sorted (as kleat writes them), so the bytes depend only
on the content: the same config read from a YAML file or from Helm's JSON
gives the same file, and the same content hash.
"""
from __future__ import annotations

import json
import re

_INFINITY = float("inf")

# Plain (unquoted) only for: a letter or slash first, then a conservative
# set of characters with single inner spaces. No ':' '#' or indicators, so
# nothing here can start a comment, a mapping or a tag. Possessive: giving back
# a character can never let a space or the end follow, and without them a long
# value that fails at its end (a Secret's base64 ending in `=`) is retried at
# every one of its characters.
_PLAIN = re.compile(r"[A-Za-z/][A-Za-z0-9_./@+-]*+(?: [A-Za-z0-9_./@+-]++)*+\Z")
# Letter-first words YAML 1.1 (and Go YAML) resolve to booleans or null.
_RESERVED = frozenset("""y n yes no true false on off null""".split())
# A plain word longer than this is no reserved one: the hot loops test the length before the set.
_RESERVED_MAX = max(map(len, _RESERVED))
# Characters that must be escaped inside double quotes: C0/C1 controls, DEL,
# the Unicode line and paragraph separators (YAML 1.1 line breaks), BOM,
# lone surrogates and non-characters. Compiled only for a value that is not
# ASCII (re caches it then): its Unicode ranges take half a millisecond to
# compile, and an ASCII value needs only the class's ASCII part.
_ESCAPE = '[\x00-\x1f"\\\\\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]'
_ESCAPE_IN_ASCII = re.compile('[\x00-\x1f"\\\\\x7f]')
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r", '"': '\\"', "\\": "\\\\", "\x00": "\\0"}


def _escape(match) -> str:
    ch = match.group()
    named = _NAMED.get(ch)
    if named:
        return named
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


# _ESCAPE's ASCII characters, as bytes.
_ESCAPE_ASCII = bytes([*range(0x00, 0x20), ord('"'), ord("\\"), 0x7f])


def quote(text: str) -> str:
    if not text.isascii():
        return '"' + re.compile(_ESCAPE).sub(_escape, text) + '"'
    if len(text) > 4096:
        # A long value (a Secret's base64 file) usually needs no escape; deleting the bytes that do
        # and comparing lengths tells at C speed, where the pattern steps through each character.
        raw = text.encode("ascii")
        if len(raw.translate(None, _ESCAPE_ASCII)) == len(raw):
            return '"' + text + '"'
    return '"' + _ESCAPE_IN_ASCII.sub(_escape, text) + '"'


def scalar(value) -> str:
    """One scalar as YAML text, safe for YAML 1.1 and Go YAML readers."""
    if isinstance(value, str):
        if _PLAIN.match(value) and value.lower() not in _RESERVED:
            return value
        return quote(value)
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        # Without math: loading its extension module costs more than a small release's floats.
        if value != value:
            return ".nan"
        if value in (_INFINITY, -_INFINITY):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value)
        # YAML 1.1 floats need a dot: 1e+20 is a string there.
        return text if "." in text else text.replace("e", ".0e", 1)
    raise TypeError(f"cannot write {type(value).__name__} as YAML")


# What a literal block cannot carry: _ESCAPE's characters but for line breaks, tabs, quotes and
# backslashes, which a literal block holds as they are (compiled, like _ESCAPE, only when needed).
_NOT_LITERAL = '[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]'
_NOT_LITERAL_ASCII = bytes([*range(0x00, 0x09), *range(0x0b, 0x20), 0x7f])


def _literal_ok(text: str) -> bool:
    """Can this multi-line string be a literal block (`|`) and read back the same?"""
    if "\n" not in text or text.startswith((" ", "\t", "\n")) or text.endswith("\n\n"):
        return False
    if text.isascii():
        # A whole embedded config file is megabytes: deleting bytes at C speed and comparing lengths
        # is several times faster than a pattern searching it a character at a time.
        raw = text.encode("ascii")
        return len(raw.translate(None, _NOT_LITERAL_ASCII)) == len(raw)
    return not re.compile(_NOT_LITERAL).search(text)


def _literal(text: str, indent: str) -> list:
    """The literal block's lines: its header, then each line of `text` indented (none when empty)."""
    head = "|" if text.endswith("\n") else "|-"
    inner = indent + "  "
    body = text[:-1] if text.endswith("\n") else text
    if "\n\n" not in body:
        # No empty line (_literal_ok excludes a leading or trailing one): every line is indented,
        # and one replace does it for a whole embedded file.
        return [head, inner + body.replace("\n", "\n" + inner)]
    return [head] + [inner + line if line else "" for line in body.split("\n")]


def _key_order(mapping: dict, layout: tuple, indent: str, shapes: dict) -> tuple:
    """([(key, its `indent + key:` head, the head and a space)] in output order, and the first head
    and head with a space as a list item's first line writes them, `- ` in place of the indent's
    last two spaces), for a key layout (`(indent, *keys)`): a large config repeats a few layouts
    (one per kind of account) thousands of times, so each is sorted and formatted once."""
    try:
        keys = sorted(mapping)
    except TypeError:  # keys of mixed types: order them by their text
        keys = sorted(mapping, key=str)
    order = []
    for key in keys:
        head = indent + scalar(key if type(key) is str else str(key)) + ":"
        order.append((key, head, head + " "))
    first = indent[:-2] + "- " + order[0][1][len(indent):]
    shape = shapes[layout] = (order, first, first + " ")
    return shape


def _block(value, indent: str, out: list, shapes: dict, strings: list, item: bool = False) -> None:
    """Append the lines of a non-empty mapping or list at `indent` (the post-renderer's hot loop),
    and its string values to `strings`; `item`: a mapping that is a list item (its first line
    starts with `- `)."""
    append = out.append
    keep = strings.append
    if type(value) is dict:
        inner = indent + "  "
        layout = (indent, *value)
        order, first, first_ = shapes.get(layout) or _key_order(value, layout, indent, shapes)
        for key, head, head_ in order:
            if item:
                head, head_, item = first, first_, False
            entry = value[key]
            kind = type(entry)
            if kind is str:
                keep(entry)
                if "\n" in entry and _literal_ok(entry):
                    literal = _literal(entry, indent)
                    append(head_ + literal[0])
                    out.extend(literal[1:])
                # No reserved word is longer than five letters: lower() only for short values.
                elif _PLAIN.match(entry) and (len(entry) > _RESERVED_MAX or entry.lower() not in _RESERVED):
                    append(head_ + entry)
                else:
                    append(head_ + quote(entry))
            elif kind is list:
                if not entry:
                    append(head + " []")
                    continue
                append(head)
                # One-line strings (namespaces, repositories) written here: a call saved per list.
                dash = indent + "- "
                for at, text in enumerate(entry):
                    if type(text) is not str or "\n" in text:
                        _block(entry[at:], indent, out, shapes, strings)
                        break
                    keep(text)
                    append(dash + (text if _PLAIN.match(text) and (len(text) > _RESERVED_MAX
                                                                   or text.lower() not in _RESERVED)
                                   else quote(text)))
            elif kind is dict:
                if entry:
                    append(head)
                    _block(entry, inner, out, shapes, strings)
                else:
                    append(head + " {}")
            elif kind is int:
                append(head_ + str(entry))
            elif kind is bool:
                append(head_ + ("true" if entry else "false"))
            elif isinstance(entry, (dict, list)):
                start = len(out)
                _block({key: (dict if isinstance(entry, dict) else list)(entry)}, indent, out, shapes, strings)
                out[start] = head + out[start][len(head):]  # the head this loop chose (a list item's)
            else:
                if isinstance(entry, str):
                    keep(entry)
                append(head_ + scalar(entry))
    else:
        dash = indent + "- "
        inner = indent + "  "
        cut = len(inner)
        for entry in value:
            kind = type(entry)
            if kind is str and "\n" not in entry:
                keep(entry)
                append(dash + (entry if _PLAIN.match(entry) and (len(entry) > _RESERVED_MAX
                                                                 or entry.lower() not in _RESERVED)
                               else quote(entry)))
            elif kind is dict and entry:
                _block(entry, inner, out, shapes, strings, True)
            elif kind is list and entry:
                start = len(out)
                _block(entry, inner, out, shapes, strings)
                out[start] = dash + out[start][cut:]
            elif kind is dict:
                append(dash + "{}")
            elif kind is list:
                append(dash + "[]")
            elif isinstance(entry, (dict, list)):
                _block([(dict if isinstance(entry, dict) else list)(entry)], indent, out, shapes, strings)
            else:
                if isinstance(entry, str):
                    keep(entry)
                append(dash + scalar(entry))


# Key layouts already sorted and formatted, kept across documents: a release's workloads and ConfigMaps
# repeat the same few (containers, probes, resources, volumes) in each, and one post-render writes
# dozens of them. Bounded, for a process that writes many releases.
_SHAPES: dict = {}
_SHAPES_MAX = 20000


def to_yaml(data, strings: list | None = None) -> str:
    """A mapping as a block YAML document; an empty one is `{}`. `strings`, when given, gets every
    string value written (mapping keys are not values), so a caller that needs them walks nothing
    again; in the order written (keys sorted), not the data's."""
    if not isinstance(data, (dict, list)):
        raise TypeError(f"a YAML document must be a mapping or a list, not {type(data).__name__}")
    if not data:
        return "{}\n" if isinstance(data, dict) else "[]\n"
    out: list[str] = []
    if len(_SHAPES) > _SHAPES_MAX:
        _SHAPES.clear()
    _block(data, "", out, _SHAPES, [] if strings is None else strings)
    out.append("")
    return "\n".join(out)


def settings_js(settings: dict) -> str:
    """Deck's settings.js. A JS object literal: JSON is valid JavaScript, and
    unlike a JSON.parse('...') string it survives quotes and backslashes."""
    text = json.dumps(settings, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    # Keep the file inert if it is ever inlined into HTML.
    text = text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"window.spinnakerSettings = {text};\n"


def env_file(env: dict) -> str:
    """KEY=VALUE lines for the Deck container; values cannot span lines."""
    lines = []
    for key, value in env.items():
        if "\n" in value or "\r" in value:
            raise ValueError(f"{key} cannot contain a line break")
        lines.append(f"{key}={value}")
    return "".join(line + "\n" for line in lines)


def render(outputs: dict) -> dict:
    """{file name: text} from `renderer.translate.translate()`'s data, each file in its own format."""
    text = {}
    for name, data in outputs.items():
        if name.endswith(".js"):
            text[name] = settings_js(data)
        elif name.endswith(".env"):
            text[name] = env_file(data)
        else:
            text[name] = to_yaml(data)
    return text
