"""The halconfig reference (docs/halconfig-reference.md), generated from the model.

Every section and field of the halconfig model (`renderer.model`) is listed
with its type, its description, its marks (credential, required, Halyard
only and what becomes of it) and the output files that read it.

"Read by" is not kept by hand: `consumers()` builds a probe halconfig from the
model (every field set, each string a unique sentinel), runs the translator
(`renderer.translate.translate`) on it, then removes one field at a time and
records which output files change. A second probe in which every string is
the same catches reads that depend on two fields agreeing (a provider's
`primaryAccount` naming one of its accounts). Shared messages are probed at
every place they are used; recursion is cut at the first repeat and at
`MAX_DEPTH`. The probe runs for every release where some field's key changes
(`release_probes()`), so a field read only by newer releases is found too.

Only the `docs` command and the generator import this module.
"""
from __future__ import annotations

import re

from renderer.model.dsl import ANY, BOOL, ENUM, INT, INTV, MSG, STR, STRV
from renderer.releases import SUPPORTED
from renderer.service_facts import switch_paths

MAX_DEPTH = 16
MAP_KEY = "probe-key"
NO_READER = "—"

_TYPE_NAMES = {STR: "string", STRV: "string", BOOL: "boolean", INT: "integer",
               INTV: "integer", ANY: "any"}


def type_words(field, inner: str | None = None) -> str:
    """A field's type in words (`list of string`); `inner` names a message or enum."""
    inner = inner or _TYPE_NAMES[field.kind]
    if field.repeated:
        return f"list of {inner}"
    if field.map:
        return f"map of {inner}"
    return inner


# ---------------------------------------------------------------- the probe

class _Probe:
    """Builds one probe halconfig and remembers where every field occurrence sits."""

    def __init__(self, distinct: bool):
        self.distinct = distinct
        self.counter = 0
        # (parent container path, field name, message, field) for every occurrence
        self.occurrences: list[tuple[tuple, str, object, object]] = []

    def _next(self) -> int:
        self.counter += 1
        return self.counter

    def scalar(self, field):
        kind = field.kind
        if kind in (STR, STRV):
            return f"probe-{self._next():05d}" if self.distinct else "probe"
        if kind == BOOL:
            return True
        if kind in (INT, INTV):
            return 100000 + self._next() if self.distinct else 7
        if kind == ENUM:
            return field.values[1] if len(field.values) > 1 else field.values[0]
        if kind == ANY:
            return {"probe": f"probe-{self._next():05d}" if self.distinct else "probe"}
        raise AssertionError(f"unknown field kind {kind}")

    def one(self, field, path: tuple, stack: tuple):
        if field.kind == MSG:
            return self.message(field.ref, path, stack)
        return self.scalar(field)

    def message(self, msg, path: tuple, stack: tuple):
        out = {}
        if len(stack) >= MAX_DEPTH:
            return out
        stack = stack + (id(msg),)
        for field in msg.fields.values():
            if field.halyard is not None:
                continue  # the normalizer drops these: translation never sees them
            if field.kind == MSG and id(field.ref) in stack:
                continue  # recursion: probed once, at the outer level
            sub = path + (field.name,)
            if field.repeated:
                value = [self.one(field, sub + (0,), stack)]
            elif field.map:
                value = {MAP_KEY: self.one(field, sub + (MAP_KEY,), stack)}
            else:
                value = self.one(field, sub, stack)
            out[field.name] = value
            self.occurrences.append((path, field.name, msg, field))
        return out


def _container(data, path):
    for key in path:
        data = data[key]
    return data


def _all_fields(root):
    seen, stack = set(), [root]
    while stack:
        msg = stack.pop()
        if id(msg) in seen:
            continue
        seen.add(id(msg))
        for field in msg.fields.values():
            yield field
            if field.target is not None:
                stack.append(field.target)


def release_probes() -> list:
    """kleat's release and every release where a field's key changes (the model's `Read` boundaries)."""
    from renderer.model import HAL
    from renderer.releases import KLEAT

    found = {KLEAT}
    for field in _all_fields(HAL):
        for read in field.reads:
            found.update(b for b in (read.span.since, read.span.until) if b is not None)
    return sorted(found)


