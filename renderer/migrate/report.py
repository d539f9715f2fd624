"""What `migrate` did with each thing it found, for the user to read.

Every entry names where it came from (a path in the Halyard directory) and,
when it has one, where it went (a chart value). Categories:
- mapped: carried over to a chart value;
- converted: carried over in another form (Halyard spellings, file paths);
- dropped: not carried over, with why and where it belongs now;
- secret: a file that must become a Secret;
- human: a value someone has to look at (encrypted references, missing files, ...);
- different: what the chart does otherwise than Halyard's deployment did, on purpose, with why and
  the value that restores Halyard's behaviour.
"""
from __future__ import annotations

from renderer.printable import shown

MAPPED, CONVERTED, DROPPED, SECRET, HUMAN, DIFFERENT = "mapped", "converted", "dropped", "secret", "human", \
    "different"
TITLES = {MAPPED: "Mapped", CONVERTED: "Converted", DROPPED: "Dropped", SECRET: "Files that must become a Secret",
          HUMAN: "Left for a human",
          DIFFERENT: "Different from Halyard's deployment (the chart's way, and the value that restores Halyard's)"}


class Entry:
    __slots__ = ("kind", "source", "target", "text")

    def __init__(self, kind, source, target, text):
        # Sources and texts name HAL_DIR's files, whatever they are called: each is printed on one line.
        self.kind, self.source, self.target, self.text = kind, shown(source), shown(target), shown(text)

    def line(self) -> str:
        arrow = f" -> {self.target}" if self.target else ""
        return f"{self.kind}: {self.source}{arrow}" + (f": {self.text}" if self.text else "")

    def __repr__(self):
        return f"Entry({self.line()!r})"


class MigrationReport:
    def __init__(self):
        self.entries: list[Entry] = []
        self.errors: list[str] = []

    def add(self, kind, source, target="", text=""):
        self.entries.append(Entry(kind, source, target, text))

    def mapped(self, source, target, text=""):
        self.add(MAPPED, source, target, text)

    def converted(self, source, target, text=""):
        self.add(CONVERTED, source, target, text)

    def dropped(self, source, text):
        self.add(DROPPED, source, "", text)

    def secret(self, source, target, text=""):
        self.add(SECRET, source, target, text)

    def human(self, source, text, target=""):
        """`target`: the chart value to fix, when there is one."""
        self.add(HUMAN, source, target, text)

    def different(self, source, target, text):
        """What the chart does otherwise than Halyard did: `target` (or a value named in `text`) restores
        Halyard's behaviour, `text` says why the chart's is kept."""
        self.add(DIFFERENT, source, target, text)

    def error(self, text):
        self.errors.append(shown(text))

    @property
    def ok(self) -> bool:
        return not self.errors

    def of(self, kind):
        return [e for e in self.entries if e.kind == kind]

    def find(self, source_part="", kind=None, target=None):
        """Entries whose source contains `source_part` (tests and callers)."""
        return [e for e in self.entries if source_part in e.source and (kind is None or e.kind == kind)
                and (target is None or e.target == target)]

    def lines(self) -> list[str]:
        return [f"error: {e}" for e in self.errors] + [e.line() for e in self.entries]

    def summary(self) -> str:
        counts = ", ".join(f"{len(self.of(k))} {k}" for k in TITLES)
        return counts


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(report: MigrationReport, title: str, intro: list[str], cutover: list[str]) -> str:
    """The report as Markdown: one table per category, then the cut-over steps."""
    out = [f"# {title}", ""] + intro + [""]
    if report.errors:
        out += ["## Errors (nothing was written)", ""] + [f"- {_cell(e)}" for e in report.errors] + [""]
    for kind, heading in TITLES.items():
        entries = report.of(kind)
        out += [f"## {heading} ({len(entries)})", ""]
        if not entries:
            out += ["None.", ""]
            continue
        out += ["| from | to | notes |", "|---|---|---|"]
        out += [f"| `{_cell(e.source)}` | {('`' + _cell(e.target) + '`') if e.target else ''} | {_cell(e.text)} |"
                for e in entries]
        out.append("")
    out += ["## Cutting over from the Halyard-deployed install", ""]
    out += [f"{i}. {step}" for i, step in enumerate(cutover, 1)]
    return "\n".join(out) + "\n"
