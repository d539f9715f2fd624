#!/usr/bin/env python3
"""Write the config keys each Spinnaker service reads at one release, from a local monorepo.

    scripts/release-facts.py --repo /path/to/spinnaker.git --tag spinnaker-release-2026.2.3
    scripts/release-facts.py --repo ... --commit HEAD --name main --stands-for "2026.3+"
    scripts/release-facts.py --repo ... --subtrees-before 2024-08-15 --name 1.35 --stands-for "1.35.x"

Reads a local clone or mirror of spinnaker/spinnaker (a bare git dir is enough: it reads
with `git ls-tree` and `git cat-file`, never a work tree, never the network) and writes
`tests/data/release-facts/<name>.json`: for every Java service (clouddriver, echo, fiat,
front50, gate, igor, kayenta, keel, orca, rosco) and for kork (shared by all of them),
the keys its main sources bind, grouped by the monorepo path that binds them.

`--subtrees-before DATE` is for the 1.x line, which has no monorepo tag: the monorepo
imported each service's repository as a subtree (the "Add '<service>/' from commit ..."
merges), and each service's 1.x history is that subtree's first-parent history. The
snapshot is, per service, the newest commit of that history before DATE; the chosen
commits are written into the file.

What counts as read (approximate where the services compute names at run time):
- `@ConfigurationProperties(prefix)` on a class or a `@Bean` method: prefix + each field
  (Java/Groovy fields, setters, Kotlin `val`/`var`, superclass fields), recursing into
  field types declared in the service or kork; list/array elements recurse the same way
  (list indexes are not part of a key). A `Map`, `Object`, `Properties` or a type from
  outside the monorepo binds anything below it: recorded as `prefix.field.*`.
- `${a.b.c:default}` in any string of a main source or of a bundled `application`/
  service YAML (covers `@Value`, `@ConditionalOnExpression`, placeholders), nested ones
  (`${a:${b:c}}`) included.
- `${a.b.c:default}` in the default config file the service's image ships (see
  `shipped_config()`): orca's `kayenta.enabled: ${services.kayenta.enabled:false}` reads
  `services.kayenta.enabled`. YAML comments do not count.
- `@ConditionalOnProperty(prefix, name|value)`.
- `getProperty("a.b")`, `getRequiredProperty`, `containsProperty`, `getConfig(.., "a.b"`,
  `isEnabled("a", ..)` (kork's dynamic config reads `a.enabled`); a literal ending in `.`
  followed by `+` (a computed name) is recorded as the prefix `a.*`.
- `Binder...bind("a.b" or A_CONSTANT, Type.class)`: Type's fields under `a.b` (a constant is
  resolved from `static final String` / `const val` in the service or kork); any other
  `bind("a.b", ...)`: `a.b.*`.
Keys are written as the source spells them; compare them with `normalise()` (Spring's
relaxed binding: case, `-` and `_` do not matter).
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

SERVICES = ("clouddriver", "echo", "fiat", "front50", "gate", "igor", "kayenta", "keel",
            "orca", "rosco")
SHARED = "kork"
SOURCE_EXT = (".java", ".kt", ".groovy")
NOT_MAIN = re.compile(r"/src/(test|integration|testFixtures|it|jmh)/|(^|/)[^/]*-(test|tck|tests)/")
RESOURCE_YAML = re.compile(r"/src/main/resources/[^/]*\.ya?ml$")


def shipped_config(service: str) -> str:
    """The default config file the service's image carries, relative to the service's root.

    Each service's `<service>-web` project applies `io.spinnaker.package`, whose
    SpinnakerApplicationPlugin copies only `config/<rootProject.name>.yml` into the
    distribution's `config/` directory (the jar excludes it) and puts that directory on the
    start script's classpath; every Dockerfile copies the distribution
    (`<service>-web/build/install/<service>`) to `/opt/<service>`, so the image has
    `/opt/<service>/config/<service>.yml`, and Spring loads it as `classpath:<service>.yml`.
    The other files there (rosco's packer templates, kayenta's banner.txt) are not Spring
    configuration. Checked for every tag in release-facts-all.sh, main and the 1.35 subtrees.
    """
    return f"{service}-web/config/{service}.yml"
OUT_DIR = Path(__file__).resolve().parent.parent / "tests" / "data" / "release-facts"

# Types that bind one value (a leaf key).
SCALARS = {
    "String", "CharSequence", "char", "Character", "int", "Integer", "long", "Long", "short",
    "Short", "byte", "Byte", "double", "Double", "float", "Float", "boolean", "Boolean",
    "BigDecimal", "BigInteger", "Number", "Duration", "Period", "DataSize", "URI", "URL",
    "Pattern", "Resource", "File", "Path", "Charset", "Locale", "TimeUnit", "ChronoUnit",
    "Instant", "LocalDate", "ZoneId", "Class", "InetAddress", "UUID", "Regex", "def",
    "Int", "Any?", "Unit", "Char", "MediaType", "HttpMethod", "Level",
}
OPEN = {"Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "ConcurrentHashMap",
        "MutableMap", "Properties", "Object", "Any", "JsonNode", "ObjectNode", "Config",
        "MultiValueMap", "Environment"}
COLLECTIONS = {"List", "ArrayList", "Set", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet",
               "Collection", "Iterable", "MutableList", "MutableSet", "Array", "Optional",
               "Supplier", "Lazy"}

STRING = r'"(?:\\.|[^"\\\n])*"'
SQ_STRING = r"'(?:\\.|[^'\\\n])*'"
PLACEHOLDER = re.compile(r"\$\{([A-Za-z0-9_.\-\[\]]+)")
KEYISH = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]*(\.[A-Za-z0-9_\-\[\]*]+)*\.?$")


def normalise(key: str) -> str:
    """Spring's relaxed binding: `clientId`, `client-id`, `client_id`, `CLIENTID` are one key."""
    return key.replace("-", "").replace("_", "").lower()