def consumers() -> dict:
    """{(id(message), field name): set of output files} over every place the field occurs."""
    import copy

    from renderer.model import HAL
    from renderer.translate import translate

    found: dict = {}
    for release in release_probes():
        for distinct in (True, False):
            probe = _Probe(distinct)
            hal = probe.message(HAL, (), ())
            baseline = copy.deepcopy(translate(hal, release))
            for path, name, msg, field in probe.occurrences:
                parent = _container(hal, path)
                saved = list(parent.items())
                del parent[name]
                try:
                    # Compared before the field is put back: outputs share the probe's mappings.
                    changed = {file for file, data in translate(hal, release).items() if data != baseline[file]}
                finally:
                    parent.clear()
                    parent.update(saved)
                found.setdefault((id(msg), name), set()).update(changed)
    return found


def releases_text(field) -> str:
    """Per release range, where the field is read: `before 2025.2.0: in place; 2025.2.0 and later: `key``."""
    if not field.reads:
        return ""
    from renderer.translate._reads import CONVERSIONS

    parts = []
    for read in field.reads:
        where = "as written here" if read.key is None else f"`{read.key}`"
        if read.how is not None:
            where += f" ({CONVERSIONS[read.how][1]})"
        parts.append(f"{read.span.describe()}: {where}")
    return "**Releases**: " + "; ".join(parts) + "; other releases do not read it." if _gaps(field) else \
        "**Releases**: " + "; ".join(parts) + "."


def _gaps(field) -> bool:
    """Whether some supported release reads none of the field's keys."""
    from renderer.releases import LINES, Release

    probes = set(release_probes())
    probes.update(Release(line.major, line.first, 0) for line in LINES)
    return any(not field.reads_for(release) for release in probes)


# ---------------------------------------------------------------- formatting

def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text.endswith((".", "!", "?", ")", ":")) else text + "."


def _anchor(path: str, used: set) -> str:
    base = re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-").lower() or "top"
    anchor, n = base, 1
    while anchor in used:
        n += 1
        anchor = f"{base}-{n}"
    used.add(anchor)
    return anchor


def _enum_values(field) -> list:
    values = list(field.values[1:]) + [v for v in field.extra_values if v not in field.values]
    return values


def _reachable_without_halyard(root) -> set:
    """ids of the messages the translator can see: reached without passing a Halyard-only field."""
    seen = set()
    stack = [root]
    while stack:
        msg = stack.pop()
        if id(msg) in seen:
            continue
        seen.add(id(msg))
        stack.extend(f.target for f in msg.fields.values() if f.target is not None and f.halyard is None)
    return seen


