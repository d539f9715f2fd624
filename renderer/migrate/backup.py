"""A `hal backup create` archive as HAL_DIR: unpacked into a private temporary directory, removed after.

What Halyard writes (halyard-backup .../backup/services/v1/BackupService.java, at
spinnaker-release-2025.0.0): `~/halyard-<date>.tar`, an uncompressed tar of the
contents of ~/.hal (regular files only, each named relative to ~/.hal, no
directory entries, `service-logs` left out), after copying every file the config
names into `.backup/required-files/<abs(hashCode of its path)>-<name>` and writing
those paths into `config` relative to ~/.hal; `.backup/config` keeps the original.
`hal backup restore` unpacks it over ~/.hal. Older Halyards wrote the paths as
`{%halconfig-dir%}/...` instead (renderer.migrate.files.HALCONFIG_DIR).

The archive is someone else's file, so it is unpacked member by member, not with
`extractall`: tarfile's `filter='data'` would still create symbolic links that stay
inside the directory and hard links, which a Halyard backup never holds. Only
regular files and directories are created (mode 0600/0700, no owner or times kept);
absolute names, `..`, links, devices and FIFOs are skipped with a report line; the
decompressed stream, each member, the total and the member count are bounded.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tarfile
import tempfile

from renderer.read.bounded import DOCUMENT_LIMIT, Unreadable, check_regular
from .scope import MAX_ENTRIES, TOTAL_LIMIT

# The archive file itself (compressed or not) and what it unpacks to: TOTAL_LIMIT, what migrate reads
# from one directory; each member at most a document; tar headers on top.
ARCHIVE_LIMIT = TOTAL_LIMIT
_HEADERS = MAX_ENTRIES * 3 * 512


class ArchiveError(Exception):
    """The archive cannot be used at all (not readable, not a tar, over a limit)."""


def is_archive(path: str) -> bool:
    """Whether `path` is a regular file holding a tar archive (plain, gzip, bzip2 or xz)."""
    try:
        check_regular(path, ARCHIVE_LIMIT)
    except Unreadable:
        return False
    with open(path, "rb") as handle:
        head = handle.read(6)
    if head[:2] == b"\x1f\x8b" or head[:3] == b"BZh" or head == b"\xfd7zXZ\x00":
        return True
    try:
        return tarfile.is_tarfile(path)
    except OSError:
        return False


class _Capped:
    """A read-only stream that refuses to give more than `limit` bytes (a decompression bomb)."""

    def __init__(self, raw, limit):
        self.raw, self.limit, self.total = raw, limit, 0

    def read(self, size=-1):
        if size is None or size < 0:
            size = self.limit + 1 - self.total
        data = self.raw.read(min(size, self.limit + 1 - self.total))
        self.total += len(data)
        if self.total > self.limit:
            raise ArchiveError(f"it unpacks to more than {self.limit // (1024 * 1024)} MiB")
        return data

    def close(self):
        self.raw.close()


def _decompressed(handle):
    import bz2
    import gzip
    import lzma

    head = handle.read(6)
    handle.seek(0)
    if head[:2] == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=handle)
    if head[:3] == b"BZh":
        return bz2.BZ2File(handle)
    if head == b"\xfd7zXZ\x00":
        return lzma.LZMAFile(handle)
    return handle


def _parts(name: str):
    """The path components of a member name, or None when it is absolute or climbs out (`..`). `.`
    and `./x` (what `tar -C ~/.hal -czf x.tgz .` writes) are HAL_DIR itself and `x` in it: []
    and ["x"]."""
    if not name or name.startswith(("/", "\\")) or "\0" in name:
        return None
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    if ".." in parts:
        return None
    return parts


def _what(member) -> str:
    if member.issym():
        return f"a symbolic link (to {member.linkname})"
    if member.islnk():
        return f"a hard link (to {member.linkname})"
    if member.ischr() or member.isblk():
        return "a device"
    if member.isfifo():
        return "a FIFO"
    return "not a regular file or directory"


def unpack(archive: str, into: str, notes: list) -> None:
    """Unpack `archive` into the empty directory `into`; each member skipped goes to `notes` as
    (source, text). ArchiveError when the archive cannot be used."""
    try:
        check_regular(archive, ARCHIVE_LIMIT)
    except Unreadable as exc:
        raise ArchiveError(str(exc)) from None
    total = count = 0
    with open(archive, "rb") as handle:
        stream = _Capped(_decompressed(handle), TOTAL_LIMIT + _HEADERS)
        try:
            with tarfile.open(fileobj=stream, mode="r|") as tar:
                for member in tar:
                    count += 1
                    if count > MAX_ENTRIES:
                        raise ArchiveError(f"it holds more than {MAX_ENTRIES:,} members")
                    shown = f"{os.path.basename(archive)}: {member.name}"
                    parts = _parts(member.name)
                    if parts is None:
                        notes.append((shown, "an absolute name or one climbing out with `..`: not unpacked "
                                             "(Halyard's backups name every file relative to ~/.hal)."))
                        continue
                    if not parts and member.isdir():
                        continue  # `.`: the directory unpacked into
                    target = os.path.join(into, *parts)
                    if not parts:
                        notes.append((shown, "names the archive's top directory but is not a directory: not unpacked."))
                        continue
                    if member.isdir():
                        _directory(into, parts, shown, notes)
                        continue
                    if not member.isreg():
                        notes.append((shown, f"{_what(member)}: not unpacked (Halyard's backups hold regular "
                                             "files only)."))
                        continue
                    if member.size > DOCUMENT_LIMIT:
                        notes.append((shown, f"{member.size:,} bytes, over the {DOCUMENT_LIMIT // (1024 * 1024)} "
                                             "MiB limit for one file: not unpacked."))
                        continue
                    total += member.size
                    if total > TOTAL_LIMIT:
                        raise ArchiveError(f"its files add up to more than {TOTAL_LIMIT // (1024 * 1024)} MiB")
                    if not _directory(into, parts[:-1], shown, notes):
                        continue
                    _write(tar, member, target)
        except (tarfile.TarError, EOFError, OSError, ValueError) as exc:
            raise ArchiveError(f"not a readable tar archive ({exc})") from None


def _directory(into, parts, shown, notes) -> bool:
    """Create `parts` under `into` as directories; False (noted) when a file stands in the way."""
    path = into
    for part in parts:
        path = os.path.join(path, part)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            os.mkdir(path, 0o700)
            continue
        if not stat.S_ISDIR(mode):
            notes.append((shown, f"{part} is a file in the archive and also a directory: not unpacked."))
            return False
    return True


def _write(tar, member, target):
    if os.path.lexists(target):
        os.unlink(target)  # a name listed twice: the last one wins, as `tar -x` and Halyard's restore do
    source = tar.extractfile(member)
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "wb") as out:
        shutil.copyfileobj(source, out)


@contextlib.contextmanager
def hal_dir_of(path: str, notes: list):
    """HAL_DIR for what the user named: a directory as it is, a `hal backup` archive unpacked into a
    temporary `.hal` directory that is removed when the block ends."""
    if not is_archive(path):
        yield path
        return
    temp = tempfile.mkdtemp(prefix="spinnaker-renderer-backup-")
    try:
        root = os.path.join(temp, ".hal")
        os.mkdir(root, 0o700)
        unpack(path, root, notes)
        yield root
    finally:
        shutil.rmtree(temp, ignore_errors=True)
