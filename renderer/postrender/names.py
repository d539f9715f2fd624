"""Names as Kubernetes checks them, on the final stream (after `patches`), before Helm sends anything.

The rules are the API server's (kubernetes/kubernetes):
- object names: DNS-1123 subdomains (apimachinery `NameIsDNSSubdomain`, at most 253), except a
  Service's, a DNS-1035 label (`ValidateServiceName`, at most 63), a Namespace's, a DNS-1123 label,
  and RBAC objects', any path segment (`ValidateRBACName`: not `.` or `..`, no `/` or `%`); a Job's
  name also becomes a label value (at most 63); a namespace is a DNS-1123 label;
- label keys and annotation keys: qualified names (`IsQualifiedName`, annotation keys lower-cased
  first: `ValidateAnnotations`), label values (`IsValidLabelValue`), annotations at most 256 KiB
  in all (staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go, .../api/validate/content,
  .../api/validation/objectmeta.go);
- container env names (pkg/apis/core/validation): with `RelaxedEnvironmentVariableValidation`
  (pkg/features/kube_features.go: alpha 1.30, on by default from 1.32, GA and locked on in 1.34)
  any printable ASCII but `=` (`IsRelaxedEnvVarName`); without it, which is every cluster before
  1.32 (the chart supports 1.27 and later), `[-._a-zA-Z][-._a-zA-Z0-9]*` not starting with `..`
  (`IsEnvVarName`). A name no Kubernetes accepts is an error; one that only clusters before 1.32
  refuse is a warning that says so;
- Ingress hosts (pkg/apis/networking/validation): a DNS-1123 subdomain or `*.` and one, not an IP;
- one name for two objects of one kind in one namespace: only one of them can exist (the chart's own
  names cut to 63 characters once made HA splits one; `extraObjects` may repeat a chart object's).

Cheap by design: of most documents only the top-level `metadata:` block is read (a slice of the
text); workloads add their nested `metadata:` and `env:` blocks, Ingresses their whole (small) text.
Blocks are read by blockyaml, and by PyYAML only when it declines (an escaped or multi-line name).
"""
from __future__ import annotations

import re
from functools import lru_cache

from .errors import PostRenderError

# Kubernetes' name rules (apimachinery validation) as character sets: a post-render checks a few
# hundred names, and compiling their patterns would cost more than checking them.
_LOWER_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_LOWER_DNS = _LOWER_ALNUM | {"-"}
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ALNUM = _LETTERS | frozenset("0123456789")
_KEY_CHARS = _ALNUM | frozenset("-_.")
_ENV_FIRST = _LETTERS | frozenset("-._")


def _shaped(value: str, first: frozenset, middle: frozenset, last: frozenset) -> bool:
    """Is `value` one or more characters, the first in `first`, the last in `last`, all in `middle`?"""
    return bool(value) and value[0] in first and value[-1] in last and middle.issuperset(value)


def _label_shaped(value: str) -> bool:  # [a-z0-9]([-a-z0-9]*[a-z0-9])?
    return _shaped(value, _LOWER_ALNUM, _LOWER_DNS, _LOWER_ALNUM)


def _subdomain_shaped(value: str) -> bool:  # labels joined by '.'
    return all(_label_shaped(part) for part in value.split("."))


def _dns1035_shaped(value: str) -> bool:  # [a-z]([-a-z0-9]*[a-z0-9])?
    return _label_shaped(value) and value[0].isalpha()


def _key_shaped(value: str) -> bool:  # ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
    return _shaped(value, _ALNUM, _KEY_CHARS, _ALNUM)


def _env_strict(value: str) -> bool:  # [-._a-zA-Z][-._a-zA-Z0-9]*
    return _shaped(value, _ENV_FIRST, _KEY_CHARS, _KEY_CHARS)


_ANNOTATIONS_LIMIT = 256 * 1024
_WORKLOADS = frozenset({"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "Pod",
                        "PodTemplate"})
_RBAC = frozenset({"Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"})
_SHOWN = 25  # problems listed in the message; the rest are counted


