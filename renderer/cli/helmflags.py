"""The flags of `helm install|upgrade|template`, and `HelmArgs`: a command line read with them once.

Data, derived from Helm's own flag definitions as `helm <verb> --help` prints them for the
Helm v3.17.2 and v4.1.4 binaries the tests pin (scripts/helm-binaries.sha256). Cobra/pflag
print a flag's type after its name when it takes a value: such a flag is written `--name=`
here; a flag printed without a type (a boolean) or with a default for a bare flag
(`--dry-run string[="client"]`, `--wait WaitStrategy[=watcher]`) takes a value only as
`--name=value` and is written `--name`. A shorthand comes first: `-n/--namespace=`.
`common` holds the flags all three verbs have (the global flags included). Hidden
(deprecated) flags are not printed by helm, so they are not here.
tests/test_helm_binary.py derives this table again from the real binaries and fails when it
differs: after changing the pinned Helm versions, paste what that test prints.
"""
from __future__ import annotations

from renderer.printable import go_quote

VERBS = ("install", "upgrade", "template")
LATEST = 4

_TABLE = {
    3: {
        "common": """
            --atomic --burst-limit= --ca-file= --cert-file= --create-namespace --debug
            --dependency-update --description= --devel --disable-openapi-validation --dry-run
            --enable-dns --force -h/--help --hide-notes --insecure-skip-tls-verify --key-file=
            --keyring= --kube-apiserver= --kube-as-group= --kube-as-user= --kube-ca-file=
            --kube-context= --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token=
            --kubeconfig= -l/--labels= -n/--namespace= --no-hooks --pass-credentials --password=
            --plain-http --post-renderer-args= --post-renderer= --qps= --registry-config=
            --render-subchart-notes --repo= --repository-cache= --repository-config= --set-file=
            --set-json= --set-literal= --set-string= --set= --skip-crds --skip-schema-validation
            --take-ownership --timeout= --username= -f/--values= --verify --version= --wait
            --wait-for-jobs""",
        "install": """
            -g/--generate-name --hide-secret --name-template= -o/--output= --replace""",
        "upgrade": """
            --cleanup-on-fail --hide-secret --history-max= -i/--install -o/--output=
            --reset-then-reuse-values --reset-values --reuse-values""",
        "template": """
            -a/--api-versions= -g/--generate-name --include-crds --is-upgrade --kube-version=
            --name-template= --output-dir= --release-name --replace -s/--show-only= --skip-tests
            --validate""",
    },
    4: {
        "common": """
            --burst-limit= --ca-file= --cert-file= --color= --colour= --content-cache=
            --create-namespace --debug --dependency-update --description= --devel
            --disable-openapi-validation --dry-run --enable-dns --force-conflicts --force-replace
            -h/--help --hide-notes --insecure-skip-tls-verify --key-file= --keyring=
            --kube-apiserver= --kube-as-group= --kube-as-user= --kube-ca-file= --kube-context=
            --kube-insecure-skip-tls-verify --kube-tls-server-name= --kube-token= --kubeconfig=
            -l/--labels= -n/--namespace= --no-hooks --pass-credentials --password= --plain-http
            --post-renderer-args= --post-renderer= --qps= --registry-config= --render-subchart-notes
            --repo= --repository-cache= --repository-config= --rollback-on-failure --set-file=
            --set-json= --set-literal= --set-string= --set= --skip-crds --skip-schema-validation
            --take-ownership --timeout= --username= -f/--values= --verify --version= --wait
            --wait-for-jobs""",
        "install": """
            -g/--generate-name --hide-secret --name-template= -o/--output= --replace --server-side""",
        "upgrade": """
            --cleanup-on-fail --hide-secret --history-max= -i/--install -o/--output=
            --reset-then-reuse-values --reset-values --reuse-values --server-side=""",
        "template": """
            -a/--api-versions= -g/--generate-name --include-crds --is-upgrade --kube-version=
            --name-template= --output-dir= --release-name --replace --server-side -s/--show-only=
            --skip-tests""",
    },
}


