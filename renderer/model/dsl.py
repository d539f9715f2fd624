"""The vocabulary the halconfig model is declared in.

Every field of the halconfig is declared once, with these constructors, in the
section modules next to this file. Parsing (`renderer.model.normalize`), the JSON
schema (`renderer.generate.json_schema`) and the reference docs (`renderer.generate.halconfig_reference`) all walk
the same declarations, so they cannot disagree.

Value semantics follow kleat's (protobuf JSON) so that the normalized
halconfig *is* what kleat would serialize:
- plain scalars (`Str`, `Int`) vanish when empty or zero;
- wrapper scalars (`Bool`, `IntValue`, `StrValue`) are kept once set, even
  when false, zero or empty;
- messages are kept once set, even when empty (`{}`);
- lists and maps vanish when empty;
- an enum's first value is its zero value and vanishes like an empty string.
"""
from __future__ import annotations

from ..releases import Release, Span

__all__ = [
    "Field", "Message", "messages", "Read",
    "Str", "StrValue", "Bool", "Int", "IntValue", "Enum", "Msg", "Any",
    "List", "Map",
]

# Scalar kinds. "wrapper" kinds keep a set zero value, "plain" ones drop it.
STR, STRV, BOOL, INT, INTV, ENUM, MSG, ANY = (
    "string", "string-wrapper", "bool", "int", "int-wrapper", "enum", "message", "any")


class Field:
    """One declared field. `name` is the key written in output configs."""

    __slots__ = ("name", "kind", "doc", "repeated", "map", "ref", "values", "extra_values",
                 "required", "secret", "file", "aliases", "halyard", "keyed_list", "default", "example", "reads",
                 "model")

    def __init__(self, kind, doc, *, ref=None, values=(), extra_values=(), required=False,
                 secret=False, file=False, aliases=(), halyard=None, keyed_list=None, default=None, example=None,
                 reads=(), model=None):
        self.name = ""  # set by message()
        self.kind = kind
        self.doc = doc
        self.repeated = False
        self.map = False
        self.ref = ref
        self.values = tuple(values)
        # Values accepted and passed through unchanged although kleat's enum
        # lacks them (Halyard's own spellings, e.g. groupMembership EXTERNAL).
        self.extra_values = tuple(extra_values)
        # Expected to be set. kleat (and the reference corpus) accept it
        # missing, so a missing one is a warning, and an error with --strict.
        self.required = required
        # A credential: never copied into a ConfigMap or into Deck's settings.js.
        self.secret = secret
        # A path to a file on the machine the config was written on (Halyard's
        # @LocalFile): the service reads the file itself, so `migrate` copies it
        # into a Secret mounted at /var/secrets and rewrites the path.
        self.file = file
        self.aliases = tuple(aliases)
        # Set on fields that only Halyard (or a Halyard fork) understood: says
        # what becomes of them. They never reach a service config as such.
        self.halyard = halyard
        # Halyard wrote this message as a list of entries, each named by this
        # key (canary.serviceIntegrations); `renderer.read.halyard` converts it.
        self.keyed_list = keyed_list
        # Chart values only: the default written to values.yaml.
        self.default = default
        self.example = example
        # Where each range of releases reads this field (`Read`s). None
        # declared: every release reads it where its message is written.
        self.reads = tuple(reads)
        # Free-form (ANY) to the code that carries it, typed by this message where it is read
        # (the chart's `halconfig` value): its schema and docs come from that message.
        self.model = model

    def reads_for(self, release: Release) -> tuple:
        """The `Read`s that apply to `release`; () when that release reads no such field."""
        if not self.reads:
            return (NATURAL,)
        return tuple(r for r in self.reads if release in r.span)

    def reads_described(self) -> str:
        """Which releases read the field and where, for the docs and the schema ("" when all do, in place)."""
        if not self.reads:
            return ""
        parts = []
        for read in self.reads:
            where = f" as `{read.key}`" if read.key else ""
            how = f" ({read.how})" if read.how else ""
            parts.append(f"{read.span.describe()}{where}{how}")
        return "read by " + "; ".join(parts) + "; not written for other releases"

    @property
    def target(self) -> "Message | None":
        return self.ref if self.kind == MSG else None

    def __repr__(self):
        shape = "list of " if self.repeated else "map of " if self.map else ""
        return f"<Field {self.name}: {shape}{self.kind}>"


