"""A release bump A -> B: what it means for this halconfig, from declared facts only.

- keys: every field set in the halconfig whose reads (renderer/model: `Read`
  spans) differ between A and B: it moves, changes form, stops or starts being read;
- removed: the fields among them that B reads nowhere, with the release that stopped;
- steps and deprecations: the entries of renderer/release_changes.py whose
  release the bump crosses and whose condition holds (renderer.read.bumps.crossed, which migrate
  reads too).
"""
from __future__ import annotations

from ..model import HAL
from ..releases import Release
from ..read.bumps import crossed  # noqa: F401  (plan lists what a bump crosses: bump.crossed)


class KeyChange:
    __slots__ = ("path", "kind", "before", "after", "release")

    def __init__(self, path, kind, before, after, release):
        self.path, self.kind, self.before, self.after, self.release = path, kind, before, after, release


class _Names(dict):
    """Placeholders of a `Read` key the translator fills in; unknown ones stay as written."""

    def __missing__(self, key):
        return "{" + key + "}"


def _names(hal: dict) -> _Names:
    from ..translate.gate import oauth2_registration

    oauth2 = ((hal.get("security") or {}).get("authn") or {}).get("oauth2")
    return _Names(registration=oauth2_registration(oauth2)) if isinstance(oauth2, dict) else _Names()


def _describe(reads, names) -> str:
    if not reads:
        return "not read"
    parts = []
    for read in reads:
        where = f"as {read.key.format_map(names)}" if read.key else "in place"
        parts.append(where + (f" ({read.how})" if read.how else ""))
    return "; ".join(parts)


def _same(a, b) -> bool:
    return [(r.key, r.how) for r in a] == [(r.key, r.how) for r in b]


def _boundary(field, low: Release, high: Release):
    """The first release after `low`, up to `high`, where the field's reads change (a declared span edge)."""
    edges = sorted({edge for read in field.reads for edge in (read.span.since, read.span.until)
                    if edge is not None and low < edge <= high})
    return edges[0] if edges else high


def _walk(msg, data, path=()):
    if not isinstance(data, dict):
        return
    for name, value in data.items():
        field = msg.fields.get(name)
        # A section switched off (Halyard files carry every one, `enabled: false`) means nothing to a bump.
        if field is None or value is None or (isinstance(value, dict) and value.get("enabled") is False):
            continue
        here = path + (name,)
        yield here, field
        target = field.target
        if target is None:
            continue
        if field.repeated and isinstance(value, list):
            for index, item in enumerate(value):
                label = item.get("name") if isinstance(item, dict) and isinstance(item.get("name"), str) else index
                yield from _walk(target, item, here + (label,))
        elif field.map and isinstance(value, dict):
            for key, item in value.items():
                yield from _walk(target, item, here + (key,))
        else:
            yield from _walk(target, value, here)


def key_changes(hal: dict, old: Release, new: Release) -> list:
    """KeyChange for every set field whose reads differ between `old` and `new`."""
    if old == new or not hal:
        return []
    low, high = min(old, new), max(old, new)
    names = _names(hal)
    out = []
    for path, field in _walk(HAL, hal):
        if not field.reads:
            continue
        before, after = field.reads_for(old), field.reads_for(new)
        if _same(before, after):
            continue
        kind = "moves" if before and after else "no longer read" if before else "now read"
        out.append(KeyChange(".".join(str(p) for p in path), kind, _describe(before, names), _describe(after, names),
                             _boundary(field, low, high)))
    return out
