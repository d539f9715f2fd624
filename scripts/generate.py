#!/usr/bin/env python3
"""Regenerate every file derived from the models; `--check` fails if any is stale.

Derived files: charts/spinnaker/values.yaml (from renderer/values_model.py).
"""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def derived_files() -> dict:
    from renderer.valuesyaml import values_yaml

    return {
        "charts/spinnaker/values.yaml": values_yaml(),
    }


def main(argv) -> int:
    check = "--check" in argv
    stale = []
    for rel, content in derived_files().items():
        path = os.path.join(ROOT, rel)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current == content:
            continue
        stale.append(rel)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(content)
    if check and stale:
        print("stale (run scripts/generate.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    for rel in stale:
        print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
