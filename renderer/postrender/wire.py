"""Point the workloads at their config objects.

The chart writes placeholders where a ConfigMap or Secret name belongs
(docs/architecture.md); replacing them as text means a workload is never
parsed or re-emitted, and every other document passes through untouched.
"""
from __future__ import annotations

from .errors import PostRenderError
from .objects import PLACEHOLDER


def wire(docs, skip: int, names: dict) -> list:
    """`docs` without the one at `skip` (the bundle), placeholders replaced by `names`."""
    out = []
    for i, doc in enumerate(docs):
        if i == skip:
            continue
        if PLACEHOLDER in doc.text:
            text = doc.text
            for placeholder, name in names.items():
                if placeholder in text:
                    text = text.replace(placeholder, name)
            if PLACEHOLDER in text:
                token = text[text.index(PLACEHOLDER):].split()[0].strip("'\",")
                raise PostRenderError(f"a {doc.kind or 'document'} refers to {token}, but that service has "
                                      "no config in this release.",
                                      "Use the post-renderer of the same project version as the chart.")
            doc.text = text
        out.append(doc)
    return out
