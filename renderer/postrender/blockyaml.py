"""Read the plain block YAML Helm hands over for a workload, without loading PyYAML.

Wiring the user's Secrets (and applying patches) parses a few workload documents. Importing PyYAML
costs more than the rest of a small post-render together, and the workloads are written in a small
part of YAML: block mappings and sequences of plain or quoted one-line scalars. This reads exactly
that part, giving what PyYAML's safe loader (YAML 1.1) gives, and declines anything else (block and
multi-line scalars, flow collections, anchors, tags, escapes, comments after a value, tabs,
characters outside printable ASCII, a scalar YAML 1.1 could read as a number or a date): the caller
then asks PyYAML, which also gives the error for text that is not YAML.
"""
from __future__ import annotations

import re


class Declined(Exception):
    """The text is outside the part of YAML this reads."""


# Printable ASCII and the line break: anything else (tabs, CR, control or non-ASCII characters,
# which YAML 1.1 may read as line breaks or refuse) is left to PyYAML.
_OTHER_THAN_PRINTABLE = bytes(range(0x20, 0x7f)) + b"\n"
_BOOLEANS = {"yes": True, "Yes": True, "YES": True, "no": False, "No": False, "NO": False,
             "true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False,
             "on": True, "On": True, "ON": True, "off": False, "Off": False, "OFF": False}
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_NOT_KEYS = _NULLS | frozenset(_BOOLEANS)  # keys YAML 1.1 reads as a boolean or null
# Characters YAML 1.1's numbers and dates (int, float, timestamp) can hold but for the infinities
# (a sign and a dot first, declined apart): a value that starts like a number and holds any other
# character is text.
_NUMBER_CHARS = frozenset("0123456789_.:+- abcdefABCDEFxtTZ")
# First characters that make something other than a plain scalar (indicators), or that YAML 1.1
# may resolve to a merge key or a value tag; quotes are read below.
_NOT_PLAIN_START = frozenset(",[]{}#&*!|>%@`?:<=.")


def load(text: str) -> dict:
    """The mapping `text` holds; Declined when it is not in the part of YAML read here."""
    if not text.isascii() or text.encode("ascii").translate(None, _OTHER_THAN_PRINTABLE):
        raise Declined
    lines = []
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if stripped and stripped[0] != "#":
            content = stripped.rstrip(" ")
            lines.append((len(line) - len(stripped), content, content == "-" or content[:2] == "- "))
    if not lines:
        raise Declined
    reader = _Reader(lines)
    value = reader.block(0)
    if reader.at != len(lines) or not isinstance(value, dict):
        raise Declined
    return value


# `key:` or `key: value` (the key plain: a letter, then letters, digits and _./-).
_ENTRY = re.compile(r"([A-Za-z][A-Za-z0-9_./-]*):(?: +(.*))?\Z")


class _Reader:
    __slots__ = ("lines", "at")

    def __init__(self, lines: list):
        # (indent, content without surrounding spaces, whether it is a sequence item) of each line
        # that has content
        self.lines = lines
        self.at = 0

    def block(self, index: int):
        indent, _, item = self.lines[index]
        self.at = index
        return self.sequence(indent) if item else self.mapping(indent)

    # The hot loops of a post-render that edits workloads (a block is two or three lines on average):
    # the position is kept in a local, a nested block is entered without a call of its own, and a plain
    # word is taken as it is without asking `_scalar`.

    def mapping(self, indent: int) -> dict:
        out: dict = {}
        lines = self.lines
        count = len(lines)
        entry = _ENTRY.match
        at = self.at
        while at < count:
            line_indent, content, item = lines[at]
            if line_indent != indent or item:
                break
            found = entry(content)
            if found is None:
                raise Declined
            key, rest = found.groups()
            if key in _NOT_KEYS:
                raise Declined
            at += 1
            if rest:
                out[key] = rest if _WORD(rest) and rest not in _NOT_KEYS else _scalar(rest)
                continue
            # No value on the line: the block below (more indented, or a sequence at this indentation), or null.
            if at < count:
                next_indent, _, next_item = lines[at]
                if next_indent > indent or (next_item and next_indent == indent):
                    self.at = at
                    out[key] = self.sequence(next_indent) if next_item else self.mapping(next_indent)
                    at = self.at
                    continue
            out[key] = None
        self.at = at
        if at < count and lines[at][0] > indent:
            raise Declined  # a line more indented than the block that ended belongs to nothing
        return out

    def sequence(self, indent: int) -> list:
        out = []
        lines = self.lines
        count = len(lines)
        at = self.at
        while at < count:
            line_indent, content, item = lines[at]
            if line_indent != indent or not item:
                break
            rest = content[1:].lstrip(" ")
            if not rest:
                at += 1
                if at < count and lines[at][0] > indent:  # the item's block is on the lines below
                    self.at = at
                    out.append(self.block(at))
                    at = self.at
                else:
                    out.append(None)
            elif _is_item(rest) or _is_entry(rest):
                # The item's block starts on this line, at the column of `rest`.
                lines[at] = (indent + len(content) - len(rest), rest, _is_item(rest))
                out.append(self.block(at))
                at = self.at
            else:
                at += 1
                out.append(rest if _WORD(rest) and rest not in _NOT_KEYS else _scalar(rest))
        self.at = at
        if at < count and lines[at][0] > indent:
            raise Declined
        return out


