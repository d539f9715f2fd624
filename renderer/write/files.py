"""Write a set of files all or nothing (for `generate` and `migrate`).

Every file is staged under a temporary name beside its target first; then files
already there are set aside and the staged ones moved into place. If any step
fails, what was placed is removed, what was set aside is put back and the
directories made for the files are removed again, so the user finds either
every new file or the old ones.
"""
from __future__ import annotations

import os


def write_all(outputs: dict) -> None:
    """Write {path: text}; on failure undo everything and re-raise the OSError."""
    staged, placed, backups, made = [], [], [], []
    try:
        for path, text in outputs.items():
            directory = os.path.dirname(os.path.abspath(path))
            made.extend(_missing(directory))
            os.makedirs(directory, exist_ok=True)
            tmp = os.path.join(directory, f".{os.path.basename(path)}.tmp")
            staged.append((tmp, path))
            with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        for _, path in staged:
            if os.path.exists(path):
                os.replace(path, path + ".bak")
                backups.append(path)
        for tmp, path in staged:
            os.replace(tmp, path)
            placed.append(path)
    except OSError:
        for path in placed:
            _quietly(os.unlink, path)
        for path in backups:
            _quietly(os.replace, path + ".bak", path)
        for tmp, _ in staged:
            _quietly(os.unlink, tmp)
        for directory in sorted(made, key=len, reverse=True):  # deepest first
            _quietly(os.rmdir, directory)
        raise
    for path in backups:
        _quietly(os.unlink, path + ".bak")


def _missing(directory: str) -> list[str]:
    """`directory` and its ancestors that do not exist yet."""
    missing = []
    while not os.path.isdir(directory) and os.path.dirname(directory) != directory:
        missing.append(directory)
        directory = os.path.dirname(directory)
    return missing


def _quietly(fn, *args) -> None:
    try:
        fn(*args)
    except OSError:
        pass
