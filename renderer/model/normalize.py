"""Check a halconfig against the model and normalize it.

`normalize(HAL, data, report)` returns the halconfig the way kleat holds it
after parsing: only declared fields, under their output names, with kleat's
rules for empty values applied (see `renderer.model.dsl`). Translation works
on that normalized form only. Every problem is recorded in `report` with its
path; nothing raises for bad input.
"""
from __future__ import annotations

import functools

from renderer.model.credentials import TYPED, typed_fix, typed_message, typed_text
from renderer.model.dsl import ANY, BOOL, ENUM, INT, INTV, MSG, STR, STRV
from renderer.model.references import is_reference
from renderer.problems import Report

_INT32 = (-(2**31), 2**31 - 1)
# Booleans in quotes, as Halyard read them (the schema lists the same spellings).
QUOTED_BOOLEANS = ("true", "True", "TRUE", "false", "False", "FALSE")
SPRING_HINT = ("A service setting the halconfig does not model goes in the chart's `profiles` "
               "(e.g. profiles.clouddriver), which is merged into that service's config.")


# In this order: a bool is an int to isinstance.
_TYPE_NAMES = ((type(None), "null"), (bool, "a boolean"), (int, "a number"), (float, "a decimal number"),
               (str, "a string"), (list, "a list"), (dict, "a mapping"))


def _type_name(value) -> str:
    return next((name for kind, name in _TYPE_NAMES if isinstance(value, kind)), type(value).__name__)


def _show(value) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."


def suggest(word: str, choices) -> str:
    """A did-you-mean hint; difflib is only imported when a key is unknown."""
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in choices}
        if word.lower() in lowered:
            close = [lowered[word.lower()]]
    return f"Did you mean '{close[0]}'?" if close else ""


def _homes(key, within):
    """Where else a field named `key` is declared, as [(message, dotted path, block name)].

    The block name is the key the message sits under (`ldap`), or for list items the list's key
    and the one above it (`jenkins`, `masters`). Only asked when a key is unknown, and only for
    messages of the halconfig: a key that another block of the same name declares (`ldap` under
    authn and under authz) was most likely put in the wrong one of the two, and saying where it
    belongs helps more than a spelling suggestion."""
    index, in_hal = _field_index()
    return index.get(key, []) if id(within) in in_hal else []


@functools.lru_cache(maxsize=1)
def _field_index():
    """({field name: [(message, where, block)]}, ids of the halconfig's messages), built once."""
    from renderer.model.hal import Hal

    index = {}

    def walk(msg, where, names, block, trail):
        for field in msg.fields.values():
            if field.halyard is not None:
                continue
            places = index.setdefault(field.name, [])
            if all(home is not msg for home, _, _ in places):
                places.append((msg, where or "the top level", block))
            target = field.target
            if target is not None and target not in trail:
                sub = (where + "." if where else "") + field.name
                sub += "[]" if field.repeated else ".<name>" if field.map else ""
                inner = names + (field.name,)
                walk(target, sub, inner, inner[-2:] if field.repeated else inner[-1:], trail + (target,))

    walk(Hal, "", (), (), (Hal,))
    in_hal = frozenset(id(m) for places in index.values() for m, _, _ in places) | {id(Hal)}
    return index, in_hal


# How `Normalizer.message` takes each input key of a message, decided once per message:
# ({key: (field, output name, shortcut)}, whether any field has an alias), where the shortcut names
# the common cases of a large halconfig's accounts (a string, a boolean, a whole number, a list of
# strings) that are taken without building the value's path or calling out, and a message without
# aliases cannot be given one field twice.
_STRING, _BOOLEAN, _NUMBER, _STRINGS, _OTHER = range(5)
_PLANS: dict = {}


def _plan(msg) -> tuple:
    plan = _PLANS.get(msg)
    if plan is None:
        plan = _PLANS[msg] = ({key: (field, field.name, _shortcut(field)) for key, field in msg.inputs.items()},
                              any(field.aliases for field in msg.fields.values()))
    return plan


