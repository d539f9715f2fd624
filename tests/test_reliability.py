"""Reliability of the post-renderer: bad input, determinism, YAML 1.1 safety, Helm 4 failures.

- Bad input (garbage bytes, invalid YAML, an empty or truncated stream, a
  carrier with an invalid halconfig or an edited bundle) is refused cleanly:
  non-zero exit, nothing on stdout, one paragraph on stderr naming where,
  never a traceback.
- Property-based: mutated halconfigs, bundles and manifest streams either
  render or are refused cleanly.
- Deterministic output (hash seeds, repeated renders of the same values).
- Tricky strings read back the same in PyYAML (YAML 1.1) and Helm's Go reader.
- Helm 4 hides a post-renderer's stderr: the reason reaches the user through
  the error file and `spinnaker-renderer last-error`.
"""
from __future__ import annotations

import base64
import copy
import io
import json
import os
import re
import subprocess
import sys

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ALL_OPTIONAL_HALCONFIG, REFERENCE, ROOT, chart_ready, need_reference

helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")

import handover  # noqa: E402
from renderer import lasterror, postrender  # noqa: E402

FORMS = {"helm3": handover.helm3_stream, "helm4": handover.helm4_stream}
PLUGIN_DIR = os.path.join(ROOT, "plugins", "spinnaker-renderer")
PREFIX = "spinnaker-renderer post-render: error: "
PAYLOAD = re.compile(r"^([ \t]+bundle:[ \t]*)(\S+)([ \t]*)$", re.M)
BOUNDARY = re.compile(r"^---[ \t]*$", re.M)
OPTIONAL_ON = {name: {"enabled": True} for name in ("fiat", "igor", "kayenta", "keel")}
TRICKY = ["y", "n", "yes", "on", "1_000", "2001-12-14", "0777", "=", "~", "null", "12:30:00"]
PROPERTY = settings(max_examples=100, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# helpers ------------------------------------------------------------------------

def load_reference(*parts):
    need_reference()
    with open(os.path.join(REFERENCE, *parts)) as handle:
        return yaml.safe_load(handle)


def decode_bundle(stream: str) -> dict:
    return json.loads(base64.b64decode(PAYLOAD.search(stream).group(2)))


def with_bundle(stream: str, bundle: dict) -> str:
    """The stream with its bundle payload replaced (bypasses the values schema, as an edit would)."""
    payload = base64.b64encode(json.dumps(bundle).encode()).decode()
    return PAYLOAD.sub(lambda m: m.group(1) + payload + m.group(3), stream, count=1)


def run_main(data: bytes, error_file: str):
    """The post-renderer's CLI entry in this process: (exit code, stdout, stderr).

    Anything but a clean refusal escapes as an exception (the traceback a user would see)."""
    stdin = io.TextIOWrapper(io.BytesIO(data))
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        code = postrender.main(error_file)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    stdout.flush()
    stderr.flush()
    return code, stdout.buffer.getvalue(), stderr.buffer.getvalue()


def assert_clean_refusal(code, out: bytes, err: bytes) -> str:
    assert code not in (0, None), "accepted"
    assert out == b"", "wrote to stdout although it failed"
    message = err.decode("utf-8")
    assert "Traceback" not in message, message
    assert message.startswith(PREFIX), message
    assert message.endswith("\n") and message.strip(), message
    assert "\n\n" not in message.strip("\n"), f"more than one paragraph: {message!r}"
    return message


def assert_rendered_or_refused(code, out: bytes, err: bytes) -> None:
    if code == 0:  # a success says nothing but the warnings (renderer/postrender: shown where possible)
        assert out and all(line.startswith(b"spinnaker-renderer post-render: warning: ")
                           for line in err.splitlines()), err
    else:
        assert_clean_refusal(code, out, err)


def refused(stream, env=None) -> str:
    """Run the real entry point (scripts/post-render) and check it refused cleanly; the message."""
    data = stream if isinstance(stream, bytes) else stream.encode()
    result = subprocess.run([handover.POST_RENDER], input=data, capture_output=True,
                            env=dict(os.environ, **(env or {})))
    return assert_clean_refusal(result.returncode, result.stdout, result.stderr)


def documents(text: str) -> list[str]:
    return [d for d in BOUNDARY.split(text) if d.strip()]


@pytest.fixture(scope="module")
def default_streams():
    rendered = handover.render({})
    return {form: make(rendered) for form, make in FORMS.items()}


@pytest.fixture(scope="module")
def reference_streams():
    rendered = handover.render({**chart_ready(load_reference("kleat-corpus", "halconfig.yml")),
                                "services": OPTIONAL_ON})
    return {form: make(rendered) for form, make in FORMS.items()}


PATCHES = [{"target": {"kind": "Deployment", "name": "spin-spinnaker-gate"},
            "patch": {"spec": {"template": {"spec": {"containers": [{"name": "gate", "env": [
                {"name": "EXTRA", "value": "1"}]}]}}}}},
           {"target": {"kind": "Service"}, "type": "json6902",
            "patch": [{"op": "add", "path": "/metadata/labels/patched", "value": "yes"}]}]


@pytest.fixture(scope="module")
def patched_streams():
    values = chart_ready(load_reference("kleat-corpus", "halconfig.yml"))
    # The files' Secret goes to clouddriver only, so the patched gate Deployment is rewritten by the
    # patches pass alone (a Secret wired into it would be rewritten first, by the secrets pass).
    values["secrets"] = {"files": [{"secretName": "spinnaker-files", "services": ["clouddriver"]}]}
    rendered = handover.render({**values, "patches": PATCHES})
    return {form: make(rendered) for form, make in FORMS.items()}


@pytest.fixture(scope="module")
def error_file(tmp_path_factory):
    return str(tmp_path_factory.mktemp("errors") / "last-error.txt")


# bad input ----------------------------------------------------------------------

GARBAGE = {
    "every-byte": bytes(range(256)),
    "utf-16": "---\nkind: ConfigMap\n".encode("utf-16"),
    "latin-1": "kind: SpinnakerConfigBundle\nname: caf\u00e9\n".encode("latin-1"),
    "nul-bytes": b"\x00" * 64,
    "random": bytes((i * 7919 + 13) % 256 for i in range(4096)),
}


@pytest.mark.parametrize("name", GARBAGE)
def test_garbage_bytes_are_refused(name):
    refused(GARBAGE[name])


def test_a_bad_byte_inside_a_real_stream_is_located(default_streams):
    data = default_streams["helm3"].encode()
    at = len(data) // 2
    message = refused(data[:at] + b"\xff" + data[at:])
    assert f"offset {at}" in message and "0xff" in message


@pytest.mark.parametrize("text", [
    "foo: [bar\n  - : }{\n",
    "key: 'unterminated\nother: \"x\n",
    "---\n{{{{\n---\n]]]\n",
    "kind: SpinnakerConfigBundle\ndata: {bundle: [\n",
    "\t- - :\n:::\n  ? ]\n",
])
def test_invalid_yaml_is_refused(text):
    refused(text)


@pytest.mark.parametrize("data", [b"", b"\n", b"  \n\t\n\r\n", b"---\n", b"---\n---\n",
                                  b"# Source: spinnaker/templates/deployments.yaml\n"])
def test_an_empty_stream_is_refused(data):
    message = refused(data)
    assert "empty" in message or "no SpinnakerConfigBundle" in message


INVALID_HALCONFIGS = {
    "not-a-mapping": (["providers"], "halconfig: a halconfig is a mapping"),
    "wrong-type": ({"artifacts": {"github": {"enabled": True, "accounts": "all of them"}}},
                   "halconfig.artifacts.github.accounts"),
    "halyard-without-a-choice": ({"deploymentConfigurations": [{"name": "a"}, {"name": "b"}]}, "halconfig"),
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("case", INVALID_HALCONFIGS)
def test_a_carrier_with_an_invalid_halconfig_is_refused(default_streams, form, case, tmp_path):
    halconfig, where = INVALID_HALCONFIGS[case]
    bundle = decode_bundle(default_streams[form])
    bundle["halconfig"] = halconfig
    error_path = tmp_path / "reason.txt"
    message = refused(with_bundle(default_streams[form], bundle),
                      env={lasterror.ERROR_FILE_ENV: str(error_path)})
    assert where in message
    assert error_path.read_text() == message.removeprefix("spinnaker-renderer post-render: ")


def _bundle_span(stream: str):
    match = PAYLOAD.search(stream)
    start = stream.rfind("---", 0, match.start())
    return start, match.start(2), match.end(2)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("where", ["before-the-kind", "before-the-payload", "payload-25%", "payload-50%",
                                   "payload-last-byte"])
def test_a_stream_truncated_in_its_bundle_is_refused(default_streams, form, where):
    stream = default_streams[form]
    start, payload, end = _bundle_span(stream)
    cut = {"before-the-kind": stream.index("kind: SpinnakerConfigBundle", start),
           "before-the-payload": payload,
           "payload-25%": payload + (end - payload) // 4,
           "payload-50%": payload + (end - payload) // 2,
           "payload-last-byte": end - 1}[where]
    refused(stream[:cut])


@pytest.mark.parametrize("where", ["last-document-dropped", "mid-document-50%", "mid-document-90%"])
def test_a_stream_truncated_after_its_bundle_is_refused(default_streams, where):
    stream = default_streams["helm3"]
    _, _, end = _bundle_span(stream)
    rest = len(stream) - end
    cut = {"last-document-dropped": stream.rindex("\n---\n") + 1,
           "mid-document-50%": end + rest // 2,
           "mid-document-90%": end + rest * 9 // 10}[where]
    assert cut > end
    refused(stream[:cut])


EDITED_BUNDLES = {
    "release-without-fullname": (lambda b: b["release"].pop("fullname"), "release.fullname"),
    "services-entry-not-a-mapping": (lambda b: b["services"].__setitem__("gate", 8084), "services.gate"),
    "service-name-not-a-string": (lambda b: b["services"]["orca"].__setitem__("service", ["orca"]),
                                  "services.orca.service"),
    "split-profiles-not-a-list": (lambda b: b["services"]["rosco"].__setitem__("profiles", 5),
                                  "services.rosco.profiles"),
    "redis-not-a-mapping": (lambda b: b.__setitem__("redis", "redis://x"), "redis"),
    "storage-not-a-mapping": (lambda b: b.__setitem__("storage", True), "storage"),
    "bundled-storage-without-url": (lambda b: b["storage"]["front50"].pop("jdbcUrl"), "storage.front50"),
    "expose-not-a-mapping": (lambda b: b.__setitem__("expose", []), "expose"),
    "disabled-not-a-list": (lambda b: b.__setitem__("disabled", 5), "disabled"),
    "settings-local-js-not-text": (lambda b: b.__setitem__("settingsLocalJs", 1.5), "settingsLocalJs"),
    "profiles-not-a-mapping": (lambda b: b.__setitem__("profiles", ["gate"]), "profiles"),
    "services-not-a-mapping": (lambda b: b.__setitem__("services", []), "SpinnakerConfigBundle"),
}


@pytest.mark.parametrize("case", EDITED_BUNDLES)
def test_an_edited_bundle_is_refused_naming_the_key(default_streams, case):
    edit, where = EDITED_BUNDLES[case]
    bundle = decode_bundle(default_streams["helm3"])
    edit(bundle)
    assert where in refused(with_bundle(default_streams["helm3"], bundle))


@pytest.mark.parametrize("inserted", ["  broken: [unclosed, {\n", "  created: 2001-12-14\n",
                                      "  raw: !!binary aGVsbG8=\n"])
def test_a_patched_document_that_cannot_be_rewritten_is_refused(patched_streams, inserted):
    stream = patched_streams["helm3"]
    head = "kind: Deployment\nmetadata:\n  name: spin-spinnaker-gate\n"
    at = stream.index(head) + len(head)
    assert "patches[0]" in refused(stream[:at] + inserted + stream[at:])


def test_two_releases_in_one_stream_are_refused(default_streams):
    assert "2 SpinnakerConfigBundle" in refused(default_streams["helm3"] + default_streams["helm3"])


# property-based ------------------------------------------------------------------

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**63, max_value=2**63),
                    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(TRICKY + ["", "${X}"]),
                    st.text(max_size=12))
KEYS = st.one_of(st.sampled_from(["enabled", "accounts", "name", "password", "providers", "kubernetes",
                                  "security", "authz", "version", "primaryAccount", "address", "baseUrl",
                                  "deploymentConfigurations", "currentDeployment"]), st.text(max_size=8))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(KEYS, inner, max_size=3), max_leaves=8)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from _paths(value, prefix + (n,))