def _dns(value: str, limit: int, shaped, what: str) -> str:
    if len(value) > limit:
        return f"is longer than {limit} characters"
    return "" if shaped(value) else f"is not {what}"


@lru_cache(maxsize=None)
def subdomain(value: str) -> str:
    return _dns(value, 253, _subdomain_shaped, "a DNS-1123 subdomain (lower-case letters, digits, '-' and '.', "
                                               "starting and ending with a letter or digit)")


@lru_cache(maxsize=None)
def dns1123_label(value: str) -> str:
    return _dns(value, 63, _label_shaped, "a DNS-1123 label (lower-case letters, digits and '-', starting and "
                                          "ending with a letter or digit)")


@lru_cache(maxsize=None)
def dns1035_label(value: str) -> str:
    return _dns(value, 63, _dns1035_shaped, "a DNS-1035 label (lower-case letters, digits and '-', starting with "
                                            "a letter and ending with a letter or digit)")


def path_segment(value: str) -> str:
    if value in (".", "..") or "/" in value or "%" in value:
        return "may not be '.' or '..' or contain '/' or '%'"
    return ""


@lru_cache(maxsize=None)
def qualified_name(value: str) -> str:
    """A label or annotation key: [DNS-1123 subdomain prefix '/'] name."""
    prefix, slash, name = value.rpartition("/")
    if value.count("/") > 1:
        return "has more than one '/'"
    if slash and (not prefix or subdomain(prefix)):
        return "has a prefix (before '/') that is not a DNS-1123 subdomain"
    if not name or len(name) > 63 or not _key_shaped(name):
        return "has a name part (after any '/') that is not 1 to 63 letters, digits, '-', '_' or '.', starting " \
               "and ending with a letter or digit"
    return ""


@lru_cache(maxsize=None)
def label_value(value: str) -> str:
    if len(value) > 63:
        return "is longer than 63 characters"
    if value and not _key_shaped(value):
        return "is not a label value (letters, digits, '-', '_' and '.', starting and ending with a letter or digit)"
    return ""


@lru_cache(maxsize=None)
def env_name(value: str) -> tuple:
    """(error, warning): refused by every Kubernetes, or only by clusters without the relaxed rule."""
    if not value:
        return "is empty", ""
    if any(ord(c) < 32 or ord(c) > 126 or c == "=" for c in value):
        return "has a character other than printable ASCII, or '=' (no Kubernetes accepts it)", ""
    if not _env_strict(value) or value == "." or value.startswith(".."):
        return "", ("is refused by Kubernetes before 1.32 (and where RelaxedEnvironmentVariableValidation is "
                    "off): use letters, digits, '_', '-' and '.', not starting with a digit")
    return "", ""


def host(value: str, rule: bool = True) -> str:
    """An Ingress host: a rule's may not be an IP address; a TLS entry's may (Kubernetes checks only its form)."""
    if rule:
        import ipaddress  # only for an Ingress: most renders have none

        try:
            ipaddress.ip_address(value)
            return "is an IP address; an Ingress host must be a DNS name"
        except ValueError:
            pass
    if "*" in value:
        if not value.startswith("*.") or subdomain(value[2:]):
            return "is not a wildcard DNS-1123 subdomain ('*.' and a DNS-1123 subdomain)"
        return ""
    return subdomain(value)


def _name_rule(kind: str):
    if kind == "Service":
        return dns1035_label
    if kind == "Namespace":
        return dns1123_label
    if kind in _RBAC:
        return path_segment
    if kind == "Job":
        return _job_name
    return subdomain


def _job_name(value: str) -> str:
    return subdomain(value) or ("is longer than 63 characters (a Job's name is a label value of its pods)"
                                if len(value) > 63 else "")


# Reading blocks of a document's text ------------------------------------------------------------
# Helm's output is plain block YAML: most blocks are lines of `key: value` (keys of label
# characters, values plain or simply quoted), read here by one regular expression at C speed. A
# block with any other line (an escaped or multi-line scalar, a flow collection, a key of other
# characters: which is how a bad name usually looks) is read as YAML instead.

