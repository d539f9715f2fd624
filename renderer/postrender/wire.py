"""Point the workloads at their config objects.

The chart writes placeholders where a ConfigMap or Secret name belongs
(docs/architecture.md); replacing them as text means a workload is never
parsed or re-emitted, and every other document passes through untouched.
"""
from __future__ import annotations

from .errors import PostRenderError
from .objects import PLACEHOLDER


# What a placeholder's service part is made of: `<PLACEHOLDER>configmap-<service>` ends where these do.
_TOKEN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def wire(docs, skip: int, names: dict) -> list:
    """`docs` without the one at `skip` (the bundle), placeholders replaced by `names`."""
    def replace(text: str) -> str:
        # Each placeholder is found once and replaced whole (never one service's inside another's,
        # `...-clouddriver` in `...-clouddriver-ro`); one the post-renderer made no object for stays.
        parts, at = [], 0
        start = text.find(PLACEHOLDER)
        while start >= 0:
            end = start + len(PLACEHOLDER)
            while end < len(text) and text[end] in _TOKEN:
                end += 1
            token = text[start:end]
            parts += (text[at:start], names.get(token, token))
            at = end
            start = text.find(PLACEHOLDER, at)
        return "".join(parts) + text[at:] if parts else text

    out = []
    for i, doc in enumerate(docs):
        if i == skip:
            continue
        if PLACEHOLDER in doc.text:
            text = replace(doc.text)
            if PLACEHOLDER in text:
                token = text[text.index(PLACEHOLDER):].split()[0].strip("'\",")
                raise PostRenderError(f"a {doc.kind or 'document'} refers to {token}, but that service has "
                                      "no config in this release.",
                                      "Use the post-renderer of the same project version as the chart.")
            doc.replaced(text, PLACEHOLDER, replace)  # a placeholder is a whole plain scalar: the data keeps up
        out.append(doc)
    return out