def mutate(data, draw):
    """Apply 1-3 random edits (replace, delete, add a key, wrap in a list) to a copy of `data`."""
    root = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(root))
        path = paths[draw(st.integers(0, len(paths) - 1))]
        op = draw(st.sampled_from(["replace", "delete", "add", "wrap"]))
        parent = root
        for key in path[:-1]:
            parent = parent[key]
        node = parent[path[-1]] if path else root
        if op == "replace" or (op == "delete" and not path):
            new = draw(JSON_VALUES)
        elif op == "delete":
            del parent[path[-1]]
            continue
        elif op == "add" and isinstance(node, dict):
            node[draw(KEYS)] = draw(JSON_VALUES)
            continue
        else:
            new = [node]
        if path:
            parent[path[-1]] = new
        else:
            root = new
    return root


@pytest.fixture(scope="module")
def halconfig_bases():
    return [load_reference("kleat-corpus", "halconfig.yml"),
            load_reference("halyard-format", "case-00", "config"),
            {"providers": {"kubernetes": {"enabled": True, "accounts": [{"name": "k8s"}]}}}]


@PROPERTY
@given(data=st.data())
def test_mutated_halconfigs_render_or_are_refused_cleanly(reference_streams, halconfig_bases, error_file, data):
    stream = reference_streams["helm3"]
    bundle = decode_bundle(stream)
    bundle["halconfig"] = mutate(data.draw(st.sampled_from(halconfig_bases)), data.draw)
    assert_rendered_or_refused(*run_main(with_bundle(stream, bundle).encode(), error_file))