def flags(major: int, verb: str) -> dict[str, tuple[str, bool]]:
    """{`--name` or `-s`: (its long name, whether it takes the next argument as its value)} for
    `helm <verb>` of Helm `major`; a newer Helm than the table knows reads as the newest known."""
    table = _TABLE.get(major) or _TABLE[LATEST if major > LATEST else min(_TABLE)]
    out = {}
    for token in (table["common"] + " " + table[verb]).split():
        names = token.rstrip("=").split("/")
        for name in names:
            out[name] = (names[-1], token.endswith("="))
    return out


class HelmArgs:
    """A `helm install|upgrade|template ...` command line read once, the way helm (cobra/pflag v1.0.5
    and v1.0.10, flag.go parseArgs) reads it, with the flag table of the Helm in use: `positionals`
    (RELEASE, CHART), `flags` [(long name, value)], `unknown` (flags that Helm's `verb` does not list),
    `values_files` (every -f/--values file in helm's order), `bad_values` (a -f value helm refuses).

    pflag's rules: `--` ends the flags; `--name=value`, `--name value`; shorthands group (`-gi`), and in
    a group `-x=value` gives x the value; a shorthand that takes a value takes the rest of its group
    (`-gfvalues.yaml`), else the next argument (`-gf values.yaml`), whatever it starts with."""

    def __init__(self, args, major: int):
        self.args = list(args)
        self.verb = self.args[0]
        self.major = major
        self.positionals: list[str] = []
        self.flags: list[tuple[str, str]] = []
        self.unknown: list[str] = []
        self._values_at: list[tuple[int, int]] = []  # (argument index, offset) where a --values value starts
        known = flags(major, self.verb)
        index = 1
        while index < len(self.args):
            arg = self.args[index]
            index += 1
            if arg == "--":
                self.positionals.extend(self.args[index:])
                break
            if arg.startswith("--"):
                name, eq, value = arg.partition("=")
                if name not in known:
                    self.unknown.append(name)
                    continue
                long_name, takes_value = known[name]
                if eq:
                    self._add(long_name, index - 1, len(name) + 1)
                elif takes_value:
                    self._add(long_name, index, 0)
                    index += 1
                else:
                    self.flags.append((long_name, "true"))
            elif arg.startswith("-") and arg != "-":
                index = self._shorthands(index - 1, known)
            else:
                self.positionals.append(arg)
        self.values_files: list[str] = []
        self.bad_values: list[str] = []
        for value in self.values("--values"):
            try:
                self.values_files.extend(string_slice(value))
            except ValueError as exc:
                self.bad_values.append(f'invalid argument {go_quote(value)} for "-f, --values" flag: {exc}')

    def _add(self, long_name: str, index: int, offset: int) -> None:
        value = self.args[index][offset:] if index < len(self.args) else ""
        self.flags.append((long_name, value))
        if long_name == "--values" and index < len(self.args):
            self._values_at.append((index, offset))

    def _shorthands(self, index: int, known) -> int:
        """Read the shorthand group at args[index]; the index of the next argument to read."""
        arg = self.args[index]
        for at in range(1, len(arg)):
            char = arg[at]
            if "-" + char not in known:
                self.unknown.append("-" + char)
                return index + 1
            long_name, takes_value = known["-" + char]
            tail = arg[at + 1:]
            if len(tail) > 1 and tail[0] == "=":  # pflag: `-x=value` needs a value after the `=`
                self._add(long_name, index, at + 2)
                return index + 1
            if not takes_value:
                self.flags.append((long_name, "true"))
            elif tail:
                self._add(long_name, index, at + 1)
                return index + 1
            else:
                self._add(long_name, index + 1, 0)
                return index + 2
        return index + 1

    def values(self, name: str) -> list[str]:
        return [value for flag, value in self.flags if flag == name]

    @property
    def generates_name(self) -> bool:
        return self.verb == "install" and any(v != "false" for v in self.values("--generate-name"))

    def with_values_files(self, replaced: dict) -> list[str]:
        """The arguments with each values file in `replaced` swapped for its replacement, where it was
        given: the order of the files, and every other argument, stay as they were."""
        out = list(self.args)
        for index, offset in self._values_at:
            try:
                files = string_slice(out[index][offset:])
            except ValueError:
                continue
            if not any(f in replaced for f in files):
                continue
            prefix = out[index][:offset]
            if prefix and not prefix.endswith("="):  # `-fvalue`, `-gfvalue`: `-f=` keeps a new value whole
                prefix += "="
            out[index] = prefix + csv_record([replaced.get(f, f) for f in files])
        return out