# ---------------------------------------------------------------- reading git

class Git:
    def __init__(self, repo: str):
        self.repo = repo

    def run(self, *args: str) -> str:
        done = subprocess.run(["git", "-C", self.repo, *args], capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"release-facts: git {' '.join(args)} failed in {self.repo}: {done.stderr.strip()}\n"
                     "Give --repo a clone or mirror of spinnaker/spinnaker and a tag or commit it has.")
        return done.stdout

    def files(self, commit: str, under: str) -> list[str]:
        args = ["ls-tree", "-r", "--name-only", commit]
        if under:
            args += ["--", under]
        return self.run(*args).split("\n")[:-1]

    def read_many(self, commit: str, paths: list[str]) -> dict[str, str]:
        if not paths:
            return {}
        proc = subprocess.run(["git", "-C", self.repo, "cat-file", "--batch"],
                              input="".join(f"{commit}:{p}\n" for p in paths).encode(),
                              capture_output=True, check=True)
        out, pos, texts = proc.stdout, 0, {}
        for path in paths:
            header_end = out.index(b"\n", pos)
            header = out[pos:header_end].split()
            size = int(header[2])
            texts[path] = out[header_end + 1:header_end + 1 + size].decode("utf-8", "replace")
            pos = header_end + 1 + size + 1
        return texts


# ---------------------------------------------------------------- source text

_COMMENT_OR_STRING = re.compile(r'"""[\s\S]*?"""|' + STRING + r"|'(?:\\.|[^'\\\n])*'|//[^\n]*|/\*[\s\S]*?\*/")


def strip_comments(text: str) -> str:
    return _COMMENT_OR_STRING.sub(lambda m: m.group(0) if m.group(0)[0] in "\"'" else
                                  re.sub(r"[^\n]", " ", m.group(0)), text)


def mask_strings(text: str) -> str:
    """Same length, string contents blanked: braces and parentheses inside strings vanish."""
    return re.sub(r'"""[\s\S]*?"""|' + STRING + r"|'(?:\\.|[^'\\\n])*'",
                  lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], text)


def matching(masked: str, start: int, open_ch: str = "{", close_ch: str = "}") -> int:
    """Index just past the bracket that closes the one at `start`."""
    depth = 0
    for i in range(start, len(masked)):
        c = masked[i]
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
    return len(masked)


def top_level(masked: str) -> str:
    """The text with every nested {...} block blanked (what remains is one class level)."""
    out, depth = [], 0
    for c in masked:
        if c == "{":
            depth += 1
            out.append(";" if depth == 1 else " ")
        elif c == "}":
            depth -= 1
            out.append(" ")
        else:
            out.append(c if depth == 0 else (" " if c != "\n" else "\n"))
    return "".join(out)