def _shortcut(field) -> int:
    kind = field.kind
    if field.halyard is not None or field.map:
        return _OTHER
    if field.repeated:
        return _STRINGS if kind is STR or kind is STRV else _OTHER
    if kind is STR or kind is STRV:
        return _STRING
    if kind is BOOL:
        return _BOOLEAN
    if kind is INT or kind is INTV:
        return _NUMBER
    return _OTHER


class Normalizer:
    """One pass over one document; `strict` turns unknown keys into errors."""

    __slots__ = ("report", "strict", "via_helm")

    def __init__(self, report: Report, strict: bool = False, via_helm: bool = False):
        self.report = report
        self.strict = strict
        self.via_helm = via_helm  # the data came through Helm's YAML reader (the post-renderer's bundle)

    def message(self, msg, data, path):
        if not isinstance(data, dict):
            self.report.error(path, f"expected a mapping ({msg.name}), got {_type_name(data)}.")
            return None
        out = {}
        plan, aliased = _PLANS.get(msg) or _plan(msg)
        for key, value in data.items():
            entry = plan.get(key)
            if entry is None:
                self._unknown(msg, key, path)
                continue
            field, name, how = entry
            if aliased and name in out:
                others = [k for k in (name, *field.aliases) if k in data and k != key]
                self.report.error(path + (key,), f"'{key}' and '{others[0]}' are the same field; give only one.")
                continue
            if value is None:
                continue  # an explicit null means "not set", as in kleat
            # The common cases, as `value` and `repeated` take them, without building a path.
            kind = type(value)
            if how is _STRING:
                if kind is str and value:
                    out[name] = value
                    continue
            elif how is _BOOLEAN:
                if kind is bool:
                    out[name] = value
                    continue
            elif how is _NUMBER:
                if kind is int and _INT32[0] <= value <= _INT32[1] and (value or field.kind is INTV):
                    out[name] = value
                    continue
            elif how is _STRINGS:
                if kind is list and value:
                    for item in value:  # a loop, not all(...): no generator per list
                        if type(item) is not str:
                            break
                    else:
                        out[name] = list(value)
                        continue
            sub = path + (key,)
            if field.halyard is not None:
                self.report.note(sub, field.halyard)
                continue
            if field.repeated:
                value = self.repeated(field, value, sub)
            elif field.map:
                value = self.mapping(field, value, sub)
            else:
                value = self.value(field, value, sub)
            if value is not _DROP:
                out[name] = value
        if msg.checks:
            for check in msg.checks:
                found = check(out)
                if found:
                    where, text = found if isinstance(found, tuple) else ((), found)
                    self.report.error(path + ((where,) if where else ()), text)
        return out

    def _unknown(self, msg, key, path):
        if not isinstance(key, str):
            self.report.error(path + (str(key),), f"keys must be strings, got {_type_name(key)} {key!r}.")
            return
        names = tuple(part for part in path if isinstance(part, str))
        block = names[-2:] if path and isinstance(path[-1], int) else names[-1:]
        homes = [where for home, where, its in _homes(key, msg) if home is not msg and its == block]
        if homes and len(homes) <= 2:
            hint = f"It is a field of {' and of '.join(homes)}; move it there."
        else:
            hint = suggest(key, [f.name for f in msg.fields.values() if f.halyard is None] or msg.fields)
        if not hint or not hint.startswith("It is"):
            hint = (hint + " " if hint else "") + SPRING_HINT
        text = f"not a field of {msg.name}; "
        if self.strict:
            self.report.error(path + (key,), text + "refused (--strict).", hint)
        else:
            self.report.warning(path + (key,), text + "ignored.", hint)

    def repeated(self, field, value, path):
        if not isinstance(value, list):
            self.report.error(path, f"expected a list, got {_type_name(value)}.")
            return _DROP
        items = []
        if field.kind == MSG:  # a list of accounts: straight to `message`, as `value` would go
            message, ref = self.message, field.ref
            for i, item in enumerate(value):
                if item is None:
                    self.report.error(path + (i,), "list items cannot be empty (null).")
                    continue
                got = message(ref, item, path + (i,))
                if got is not None:
                    items.append(got)
            return items if items else _DROP
        for i, item in enumerate(value):
            if item is None:
                self.report.error(path + (i,), "list items cannot be empty (null).")
                continue
            got = self.value(field, item, path + (i,), in_list=True)
            if got is not _DROP:
                items.append(got)
        return items if items else _DROP

    def mapping(self, field, value, path):
        if not isinstance(value, dict):
            self.report.error(path, f"expected a mapping, got {_type_name(value)}.")
            return _DROP
        out = {}
        for key, item in value.items():
            key = key if isinstance(key, str) else str(key)
            if item is None:
                item = {} if field.kind == MSG else item
                if item is None:
                    continue
            got = self.value(field, item, path + (key,), in_list=True)
            if got is not _DROP:
                out[key] = got
        return out if out else _DROP

    def _credential(self, value, path):
        """A credential field given something other than text: a number or boolean is what YAML made of
        the text written (a warning: the service runs, with the value Spring makes of it); anything else
        an error. Neither message shows the value."""
        if isinstance(value, (bool, int, float)):
            self.report.warning(path, typed_message(value, via_helm=self.via_helm),
                                typed_fix(next((p for p in reversed(path) if isinstance(p, str)), "key")))
            self.report.problems[-1].check = TYPED
            return typed_text(value)
        self.report.error(path, f"expected a string (a credential), got {_type_name(value)}; its content is not "
                                "shown.", "Write the credential as one quoted string.")
        return _DROP

    def value(self, field, value, path, in_list=False):
        kind = field.kind
        if kind == STR or kind == STRV:
            if isinstance(value, str):
                if not value and kind == STR and not in_list:
                    return _DROP
                return value
            if field.secret:
                return self._credential(value, path)
            if isinstance(value, int) and not isinstance(value, bool):
                return str(value)
            self.report.error(path, f"expected a string, got {_type_name(value)} {_show(value)}.",
                              "Quote the value to keep it as text.")
            return _DROP
        if kind == BOOL:
            if value is True or value is False:
                pass
            elif isinstance(value, str) and value in QUOTED_BOOLEANS:
                value = value.lower() == "true"  # Halyard read quoted booleans too
            elif is_reference(value):
                return value  # resolved by the service when it starts
            else:
                self.report.error(path, f"expected true or false (boolean), got {_type_name(value)} {_show(value)}.")
                return _DROP
            return value
        if kind == MSG:
            got = self.message(field.ref, value, path)
            return _DROP if got is None else got
        if kind == INT or kind == INTV:
            if is_reference(value):
                return value  # resolved by the service when it starts
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    self.report.error(path, f"expected a whole number (integer), got {_show(value)}.")
                    return _DROP
            elif isinstance(value, float) and value.is_integer():
                value = int(value)
            elif isinstance(value, bool) or not isinstance(value, int):
                self.report.error(path, f"expected a whole number (integer), got {_type_name(value)} {_show(value)}.")
                return _DROP
            if not _INT32[0] <= value <= _INT32[1]:
                self.report.error(path, f"{value} is out of range for a 32-bit integer.")
                return _DROP
            if kind == INT and value == 0 and not in_list:
                return _DROP
            return value
        if kind == ENUM:
            if value in field.values or value in field.extra_values:
                if value == field.values[0] and not in_list:
                    return _DROP  # the zero value: kleat writes nothing
                return value
            allowed = ", ".join(v for v in field.values[1:] + field.extra_values)
            hint = suggest(str(value), field.values[1:] + field.extra_values)
            self.report.error(path, f"{_show(value)} is not one of: {allowed}.", hint)
            return _DROP
        if kind == ANY:
            return value
        raise AssertionError(f"unknown field kind {kind}")


class _Drop:
    __slots__ = ()

    def __repr__(self):
        return "<drop>"


_DROP = _Drop()


def normalize(msg, data, report: Report, strict: bool = False, path=(), via_helm: bool = False):
    """Normalize `data` as an instance of `msg`; problems go to `report`. `via_helm`: `data` is what Helm's
    YAML reader made of the user's text (the messages say what that means)."""
    return Normalizer(report, strict, via_helm).message(msg, data, tuple(path))