# pflag's stringSlice (string_slice.go readAsCSV) reads a value as the first record of Go's
# encoding/csv with the default Reader: `,` separates; a field that starts with `"` is quoted (`""` is
# a quote; it may span lines and must end in `"` then `,` or the end of a line); a bare `"` elsewhere
# is refused; empty lines before the record are skipped; what follows the record is ignored.
_BARE_QUOTE = 'bare " in non-quoted-field'
_QUOTE = 'extraneous or missing " in quoted-field'


def string_slice(value: str) -> list[str]:
    """The files one `-f/--values` value names, as Helm splits it; ValueError with pflag's words."""
    if value == "":
        return []
    lines = _csv_lines(value)
    line_no = 1
    while lines and lines[0] in ("\n", ""):  # empty lines before the record
        lines.pop(0)
        line_no += 1
    if not lines:
        raise ValueError("EOF")
    start_line, line, col = line_no, lines.pop(0), 1
    fields: list[str] = []

    def error(column, why):
        at = f"parse error on line {line_no}, column {column}: {why}"
        return ValueError(at if start_line == line_no else f"record on line {start_line}; {at}")

    while True:
        if not line.startswith('"'):
            comma = line.find(",")
            field = line[:comma] if comma >= 0 else line.rstrip("\n")
            if '"' in field:
                raise error(col + _width(field[:field.index('"')]), _BARE_QUOTE)
            fields.append(field)
            if comma < 0:
                return fields
            line, col = line[comma + 1:], col + _width(field) + 1
            continue
        line, col, field = line[1:], col + 1, ""
        while True:
            quote = line.find('"')
            if quote < 0 and line and lines:  # a quoted field goes on on the next line
                field += line
                line, line_no, col = lines.pop(0), line_no + 1, 1
                continue
            if quote < 0:
                raise error(col + _width(line), _QUOTE)
            field += line[:quote]
            col += _width(line[:quote]) + 1
            line = line[quote + 1:]
            if line.startswith('"'):
                field += '"'
                line, col = line[1:], col + 1
            elif line.startswith(","):
                fields.append(field)
                line, col = line[1:], col + 1
                break
            elif line in ("", "\n"):
                return fields + [field]
            else:
                raise error(col - 1, _QUOTE)


def _width(text: str) -> int:
    """Go's csv columns count bytes."""
    return len(text.encode("utf-8", "surrogateescape"))


def _csv_lines(value: str) -> list[str]:
    """encoding/csv's readLine over `value`: lines with their `\\n` (only `\\n` ends a line), `\\r\\n`
    read as `\\n`, a `\\r` that ends the text dropped."""
    parts = value.split("\n")
    lines = [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    if lines and lines[-1].endswith("\r") and not lines[-1].endswith("\n"):
        lines[-1] = lines[-1][:-1]
    return [line[:-2] + "\n" if line.endswith("\r\n") else line for line in lines]


def csv_record(fields) -> str:
    """`fields` written as encoding/csv's Writer writes one record (no line end): read back by
    string_slice as the same fields."""
    def quoted(field):
        if field == "" or not (set(field) & set('",\r\n') or field[0].isspace() or field == "\\."):
            return field
        return '"' + field.replace('"', '""') + '"'
    return ",".join(quoted(f) for f in fields)
