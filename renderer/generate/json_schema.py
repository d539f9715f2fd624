"""The JSON schema of the chart's values (`values.schema.json`), built from the models.

The chart's own values come from `renderer.generate.values_model`; the `halconfig`
value is the halconfig model (`renderer.model`) in either of its two forms: a
kleat-form halconfig (`HAL`) or a whole Halyard `~/.hal/config`
(`HALYARD_FILE`). Nothing here is written by hand, so the schema cannot drift
from what the renderer reads.

Compatibility: JSON Schema draft-07 with local `#/definitions/...` refs only.
Helm up to 3.18.4 validates with gojsonschema (draft-04/06/07) and later
versions (and Helm 4) with santhosh-tekuri/jsonschema, which honours the
`$schema` given; both read this schema the same way. No remote or relative
refs (they fail offline) and no 2019-09/2020-12 keywords.

Two schemas come from here, differing only in unknown halconfig keys:
- `values-schema.json`, for editors: every halconfig message refuses keys it
  does not declare, so an editor marks a misspelt key as you type;
- `charts/spinnaker/values.schema.json`, for Helm: unknown halconfig keys pass
  to the renderer, which reports them with a did-you-mean and decides by
  `strict` (a warning, or an error with `strict: true`), the same verdict and
  message `spinnaker-renderer validate` gives.

Halconfig field types are a subset of what the normalizer (`renderer.model.normalize`)
accepts, so whatever the schema accepts the renderer accepts: strings also take
integers, booleans also take "true"/"false" as Halyard read them (an enum, not
a regular expression Helm would print), every field takes null (= unset).
Integer fields take numbers in quotes ("3"); the editors' schema says which
strings are numbers with a pattern, Helm's leaves that to the renderer, which
says it in words (Helm would print the regex); the verdict is the same, given
one step later. No if/then/else either: Helm prints "Must validate "else" as "if"
was not valid" for those. The chart's own values are typed strictly
(templates test them as they are: the string "false" would be true there).

This module is only imported by the `schema` command and the generator; the
post-renderer never loads it.
"""
from __future__ import annotations

import json

from renderer.model.dsl import ANY, BOOL, ENUM, INT, INTV, MSG, STR, STRV
from renderer.model.normalize import QUOTED_BOOLEANS

# What Python's int() (the normalizer) accepts as a whole number in a string.
INT_PATTERN = r"^\s*[-+]?[0-9]+(_[0-9]+)*\s*$"

DRAFT = "http://json-schema.org/draft-07/schema#"
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1

# The Helm-managed keys a parent chart puts into a subchart's values.
SUBCHART_KEYS = {
    "global": {"type": "object",
               "description": "Values shared with every chart of a parent chart (Helm's `global`). This chart "
                              "reads `global.imageRegistry`: the registry host of every image it runs (the "
                              "Spinnaker services, the monitoring sidecar, Redis, MySQL, the credentials hook, "
                              "the test Pod) becomes that one, the repository path kept; `spinnaker.registry` "
                              "and `services.<name>.image` still decide for the services."},
    "enabled": {"type": ["boolean", "null"],
                "description": "A parent chart's `condition` switch (e.g. `spinnaker.enabled`) when this chart is "
                               "used as a subchart; not used by this chart itself."},
}


class SchemaError(Exception):
    """The models cannot be turned into a schema (e.g. two definitions would share a name)."""


# ---------------------------------------------------------------- naming

def walk_messages(root):
    """Every message reachable from `root`, depth first in declaration order, each once:
    yields (message, parent message or None)."""
    seen = set()
    stack = [(root, None)]
    while stack:
        msg, parent = stack.pop()
        if id(msg) in seen:
            continue
        seen.add(id(msg))
        yield msg, parent
        children = [f.target for f in msg.fields.values() if f.target is not None]
        stack.extend((child, msg) for child in reversed(children))


