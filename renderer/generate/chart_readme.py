"""charts/spinnaker/README.md, written from `renderer.generate.values_model`.

The values tables list every value with its type, default and description,
exactly as values.yaml and values.schema.json have them (all three come from
the same declarations). Only the generator imports this module.
"""
from __future__ import annotations

import json

from renderer.generate.values_yaml import collapsed
from renderer.model.dsl import ENUM, MSG

INTRO = """\
# spinnaker

<!-- Generated from renderer/generate/values_model.py by scripts/generate.py; edit the model, not this file. -->

Spinnaker, the continuous delivery platform, installed like any other Helm chart and configured by a
**halconfig** in the values: kleat's form, or a whole Halyard `~/.hal/config` pasted as it is. A
post-renderer (`spinnaker-renderer post-render`, from this repository) translates the halconfig into every
service's own config files, exactly as Spinnaker's reference generator (kleat) would, and wires them into
the workloads as content-hashed ConfigMaps and Secrets.

## Requirements

- Kubernetes {kube_version} (`kubeVersion` in Chart.yaml).
- Helm 3.9+ (post-renderer executable) or Helm 4 (post-renderer plugin).
- The post-renderer: this repository checked out (`make setup`), or `pip install` of it for the
  `spinnaker-renderer` command. The chart alone renders an unregistered `SpinnakerConfigBundle` document,
  so an install without the post-renderer fails at the API server instead of shipping the halconfig
  unrendered.

## Install

```sh
# Helm 3: the post-renderer is an executable
helm install spin charts/spinnaker -f my-values.yaml --post-renderer ./scripts/post-render

# Helm 4: the post-renderer is a plugin. With Helm 3 on the same machine, into a data home of its
# own (Helm 3 fails on every command once a Helm 4 plugin is in its plugins directory):
export H4="$(helm4 env HELM_DATA_HOME)/spinnaker-renderer-helm4"
HELM_DATA_HOME="$H4" helm4 plugin install ./plugins/spinnaker-renderer
HELM_PLUGINS="$H4/plugins:$(helm4 env HELM_PLUGINS)" helm4 install spin charts/spinnaker -f my-values.yaml \
  --post-renderer spinnaker-renderer
# Helm 4 only on the machine: helm plugin install ./plugins/spinnaker-renderer

# Either Helm: check the values and the halconfig first, then run helm with the post-renderer wired in
spinnaker-renderer helm install spin charts/spinnaker -f my-values.yaml
```

A minimal `my-values.yaml` ([`ci/minimal-values.yaml`](ci/minimal-values.yaml)):

```yaml
{minimal}```

More complete examples, each checked by the test suite and by `ct lint`, are in [`ci/`](ci/): HA
splits, external Redis with S3 storage, an Ingress with TLS and OAuth login, and a Halyard file.

- Every halconfig field: `spinnaker-renderer docs` prints the reference (`docs/halconfig-reference.md` in the project's repository; this README also ships in the packaged chart, where a relative link would break).
- `values.schema.json` (generated from the same models) makes Helm refuse a misspelt key anywhere in
  the values, the halconfig included, and a value of the wrong type.
- Chart testing: `ct lint --config ct.yaml` from the repository root; `ct install` uses the same file,
  which wires in the post-renderer.
- As a subchart, `global` and the parent's `enabled` condition key are accepted.

## Values
"""


def _default(field):
    from renderer.generate.values_yaml import field_default

    return field_default(field)


def _keys(msg) -> str:
    """The keys of a message shown as one row, with their types (each key's own text is in the schemas)."""
    def walk(m, prefix: str):
        for f in m.fields.values():
            if f.kind == MSG and not f.repeated and not f.map:
                yield from walk(f.ref, f"{prefix}{f.name}.")
            else:
                kind = _type(f).replace(" \\| ", " | ")  # the row's cell escapes `|` itself
                yield f"`{prefix}{f.name}` ({kind})"
    return "Keys: " + ", ".join(walk(msg, "")) + "."


def _code(value) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return "`" + text.replace("|", "\\|") + "`"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _type(field) -> str:
    from renderer.generate.halconfig_reference import type_words

    if field.kind == MSG:
        return type_words(field, "object")
    if field.kind == ENUM:
        return type_words(field, " \\| ".join(f"`{json.dumps(v)}`" for v in field.values))
    return type_words(field)


def _alike(msg) -> list | None:
    """The entry messages of a message declared `by_name` (e.g. `services`), else None."""
    return [f.ref for f in msg.fields.values()] if msg.by_name else None


