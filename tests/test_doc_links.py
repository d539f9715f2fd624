"""Every relative link and anchor in the docs resolves, as GitHub renders them.

README.md is a landing page that points into docs/, and the task pages point at each other's
sections: a renamed heading or a moved file breaks a link without any other test noticing. Anchors
are GitHub's heading slugs: the heading's text lowercased, every character that is not a letter, a
mark, a digit, a connector (`_`), a space or `-` removed, each space made `-`, and a repeated slug
numbered `-1`, `-2`, ... in document order."""
from __future__ import annotations

import glob
import os
import re
import unicodedata
from urllib.parse import unquote

import pytest

from conftest import ROOT

PAGES = sorted({os.path.relpath(path, ROOT) for path in
                [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "charts", "spinnaker", "README.md"),
                 *glob.glob(os.path.join(ROOT, "docs", "*.md"))]})
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def _prose(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks, inline code spans blanked out."""
    lines, fence = [], None
    for number, line in enumerate(text.splitlines(), 1):
        marker = re.match(r"^\s*(```+|~~~+)", line)
        if marker:
            if fence is None:
                fence = marker.group(1)[:3]
            elif marker.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            lines.append((number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)))
    return lines


def slug(heading: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").replace("*", "").strip().lower()
    kept = "".join(ch for ch in text if ch in " -" or unicodedata.category(ch)[0] in "LMN"
                   or unicodedata.category(ch) == "Pc")
    return kept.replace(" ", "-")


def anchors(path: str) -> set[str]:
    text = open(path, encoding="utf-8").read()
    seen: dict[str, int] = {}
    found = set()
    fence = None
    for line in text.splitlines():
        marker = re.match(r"^\s*(```+|~~~+)", line)
        if marker:
            fence = marker.group(1)[:3] if fence is None else (None if marker.group(1).startswith(fence) else fence)
            continue
        heading = None if fence else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
    found |= set(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
    return found


def links(page: str) -> list[tuple[int, str]]:
    text = open(os.path.join(ROOT, page), encoding="utf-8").read()
    return [(number, match.group(1)) for number, line in _prose(text) for match in LINK.finditer(line)]


def broken(page: str) -> list[str]:
    problems = []
    for number, target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:: not ours to check
            continue
        path, _, anchor = target.partition("#")
        where = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), unquote(path))) if path \
            else os.path.join(ROOT, page)
        if not os.path.exists(where):
            problems.append(f"{page}:{number}: {target}: no such file")
        elif anchor and where.endswith(".md") and unquote(anchor) not in anchors(where):
            problems.append(f"{page}:{number}: {target}: no heading has the anchor #{anchor}")
    return problems


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_and_anchor_resolves(page):
    assert broken(page) == []


def test_the_slugs_are_githubs():
    assert slug("Would it run: what the post-renderer checks at run time") == \
        "would-it-run-what-the-post-renderer-checks-at-run-time"
    assert slug("An `Application` object") == "an-application-object"
    assert slug("Helm 3 (3.9 or newer)") == "helm-3-39-or-newer"
    assert slug("The CLI (kleat-compatible)") == "the-cli-kleat-compatible"
    assert slug("values_model and `x.y`") == "values_model-and-xy"


def test_the_checker_finds_a_broken_link_and_a_broken_anchor(tmp_path, monkeypatch):
    """The checker can fail: a missing file, a missing anchor and a duplicate's first slug."""
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## Same\n\n## Same\n\n[a](missing.md) [b](#nowhere) [c](#same-1) [d](#same-2)\n"
                    "`[e](in-code.md)`\n\n```\n[f](in-fence.md)\n```\n", encoding="utf-8")
    monkeypatch.setattr("test_doc_links.ROOT", str(tmp_path))
    assert broken("page.md") == ["page.md:7: missing.md: no such file",
                                 "page.md:7: #nowhere: no heading has the anchor #nowhere",
                                 "page.md:7: #same-2: no heading has the anchor #same-2"]


def test_every_task_page_is_reached_from_the_readme():
    """The landing page is the way in: each page of docs/ is linked from README.md or from a page it links."""
    reached, queue = set(), ["README.md"]
    while queue:
        page = queue.pop()
        if page in reached:
            continue
        reached.add(page)
        for _, target in links(page):
            path = target.partition("#")[0]
            if path.endswith(".md") and not re.match(r"^[a-z]+:", path):
                queue.append(os.path.normpath(os.path.join(os.path.dirname(page), path)))
    assert {page for page in PAGES if page.startswith("docs/")} - reached == set()


def test_no_message_or_comment_sends_a_user_to_a_readme_section():
    """The README is a landing page: a hint, a values description or an example's comment that names a
    README section ("see the README, \\"SQL storage\\"") points at nothing; it names the docs page."""
    stale = []
    for top in ("renderer", os.path.join("charts", "spinnaker", "templates"), "examples", "plugins", "scripts"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if not name.endswith((".py", ".tpl", ".txt", ".yaml", ".yml", ".sh", ".json")):
                    continue
                path = os.path.join(folder, name)
                for number, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                    if re.search(r'\bREADME\b,?\s*\\?"|[Ss]ee the README\b(?!\.md)', line):
                        stale.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()[:100]}")
    assert stale == []
