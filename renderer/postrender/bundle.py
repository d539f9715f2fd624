"""Find the chart's config bundle in the stream and decode it."""
from __future__ import annotations

import base64
import binascii
import json
import re

from .errors import PostRenderError

KIND = "SpinnakerConfigBundle"
_PAYLOAD = re.compile(r"^[ \t]+bundle:[ \t]*(\S+)[ \t]*$", re.M)


def take_bundle(docs):
    """(bundle dict, index of its document); the document stays in `docs`."""
    found = [i for i, d in enumerate(docs) if KIND in d.text and d.kind == KIND]
    if not found:
        raise PostRenderError(
            "the input has no SpinnakerConfigBundle document.",
            "Run this post-renderer on the output of the spinnaker chart (charts/spinnaker), "
            "e.g. helm template RELEASE charts/spinnaker --post-renderer ./scripts/post-render.")
    if len(found) > 1:
        raise PostRenderError(f"the input has {len(found)} SpinnakerConfigBundle documents; expected one.",
                              "Install one spinnaker chart per release.")
    doc = docs[found[0]]
    match = _PAYLOAD.search(doc.text)
    if not match:
        raise PostRenderError("the SpinnakerConfigBundle has no data.bundle value.",
                              "The stream looks truncated or edited; render the chart again.")
    raw = match.group(1).strip("'\"")
    try:
        bundle = json.loads(base64.b64decode(raw, validate=True))
    except (binascii.Error, ValueError) as exc:
        raise PostRenderError(f"the SpinnakerConfigBundle's data cannot be decoded ({exc}).",
                              "The stream looks truncated or edited; render the chart again.") from None
    if not isinstance(bundle, dict) or not isinstance(bundle.get("release"), dict) \
            or not isinstance(bundle.get("services"), dict):
        raise PostRenderError("the SpinnakerConfigBundle is not in the expected shape.",
                              "Use the post-renderer of the same project version as the chart.")
    return bundle, found[0]
