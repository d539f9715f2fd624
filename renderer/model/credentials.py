"""Which values are credentials: the one rule every route asks (the post-renderer's choice of ConfigMap
or Secret, `migrate`'s credentials Secret, `plan`'s masking, the messages that must not show one).

- The halconfig: the fields the model declares `secret=True` (`secret_values`).
- Free-form settings (profiles, Spring files, env vars, `-D` properties, `--flag=` arguments of a
  container's command and args): a key is split into its words
  (camelCase, snake_case, kebab-case, dots) and is a credential when its last word is one of
  `_WORDS` or its last two one of `_PAIRS`, or it is Spring Cloud Config's `encrypt.key`. The words
  come from what real profiles hold (reference/real-world/hal-dirs: `managerPassword`, rabbitmq
  `password`, `encrypt.key`, `privateKey`, `signing_secret`, `token`, webhook `Authorization`
  headers) and from the names the model declares secret (every one of them passes this rule:
  tests/test_credentials.py). Taking the *last* word keeps out the keys that say where a credential
  is or what it is like: `passwordFile`, `tokenUrl`, `secretName`, `keyStoreType`, `accessKeyId`,
  `tokenValiditySeconds`.
- Any string holding a URL with a password in its user-info (`https://admin:<token>@jenkins`).
- Inside a text (a file given as text, a message), a known credential is looked for when it has 4
  characters or more (`credentials_in`).
A value is a credential only when it is set: not empty, not a boolean, not a secret reference or
placeholder (`encrypted:...`, `${NAME}`, `$(NAME)`), which pass untouched and unjudged. A number under
a credential key is one (a password YAML read as a number: `typed_credential`).
"""
from __future__ import annotations

import functools
import re

from .dsl import ANY, STR, STRV
from .references import is_reference
from .walk import fields_toward, strings, without_fields

# Last words of a credential key.
_WORDS = frozenset(("password", "passwd", "pwd", "passphrase", "secret", "token", "authorization",
                    "credential"))
# Last two words of one: kinds of keys (a key alone is a map key, a lookup key, a Secret's key).
# An `accessKey` alone is AWS's key ID (`awsAccessKey`, Kayenta's `explicitCredentials.accessKey`);
# `secretAccessKey` is the key.
_PAIRS = frozenset((("private", "key"), ("secret", "key"), ("api", "key"), ("app", "key"), ("application", "key"),
                    ("account", "key"), ("insert", "key"), ("signing", "key"), ("encryption", "key"),
                    ("master", "key"), ("shared", "key"), ("client", "key"),
                    ("kubeconfig", "contents")))
# Keys whose name is the credential's owner, not the credential (`PWD` is the shell's working directory).
_NOT_KEYS = frozenset(("pwd",))
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
# `scheme://userinfo@host`: the userinfo. The literal `://` lets the pattern skip at C speed through a
# large file's text, which holds thousands of URLs.
_USERINFO = re.compile(r"://([^/@\s'\"]*)@")


def key_words(key) -> tuple:
    """`managerPassword` -> ("manager", "password"); `AWS_SECRET_ACCESS_KEY` -> ("aws", "secret", "access", "key")."""
    return tuple(w.lower() for w in _WORD.findall(str(key)))


@functools.lru_cache(maxsize=4096)  # a large profile repeats a few keys many times
def credential_key(key, parent=None) -> bool:
    """Is a value under `key` (inside `parent`, the key above it) a credential?"""
    words = key_words(key)
    if not words or str(key).lower() in _NOT_KEYS:
        return False
    if words[-1] in _WORDS or words[-2:] in _PAIRS or words[-3:] == ("secret", "access", "key"):
        return True
    return words == ("key",) and parent is not None and key_words(parent)[-1:] == ("encrypt",)


def is_set(value) -> bool:
    """A value that can be a credential: text or a number, not empty and not a reference."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and bool(value.strip()) and not is_reference(value) and not _K8S_VAR.fullmatch(value)


_K8S_VAR = re.compile(r"\$\([A-Za-z_][A-Za-z0-9_.-]*\)")


def url_passwords(text) -> list:
    """The passwords written in URLs' user-info inside `text` (placeholders left out)."""
    if not isinstance(text, str) or "@" not in text or "://" not in text:
        return []
    out = []
    for userinfo in _USERINFO.findall(text):
        password = userinfo.partition(":")[2]
        if password and not password.startswith("$(") and not is_reference(password):
            out.append(password)
    return out


def is_credential(key, value, parent=None) -> bool:
    """The one rule for a free-form setting: a set value under a credential key, or a URL with a password."""
    if credential_key(key, parent) and is_set(value):
        return True
    return bool(url_passwords(value))


