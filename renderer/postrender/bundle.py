"""Find the chart's config bundle in the stream and decode it."""
from __future__ import annotations

import binascii
import json

from ..service_facts import SERVICES
from .errors import PostRenderError

KIND = "SpinnakerConfigBundle"
# Where the chart's workloads name a config object the post-renderer makes (`<PLACEHOLDER>configmap-<service>`).
PLACEHOLDER = "spinnaker-renderer-placeholder-"


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
    payload = _payload(doc.text)
    if not payload:
        raise PostRenderError("the SpinnakerConfigBundle has no data.bundle value.",
                              "The stream looks truncated or edited; render the chart again.")
    raw = payload.strip("'\"")
    try:
        bundle = json.loads(_b64decode(raw))
    except (binascii.Error, ValueError) as exc:
        raise PostRenderError(f"the SpinnakerConfigBundle's data cannot be decoded ({exc}).",
                              "The stream looks truncated or edited; render the chart again.") from None
    if not isinstance(bundle, dict) or not isinstance(bundle.get("release"), dict) \
            or not isinstance(bundle.get("services"), dict):
        raise PostRenderError("the SpinnakerConfigBundle is not in the expected shape.",
                              "Use the post-renderer of the same project version as the chart.")
    _check_shape(bundle)
    return bundle, found[0]


def _b64decode(raw: str) -> bytes:
    """`base64.b64decode(raw, validate=True)` without importing base64 (with struct, a millisecond of
    start-up): on Python 3.11+ that is binascii's strict mode, errors and all."""
    return binascii.a2b_base64(raw, strict_mode=True)


def _payload(text: str) -> str | None:
    """The value of the first line that is `bundle:` after blanks (spaces, tabs) and one word after it
    (blanks around it allowed), found with string methods: that line is the document's longest by far
    (megabytes for a large halconfig), and a regular expression walks it a character at a time."""
    tried = -1
    at = text.find("bundle:")
    while at >= 0:
        line = text.rfind("\n", 0, at) + 1
        if line != tried:
            tried = line
            end = text.find("\n", at)
            value = text[at + 7:end if end >= 0 else len(text)].strip(" \t")
            indent = text[line:at]
            if indent and not indent.strip(" \t") and value and _one_word(value):
                return value
        at = text.find("bundle:", at + 1)
    return None


# The characters str.isspace() is true for in ASCII (and \s matches): in an ASCII value each is
# searched for at C speed, instead of splitting megabytes.
_ASCII_SPACES = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"


def _one_word(value: str) -> bool:
    """No white space in `value` (str.isspace, as \\S in a pattern)."""
    if value.isascii():
        return not any(space in value for space in _ASCII_SPACES)
    return value.split() == [value]


def _is_str(value) -> bool:
    return isinstance(value, str)


def _optional(kind):
    return lambda value: value is None or kind(value)


def _strings(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _str_map(value) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _labels(value) -> bool:
    # commonLabels and commonAnnotations may hold nulls (the values schema allows them); they render as empty values.
    return isinstance(value, dict) and all(isinstance(v, str) or v is None for v in value.values())


# The bundle's JSON as config-bundle.yaml writes it (docs/architecture.md). The
# chart always writes these types; anything else means an edited or foreign stream.
_TOP = {
    "disabled": _optional(_strings),
    "redis": _optional(_str_map),
    "storage": _optional(lambda v: isinstance(v, dict)),
    "expose": _optional(_str_map),
    "profiles": _optional(lambda v: isinstance(v, dict)),
    "settingsLocalJs": _optional(_is_str),
    "bootstrapConfig": _optional(lambda v: isinstance(v, dict)),
    "patches": _optional(lambda v: isinstance(v, list)),
    "halconfigDeployment": _optional(_is_str),
    "secrets": _optional(lambda v: isinstance(v, dict)),
    "kubernetesSecrets": _optional(lambda v: isinstance(v, dict)),
    "mounts": _optional(_strings),
    "observability": _optional(lambda v: isinstance(v, dict) and isinstance(v.get("enabled", False), bool)
                               and all(isinstance(v.get(k, ""), str) for k in ("pluginVersion", "repositoryUrl"))),
    "rbac": _optional(lambda v: isinstance(v, dict) and isinstance(v.get("access"), str)
                      and isinstance(v.get("namespaces", []), list)),
}
_RELEASE = {"fullname": lambda v: isinstance(v, str) and bool(v), "namespace": _optional(_is_str),
            "labels": _optional(_labels), "annotations": _optional(_labels)}
_WORKLOAD = {"service": _is_str, "host": _is_str,
             "port": lambda v: isinstance(v, int) and not isinstance(v, bool),
             "scheme": _optional(_is_str), "profiles": _optional(_strings),
             "monitoring": _optional(lambda v: isinstance(v, bool)), "writable": _optional(_strings),
             "tls": _optional(lambda v: isinstance(v, dict) and all(isinstance(x, (str, bool)) for x in v.values())),
             "managementTls": _optional(lambda v: isinstance(v, dict) and all(
                 isinstance(x, (int, bool)) for x in v.values()))}


def _check_shape(bundle: dict) -> None:
    def bad(where):
        return PostRenderError(f"the SpinnakerConfigBundle's {where} is not in the expected shape.",
                               "The stream looks edited, or comes from a chart of another project version; "
                               "render it again with the matching chart.")

    for key, ok in _TOP.items():
        if not ok(bundle.get(key)):
            raise bad(key)
    for key, ok in _RELEASE.items():
        if not ok(bundle["release"].get(key)):
            raise bad(f"release.{key}")
    for name, workload in bundle["services"].items():
        if not isinstance(workload, dict):
            raise bad(f"services.{name}")
        for key, ok in _WORKLOAD.items():
            if key in workload and not ok(workload[key]):
                raise bad(f"services.{name}.{key}")
    storage = bundle.get("storage") or {}
    for user in (name for name, facts in SERVICES.items() if facts.sql):
        database = storage.get(user)
        if database is not None and not (isinstance(database, dict) and all(
                isinstance(database.get(k), str) and database.get(k) for k in ("jdbcUrl", "user", "passwordEnv"))):
            raise bad(f"storage.{user}")
    secrets = bundle.get("secrets") or {}
    for key, ok in (("files", lambda v: isinstance(v, list)), ("env", lambda v: isinstance(v, list)),
                    ("mountPath", _is_str), ("monitoringContainer", _is_str)):
        if secrets.get(key) is not None and not ok(secrets[key]):
            raise bad(f"secrets.{key}")
