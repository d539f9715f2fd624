"""Names as Kubernetes checks them, on the post-renderer's final stream (renderer/postrender/names.py).

The rules against examples the API server accepts and refuses (k8s.io/apimachinery validation); the
pass through the post-renderer in both hand-over forms, after `patches` and for `extraObjects`, with
the values path each message names. Every route (validate -f, both real Helms, the wrapper) is in
tests/test_verdict.py's table.
"""
from __future__ import annotations

import functools
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from renderer.postrender import names
from test_verdict import CHART, helm4_home, helm_binary  # noqa: F401  (helm4_home: the plugin installed once)

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


# The formats as k8s.io/apimachinery/pkg/util/validation/validation.go writes them (dns1123LabelFmt,
# dns1123SubdomainFmt, dns1035LabelFmt, qualifiedNameFmt, envVarNameFmt): names.py checks them as
# character sets, and must accept exactly what these accept.
_API_FORMATS = [
    (names._label_shaped, r"[a-z0-9]([-a-z0-9]*[a-z0-9])?"),
    (names._subdomain_shaped, r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"),
    (names._dns1035_shaped, r"[a-z]([-a-z0-9]*[a-z0-9])?"),
    (names._key_shaped, r"([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"),
    (names._env_strict, r"[-._a-zA-Z][-._a-zA-Z0-9]*"),
]


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="aZ09-._/ \n\tÄ", max_size=8))
def test_the_character_sets_accept_what_the_api_servers_formats_accept(value):
    import re

    for shaped, pattern in _API_FORMATS:
        assert shaped(value) == bool(re.fullmatch(pattern, value)), (shaped.__name__, value)


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


# Long release names (names cut to 63 characters) and one name given twice ------------------------

LONG = "acme-platform-continuous-delivery-prod1"  # its objects' names pass 63 characters
HA = os.path.join(ROOT, "charts", "spinnaker", "ci", "ha-values.yaml")


def _names_by_kind(text: str) -> dict:
    import yaml

    out: dict = {}
    for doc in yaml.safe_load_all(text):
        if isinstance(doc, dict) and doc.get("kind"):
            out.setdefault(doc["kind"], []).append(doc["metadata"]["name"])
    return out


def _long_release(route, tmp_path, helm4_env):
    """(exit code, stdout, stderr) of rendering the HA example as release LONG on one route."""
    env = dict(os.environ, SPINNAKER_RENDERER_NO_TTY="1", SPINNAKER_RENDERER_ERROR_FILE=str(tmp_path / "err.txt"))
    if route == "helm3":
        args = [helm_binary("helm3"), "template", LONG, CHART, "-n", "spinops", "-f", HA,
                "--post-renderer", os.path.join(ROOT, "scripts", "post-render")]
    elif route == "helm4":
        env.update(helm4_env)
        args = [helm_binary("helm4"), "template", LONG, CHART, "-n", "spinops", "-f", HA,
                "--post-renderer", "spinnaker-renderer"]
    else:
        env["HELM_BIN"] = helm_binary("helm3")
        args = [sys.executable, "-m", "renderer", "helm", "template", LONG, CHART, "-n", "spinops", "-f", HA]
    result = subprocess.run(args, capture_output=True, text=True, env=env, cwd=ROOT)
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize("route", ["helm3", "helm4", "wrapper"])
def test_a_long_release_name_keeps_every_split_its_own_name(route, tmp_path, request):
    """The 63-character cut made clouddriver-ro, -rw and -ro-deck one name, and every caller's URL pointed
    at it: the chart cuts the release's part instead, and names that fit stay as they were."""
    code, out, err = _long_release(route, tmp_path, request.getfixturevalue("helm4_home") if route == "helm4"
                                   else None)
    assert code == 0, err
    found = _names_by_kind(out)
    for kind in ("Deployment", "Service"):
        assert len(found[kind]) == len(set(found[kind])), found[kind]
        assert all(len(n) <= 63 for n in found[kind]), found[kind]
    splits = [n for n in found["Deployment"] if "clouddriver" in n]
    assert sorted(n.rsplit("-clouddriver", 1)[1] for n in splits) == ["-caching", "-ro", "-ro-deck", "-rw"]
    assert f"{LONG}-spinnaker-gate" in found["Service"] and f"{LONG}-spinnaker-redis" in found["StatefulSet"]
    ro_deck = next(n for n in found["Service"] if n.endswith("-clouddriver-ro-deck"))
    assert f"http://{ro_deck}:7002" in out  # Deck's clouddriver is the ro-deck split's own Service