@PROPERTY
@given(data=st.data())
def test_mutated_bundles_render_or_are_refused_cleanly(reference_streams, error_file, data):
    stream = reference_streams[data.draw(st.sampled_from(sorted(FORMS)))]
    bundle = decode_bundle(stream)
    halconfig = bundle.pop("halconfig")
    bundle = mutate(bundle, data.draw)
    if isinstance(bundle, dict):
        bundle["halconfig"] = halconfig
    assert_rendered_or_refused(*run_main(with_bundle(stream, bundle).encode(), error_file))


@pytest.fixture(scope="module")
def patch_targets(reference_streams):
    objs = [o for o in yaml.safe_load_all(reference_streams["helm3"]) if isinstance(o, dict)]
    return sorted({(o["kind"], o["metadata"]["name"]) for o in objs if o["kind"] != "SpinnakerConfigBundle"})


@PROPERTY
@given(data=st.data())
def test_random_patches_apply_or_are_refused_cleanly(reference_streams, patch_targets, error_file, data):
    stream = reference_streams[data.draw(st.sampled_from(sorted(FORMS)))]
    targets = patch_targets
    patches = []
    for _ in range(data.draw(st.integers(1, 3))):
        kind, name = data.draw(st.sampled_from(targets))
        kind_of_patch = data.draw(st.sampled_from(["strategic", "json6902", "merge"]))
        if kind_of_patch == "json6902":
            body = data.draw(st.lists(st.fixed_dictionaries(
                {"op": st.sampled_from(["add", "remove", "replace", "move", "copy", "test", "nope"]),
                 "path": st.sampled_from(["", "/", "/metadata/labels/x", "/spec/replicas", "/spec/template/spec/"
                                          "containers/0/env/-", "/metadata/name", "/nope/deeper", "/spec/0"]),
                 "from": st.sampled_from(["/metadata/labels", "/spec", "/x"]), "value": JSON_VALUES}), max_size=3))
        else:
            body = data.draw(st.one_of(JSON_VALUES, st.fixed_dictionaries(
                {"metadata": st.dictionaries(st.sampled_from(["labels", "annotations", "name"]), JSON_VALUES),
                 "spec": st.fixed_dictionaries({"template": st.fixed_dictionaries({"spec": st.fixed_dictionaries(
                     {"containers": st.lists(st.dictionaries(st.sampled_from(["name", "env", "image", "$patch"]),
                                                             JSON_VALUES), max_size=2)})})})})))
        target = {"kind": kind}
        if data.draw(st.booleans()):
            target["name"] = name
        patches.append({"target": target, "type": kind_of_patch, "patch": body})
    bundle = decode_bundle(stream)
    bundle["patches"] = patches
    assert_rendered_or_refused(*run_main(with_bundle(stream, bundle).encode(), error_file))


