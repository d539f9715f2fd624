#!/usr/bin/env python3
"""Regenerate every file derived from the models; `--check` fails if any is stale.

Derived files:
- charts/spinnaker/values.yaml and charts/spinnaker/README.md (from renderer/generate/values_model.py; the
  README also quotes Chart.yaml's kubeVersion and ci/minimal-values.yaml);
- values-schema.json (for editors; what `spinnaker-renderer schema` prints) and
  charts/spinnaker/values.schema.json (Helm's; `schema --helm`): the JSON schema of the chart's values
  (values model + halconfig model), differing only in unknown halconfig keys (renderer/generate/json_schema.py);
- docs/halconfig-reference.md (from renderer/model/), what `spinnaker-renderer docs` prints;
- charts/spinnaker/files/services.json: the chart's copy of the service facts table
  (renderer/service_facts.py), read by the templates with `.Files.Get`;
- charts/spinnaker/Chart.yaml's `artifacthub.io/images` annotation: the images the default release pulls,
  read from its render (renderer.cli.images.py); it needs helm (`make setup` installs it), and
  without one the annotation is left as it is, with a note.
"""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def derived_files() -> dict:
    """{path relative to the repository root: content}."""
    from renderer.cli.images import CHART_YAML
    from renderer.generate.chart_readme import chart_readme
    from renderer.generate.halconfig_reference import halconfig_reference
    from renderer.generate.json_schema import schema_text
    from renderer.service_facts import CHART_FILE, chart_json
    from renderer.generate.values_yaml import values_yaml

    schema = schema_text()
    files = {
        "charts/spinnaker/values.yaml": values_yaml(),
        "charts/spinnaker/values.schema.json": schema_text(for_helm=True),
        "values-schema.json": schema,
        "charts/spinnaker/README.md": chart_readme(),
        "docs/halconfig-reference.md": halconfig_reference(),
        CHART_FILE: chart_json(),
    }
    files[CHART_YAML] = _chart_yaml(files)
    return files


def _chart_yaml(files: dict) -> str:
    """Chart.yaml with the images of the default release rendered from the chart as `files` leave it."""
    from renderer.cli.images import CHART_YAML, NoHelm, default_release_images, with_images

    chart = os.path.join(ROOT, os.path.dirname(CHART_YAML))
    with open(os.path.join(ROOT, CHART_YAML), encoding="utf-8") as handle:
        current = handle.read()
    prefix = os.path.dirname(CHART_YAML) + "/"
    in_chart = {rel[len(prefix):]: text for rel, text in files.items() if rel.startswith(prefix)}
    try:
        return with_images(current, default_release_images(chart, in_chart))
    except NoHelm as exc:
        print(f"note: {CHART_YAML}'s artifacthub.io/images left as it is: {exc}", file=sys.stderr)
        return current


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
