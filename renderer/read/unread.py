"""Fields set in a halconfig that the target release does not read.

The model declares, for fields that came or went with a release, which
releases read them (`Read`). Translation leaves such a field out for other
releases; this says so, so nothing is dropped silently.
"""
from __future__ import annotations

from renderer.model.walk import fields_toward
from renderer.releases import Release


def report_unread(msg, data, release: Release, report, path: tuple = ()) -> None:
    """A warning for every field in `data` (an instance of `msg`) that `release` does not read."""
    def unread(field):
        return bool(field.reads) and not field.reads_for(release)

    question = ("unread", release)

    # Guided by the model: only messages that declare (or lead to) a field some release leaves
    # unread are visited, so a large halconfig's accounts are skipped when none of theirs is.
    def visit(msg, data, path):
        routes = fields_toward(msg, question, unread, free_form=False)
        if not routes or not isinstance(data, dict):
            return
        for name, value in data.items():
            field = routes.get(name)
            if field is None:
                continue
            here = path + (name,)
            if unread(field):
                spans = ", ".join(read.span.describe() for read in field.reads)
                report.warning(here, f"Spinnaker {release} does not read this field, so it is left out "
                                     f"(read by: {spans}).",
                               "Remove it, or target a release that reads it.")
                continue
            target = field.target
            if field.repeated and isinstance(value, list):
                for index, item in enumerate(value):
                    visit(target, item, here + (index,))
            elif field.map and isinstance(value, dict):
                for key, item in value.items():
                    visit(target, item, here + (key,))
            else:
                visit(target, value, here)

    visit(msg, data, tuple(path))