LINE_OPS = ["delete", "duplicate", "replace", "insert", "truncate", "drop-document", "swap-documents",
            "flip-byte"]


@PROPERTY
@given(data=st.data())
def test_mutated_streams_render_or_are_refused_cleanly(reference_streams, patched_streams, error_file, data):
    streams = data.draw(st.sampled_from([reference_streams, patched_streams]))
    text = streams[data.draw(st.sampled_from(sorted(FORMS)))]
    raw = None
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(LINE_OPS))
        lines = text.split("\n")
        at = data.draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            del lines[at]
        elif op == "duplicate":
            lines.insert(at, lines[at])
        elif op == "replace":
            lines[at] = data.draw(st.text(max_size=30) | st.sampled_from(["---", "kind: SpinnakerConfigBundle",
                                                                           "  bundle: e30=", "kind:", "  name:"]))
        elif op == "insert":
            lines.insert(at, data.draw(st.text(max_size=30)))
        elif op == "truncate":
            text = text[:data.draw(st.integers(0, len(text)))]
            continue
        elif op in ("drop-document", "swap-documents"):
            docs = BOUNDARY.split(text)
            i, j = (data.draw(st.integers(0, len(docs) - 1)) for _ in range(2))
            if op == "drop-document":
                del docs[i]
            else:
                docs[i], docs[j] = docs[j], docs[i]
            text = "---".join(docs)
            continue
        else:
            encoded = bytearray(text.encode())
            if encoded:
                encoded[data.draw(st.integers(0, len(encoded) - 1))] = data.draw(st.integers(0, 255))
            raw = bytes(encoded)
            break
        text = "\n".join(lines)
    assert_rendered_or_refused(*run_main(raw if raw is not None else text.encode(), error_file))


