"""What the API server stores: each object, and the release as Helm keeps it, within its size limits.

A release whose objects render can still be refused when it is applied, after Helm has written some of
it. The limits, from Kubernetes' and Helm's sources:

- the data of a ConfigMap or Secret is at most 1 MiB: ValidateConfigMap and ValidateSecret
  (kubernetes/kubernetes pkg/apis/core/validation/validation.go) add up the length of every value of
  `data` and `binaryData` (a Secret's decoded) and refuse more than core.MaxSecretSize, 1,048,576 bytes
  (pkg/apis/core/types.go); `stringData` is merged into `data` before;
- (an object's annotations total at most 256 KiB: ValidateAnnotations, TotalAnnotationSizeLimitB in
  kubernetes/apimachinery pkg/api/validation/objectmeta.go; renderer/postrender/names.py checks them
  with the other metadata);
- client-side apply (`kubectl apply`, Argo CD without server-side apply) keeps the whole object, as JSON,
  in its `kubectl.kubernetes.io/last-applied-configuration` annotation, so an object over 256 KiB is
  refused the next time it is applied that way (a warning: Helm and server-side apply do not use it);
- Helm keeps each release in a Secret (its default driver, `sh.helm.release.v1.<release>.v<revision>`,
  the same in Helm 3 and 4): the release (chart, values, rendered manifest, hooks) as JSON, gzipped at
  best compression and base64-encoded (helm/helm pkg/storage/driver/util.go encodeRelease, secrets.go
  newSecretsObject), so that text must fit 1 MiB too. Its size is estimated from the final manifest and
  the chart's own part (CHART_STORED, measured), leaving out the values the user gave. A warning: the
  post-renderer cannot tell `helm install` from `helm template` (Argo CD, Flux), where Helm stores nothing,
  and Helm's SQL driver has no such limit.
"""
from __future__ import annotations

from .findings import error, warning

MAX_DATA = 1 << 20  # core.MaxSecretSize
MAX_ANNOTATIONS = 256 << 10  # TotalAnnotationSizeLimitB: the last-applied-configuration annotation's room
# What this chart adds to the stored release (templates, files, values and schema, base64 in the JSON,
# then gzipped and base64 as Helm stores it), measured on charts/spinnaker and rounded down, so an estimate
# over the limit is one the release cannot fit (tests/test_runtime.py measures it again).
CHART_STORED = 240 << 10
# Characters of YAML text below which an object cannot hold 1 MiB of data (a character is at most 4 bytes
# of UTF-8, a value at most its text): a cheap filter, so only large documents of the chart are parsed.
_DATA_CHARS = MAX_DATA // 4
_PROFILE_SUFFIX = "-local.yml"


def check(docs: list, own=()) -> list:
    """The findings for the final documents `docs` (stream.Document); `own`: those the post-renderer built
    (parsed already, their data are each service's files)."""
    mine = {id(doc) for doc in own}
    found = []
    for doc in docs:
        kind = doc.kind
        text = doc.text
        refused = []
        if kind in ("ConfigMap", "Secret") and (id(doc) in mine or len(text) > _DATA_CHARS):
            refused += _data(doc, id(doc) in mine)
        found += refused
        # An object the API server refuses anyway is not applied at all, by any means.
        if not refused and len(text) > MAX_ANNOTATIONS and _bytes(text) > MAX_ANNOTATIONS:
            found.append(_too_big_to_apply(doc, id(doc) in mine))
    release = stored_size(docs)
    if release > MAX_DATA:
        found.append(warning(
            "", f"the release as Helm stores it (the Secret sh.helm.release.v1.<release>.v<revision>: its chart, "
                f"values and rendered manifest as JSON, gzipped and base64-encoded, helm pkg/storage/driver/util.go "
                f"encodeRelease) would be about {release:,} bytes, and the API server refuses a Secret over "
                f"{MAX_DATA:,} (MaxSecretSize), so `helm install` or `upgrade` with Helm's default Secret driver fails once "
                f"the objects are applied (`helm template`, as Argo CD and Flux run it, stores nothing).",
            "To fix it, make the large files smaller, or keep releases in Helm's SQL storage driver "
            "(HELM_DRIVER=sql), which has no such limit."))
    return found


