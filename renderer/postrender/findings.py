"""The findings ConfigMap: what the render found, kept in the release itself.

Helm shows nothing of a post-renderer that succeeds (Helm 4 nothing of one that fails either), so under
Argo CD, Flux or helmfile in CI its warnings reach nobody through stderr. Every render therefore adds
one ConfigMap, `<fullname>-findings`, listing them with their values paths: the same name in every
render, an empty list when there is nothing, sorted and without timestamps, so a new finding shows as
a diff of that one object. Nothing mounts it and no name hashes it, so a new warning restarts no pod.

It is a ConfigMap: a finding's text must carry no credential (the messages are written so), and any
credential string the render knows is replaced all the same; nor any path of the machine that rendered
it (the wrapper's and `validate`'s temporary directories, the home directory), which would make the
object differ between the CI job and a laptop. It stays far below the API server's 1 MiB per object.
"""
from __future__ import annotations

import os
import re

from .stream import Document

SUFFIX = "-findings"
COMPONENT = "findings"  # app.kubernetes.io/component: what an Argo CD health check keys on
LIMIT = 256 * 1024  # bytes of findings text: a quarter of the API server's 1 MiB ConfigMap limit
LINE_LIMIT = 2000  # characters of one finding
REDACTED = "<redacted>"
# Patterns for the rare line that holds what they match (compiled then, and cached by re).
_CONTROL = "[\x00-\x08\x0b-\x1f\x7f]"
# The wrapper's and validate's temporary directories (tempfile, prefix "spinnaker-renderer-").
_TEMPORARY = r"(?:/[^\s:'\"/]+)*/spinnaker-renderer-[A-Za-z0-9_]+/"


def _plain(line: str, prefix: str) -> str:
    return line[len(prefix):] if line.startswith(prefix) else line


def clean(line: str, credentials=(), home: str | None = None) -> str:
    """One finding as the ConfigMap keeps it: no credential, no path of this machine, one line."""
    for credential in credentials:
        if credential in line:
            line = line.replace(credential, REDACTED)
    if "spinnaker-renderer-" in line:
        line = re.sub(_TEMPORARY, "", line)
    if home and home != "/" and home + "/" in line:
        line = line.replace(home + "/", "~/")
    if not line.isprintable():  # a control character (or another unprintable one, which stays)
        line = re.sub(_CONTROL, lambda m: f"\\x{ord(m.group()):02x}", line)
    if len(line) > LINE_LIMIT:
        line = line[:LINE_LIMIT] + " ... (cut)"
    return line


def findings_text(lines, credentials=(), prefix: str = "") -> tuple[str, int]:
    """(the text: one finding a line, sorted, each once; how many findings), within LIMIT bytes."""
    from ..model.credentials import credentials_in, url_passwords

    lines = [line for line in (_plain(line, prefix).strip() for line in lines) if line]
    # The longest first: a credential that holds another is replaced whole.
    known = sorted(credentials_in("\n".join(lines), credentials), key=len, reverse=True)
    home = os.environ.get("HOME")
    found = set()
    for line in lines:
        found.add(clean(line, known + sorted(set(url_passwords(line)), key=len, reverse=True), home))
    ordered = sorted(found)
    kept, size = [], 0
    for line in ordered:
        size += len(line.encode("utf-8")) + 1
        if size > LIMIT:
            break
        kept.append(line)
    if len(kept) < len(ordered):
        kept.append(f"... and {len(ordered) - len(kept)} more findings, left out to keep this object small: "
                    "`spinnaker-renderer validate -f VALUES.yaml` lists them all.")
    return "".join(line + "\n" for line in kept), len(ordered)


def findings_object(builder, lines, credentials=(), prefix: str = "") -> Document:
    """The ConfigMap `<fullname>-findings` (`builder`: objects.ObjectBuilder, for the release's
    labels, annotations and hand-over form) listing `lines`."""
    text, count = findings_text(lines, credentials, prefix)
    return builder.document("ConfigMap", builder.fullname + SUFFIX, COMPONENT,
                            {"data": {"count": str(count), "findings": text}})