_LINE = re.compile(r"^( *)(- )?(?:([A-Za-z0-9_./-]+)|\"([^\"\\\n]*)\"|'([^'\n]*)'):(?:[ \t]+([^\n]*?))?[ \t]*$", re.M)
_PLAIN_STARTS = frozenset("|>&*!{[%@`#\"'")


class _Unusual(Exception):
    pass


def _value(raw):
    if raw is None or raw == "":
        return None
    first = raw[0]
    if first == '"':
        if "\\" in raw or len(raw) < 2 or raw[-1] != '"':
            raise _Unusual
        return raw[1:-1]
    if first == "'":
        if len(raw) < 2 or raw[-1] != "'":
            raise _Unusual
        return raw[1:-1].replace("''", "'")
    if first in _PLAIN_STARTS or " #" in raw:
        raise _Unusual
    return raw


def _lines_of(block: str) -> list:
    """[(indent, list item, key, value)] of a block of simple lines; _Unusual when a line is not one."""
    found = _LINE.findall(block)
    if len(found) != block.count("\n") + (0 if block.endswith("\n") else 1):
        raise _Unusual
    return [(len(sp) + (2 if dash else 0), bool(dash), plain or dq or sq, _value(raw))
            for sp, dash, plain, dq, sq, raw in found]


def _block_end(text: str, start: int, indent: int) -> int:
    """Where the block whose lines begin at `start` and are indented past `indent` ends: at the first
    line that is neither deeper, a list item at `indent`, blank nor a comment (blocks are a few lines,
    read line by line)."""
    deeper, item = " " * (indent + 1), " " * indent + "- "
    at = start
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        if not text.startswith(deeper, at) and not text.startswith(item, at):
            rest = text[at:end].lstrip(" \t")
            if rest and rest[0] != "#":
                return at
        at = end + 1
    return len(text)


def _mapping(block: str):
    """A two-level mapping (metadata: name, labels: {...}) from a block."""
    try:
        lines = _lines_of(block)
    except _Unusual:
        return _fallback(block)
    if not lines:
        return {}
    top = lines[0][0]
    out: dict = {}
    current = None
    for indent, item, key, value in lines:
        if item:
            return _fallback(block)
        if indent == top:
            out[key] = value if value is not None else {}
            current = out[key] if value is None else None
        elif current is not None and indent > top:
            if value is None and isinstance(current, dict):
                return _fallback(block)  # deeper than two levels (ownerReferences, ...): read it all
            current[key] = value
        else:
            return _fallback(block)
    return out


def _fallback(block: str):
    data = _load("k:\n" + block)
    return data.get("k") if isinstance(data, dict) else None


def _env_names(block: str) -> list:
    """The `name` of each entry of an `env:` list block."""
    try:
        lines = _lines_of(block)
    except _Unusual:
        entries = _fallback(block)
        return [e["name"] for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str)] \
            if isinstance(entries, list) else []
    items = [indent for indent, item, _, _ in lines if item]
    level = items[0] if items else -1
    return [value for indent, item, key, value in lines if key == "name" and indent == level and value is not None]


def _top_metadata(text: str):
    """The object's own `metadata:` (at column 0), found at C speed: a ConfigMap can be megabytes."""
    from .stream import line_starts

    for at in line_starts(text, "metadata:"):
        line_end = text.find("\n", at)
        rest = text[at + len("metadata:"):line_end if line_end >= 0 else len(text)].strip()
        if rest and not rest.startswith("#"):
            data = _load("k: " + rest + "\n")  # flow style: metadata: {name: x}
            return data.get("k") if isinstance(data, dict) else None
        if line_end < 0:
            return {}
        return _mapping(text[line_end + 1:_block_end(text, line_end + 1, 0)])
    return None


