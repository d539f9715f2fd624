"""Fields set in a halconfig that the target release does not read.

The model declares, for fields that came or went with a release, which
releases read them (`Read`). Translation leaves such a field out for other
releases; this says so, so nothing is dropped silently.
"""
from __future__ import annotations

from renderer.releases import Release


def report_unread(msg, data, release: Release, report, path: tuple = ()) -> None:
    """A warning for every field in `data` (an instance of `msg`) that `release` does not read."""
    if not isinstance(data, dict):
        return
    for name, value in data.items():
        field = msg.fields.get(name)
        if field is None:
            continue
        here = path + (name,)
        if field.reads and not field.reads_for(release):
            spans = ", ".join(read.span.describe() for read in field.reads)
            report.warning(here, f"Spinnaker {release} does not read this field, so it is left out "
                                 f"(read by: {spans}).",
                           "Remove it, or target a release that reads it.")
            continue
        target = field.target
        if target is None:
            continue
        if field.repeated and isinstance(value, list):
            for index, item in enumerate(value):
                report_unread(target, item, release, report, here + (index,))
        elif field.map and isinstance(value, dict):
            for key, item in value.items():
                report_unread(target, item, release, report, here + (key,))
        else:
            report_unread(target, value, release, report, here)
