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
_HELM4_FILE = re.compile(r"^[ \t]+" + re.escape(HELM4_ANNOTATION) + r":[ \t]*['\"]?([^'\"\n]+?)['\"]?[ \t]*$", re.M)


class NotYaml(ValueError):
    """A document that is not YAML; the text is PyYAML's reason."""


class Document:
    """One document's text; `text` is what gets written back."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    @property
    def kind(self) -> str | None:
        match = _KIND.search(self.text)
        return match.group(1) if match else None

    @property
    def name(self) -> str | None:
        """metadata.name, read from the text (the first two-space `name:` line)."""
        match = _NAME.search(self.text)
        return match.group(1).strip() if match else None

    @property
    def source(self) -> str | None:
        """The template file this document came from (either hand-over form)."""
        match = _SOURCE.search(self.text) or _HELM4_FILE.search(self.text)
        return match.group(1) if match else None

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