def stored_size(docs: list) -> int:
    """About how many bytes Helm's release Secret holds for these documents: the manifest gzipped as Helm does
    it, base64-encoded, plus the chart's part. Compressed only when the text alone may not fit."""
    size = sum(_bytes(doc.text) for doc in docs)
    # gzip never grows a text by more than a few bytes per 16 KiB block; base64 takes 4 characters per 3 bytes.
    if _base64(size + size // 1000 + 64) + CHART_STORED <= MAX_DATA:
        return 0
    import zlib

    text = "".join(doc.text for doc in docs).encode()
    compressed = len(zlib.compress(text, 1))
    if _base64(compressed) + CHART_STORED <= MAX_DATA:  # the fastest level fits: Helm's best does too
        return _base64(compressed) + CHART_STORED
    return _base64(len(zlib.compress(text, 9))) + CHART_STORED


def _base64(length: int) -> int:
    return (length + 2) // 3 * 4


def _bytes(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode())


def _parse(doc):
    try:
        obj = doc.parse()
    except ValueError:  # not YAML (the stream's NotYaml): the API server refuses it, with its reason
        return None
    return obj if isinstance(obj, dict) else None


def _value_bytes(kind: str, part: str, value) -> int:
    if not isinstance(value, str):
        value = "" if value is None else str(value)
    if (kind == "Secret" and part == "data") or part == "binaryData":
        stripped = "".join(value.split())
        return len(stripped) * 3 // 4 - len(stripped) + len(stripped.rstrip("="))
    return _bytes(value)


def _data(doc, own: bool) -> list:
    obj = _parse(doc)
    if obj is None:
        return []
    sizes = {}
    for part in ("data", "binaryData", "stringData"):
        values = obj.get(part)
        if isinstance(values, dict):
            for key, value in values.items():
                sizes[str(key)] = _value_bytes(doc.kind, part, value)
    total = sum(sizes.values())
    if total <= MAX_DATA:
        return []
    largest = sorted(sizes, key=lambda k: -sizes[k])[:3]
    files = ", ".join(f"{key} {sizes[key]:,} bytes" for key in largest)
    service = _component(obj) if own else ""
    where = _values_path(largest[0], service) if own else ""
    whose = f", {service}'s files" if service else ""
    return [error(where, f"{doc.kind} {doc.name}{whose} holds {total:,} bytes of data ({files}), and the API "
                         f"server refuses a {doc.kind} over {MAX_DATA:,} (ValidateConfigMap/ValidateSecret: "
                         "MaxSecretSize), so nothing that mounts it starts.",
                  "To fix it, make the file smaller; a file over 1 MiB can be in no ConfigMap or Secret: mount it "
                  "from a volume of your own (services.<name>.extraVolumes and extraVolumeMounts).")]


def _too_big_to_apply(doc, own: bool) -> object:
    size = _bytes(doc.text)
    where, what = "", ""
    if own:
        obj = _parse(doc) or {}
        sizes = {str(k): _value_bytes(doc.kind, part, v) for part in ("data", "binaryData")
                 for k, v in (obj.get(part) or {}).items()}
        if sizes:
            largest = max(sizes, key=sizes.get)
            where = _values_path(largest, _component(obj))
            what = f" (its largest file {largest}, {sizes[largest]:,} bytes)"
    return warning(where, f"{doc.kind} {doc.name} is about {size:,} bytes{what}: client-side apply (`kubectl apply`, "
                          "Argo CD without ServerSideApply) copies the whole object into its "
                          "kubectl.kubernetes.io/last-applied-configuration annotation, which the API server refuses "
                          f"over {MAX_ANNOTATIONS:,} bytes.",
                   "Apply it with Helm or server-side apply (`kubectl apply --server-side`, Argo CD "
                   "`ServerSideApply=true`), or make the file smaller.")


def _component(obj: dict) -> str:
    labels = (obj.get("metadata") or {}).get("labels") or {}
    return str(labels.get("app.kubernetes.io/component") or "")


def _values_path(key: str, service: str) -> str:
    """The values path a file of a service's ConfigMap or Secret comes from."""
    if key.endswith(_PROFILE_SUFFIX):
        return f"profiles.{key[:-len(_PROFILE_SUFFIX)]}"
    if key == "settings-local.js":
        return "settingsLocalJs"
    return "halconfig"