def _varying(pairs, sep="<br>") -> str:
    """The most common of the (entry, text) pairs' texts, then the entries that differ from it."""
    counts = {}
    for _, text in pairs:
        counts[text] = counts.get(text, 0) + 1
    common = max(counts, key=lambda text: counts[text])  # the first of the most frequent
    groups = {}
    for key, text in pairs:
        if text != common:
            groups.setdefault(text, []).append(key)
    if not groups:
        return common
    if counts[common] == 1:  # no common value: list them all
        return sep.join(f"{key}: {text}" for key, text in pairs)
    rest = [f"{', '.join(keys)}: {text}" for text, keys in groups.items()]
    if sep == "<br>":
        return common + ", except:<br>" + "<br>".join(rest)
    return common + " (" + "; ".join(rest) + ")"


class _Table:
    def __init__(self):
        self.rows = ["| Key | Type | Default | Description |", "|---|---|---|---|"]

    def add(self, key: str, kind: str, default: str, doc: str):
        self.rows.append(f"| `{key}` | {kind} | {default} | {_cell(doc)} |")

    def field(self, key: str, field):
        if collapsed(field):
            self.add(key, "object", _code(field.default), f"{field.doc} {field.ref.doc} {_keys(field.ref)}")
            return
        if field.kind == MSG and not field.repeated and not field.map:
            self.message(key, field.ref)
            return
        doc = field.doc + (" Required." if field.required else "")
        default = "" if field.kind == MSG else _code(_default(field))
        kind = _type(field)
        if field.model is not None:  # the schema types it with the halconfig model
            kind = "object (halconfig)"
            doc += (" Every field: `spinnaker-renderer docs`. A string "
                    "(`--set-file halconfig=FILE`) is read as YAML.")
        self.add(key, kind, default, doc)
        if field.kind == MSG and field.repeated:
            self.message(key + "[]", field.ref)

    def message(self, prefix: str, msg):
        entries = _alike(msg)
        if entries is None:
            for field in msg.fields.values():
                self.field(f"{prefix}.{field.name}", field)
            return
        self.alike(prefix, msg, entries)

    def alike(self, prefix: str, msg, entries):
        """One row per field of `<prefix>.<name>`, with the defaults that differ listed per entry."""
        order = []
        for entry in entries:
            for name in entry.fields:
                if name not in order:
                    order.append(name)
        keys = list(msg.fields)
        for name in order:
            having = [(key, entry.fields[name]) for key, entry in zip(keys, entries) if name in entry.fields]
            first = having[0][1]
            defaults = [(key, _default(f) if f.kind != MSG else None) for key, f in having]
            if collapsed(first):
                doc = _varying([(key, f.doc.replace(key, "<name>")) for key, f in having], sep=" ")
                self.add(f"{prefix}.<name>.{name}", "object", _code(first.default),
                         f"{doc} {first.ref.doc} {_keys(first.ref)}")
                continue
            if first.kind == MSG and not first.repeated and not first.map:
                self.message(f"{prefix}.<name>.{name}", first.ref)
                continue
            default = _varying([(key, _code(d)) for key, d in defaults])
            doc = _varying([(key, f.doc.replace(key, "<name>")) for key, f in having], sep=" ")
            missing = [key for key in keys if key not in dict(having)]
            if missing:
                doc += " Not for " + ", ".join(missing) + "."
            self.add(f"{prefix}.<name>.{name}", _type(first), default, doc)


def _chart_file(*parts) -> str:
    import os

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "charts", "spinnaker", *parts), encoding="utf-8") as handle:
        return handle.read()


def chart_readme() -> str:
    import yaml

    from renderer.generate.values_model import Values

    chart = yaml.safe_load(_chart_file("Chart.yaml"))
    intro = INTRO.replace("{kube_version}", f"`{chart.get('kubeVersion') or 'any'}`").replace(
        "{minimal}", _chart_file("ci", "minimal-values.yaml"))
    out = [intro.rstrip("\n"), ""]
    top = _Table()
    sections = []
    for field in Values.fields.values():
        if field.kind == MSG and not field.repeated and not field.map:
            sections.append(field)
        else:
            top.field(field.name, field)
    out += ["### General", ""] + top.rows + [""]
    for field in sections:
        table = _Table()
        table.message(field.name, field.ref)
        doc = field.ref.doc if field.ref.doc else field.doc
        out += [f"### `{field.name}`", "", _cell(doc), ""]
        entries = _alike(field.ref)
        if entries is not None:
            out += ["`<name>` is one of " + ", ".join(f"`{k}`" for k in field.ref.fields) + ".", ""]
        out += table.rows + [""]
    return "\n".join(out).rstrip("\n") + "\n"
