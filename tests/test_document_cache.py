"""What a pass parsed stays what the document's text says (renderer/postrender/stream.Document).

The post-renderer reads a workload once and hands the data from pass to pass: the user's Secrets
wired in, placeholders replaced by object names, `patches`, the names check and the runtime
judgement. If the data and the text ever parted, a later pass would judge what Kubernetes never
gets. So at the end of a real post-render every document whose data is known must read back from
its text, freshly parsed, as that data; and the placeholders are replaced whole.
"""
from __future__ import annotations

import os

import pytest
import yaml

from conftest import ROOT
from renderer.postrender import render
from renderer.postrender.stream import Document
from renderer.postrender.wire import wire

handover = pytest.importorskip("handover")
pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

PATCHES = {"patches": [
    {"target": {"kind": "Deployment", "name": "spin-spinnaker-gate"}, "type": "strategic",
     "patch": {"spec": {"template": {"spec": {"containers": [{"name": "gate", "env": [
         {"name": "EXTRA", "value": "1"}]}]}}}}},
    {"target": {"kind": "ConfigMap"}, "type": "json6902",
     "patch": [{"op": "add", "path": "/metadata/annotations", "value": {"patched": "yes"}}]},
]}


def _values(name: str) -> dict:
    if name == "patches":
        return PATCHES
    with open(os.path.join(ROOT, "examples", name)) as handle:
        return yaml.safe_load(handle)


@pytest.mark.parametrize("values", ["values-minimal.yaml", "values-production.yaml", "values-mtls.yaml",
                                    "values-halyard.yaml", "patches"])
@pytest.mark.parametrize("form", ["helm3", "helm4"])
def test_known_data_is_what_the_text_reads_as(values, form):
    rendered = handover.render(_values(values))
    stream = handover.helm3_stream(rendered) if form == "helm3" else handover.helm4_stream(rendered)
    keep: list = []
    render(stream, [], keep=keep)
    out = keep[-1]
    known = [doc for doc in out if doc.parsed() is not None]
    workloads = [doc for doc in out if doc.kind in ("Deployment", "StatefulSet")]
    assert known and any(doc in known for doc in workloads), "the passes handed data on"
    for doc in known:
        assert doc.parsed() == Document(doc.text).parse(), f"{doc.kind} {doc.name}"
        assert (doc.kind, doc.name) == (Document(doc.text).kind, Document(doc.text).name)


def test_a_placeholder_is_replaced_whole_in_the_text_and_the_data():
    placeholder = "spinnaker-renderer-placeholder-configmap-"
    text = (f"---\nkind: Deployment\nmetadata:\n  name: w\nspec:\n  volumes:\n"
            f"    - name: a\n      configMap:\n        name: {placeholder}clouddriver\n"
            f"    - name: b\n      configMap:\n        name: {placeholder}clouddriver-ro\n")
    doc = Document(text)
    doc.parse()
    names = {placeholder + "clouddriver": "spin-clouddriver-config-1",
             placeholder + "clouddriver-ro": "spin-clouddriver-ro-config-2"}
    [wired] = wire([doc], -1, names)
    volumes = wired.parsed()["spec"]["volumes"]
    assert [v["configMap"]["name"] for v in volumes] == ["spin-clouddriver-config-1", "spin-clouddriver-ro-config-2"]
    assert wired.parsed() == Document(wired.text).parse()


def test_a_placeholder_with_no_object_is_refused_not_half_replaced():
    placeholder = "spinnaker-renderer-placeholder-configmap-"
    doc = Document(f"---\nkind: Deployment\nmetadata:\n  name: w\nspec:\n  x: {placeholder}gate-extra\n")
    from renderer.postrender.errors import PostRenderError

    with pytest.raises(PostRenderError, match="gate-extra"):
        wire([doc], -1, {placeholder + "gate": "spin-gate-config-1"})
