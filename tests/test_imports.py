"""Imports go one way: no module of renderer/ reaches, directly or through others, back to itself.

The graph counts every import statement, those inside functions too: a lazy import
hides a cycle from Python only until someone moves it to the top of the file.
"""
from __future__ import annotations

import ast
import importlib
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "renderer")


def modules() -> dict[str, str]:
    """{dotted module name: file} of every module under renderer/."""
    found = {}
    for directory, dirnames, filenames in os.walk(PACKAGE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                path = os.path.join(directory, name)
                dotted = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                found[dotted.removesuffix(".__init__")] = path
    return found


def imported(module: str, path: str, known) -> set[str]:
    """The renderer modules `module` imports (a `from P import N` counts N when it is a module, else P)."""
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read(), path)):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {t for t in targets if t in known and t != module}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {module: imported(module, path, known) for module, path in known.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as [a, b, ..., a], or None (depth-first search, white/grey/black)."""
    state, stack = {}, []

    def visit(node):
        state[node] = "grey"
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "grey":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "black"
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_renderer_has_no_import_cycle():
    found = cycle(graph())
    assert found is None, "import cycle: " + " -> ".join(found)


def test_the_cycle_finder_finds_one():
    # The checker itself: a cycle through three modules, and imports written every way the renderer writes them.
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
    edges = graph()
    assert "renderer.cli.exits" in edges["renderer.cli.main"]  # from .exits import ...
    assert "renderer.lasterror" in edges["renderer.postrender"]  # from .. import lasterror (a module)
    assert "renderer.postrender.errors" in edges["renderer.postrender"]  # from .errors import ...
    assert "renderer.cli.helm" in edges["renderer.cli.main"]  # inside a function


@pytest.mark.parametrize("module", sorted(set(modules()) - {"renderer.__main__"}))  # that one runs the CLI
def test_every_module_imports(module):
    importlib.import_module(module)


# The data flow, one layer per folder: a module imports from its own layer or the ones before it.
# `renderer` itself holds the shared facts and vocabulary (problems, releases, service facts).
LAYERS = ("renderer", "renderer.model", "renderer.read", "renderer.translate", "renderer.write", "renderer.runtime",
          "renderer.postrender", "renderer.generate", "renderer.migrate", "renderer.plan", "renderer.cli")
# Layers that run side by side and must not use each other: post-render never loads the
# generators (start-up cost on every helm run), and neither knows the other's internals.
APART = {("renderer.postrender", "renderer.generate"), ("renderer.generate", "renderer.postrender"),
         ("renderer.plan", "renderer.generate")}


def layer(module: str) -> str:
    if module == "renderer.__main__":
        return "renderer.cli"
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 or module in LAYERS else "renderer"


def test_imports_follow_the_data_flow():
    backwards = []
    for module, targets in graph().items():
        for target in targets:
            here, there = layer(module), layer(target)
            if LAYERS.index(there) > LAYERS.index(here) or (here, there) in APART:
                backwards.append(f"{module} -> {target}")
    assert not backwards, backwards
