"""The last pass: would the release run (renderer/runtime), judged on the final stream, and would the API
server and Helm's storage take it (runtime.apiserver: every document, the post-renderer's own included).

Runs after the user's `patches`, on the documents as they go to Kubernetes: the service workloads
(found by the bundle's host names, and only those parsed), the files each service reads, and the keys
of the ConfigMaps and Secrets the release holds (the post-renderer's own known from building them,
any other read only when a pod takes env or files from it). An error refuses the release, every
error in one message; warnings go with the post-renderer's others.
"""
from __future__ import annotations

from ..problems import ERROR
from .errors import PostRenderError


class ObjectKeys:
    """{(kind, name): keys} of the ConfigMaps and Secrets in the stream, read when first asked for
    (`docs`: the stream without the post-renderer's own objects, whose keys are `known`)."""

    def __init__(self, docs, known: dict):
        self._docs = docs
        self._known = dict(known)
        self._index = None

    def get(self, key, default=None):
        if key in self._known:
            return self._known[key]
        if self._index is None:
            self._index = {(d.kind, d.name): d for d in self._docs if d.kind in ("ConfigMap", "Secret")}
        doc = self._index.get(key)
        keys = default
        if doc is not None:
            try:
                data = doc.parse()
            except Exception:  # noqa: BLE001 - a document Kubernetes will refuse anyway: its keys are unknown
                data = None
            if isinstance(data, dict):
                keys = tuple(str(k) for part in ("data", "stringData", "binaryData")
                             for k in (data.get(part) or {}) if isinstance(data.get(part), dict))
        self._known[key] = keys
        return keys


class Objects:
    """objects(kind): the parsed objects of one kind in the stream, read when first asked for (the
    connection checks read the Services and NetworkPolicies, a few small documents).
    objects(kind, cheap=True): those the block-YAML reader reads (postrender/blockyaml), the others
    left out rather than loading PyYAML, whose import costs more than a small post-render."""

    def __init__(self, docs):
        self._docs = docs
        self._by_kind: dict = {}

    def __call__(self, kind: str, cheap: bool = False) -> list:
        if (kind, cheap) not in self._by_kind:
            from . import blockyaml
            from .stream import NotYaml

            found = []
            for doc in self._docs:
                if doc.kind != kind:
                    continue
                data = doc.parsed()
                try:
                    if data is None and cheap:
                        data = blockyaml.load(doc.body())
                    elif data is None:
                        data = doc.parse()
                except (NotYaml, blockyaml.Declined):
                    continue  # not YAML: the API server refuses it, with its reason; declined: left out
                if isinstance(data, dict):
                    found.append(data)
            self._by_kind[(kind, cheap)] = found
        return self._by_kind[(kind, cheap)]


def pods(docs, bundle: dict) -> list:
    """runtime.pods.Pod of every workload the bundle names, read from its final document."""
    from ..runtime.pods import Pod
    from .stream import NotYaml

    hosts = {entry["host"]: workload for workload, entry in bundle["services"].items()}
    found = []
    for doc in docs:
        if doc.kind not in ("Deployment", "StatefulSet"):
            continue
        workload = hosts.get(doc.name)
        if workload is None:
            continue
        try:
            obj = doc.parse()
        except NotYaml:
            continue  # the API server refuses it, with its reason
        found.append(Pod(workload, bundle["services"][workload], obj))
    return sorted(found, key=lambda p: p.workload)


def judge(docs, bundle: dict, files: dict, texts: dict, known_keys: dict, own=()) -> list:
    """The runtime findings (runtime.findings.Finding) for the final documents; raises PostRenderError with
    every error (`.findings` holds them) when there is one. `own`: the post-renderer's ConfigMaps
    and Secrets (their keys are `known_keys`): never searched, as they hold megabytes of config on
    a large release."""
    from ..runtime import Release, apiserver, judge as judge_pods

    skip = {id(doc) for doc in own}
    chart = [doc for doc in docs if id(doc) not in skip]
    release = Release(bundle, files, texts, ObjectKeys(chart, known_keys), Objects(chart))
    findings = judge_pods(release, pods(chart, bundle)) + apiserver.check(docs, own)
    errors = [f for f in findings if f.level == ERROR]
    if errors:
        if len(errors) == 1:
            exc = PostRenderError(errors[0].message, errors[0].hint, where=errors[0].where)
        else:
            exc = PostRenderError(f"{len(errors)} problems would stop the release from running:\n"
                                  + "\n".join("  " + f.render() for f in errors))
        exc.findings = findings
        raise exc
    return findings
