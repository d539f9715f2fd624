"""Names as Kubernetes checks them, on the post-renderer's final stream (renderer/postrender/names.py).

The rules against examples the API server accepts and refuses (k8s.io/apimachinery validation); the
pass through the post-renderer in both hand-over forms, after `patches` and for `extraObjects`, with
the values path each message names. Every route (validate -f, both real Helms, the wrapper) is in
tests/test_verdict.py's table.
"""
from __future__ import annotations

import pytest

from renderer.postrender import names

handover = pytest.importorskip("handover")
pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")


@pytest.mark.parametrize("rule,good,bad", [
    (names.subdomain, ["a", "spin-spinnaker-gate", "a.b-c.d", "0abc", "a" * 253],
     ["", "../x", "A", "a_b", "-a", "a-", "a..b", "a\nb", "a" * 254]),
    (names.dns1035_label, ["a", "spin-gate", "a1"], ["1a", "a.b", "A", "a-", "a" * 64]),
    (names.dns1123_label, ["a", "1a", "spin"], ["a.b", "A", "a" * 64]),
    (names.path_segment, ["x", "a.b", "A b"], [".", "..", "a/b", "a%b"]),
    (names.qualified_name, ["a", "A_b.c-d", "example.com/x", "app.kubernetes.io/name", "a" * 63],
     ["", "/a", "a/", "a/b/c", "Ex.com/x", "a\nb", "a b", "-a", "a" * 64, "bad_prefix/x"]),
    (names.label_value, ["", "a", "2026.4.0", "A-b_c.d", "a" * 63], ["a b", "-a", "a-", "a\nb", "a" * 64]),
    (names.host, ["spin.example.com", "*.example.com"], ["a\nb.example.com", "10.0.0.1", "*.*.example.com",
                                                          "f*.example.com", "Spin.example.com"]),
], ids=["subdomain", "dns1035", "dns1123-label", "path-segment", "qualified-name", "label-value", "host"])
def test_the_rules_are_the_api_servers(rule, good, bad):
    assert [v for v in good if rule(v)] == []
    assert [v for v in bad if not rule(v)] == []


def test_env_names_error_only_where_no_kubernetes_accepts_them():
    for value in ("JAVA_OPTS", "my.env-name", "_x", "-x"):
        assert names.env_name(value) == ("", "")
    for value in ("", "A\nB", "A=B", "A\tB", "Ä"):  # refused by the relaxed rule (Kubernetes 1.32 and later) too
        assert names.env_name(value)[0], value
    for value in ("MY VAR", "1ABC", "..x", "a:b"):  # accepted from 1.32, refused before
        error, warning = names.env_name(value)
        assert not error and "before 1.32" in warning, value


def _post_render(values, form="helm3"):
    stream = (handover.helm3_stream if form == "helm3" else handover.helm4_stream)(handover.render(values,
                                                                                                 name="spin"))
    result = handover.post_render(stream, env={"SPINNAKER_RENDERER_NO_TTY": "1"})
    return result.returncode, result.stderr.decode(), result.stdout.decode()


@pytest.mark.parametrize("form", ["helm3", "helm4"])
@pytest.mark.parametrize("values,words", [
    ({"fullnameOverride": "../x"}, ["[fullnameOverride, nameOverride or the release name", "Deployment '../x-gate'",
                                    "ConfigMap '../x-gate-config-"]),
    ({"nameOverride": "Spin"}, ["nameOverride", "Service 'spin-Spin-gate'"]),
    ({"commonAnnotations": {"a\nb": "x"}}, ["annotations key 'a\\nb'", "[commonAnnotations]"]),
    ({"services": {"echo": {"podAnnotations": {"bad key": "x"}}}},
     ["spec.template.metadata.annotations key 'bad key'", "[services.echo.podAnnotations"]),
    ({"services": {"gate": {"env": [{"name": "A=B", "value": "x"}]}}}, ["env name 'A=B'", "[services.gate.env"]),
    ({"expose": {"host": "10.0.0.1"}}, ["spec.rules[].host '10.0.0.1' is an IP address", "[expose.host"]),
    ({"extraObjects": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "My_Map"}}]},
     ["ConfigMap 'My_Map'", "[extraObjects]"]),
    ({"patches": [{"target": {"kind": "Deployment", "name": "spin-spinnaker-echo"},
                   "patch": {"metadata": {"labels": {"tier": "back end"}}}}]},
     ["labels[tier] 'back end'", "a `patches` entry", "on Deployment spin-spinnaker-echo"]),
], ids=["fullname", "name", "annotation", "pod-annotation", "env", "host-ip", "extra-objects", "patched"])
def test_a_name_kubernetes_refuses_fails_the_render_with_where_it_came_from(values, words, form):
    code, stderr, stdout = _post_render(values, form)
    assert code != 0 and stdout == ""
    assert "names Kubernetes would refuse" in stderr
    assert [w for w in words if w not in stderr] == [], stderr
    assert "Traceback" not in stderr


def test_valid_names_pass_and_a_relaxed_env_name_is_a_warning():
    code, stderr, _ = _post_render({"services": {"gate": {"env": [{"name": "MY VAR", "value": "x"}]}},
                                    "commonAnnotations": {"example.com/Team": "x"}})
    assert code == 0, stderr
    assert "warning: env name 'MY VAR' is refused by Kubernetes before 1.32" in stderr
    assert "[services.gate.env or serviceDefaults.env]: on Deployment spin-spinnaker-gate" in stderr


def test_the_pass_reads_blocks_it_cannot_take_line_by_line():
    # Flow style, quoted keys with escapes and block scalars: read as YAML, still checked.
    text = ('---\napiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {"a b": x}}\nspec:\n  containers:\n'
            '    - name: c\n      env:\n        - name: |-\n            A\n            B\n          value: x\n')
    stream = handover.helm3_stream(handover.render({}, name="spin"))
    from renderer.postrender.stream import split

    with pytest.raises(names.PostRenderError) as refused:
        names.check_names(split(stream + text), {"release": {"fullname": "spin-spinnaker"}})
    message = refused.value.render()
    assert "labels key 'a b'" in message and "env name 'A\\nB'" in message and "on Pod p" in message