class ClassInfo:
    def __init__(self, name, path, kind, header, body, ctor, outer):
        self.name, self.path, self.kind = name, path, kind
        self.header, self.body, self.ctor, self.outer = header, body, ctor, outer
        self.nested: dict[str, ClassInfo] = {}

    @property
    def supertype(self) -> str | None:
        m = re.search(r"\bextends\s+([\w.]+)", self.header) or \
            re.search(r"\)\s*:\s*([\w.]+)\s*\(", self.header)
        return m.group(1).split(".")[-1] if m else None


_CLASS = re.compile(r"\b(class|interface|enum|record|object)\s+([A-Z]\w*)")


def classes_in(path: str, text: str) -> list[ClassInfo]:
    masked = mask_strings(strip_comments(text))
    found: list[ClassInfo] = []

    def scan(lo: int, hi: int, outer: ClassInfo | None):
        pos = lo
        while True:
            m = _CLASS.search(masked, pos, hi)
            if not m:
                return
            kind, name = m.group(1), m.group(2)
            i = m.end()
            ctor = ""
            # header runs to the body's "{" (or the end of a body-less Kotlin class)
            j = i
            while j < hi and masked[j] not in "{;\n" or (j < hi and masked[j] == "\n" and
                                                        re.match(r"\s*[(:,{]|\s*(extends|implements)\b",
                                                                 masked[j:j + 40])):
                if masked[j] == "(":
                    end = matching(masked, j, "(", ")")
                    if not ctor:
                        ctor = masked[j:end]
                    j = end
                    continue
                if masked[j] == "<":
                    j = matching(masked, j, "<", ">")
                    continue
                j += 1
            header = masked[m.start():j]
            if j < hi and masked[j] == "{":
                end = matching(masked, j)
                body = masked[j + 1:end - 1]
            else:
                end, body = j, ""
            info = ClassInfo(name, path, kind, header, body, ctor, outer)
            found.append(info)
            if outer:
                outer.nested.setdefault(name, info)
            if body:
                scan(j + 1, end - 1, info)
            pos = max(end, m.end())

    scan(0, len(masked), None)
    return found


# ---------------------------------------------------------------- fields of a bound class

# a generic argument list, nested up to three levels, on one line
GENERIC = r"<(?:[^<>;=(){}\n]|<(?:[^<>;=(){}\n]|<[^<>;=(){}\n]*>)*>)*>"
_FIELD_HEAD = (
    r"(?:^|(?<=[;\n]))[ \t]*(?:@[\w.]+(?:\([^;]*?\))?\s*)*((?:(?:private|protected|public|final|transient|volatile)\s+)*)"
    r"(?!(?:return|static|import|package|new|throw)\b)([A-Za-z_][\w.]*(?:\s*" + GENERIC + r")?(?:\[\])*)\s+([a-z_]\w*)\s*")
_JAVA_FIELD = re.compile(_FIELD_HEAD + r"(?:=[^;]*)?;", re.M)
# Groovy: a line ends a declaration
_GROOVY_FIELD = re.compile(_FIELD_HEAD + r"(?:=[^;\n]*)?(?=[;\n])", re.M)
_SETTER = re.compile(r"\bvoid\s+set([A-Z]\w*)\s*\(\s*(?:final\s+)?(?:@\w+\s+)*([\w.]+(?:\s*" + GENERIC + r")?(?:\[\])*)\s+\w+\s*\)")
_KOTLIN_PROP = re.compile(r"\b(?:val|var)\s+`?([a-z_]\w*)`?\s*(?::\s*([\w.]+(?:\s*" + GENERIC + r")?\??))?"
                          r"(?:\s*=\s*(?:([A-Z][\w.]*)\s*\(|(\S)))?")