class _Reference:
    def __init__(self):
        from renderer.model import HAL, HALYARD_FILE
        from renderer.translate import OUTPUTS
        from renderer.service_facts import SERVICES

        self.hal = HAL
        self.halyard_file = HALYARD_FILE
        self.files = list(OUTPUTS)
        self.services = {file: service for file, (service, _) in OUTPUTS.items()}
        # enabledWhen switches (service_facts): field path -> the optional services it runs.
        self.switches = [(pattern, name) for name, facts in SERVICES.items() for pattern in facts.enabled_when]
        self.readers = consumers()
        self.translated = _reachable_without_halyard(HAL)
        self.sections = []  # (path, message) in document order, each message once
        self.first_path = {}  # id(message) -> path of its section
        self.uses = {}  # id(message) -> every path it appears at
        self.anchors = {}
        used_anchors = set()
        self._collect(HAL, "", 0)
        for path, msg in self.sections:
            self.anchors[id(msg)] = _anchor(path or "halconfig", used_anchors)
        self.halyard_anchor = _anchor("halyard-file", used_anchors)

    def _collect(self, msg, path: str, depth: int):
        self.uses.setdefault(id(msg), []).append(path or "(top level)")
        if id(msg) in self.first_path or depth > MAX_DEPTH:
            return
        self.first_path[id(msg)] = path
        self.sections.append((path, msg))
        for field in msg.fields.values():
            if field.target is None:
                continue
            sub = f"{path}.{field.name}" if path else field.name
            if field.repeated:
                sub += "[]"
            elif field.map:
                sub += ".<name>"
            self._collect(field.target, sub, depth + 1)

    # cells -------------------------------------------------------------

    def type_cell(self, field) -> str:
        inner = None
        if field.kind == MSG:
            inner = f"[{field.ref.name}](#{self.anchors[id(field.ref)]})"
        elif field.kind == ENUM:
            inner = "enum: " + ", ".join(f"`{v}`" for v in _enum_values(field))
        if field.keyed_list and not (field.repeated or field.map):
            return f"{inner} (or Halyard's list with `{field.keyed_list}`)"
        return type_words(field, inner)

    def readers_cell(self, msg, field) -> str:
        if field.halyard is not None or id(msg) not in self.translated:
            return f"{NO_READER} (Halyard only)"
        files = self.readers.get((id(msg), field.name), set())
        return ", ".join(f"`{f}`" for f in self.files if f in files) or NO_READER

    def runs(self, path: str) -> list:
        """The optional services an `enabledWhen` switch at this field path runs."""
        return [name for pattern, name in self.switches if switch_paths(pattern, [path])]

    def description_cell(self, field, path: str) -> str:
        parts = [_sentence(field.doc)]
        if field.required:
            parts.append("**Required**: a warning when missing, an error with `--strict` (chart: `strict: true`).")
        if field.aliases:
            parts.append("Also accepted as " + ", ".join(f"`{a}`" for a in field.aliases) + ".")
        if field.secret:
            parts.append("**Secret**: a credential; files holding it go into a Secret, never a ConfigMap or "
                         "Deck's settings.js.")
        if field.file:
            parts.append("**File**: a path the service reads; `migrate` copies the file into a Secret mounted at "
                         "`/var/secrets` and points the path there.")
        if field.halyard is not None:
            parts.append(f"**Halyard only**: {_sentence(field.halyard)}")
        releases = releases_text(field)
        if releases:
            parts.append(releases)
        for service in self.runs(path):
            parts.append(f"The chart runs {service} when this is true (unless `services.{service}.enabled` "
                         "is set in the values).")
        return _cell(" ".join(parts))

    # sections ----------------------------------------------------------

    def table(self, msg, path: str) -> list[str]:
        lines = ["| Field | Type | Read by | Description |", "|---|---|---|---|"]
        for field in msg.fields.values():
            field_path = f"{path}.{field.name}" if path else field.name
            lines.append(f"| `{field.name}` | {_cell(self.type_cell(field))} | {self.readers_cell(msg, field)} | "
                         f"{self.description_cell(field, field_path)} |")
        return lines

    def section(self, path: str, msg) -> list[str]:
        title = f"`{path}`" if path else "Top level"
        lines = [f'<a id="{self.anchors[id(msg)]}"></a>', "", f"### {title}", "", _sentence(msg.doc), ""]
        uses = [u for u in self.uses[id(msg)] if u != (path or "(top level)")]
        if uses:
            lines.append(f"Message `{msg.name}`, also used at: " + ", ".join(f"`{u}`" for u in uses)
                         + ". *Read by* covers every place it is used.")
            lines.append("")
        return lines + self.table(msg, path) + [""]

    def document(self) -> str:
        out = [
            "# Halconfig reference",
            "",
            "<!-- Generated from renderer/model/ by scripts/generate.py (`spinnaker-renderer docs`); "
            "edit the model, not this file. -->",
            "",
            "Every section and field of the halconfig: the chart's `halconfig` value, or the file given to "
            "`spinnaker-renderer generate` / `validate`. It is accepted in kleat's form (the sections below at "
            "the top level) or as a whole Halyard `~/.hal/config` ([Halyard file](#" + self.halyard_anchor + ")), "
            "whose current deployment is used. The schemas are generated from the same model: "
            "`values-schema.json` marks a misspelt key in your editor; under Helm, unknown keys are reported by "
            "the renderer (a warning with a did-you-mean, an error with `strict`), as `validate` reports them.",
            "",
            "**Types.** *string*: text (a number is read as text). *boolean*: `true` or `false` (the strings "
            "`\"true\"` and `\"false\"`, also capitalized or in capitals, are read as booleans, as Halyard did). *integer*: a whole "
            "32-bit number (a numeric string is accepted). *enum*: one of the listed values. *list of*: a YAML "
            "list. *map of*: a mapping whose keys you choose. *any*: free-form YAML, passed on as it is. A "
            "section is a mapping of the fields in its table. `null` means unset, like leaving the key out.",
            "",
            "**Read by** lists the files `spinnaker-renderer generate` writes (and the post-renderer mounts "
            "into the service's `/opt/spinnaker/config`) whose content depends on the field. It is measured, "
            "not maintained: the generator sets every field of a probe halconfig, runs the translator, and "
            "removes one field at a time to see which files change. " + NO_READER + " means no file reads it "
            "directly. Output files:",
            "",
            "| File | Service |",
            "|---|---|",
        ]
        for file in self.files:
            out.append(f"| `{file}` | {self.services[file]} |")
        out += [
            "",
            "**Releases.** The renderer writes for one Spinnaker release (`--release`, the chart's "
            "`spinnaker.version`, else the halconfig's `version`; supported: " + SUPPORTED + "). Where "
            "releases read a field differently, its description lists, per range of releases, the key it is "
            "written to in the service's file (\"as written here\": under its own name, where its section is "
            "written). A field without that list is read the same way by every supported release.",
            "",
            "**Marks.** **Required**: Spinnaker cannot refer to the entry without it; an error (a warning with "
            "`--kleat-compat`; see [Preflight checks](#preflight-checks)). **Secret**: a credential, kept out of ConfigMaps and of Deck's settings.js (which every "
            "browser downloads). **Halyard only**: a field Halyard wrote that no current service reads, or that "
            "is spelled differently now; it is accepted, and converted or dropped as described, with a note.",
            "",
            "## Contents",
            "",
            "- [Preflight checks](#preflight-checks)",
            f"- [Halyard file](#{self.halyard_anchor})",
            f"- [Top level](#{self.anchors[id(self.hal)]})",
        ]
        for field in self.hal.fields.values():
            if field.target is not None and self.first_path.get(id(field.target)) == field.name:
                out.append(f"  - [`{field.name}`](#{self.anchors[id(field.target)]})")
        out += [""] + preflight_table() + [
            "",
            f'<a id="{self.halyard_anchor}"></a>',
            "",
            "## Halyard file",
            "",
            _sentence(self.halyard_file.doc) + " The renderer picks one deployment (`currentDeployment`, or the "
            "chart value `halconfigDeployment`, or `--deployment`) and reads it as a halconfig, converting "
            "Halyard's spellings with a note for each.",
            "",
            "| Field | Type | Read by | Description |",
            "|---|---|---|---|",
        ]
        for field in self.halyard_file.fields.values():
            if field.kind == MSG:
                kind = f"[{field.ref.name}](#{self.anchors[id(field.ref)]})"
                kind = f"list of {kind}" if field.repeated else kind
            else:
                kind = self.type_cell(field)
            out.append(f"| `{field.name}` | {_cell(kind)} | {NO_READER} | {_cell(_sentence(field.doc))} |")
        out += ["", "## Halconfig", ""]
        for path, msg in self.sections:
            out += self.section(path, msg)
        return "\n".join(out).rstrip("\n") + "\n"