def _nested(text: str):
    """(key, block) of each indented `metadata:` and `env:` block of a workload (found with str.find:
    each occurs a few times in a workload's text)."""
    for key in ("metadata", "env"):
        needle = key + ":"
        at = text.find(needle)
        while at >= 0:
            line = text.rfind("\n", 0, at) + 1
            lead = text[line:at]
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            item = lead.endswith("- ")
            spaces = lead[:-2] if item else lead
            if (not spaces.strip(" ")) and not text[at + len(needle):end].strip(" \t") and (spaces or item):
                indent = len(spaces) + (2 if item else 0)
                yield key, text[end + 1:_block_end(text, end + 1, indent)]
            at = text.find(needle, at + 1)


def _nested_parsed(data: dict) -> list:
    """What `_nested` finds, from a workload a pass has parsed (the runtime judge reads every service
    workload): (`metadata`, each mapping below the top level) then (`env`, the names of each env list),
    in the document's order."""
    metadata, env = [], []

    def visit(node, top):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "metadata" and not top and isinstance(value, dict):
                    metadata.append(("metadata", value))
                elif key == "env" and isinstance(value, list):
                    env.append(("env", [e["name"] for e in value
                                        if isinstance(e, dict) and isinstance(e.get("name"), str)]))
                    continue
                if isinstance(value, (dict, list)):
                    visit(value, False)
        elif isinstance(node, list):
            for value in node:
                visit(value, False)

    visit(data, True)
    return metadata + env


def _load(text: str):
    from . import blockyaml

    try:
        return blockyaml.load(text)
    except blockyaml.Declined:
        import yaml

        try:
            return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError:
            return None


# The check ---------------------------------------------------------------------------------------

class _Found:
    def __init__(self, bundle: dict):
        self.bundle = bundle
        release = bundle.get("release") or {}
        self.fullname = str(release.get("fullname") or "")
        self.common_labels = release.get("labels") or {}
        self.common_annotations = release.get("annotations") or {}
        self.secret_env = {str(e.get("name")) for e in (bundle.get("secrets") or {}).get("env") or ()
                           if isinstance(e, dict)}
        self.errors: dict = {}
        self.warnings: dict = {}

    def add(self, obj: str, what: str, value, reason: str, origin: str, warning=False):
        """One bad value; object names are listed per rule, any other value once with the objects it is on."""
        if not reason:
            return
        shown = "" if what == "metadata.name" else repr(value)
        entries = (self.warnings if warning else self.errors).setdefault((what, shown, reason, origin), [])
        obj = f"{obj.split(' ', 1)[0]} {value!r}" if what == "metadata.name" else obj
        if obj not in entries:
            entries.append(obj)