class Names:
    """Unique, deterministic definition names: `<namespace>.<MessageName>`.

    Message names repeat across the model's modules (several `Aws`, `Google`,
    `S3` ...), so each model module declares its messages in a namespace
    (`canary.Aws`, `providers.Aws`; the chart's own values use `values.`).
    Two messages that still end up with one name are an error, never
    silently merged.
    """

    def __init__(self, roots):
        self.names: dict[int, str] = {}
        taken: dict[str, object] = {}
        for root in roots:
            for msg, _ in walk_messages(root):
                if id(msg) in self.names:
                    continue
                name = f"{msg.namespace}.{msg.name}"
                if name in taken and taken[name] is not msg:
                    raise SchemaError(f"two different messages would both be defined as {name!r}; rename one "
                                      f"of them in its model module.")
                taken[name] = msg
                self.names[id(msg)] = name

    def __getitem__(self, msg) -> str:
        return self.names[id(msg)]


# ---------------------------------------------------------------- field schemas

def _ref(name: str) -> dict:
    return {"$ref": f"#/definitions/{name}"}


def field_description(field, alias_of: str | None = None) -> str:
    """The description of a property: the model's doc plus what happens to Halyard-only and secret fields."""
    parts = []
    if alias_of is not None:
        parts.append(f"Another spelling of `{alias_of}`, read as it (give only one of the two).")
    parts.append(field.doc.strip())
    if field.halyard is not None:
        parts.append(f"Halyard only: {field.halyard.strip()}")
    if field.reads:
        parts.append(f"Releases: {field.reads_described()}")
    if field.secret:
        parts.append("Credential: files holding it go into a Secret, never a ConfigMap or Deck's settings.js.")
    return " ".join(p if p.endswith((".", ")", ":", "!", "?")) else p + "." for p in parts if p)


