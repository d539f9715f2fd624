"""values.schema.json, the reference docs and the chart README are generated and fresh;
the schema accepts exactly what the renderer reads; `ct lint` is clean.

(a) every derived file equals its generator's output and the CLI's (scripts/generate.py --check);
(b) the schema is self-contained draft-07 that both Helm validators read;
(c) it accepts every reference halconfig, quoted booleans and Halyard's legacy fields;
(d) it refuses misspelt keys and mistyped values, naming the field;
(e) the same through Helm's own validator (helm_python);
(f) `ct lint` reproduced: yamale + yamllint with ct's rules, helm lint --strict per ci values;
(g) every model field and message has a description.
"""
from __future__ import annotations

import copy
import glob
import importlib.util
import json
import os
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT, corpus_params, need_reference

CHART = os.path.join(ROOT, "charts", "spinnaker")
CI_VALUES = sorted(glob.glob(os.path.join(CHART, "ci", "*-values.yaml")))
CT_DIR = os.path.join(ROOT, "tests", "ct")
NEWER_KEYWORDS = {"$defs", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
                  "$vocabulary", "unevaluatedProperties", "unevaluatedItems", "dependentRequired",
                  "dependentSchemas", "prefixItems", "minContains", "maxContains", "contentSchema"}


# ---------------------------------------------------------------- helpers

