"""The docs' pages as the tests read them: a page, one of its sections, and a check that the output
a page quotes is what the command printed."""
from __future__ import annotations

import os
import re

from conftest import ROOT


def page(name: str) -> str:
    """docs/<name>.md (or README.md for "README")."""
    path = os.path.join(ROOT, "README.md") if name == "README" else os.path.join(ROOT, "docs", f"{name}.md")
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def section(text: str, title: str) -> str:
    """From the heading line `title` to the next heading of level 2 (or the end of the page)."""
    start = text.index(title)
    end = text.find("\n## ", start + len(title))
    return text[start:end if end >= 0 else len(text)]


def _says(quoted: str, line: str) -> bool:
    """A quoted line, its elisions (`...`) standing for any text, is this printed line."""
    pattern = r"\s*".join(".*?".join(re.escape(part) for part in piece.split("...")) for piece in quoted.split())
    return re.fullmatch(r"\s*" + pattern + r"\s*", line) is not None


def assert_printed(quoted: str, printed: str) -> None:
    """Every quoted line but a blank one or a bare `...` is a printed line, in the order printed."""
    lines = printed.splitlines()
    at = 0
    for said in quoted.splitlines():
        if said.strip() in ("", "..."):
            continue
        found = next((i for i in range(at, len(lines)) if _says(said, lines[i])), None)
        assert found is not None, f"not printed (after line {at}): {said}"
        at = found + 1


def code_blocks(text: str) -> list[tuple[str, str]]:
    """(language, body) of each fenced code block, in order."""
    blocks, lang, body = [], None, []
    for line in text.splitlines():
        fence = re.match(r"^\s*```(\w*)\s*$", line)
        if fence and lang is None:
            lang, body = fence.group(1), []
        elif fence:
            blocks.append((lang, "\n".join(body) + "\n"))
            lang = None
        elif lang is not None:
            body.append(line)
    return blocks
