"""Which helm the renderer runs: `$HELM_BIN`, else the `helm` on PATH.

Its own module so that `validate -f`, `migrate` and `plan` (renderer/cli/chartcheck.py) find helm
the way the `helm` wrapper does without importing the wrapper, which imports `plan`.
"""
from __future__ import annotations

import os


def find_helm() -> str | None:
    import shutil

    return os.environ.get("HELM_BIN") or shutil.which("helm")
