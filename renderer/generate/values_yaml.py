"""charts/spinnaker/values.yaml, written from `renderer.generate.values_model`.

Every value gets its description as a comment above it, the way Helm users
expect to read a chart's values.
"""
from __future__ import annotations

import textwrap

from renderer.write.config_text import scalar, to_yaml
from renderer.model.dsl import MSG


def collapsed(field) -> bool:
    """A message field declared with a default (`{}`): written as that default; the schemas type its keys."""
    return field.kind == MSG and not field.repeated and not field.map and field.default is not None


def field_default(field):
    """The default of a values field; a message's default is its fields' defaults."""
    if field.kind == MSG and not field.repeated and not field.map and field.default is None:
        return {f.name: field_default(f) for f in field.ref.fields.values()}
    if field.default is not None:
        return field.default
    if field.repeated:
        return []
    if field.map:
        return {}
    return None


def _comment(doc: str, indent: str) -> list[str]:
    return [f"{indent}# {line}" for line in textwrap.wrap(doc, 96 - len(indent), break_on_hyphens=False)]


def _value_lines(key: str, value, indent: str) -> list[str]:
    head = f"{indent}{scalar(key)}:"
    if isinstance(value, (dict, list)) and value:
        body = to_yaml(value).rstrip("\n").split("\n")
        inner = indent + "  "
        return [head] + [inner + line for line in body]
    if isinstance(value, dict):
        return [head + " {}"]
    if isinstance(value, list):
        return [head + " []"]
    return [head + " " + scalar(value)]


def _message_lines(msg, indent: str) -> list[str]:
    lines = []
    for field in msg.fields.values():
        if lines and field.kind == MSG and not indent:
            lines.append("")
        lines.extend(_comment(field.doc, indent))
        if field.kind == MSG and not field.repeated and not field.map and not collapsed(field):
            lines.append(f"{indent}{scalar(field.name)}:")
            lines.extend(_message_lines(field.ref, indent + "  "))
        else:
            lines.extend(_value_lines(field.name, field_default(field), indent))
    return lines


def values_yaml() -> str:
    from renderer.generate.values_model import Values

    header = ["# Values of the spinnaker chart. Generated from renderer/generate/values_model.py by",
              "# scripts/generate.py: edit the model, not this file.",
              "# yaml-language-server: $schema=values.schema.json", ""]
    return "\n".join(header + _message_lines(Values, "")) + "\n"