class Builder:
    """Builds the schema; `halconfig` says which typing rules apply (lenient halconfig, strict values);
    `closed` makes halconfig messages refuse undeclared keys (the editors' schema)."""

    def __init__(self, names: Names, closed: bool = True):
        self.names = names
        self.closed = closed
        self.definitions: dict[str, dict] = {}

    # scalar schemas ---------------------------------------------------

    def scalar(self, field, halconfig: bool, nullable: bool) -> dict:
        kind = field.kind
        null = ["null"] if nullable else []
        if kind in (STR, STRV):
            if halconfig and field.secret:
                # A credential YAML read as a number or boolean (`0123`, `yes`): the renderer warns, naming
                # how it was read and never the value, where a schema error would only say "boolean".
                return {"type": ["string", "number", "boolean"] + null}
            return {"type": ["string", "integer"] + null} if halconfig else {"type": ["string"] + null}
        if kind == BOOL:
            if halconfig:  # Halyard-era files quote booleans; a list of values prints without a regex
                return {"enum": [True, False, *QUOTED_BOOLEANS] + ([None] if nullable else [])}
            return {"type": ["boolean"] + null}
        if kind in (INT, INTV):
            if halconfig:
                # Numbers in quotes are read as numbers. Editors are told which strings are numbers;
                # Helm leaves it to the renderer, whose message says "expected a whole number" where
                # Helm would print the regex.
                number = {"type": ["integer", "string"] + null, "minimum": INT32_MIN, "maximum": INT32_MAX}
                return dict(number, pattern=INT_PATTERN) if self.closed else number
            return {"type": ["integer"] + null}
        if kind == ENUM:
            values = []
            for value in field.values + field.extra_values:
                if value not in values:
                    values.append(value)
            if not halconfig:
                # The chart reads "true"/"false" choices with `toString | lower`,
                # so the unquoted YAML booleans mean the same.
                values += [v for v in (True, False) if str(v).lower() in values]
            return {"enum": values + ([None] if nullable else [])}
        if kind == ANY:
            return {}
        raise SchemaError(f"unknown field kind {kind!r}")

    def single(self, field, halconfig: bool, nullable: bool) -> dict:
        """The schema of one value of `field` (a list item, a map value, or the field itself).

        Message definitions accept null themselves (an unset message), so a
        message-typed field needs no anyOf with null, whose errors would bury
        the real one. The reference sits in a one-item allOf because draft-07
        ignores every keyword next to a `$ref` (the field's description
        included). Where null is refused (list items) it is narrowed to objects. Helm's schema
        uses the bare reference: Helm prints a line for every allOf on the way to an error.
        """
        if field.kind == MSG:
            ref = _ref(self.message(field.ref, halconfig))
            if self.closed:  # editors show the field's own description; Helm reports each allOf level
                ref = {"allOf": [ref]}
            return ref if nullable else {"type": "object", **ref}
        return self.scalar(field, halconfig, nullable)

    def property(self, field, halconfig: bool, alias_of: str | None = None) -> dict:
        """The schema of a field as a property of its message."""
        if field.repeated:
            body = {"type": ["array", "null"], "items": self.single(field, halconfig, nullable=False)}
        elif field.map:
            body = {"type": ["object", "null"], "additionalProperties": self.single(field, halconfig, nullable=True)}
        elif field.keyed_list and field.kind == MSG:
            # Halyard's list of named entries, or the mapping keyed by name: `items` only
            # applies to the list and `properties` only to the mapping.
            mapping = self.definitions[self.message(field.ref, halconfig)]
            body = {"type": ["array", "object", "null"], "items": self.keyed_entry(field, halconfig),
                    "properties": mapping["properties"]}
            if "additionalProperties" in mapping:
                body["additionalProperties"] = mapping["additionalProperties"]
        else:
            body = self.single(field, halconfig, nullable=True)
        out = {"description": field_description(field, alias_of)}
        out.update(body)
        if not halconfig and field.default is not None and field.kind != MSG:
            out["default"] = field.default
        return out

    def keyed_entry(self, field, halconfig: bool) -> dict:
        """One entry of Halyard's list form of a keyed message: `{<key>: name, ...that entry's fields}`."""
        key = field.keyed_list
        names = [f.name for f in field.ref.fields.values()]
        entry = {"type": "object", "required": [key],
                 "properties": {key: {"enum": names,
                                      "description": "Which entry this is: its key in the mapping form."}}}
        rules = []
        for sub in field.ref.fields.values():
            if sub.kind != MSG or sub.repeated or sub.map:
                continue
            name = f"{self.message(sub.ref, halconfig)}.{key}Entry"
            if name not in self.definitions:
                base = self.definitions[self.message(sub.ref, halconfig)]
                properties = {key: {"const": sub.name,
                                    "description": f"`{sub.name}`: {sub.doc.strip()}"}}
                properties.update(base["properties"])
                entry_definition = {
                    "type": "object",
                    "description": f"{base['description']} (Halyard's list form: an entry named `{sub.name}`.)",
                    "properties": properties}
                if self.closed:
                    entry_definition["additionalProperties"] = False
                if "dependencies" in base:
                    entry_definition["dependencies"] = base["dependencies"]
                self.definitions[name] = entry_definition
            rules.append({"if": {"properties": {key: {"const": sub.name}}, "required": [key]},
                          "then": _ref(name)})
        if rules:
            entry["allOf"] = rules
        return entry

    # messages ----------------------------------------------------------

    def message(self, msg, halconfig: bool) -> str:
        """Define `msg` (once) and return its definition name."""
        name = self.names[msg]
        if name in self.definitions:
            return name
        definition = {"type": ["object", "null"], "description": msg.doc.strip(), "properties": {}}
        if self.closed or not halconfig:
            definition["additionalProperties"] = False
        self.definitions[name] = definition  # before the fields: recursion ends here
        definition["properties"] = self.properties(msg, halconfig)
        self.add_rules(definition, msg, halconfig)
        return name

    def properties(self, msg, halconfig: bool) -> dict:
        props = {}
        for field in msg.fields.values():
            props[field.name] = self.property(field, halconfig)
            for alias in field.aliases:
                props[alias] = self.property(field, halconfig, alias_of=field.name)
        return props

    @staticmethod
    def add_rules(definition: dict, msg, halconfig: bool) -> None:
        # A field and its alias are the same field: only one may be given.
        exclusive = {}
        for field in msg.fields.values():
            for alias in field.aliases:
                # Given the alias, the field itself must be absent: an error at its path.
                exclusive[alias] = {"properties": {field.name: {
                    "not": {}, "description": f"`{alias}` and `{field.name}` are the same field; give only one."}}}
        if exclusive:
            definition["dependencies"] = exclusive
        # The chart's own values: declared-required fields must be given.
        if not halconfig:
            required = [f.name for f in msg.fields.values() if f.required]
            if required:
                definition["required"] = required