# determinism ----------------------------------------------------------------------

EVERYTHING = {
    "halconfig": ALL_OPTIONAL_HALCONFIG,
    "ha": {"clouddriver": {"enabled": True}, "echo": {"enabled": True}},
    "expose": {"host": "spinnaker.example.com", "tls": {"enabled": True}},
    "profiles": {"spinnaker": {"a": {"b": "yes"}}, "orca": {"tasks": {"threads": 4}}},
    "settingsLocalJs": "window.spinnakerSettings.feature.x = true;",
    "patches": [{"target": {"kind": "Deployment", "name": "spin-spinnaker-gate"},
                 "patch": {"metadata": {"labels": {"patched": "yes"}}}}],
}


@pytest.mark.parametrize("form", FORMS)
def test_output_is_byte_identical_across_runs_and_hash_seeds(form):
    stream = FORMS[form](handover.render(EVERYTHING))
    outputs = set()
    for seed in ("0", "1", "98765", "random"):
        result = handover.post_render(stream, env={"PYTHONHASHSEED": seed})
        assert result.returncode == 0, result.stderr.decode()
        outputs.add(result.stdout)
    assert len(outputs) == 1


def _objects(text):
    return {(o["kind"], o["metadata"]["name"]): o for o in yaml.safe_load_all(text) if isinstance(o, dict)}


@pytest.mark.parametrize("form", FORMS)
def test_rendering_the_same_values_twice_rolls_nothing(form):
    """Two helm renders of the same values give byte-identical output: the same object names and
    the same pod templates, so an idempotent upgrade restarts no pod. (Was: the bundled MySQL's
    Secret differed between renders; passwords are now made in the cluster by the credentials hook.)"""
    values = dict(EVERYTHING, storage={"bundled": "true"})
    first, second = (handover.post_render(FORMS[form](handover.render(values))) for _ in range(2))
    assert first.returncode == 0 and second.returncode == 0, (first.stderr, second.stderr)
    assert first.stdout == second.stdout
    old, new = _objects(first.stdout.decode()), _objects(second.stdout.decode())
    assert sorted(old) == sorted(new)
    generated = [key for key in old if re.search(r"-(config|secret|env)-[0-9a-f]{10}$", key[1])]
    assert len(generated) >= 20
    assert not [key for key in old if key[0] == "Secret" and not re.search(r"-(secret|env)-[0-9a-f]{10}$", key[1])]
    for key, obj in old.items():
        if key[0] in ("Deployment", "StatefulSet"):
            assert yaml.safe_dump(obj["spec"]["template"]) == yaml.safe_dump(new[key]["spec"]["template"]), key