def preflight_table() -> list[str]:
    """The declared preflight checks (renderer/read/preflight/) as a section of the reference."""
    from renderer.read.preflight import CHECKS

    out = [
        '<a id="preflight-checks"></a>',
        "",
        "## Preflight checks",
        "",
        "Rules across values, checked offline by every route (`validate`, `generate`, the post-renderer, "
        "`spinnaker-renderer helm`), each reported with its id, the halconfig path and how to fix it. "
        "Severity follows consequence: an *error* only where a service would not start or crash, or the value "
        "can never work; a *warning* (with the fix) for anything Spinnaker runs with. The evidence column says "
        "why. Secret references and placeholders (`encrypted:...`, `encryptedFile:...`, `${NAME}`, `{{ ... }}`) "
        "are never judged as URLs, paths or numbers. Marked *kleat accepted*: kleat let it through, so it is an "
        "error, and a warning with `--kleat-compat`. Marked *chart*: checked when the chart's values are known "
        "(`validate -f`, Helm).",
        "",
        "| Id | Where | Rule | Fix | Severity | Evidence |",
        "|---|---|---|---|---|---|",
    ]
    for item in CHECKS:
        severity = item.severity + (", kleat accepted" if item.kleat_accepted else "") + \
            (", chart" if item.needs_chart else "")
        out.append(f"| `{item.id}` | `{_cell(item.path)}` | {_cell(item.rule)} | {_cell(item.fix)} | {severity} "
                   f"| {_cell(item.evidence)} |")
    out += ["", "Also checked on every route: `version` (and the chart's `spinnaker.version`) names a supported "
                "release, `MAJOR.MINOR.PATCH` (a build name such as `master-latest-unvalidated`, `1.35` or `v1.35.3` "
                "is refused; kleat accepted it); a key the model does not declare is a warning with a did-you-mean "
                "and a pointer to the chart's `profiles` for Spring settings (an error with `strict: true` / "
                "`--strict`)."]
    return out


def halconfig_reference() -> str:
    """The Markdown reference of every halconfig section and field."""
    return _Reference().document()