# A word YAML 1.1 can only read as text (booleans and nulls aside): a letter or `/` first, then no
# character that starts a comment, a mapping value or a flow collection.
_WORD = re.compile(r"[A-Za-z/][A-Za-z0-9_./-]*\Z").match


def _is_item(content: str) -> bool:
    return content == "-" or content.startswith("- ")


def _is_entry(content: str) -> bool:
    """Does this content start a mapping entry (`key:` or `key: value`)?"""
    if content.endswith(":") and ": " not in content:
        return True
    return ": " in content and content[0] not in "\"'"


def _scalar(text: str):
    """The value of a one-line scalar, as YAML 1.1 resolves it."""
    first = text[0]
    if first == '"':
        if len(text) < 2 or not text.endswith('"') or '"' in text[1:-1] or "\\" in text:
            raise Declined
        return text[1:-1]
    if first == "'":
        inner = text[1:-1]
        if len(text) < 2 or not text.endswith("'") or "'" in inner.replace("''", ""):
            raise Declined
        return inner.replace("''", "'")
    if text == "{}" or text == "[]":
        return {} if first == "{" else []
    if first == "[" and text.endswith("]"):
        return _flow_sequence(text[1:-1])
    if first in _NOT_PLAIN_START or (first == "-" and (len(text) == 1 or text[1] == " ")) \
            or ": " in text or text.endswith(":") or " #" in text:
        raise Declined
    if first.isalpha():
        if text in _BOOLEANS:
            return _BOOLEANS[text]
        return None if text in _NULLS else text
    if first == "~":
        return None if text == "~" else text
    if first.isdigit() or first in "+-":
        digits = text[1:] if first == "-" else text
        if digits.isdigit():
            if digits == "0" or digits[0] != "0":
                return int(text)
            if not digits.strip("01234567"):
                return int(text, 8)  # YAML 1.1 reads 0440 (a file mode) as octal
        if first in "+-" and text[1:2] == ".":
            raise Declined  # -.inf, +.5
        if not _NUMBER_CHARS.issuperset(text) or _is_version(text):
            return text
        if first in "+-" and "." not in text and not any(ch.isdigit() for ch in text):
            return text  # an option such as -c: every number has a digit, and .inf a dot
        raise Declined
    return text


def _is_version(text: str) -> bool:
    """A version with two dots or more (2026.4.0): a float has at most one, an int or a date none."""
    parts = text.split(".")
    return len(parts) >= 3 and all(part.isdigit() for part in parts)


def _flow_sequence(inner: str) -> list:
    """`[sh, -c]`, `["deck","gate"]` (toJson's): plain one-word items, or double-quoted ones without
    escapes or commas (no nesting, single quotes, comments or empty items)."""
    items = [item.strip(" ") for item in inner.split(",")]
    out = []
    for item in items:
        if item[:1] == '"':
            if len(item) < 2 or item[-1] != '"' or '"' in item[1:-1] or "\\" in item:
                raise Declined
            out.append(item[1:-1])
            continue
        if not item or " " in item or any(ch in item for ch in "[]{}'\"#:"):
            raise Declined
        out.append(_scalar(item))
    return out