class Read:
    """How one range of releases reads a field.

    `key`: the dotted key the field's value is written to in the service's
    file, with `{name}` placeholders the translator fills in (the OAuth2
    registration id); None: under the field's own name where its message is
    written. `how`: the name of a conversion of the value
    (`renderer.translate._reads.CONVERSIONS`), None to write it as it is.
    A field that declares reads is written only for the releases they cover.
    """

    __slots__ = ("span", "key", "how")

    def __init__(self, key=None, *, since=None, until=None, how=None):
        self.span = Span(since, until)
        self.key = key
        self.how = how

    def __repr__(self):
        return f"<Read {self.key or '(in place)'} {self.span.describe()}{' via ' + self.how if self.how else ''}>"


NATURAL = Read()


class Message:
    """A group of fields: a YAML mapping with known keys."""

    __slots__ = ("name", "doc", "fields", "inputs", "checks", "required", "namespace", "by_name")

    def __init__(self, name, doc, fields, checks=(), namespace="", by_name=False):
        self.name = name
        # Its fields are entries of one kind, one per name (the chart's `services`): documented
        # once, as `<name>`, with what differs per entry.
        self.by_name = by_name
        self.namespace = namespace  # the schema's definition names are `<namespace>.<name>`
        self.doc = doc
        self.fields = fields  # output name -> Field, in declaration order
        # Every accepted input key (output name and aliases) -> Field.
        self.inputs = {}
        for f in fields.values():
            self.inputs[f.name] = f
            for alias in f.aliases:
                self.inputs[alias] = f
        self.required = tuple(f for f in fields.values() if f.required and f.halyard is None)
        # Cross-field rules: callables (normalized dict) -> None, an error
        # text, or (field name, error text) to point at one field.
        self.checks = tuple(checks)

    def __repr__(self):
        return f"<Message {self.name}>"


def messages(namespace: str):
    """The `message` declarer of one model module. Message names repeat across modules (several
    `Aws`, `Google`, `S3`), so the public schema names each definition `<namespace>.<name>`."""

    def message(name, doc, /, *, checks=(), by_name=False, **fields) -> Message:
        """Declare a message; keyword order is field order.

        A field whose name is a Python keyword is declared with a trailing
        underscore (`from_=Str(...)` declares `from`).
        """
        named = {}
        for key, f in fields.items():
            f.name = key[:-1] if key.endswith("_") else key
            named[f.name] = f
        return Message(name, doc, named, checks, namespace, by_name)

    return message


def Str(doc, **kw) -> Field:
    """A string; omitted from output when empty."""
    return Field(STR, doc, **kw)


def StrValue(doc, **kw) -> Field:
    """A string that is written even when set to the empty string."""
    return Field(STRV, doc, **kw)


def Bool(doc, **kw) -> Field:
    """A boolean that is written whenever it is set, `false` included."""
    return Field(BOOL, doc, **kw)


def Int(doc, **kw) -> Field:
    """A 32-bit integer; omitted from output when zero."""
    return Field(INT, doc, **kw)


def IntValue(doc, **kw) -> Field:
    """A 32-bit integer that is written whenever it is set, zero included."""
    return Field(INTV, doc, **kw)


def Enum(values, doc, **kw) -> Field:
    """One of `values`; the first is the zero value and is omitted from output."""
    return Field(ENUM, doc, values=values, **kw)


def Msg(ref: Message, doc, **kw) -> Field:
    """A nested message."""
    return Field(MSG, doc, ref=ref, **kw)


def Any(doc, **kw) -> Field:
    """Free-form YAML, passed on as it is."""
    return Field(ANY, doc, **kw)


def List(item: Field) -> Field:
    """A list of `item` (declared with its own doc)."""
    item.repeated = True
    return item


def Map(item: Field) -> Field:
    """A mapping from user-chosen string keys to `item`."""
    item.map = True
    return item
