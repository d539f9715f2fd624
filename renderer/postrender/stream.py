"""Split a manifest stream into documents and join it again, byte for byte.

A document is kept as the exact text Helm gave us (separator line included),
so documents no pass changes are written back unchanged. Kubernetes objects
never hold a block scalar at column 0, so a line that starts with `---` is
always a document boundary in Helm's output.
"""
from __future__ import annotations

import re

HELM4_ANNOTATION = "postrenderer.helm.sh/postrender-filename"
_BOUNDARY = re.compile(r"^---[ \t]*(?:#[^\n]*)?$", re.M)
_SOURCE = re.compile(r"^# Source: (.+)$", re.M)
_KIND = re.compile(r"^kind:[ \t]*['\"]?([A-Za-z0-9]+)['\"]?[ \t]*$", re.M)
_NAME = re.compile(r"^  name:[ \t]*['\"]?([^'\"\n#]+?)['\"]?[ \t]*(?:#.*)?$", re.M)
# Helm 4's hand-over only: compiled when first used (re keeps it).
_HELM4_FILE = r"^[ \t]+" + re.escape(HELM4_ANNOTATION) + r":[ \t]*['\"]?([^'\"\n]+?)['\"]?[ \t]*$"


def _kind(text: str) -> str | None:
    match = _KIND.search(text)
    return match.group(1) if match else None


def _name(text: str) -> str | None:
    match = _NAME.search(text)
    return match.group(1).strip() if match else None


def _source(text: str) -> str | None:
    match = _SOURCE.search(text) or re.search(_HELM4_FILE, text, re.M)
    return match.group(1) if match else None


class NotYaml(ValueError):
    """A document that is not YAML; the text is PyYAML's reason."""


class Document:
    """One document's text; `text` is what gets written back. `parse` keeps what it read with the text
    it read it from: a workload several passes read (the user's Secrets, the credentials moved out of
    its env, the runtime model's judgement) is parsed once, and a pass that edits the data writes it
    back with `rewrite`, which keeps the data for the next pass."""

    __slots__ = ("text", "_parsed", "_known")

    def __init__(self, text: str, kind: str | None = None, name: str | None = None, source: str | None = None,
                 data=None):
        """`kind`, `name`, `source` and `data` (what the text is the YAML of): what a pass that wrote the
        text knows, so no later pass reads them from it."""
        self.text = text
        self._parsed = None if data is None else (text, data)
        # What was read from which text ({"text": ..., "kind": ...}): each pass asks again, and the
        # post-renderer's own ConfigMaps (which say who made them) hold megabytes a pattern would search.
        self._known = {"text": text, "kind": kind, "name": name, "source": source} if kind is not None else None

    def _fact(self, what: str, read):
        known = self._known
        if known is None or known["text"] is not self.text:
            known = self._known = {"text": self.text}
        if what not in known:
            known[what] = read(self.text)
        return known[what]

    @property
    def kind(self) -> str | None:
        return self._fact("kind", _kind)

    @property
    def name(self) -> str | None:
        """metadata.name, read from the text (the first two-space `name:` line)."""
        return self._fact("name", _name)

    @property
    def source(self) -> str | None:
        """The template file this document came from (either hand-over form)."""
        return self._fact("source", _source)

    def head(self) -> str:
        """The separator and comment lines before the YAML body (kept when a pass re-writes the body)."""
        lines = []
        for line in self.text.split("\n"):
            if line.startswith("---") or line.startswith("#") or not line.strip():
                lines.append(line)
            else:
                break
        return "\n".join(lines) + ("\n" if lines else "")

    def body(self) -> str:
        """The YAML without the leading separator line."""
        text = self.text
        if text.startswith("---"):
            newline = text.find("\n")
            return "" if newline < 0 else text[newline + 1:]
        return text

    def parse(self):
        """The body as data, for the few passes that must edit a workload (NotYaml when it is not
        YAML). The chart's workloads are read without PyYAML (`blockyaml`), whose import alone costs
        more than a small post-render's passes; anything else goes to PyYAML, with libyaml when it
        has it (the pure-Python parser is 5 to 10 times slower)."""
        parsed = self._parsed
        if parsed is not None and parsed[0] is self.text:
            return parsed[1]
        data = self._read()
        self._parsed = (self.text, data)
        return data

    def rewrite(self, data, text: str) -> None:
        """The body is now `text`, the YAML of `data` (what a pass that edited the parsed data wrote)."""
        self.text = self.head() + text
        self._parsed = (self.text, data)

    def parsed(self):
        """What `parse` would give, when it is already known; else None (nothing is read)."""
        parsed = self._parsed
        return parsed[1] if parsed is not None and parsed[0] is self.text else None

    def replaced(self, text: str, marker: str, replace) -> None:
        """The document is now `text`, made by replacing tokens (all starting with `marker`) that stand
        only in plain scalars; `replace(value)` does the same to a string, and to what was parsed (in
        place), which so stays valid."""
        data = self.parsed()
        self.text = text
        if data is not None:
            _replace_strings(data, marker, replace)
            self._parsed = (text, data)

    def _read(self):
        from . import blockyaml  # only when a pass edits a workload: most renders never do

        body = self.body()
        try:
            return blockyaml.load(body)
        except blockyaml.Declined:
            pass
        import yaml

        from ..problems import InvalidHalconfig
        from ..read.yaml11 import HELM, check_limits

        try:
            check_limits(body, "document", HELM)  # libyaml's composer crashes on documents nested too deep
            return yaml.load(body, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError as exc:
            raise NotYaml(str(exc)) from None
        except InvalidHalconfig as exc:
            raise NotYaml("; ".join(p.render() for p in exc.report.errors)) from None


def _replace_strings(data, marker: str, replace) -> None:
    stack = [data]
    while stack:
        node = stack.pop()
        for key, value in (node.items() if type(node) is dict else enumerate(node)):
            kind = type(value)
            if kind is str:
                if marker in value:
                    node[key] = replace(value)
            elif kind is dict or kind is list:
                stack.append(value)


def line_starts(text: str, marker: str):
    """Where each line that begins with `marker` begins, in order. str.find runs at C speed over the
    megabytes of a large release's bundle, which a `^`-anchored multiline pattern would try at every
    position of."""
    if text.startswith(marker):
        yield 0
    find = text.find
    needle = "\n" + marker
    at = find(needle)
    while at >= 0:
        yield at + 1
        at = find(needle, at + 1)


def split(text: str) -> list[Document]:
    """Documents in order; each one starts at its `---` line (the first may not)."""
    boundary = _BOUNDARY.match
    starts = [at for at in line_starts(text, "---") if boundary(text, at)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    starts.append(len(text))
    docs = []
    for begin, end in zip(starts, starts[1:]):
        if end > begin:
            docs.append(Document(text[begin:end]))
    return docs


def join(docs) -> str:
    parts = []
    for doc in docs:
        text = doc.text
        if parts and not parts[-1].endswith("\n"):
            parts.append("\n")
        if parts and not text.startswith("---"):
            text = "---\n" + text
        parts.append(text)
    out = "".join(parts)
    return out if not out or out.endswith("\n") else out + "\n"


def is_helm4(docs) -> bool:
    """Helm 4 hands over documents annotated with their file name."""
    return any(HELM4_ANNOTATION in d.text for d in docs)