# YAML 1.1 safety -------------------------------------------------------------------

TRICKY_LABELS = {f"tricky-{n}": value for n, value in
                 enumerate(v for v in TRICKY if re.fullmatch(r"[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?", v))}
# Annotation values may be any text: each reaches the chart's objects and the post-renderer's.
TRICKY_ANNOTATIONS = {f"tricky-{n}": value for n, value in enumerate(TRICKY)}
ORACLE_FIELDS = ("namespace", "region", "tenancyId", "userId", "fingerprint")
TRICKY_VALUES = {
    "halconfig": {"artifacts": {"oracle": {"enabled": True, "accounts": [
        dict({field: value for field in ORACLE_FIELDS}, name=f"oracle-{n}") for n, value in enumerate(TRICKY)]}}},
    "profiles": {"clouddriver": {"values": {f"k{n}": v for n, v in enumerate(TRICKY)}, "keys": {v: v for v in TRICKY},
                                 "list": TRICKY, "nested": [{"x": v} for v in TRICKY]},
                 "spinnaker": {"everywhere": TRICKY}},
    "commonLabels": TRICKY_LABELS,
    "commonAnnotations": TRICKY_ANNOTATIONS,
}


def go_yaml(text: str):
    return helm_python.values_from_yaml(text)


@pytest.fixture(scope="module")
def tricky_outputs():
    rendered = handover.render(TRICKY_VALUES)
    out = {}
    for form, make in FORMS.items():
        stream = make(rendered)
        result = handover.post_render(stream)
        assert result.returncode == 0, result.stderr.decode()
        out[form] = result.stdout.decode()
        out[form + "-input"] = stream
    return out


def new_documents(outputs, form):
    """The documents the post-renderer added (its ConfigMaps and Secrets)."""
    def key(doc):
        obj = yaml.safe_load(doc)
        return obj["kind"], obj["metadata"]["name"]

    given = {key(d) for d in documents(outputs[form + "-input"])}
    return [d for d in documents(outputs[form]) if key(d) not in given]


@pytest.mark.parametrize("form", FORMS)
def test_every_document_reads_the_same_in_pyyaml_and_go(tricky_outputs, form):
    docs = documents(tricky_outputs[form])
    assert len(docs) > 30
    if form == "helm4":
        # Helm 4 serializes the chart's documents itself (here handover's PyYAML stand-in does,
        # writing y/n plain); the post-renderer only swaps names in them. Check what it writes.
        docs = new_documents(tricky_outputs, form)
        assert len(docs) > 10
    for doc in docs:
        parsed = yaml.safe_load(doc)
        assert go_yaml(doc) == parsed, (parsed["kind"], parsed["metadata"]["name"])


def _generated_files(text):
    """{(service, file): text} of the generated ConfigMaps and Secrets."""
    files = {}
    for obj in yaml.safe_load_all(text):
        if not isinstance(obj, dict) or obj["kind"] not in ("ConfigMap", "Secret"):
            continue
        if not re.search(r"-(config|secret)-[0-9a-f]{10}$", obj["metadata"]["name"]):
            continue
        service = obj["metadata"]["labels"]["app.kubernetes.io/component"]
        for name, value in (obj.get("data") or {}).items():
            files[(service, name)] = base64.b64decode(value).decode() if obj["kind"] == "Secret" else value
    return files