def halconfig_schema(builder: Builder) -> dict:
    """The `halconfig` value: a kleat-form halconfig or a whole Halyard file, as one mapping.

    Both forms in one set of properties (the Halyard file's three keys next to
    the halconfig's) rather than an if/then/else whose failures Helm reports as
    noise; the renderer tells the two forms apart (`renderer.read.halyard`). A
    string (`--set-file halconfig=...`) is parsed by the chart, after
    validation: its content cannot be checked here."""
    from renderer.model import HAL, HALYARD_FILE

    hal = builder.definitions[builder.message(HAL, True)]
    properties = dict(hal["properties"])
    for field in HALYARD_FILE.fields.values():
        properties[field.name] = builder.property(field, True)
    out = {"type": ["object", "string", "null"], "properties": properties}
    if "additionalProperties" in hal:
        out["additionalProperties"] = False
    return out


# The two generated schemas differ on purpose, and say so (tests/test_schema_docs.py checks that
# they differ only in these ways).
HELM_SCHEMA_DOC = (
    "This is the schema Helm validates with (charts/spinnaker/values.schema.json): it leaves halconfig keys the "
    "model does not declare, and numbers in quotes, to the renderer, whose messages say more (a warning with a "
    "did-you-mean, an error with `strict: true`). Editors get values-schema.json, which refuses them.")
EDITOR_SCHEMA_DOC = (
    "This is the editors' schema (values-schema.json): stricter than the chart's own "
    "charts/spinnaker/values.schema.json, it refuses halconfig keys the model does not declare and numbers in "
    "quotes that are not whole numbers, and shows every field's own description.")


def schema(for_helm: bool = False) -> dict:
    """The JSON schema of the chart's values: for editors, or (`for_helm`) the chart's own, which
    leaves unknown halconfig keys to the renderer."""
    from renderer.model import HAL, HALYARD_FILE
    from renderer.generate.values_model import Values

    names = Names([Values, HAL, HALYARD_FILE])
    builder = Builder(names, closed=not for_helm)
    properties = {}
    for field in Values.fields.values():
        if field.model is HAL:
            unknown = ("reported by the renderer (a warning, an error with `strict: true`)" if for_helm
                       else "marked (see docs/halconfig-reference.md)")
            prop = {"description": field_description(field) + f" Keys the halconfig model does not declare are "
                                                               f"{unknown}. A string (`--set-file halconfig=FILE`) "
                                                               "is read as YAML by the chart; its content is "
                                                               "checked when rendering, not here."}
            prop.update(halconfig_schema(builder))
            if field.default is not None:
                prop["default"] = field.default
            properties[field.name] = prop
        else:
            properties[field.name] = builder.property(field, halconfig=False)
    for key, value in SUBCHART_KEYS.items():
        if key in properties:
            raise SchemaError(f"the values model declares {key!r}, which Helm reserves for parent charts.")
        properties[key] = dict(value)
    which = HELM_SCHEMA_DOC if for_helm else EDITOR_SCHEMA_DOC
    return {
        "$schema": DRAFT,
        "title": "Values of the spinnaker chart",
        "description": Values.doc.strip() + " Generated from renderer/generate/values_model.py and renderer/model/ by "
                                            "scripts/generate.py (`spinnaker-renderer schema`). " + which,
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "definitions": {name: builder.definitions[name] for name in sorted(builder.definitions)},
    }


def schema_text(for_helm: bool = False) -> str:
    """`schema()` as deterministic JSON: 2-space indent, trailing newline."""
    return json.dumps(schema(for_helm), indent=2, ensure_ascii=False) + "\n"
