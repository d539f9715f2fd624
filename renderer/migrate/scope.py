"""What `migrate` may read: HAL_DIR, and the files the user adds with `--include`.

A Halyard directory is often someone else's (a copy handed over, an unpacked
backup), so nothing in it decides what else is read: a symbolic link whose
target lies outside HAL_DIR is not followed, a file the config names outside
HAL_DIR (a kubeconfig in ~/.kube, `/proc/self/environ`, `~/../..`) is read only
when `--include` covers it, and every read is bounded (`renderer.read.bounded`:
regular files only, FILE_LIMIT each, TOTAL_LIMIT in all, MAX_ENTRIES directory
entries). HAL_DIR itself may be a symbolic link: it is what the user pointed at.
Each thing left unread becomes a report line saying what, why and how to add it.
"""
from __future__ import annotations

import os
import shlex
import stat

from renderer.read.bounded import FILE_LIMIT, Unreadable, check_regular, kind, read_file

# All the files read from one Halyard directory (config, profiles, service-settings, referenced files)
# together: 64 times what one ConfigMap or Secret holds, far beyond any real ~/.hal.
TOTAL_LIMIT = 64 * 1024 * 1024
# Directory entries looked at under profiles/ and service-settings/ (real ones hold a few dozen).
MAX_ENTRIES = 10_000
OUTSIDE = "outside HAL_DIR: migrate reads only the directory you point it at"


class Scope:
    def __init__(self, root: str, includes=(), command=None, shown: str | None = None):
        self.given = root
        self.root = os.path.realpath(root)
        self.includes = [os.path.realpath(os.path.expanduser(p)) for p in includes]
        # The migrate command line as the user typed it (without the program name), for the hint
        # that adds --include; a generic one when migrate is called from Python.
        self.command = list(command) if command else ["migrate", shown or root]
        self.used = 0
        self.entries = 0

    @staticmethod
    def _under(real: str, top: str) -> bool:
        return real == top or real.startswith(top.rstrip(os.sep) + os.sep)

    def inside(self, real: str) -> bool:
        return self._under(real, self.root)

    def allowed(self, real: str) -> bool:
        return self.inside(real) or any(self._under(real, top) for top in self.includes)

    def include_command(self, *paths: str) -> str:
        """The user's migrate command line with `--include PATH` added for each path."""
        words = ["spinnaker-renderer"] + self.command
        for path in paths:
            words += ["--include", path]
        return shlex.join(words)

    def outside_hint(self, real: str) -> str:
        return f"If it belongs to the install, add it with: {self.include_command(real)}"

    def read(self, real: str, limit: int = FILE_LIMIT) -> bytes:
        """The bytes of `real` (a resolved path the caller checked with `allowed`), counted against
        TOTAL_LIMIT; Unreadable says why not."""
        remaining = TOTAL_LIMIT - self.used
        if remaining < limit:
            size = check_regular(real, limit, follow=False).st_size
            if size > remaining:
                raise Unreadable(f"not read: the files read from HAL_DIR already add up to {self.used:,} bytes, "
                                 f"and {TOTAL_LIMIT // (1024 * 1024)} MiB is the limit for one directory")
        data = read_file(real, limit, follow=False)
        self.used += len(data)
        return data

    def entry(self) -> bool:
        """Count one directory entry; False once MAX_ENTRIES were seen."""
        self.entries += 1
        return self.entries <= MAX_ENTRIES


def read_inside(scope: Scope, path: str, shown: str, report, limit: int = FILE_LIMIT) -> bytes | None:
    """The bytes of `path` (inside HAL_DIR as written), or None with a report line on `report`
    (a MigrationReport) saying why it was skipped."""
    real = os.path.realpath(path)
    if not scope.allowed(real):
        report.human(shown, f"a symbolic link to {real}, {OUTSIDE}; not read. {scope.outside_hint(real)}")
        return None
    try:
        return scope.read(real, limit)
    except Unreadable as exc:
        report.human(shown, f"{exc}; skipped. Carry what it held over by hand.")
        return None


def walk(scope: Scope, top: str, shown_top: str, report, recursive: bool = True):
    """(path relative to `top`, real path) of each regular file under `top`, in os.walk's top-down
    sorted order (`recursive` False: the files of `top` only). Symbolic links are followed only while they stay in scope; special files, links
    out of it and directory loops are reported, not read."""
    real_top = os.path.realpath(top)
    if not os.path.isdir(real_top):
        return
    if not scope.allowed(real_top):
        report.human(shown_top, f"a symbolic link to {real_top}, {OUTSIDE}; nothing in it was read. "
                                + scope.outside_hint(real_top))
        return
    seen = {real_top}
    stack = [(real_top, "")]
    while stack:
        directory, rel = stack.pop()
        try:
            names = sorted(os.listdir(directory))
        except OSError as exc:
            report.human(f"{shown_top}/{rel}".rstrip("/"), f"cannot be listed ({exc.strerror}); skipped.")
            continue
        subdirs = []
        for name in names:
            if not scope.entry():
                report.human(shown_top, f"more than {MAX_ENTRIES:,} entries; the rest were not read.")
                return
            child_rel = f"{rel}{name}"
            shown = f"{shown_top}/{child_rel}"
            path = os.path.join(directory, name)
            real = os.path.realpath(path)
            if not scope.allowed(real):
                report.human(shown, f"a symbolic link to {real}, {OUTSIDE}; not read. {scope.outside_hint(real)}")
                continue
            try:
                mode = os.stat(real).st_mode
            except OSError as exc:
                report.human(shown, f"cannot be read ({exc.strerror}); skipped.")
                continue
            if stat.S_ISDIR(mode):
                if not recursive:
                    continue
                if real in seen:
                    report.human(shown, "a symbolic link back into a directory already read; not followed.")
                    continue
                seen.add(real)
                subdirs.append((real, child_rel + "/"))
            elif stat.S_ISREG(mode):
                yield child_rel, real
            else:
                report.human(shown, f"{kind(mode)}, not a regular file: not opened; skipped.")
        stack.extend(reversed(subdirs))