@pytest.mark.parametrize("form", FORMS)
def test_config_files_with_tricky_strings_read_back_identically(tricky_outputs, form):
    files = _generated_files(tricky_outputs[form])
    yml = {key: text for key, text in files.items() if key[1].endswith(".yml")}
    assert len(yml) > 15
    for key, text in yml.items():
        parsed = yaml.safe_load(text)
        assert go_yaml(text) == parsed, key
    for reader in (yaml.safe_load, go_yaml):
        assert reader(files[("clouddriver", "clouddriver-local.yml")]) == TRICKY_VALUES["profiles"]["clouddriver"]
        for service in ("clouddriver", "gate", "orca"):
            assert reader(files[(service, "spinnaker-local.yml")]) == TRICKY_VALUES["profiles"]["spinnaker"]
        accounts = reader(files[("clouddriver", "clouddriver.yml")])["artifacts"]["oracle"]["accounts"]
        got = {a["name"]: {field: a[field] for field in ORACLE_FIELDS} for a in accounts}
        assert got == {f"oracle-{n}": {field: value for field in ORACLE_FIELDS} for n, value in enumerate(TRICKY)}


@pytest.mark.parametrize("form", FORMS)
def test_labels_of_generated_objects_keep_tricky_strings(tricky_outputs, form):
    generated = new_documents(tricky_outputs, form)
    assert len(generated) > 10
    for doc in generated:
        for reader in (yaml.safe_load, go_yaml):
            labels = reader(doc)["metadata"]["labels"]
            assert {k: labels[k] for k in TRICKY_LABELS} == TRICKY_LABELS


@pytest.mark.parametrize("form", FORMS)
def test_common_annotations_keep_tricky_strings(tricky_outputs, form):
    # Helm 4's documents are serialized by handover's stand-in, not the chart: check the post-renderer's there.
    docs = documents(tricky_outputs[form]) if form == "helm3" else new_documents(tricky_outputs, form)
    assert len(docs) > 10
    for doc in docs:
        for reader in (yaml.safe_load, go_yaml):
            annotations = reader(doc)["metadata"]["annotations"]
            assert {k: annotations[k] for k in TRICKY_ANNOTATIONS} == TRICKY_ANNOTATIONS, doc[:200]


# Helm 4: the failure reason reaches the user ------------------------------------------

def _plugin_env(tmp_path, **extra):
    env = {k: v for k, v in os.environ.items() if k not in (lasterror.ERROR_FILE_ENV, "XDG_CACHE_HOME")}
    env.update(HOME=str(tmp_path / "home"), **extra)
    return env


def _installed_plugin(tmp_path) -> str:
    """`helm plugin install ./plugins/spinnaker-renderer` links the directory into HELM_PLUGINS."""
    plugins = tmp_path / "helm-plugins"
    plugins.mkdir()
    (plugins / "spinnaker-renderer").symlink_to(PLUGIN_DIR, target_is_directory=True)
    with open(os.path.join(PLUGIN_DIR, "plugin.yaml")) as handle:
        command = yaml.safe_load(handle)["runtimeConfig"]["platformCommand"][0]["command"]
    return command.replace("${HELM_PLUGIN_DIR}", str(plugins / "spinnaker-renderer"))


def _last_error(env):
    """`spinnaker-renderer last-error`, as docs/install.md tells Helm 4 users to run it."""
    script = os.path.join(os.path.dirname(sys.executable), "spinnaker-renderer")
    command = [script] if os.path.exists(script) else [sys.executable, "-m", "renderer"]
    return subprocess.run(command + ["last-error"], capture_output=True, text=True, cwd=ROOT, env=env)


@pytest.fixture(scope="module")
def failing_helm4_stream(default_streams):
    stream = default_streams["helm4"]
    assert handover.HELM4_ANNOTATION in stream
    bundle = decode_bundle(stream)
    bundle["halconfig"] = {"providers": {"kubernetes": {"enabled": True, "accounts": [
        {"name": "k8s", "cacheThreads": {"twelve": 12}}]}}}
    return with_bundle(stream, bundle)


def test_helm4_failure_reason_reaches_last_error_via_xdg_cache(tmp_path, failing_helm4_stream):
    command = _installed_plugin(tmp_path)
    env = _plugin_env(tmp_path, XDG_CACHE_HOME=str(tmp_path / "cache"))
    result = subprocess.run([command], input=failing_helm4_stream.encode(), capture_output=True, env=env)
    message = assert_clean_refusal(result.returncode, result.stdout, result.stderr)
    assert "halconfig.providers.kubernetes.accounts[0].cacheThreads" in message
    kept = tmp_path / "cache" / "spinnaker-renderer" / "last-error.txt"
    assert kept.read_text() == message.removeprefix("spinnaker-renderer post-render: ")
    shown = _last_error(env)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == kept.read_text()
    assert not (tmp_path / "home" / ".cache").exists()


