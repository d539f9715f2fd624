"""Files the halconfig names by path, found through the model (`file=True` fields).

Halyard copied each such file into the pods for the services; the chart does
not see the Halyard machine, so `migrate` puts every file into one Secret,
mounted at /var/secrets (chart value `secrets.files`), and rewrites the path
to `/var/secrets/<key>`.
"""
from __future__ import annotations

import os
import re

from renderer.read.bounded import Unreadable
from .scope import OUTSIDE
from .walk import marked_strings
from ..problems import format_path

MOUNT = "/var/secrets"
_KEY_CHARS = re.compile(r"[^-._a-zA-Z0-9]+")
# Values that are not local paths: URLs (SAML metadata may be one) and Halyard's secret references.
_URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://")


class Referenced:
    """One file the halconfig refers to."""

    __slots__ = ("paths", "original", "found", "key", "content", "outside", "unreadable")

    def __init__(self, original, found, key):
        self.paths: list[tuple] = []   # halconfig paths that name it
        self.original = original       # as written in the config
        self.found = found             # where it was read from on this machine, or None
        self.key = key                 # its key in the Secret (the file name under /var/secrets)
        self.content = b""             # what was read from `found`
        self.outside = None            # where it exists outside the scope, not read
        self.unreadable = ""           # why `found` could not be read

    @property
    def mounted(self) -> str:
        return f"{MOUNT}/{self.key}"


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def home_of(hal_dir: str) -> str:
    """The home directory the Halyard machine's `~` meant: the parent of a `.hal` directory."""
    hal_dir = os.path.abspath(hal_dir)
    if os.path.basename(hal_dir.rstrip(os.sep)) == ".hal":
        return os.path.dirname(hal_dir)
    return os.path.expanduser("~")