def check_names(docs, bundle: dict) -> list:
    """Raise PostRenderError listing every name Kubernetes would refuse; return the warnings."""
    found = _Found(bundle)
    release_namespace = str((bundle.get("release") or {}).get("namespace") or "")
    seen: dict = {}
    for doc in docs:
        kind = doc.kind
        if not kind:
            continue
        text = doc.text
        source = doc.source or ""
        data = doc.parsed()  # a pass that read or wrote the document knows it: no need to read the text
        meta = data.get("metadata") if isinstance(data, dict) else _top_metadata(text)
        if not isinstance(meta, dict):
            continue
        name = meta.get("name")
        labels = meta.get("labels") if isinstance(meta.get("labels"), dict) else {}
        obj = f"{kind} {name}"
        extra = "extraObjects" if source.endswith("extra-objects.yaml") else ""
        if isinstance(name, str):
            key = (kind, str(meta.get("namespace") or release_namespace), name)
            if key in seen:
                found.add(obj, "metadata.name", name, "is the name of two objects of this kind in one namespace "
                          "(only one of them can exist)", _twice_origin(seen[key], extra, found.fullname, kind))
            else:
                seen[key] = extra
        component = str(labels.get("spinnaker.io/service") or labels.get("app.kubernetes.io/component") or "")
        bad = _name_rule(kind)(name) if isinstance(name, str) else ""
        if bad:
            found.add(obj, "metadata.name", name, bad, extra or _name_origin(found, name))
        namespace = meta.get("namespace")
        bad = dns1123_label(namespace) if isinstance(namespace, str) else ""
        if bad:
            found.add(obj, "metadata.namespace", namespace, bad,
                      extra or ("rbac.clouddriver.namespaces" if kind in _RBAC else "the release namespace (-n)"))
        _metadata(found, obj, kind, meta, component, extra, nested=False)
        if kind in _WORKLOADS:
            for key, block in (_nested_parsed(data) if isinstance(data, dict) else _nested(text)):
                if key == "metadata":
                    inner = _mapping(block) if isinstance(block, str) else block
                    if isinstance(inner, dict):
                        _metadata(found, obj, kind, inner, component, extra, nested=True)
                    continue
                for value in _env_names(block) if isinstance(block, str) else block:
                    error, warning = env_name(value)
                    if not (error or warning):
                        continue
                    origin = extra or ("secrets.env" if value in found.secret_env else
                                       f"services.{component}.env or serviceDefaults.env" if component else "")
                    found.add(obj, "env name", value, error, origin)
                    found.add(obj, "env name", value, warning, origin, warning=True)
        if kind == "Ingress":
            _ingress(found, obj, doc, extra)
    if found.errors:
        raise PostRenderError(_message(found.errors, bundle),
                              "Fix the values named in brackets: the API server would refuse these objects.")
    return [f"spinnaker-renderer post-render: warning: {line}" for line in _lines(found.warnings)]


def _twice_origin(first: str, extra: str, fullname: str, kind: str = "") -> str:
    """What to change when one name is given twice: the user's extraObjects, a ServiceAccount a service
    names (services naming one account share it, so the other is one of the chart's own), or (two of
    the chart's own objects) the part of every name the values choose."""
    if first or extra:
        return "extraObjects: give it another name"
    if kind == "ServiceAccount":
        return ("services.<name>.serviceAccountName: services that name one account share it, but this name is "
                "also one of the chart's own accounts; choose another, or run as an account that exists with "
                "rbac.serviceAccounts.<name>.create: false")
    return (f"fullnameOverride, or a shorter release name: the names start with {fullname!r} and are cut to 63 "
            "characters") if fullname else "fullnameOverride, or a shorter release name"


def _name_origin(found: _Found, name: str) -> str:
    full = found.fullname
    if full and name.startswith(full) and (dns1123_label(full) or dns1035_label(full)):
        return f"fullnameOverride, nameOverride or the release name: the names start with {full!r}"
    return ""


def _metadata(found: _Found, obj, kind, meta, component, extra, nested):
    where = "spec.template.metadata" if nested else "metadata"
    labels = meta.get("labels")
    for key, value in (labels.items() if isinstance(labels, dict) else ()):
        key, value = str(key), "" if value is None else str(value)
        bad_key, bad_value = qualified_name(key), label_value(value)
        if bad_key or bad_value:  # where it came from is worked out only for what is wrong
            origin = extra or _label_origin(found, kind, key, value, component, nested)
            found.add(obj, f"{where}.labels key", key, bad_key, origin)
            found.add(obj, f"{where}.labels[{key}]", value, bad_value, origin)
    annotations = meta.get("annotations")
    if isinstance(annotations, dict):
        size = 0
        for key, value in annotations.items():
            key = str(key)
            size += len(key) + len("" if value is None else str(value))
            bad_key = qualified_name(key.lower())
            if bad_key:
                found.add(obj, f"{where}.annotations key", key, bad_key,
                          extra or _annotation_origin(found, kind, key, component, nested))
        if size > _ANNOTATIONS_LIMIT:
            found.add(obj, f"{where}.annotations", f"{size} bytes", "are more than 256 KiB in all", extra)


