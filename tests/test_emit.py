"""Everything the project writes as YAML reads back the same in YAML 1.1 and Go YAML.

SnakeYAML (Spinnaker's services) resolves YAML 1.1 scalars; Go YAML (Helm,
Kubernetes) reads `y`/`n` as booleans too. PyYAML implements YAML 1.1's
resolver, Helm's own reader is reached through helm-python-sdk, and SnakeYAML
itself runs when java and Debian's libyaml-snake-java are on the machine.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from renderer.write.config_text import env_file, scalar, settings_js, to_yaml

TRICKY = ["yes", "no", "on", "off", "y", "n", "Y", "N", "YES", "Off", "true", "False", "~", "null", "Null",
          "1_000", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "0777", "0o17", "0x1F", "0b101", "1e3",
          "1.5", ".5", "+1", "-0", ".inf", "-.Inf", ".NaN", "=", "<<", "12:30:00", "190:20:30", "1:0",
          "", " ", " leading", "trailing ", "a: b", "a #b", "#c", "-", "- x", "? x", "[x]", "{x}", "*a", "&a",
          "!tag", "%x", "@x", "`x", "|", ">", "'", '"', "\\", "tab\there", "line\nbreak", "crlf\r\n",
          "\u2028", "\u0085", "\ufeff", "\x7f", "nul\x00", "emoji \U0001F600", "ünïcödé", "{{context.region}}",
          "https://host:8084/path?q=1", "jdbc:mysql://db:3306/x", "*.example.com", "0", "00", "1.0e+3"]


def _roundtrips(value) -> None:
    text = to_yaml({"key": value, "list": [value], "nested": {"deeper": value}})
    expected = {"key": value, "list": [value], "nested": {"deeper": value}}
    assert yaml.safe_load(text) == expected, text


@pytest.mark.parametrize("value", TRICKY, ids=[repr(v) for v in TRICKY])
def test_strings_stay_strings_for_yaml_1_1(value):
    _roundtrips(value)


@pytest.mark.parametrize("value", [True, False, None, 0, -7, 2**40, 1.5, 1e20, -0.25])
def test_other_scalars_keep_their_type(value):
    _roundtrips(value)


def test_keys_are_quoted_too():
    data = {"y": 1, "on": 2, "1_000": 3, "ok": 4}
    assert yaml.safe_load(to_yaml(data)) == data


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.one_of(st.text(), st.booleans(), st.none(), st.integers(),
                              st.floats(allow_nan=False, allow_infinity=False)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                    max_leaves=20))
def test_any_data_roundtrips(value):
    _roundtrips(value)


def test_go_yaml_reads_the_same_strings():
    helm = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's Go YAML reader")
    data = {f"k{i}": v for i, v in enumerate(TRICKY) if "\x00" not in v and "\ufeff" not in v}
    assert helm.values_from_yaml(to_yaml(data)) == data


def test_snakeyaml_reads_the_same_strings(tmp_path):
    jar = "/usr/share/java/snakeyaml.jar"
    if not (shutil.which("java") and os.path.exists(jar)):
        pytest.skip("SnakeYAML check needs java and Debian's libyaml-snake-java; PyYAML's YAML 1.1 "
                    "resolver and Helm's Go reader cover the same cases above")
    source = tmp_path / "Read.java"
    source.write_text("""
