"""The chart's helpers live in partials named for their job (docs/architecture.md, "The chart's
templates"). Helm resolves `include` by name across every file, so the layout itself cannot
change a render (tests/test_render_stability.py pins the renders); what can go wrong is a name
defined twice (Helm uses one of them, silently), an `include` of a name nothing
defines (it fails only when that branch runs), a partial nobody can tell the job of, and a
comment or doc that sends a reader to the wrong file."""
from __future__ import annotations

import collections
import os
import re

from conftest import ROOT

TEMPLATES = os.path.join(ROOT, "charts", "spinnaker", "templates")
ARCHITECTURE = os.path.join(ROOT, "docs", "architecture.md")
_DEFINE = re.compile(r'\{\{-?\s*define\s+"([^"]+)"')
# Every call, a nested one too (`include "a" (include "b" .)`): a template's text calls nothing else.
_CALL = re.compile(r'\b(?:include|template)\s+"([^"]+)"')
_HELPER = r"spinnaker\.[A-Za-z0-9]+"
# "`spinnaker.image` in _images.tpl", "templates/_storage.tpl spinnaker.keelSql"
_NAMED_IN = re.compile(rf"`({_HELPER})`\s+in\s+(?:templates/)?(_[a-z0-9]+\.tpl)\b")
_FILE_THEN = re.compile(rf"\b(_[a-z0-9]+\.tpl)\s+({_HELPER})\b")
_SCANNED = ("renderer", "docs", "charts", "scripts", "plugins", "examples", "tests")


def _template_files():
    for folder, _, names in os.walk(TEMPLATES):
        for name in sorted(names):
            yield os.path.join(folder, name)


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _definitions() -> dict[str, list[str]]:
    """{helper: [files defining it]}."""
    found = collections.defaultdict(list)
    for path in _template_files():
        for name in _DEFINE.findall(_read(path)):
            found[name].append(os.path.relpath(path, TEMPLATES))
    return found


def _partials() -> list[str]:
    return sorted(n for n in os.listdir(TEMPLATES) if n.startswith("_") and n.endswith(".tpl"))


def test_every_helper_is_defined_once_in_a_partial():
    defined = _definitions()
    assert len(defined) > 50
    twice = {name: files for name, files in defined.items() if len(files) > 1}
    assert not twice, f"defined more than once (Helm keeps one of them without a word): {twice}"
    outside = {name: files[0] for name, files in defined.items() if not os.path.basename(files[0]).startswith("_")}
    assert not outside, f"helpers belong in a partial (_<job>.tpl): {outside}"


def test_every_include_names_a_defined_helper():
    defined = _definitions()
    unknown = {}
    for path in _template_files():
        for name in _CALL.findall(_read(path)):
            if name not in defined:
                unknown.setdefault(os.path.relpath(path, TEMPLATES), []).append(name)
    assert not unknown, f"includes of helpers nothing defines: {unknown}"


def test_each_partial_opens_with_what_it_holds():
    for name in _partials():
        text = _read(os.path.join(TEMPLATES, name))
        assert re.match(r"\{\{-?\s*/\*", text), f"{name}: open with a comment saying what the partial holds"
        assert _DEFINE.search(text), f"{name}: a partial with no helper"


def _architecture_listing() -> dict[str, str]:
    """{partial: its description} from docs/architecture.md's listing of the partials."""
    text = _read(ARCHITECTURE)
    section = text[text.index("## The chart's templates"):]
    block = section[section.index("```") + 3:]
    block = block[:block.index("```")]
    listing, current = {}, None
    for line in block.splitlines():
        match = re.match(r"(_[a-z0-9]+\.tpl)\s+(.*)", line)
        if match:
            current = match.group(1)
            listing[current] = match.group(2)
        elif current and line.strip():
            listing[current] += " " + line.strip()
    return listing


def test_the_architecture_lists_every_partial_and_its_helpers():
    listing = _architecture_listing()
    assert sorted(listing) == _partials(), "docs/architecture.md lists the partials of charts/spinnaker/templates"
    defined = _definitions()
    for partial, description in listing.items():
        for helper in re.findall(_HELPER, description):
            assert defined.get(helper) == [partial], f"docs/architecture.md: {helper} is in {defined.get(helper)}"


def test_comments_and_docs_name_the_partial_that_holds_a_helper():
    defined = _definitions()
    checked, wrong = 0, []
    for top in _SCANNED:
        for folder, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "golden")]
            for name in names:
                if not name.endswith((".py", ".md", ".tpl", ".yaml", ".txt")):
                    continue
                path = os.path.join(folder, name)
                text = _read(path)
                pairs = _NAMED_IN.findall(text) + [(h, f) for f, h in _FILE_THEN.findall(text)]
                for helper, partial in pairs:
                    checked += 1
                    if defined.get(helper) != [partial]:
                        wrong.append(f"{os.path.relpath(path, ROOT)}: {helper} is in {defined.get(helper)}, not {partial}")
    assert checked >= 5  # the renderer's docstrings do name the partials
    assert not wrong, "\n".join(wrong)
