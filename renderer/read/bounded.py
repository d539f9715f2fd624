"""Read a user's file without trusting what it is: regular files only, never more than a limit.

Every input path the CLI opens goes through `read_file`: a FIFO would block the
read forever, `/dev/zero` (or any device) never ends, and a multi-gigabyte file
would be read whole into memory. `stat` decides before anything is opened, the
open is non-blocking and does not follow a last-component symlink the caller did
not expect, `fstat` confirms the opened file is the one checked (a FIFO swapped in
between is refused, not read), and the read stops one byte past the limit.

Files named on the command line (values `-f`, `--from-manifests`, a halconfig file) are the user's
own choice and may be pipes: `read_given` also takes a FIFO (`<(helm get manifest spin)`, a named
pipe) and `-` for stdin, within the same limit, reading each once and keeping what it held (a pipe
cannot be read twice, and `validate -f` and `plan` hand the same values to helm after reading them).
What `migrate` finds inside HAL_DIR goes through `read_file` and stays regular files only.

The limits, and why:
- FILE_LIMIT (1 MiB): profiles, service-settings and every file the halconfig names.
  Each ends up in one ConfigMap or Secret, whose data the API server caps at 1 MiB
  (kubernetes pkg/apis/core/types.go `MaxSecretSize`, applied to ConfigMaps too in
  pkg/apis/core/validation/validation.go), so a bigger one could never be mounted.
- DOCUMENT_LIMIT (16 MiB): a Halyard `config`, a halconfig file, chart values files and
  `--from-manifests`. Helm keeps a release (values and manifests, gzip'd) in one
  Secret under the same 1 MiB cap, which no 16 MiB of YAML fits; larger is not a
  config but a mistake, and parsing it would take gigabytes of memory.
- STREAM_LIMIT (64 MiB): the post-render stream on stdin; it is split and only the
  renderer's own documents are parsed, so it may be larger than one document.
"""
from __future__ import annotations

import os
import stat
import sys

FILE_LIMIT = 1024 * 1024
DOCUMENT_LIMIT = 16 * 1024 * 1024
STREAM_LIMIT = 64 * 1024 * 1024


class Unreadable(Exception):
    """Why a path was not read: a sentence naming no path (the caller says which file it was)."""


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):g} MiB"


def kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return name
    return "not a regular file"


def check_regular(path: str, limit: int, follow: bool = True) -> os.stat_result:
    """The stat of `path` when it is a regular file within `limit`; Unreadable otherwise."""
    try:
        info = os.stat(path) if follow else os.lstat(path)
    except OSError as exc:
        raise Unreadable(exc.strerror or str(exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(f"{kind(info.st_mode)}, not a regular file: not opened")
    if info.st_size > limit:
        raise Unreadable(f"{info.st_size:,} bytes, over the {_mib(limit)} limit")
    return info


def read_file(path: str, limit: int, follow: bool = True) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; Unreadable otherwise.
    `follow=False`: a symlink at `path` itself is refused (callers that resolved it already)."""
    checked = check_regular(path, limit, follow)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise Unreadable(exc.strerror or str(exc)) from None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (checked.st_dev, checked.st_ino):
            raise Unreadable("it changed while being read (now " + kind(opened.st_mode) + "): not read")
        return read_bounded(fd, limit)
    finally:
        os.close(fd)


_GIVEN: dict = {}  # path -> what a pipe (or stdin, "-") named on the command line held


def read_given(path: str, limit: int) -> bytes:
    """The bytes of a file the user named on the command line: a regular file, a FIFO (a process
    substitution, a named pipe: opened blocking, so it waits for its writer as `cat` would) or `-`
    (stdin); at most `limit` bytes. A pipe is read once: later calls for the path get what it held."""
    if path in _GIVEN:
        return _GIVEN[path]
    if path == "-":
        data = read_stream(sys.stdin.buffer, limit)
    else:
        try:
            info = os.stat(path)
        except OSError as exc:
            raise Unreadable(exc.strerror or str(exc)) from None
        if not stat.S_ISFIFO(info.st_mode):
            return read_file(path, limit)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))
        except OSError as exc:
            raise Unreadable(exc.strerror or str(exc)) from None
        try:
            opened = os.fstat(fd)
            if not stat.S_ISFIFO(opened.st_mode):
                raise Unreadable("it changed while being opened (now " + kind(opened.st_mode) + "): not read")
            data = read_bounded(fd, limit)
        finally:
            os.close(fd)
    _GIVEN[path] = data
    return data


def given_pipe(path: str) -> bytes | None:
    """What the pipe (or stdin) `path` held when read_given read it; None for any other path."""
    return _GIVEN.get(path)


def read_bounded(fd: int, limit: int) -> bytes:
    """Everything readable from `fd`, refusing more than `limit` bytes (a file growing as it is
    read)."""
    def read(size):
        try:
            return os.read(fd, size)
        except BlockingIOError:
            raise Unreadable("it would block (not a regular file): not read") from None
        except OSError as exc:
            raise Unreadable(exc.strerror or str(exc)) from None

    return _read_all(read, limit)


def read_stream(stream, limit: int) -> bytes:
    """Up to `limit` bytes of a binary stream (stdin); Unreadable beyond."""
    return _read_all(stream.read, limit)


def _read_all(read, limit: int) -> bytes:
    chunks, total = [], 0
    while True:
        chunk = read(min(1024 * 1024, limit + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise Unreadable(f"over the {_mib(limit)} limit")
