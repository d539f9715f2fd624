"""What the runtime model finds: a consequence, its severity and the values path to change."""
from __future__ import annotations

from ..problems import ERROR, WARNING


class Finding:
    """One consequence: `where` is the values path to change."""

    __slots__ = ("level", "where", "message", "hint")

    def __init__(self, level: str, where: str, message: str, hint: str = ""):
        self.level, self.where, self.message, self.hint = level, where, message, hint

    def render(self) -> str:
        where = f"{self.where}: " if self.where else ""
        return f"{self.level}: {where}{self.message}" + (f" {self.hint}" if self.hint else "")

    def __repr__(self):
        return f"Finding({self.render()!r})"


def error(where, message, hint="") -> Finding:
    return Finding(ERROR, where, message, hint)


def warning(where, message, hint="") -> Finding:
    return Finding(WARNING, where, message, hint)