def typed_credential(key, value, parent=None) -> bool:
    """A number (or boolean) under a credential key: YAML read it as such, not as the text written."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool) or isinstance(value, bool)) \
        and credential_key(key, parent)


def found_in(data, path=(), under=False):
    """(path, value) of every credential scalar in free-form `data` (a profile, a Spring file): set values
    under credential keys (the items of a list under one too; a mapping under one is walked, as a
    Kubernetes volume's `secret: {secretName: ...}` names a Secret), and strings with a URL password."""
    if isinstance(data, dict):
        parent = path[-1] if path else None
        for key, value in data.items():
            yield from found_in(value, path + (key,), credential_key(key, parent))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from found_in(item, path + (i,), under and not isinstance(item, (dict, list)))
    elif under and is_set(data) or isinstance(data, str) and url_passwords(data):
        yield path, data


def text_credentials(data) -> set:
    """The credential strings (and numbers' text) in free-form `data`: the values `found_in` finds, each
    URL's password too (a file's text may hold it apart from the URL)."""
    out = set()
    for _, value in found_in(data):
        if isinstance(value, str):
            if is_set(value):
                out.add(value)
            out.update(url_passwords(value))
        else:
            out.add(str(value))
    return out


def env_credential(name, value) -> bool:
    """A container env var whose literal value is a credential: a credential name (`DB_PASSWORD`,
    `AWS_SECRET_ACCESS_KEY`), or a URL with a password."""
    return is_credential(name, value)


# `-Dname=value` in JAVA_OPTS: the value runs to the next unquoted space. The patterns of rare cases
# here are compiled when first used (re keeps them): most renders have no JAVA_OPTS, flags or typed
# credentials, and compiling costs more than a small post-render's checks.
_DEFINE = r"""-D([^=\s'"]+)=("[^"]*"|'[^']*'|\S*)"""


def java_opts_credentials(text) -> list:
    """[(property, value, (start, end) of the value)] of the `-D` properties in JAVA_OPTS text that are
    credentials (`-Djavax.net.ssl.keyStorePassword=...`; the property's last segment is the key), and
    of any value holding a URL with a password."""
    if not isinstance(text, str) or "-D" not in text:
        return []
    out = []
    for match in re.finditer(_DEFINE, text):
        prop, value = match.group(1), match.group(2)
        inner = value[1:-1] if value[:1] in "'\"" and len(value) > 1 else value
        segments = prop.split(".")
        if is_credential(segments[-1], inner, segments[-2] if len(segments) > 1 else None):
            out.append((prop, inner, match.span(2)))
    return out


# A container's `command`/`args` item that is one flag: `--client-secret=value`, `-token=value` (the value
# is the rest of the item, spaces included: it is one argument). Inside a longer item (`sh -c "app
# --token=..."`) a flag's value runs to the next unquoted space, as in JAVA_OPTS.
_ARGUMENT = r"(--?)([A-Za-z][A-Za-z0-9_.-]*)=(.*)"
_FLAG = r"""(?<![^\s'"])--?([A-Za-z][A-Za-z0-9_.-]*)=("[^"]*"|'[^']*'|\S*)"""


def argument_credentials(item) -> list:
    """[(flag, value, (start, end) of the value)] of the credentials one item of a container's `command` or
    `args` passes: a flag whose name is credential-shaped (judged as a key: `--client-secret`,
    `-api-key`, `--db.password`), a `-D` property as in JAVA_OPTS, and a value holding a URL with a
    password. Kubernetes expands `$(NAME)` in `command` and `args` from the container's env
    (pkg/kubelet/container/helpers.go `ExpandContainerCommandAndArgs`), so the value can be put in
    its place, defined from a Secret."""
    if not isinstance(item, str) or "=" not in item and not ("://" in item and "@" in item):
        return []
    if item.startswith("-D"):
        return java_opts_credentials(item)
    whole = re.fullmatch(_ARGUMENT, item, re.S)
    if whole:
        flag, value = whole.group(2), whole.group(3)
        return [(flag, value, whole.span(3))] if _flag_credential(flag, value) else []
    out = []
    for match in re.finditer(_FLAG, item):
        flag, value = match.group(1), match.group(2)
        inner = value[1:-1] if value[:1] in "'\"" and len(value) > 1 else value
        if _flag_credential(flag, inner):
            out.append((flag, inner, match.span(2)))
    if not out and not re.search(_FLAG, item) and url_passwords(item):
        out.append(("", item, (0, len(item))))  # an argument that is a URL with a password
    return out


def _flag_credential(flag: str, value: str) -> bool:
    segments = flag.split(".")
    return is_credential(segments[-1], value, segments[-2] if len(segments) > 1 else None)


def with_references(text: str, found, names) -> str:
    """`text` with the value of each of `found` (`java_opts_credentials`' or `argument_credentials`'
    (name, value, span)) replaced by `$(NAME)` of the matching entry of `names` (None: left as it is),
    inside the value's quotes."""
    out, last = [], 0
    for (_, value, (start, end)), name in zip(found, names):
        if name is None:
            continue
        raw = text[start:end]  # quoted around the value when the value is what is inside the quotes
        quote = raw[0] if raw != value and len(raw) > 1 and raw[0] in "'\"" else ""
        out += [text[last:start], f"{quote}$({name}){quote}"]
        last = end
    return "".join(out) + text[last:]


def _never(field) -> bool:
    return False


def free_form_credentials(msg, data) -> set:
    """The credentials inside the free-form fields of `data` (an instance of `msg`: a plugin's `config`, a
    Cloud Foundry `spaceFilter`, ...), by the rule for free-form settings; only the fields that lead to
    one are visited."""
    found: set = set()
    if isinstance(data, dict):
        _free_form(fields_toward(msg, "free-form", _never), data, found)
    return found


def _free_form(routes: dict, data: dict, found: set) -> None:
    for name, field in routes.items():
        value = data.get(name)
        if value is None:
            continue
        if field.kind == ANY:
            found |= text_credentials({name: value})
            continue
        inner = fields_toward(field.ref, "free-form", _never)
        for item in value if field.repeated else value.values() if field.map else (value,):
            if isinstance(item, dict):
                _free_form(inner, item, found)


def redact(msg, data):
    """A copy of `data` (an instance of `msg`) without its credential fields."""
    return without_fields(msg, data, lambda field: field.secret)


def _is_secret(field) -> bool:
    return field.secret


def secret_values(msg, data, found=None) -> set:
    """Every non-empty credential string in `data` (an instance of `msg`)."""
    found = set() if found is None else found
    if isinstance(data, dict):
        _secrets_in(fields_toward(msg, "secret", _is_secret, free_form=False), data, found)
    return found


def _secrets_in(routes: dict, data: dict, found: set) -> None:
    # The few fields that are or lead to credentials are looked up, not every key of every account.
    for name, field in routes.items():
        value = data.get(name)
        if value is None:
            continue
        if field.secret:
            found.update(text for text in strings(value) if text)
            continue
        inner = fields_toward(field.ref, "secret", _is_secret, free_form=False)
        items = value if field.repeated else value.values() if field.map else (value,)
        texts = _text_fields(inner)
        if texts is not None:
            # Accounts whose credentials are all text fields: their values, without a call per account.
            found.update(text for item in items if isinstance(item, dict)
                         for key in texts if type(text := item.get(key)) is str and text)
            continue
        for item in items:
            if isinstance(item, dict):
                _secrets_in(inner, item, found)


_TEXT_FIELDS: dict = {}


def _text_fields(routes: dict):
    """The names in `routes` when every one is a credential held as one string (normalized data
    holds a str there, or nothing), else None."""
    key = id(routes)
    known = _TEXT_FIELDS.get(key)
    if known is None:
        names = tuple(routes) if all(f.secret and f.kind in (STR, STRV) and not f.repeated and not f.map
                                     for f in routes.values()) else None
        known = _TEXT_FIELDS[key] = (routes, names)  # the routes kept, so that their id stays theirs
    return known[1]


SEARCHED = 4  # the shortest credential looked for inside a text: a shorter one stands in too many words


def credentials_in(text: str, credentials) -> set:
    """The credentials (of SEARCHED characters or more) that stand in `text`. A large release knows
    thousands: only those whose first and last SEARCHED characters stand in the text are looked for, where
    looking for each would read the text thousands of times."""
    if len(text) < SEARCHED:
        return set()
    grams = {text[at:at + SEARCHED] for at in range(len(text) - SEARCHED + 1)}
    return {c for c in credentials if isinstance(c, str) and len(c) >= SEARCHED and c[:SEARCHED] in grams
            and c[-SEARCHED:] in grams and c in text}


def holds_secret(data, secrets, strings=None) -> bool:
    """Does any string in `data` (or the text itself) carry one of `secrets`? `strings`: parsed data's
    string values when the caller has collected them already."""
    if not secrets:
        return False
    if isinstance(data, str):
        return data in secrets or bool(credentials_in(data, secrets))
    if strings is not None:
        return not secrets.isdisjoint(strings)
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in secrets:
                return True
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


# --- numbers and booleans where a credential (text) belongs --------------------------------------

TYPED = "typed-credential"
_OCTAL = r"[-+]?0[0-7_]+"
_LEADING_ZERO = r"[-+]?0[0-9_]+"
_EXPONENT = r"[-+]?(?:[0-9][0-9_]*)?\.?[0-9_]*[eE][-+]?[0-9]+"
_BOOLEAN_WORDS = frozenset("y yes n no on off true false".split())


def typed_form(value) -> str:
    """How YAML read a credential that is not text, from the parsed value alone: its kind."""
    if isinstance(value, bool):
        return "a boolean"
    return "a decimal number" if isinstance(value, float) else "an integer"


def written_form(text: str) -> str:
    """What the plain (unquoted) text of a scalar makes of a credential in YAML's readers (SnakeYAML in
    the services and Halyard, YAML 1.1; Go YAML in Helm 3 and 4), said without its characters; "" when
    every reader keeps it as text."""
    bare = text.strip()
    lower = bare.lower()
    body = lower.lstrip("+-")
    if lower in _BOOLEAN_WORDS:
        return ("an unquoted yes/no/on/off/true/false word, which YAML 1.1 reads as a boolean: the service "
                "gets true or false")
    if body.startswith("0x"):
        return "hexadecimal digits (0x...), which YAML reads as a number: the service gets its decimal digits"
    if body.startswith("0b"):
        return "binary digits (0b...), which YAML 1.1 reads as a number: the service gets its decimal digits"
    if body.startswith("0o"):
        return ("octal digits (0o...), which Helm reads as a number (the service gets its decimal digits) and "
                "SnakeYAML as text")
    if re.fullmatch(_OCTAL, lower) and body.strip("0_"):
        return ("digits with a leading 0, which YAML 1.1 (SnakeYAML, Helm) reads as an octal number: the "
                "service gets other digits than written")
    if re.fullmatch(_LEADING_ZERO, lower):
        return "digits with a leading 0, which YAML reads as a number: the zeros are dropped"
    if re.fullmatch(_EXPONENT, lower):
        return ("a number in exponent notation, which Helm and SnakeYAML read as a number: the service gets "
                "its expanded digits")
    digits = re.fullmatch(r"[-+]?[0-9_]+(?:\.[0-9_]*)?", lower)
    if not digits:
        return ""
    changes = []
    if lower.startswith("+"):
        changes.append("the + is dropped")
    if "_" in lower:
        changes.append("YAML 1.1 drops the underscores")
    if "." in lower:
        changes.append("a decimal number loses trailing zeros")
    if sum(c.isdigit() for c in lower) > 15:
        changes.append("Helm holds every number as a 64-bit float, which keeps only 15 to 17 digits")
    said = "unquoted digits, which YAML reads as a number"
    return said + (": " + "; ".join(changes) if changes else "; the digits reach the service unchanged today, "
                   "but only as long as nothing reformats the number")


def typed_message(value, written: str | None = None, via_helm: bool = False) -> str:
    """The warning for a credential YAML read as a number or boolean; never its characters. `written`: the
    scalar's text when the source is known; `via_helm`: the value came through Helm's reader."""
    if written is not None:
        form = written_form(written) or "text that YAML read as a number or boolean"
        return f"a credential written as {form}. [{TYPED}]"
    how = f"YAML read it as {typed_form(value)}, not as text"
    if via_helm:
        how += (" (Helm's reader hands the post-renderer only the parsed value, so the text written is not "
                "known here: Helm reads a leading 0 as octal, 0x as hexadecimal, 1e3 as a thousand, drops a "
                "leading + or zeros, keeps 15 to 17 digits of a number, and yes/no/on/off as a boolean)")
    return f"a credential given as {typed_form(value)}: {how}. [{TYPED}]"


def typed_fix(key) -> str:
    return f'Quote it as written ({key}: "...") so that every YAML reader keeps it as text.'


def typed_text(value) -> str:
    """The text a service makes of a typed credential (Spring's and Jackson's conversion to a string)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


# A list item that is a flag alone (`--password`, `-token`): its value may be the next item.
_FLAG_ALONE = r"--?([A-Za-z][A-Za-z0-9_.-]*)"


def arg_credentials(items) -> list:
    """[(index, flag, value, (start, end) of the value in its item)] of the credentials a container's
    `command` or `args` list passes: `argument_credentials` of each item, and an item that is the value
    of a credential-shaped flag given alone in the item before it (`["--password", "s3cret"]`, which
    programs with Go's flag package or getopt read as `--password=s3cret`). A next item that starts with
    '-' is another flag, not a value."""
    items = items if isinstance(items, list) else []
    found = []
    for i, item in enumerate(items):
        own = argument_credentials(item)
        found += [(i, *f) for f in own]
        if own or i == 0 or not isinstance(item, str) or item.startswith("-"):
            continue
        before = items[i - 1]
        flag = re.fullmatch(_FLAG_ALONE, before) if isinstance(before, str) and before.startswith("-") else None
        if flag and not before.startswith("-D") and _flag_credential(flag.group(1), item):
            found.append((i, flag.group(1), item, (0, len(item))))
    return found