def fields(info: ClassInfo) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    level = top_level(info.body)
    if info.path.endswith(".kt"):
        for m in _KOTLIN_PROP.finditer(info.ctor + "\n" + level):
            # no declared type: `= Foo(...)` names it, any other initializer is a value
            out.append((m.group(1), m.group(2) or m.group(3) or "String"))
        return out
    if info.kind == "record":
        for part in info.ctor.strip("()").split(","):
            bits = part.split()
            if len(bits) >= 2:
                out.append((bits[-1], bits[-2]))
    for m in (_GROOVY_FIELD if info.path.endswith(".groovy") else _JAVA_FIELD).finditer(level):
        if "static" in m.group(0).split("=")[0].split():
            continue
        out.append((m.group(3), m.group(2)))
    for m in _SETTER.finditer(level):
        out.append((m.group(1)[0].lower() + m.group(1)[1:], m.group(2)))
    return out


def type_parts(typ: str) -> tuple[str, list[str]]:
    typ = typ.replace("?", "").replace("@NotNull", "").strip()
    array = typ.endswith("[]")
    typ = typ.rstrip("[]").strip()
    m = re.match(r"([\w.]+)\s*(?:<(.*)>)?$", typ, re.S)
    if not m:
        return typ, []
    base = m.group(1).split(".")[-1]
    args, depth, cur = [], 0, ""
    for c in (m.group(2) or ""):
        if c == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += c == "<"
        depth -= c == ">"
        cur += c
    if cur.strip():
        args.append(cur.strip())
    args = [re.sub(r"^(\?\s*extends\s+|out\s+|in\s+)", "", a) for a in args]
    if array:
        return "List", [base]
    return base, args


class Index:
    def __init__(self):
        self.by_name: dict[str, list[ClassInfo]] = {}

    def add(self, infos: list[ClassInfo]):
        for info in infos:
            self.by_name.setdefault(info.name, []).append(info)

    def resolve(self, name: str, near: ClassInfo | None) -> ClassInfo | None:
        scope = near
        while scope is not None:
            if name in scope.nested:
                return scope.nested[name]
            scope = scope.outer
        candidates = self.by_name.get(name, [])
        if near is not None:
            same_file = [c for c in candidates if c.path == near.path]
            if same_file:
                return same_file[0]
        return candidates[0] if candidates else None


def bind(index: Index, info: ClassInfo, prefix: str, add, depth=0, seen=()):
    """Every key under `prefix` that binding class `info` reads."""
    if depth > 8 or info in seen:
        add(prefix + ".*" if prefix else "*", info.path)
        return
    seen = seen + (info,)
    klass: ClassInfo | None = info
    hops = 0
    while klass is not None and hops < 5:
        for name, typ in fields(klass):
            bind_field(index, klass, join(prefix, name), typ, add, depth, seen, info.path)
        parent = klass.supertype
        if parent and (parent in OPEN or parent.endswith("Map")):
            # `class Requirements extends HashMap<String, String>`: any key below
            add(prefix + ".*" if prefix else "*", info.path)
        klass = index.resolve(parent, klass) if parent else None
        hops += 1


def bind_field(index, owner, key, typ, add, depth, seen, path):
    base, args = type_parts(typ)
    if base in COLLECTIONS and args:
        base, args = type_parts(args[-1])
    if base in OPEN or base.endswith("Map"):
        add(key + ".*", path)
        return
    if base in SCALARS or base[:1].islower():
        add(key, path)
        return
    target = index.resolve(base, owner)
    if target is None:
        # a type from outside the monorepo (a library's properties class): anything below
        add(key, path)
        add(key + ".*", path)
    elif target.kind == "enum":
        add(key, path)
    elif target.kind == "interface":
        add(key, path)
        add(key + ".*", path)
    else:
        add(key, path)
        bind(index, target, key, add, depth + 1, seen)


def join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


# ---------------------------------------------------------------- what one file reads

_CONFIG_PROPS = re.compile(r"@ConfigurationProperties\b\s*(\((?:[^()]|\([^()]*\))*\))?")
_COND_PROP = re.compile(r"@ConditionalOnProperty\s*\(((?:[^()]|\([^()]*\))*)\)")
# Only receivers that are Spring's environment or kork's dynamic config: `getProperty` on a
# Groovy object or on System is not a config key.
_RECEIVER = r"\b(?:\w*(?:[Ee]nv|[Ee]nvironment|[Cc]onfig|[Cc]onfigService|[Rr]esolver)|getEnvironment\(\))\s*\??\.\s*"
_GETTERS = re.compile(
    _RECEIVER + r"(?:getProperty|getRequiredProperty|containsProperty|resolvePlaceholders|getConfig)\s*\(\s*"
    r"(?:[\w.]+(?:::class\.java|\.class)\s*,\s*)?(" + STRING + r")\s*(\+)?")