def java_hash(text: str) -> int:
    """Java's String.hashCode, which Halyard used to name the copies it staged."""
    h = 0
    for unit in text.encode("utf-16-be").decode("utf-16-be"):
        h = (31 * h + ord(unit)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def staged_copy(value: str, hal_dir: str, deployment: str | None) -> str:
    """Where `hal deploy apply` left its copy of the file: `<deployment>/staging/dependencies/
    <abs(hashCode of the path)>-<file name>` (Halyard's naming, also used by `hal backup`)."""
    name = os.path.basename(value.rstrip("/"))
    return os.path.join(hal_dir, deployment or "default", "staging", "dependencies",
                        f"{abs(java_hash(value))}-{name}")


# Halyard's old `hal backup create` wrote file paths under ~/.hal as this token plus the rest of the
# path, and `hal backup restore` strips it, leaving the path relative to the Halyard directory
# (halyard-config .../node/LocalFile.java RELATIVE_PATH_PLACEHOLDER; halyard-backup
# .../backup/services/v1/BackupService.java removeHalconfigDirPrefix, at spinnaker-release-2025.0.0).
HALCONFIG_DIR = "{%halconfig-dir%}"


def plain_name(name) -> bool:
    """A deployment name that is a name, not a path: it is also its directory's name in HAL_DIR."""
    return isinstance(name, str) and name not in ("", ".", "..") and not any(c in name for c in "/\\\0")


def candidates(value: str, hal_dir: str, deployment: str | None = None) -> list[str]:
    """Where the file the config names may be on this machine, in the order they are tried.

    `{%halconfig-dir%}` is HAL_DIR. `~` is the Halyard user's home (the parent of HAL_DIR when it
    is a `.hal` directory). A path into some `.hal` directory that does not exist here is
    looked up in HAL_DIR, so a copied `~/.hal` still finds its own files.
    The same holds for other files under the Halyard user's home. Relative paths are taken
    from HAL_DIR. Failing all that, the copy Halyard staged for its last deploy is used."""
    path = value[len("file:"):] if value.startswith("file:") else value
    if path.startswith(HALCONFIG_DIR):
        path = path[len(HALCONFIG_DIR):].lstrip("/") or "."
    if path.startswith("~"):
        path = home_of(hal_dir) + path[1:]
    found = [path if os.path.isabs(path) else os.path.join(hal_dir, path)]
    marker = "/.hal/"
    if marker in path:
        found.append(os.path.join(hal_dir, path.split(marker, 1)[1]))
    # The Halyard user's home copied along with ~/.hal: /home/spinnaker/.kube/config is looked up
    # as <parent of HAL_DIR>/.kube/config when that parent is also named spinnaker.
    home = home_of(hal_dir)
    user = os.path.basename(home)
    parts = path.split("/")
    if os.path.isabs(path) and user in parts[:-1]:
        found.append(os.path.join(home, *parts[parts.index(user) + 1:]))
    # Last: the copy Halyard staged when it deployed (it may be older than the file).
    if deployment is None or plain_name(deployment):
        found.append(staged_copy(value, hal_dir, deployment))
    return found


def resolve(value: str, scope, deployment: str | None = None) -> tuple[str | None, str | None]:
    """(the real path of the file the config names, when it is in scope, else None; the path of one
    that exists outside the scope, else None: as written, `..` taken out, for the --include that
    adds it). Nothing outside the scope is opened."""
    outside = None
    for candidate in candidates(value, scope.given, deployment):
        real = os.path.realpath(candidate)
        if not os.path.exists(real):
            continue
        if scope.allowed(real):
            return real, None
        outside = outside or os.path.abspath(candidate)
    return None, outside


def _key(original: str, taken: set) -> str:
    parts = [p for p in original.replace("\\", "/").split("/") if p and p != "~"]
    base = _KEY_CHARS.sub("-", parts[-1] if parts else "file").strip(".-") or "file"
    # Halyard's staged and backed-up copies are `<hash>-<name>`: the name says more.
    base = re.sub(r"^[0-9]+-(?=.)", "", base)
    key = base
    if key in taken and len(parts) > 1:
        key = _KEY_CHARS.sub("-", parts[-2]).strip(".-") + "-" + base
    n = 2
    while key in taken:
        key = f"{base}-{n}"
        n += 1
    taken.add(key)
    return key


def _say_secret_files(engines: dict, report) -> None:
    for engine, paths in sorted(engines.items()):
        prefix = os.path.commonprefix(paths)
        prefix = prefix[:prefix.rfind(".") + 1] if len(paths) > 1 else ""
        where = "config: " + (prefix + "{" + ",".join(p[len(prefix):] for p in paths) + "}" if prefix else
                              paths[0] if len(paths) == 1 else ", ".join(paths))
        report.human(where, f"a Halyard secret file reference ({engine}...){f' in {len(paths)} fields' if len(paths) > 1 else ''}: "
                            f"left as {'they are' if len(paths) > 1 else 'it is'}. The service decrypts it at run "
                            "time only if its secret engine can reach the store (IAM for s3/gcs); otherwise put the "
                            f"file into the Secret and set the path to {MOUNT}/<key>.")


def collect(hal_model, hal: dict, scope, report, base=(), deployment=None) -> tuple[dict, list]:
    """(halconfig with file paths rewritten, [Referenced]); every finding goes to `report`. A file
    outside the scope (HAL_DIR and --include) is not read: the report gives the command adding it."""
    import copy

    rewritten = copy.deepcopy(hal)
    by_file: dict[str, Referenced] = {}
    taken: set = set()
    engines: dict = {}  # {the secret file reference's store: [its fields]}, said once for all of them
    for path, value in list(marked_strings(hal_model, hal, "file")):
        where = "config: " + format_path(base + path)
        if value.startswith("encrypted:"):
            continue  # reported with every other secret reference (credentials.move)
        if value.startswith("encryptedFile:"):
            engines.setdefault(value.split("!")[0], []).append(format_path(base + path))
            continue
        if _URL.match(value) and not value.startswith("file://"):
            continue  # a URL (SAML metadata), fetched by the service itself
        found, outside = resolve(value.replace("file://", "file:", 1), scope, deployment)
        identity = found or outside or value
        entry = by_file.get(identity)
        if entry is None:
            entry = by_file[identity] = Referenced(value, None, _key(value, taken))
            entry.outside = outside
            if found:
                try:
                    entry.content = scope.read(found)
                    entry.found = found
                except Unreadable as exc:
                    entry.unreadable = f"{found}: {exc}"
        entry.paths.append(path)
        _set(rewritten, path, entry.mounted)
        if entry.found and "/staging/dependencies/" in entry.found.replace(os.sep, "/"):
            report.secret(where, entry.mounted, f"{value} is not on this machine; read from the copy Halyard staged "
                                                f"at its last deploy ({entry.found}): check it is current")
        elif entry.found:
            report.secret(where, entry.mounted, f"{value} (read from {entry.found})")
        elif entry.unreadable:
            report.human(where, f"{entry.unreadable}; not read. The path is rewritten to {entry.mounted}: add the "
                                f"file to the Secret under key '{entry.key}' yourself, or the service starts "
                                "without it.")
        elif outside:
            report.human(where, f"{value} is {os.path.realpath(outside)}, {OUTSIDE}; not read. The path is rewritten to "
                                f"{entry.mounted}: add the file to the Secret under key '{entry.key}' yourself, or "
                                f"let migrate read it with: {scope.include_command(outside)}")
        else:
            report.human(where, f"{value} does not exist on this machine (nor under the Halyard directory); the "
                                f"path is rewritten to {entry.mounted}: add the file to the Secret under key "
                                f"'{entry.key}' yourself, or the service starts without it.")
    _say_secret_files(engines, report)
    outside = sorted({e.outside for e in by_file.values() if e.outside})
    if len(outside) > 1:
        report.human("config", f"{len(outside)} files the config names are outside HAL_DIR and were not read; "
                               f"to read them all: {scope.include_command(*outside)}")
    return rewritten, list(by_file.values())
