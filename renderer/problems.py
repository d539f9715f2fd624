"""What went wrong (or was changed) in a halconfig, and where.

A `Problem` names a halconfig path such as
`providers.kubernetes.accounts[2].kinds`; the CLI adds the file line when it
has the YAML text. Errors stop translation; warnings and notes are reported.
"""
from __future__ import annotations

import re

from renderer.printable import go_quote, shown

ERROR, WARNING, NOTE = "error", "warning", "note"
KLEAT_COMPAT_HINT = "(--kleat-compat accepts it as kleat did, with a warning.)"
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def format_path(path) -> str:
    """`("providers", "kubernetes", "accounts", 2)` -> `providers.kubernetes.accounts[2]`."""
    out = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _PLAIN_KEY.match(part):
            out.append(f".{part}" if out else part)
        else:
            out.append("[" + go_quote(part) + "]")
    return "".join(out) or "(top level)"


class Problem:
    __slots__ = ("level", "path", "message", "hint", "line", "check", "kleat")

    def __init__(self, level, path, message, hint=""):
        self.check = None  # the id of the preflight check that found it (renderer.read.preflight)
        self.kleat = False  # refused although kleat accepted it: the CLI mentions --kleat-compat
        self.level = level
        self.path = tuple(path)
        self.message = message
        self.hint = hint
        self.line = None  # filled in by the CLI from the YAML text

    def render(self, source: str = "", cli: bool = False) -> str:
        """`level: path (file:line): message hint`; `cli` adds the --kleat-compat pointer, which only
        the CLI has (Helm users are shown the fix alone)."""
        where = format_path(self.path)
        if source and self.line:
            where = f"{where} ({shown(source)}:{self.line})"
        elif self.line:
            where = f"{where} (line {self.line})"
        text = f"{self.level}: {where}: {self.message}"
        if self.hint:
            text += f" {self.hint}"
        if cli and self.kleat:
            text += " " + KLEAT_COMPAT_HINT
        return text

    def __repr__(self):
        return f"Problem({self.render()!r})"


class Report:
    """Everything found while reading one halconfig."""

    __slots__ = ("problems", "moved", "kleat_compat")

    def __init__(self, *, kleat_compat: bool = False):
        self.problems: list[Problem] = []
        # --kleat-compat: inputs kleat accepted but Spinnaker cannot use are
        # reported as warnings instead of refused (see `kleat_accepted`).
        self.kleat_compat = kleat_compat
        # Rewritten path -> where it stands in the file (Halyard spellings),
        # so problems found after a rewrite point at the user's own text.
        self.moved: dict[tuple, tuple] = {}

    def moved_from(self, new_path, file_path) -> None:
        self.moved[tuple(new_path)] = tuple(file_path)

    def restore_paths(self) -> None:
        if not self.moved:
            return
        prefixes = sorted(self.moved, key=len, reverse=True)
        for problem in self.problems:
            for prefix in prefixes:
                if problem.path[:len(prefix)] == prefix:
                    problem.path = self.moved[prefix] + problem.path[len(prefix):]
                    break

    def error(self, path, message, hint=""):
        self.problems.append(Problem(ERROR, path, message, hint))

    def warning(self, path, message, hint=""):
        self.problems.append(Problem(WARNING, path, message, hint))

    def note(self, path, message, hint=""):
        self.problems.append(Problem(NOTE, path, message, hint))

    def kleat_accepted(self, path, message, hint=""):
        """A problem kleat let through (a nameless account, a dangling reference): an error, or a
        warning under --kleat-compat. The one place that decides between the two."""
        if self.kleat_compat:
            self.warning(path, message, (hint + " " if hint else "") + "(accepted because of --kleat-compat)")
        else:
            self.error(path, message, hint)
            self.problems[-1].kleat = True

    @property
    def warnings(self):
        return [p for p in self.problems if p.level == WARNING]

    @property
    def errors(self):
        return [p for p in self.problems if p.level == ERROR]

    @property
    def ok(self) -> bool:
        return not any(p.level == ERROR for p in self.problems)


class InvalidHalconfig(Exception):
    """Raised when a halconfig cannot be translated; carries the report. The CLI prints its problems
    once, with file lines from `text` where the problems lack one, then `summary` (when given)."""

    def __init__(self, report: Report, source: str = "", *, text: str = "", summary: str = ""):
        self.report = report
        self.source = source
        self.text = text
        self.summary = summary
        super().__init__(self.describe())

    def describe(self) -> str:
        errors = self.report.errors
        lines = [p.render(self.source) for p in errors[:50]]
        if len(errors) > 50:
            lines.append(f"... and {len(errors) - 50} more errors")
        return "\n".join(lines)