_IS_ENABLED = re.compile(_RECEIVER + r"isEnabled\s*\(\s*(" + STRING + r")\s*(\+)?")
_BINDER = re.compile(r"\.bind\s*\(\s*(" + STRING + "|" + SQ_STRING + r")\s*(\+)?")
# Binder.get(env).bind(NAME_OR_CONSTANT, [Bindable.of(]Type.class): the type's fields under the name
_BINDER_TYPED = re.compile(r"\.bind\s*\(\s*(" + STRING + r"|[A-Za-z_][\w.]*)\s*,\s*(?:Bindable\s*\.\s*of\s*\(\s*)?"
                           r"([A-Z]\w*)\s*(?:\.class|::class\.java)")
_CONSTANT = re.compile(r"\b(?:static\s+final\s+String|const\s+val)\s+([A-Z_][A-Z0-9_]*)\s*(?::\s*String\s*)?=\s*(" + STRING + ")")


def constants(text: str) -> dict[str, str]:
    """`static final String NAME = "..."` / Kotlin `const val NAME = "..."` of one source."""
    return {m.group(1): m.group(2)[1:-1] for m in _CONSTANT.finditer(strip_comments(text))}


def strings(text: str) -> list[str]:
    """String literals in `text`: Java/Kotlin "...", Groovy also '...'."""
    return [s[1:-1] for s in re.findall(STRING + "|" + SQ_STRING, text)]


def annotation_arg(args: str, name: str) -> list[str]:
    m = re.search(r"\b" + name + r"\s*=\s*(\{[^}]*\}|\[[^\]]*\]|" + STRING + "|" + SQ_STRING + r"|arrayOf\([^)]*\))", args)
    return strings(m.group(1)) if m else []


_SPRING_EXPR = re.compile(r"@(?:Value|ConditionalOnExpression)\s*\(((?:[^()]|\([^()]*\))*)\)")


def placeholders(path: str, clean: str) -> list[str]:
    """`${a.b}` Spring placeholders. Groovy and Kotlin use `${...}` for their own string
    templates, so there only escaped ones (`\\${`), single-quoted Groovy strings and the
    arguments of `@Value`/`@ConditionalOnExpression` count."""
    if path.endswith(".java"):
        texts = re.findall(r'"""[\s\S]*?"""|' + STRING, clean)
        return [k for t in texts for k in PLACEHOLDER.findall(t)]
    keys = re.findall(r"\\\$\{([A-Za-z0-9_.\-\[\]]+)", clean)
    if path.endswith(".groovy"):
        keys += [k for t in re.findall(SQ_STRING, clean) for k in PLACEHOLDER.findall(t)]
    keys += [k for m in _SPRING_EXPR.finditer(clean) for k in PLACEHOLDER.findall(m.group(1))]
    return keys


