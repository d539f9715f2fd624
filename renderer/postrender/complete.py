"""Is the stream whole? Helm's output carries no document count, so check what
the bundle promises: each workload it lists has its Service and a workload
document that mounts the service's config. A stream cut short (a broken pipe,
an edited file) is refused instead of becoming a partial release."""
from __future__ import annotations

from .errors import PostRenderError
from .objects import PLACEHOLDER

_CUT_SHORT = "The stream looks cut short; render the release again."


def check_complete(text: str, docs, bundle: dict) -> None:
    if not text.endswith("\n"):
        raise PostRenderError("the input does not end with a line break.", _CUT_SHORT)
    services = {d.name for d in docs if d.kind == "Service"}
    mounted = set()
    for doc in docs:
        if PLACEHOLDER + "configmap-" in doc.text:
            start = doc.text.index(PLACEHOLDER + "configmap-") + len(PLACEHOLDER + "configmap-")
            mounted.add(doc.text[start:].split(None, 1)[0].strip("'\","))
    for workload, entry in sorted(bundle["services"].items()):
        if entry["host"] not in services:
            raise PostRenderError(f"the bundle lists workload {workload!r}, but the stream has no Service "
                                  f"{entry['host']!r}.", _CUT_SHORT)
        if entry["service"] not in mounted:
            raise PostRenderError(f"the bundle lists workload {workload!r}, but no workload in the stream "
                                  f"mounts the config of {entry['service']!r}.", _CUT_SHORT)