def test_the_plans_mirror_cuts_names_as_the_chart_does():
    import yaml

    from renderer.read import chartbundle

    with open(HA, encoding="utf-8") as handle:
        rendered = handover.render(yaml.safe_load(handle), name=LONG)
    for component in ("gate", "clouddriver-ro-deck", "credentials-hook", "redis"):
        assert f"name: {chartbundle.component({}, component, LONG)}\n" in "".join(rendered.values()), component


def test_two_of_the_charts_objects_with_one_name_name_the_values_to_change():
    """The backstop: whatever makes two objects of one kind and namespace share a name is refused, naming
    the values that choose the names."""
    from renderer.postrender.stream import split

    stream = handover.helm3_stream(handover.render({}, name="spin"))
    stream = stream.replace("name: spin-spinnaker-rosco\n", "name: spin-spinnaker-orca\n")
    with pytest.raises(names.PostRenderError) as refused:
        names.check_names(split(stream), {"release": {"fullname": "spin-spinnaker", "namespace": "spinnaker"}})
    message = refused.value.render()
    assert "Deployment 'spin-spinnaker-orca'" in message and "Service 'spin-spinnaker-orca'" in message
    assert "fullnameOverride, or a shorter release name" in message
    # One name for objects of different kinds, or in different namespaces, is no collision.
    names.check_names(split(handover.helm3_stream(handover.render({}, name="spin"))),
                      {"release": {"fullname": "spin-spinnaker", "namespace": "spinnaker"}})


def _twin(name: str) -> dict:
    """Values whose extraObjects add a second Service of `name`: a collision only under the release whose
    gate Service that is, so a route that renders under another release name does not see it."""
    return {"extraObjects": [{"apiVersion": "v1", "kind": "Service", "metadata": {"name": name},
                              "spec": {"ports": [{"port": 80}]}}]}


def test_validate_renders_as_the_release_it_is_told(tmp_path):
    import yaml

    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump(_twin(f"{LONG}-spinnaker-gate")))
    run = functools.partial(subprocess.run, capture_output=True, text=True, cwd=ROOT,
                            env=dict(os.environ, HELM_BIN=helm_binary("helm3"), SPINNAKER_RENDERER_NO_TTY="1"))
    plain = run([sys.executable, "-m", "renderer", "validate", "-f", str(values)])
    assert plain.returncode == 0, plain.stderr
    named = run([sys.executable, "-m", "renderer", "validate", "-f", str(values), "--release-name", LONG])
    assert named.returncode != 0
    assert f"Service '{LONG}-spinnaker-gate'" in named.stderr and "[extraObjects: give it another name]" in \
        named.stderr, named.stderr


def test_plan_and_helm_diff_judge_the_new_side_as_the_release(tmp_path):
    """`plan --release`, `plan --from-manifests` (the manifests' release) and `helm diff RELEASE` render the
    new side as that release, not as `spinnaker`."""
    import yaml

    rendered = handover.post_render(handover.helm3_stream(handover.render({}, name=LONG, namespace="cd")))
    assert rendered.returncode == 0, rendered.stderr
    manifest = tmp_path / "manifest.yaml"
    manifest.write_bytes(rendered.stdout)
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    old.write_text("{}\n")
    new.write_text(yaml.safe_dump(_twin(f"{LONG}-spinnaker-gate")))
    helm = tmp_path / "helm"  # `helm get manifest` of the installed release; everything else is the real Helm 3
    helm.write_text(f"#!/bin/sh\nif [ \"$1 $2 $3\" = \"get manifest {LONG}\" ]; then cat {manifest}; exit 0; fi\n"
                    f"exec {helm_binary('helm3')} \"$@\"\n")
    helm.chmod(0o755)
    env = dict(os.environ, HELM_BIN=str(helm), SPINNAKER_RENDERER_NO_TTY="1")
    for args in (["plan", "-f", str(old), "--release", LONG, "-n", "cd", "--to", "-f", str(new)],
                 ["plan", "--from-manifests", str(manifest), "--to", "-f", str(new)],
                 ["helm", "diff", LONG, "-n", "cd", "-f", str(new)]):
        result = subprocess.run([sys.executable, "-m", "renderer", *args], capture_output=True, text=True,
                                cwd=ROOT, env=env)
        assert result.returncode == 1, (args, result.stdout, result.stderr)
        assert f"Service '{LONG}-spinnaker-gate'" in result.stdout, (args, result.stdout)
    under_spinnaker = subprocess.run([sys.executable, "-m", "renderer", "plan", "-f", str(old), "--to", "-f",
                                      str(new)], capture_output=True, text=True, cwd=ROOT, env=env)
    assert under_spinnaker.returncode == 0, under_spinnaker.stdout + under_spinnaker.stderr
