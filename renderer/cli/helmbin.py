"""Which helm the renderer runs: `$HELM_BIN`, else the first of HELM_NAMES on PATH or beside the
renderer's Python.

Its own module so that `validate -f`, `migrate` and `plan` (renderer/cli/chartcheck.py) find helm
the way the `helm` wrapper does without importing the wrapper, which imports `plan`.
"""
from __future__ import annotations

import os
import sys

NO_HELM = ("no helm executable found: none of helm, helm3, helm4 on PATH or beside the renderer's Python "
           "(install Helm 3.9+ or 4, or set HELM_BIN)")
# The names a Helm goes by, in the order they are preferred: `helm` is what the user chose to call
# Helm; `make setup` installs the pinned `helm3` and `helm4` (and nothing named `helm`) into .venv/bin.
# Helm 3 before Helm 4: it runs the post-renderer without installing a plugin anywhere.
HELM_NAMES = ("helm", "helm3", "helm4")


def find_helm() -> str | None:
    """$HELM_BIN, else the first of HELM_NAMES on PATH or beside this interpreter (the venv's bin/,
    found also when the renderer is called by path without activating the venv)."""
    import shutil

    if os.environ.get("HELM_BIN"):
        return os.environ["HELM_BIN"]
    search = os.pathsep.join(filter(None, (os.environ.get("PATH", os.defpath), os.path.dirname(sys.executable))))
    for name in HELM_NAMES:
        found = shutil.which(name, path=search)
        if found:
            return found
    return None