def test_helm4_failure_reason_defaults_to_the_home_cache(tmp_path, failing_helm4_stream):
    command = _installed_plugin(tmp_path)
    env = _plugin_env(tmp_path)
    result = subprocess.run([command], input=failing_helm4_stream.encode(), capture_output=True, env=env)
    message = assert_clean_refusal(result.returncode, result.stdout, result.stderr)
    kept = tmp_path / "home" / ".cache" / "spinnaker-renderer" / "last-error.txt"
    assert kept.read_text() == message.removeprefix("spinnaker-renderer post-render: ")
    assert _last_error(env).stdout == kept.read_text()


def test_the_error_file_variable_wins(tmp_path, failing_helm4_stream):
    command = _installed_plugin(tmp_path)
    chosen = tmp_path / "elsewhere" / "reason.txt"
    env = _plugin_env(tmp_path, XDG_CACHE_HOME=str(tmp_path / "cache"), **{lasterror.ERROR_FILE_ENV: str(chosen)})
    result = subprocess.run([command], input=failing_helm4_stream.encode(), capture_output=True, env=env)
    message = assert_clean_refusal(result.returncode, result.stdout, result.stderr)
    assert chosen.read_text() == message.removeprefix("spinnaker-renderer post-render: ")
    assert not (tmp_path / "cache").exists()
    assert _last_error(env).stdout == chosen.read_text()


def test_an_unwritable_cache_still_refuses_cleanly(tmp_path, failing_helm4_stream):
    command = _installed_plugin(tmp_path)
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    env = _plugin_env(tmp_path, XDG_CACHE_HOME=str(blocker))
    result = subprocess.run([command], input=failing_helm4_stream.encode(), capture_output=True, env=env)
    assert "cacheThreads" in assert_clean_refusal(result.returncode, result.stdout, result.stderr)


def test_last_error_without_a_recorded_failure(tmp_path):
    shown = _last_error(_plugin_env(tmp_path, XDG_CACHE_HOME=str(tmp_path / "empty")))
    assert shown.returncode != 0 and shown.stdout == ""
    assert "no post-render failure recorded" in shown.stderr and "Traceback" not in shown.stderr


def test_the_helm4_plugin_renders_a_valid_stream(tmp_path, default_streams):
    command = _installed_plugin(tmp_path)
    result = subprocess.run([command], input=default_streams["helm4"].encode(), capture_output=True,
                            env=_plugin_env(tmp_path, XDG_CACHE_HOME=str(tmp_path / "cache")))
    assert result.returncode == 0 and result.stderr == b"", result.stderr
    assert b"spinnaker-renderer-placeholder" not in result.stdout and b"SpinnakerConfigBundle" not in result.stdout


def test_a_refusal_under_helm3_run_by_another_plugin_is_said_once(tmp_path, helm3):
    """helm-diff (helmfile diff) runs `helm template --post-renderer ...` with its own HELM_PLUGIN_DIR and
    HELM_PLUGIN_NAME in the environment: Helm 3 shows the post-renderer's stderr in its error, so the reason
    must not also be written to helm's stderr (that is for Helm 4 running this project's plugin)."""
    chart = tmp_path / "chart"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: other\nversion: 0.1.0\n")
    (chart / "templates" / "cm.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n")
    env = dict(helm3.env, HELM_PLUGIN_DIR=str(tmp_path / "plugins" / "diff"), HELM_PLUGIN_NAME="diff",
               SPINNAKER_RENDERER_NO_TTY="1", **{lasterror.ERROR_FILE_ENV: str(tmp_path / "error.txt")})
    # helm's stderr a pipe (a CI job's log): where the plugin route writes too.
    result = subprocess.run([str(helm3), "template", "r", str(chart), "--post-renderer",
                             os.path.join(ROOT, "scripts", "post-render")], capture_output=True, text=True, env=env)
    assert result.returncode != 0
    assert result.stderr.count("has no SpinnakerConfigBundle document") == 1, result.stderr