def _label_origin(found, kind, key, value, component, nested) -> str:
    if key == "app.kubernetes.io/name":
        return "nameOverride"
    if key == "app.kubernetes.io/instance":
        return "the release name"
    if str(found.common_labels.get(key, "\0")) == value:
        return "commonLabels"
    if nested and component:
        return f"services.{component}.podLabels or serviceDefaults.podLabels"
    if kind == "Service" and component:
        return f"services.{component}.serviceLabels"
    return ""


# Where a pod template's annotations come from, for the chart's own pods that are no service.
_POD_ANNOTATIONS = {"redis": "redis.podAnnotations", "mysql": "storage.podAnnotations",
                    "credentials-hook": "credentials.podAnnotations", "test-health": "tests.podAnnotations"}


def _annotation_origin(found, kind, key, component, nested) -> str:
    if key in found.common_annotations:
        return "commonAnnotations"
    if nested:
        return _POD_ANNOTATIONS.get(component) or \
            (f"services.{component}.podAnnotations or serviceDefaults.podAnnotations" if component else "")
    if kind == "Service" and component:
        return f"services.{component}.serviceAnnotations"
    return ""


def _ingress(found: _Found, obj, doc, extra):
    from .stream import NotYaml

    try:
        data = doc.parse()
    except NotYaml:
        return
    spec = data.get("spec") if isinstance(data, dict) else None
    if not isinstance(spec, dict):
        return
    origin = extra or "expose.host (and expose.gateSubdomain)"
    for rule in spec.get("rules") or ():
        if isinstance(rule, dict) and isinstance(rule.get("host"), str):
            found.add(obj, "spec.rules[].host", rule["host"], host(rule["host"]), origin)
    for tls in spec.get("tls") or ():
        for value in (tls.get("hosts") or ()) if isinstance(tls, dict) else ():
            if isinstance(value, str):
                found.add(obj, "spec.tls[].hosts[]", value, host(value, rule=False), origin)


def _lines(entries: dict) -> list:
    out = []
    for (what, value, reason, origin), objs in entries.items():
        head = f"{what} {value} {reason}".replace("  ", " ") + (f" [{origin}]" if origin else "")
        if not value:  # object names: each is a bad value, so each is listed
            listed = ", ".join(objs)
        else:
            listed = "on " + objs[0] + (f" and {len(objs) - 1} more" if len(objs) > 1 else "")
        out.append(f"{head}: {listed}")
    return out


def _message(errors: dict, bundle: dict) -> str:
    lines = _lines(errors)
    shown = lines[:_SHOWN]
    if len(lines) > len(shown):
        shown.append(f"... and {len(lines) - len(shown)} more")
    patched = " (or a `patches` entry, applied before this check)" if bundle.get("patches") else ""
    return (f"names Kubernetes would refuse{patched}:\n  " + "\n  ".join(shown) + "\n ")


def values_origin(bundle: dict, doc, data, path: tuple) -> str:
    """The chart's values path behind the field at `path` of `doc` (parsed: `data`), where it is known; ""
    otherwise. Worked out only for what is refused."""
    if (doc.source or "").endswith("extra-objects.yaml"):
        return "extraObjects"
    meta = data.get("metadata") if isinstance(data, dict) else None
    labels = meta.get("labels") if isinstance(meta, dict) and isinstance(meta.get("labels"), dict) else {}
    component = str(labels.get("spinnaker.io/service") or labels.get("app.kubernetes.io/component") or "")
    kind = doc.kind
    for at in range(len(path) - 1):
        if path[at] == "metadata" and path[at + 1] in ("annotations", "labels") and len(path) > at + 2:
            nested, key = at > 0, str(path[at + 2])
            if path[at + 1] == "annotations":
                return _annotation_origin(_Found(bundle), kind, key, component, nested)
            value = _get(data, path[:at + 3])
            return _label_origin(_Found(bundle), kind, key, "" if value is None else str(value), component, nested)
    if "env" in path and path[-1] == "value" and component:
        return f"services.{component}.env or serviceDefaults.env"
    if kind == "Ingress" and path[:1] == ("spec",):
        return "expose.host (and expose.gateSubdomain)"
    return ""


def _get(data, path):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
