"""The post-renderer's own workload reader (renderer/postrender/blockyaml.py) gives exactly what
PyYAML's safe loader gives, or declines: never other data, and never data for text PyYAML refuses."""
from __future__ import annotations

import glob
import os
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import handover
from conftest import ROOT
from renderer.postrender import blockyaml
from renderer.postrender.objects import PLACEHOLDER
from renderer.postrender.stream import split
from renderer.write.config_text import to_yaml


def _same(a, b) -> bool:
    """Equal, with the same types and key order all the way down (True == 1 would not do)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _agrees(text: str) -> bool:
    """Checks one text; True when it was read (not declined)."""
    try:
        expected, refused = yaml.load(text, Loader=yaml.CSafeLoader), None
    except yaml.YAMLError as exc:
        expected, refused = None, exc
    try:
        got = blockyaml.load(text)
    except blockyaml.Declined:
        return False
    assert refused is None, f"read text PyYAML refuses ({refused}):\n{text}"
    assert _same(got, expected), text
    return True


def _streams():
    values = [{}] + [yaml.safe_load(open(path, encoding="utf-8"))
                     for path in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml")))]
    values.append(yaml.safe_load(open(os.path.join(ROOT, "charts", "spinnaker", "ci", "ha-values.yaml"))))
    for value in values:
        rendered = handover.render(value)
        yield handover.helm3_stream(rendered)
        yield handover.helm4_stream(rendered)


@pytest.fixture(scope="module")
def documents():
    return [doc for stream in _streams() for doc in split(stream)]


def test_rendered_documents_read_the_same(documents):
    read = [doc for doc in documents if _agrees(doc.body())]
    # The workloads the post-renderer edits (they mount a service's config) are all read here.
    workloads = [doc for doc in documents if PLACEHOLDER + "configmap-" in doc.text
                 and doc.kind in ("Deployment", "StatefulSet")]
    assert workloads and all(doc in read for doc in workloads)


def test_edited_documents_read_the_same_or_are_declined(documents):
    pieces = ["", " ", "  ", "- ", "-", ":", ": ", "#", " #", "'", '"', "''", "x", "1", "2.0", "yes", "on", "~",
              "null", "{}", "[]", "\n", "\n  ", "\n- ", "a: b", "|", ">", "&a", "*a", "!!str", "0x1", "1e3",
              "1.2.3", "2Gi", "-1", "+1", ".5", "key:", "\\", "\t", "--", "---", "...", "?", "<<", "=", "[a, b]",
              "[a,", "0440", "08", "-c", "-.inf", "[a: b]", "[a,]", "[-]", "[a b]", "é", "\r"]
    chosen = random.Random(7)
    workloads = [doc.body() for doc in documents if doc.kind in ("Deployment", "StatefulSet")][:40]
    read = 0
    for text in workloads:
        lines = text.split("\n")
        for _ in range(100):
            edited = list(lines)
            for _ in range(chosen.randint(1, 3)):
                i = chosen.randrange(len(edited))
                j = chosen.randint(0, len(edited[i]))
                how = chosen.random()
                if how < 0.5:
                    edited[i] = edited[i][:j] + chosen.choice(pieces) + edited[i][j:]
                elif how < 0.7:
                    edited[i] = edited[i][:j] + edited[i][j + 1:]
                elif how < 0.85:
                    edited.insert(i, edited[chosen.randrange(len(edited))])
                else:
                    edited[i] = " " * chosen.randint(0, 3) + edited[i]
            read += _agrees("\n".join(edited))
    assert read >= 400  # the edits that keep it in the part read here are checked, not only declined


SCALARS = ["yes", "No", "ON", "off", "y", "n", "true", "False", "null", "Null", "~", "~x", "", "0", "-0", "7",
           "-12", "007", "0440", "-0440", "08", "0x1F", "0b101", "1_000", "1e3", "1.5", "-1.5", ".5", ".inf",
           "-.inf", "+.inf", ".NaN", "2001-12-14", "2001-12-14 21:59:43.10 -5", "12:30:00", "190:20:30",
           "2026.4.0", "10.0.0.1", "1.2.3-rc1", "2Gi", "500m", "123abc", "-c", "--flag", "-XX:Max=80.0", "+1",
           "/health", "${X}", "a#b", "a #b", "a: b", "a:b", "x:", "helm,local", "[sh, -c]", "[a,b]", "[ a , b ]",
           "[a, b,]", "[]", "{}", "[a: b]", "'it''s'", "''", '""', '"a b"', '"a\\"b"', "'a'b'", "<<", "=", "?x",
           ":x", "@x", "`x", "%x", "!x", "&x", "*x", "|", ">", "-", "- x", "a  b"]


@pytest.mark.parametrize("value", SCALARS)
def test_scalars_resolve_as_yaml_1_1(value):
    for text in (f"key: {value}\n", f"list:\n- {value}\n", f"list:\n  - {value}\n  - other\n"):
        _agrees(text)


def test_most_scalars_are_read_not_declined():
    """The scalar cases check YAML 1.1 resolution only where the reader reads them: most must be read."""
    assert sum(_agrees(f"key: {value}\n") for value in SCALARS) >= len(SCALARS) // 2


def test_written_data_is_read_not_declined():
    assert _agrees(to_yaml({"root": {"a": [1, "yes", None, {"b": "x y"}]}}))


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.one_of(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126)),
                              st.sampled_from(SCALARS), st.booleans(), st.none(), st.integers()),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(st.from_regex(r"[A-Za-z][A-Za-z0-9_./-]{0,8}",
                                                                          fullmatch=True), inner, max_size=3)),
                    max_leaves=20))
def test_written_data_reads_back_the_same(value):
    data = {"root": value}
    for text in (to_yaml(data), yaml.safe_dump(data, sort_keys=False),
                 yaml.safe_dump(data, default_flow_style=False, width=1 << 30)):
        _agrees(text)


def test_text_that_is_not_yaml_gets_pyyaml_s_reason():
    from renderer.postrender.stream import Document, NotYaml

    for body in ("kind: Deployment\nspec: [unclosed\n", "kind: Deployment\nx: *nope\n", "a: 1\n   b: 2\n"):
        with pytest.raises(NotYaml) as raised:
            Document("---\n" + body).parse()
        with pytest.raises(yaml.YAMLError) as expected:
            yaml.load(body, Loader=yaml.CSafeLoader)
        assert str(raised.value) == str(expected.value)
