"""The user's own Spring files (`profiles.<name>`, `bootstrapConfig.<name>`): a mapping, or the file's text.

A file given as text (`profiles.orca: |`, `--set-file profiles.orca=orca-local.yml`) is written as it is,
but every check of what it holds (which file is a credential's, the bootstrap files' clone directory)
reads it as the services will: text they cannot read would stop them at start, so it is refused here,
on every route, with its line.
"""
from __future__ import annotations

from .errors import PostRenderError


def documents(value, where: str) -> tuple:
    """The documents of one of the user's Spring files at values path `where`, each a mapping of settings
    (a mapping is one document; None and empty text none). Anything else can never be read as settings:
    Spring keeps a list or a scalar as the single property `document`, which no service reads. Refused."""
    if value is None:
        return ()
    if isinstance(value, dict):
        return (value,)
    if not isinstance(value, str):
        raise PostRenderError(f"{_kind(value)} is not a Spring config file.",
                              "Give the settings as a mapping, or the file's YAML text.", where=where)
    from ..problems import InvalidHalconfig
    from ..read.springtext import text_documents

    try:
        found = text_documents(value, where)
    except InvalidHalconfig as exc:
        first = exc.report.errors[0]
        line = f" (line {first.line} of the text)" if first.line else ""
        raise PostRenderError(f"the services cannot read this YAML{line}: {first.message}",
                              (first.hint + " " if first.hint else "") + "Give it as a mapping, or fix the text.",
                              where=where) from None
    for index, data in enumerate(found):
        if data is not None and not isinstance(data, dict):
            which = f"document {index + 1} of the text" if len(found) > 1 else "the text"
            raise PostRenderError(f"{which} is {_kind(data)}, not a mapping of Spring settings.",
                                  "Give the settings as `key: value` lines.", where=where)
    return tuple(data for data in found if data is not None)


def _kind(value) -> str:
    """What a YAML value is, in YAML's words (never the value: it may be a credential)."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return {"list": "a list", "str": "text"}.get(type(value).__name__, f"a {type(value).__name__}")
