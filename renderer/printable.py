"""Names from users' files and command lines, printed so that they cannot forge a line or send a
terminal escape: a HAL_DIR file called `profiles/orca\\nsecret: forged-local.yml` is shown as
`profiles/orca\\nsecret: forged-local.yml`, one line, with the backslash written out.

`shown(name)`: the name as it is when every character prints; otherwise each character that does not
(control characters, line and paragraph separators, bidirectional overrides, a byte that was not
UTF-8) is escaped as Go's %q escapes it, and so are `\\` and `"` (so an escape cannot be forged either).
`go_quote(text)`: Go's %q itself (strconv.Quote), as Helm and pflag quote a value.
"""
from __future__ import annotations

_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v",
            "\\": "\\\\", '"': '\\"'}


def _escaped(text: str) -> str:
    out = []
    for char in text:
        code = ord(char)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif char.isprintable():
            out.append(char)
        else:
            out.append(f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def go_quote(text: str) -> str:
    """Go's %q of `text`."""
    return '"' + _escaped(text) + '"'


def shown(name) -> str:
    """`name` (a path, a file name, a key) safe to print on one line."""
    name = str(name)
    return name if name.isprintable() else _escaped(name)
