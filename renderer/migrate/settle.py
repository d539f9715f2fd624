"""Migrated values that Helm accepts: the halconfig's own problems, reported and kept out of the way.

A Halyard directory that Spinnaker ran can still hold what the chart refuses
(a placeholder such as `<JENKINS_URL>` that was never filled in, a value an
older release tolerated). `migrate` must never strand its user, so the values
are checked the way every Helm route checks them (the chart's values.schema.json,
then `renderer.read.inputs.check_values`), and each error's value is taken out
of the values, smallest part first (the field, or the account or list item
holding it, then the block around it), until none is left. What was taken out
is kept for the user: in the report, with the values path and the fix, and
commented out in values.yaml. Warnings (Spinnaker runs with them) stay in the
values and are listed the same way.
"""
from __future__ import annotations

import copy

from ..problems import ERROR, WARNING, format_path

# A bound on the rounds: each round takes out at least one value, so this is never reached by
# a halconfig of ordinary size, and a pathological one ends with an error instead of looping.
MAX_ROUNDS = 200


class SetAside:
    """One value taken out of the values: where it was, what was said about it, what it held, and
    the `secrets.env` entries of the placeholders in it (taken out too, to go back with it)."""

    __slots__ = ("path", "problem", "value", "env")

    def __init__(self, path, problem, value):
        self.path, self.problem, self.value = tuple(path), problem, value
        self.env: list = []


def _exists(values, path) -> bool:
    node = values
    for key in path:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            node = node[key]
        else:
            return False
    return True


def pop(values, path):
    """Remove and return the value at `path` (keys and list indexes)."""
    node = values
    for key in path[:-1]:
        node = node[key]
    return node.pop(path[-1])


def _target(values, path, tried) -> tuple | None:
    """The part of the values to take out for an error at `path`: the deepest existing part, or its
    parent when that part was taken out before for the same error (an account missing what was
    taken out of it); None when only the whole halconfig would be left."""
    path = tuple(path)
    while len(path) > 1 and not _exists(values, path):
        path = path[:-1]
    # Inside a list item (an account, a Jenkins master): the whole item, so that the service starts
    # without it rather than with an account missing what made it work.
    items = [i for i, key in enumerate(path) if isinstance(key, int)]
    if items:
        path = path[:items[-1] + 1]
    while path in tried and len(path) > 1:
        path = path[:-1]
    if not path or path in tried or path == ("halconfig",):
        return None
    return path


class _SchemaProblem:
    """A refusal by the chart's values.schema.json (Helm checks it before anything renders)."""

    check = None

    def __init__(self, path, message):
        self.path, self.message, self.hint = tuple(path), message, ""


def _schema_problem(values, validator):
    """The first value Helm's schema check refuses, or None."""
    for error in sorted(validator.iter_errors(values), key=lambda e: [str(p) for p in e.absolute_path]):
        path = tuple(error.absolute_path)
        if error.validator == "type":
            expected = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
            return _SchemaProblem(path, "the chart's schema wants " + " or ".join(
                str(t) for t in expected if t != "null") + " here.")
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = set(error.schema.get("properties") or {})
            extra = sorted((k for k in error.instance if k not in known), key=str)
            if extra:
                return _SchemaProblem(path + (extra[0],), "not a setting the chart has.")
        return _SchemaProblem(path, f"the chart's schema refuses it ({error.validator}).")
    return None


def _helm_schema():
    import json

    import jsonschema

    from ..generate.json_schema import schema_text

    return jsonschema.Draft7Validator(json.loads(schema_text(for_helm=True)))


def settle(values: dict, report, known=(), base=()) -> list[SetAside]:
    """Take out of `values` (in place) what Helm's routes would refuse; findings go to `report`
    (but for warnings whose message is in `known`, reported already) under the Halyard config's
    paths (`base`: the deployment's). Returns what was set aside. An error nothing can be taken out
    for goes to `report.error`."""
    def source(path):
        if path[:1] == ("halconfig",) and base:
            return "config: " + format_path(tuple(base) + tuple(path[1:]))
        return "values: " + format_path(path)

    from ..read.inputs import check_values

    aside: list[SetAside] = []
    tried: set = set()
    schema = _helm_schema()
    for _ in range(MAX_ROUNDS):
        # Helm's schema first (it refuses before anything renders), then the halconfig's checks.
        problem = _schema_problem(values, schema)
        if problem is None:
            _, _, checked = check_values(values)
            errors = [p for p in checked.problems if p.level == ERROR]
            if not errors:
                break
            problem = errors[0]
        target = _target(values, problem.path, tried)
        if target is None:
            report.error(f"{format_path(problem.path)}: {problem.message} {problem.hint}".strip())
            return aside
        tried.add(target)
        value = copy.deepcopy(pop(values, target))
        aside.append(SetAside(target, problem, value))
        report.human(source(problem.path), f"{problem.message} {problem.hint}".strip()
                     + f" migrate left `{format_path(target)}` out of the values (it is in values.yaml, "
                       "commented out): fix it there and put it back.", format_path(target))
    else:
        report.error("the values' problems did not settle; fix the errors above in the Halyard directory.")
        return aside
    _unwire(values, aside)
    for problem in checked.problems:
        if problem.level != WARNING or problem.message in known:
            continue
        if problem.check:
            report.human(source(problem.path), f"{problem.message} {problem.hint}".strip()
                         + " (a warning: Spinnaker runs with it)", format_path(problem.path))
        else:  # e.g. a field the release the chart runs does not read
            report.dropped(source(problem.path), f"{problem.message} {problem.hint}".strip())
    return aside


def _unwire(values, aside):
    """`secrets.env` entries whose placeholder went out with a set-aside value: moved to it, so that
    no service gets a credential it no longer reads."""
    import json

    secrets = values.get("secrets") or {}
    entries = secrets.get("env") or []
    if not aside or not entries:
        return
    rest = json.dumps({k: v for k, v in values.items() if k != "secrets"})
    kept = []
    for entry in entries:
        placeholder = "${" + entry["name"]
        owner = next((item for item in aside if placeholder in json.dumps(item.value)), None)
        if owner is not None and placeholder not in rest:
            owner.env.append(entry)
        else:
            kept.append(entry)
    if kept:
        secrets["env"] = kept
    else:
        secrets.pop("env")
        if not secrets:
            values.pop("secrets")