def facts_of_file(path: str, text: str, index: Index, infos: list[ClassInfo], add, known_constants=None):
    clean = strip_comments(text)
    masked = mask_strings(clean)
    typed = set()
    for m in _BINDER_TYPED.finditer(clean):
        typed.add(m.start())
        name = m.group(1)
        name = name[1:-1] if name.startswith('"') else (known_constants or {}).get(name.split(".")[-1])
        target = index.resolve(m.group(2), infos[0] if infos else None)
        if name and target is not None and KEYISH.match(name):
            bind(index, target, name, add)
    for key in placeholders(path, clean):
        add(key.strip("."), path)
    for m in _COND_PROP.finditer(clean):
        args = m.group(1)
        prefix = (annotation_arg(args, "prefix") or [""])[0]
        names = annotation_arg(args, "name") or annotation_arg(args, "value")
        if not names:
            # The positional form, alone or before named arguments: ("a.b", havingValue = "false").
            named = re.search(r"\w+\s*=", args)
            names = strings(args[:named.start()] if named else args)
        for n in names:
            add(join(prefix.strip("."), n), path)
    for pattern in (_GETTERS, _IS_ENABLED, _BINDER):
        for m in pattern.finditer(clean):
            if pattern is _BINDER and m.start() in typed:
                continue  # bound to a known type above, field by field
            literal = m.group(1)[1:-1]
            if not KEYISH.match(literal) or "." not in literal and pattern is _GETTERS and not m.group(2):
                if not (pattern is _IS_ENABLED and KEYISH.match(literal)):
                    continue
            if m.group(2) or literal.endswith("."):
                add(literal.rstrip(".") + ".*", path)
            elif pattern is _IS_ENABLED:
                add(literal + ".enabled", path)
            elif pattern is _BINDER:
                add(literal + ".*", path)
            else:
                add(literal, path)
    for m in _CONFIG_PROPS.finditer(clean):
        args = m.group(1) or ""
        prefix = (annotation_arg(args, "prefix") or annotation_arg(args, "value")
                  or strings(args) or [""])[0].strip(".")
        after = masked[m.end():m.end() + 600]
        target = None
        cls = re.match(r"(?:\s*@[\w.]+(?:\([^()]*\))?)*\s*(?:(?:public|private|protected|final|abstract|open|data|static|internal)\s+)*"
                       r"(?:class|record)\s+([A-Z]\w*)", after)
        if cls:
            target = next((i for i in infos if i.name == cls.group(1)), None)
        else:
            fun = re.match(r"(?:\s*@[\w.]+(?:\([^()]*\))?)*\s*(?:(?:public|private|protected|final|open|internal|static)\s+)*"
                           r"(?:fun\s+\w+\s*\([^)]*\)\s*:\s*([\w.]+)|([\w.]+)(?:<[^>]*>)?\s+\w+\s*\()", after)
            if fun:
                type_name = (fun.group(1) or fun.group(2)).split(".")[-1]
                near = next((i for i in infos if m.start() > 0), None)
                target = index.resolve(type_name, near)
                if target is None:
                    add(prefix + ".*" if prefix else "*", path)
                    continue
        if target is None:
            continue
        if target.kind in ("interface",):
            add(prefix + ".*", path)
            continue
        bind(index, target, prefix, add)


_YAML_COMMENT = re.compile(r"(?m)(^|[ \t])#.*$")


def yaml_placeholders(path: str, text: str, add):
    """Every `${a.b:default}` of a YAML file outside comments, the nested `${a:${b}}` too."""
    for key in PLACEHOLDER.findall(_YAML_COMMENT.sub(r"\1", text)):
        add(key.strip("."), path)


# ---------------------------------------------------------------- one release

def collect(git: Git, roots: dict[str, tuple[str, str]]) -> dict[str, dict[str, list[str]]]:
    """roots: service -> (commit, directory of the service in that commit's tree ("" = root)).

    Returns service -> {monorepo path: sorted keys}.
    """
    sources: dict[str, dict[str, str]] = {}
    yamls: dict[str, dict[str, str]] = {}
    infos_by: dict[tuple[str, str], list[ClassInfo]] = {}
    for service, (commit, under) in roots.items():
        paths = git.files(commit, under)
        code = [p for p in paths if p.endswith(SOURCE_EXT) and not NOT_MAIN.search(p)]
        res = [p for p in paths if RESOURCE_YAML.search(p) and not NOT_MAIN.search(p)]
        if service != SHARED:
            shipped = f"{under}/{shipped_config(service)}" if under else shipped_config(service)
            res += [p for p in paths if p == shipped]
        texts = git.read_many(commit, code + res)
        shown = (lambda p, s=service, u=under: p if u else f"{s}/{p}")
        sources[service] = {shown(p): texts[p] for p in code}
        yamls[service] = {shown(p): texts[p] for p in res}
        for path, text in sources[service].items():
            infos = classes_in(path, text)
            infos_by[(service, path)] = infos
    result: dict[str, dict[str, list[str]]] = {}
    for service in roots:
        # a type name resolves within the service first, then kork (services do not share code)
        index = Index()
        names: dict[str, str] = {}
        for owner in dict.fromkeys((service, SHARED)):
            for path in sources[owner]:
                index.add(infos_by[(owner, path)])
                for key, value in constants(sources[owner][path]).items():
                    names.setdefault(key, value)
        found: dict[str, set[str]] = {}

        def add(key, path, found=found):
            key = key.strip()
            if key and KEYISH.match(key.rstrip("*").rstrip(".") or "x") and key not in ("*",):
                found.setdefault(path, set()).add(key)
            elif key == "*":
                found.setdefault(path, set()).add("*")

        for path, text in sources[service].items():
            facts_of_file(path, text, index, infos_by[(service, path)], add, names)
        for path, text in yamls[service].items():
            yaml_placeholders(path, text, add)
        result[service] = {p: sorted(k) for p, k in sorted(found.items()) if k}
    return result