import org.yaml.snakeyaml.Yaml;
import java.nio.file.*;
import java.util.*;
public class Read {
  public static void main(String[] a) throws Exception {
    Map<String, Object> m = new Yaml().load(Files.readString(Path.of(a[0])));
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Object> e : m.entrySet())
      out.append(e.getKey()).append('\\t').append(e.getValue() == null ? "null" : e.getValue().getClass().getSimpleName()).append('\\n');
    System.out.print(out);
  }
}
""")
    data = {f"k{i}": v for i, v in enumerate(TRICKY) if "\x00" not in v}
    doc = tmp_path / "doc.yml"
    doc.write_text(to_yaml(data), encoding="utf-8")
    result = subprocess.run(["java", "-cp", jar, str(source), str(doc)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    types = dict(line.split("\t") for line in result.stdout.splitlines())
    assert all(t == "String" for t in types.values()), {k: t for k, t in types.items() if t != "String"}


def test_scalar_quotes_only_when_needed():
    assert scalar("my-account") == "my-account"
    assert scalar("/var/secrets/x.json") == "/var/secrets/x.json"
    assert scalar("yes") == '"yes"'
    assert scalar("1_000") == '"1_000"'
    assert scalar("a\u2028b") == '"a\\u2028b"'


def test_multiline_strings_use_literal_blocks():
    text = to_yaml({"file.yml": "a: 1\nb: [2]\n"})
    assert text == "file.yml: |\n  a: 1\n  b: [2]\n"


def test_empty_mapping_is_braces():
    assert to_yaml({}) == "{}\n"


def test_settings_js_is_an_object_literal_safe_for_quotes():
    js = settings_js({"gateUrl": "https://x", "odd": "it's \\ </script> \u2028"})
    assert js.startswith("window.spinnakerSettings = {") and js.endswith("};\n")
    payload = js[len("window.spinnakerSettings = "):-2]
    assert json.loads(payload) == {"gateUrl": "https://x", "odd": "it's \\ </script> \u2028"}
    assert "</script>" not in js


def test_env_file_refuses_line_breaks():
    assert env_file({"A": "1", "B": "x y"}) == "A=1\nB=x y\n"
    with pytest.raises(ValueError):
        env_file({"A": "1\n2"})


def _plain_to_yaml(data) -> str:
    """The emitter's rules written plainly, without its caches and fast paths: the bytes to_yaml must give.
    It shares the emitter's reserved words and escaping, so it checks the fast paths against the same
    rules, not the rules themselves (the YAML 1.1 round-trip tests above do that)."""
    import re

    from renderer.write.config_text import _RESERVED, _escape

    plain = re.compile(r"[A-Za-z/][A-Za-z0-9_./@+-]*(?: [A-Za-z0-9_./@+-]+)*\Z")
    escape = re.compile('[\x00-\x1f"\\\\\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]')

    def scalar_(value):
        if not isinstance(value, str):
            return scalar(value)
        if plain.match(value) and value.lower() not in _RESERVED:
            return value
        return '"' + escape.sub(_escape, value) + '"'

    def literal_ok(text):
        return ("\n" in text and not text.startswith((" ", "\t", "\n")) and not text.endswith("\n\n")
                and not escape.search(re.sub('[\n\t"\\\\]', "", text)))

    def block(value, indent, out):
        if isinstance(value, dict):
            try:
                items = sorted(value.items())
            except TypeError:
                items = sorted(value.items(), key=lambda item: str(item[0]))
            for key, item in items:
                head = indent + scalar_(key if isinstance(key, str) else str(key)) + ":"
                if isinstance(item, str) and literal_ok(item):
                    body = item[:-1] if item.endswith("\n") else item
                    out.append(head + (" |" if item.endswith("\n") else " |-"))
                    out.extend(indent + "  " + line if line else "" for line in body.split("\n"))
                elif isinstance(item, (dict, list)):
                    if item:
                        out.append(head)
                        block(item, indent if isinstance(item, list) else indent + "  ", out)
                    else:
                        out.append(head + (" {}" if isinstance(item, dict) else " []"))
                else:
                    out.append(head + " " + scalar_(item))
        else:
            for item in value:
                if isinstance(item, (dict, list)) and item:
                    start = len(out)
                    block(item, indent + "  ", out)
                    out[start] = indent + "- " + out[start][len(indent) + 2:]
                elif isinstance(item, (dict, list)):
                    out.append(indent + "- " + ("{}" if isinstance(item, dict) else "[]"))
                else:
                    out.append(indent + "- " + scalar_(item))

    if not data:
        return "{}\n" if isinstance(data, dict) else "[]\n"
    out = []
    block(data, "", out)
    return "\n".join(out) + "\n"


_LINES = st.lists(st.sampled_from(["a: 1", "", " x", "\tt", 'q "x"', "b\\s", "\x07", "é", "\u2028", "-"]),
                  max_size=5).map("\n".join)


@settings(max_examples=400, deadline=None)
@given(st.recursive(st.one_of(st.text(), _LINES, _LINES.map(lambda t: t + "\n"), st.text(max_size=3).map(
                                  lambda t: "QUJD" * 1100 + t), st.booleans(), st.none(),
                              st.integers(), st.floats(allow_nan=False)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                            st.dictionaries(st.one_of(st.text(max_size=8), st.integers()),
                                                            inner, max_size=4)),
                    max_leaves=30))
def test_the_emitter_writes_what_its_rules_say(value):
    from renderer.model.walk import strings

    data = {"root": value, "again": [value, {"k": value}]}
    collected: list = []
    assert to_yaml(data, collected) == _plain_to_yaml(data)
    assert sorted(collected) == sorted(strings(data))  # every string value, none twice


def test_repeated_layouts_and_embedded_files_are_written_alike():
    accounts = [{"name": f"a{i}", "namespaces": ["x", "y\nz"], "n": i, "on": i % 2 == 0, "none": None}
                for i in range(3)] + [{"z": 1, "a": {"b": []}}, {1: "one", "1": "text", "b": {}}]
    files = {"f.yml": to_yaml({"accounts": accounts}), "g.yml": "a\n\nb\n", "h.yml": "x\n\n\ny",
             "i.yml": "ünï\ncode\n", "j.yml": "bad\x01\n"}
    from collections import OrderedDict

    class Listed(list):
        pass

    subclassed = {"a": [OrderedDict(z=1, y=[OrderedDict(x="2")]), {"k": OrderedDict(b=Listed(["c"]))}],
                  "b": Listed([{"m": 1}, Listed([1, 2])]), "c": OrderedDict(d=OrderedDict(e="f"))}
    for data in ({"accounts": accounts}, {"data": files}, [files, accounts], subclassed):
        assert to_yaml(data) == _plain_to_yaml(data)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ/0_.@+- =:\t#é"), max_size=12) | st.sampled_from(TRICKY))
def test_plain_pattern_decides_as_the_backtracking_one(text):
    import re

    from renderer.write.config_text import _PLAIN

    backtracking = re.compile(r"[A-Za-z/][A-Za-z0-9_./@+-]*(?: [A-Za-z0-9_./@+-]+)*\Z")
    assert bool(_PLAIN.match(text)) == bool(backtracking.match(text))
