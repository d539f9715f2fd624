"""Read halconfig YAML the way Spinnaker's services would, but stricter.

- YAML 1.1 scalars, as SnakeYAML reads them (`yes` is true), except that
  dates and base-60 numbers stay strings: no halconfig field is a date, and
  `12:30:00` is far more likely a time than the number 45000.
- Duplicate keys are refused with both line numbers (YAML readers silently
  keep the last one, so a duplicated account block is easy to miss); values
  files, which Helm reads keeping the last, get a warning (`load_as_helm`).
- On errors, `locate()` maps halconfig paths back to file lines; that parse
  only happens when there is something to report.
"""
from __future__ import annotations

import re

import yaml

from renderer.printable import shown
from renderer.problems import InvalidHalconfig, Report

try:  # libyaml's parser where the wheel has it; same results, much faster
    from yaml import CSafeLoader as _Base
except ImportError:  # pragma: no cover - depends on the PyYAML build
    from yaml import SafeLoader as _Base


class _Loader(_Base):
    pass


# Drop the timestamp resolver and the base-60 forms of int and float.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers
            if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:int",
                           "tag:yaml.org,2002:float")]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int",
    re.compile(r"""^(?:[-+]?0b[0-1_]+
                  |[-+]?0[0-7_]+
                  |[-+]?(?:0|[1-9][0-9_]*)
                  |[-+]?0x[0-9a-fA-F_]+)$""", re.X),
    list("-+0123456789"))
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
                  |\.[0-9_]+(?:[eE][-+][0-9]+)?
                  |[-+]?\.(?:inf|Inf|INF)
                  |\.(?:nan|NaN|NAN))$""", re.X),
    list("-+0123456789."))


# How a duplicate key's message begins (the path before it names the key): `migrate` tells these apart.
DUPLICATE_KEY = "a duplicate key"


class DuplicateKey(Exception):
    def __init__(self, key, first_line, mark):
        super().__init__(key)
        self.key, self.first_line = key, first_line
        self.line, self.column = mark.line + 1, mark.column


def _duplicate_keys(loader, node):
    """(key, line of its first use, mark of the repeat) for every key a mapping node repeats."""
    seen = {}
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            continue
        key = loader.construct_object(key_node, deep=True)
        try:
            first = seen.get(key)
        except TypeError:  # unhashable key; the base constructor reports it
            continue
        if first is not None:
            yield key, first, key_node.start_mark
        seen[key] = key_node.start_mark.line + 1


def _construct_mapping(loader, node, deep=False):
    for key, first, mark in _duplicate_keys(loader, node):
        raise DuplicateKey(key, first, mark)
    return _Base.construct_mapping(loader, node, deep=deep)


def _construct_map(loader, node):
    data = {}
    yield data
    data.update(_construct_mapping(loader, node))


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)


class RefusedTag(yaml.constructor.ConstructorError):
    pass


def _refuse_tag(loader, node):
    raise RefusedTag(None, None, f"the tag {node.tag.rsplit(':', 1)[-1]!r} has no place in a halconfig",
                     node.start_mark)


# Binary, sets, timestamps and ordered pairs are not JSON data: no field takes them.
for _tag in ("binary", "set", "timestamp", "omap", "pairs"):
    _Loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)

# Aliases are expanded when the configs are written; a few nested ones can
# blow up to gigabytes (the "billion laughs"). Refuse documents that expand
# beyond this many nodes, or whose values, aliases followed, nest deeper than
# the renderer's own walks can follow.
MAX_EXPANDED_NODES = 2_000_000
MAX_EXPANDED_DEPTH = 200


class Reader:
    """The limits of the program that reads a kind of document, applied while composing it.

    SnakeYAML's LoaderOptions default to `maxAliasesForCollections = 50` and `nestingDepthLimit = 50`
    (snakeyaml src/main/java/org/yaml/snakeyaml/LoaderOptions.java, the same at 1.31 and 2.4;
    Composer.composeNode counts each alias to a mapping or list, and each node's depth). Halyard
    read `config` and service-settings with those defaults (halyard-config ResourceConfig.yamlParser,
    `new Yaml(new SafeConstructor(), ...)`; snakeyaml 1.31 from kork's spinnaker-dependencies.gradle,
    which halyard/build.gradle takes as an enforcedPlatform, at spinnaker-release-2025.0.0). The
    services read their config files through Spring Boot's OriginTrackedYamlLoader, which lifts the
    alias limit (setMaxAliasesForCollections(Integer.MAX_VALUE), spring-boot issue #23096) but keeps
    the nesting limit. Helm reads values and manifests with Go YAML, which has no limit this low: they
    get a depth the renderer's own walks can follow, and the expansion bound above."""

    __slots__ = ("name", "max_aliases", "max_depth")

    def __init__(self, name, max_aliases, max_depth):
        self.name, self.max_aliases, self.max_depth = name, max_aliases, max_depth


HALYARD = Reader("Halyard's YAML reader (SnakeYAML)", 50, 50)
SPRING = Reader("the services' YAML reader (SnakeYAML, through Spring Boot)", None, 50)
HELM = Reader("", None, MAX_EXPANDED_DEPTH)


class _Limit(Exception):
    def __init__(self, line, message, hint):
        super().__init__(message)
        self.line, self.message, self.hint = line, message, hint


def _compose_limits(text, reader: Reader):
    """Apply `reader`'s limits on libyaml's events, before anything is built: PyYAML's C composer
    recurses once per level and takes the interpreter down (a segfault, not an exception) somewhere
    past 10,000 levels. Invalid YAML raises the parser's own error, as loading would."""
    events = yaml.events
    starts = (events.MappingStartEvent, events.SequenceStartEvent)
    ends = (events.MappingEndEvent, events.SequenceEndEvent)
    scalar, alias = events.ScalarEvent, events.AliasEvent
    limit, max_aliases = reader.max_depth, reader.max_aliases
    parser = _Base(text)
    depth = aliases = 0
    collections = set()  # anchors naming a mapping or a list
    try:
        while parser.check_event():
            event = parser.get_event()
            kind = type(event)
            if kind in starts or kind is scalar:
                if depth > limit:
                    who = f"{reader.name} refuses it (LoaderOptions.nestingDepthLimit)" if reader.name else \
                        "far deeper than any chart value or Kubernetes object"
                    raise _Limit(event.start_mark.line + 1, f"the document nests deeper than {limit} levels: {who}",
                                 "Flatten the structure; this deep, it is not a configuration.")
                if kind is scalar:
                    if event.anchor is not None:
                        collections.discard(event.anchor)
                    continue
                depth += 1
                if event.anchor is not None:
                    collections.add(event.anchor)
            elif kind in ends:
                depth -= 1
            elif kind is alias and max_aliases is not None and event.anchor in collections:
                aliases += 1
                if aliases > max_aliases:
                    raise _Limit(event.start_mark.line + 1,
                                 f"more than {max_aliases} aliases to mappings or lists: {reader.name} refuses "
                                 "such a document (LoaderOptions.maxAliasesForCollections, its guard against "
                                 "alias bombs)", "Write the repeated blocks out, or use fewer aliases.")
    finally:
        parser.dispose()


class _Cycle(Exception):
    def __init__(self, path):
        self.path = path


class _TooBig(Exception):
    def __init__(self, path, what):
        self.path, self.what = path, what


def _expanded_size(data, max_nodes=MAX_EXPANDED_NODES, max_depth=MAX_EXPANDED_DEPTH) -> int:
    """How many values `data` holds once its aliases are written out. _Cycle (with the path of the
    alias) when an alias refers to a node that contains it, which no writer can expand; _TooBig when
    it holds more than `max_nodes` values or nests deeper than `max_depth`. Iterative: a deep
    document must not end in RecursionError."""
    if not isinstance(data, (dict, list)):
        return 1
    done = {}  # id -> (values, depth) of a finished container
    open_nodes = {id(data)}
    # Each frame: [container, its path, iterator over (key, child), values so far, deepest child]
    stack = [[data, (), iter(data.items() if isinstance(data, dict) else enumerate(data)), 1, 0]]
    while stack:
        frame = stack[-1]
        for name, item in frame[2]:
            if not isinstance(item, (dict, list)):
                frame[3] += 1
                continue
            key = id(item)
            path = frame[1] + (name,)
            if key in open_nodes:
                raise _Cycle(path)
            known = done.get(key)
            if known is not None:
                frame[3] += known[0]
                frame[4] = max(frame[4], known[1])
                if len(stack) + known[1] > max_depth:
                    raise _TooBig(path, "depth")
            else:
                if len(stack) >= max_depth:
                    raise _TooBig(path, "depth")
                open_nodes.add(key)
                stack.append([item, path, iter(item.items() if isinstance(item, dict) else enumerate(item)), 1, 0])
                break
            if frame[3] > max_nodes:
                raise _TooBig(frame[1], "size")
        else:
            stack.pop()
            open_nodes.discard(id(frame[0]))
            done[id(frame[0])] = (frame[3], frame[4] + 1)
            if not stack:
                return frame[3]
            parent = stack[-1]
            parent[3] += frame[3]
            parent[4] = max(parent[4], frame[4] + 1)
            if parent[3] > max_nodes:
                raise _TooBig(parent[1], "size")
    return 0


class NotText(ValueError):
    """A file that is not UTF-8 text; the message names the file, the line and the byte."""


def decode(raw: bytes, name: str) -> str:
    """A user's file as text (UTF-8, a byte-order mark dropped); NotText when it is not."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise NotText(f"{shown(name)}:{line}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}). "
                      "Save the file as UTF-8.") from None


class _Lenient(_Loader):
    """Duplicate keys kept as Halyard's SnakeYAML kept them (the last wins), and recorded."""


def _construct_map_lenient(loader, node):
    data = {}
    yield data
    loader.duplicates.extend((key, first, mark.line + 1) for key, first, mark in _duplicate_keys(loader, node))
    data.update(_Base.construct_mapping(loader, node))


_Lenient.add_constructor("tag:yaml.org,2002:map", _construct_map_lenient)


def check_limits(text, source: str, reader: Reader) -> None:
    """Refuse (InvalidHalconfig, with the line) a YAML stream that breaks `reader`'s limits, for
    callers that parse it with another loader afterwards; invalid YAML is left to that loader."""
    try:
        _compose_limits(text, reader)
    except _Limit as limit:
        raise InvalidHalconfig(_limit_report(Report(), text, limit), source) from None
    except yaml.YAMLError:
        pass


def _limit_report(report, text, limit):
    report.error(_path_near_line(text, limit.line) or (), f"{limit.message}.", limit.hint)
    report.problems[-1].line = limit.line
    return report


def _parse(text, duplicates):
    if duplicates is None:
        return yaml.load(text, Loader=_Loader)
    loader = _Lenient(text)
    loader.duplicates = duplicates
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def load(text, source: str = "halconfig", duplicates: list | None = None, reader: Reader = HALYARD):
    """Parse YAML text; raises InvalidHalconfig (with a line) when it is not valid YAML or breaks the
    limits of its `reader` (HALYARD: a halconfig or service-settings; SPRING: a service's config file;
    HELM: values files and manifests). With a `duplicates` list, a duplicate key is not refused: the
    last one wins (as Halyard read it) and (key, first line, line) is added to the list."""
    report = Report()
    try:
        _compose_limits(text, reader)
        data = _parse(text, duplicates)
        if isinstance(data, (dict, list)):
            _expanded_size(data)
        return data
    except _Limit as limit:
        _limit_report(report, text, limit)
    except _TooBig as big:
        if big.what == "size":
            report.error(big.path, f"the document expands to more than {MAX_EXPANDED_NODES:,} values through "
                                   "anchors and aliases.", "Write the repeated parts out, or use fewer aliases.")
        else:
            report.error(big.path, f"the document nests deeper than {MAX_EXPANDED_DEPTH} levels once its aliases "
                                   "are followed.", "Write the repeated parts out, or use fewer aliases.")
    except _Cycle as cycle:
        report.error(cycle.path, "an alias refers to a node that contains it, so the value never ends.",
                     "Point the alias at a different anchor, or write the value out.")
    except DuplicateKey as dup:
        report.error(_path_of_line(text, dup.line, dup.column) or (str(dup.key),),
                     f"{DUPLICATE_KEY} (first at line {dup.first_line}).",
                     "Remove or merge one of them: YAML readers keep only the last.")
        report.problems[-1].line = dup.line
    except RefusedTag as exc:
        line = exc.problem_mark.line + 1
        report.error(_path_of_line(text, line) or (), f"{exc.problem}.", "Write the value as plain text.")
        report.problems[-1].line = line
    except yaml.reader.ReaderError as exc:
        line = _line_of_offset(text, exc.position)
        char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
        hint = ("Text copied from a terminal carries such colour codes (ESC [ ... m); save the config "
                "itself, not a command's output." if char == "\x1b" else
                "Remove it, or write it as an escape sequence inside a double-quoted string.")
        report.error((_path_near_line(text, line) if line else None) or (),
                     f"not valid YAML: the character U+{ord(char):04X} ({exc.reason}).", hint)
        report.problems[-1].line = line
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        what = getattr(exc, "problem", None) or str(exc)
        context = getattr(exc, "context", None)
        message = f"not valid YAML: {what}" + (f" ({context})" if context else "") + "."
        line = mark.line + 1 if mark is not None else None
        hint = "Check indentation and quoting around that line."
        if line is not None and _PLACEHOLDER.search(_line_text(text, line)):
            hint = ("That line holds what looks like an unfilled template placeholder ({{ ... }} or "
                    "{% ... %}): fill it in, or quote the value.")
        report.error((_path_near_line(text, line) if line else None) or (), message, hint)
        report.problems[-1].line = line
    except (ValueError, TypeError) as exc:  # e.g. an unhashable key
        report.error((), f"not a usable YAML document: {exc}.")
    raise InvalidHalconfig(report, source)


def load_as_helm(text, source: str = "values"):
    """(data, warnings) of a values file read as Helm 3 and 4 read it: a key given twice in one
    mapping keeps its last value (their Go YAML reader does not refuse it; tests/test_verdict.py), so
    each repeat is a warning with both lines, and whatever Helm then refuses is refused the same."""
    from renderer.problems import WARNING, Problem

    duplicates = []
    data = load(text, source, duplicates, reader=HELM)
    warnings = []
    for key, first, line in duplicates:
        problem = Problem(WARNING, _path_of_line(text, line) or (str(key),),
                          f"{DUPLICATE_KEY} (first at line {first}): Helm keeps this value, the last, and drops "
                          "the first.", "Remove or merge one of them.")
        problem.line = line
        warnings.append(problem)
    return data, warnings


_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
_PLACEHOLDER = re.compile(r"\{\{|\{%")
# A block-style mapping key at the start of a line (after any "- " list markers).
_KEY = re.compile(r"""(?P<key>"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\[\]{},&*!|>%@`][^#]*?)\s*:(?:\s+(?P<rest>.*))?$""")


def _line_of_offset(text, offset):
    """1-based line of a ReaderError position (a UTF-8 byte offset from libyaml, else a character index)."""
    if offset is None:
        return None
    prefix = text.encode("utf-8")[:offset].decode("utf-8", "ignore") if _Base.__name__.startswith("C") \
        else text[:offset]
    return len(_BREAK.findall(prefix)) + 1


def _line_text(text, line):
    lines = _BREAK.split(text)
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _path_near_line(text, line):
    """Best-effort path of the block-style key written at or above `line`, from indentation alone.

    Used when the text is not valid YAML, so there is no node tree to ask; flow collections and
    multi-line scalars are not followed. None when no key is found."""
    stack = []  # [indent, key or list index, is a list item]
    block = None  # indent of the key that opened a block scalar (| or >)
    for raw in _BREAK.split(text)[:line]:
        body = raw.lstrip(" ")
        indent = len(raw) - len(body)
        if not body.strip() or body.startswith("#"):
            continue
        if block is not None:
            if indent > block:
                continue
            block = None
        if indent == 0 and body.startswith(("---", "...")):
            stack = []
            continue
        while body == "-" or body.startswith(("- ", "-\t")):
            previous = None
            while stack and (stack[-1][0] > indent or (stack[-1][0] == indent and stack[-1][2])):
                top = stack.pop()
                if top[0] == indent and top[2]:
                    previous = top[1]
            stack.append([indent, 0 if previous is None else previous + 1, True])
            rest = body[1:]
            body = rest.lstrip(" \t")
            indent += 1 + len(rest) - len(body)
        match = _KEY.match(body) if len(body) <= 1000 else None
        if not match:
            continue
        key = match.group("key")
        if key[:1] in "\"'":
            key = key[1:-1]
        while stack and stack[-1][0] >= indent:
            stack.pop()
        stack.append([indent, key, False])
        if (match.group("rest") or "").startswith(("|", ">")):
            block = indent
    return tuple(part for _, part, _ in stack) or None


def _path_of_line(text, line, column=None):
    """The path of the mapping key written at `line` (1-based) and column, or None."""
    try:
        _compose_limits(text, HELM)  # the composer recurses once per level
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, _Limit, RecursionError):
        return None
    stack = [(root, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = path + (key.value if isinstance(key, yaml.ScalarNode) else "?",)
                if key.start_mark.line + 1 == line and column in (None, key.start_mark.column):
                    return here
                stack.append((value, here))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, path + (i,)) for i, item in enumerate(node.value))
    return None


def locate(text, paths):
    """{path: line} for those halconfig paths that exist in the YAML text."""
    try:
        _compose_limits(text, HELM)  # the C composer below must never see a document too deep for it
        root = yaml.compose(text, Loader=_Loader)
    except (yaml.YAMLError, _Limit):
        return {}
    found = {}
    for path in paths:
        if not path and root is not None:
            found[path] = root.start_mark.line + 1
            continue
        node, line = root, None
        for part in path:
            line = node.start_mark.line + 1 if node is not None else line
            if isinstance(node, yaml.MappingNode):
                nxt = None
                for k, v in node.value:  # the last of keys given twice: the one YAML readers keep
                    if isinstance(k, yaml.ScalarNode) and k.value == str(part):
                        nxt, line = v, k.start_mark.line + 1
                node = nxt
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
                node = node.value[part]
                line = node.start_mark.line + 1
            else:
                node = None
            if node is None:
                break
        if line is not None:
            found[path] = line
    return found


def plain_scalars(text, paths) -> dict:
    """{path: the text written} for those `paths` that lead to a plain (unquoted) scalar in the YAML
    `text` (every document of it: the last that has one wins, as Spring reads a file's documents)."""
    try:
        roots = list(yaml.compose_all(text, Loader=_Loader))
    except yaml.YAMLError:
        return {}
    found = {}
    for root in roots:
        for path in paths:
            node = root
            for part in path:
                if isinstance(node, yaml.MappingNode):
                    node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode)
                                 and k.value == str(part)), None)
                elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
                    node = node.value[part]
                else:
                    node = None
                if node is None:
                    break
            if isinstance(node, yaml.ScalarNode) and not node.style:  # libyaml says "", PyYAML None
                found[path] = node.value
    return found


def typed_as_written(report, text, base=()) -> None:
    """Say how each credential YAML read as a number or boolean was written (renderer.model.credentials
    `typed-credential` problems), from the source `text` the problems' paths point into (below `base`)."""
    from renderer.model.credentials import TYPED, typed_message

    typed = [p for p in report.problems if p.check == TYPED and p.path[:len(base)] == tuple(base)]
    if not typed or not text:
        return
    written = plain_scalars(text, [p.path[len(base):] for p in typed])
    for problem in typed:
        if problem.path[len(base):] in written:
            problem.message = typed_message(None, written[problem.path[len(base):]])
