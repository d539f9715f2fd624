"""Spring config files given as YAML text (`profiles.<name>: |`, `--set-file`, a bootstrap file), read as
the services read them: each document with SnakeYAML's rules, the documents applied in order, a later
one over an earlier one, and those for Spring profiles of their own only under those profiles."""
from __future__ import annotations

_TEXT_CACHE: dict = {}


def text_documents(text: str, source: str) -> tuple:
    """The documents of a Spring file given as YAML text (`profiles.<name>: |`, a bootstrap file), each
    read as the services' SnakeYAML reads it. Spring reads every document of the file, so a check of what
    the file holds looks at all of them. Raises renderer.problems.InvalidHalconfig (with the line) when the
    services cannot read it: the service then stops at start. Cached: several checks read one text."""
    found = _TEXT_CACHE.get(text)
    if found is None:
        import re

        from renderer.read.yaml11 import SPRING, load

        # Documents start at a `---` line (maybe with a comment); only files given as text get here.
        # Of several, each is named with its number: a line number counts from its document's start.
        parts = [p for p in re.split(r"^---[ \t]*(?:#.*)?$", text, flags=re.M) if p.strip()] or [text]
        found = _TEXT_CACHE[text] = tuple(
            load(part, f"{source} (document {i + 1})" if len(parts) > 1 else source, reader=SPRING)
            for i, part in enumerate(parts))
    return found


def for_a_profile(document: dict) -> bool:
    """Does this document of a Spring YAML file apply only under Spring profiles of its own
    (`spring.profiles`, `spring.config.activate.on-profile`)?"""
    spring = document.get("spring") if isinstance(document.get("spring"), dict) else {}
    config = spring.get("config") if isinstance(spring.get("config"), dict) else {}
    return "profiles" in spring or "activate" in config


def settings(value, source: str = ""):
    """The settings a Spring file holds whatever its profiles: a mapping as it is; a file given as text,
    its documents read as the services read them, merged in order (a later document overrides an
    earlier one, as Spring applies them), those for Spring profiles of their own left out. None for
    anything else, or text the services cannot read (the post-renderer has refused that already)."""
    if isinstance(value, dict):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    from renderer.problems import InvalidHalconfig

    try:
        documents = text_documents(value, source)
    except InvalidHalconfig:
        return None
    merged: dict = {}
    for document in documents:
        if isinstance(document, dict) and not for_a_profile(document):
            merge(merged, document)
    return merged


def merge(into: dict, more: dict) -> None:
    """`more`'s settings over `into`'s, mappings merged key by key (how Spring layers files and documents).
    `more`'s mappings are copied, never shared: cached documents and the facts table's settings stay as
    they are whatever is merged over them later."""
    for key, value in more.items():
        if isinstance(value, dict):
            if not isinstance(into.get(key), dict):
                into[key] = {}
            merge(into[key], value)
        else:
            into[key] = value