def dump(doc: dict) -> str:
    """Sorted JSON, one line per source file: small diffs when a release is added."""
    head = {k: v for k, v in doc.items() if k != "services"}
    lines = ["{"]
    for key, value in sorted(head.items()):
        lines.append(f" {json.dumps(key)}: {json.dumps(value, sort_keys=True)},")
    lines.append(' "services": {')
    services = sorted(doc["services"].items())
    for i, (service, files) in enumerate(services):
        lines.append(f"  {json.dumps(service)}: {{")
        entries = sorted(files.items())
        for j, (path, keys) in enumerate(entries):
            comma = "," if j < len(entries) - 1 else ""
            lines.append(f"   {json.dumps(path)}: {json.dumps(keys)}{comma}")
        lines.append("  }" + ("," if i < len(services) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def subtree_roots(git: Git, before: str) -> dict[str, tuple[str, str]]:
    log = git.run("log", "--first-parent", "--merges", "--format=%H %s", "HEAD")
    roots = {}
    for line in log.splitlines():
        m = re.match(r"(\w+) Add '([\w-]+)/' from commit", line)
        if m and m.group(2) in SERVICES + (SHARED,):
            imported = f"{m.group(1)}^2"
            commit = git.run("rev-list", "-1", "--first-parent", f"--before={before}", imported).strip()
            if commit:
                roots[m.group(2)] = (commit, "")
    missing = set(SERVICES + (SHARED,)) - set(roots)
    if missing:
        sys.exit(f"no subtree import found for {sorted(missing)}")
    return roots


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", required=True, help="local clone or mirror of spinnaker/spinnaker")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--tag", action="append", help="spinnaker-release-YYYY.N.P (repeatable)")
    where.add_argument("--commit", help="any commit, e.g. HEAD for the newest main (needs --name)")
    where.add_argument("--subtrees-before", metavar="DATE",
                       help="1.x: each service's imported history before DATE (needs --name)")
    ap.add_argument("--name", help="file name (release) for --commit/--subtrees-before")
    ap.add_argument("--stands-for", help="which releases this file stands for (written into it)")
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    args = ap.parse_args(argv)
    git = Git(args.repo)
    jobs = []
    if args.tag:
        for tag in args.tag:
            name = tag.removeprefix("spinnaker-release-")
            commit = git.run("rev-parse", f"{tag}^{{commit}}").strip()
            roots = {s: (commit, s) for s in SERVICES + (SHARED,)}
            jobs.append((name, {"tag": tag, "commit": commit}, roots))
    else:
        if not args.name:
            ap.error("--name is required with --commit or --subtrees-before")
        if args.commit:
            commit = git.run("rev-parse", f"{args.commit}^{{commit}}").strip()
            roots = {s: (commit, s) for s in SERVICES + (SHARED,)}
            jobs.append((args.name, {"commit": commit}, roots))
        else:
            roots = subtree_roots(git, args.subtrees_before)
            jobs.append((args.name, {"subtrees-before": args.subtrees_before,
                                     "commits": {s: c for s, (c, _) in sorted(roots.items())}}, roots))
    args.out.mkdir(parents=True, exist_ok=True)
    for name, origin, roots in jobs:
        facts = collect(git, roots)
        doc = {
            "release": name,
            "stands-for": args.stands_for or ".".join(name.split(".")[:2]) + ".x",
            "repository": "spinnaker/spinnaker",
            "origin": origin,
            "generated-by": "scripts/release-facts.py (rules in its docstring)",
            "services": facts,
        }
        target = args.out / f"{name}.json"
        target.write_text(dump(doc))
        keys = sum(len(k) for s in facts.values() for k in s.values())
        print(f"{target}: {keys} keys", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
