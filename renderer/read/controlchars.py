"""Control characters in what a user gives: one rule for every route (`validate`, `validate -f`, the
`helm` wrapper, the post-renderer under Helm 3 and 4, `migrate`).

- A name, key or host holds no control character at all (Unicode Cc: C0, DEL, C1): it ends up in an
  object name, a config file's key, a URL or a log line, where a NUL, a newline or an escape either
  breaks the document (Helm: "yaml: control characters are not allowed", naming no field) or forges
  what a reader sees. Names and hosts are the values of keys named for them (`name`, `accountName`,
  `host`, `baseUrl`, `namespaces`, `fullnameOverride`, ...) and the items of such lists.
- Any other value holds no C0 control character but tab, newline and carriage return, so that
  multi-line profiles and PEM blocks pass as they are.

Where it applies: the halconfig wherever it is read (renderer.read.halconfig), so on every route; the
chart's own names (CHART_NAMES) in the values; all that `migrate` is about to write. The chart's other
values reach objects whose names, keys and hosts the post-renderer judges (renderer/postrender/names.py).

The escaped form (`"k8\\0s"` in YAML) and the raw character get the same refusal: the raw one is
refused by the YAML reader (renderer.read.yaml11) with its line, the escaped one here, with its path.
Messages name the path and the character (as Go's %q writes it), never the value.
"""
from __future__ import annotations

import re

_ANY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_C0_BUT_LAYOUT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_NAMED = re.compile(r"(?:name|names|host|hosts|url|urls|uri|address|endpoint|domain|namespace|namespaces)$",
                    re.IGNORECASE)
# The chart's own names: its check (templates/_names.tpl spinnaker.checkNames) refuses them on Helm's route
# in these words, so `validate -f` and the wrapper check them in the values. The chart's other values are
# judged on the rendered objects (renderer/postrender/names.py), the same on every route.
CHART_NAMES = ("fullnameOverride", "nameOverride")
_NAME_KEYS = frozenset(CHART_NAMES)
HINT = "Remove it: such characters come from text pasted from a terminal or a binary file."


def is_name(key) -> bool:
    """Whether values under mapping key `key` are names or hosts."""
    return isinstance(key, str) and (key in _NAME_KEYS or bool(_NAMED.search(key)))


def problems(data, base: tuple = ()) -> list[tuple[tuple, str]]:
    """(path, message) for each control character refused in `data` (parsed YAML), paths under `base`."""
    from renderer.printable import go_quote

    if not _ANY_CONTROL.search("".join(_texts(data))):
        return []  # the usual case, decided without a path per value: the post-renderer runs on every helm command
    found = []
    stack = [(data, tuple(base), False)]
    while stack:
        node, path, named = stack.pop()
        if isinstance(node, dict):
            for key, value in reversed(list(node.items())):
                at = path + (key,)
                if isinstance(key, str) and _ANY_CONTROL.search(key):
                    char = _ANY_CONTROL.search(key).group()
                    found.append((at, f"the key holds a control character ({go_quote(char)}); no key, name or "
                                      "host may hold one."))
                    continue
                stack.append((value, at, is_name(key)))
        elif isinstance(node, list):
            for index in reversed(range(len(node))):
                stack.append((node[index], path + (index,), named))
        elif isinstance(node, str):
            match = (_ANY_CONTROL if named else _C0_BUT_LAYOUT).search(node)
            if match:
                what = ("no key, name or host may hold one." if named else
                        "a value may hold tab, newline and carriage return, no other control character.")
                found.append((path, f"holds a control character ({go_quote(match.group())}) at character "
                                    f"{match.start() + 1}; {what}"))
    return found


def _texts(data) -> list:
    """Every string key and string value in `data`."""
    texts, stack = [], [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            texts.extend(key for key in node if isinstance(key, str))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            texts.append(node)
    return texts


def check(data, report, base: tuple = ()) -> bool:
    """Add each refusal in `data` to `report` as an error; True when there is none."""
    found = problems(data, base)
    for path, message in found:
        report.error(path, message, HINT)
    return not found
