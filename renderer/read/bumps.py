"""The entries of renderer/release_changes.py a release bump crosses, for `plan --to-release` and
`migrate` (the jump from Halyard's release to the one the values run): one reading for both."""
from __future__ import annotations

from ..release_changes import CHANGES
from ..releases import Release
from . import chartbundle


def _applies(entry: dict, hal: dict, state: dict) -> bool:
    when = entry.get("when") or ()
    if when and not any(chartbundle.hal_switch(hal, path) for path in when):
        return False
    for fact, wanted in (entry.get("state") or {}).items():
        if state.get(fact) not in wanted:
            return False
    return True


def crossed(old: Release, new: Release, hal: dict, state: dict) -> list:
    """The release_changes entries an upgrade from `old` to `new` crosses and that apply (in release
    order); for a downgrade, the ones it crosses backwards."""
    low, high = min(old, new), max(old, new)
    out = []
    for entry in CHANGES:
        at = Release(*(int(p) for p in entry["release"].split(".")))
        if low < at <= high and _applies(entry, hal or {}, state):
            out.append(entry)
    return sorted(out, key=lambda e: tuple(int(p) for p in e["release"].split(".")))
