"""Where a post-render failure is kept, so `last-error` and the `helm` wrapper can show it.

Helm 4 never shows a post-renderer plugin's stderr, so the reason is also written
to a file: `--error-file`, else $SPINNAKER_RENDERER_ERROR_FILE, else
`$XDG_CACHE_HOME/spinnaker-renderer/last-error.txt` (~/.cache when unset).
"""
from __future__ import annotations

import os

ERROR_FILE_ENV = "SPINNAKER_RENDERER_ERROR_FILE"


def error_file(explicit: str | None = None) -> str:
    """The error file's path: `explicit` (--error-file), else the environment's, else the cache's."""
    if explicit:
        return explicit
    if os.environ.get(ERROR_FILE_ENV):
        return os.environ[ERROR_FILE_ENV]
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "spinnaker-renderer", "last-error.txt")


def keep(message: str, explicit: str | None = None) -> None:
    path = error_file(explicit)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(message + "\n")
    except OSError:
        pass  # the reason is on stderr already; a read-only home must not hide it


def forget(explicit: str | None = None) -> None:
    """A success makes an earlier failure's reason stale: remove it."""
    try:
        os.unlink(error_file(explicit))
    except OSError:
        pass


def read() -> str | None:
    """The kept reason, or None when there is none (or it cannot be read)."""
    try:
        with open(error_file(), encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return None