def _generator():
    spec = importlib.util.spec_from_file_location("generate", os.path.join(ROOT, "scripts", "generate.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_DERIVED = None


def derived():
    global _DERIVED
    if _DERIVED is None:
        _DERIVED = _generator().derived_files()
    return _DERIVED


def load_schema() -> dict:
    from renderer.generate.json_schema import schema

    return schema()


_VALIDATOR = None


def validator():
    global _VALIDATOR
    if _VALIDATOR is None:
        import jsonschema

        _VALIDATOR = jsonschema.Draft7Validator(load_schema())
    return _VALIDATOR


def chart_defaults() -> dict:
    with open(os.path.join(CHART, "values.yaml"), encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


def coalesce(defaults, user):
    """Helm's merge of user values over the chart's: a user's null deletes the key."""
    if not isinstance(defaults, dict) or not isinstance(user, dict):
        return copy.deepcopy(user)
    out = copy.deepcopy(defaults)
    for key, value in user.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = coalesce(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def schema_errors(values) -> list[str]:
    """Every error (nested ones included) as 'path: message', for the values merged over the defaults."""
    found = []

    def collect(errors):
        for error in errors:
            found.append(".".join(str(p) for p in error.absolute_path) + ": " + error.message)
            collect(error.context or ())

    collect(validator().iter_errors(coalesce(chart_defaults(), values)))
    return found


def reads_cleanly(data) -> list[str]:
    """Errors the renderer reports for this halconfig's values (not strict: unknown keys are warnings;
    preflight checks across values, which no schema can express, aside)."""
    from renderer.read import halconfig

    _, report = halconfig.read(copy.deepcopy(data))
    return [p.render() for p in report.errors if p.check is None]


def load_yaml(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


# ---------------------------------------------------------------- (a) freshness

# Every derived file, and the CLI command that prints the same text (None: only the generator).
DERIVED_FILES = {
    "charts/spinnaker/values.yaml": None,
    "charts/spinnaker/values.schema.json": ("schema", "--helm"),
    "values-schema.json": ("schema",),
    "charts/spinnaker/README.md": None,
    "docs/halconfig-reference.md": ("docs",),
    "charts/spinnaker/files/services.json": None,
    "charts/spinnaker/Chart.yaml": None,  # its images annotation: also tests/test_images.py, with real Helm
}


@pytest.mark.parametrize("rel", DERIVED_FILES)
def test_derived_file_is_fresh(rel, run_cli, capsys):
    """The committed file is byte for byte what the generator makes now (in another process than the
    one that wrote it: generation is deterministic), what the CLI prints, and `generate.py --check`
    passes on it and refuses a stale copy."""
    assert set(derived()) == set(DERIVED_FILES), "a derived file this test does not check"
    path = os.path.join(ROOT, rel)
    assert os.path.exists(path), f"{rel} is missing: run python3 scripts/generate.py"
    with open(path, encoding="utf-8", newline="") as handle:
        committed = handle.read()
    assert committed == derived()[rel], f"{rel} is stale: run python3 scripts/generate.py"
    if DERIVED_FILES[rel] is not None:
        result = run_cli(*DERIVED_FILES[rel])
        assert result.returncode == 0, result.stderr
        assert result.stdout == committed, rel
    generator = _generator()
    generator.derived_files = derived
    assert generator.main(["--check"]) == 0
    generator.derived_files = lambda: dict(derived(), **{rel: derived()[rel] + "\n"})
    assert generator.main(["--check"]) == 1
    assert rel in capsys.readouterr().err
    with open(path, encoding="utf-8", newline="") as handle:
        assert handle.read() == committed, "--check must not write"


def test_post_renderer_does_not_import_schema_or_docs():
    code = ("import sys, renderer.cli.main, renderer.postrender; "
            "print(sorted(m for m in sys.modules if m in ('renderer.generate.json_schema', 'renderer.generate.halconfig_reference', 'renderer.generate.chart_readme')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# ---------------------------------------------------------------- (b) a self-contained draft-07 schema

def _subschemas(schema, where="#"):
    """(location, schema) for the schema and every schema inside it (not annotation values)."""
    if not isinstance(schema, dict):
        return
    yield where, schema
    for key in ("properties", "definitions", "patternProperties", "dependencies"):
        for name, sub in (schema.get(key) or {}).items():
            yield from _subschemas(sub, f"{where}/{key}/{name}")
    for key in ("additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames",
                "additionalItems"):
        if isinstance(schema.get(key), dict):
            yield from _subschemas(schema[key], f"{where}/{key}")
    for key in ("allOf", "anyOf", "oneOf"):
        for i, sub in enumerate(schema.get(key) or ()):
            yield from _subschemas(sub, f"{where}/{key}/{i}")


def test_schema_is_valid_draft7():
    import jsonschema

    schema = load_schema()
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)


def test_schema_is_self_contained_and_uses_no_newer_keywords():
    schema = load_schema()
    definitions = schema["definitions"]
    refs = 0
    for where, sub in _subschemas(schema):
        newer = NEWER_KEYWORDS & set(sub)
        assert not newer, f"{where} uses {newer}, which draft-07 validators ignore"
        if "$ref" in sub:
            refs += 1
            ref = sub["$ref"]
            assert ref.startswith("#/definitions/"), f"{where}: {ref} is not a local definition"
            assert ref[len("#/definitions/"):] in definitions, f"{where}: {ref} does not exist"
            assert set(sub) == {"$ref"}, f"{where}: draft-07 ignores keywords next to $ref: {sorted(sub)}"
        if "$id" in sub:
            pytest.fail(f"{where}: $id makes refs relative to another document")
    assert refs > 100


def test_every_message_refuses_unknown_keys_and_every_property_is_described():
    schema = load_schema()
    assert schema["additionalProperties"] is False
    for name, definition in schema["definitions"].items():
        assert definition.get("additionalProperties") is False, name
        assert definition.get("description"), name
        for prop, sub in definition["properties"].items():
            assert sub.get("description", "").strip(), f"{name}.{prop} has no description"
    for prop, sub in schema["properties"].items():
        assert sub.get("description", "").strip(), prop


def test_root_accepts_subchart_keys():
    assert schema_errors({"global": {"imageRegistry": "example.com"}, "enabled": True}) == []


def test_definition_names_are_unique_per_module():
    from renderer.model import HAL, HALYARD_FILE
    from renderer.generate.json_schema import Names, walk_messages
    from renderer.generate.values_model import Values

    names = Names([Values, HAL, HALYARD_FILE])
    messages = {}
    for root in (Values, HAL, HALYARD_FILE):
        for msg, _ in walk_messages(root):
            messages[id(msg)] = msg
    assigned = [names[m] for m in messages.values()]
    assert len(assigned) == len(set(assigned))
    # Several modules declare an `Aws` (and `Google`, `S3` ...): each keeps its module's prefix.
    assert {"canary.Aws", "providers.Aws"} <= set(assigned)


def test_definition_name_collisions_are_refused():
    from renderer.model.dsl import Msg, Str, messages
    from renderer.generate.json_schema import Names, SchemaError

    message = messages("test")

    one = message("Dup", "one", a=Str("a"))
    two = message("Dup", "two", b=Str("b"))
    root = message("Root", "root", x=Msg(one, "x"), y=Msg(two, "y"))
    with pytest.raises(SchemaError, match="Dup"):
        Names([root])


# ---------------------------------------------------------------- (c) what it accepts

REFERENCE_CASES = corpus_params()


@pytest.mark.parametrize("case_id,path,_expected", REFERENCE_CASES, ids=[c[0] for c in REFERENCE_CASES])
def test_schema_accepts_reference_halconfig(case_id, path, _expected):
    need_reference()
    assert schema_errors({"halconfig": load_yaml(path)}) == []


ACCEPTED = {
    "quoted booleans": {"canary": {"enabled": "True"}, "features": {"pipelineTemplates": "false"},
                        "providers": {"kubernetes": {"enabled": "TRUE"}}},
    "numbers as strings and strings as numbers": {
        "providers": {"kubernetes": {"accounts": [{"name": 1234, "cacheThreads": "4"}]}}},
    "nulls are unset": {"canary": None, "providers": {"kubernetes": {"enabled": None, "accounts": None}}},
    "Halyard legacy fields": {
        "persistentStorage": {"persistentStoreType": "s3", "s3": {"bucket": "b"}},
        "notifications": {"github-status": {"enabled": False}},
        "telemetry": {"enabled": False},
        "security": {"enabled": True, "authz": {"groupMembership": {"service": "EXTERNAL"}}},
        "deploymentEnvironment": {"size": "SMALL", "type": "Distributed"},
        "canary": {"defaultStorageAccount": "x",
                   "serviceIntegrations": [{"name": "google", "enabled": "true", "gcsEnabled": True,
                                            "accounts": [{"name": "g", "project": "p"}]}]},
    },
    "a Halyard file": {"halyardVersion": "1.45.0", "currentDeployment": "prod",
                       "deploymentConfigurations": [{"name": "prod", "version": "1.30.0",
                                                     "providers": {"kubernetes": {"enabled": "true"}}}]},
}


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_schema_accepts_what_the_renderer_reads(name):
    halconfig = ACCEPTED[name]
    assert schema_errors({"halconfig": halconfig}) == []
    assert reads_cleanly(halconfig) == []


def test_halconfig_given_as_a_string_is_left_to_the_chart():
    assert schema_errors({"halconfig": "providers:\n  kubernetes:\n    enabled: true\n"}) == []


def test_chart_values_take_the_chart_spellings():
    assert schema_errors({"storage": {"bundled": True}, "redis": {"enabled": False},
                          "services": {"fiat": {"enabled": None}}}) == []


# The schema and the normalizer agree on every kind of field, value by value.
CANDIDATES = [None, True, False, "true", "FALSE", "maybe", "", "text", 0, 7, -3, 2**31, "12", " 12 ", "1_000", "x1",
              1.5, [], ["a"], {}, {"a": 1}]


def _first_field(kind_test):
    """(path from the root, field) of the first declared field passing kind_test; 0 in a path is a list item."""
    from renderer.model import HAL

    queue = [(HAL, ())]
    seen = set()
    while queue:
        msg, path = queue.pop(0)
        if id(msg) in seen:
            continue
        seen.add(id(msg))
        for field in msg.fields.values():
            if field.halyard is not None or field.map or field.keyed_list:
                continue
            if kind_test(field):
                return path + (field.name,) + ((0,) if field.repeated else ()), field
            if field.kind == "message":
                queue.append((field.ref, path + (field.name,) + ((0,) if field.repeated else ())))
    raise LookupError("no such field")


def _nest(path, value):
    for key in reversed(path):
        value = [value] if key == 0 else {key: value}
    return value


def _renderer_accepts(halconfig) -> bool:
    """Strict reading (unknown keys are errors, as in the schema), missing required fields aside."""
    from renderer.read import halconfig as reader

    _, report = reader.read(copy.deepcopy(halconfig), strict=True)
    return not [p for p in report.errors if p.check is None]


KINDS = {
    "Str": lambda f: f.kind == "string",
    "StrValue": lambda f: f.kind == "string-wrapper",
    "Bool": lambda f: f.kind == "bool",
    "Int": lambda f: f.kind == "int",
    "Enum": lambda f: f.kind == "enum",
    "Enum with extra values": lambda f: f.kind == "enum" and f.extra_values,
    "Any": lambda f: f.kind == "any",
    "Msg": lambda f: f.kind == "message",
    "list of Str": lambda f: f.repeated and f.kind == "string",
    "list of Msg": lambda f: f.repeated and f.kind == "message",
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_schema_and_normalizer_agree(kind):
    try:
        path, field = _first_field(KINDS[kind])
    except LookupError:
        pytest.skip(f"the model declares no {kind} field")
    candidates = list(CANDIDATES) + list(field.values) + list(field.extra_values) + [
        v.lower() for v in field.values + field.extra_values]
    disagree = []
    for value in candidates:
        halconfig = _nest(path, value)
        schema_ok = schema_errors({"halconfig": halconfig}) == []
        renderer_ok = _renderer_accepts(halconfig)
        if schema_ok != renderer_ok:
            disagree.append(f"{value!r}: schema {'accepts' if schema_ok else 'refuses'}, renderer "
                            f"{'accepts' if renderer_ok else 'refuses'}")
    assert not disagree, f"{path}: " + "; ".join(disagree)


# ---------------------------------------------------------------- (d) what it refuses

REFUSED = [
    ("misspelt provider", {"halconfig": {"providers": {"kubernets": {"enabled": True}}}}, "kubernets"),
    ("not a number", {"halconfig": {"providers": {"kubernetes": {"accounts": [
        {"name": "k", "cacheThreads": "many"}]}}}}, "cacheThreads"),
    ("not a boolean", {"halconfig": {"canary": {"enabled": "maybe"}}}, "enabled"),
    ("not an enum value", {"halconfig": {"security": {"authz": {"groupMembership": {"service": "LDAP2"}}}}},
     "service"),
    ("misspelt key in a Halyard file", {"halconfig": {"deploymentConfigurations": [
        {"name": "d", "persistentStorage": {"s3": {"buckett": "x"}}}]}}, "buckett"),
    ("misspelt key in Halyard's list form", {"halconfig": {"canary": {"serviceIntegrations": [
        {"name": "google", "gcsEnabeld": True}]}}}, "gcsEnabeld"),
    ("unknown Halyard integration", {"halconfig": {"canary": {"serviceIntegrations": [{"name": "atlas"}]}}},
     "name"),
    ("field and its alias", {"halconfig": {"notifications": {"github-status": {}, "githubStatus": {}}}},
     "githubStatus"),
    ("misspelt chart value", {"redis": {"externalURL": "redis://r:6379"}}, "externalURL"),
    ("misspelt top-level chart value", {"halconifg": {}}, "halconifg"),
    ("chart value of the wrong type", {"ha": {"clouddriver": {"enabled": "yes"}}}, "enabled"),
    ("misspelt service", {"services": {"clouddrivr": {"replicas": 2}}}, "clouddrivr"),
]


@pytest.mark.parametrize("name,values,field", REFUSED, ids=[r[0] for r in REFUSED])
def test_schema_refuses_naming_the_field(name, values, field):
    errors = schema_errors(values)
    assert errors, f"{values} was accepted"
    assert any(field in error for error in errors), errors


@pytest.mark.parametrize("name,values,field", [r for r in REFUSED if "halconfig" in r[1]],
                         ids=[r[0] for r in REFUSED if "halconfig" in r[1]])
def test_renderer_refuses_them_too(name, values, field):
    from renderer.read import halconfig

    _, report = halconfig.read(copy.deepcopy(values["halconfig"]), strict=True)
    assert report.errors, f"{values['halconfig']} read without errors"


# ---------------------------------------------------------------- (e) through Helm's own validator

@pytest.fixture(scope="module")
def helm_chart():
    try:
        import helm_python
    except Exception as exc:  # noqa: BLE001 - any import failure (missing native library too)
        pytest.skip(f"helm_python cannot be imported: {exc}")
    return helm_python.Chart.load(CHART)


@pytest.mark.parametrize("case_id,path,_expected", REFERENCE_CASES, ids=[c[0] for c in REFERENCE_CASES])
def test_helm_accepts_reference_halconfig(helm_chart, case_id, path, _expected):
    need_reference()
    helm_chart.validate_schema({"halconfig": load_yaml(path)})


@pytest.mark.parametrize("name", list(ACCEPTED))
def test_helm_accepts(helm_chart, name):
    helm_chart.validate_schema({"halconfig": ACCEPTED[name]})


# Unknown halconfig keys: Helm's schema leaves them to the renderer (a warning with a did-you-mean,
# an error with `strict: true`), as `spinnaker-renderer validate` reports them; editors' schema marks them.
# A string in an integer field is the renderer's too ("expected a whole number" instead of Helm's regex).
UNKNOWN_HALCONFIG_KEY = {"misspelt provider", "misspelt key in a Halyard file", "misspelt key in Halyard's list form"}
LEFT_TO_THE_RENDERER = UNKNOWN_HALCONFIG_KEY | {"not a number"}


@pytest.mark.parametrize("name,values,field", [r for r in REFUSED if r[0] not in LEFT_TO_THE_RENDERER],
                         ids=[r[0] for r in REFUSED if r[0] not in LEFT_TO_THE_RENDERER])
def test_helm_refuses_naming_the_field(helm_chart, name, values, field):
    import helm_python

    with pytest.raises(helm_python.HelmValuesError) as caught:
        helm_chart.validate_schema(values)
    assert field in str(caught.value)


@pytest.mark.parametrize("name", sorted(UNKNOWN_HALCONFIG_KEY))
def test_helm_leaves_unknown_halconfig_keys_to_the_renderer(helm_chart, name):
    from renderer.read import halconfig

    values = next(r[1] for r in REFUSED if r[0] == name)
    helm_chart.validate_schema(values)
    _, report = halconfig.read(copy.deepcopy(values["halconfig"]))
    assert report.ok and any("not a field of" in p.message and "Did you mean" in p.hint for p in report.warnings)


def test_helm_leaves_a_number_in_words_to_the_renderer(helm_chart):
    from renderer.read import halconfig

    values = next(r[1] for r in REFUSED if r[0] == "not a number")
    helm_chart.validate_schema(values)
    _, report = halconfig.read(copy.deepcopy(values["halconfig"]))
    assert [p.message for p in report.errors] == ["expected a whole number (integer), got 'many'."]


# ---------------------------------------------------------------- (f) ct lint, reproduced

def test_ci_scenarios_exist():
    names = {os.path.basename(p) for p in CI_VALUES}
    assert {"minimal-values.yaml", "ha-values.yaml", "external-values.yaml", "halyard-values.yaml"} <= names


@pytest.mark.parametrize("path", CI_VALUES, ids=[os.path.basename(p) for p in CI_VALUES])
def test_ci_values_are_valid(path):
    from renderer.read import halconfig

    values = load_yaml(path)
    assert schema_errors(values) == []
    _, report = halconfig.read(values.get("halconfig"), deployment=values.get("halconfigDeployment") or None,
                               strict=True)
    assert report.errors == [], [p.render() for p in report.errors]


def test_ct_config():
    config = load_yaml(os.path.join(ROOT, "ct.yaml"))
    assert config["chart-dirs"] == ["charts"]
    assert config["target-branch"] == "main"
    assert config["validate-maintainers"] is False
    for key in ("lint-conf", "chart-yaml-schema"):
        assert os.path.exists(os.path.join(ROOT, config[key])), config[key]


def test_chart_yaml_matches_ct_chart_schema():
    import yamale

    schema = yamale.make_schema(os.path.join(CT_DIR, "chart_schema.yaml"))
    data = yamale.make_data(os.path.join(CHART, "Chart.yaml"))
    yamale.validate(schema, data, strict=True)


def test_ct_chart_schema_refuses_unknown_keys(tmp_path):
    import yamale

    bad = tmp_path / "Chart.yaml"
    bad.write_text("apiVersion: v2\nname: x\nversion: 0.1.0\nmaintainer: []\n")
    schema = yamale.make_schema(os.path.join(CT_DIR, "chart_schema.yaml"))
    with pytest.raises(yamale.YamaleError):
        yamale.validate(schema, yamale.make_data(str(bad)), strict=True)


YAMLLINT_FILES = [os.path.join(CHART, "Chart.yaml"), os.path.join(CHART, "values.yaml")] + CI_VALUES + [
    os.path.join(ROOT, "ct.yaml")]


@pytest.mark.parametrize("path", YAMLLINT_FILES, ids=[os.path.relpath(p, ROOT) for p in YAMLLINT_FILES])
def test_yamllint_with_ct_rules(path):
    from yamllint import config, linter

    conf = config.YamlLintConfig(file=os.path.join(CT_DIR, "lintconf.yaml"))
    with open(path, encoding="utf-8") as handle:
        problems = [f"{p.line}:{p.column} {p.level} {p.desc} ({p.rule})" for p in linter.run(handle, conf, path)]
    assert problems == []


def test_yamllint_rules_bite(tmp_path):
    from yamllint import config, linter

    conf = config.YamlLintConfig(file=os.path.join(CT_DIR, "lintconf.yaml"))
    text = "a:  1\nb: 2 \n#no space\nc:\n   - 1\nd:\n  e: 1\n"
    rules = {p.rule for p in linter.run(text, conf)}
    assert {"colons", "trailing-spaces", "comments"} <= rules


@pytest.mark.parametrize("path", [None] + CI_VALUES, ids=["defaults"] + [os.path.basename(p) for p in CI_VALUES])
def test_helm_lint_strict(path):
    try:
        import helm_python
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"helm_python cannot be imported: {exc}")
    values = load_yaml(path) if path else {}
    report = helm_python.lint(CHART, values, strict=True)
    problems = [m for m in report["messages"] if m["severity"] >= 2]
    assert problems == [] and report["errors"] == [], report


# ---------------------------------------------------------------- (g) descriptions

def _all_messages():
    from renderer.model import HAL, HALYARD_FILE
    from renderer.generate.json_schema import walk_messages
    from renderer.generate.values_model import Values

    found = {}
    for root in (HAL, HALYARD_FILE, Values):
        for msg, _ in walk_messages(root):
            found.setdefault(id(msg), msg)
    return list(found.values())


def test_every_model_field_has_a_description():
    missing = []
    for msg in _all_messages():
        if not (msg.doc or "").strip():
            missing.append(f"message {msg.name}")
        for field in msg.fields.values():
            if not (field.doc or "").strip():
                missing.append(f"{msg.name}.{field.name}")
            if field.halyard is not None and not field.halyard.strip():
                missing.append(f"{msg.name}.{field.name} (what happens to it under Halyard)")
    assert missing == [], "fields without a description: " + ", ".join(missing)


def test_every_model_module_says_what_it_declares():
    import importlib
    import pkgutil

    import renderer.model as package

    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"renderer.model.{info.name}")
        assert module.__doc__ and "TODO" not in module.__doc__, info.name


def test_reference_lists_every_section_and_field():
    from renderer.generate.halconfig_reference import halconfig_reference
    from renderer.model import HAL

    text = halconfig_reference()
    for section in ("persistentStorage", "providers.kubernetes.accounts[]", "canary.serviceIntegrations",
                    "security.authn.oauth2"):
        assert f"### `{section}`" in text, section
    from renderer.generate.json_schema import walk_messages

    for msg, _ in walk_messages(HAL):
        for field in msg.fields.values():
            assert f"| `{field.name}` |" in text, f"{msg.name}.{field.name}"
    # Read by is measured: front50 reads the S3 store, kayenta canary integrations, Deck the canary switch.
    assert "| `bucket` | string | `front50.yml` |" in text
    line = next(line for line in text.splitlines() if line.startswith("| `enabled` | boolean |")
                and "Run Kayenta" in line)
    assert "`kayenta.yml`" in line and "`settings.js`" in line
    assert "**Secret**" in text and "**Halyard only**" in text


def test_the_two_schemas_differ_only_as_they_say():
    """values-schema.json (editors) and the chart's values.schema.json (Helm) are one model's schema;
    Helm's is the editors' with three relaxations, and each file's description names the other."""
    from renderer.generate.json_schema import EDITOR_SCHEMA_DOC, HELM_SCHEMA_DOC, INT_PATTERN

    def load(rel):
        with open(os.path.join(ROOT, rel), encoding="utf-8") as handle:
            return json.load(handle)

    editors, helm = load("values-schema.json"), load("charts/spinnaker/values.schema.json")
    assert editors["description"].endswith(EDITOR_SCHEMA_DOC) and helm["description"].endswith(HELM_SCHEMA_DOC)

    def as_helm_has_it(node, in_halconfig):
        if isinstance(node, list):
            return [as_helm_has_it(item, in_halconfig) for item in node]
        if not isinstance(node, dict):
            return node
        out = {}
        for key, value in node.items():
            if key == "allOf" and len(value) == 1 and set(value[0]) == {"$ref"}:
                out.update(value[0])  # 1. bare references: Helm prints a line per allOf level
            elif key == "pattern" and value == INT_PATTERN:
                continue  # 2. quoted numbers are the renderer's to check
            elif key == "additionalProperties" and value is False and in_halconfig:
                continue  # 3. undeclared halconfig keys are the renderer's to report
            else:
                out[key] = as_helm_has_it(value, in_halconfig)
        return out

    relaxed = dict(editors, description=helm["description"])
    relaxed["definitions"] = {name: as_helm_has_it(d, not name.startswith("values."))
                              for name, d in editors["definitions"].items()}
    relaxed["properties"] = {name: as_helm_has_it(p, name == "halconfig") for name, p in editors["properties"].items()}
    relaxed["properties"]["halconfig"]["description"] = helm["properties"]["halconfig"]["description"]
    assert relaxed == helm
    assert editors != helm
