"""Each service file written once, with the strings its data holds.

Several passes look at every service's files: the Kubernetes Secret references they make, whether
one holds a credential (ConfigMap or Secret), which of the user's Secrets each service refers to,
the placeholders nothing defines. Each file is written and walked here once for all of them; a
data object several services share (spinnaker.yml) only once in all.
"""
from __future__ import annotations

from renderer.write.config_text import to_yaml


class Written:
    """One file: `text` as it goes into the ConfigMap or Secret; `strings`, every string value of its
    data (the text itself for a file that is text, Deck's .js), collected while writing it, in the
    order written: for the checks that look at values as a set."""

    __slots__ = ("text", "strings")

    def __init__(self, data):
        if isinstance(data, str):
            self.text = data
            self.strings = [data]
        else:
            self.strings = []
            self.text = to_yaml(data, self.strings)


def write_files(files: dict) -> dict:
    """{service: {file name: Written}} for {service: {file name: data}}."""
    done: dict = {}  # id(data) -> Written; `files` keeps each data object alive while this runs
    out = {}
    for service, service_files in files.items():
        written = out[service] = {}
        for name, data in service_files.items():
            found = done.get(id(data))
            if found is None:
                found = done[id(data)] = Written(data)
            written[name] = found
    return out
