"""Render the chart with Helm's real engine and hand it over as Helm would.

helm-python-sdk embeds Helm's Go SDK (template engine, schema validation,
lint) but has no post-renderer support, so this module builds the two
streams Helm gives a post-renderer from its output:

- Helm 3: every non-hook document as `---` + `# Source: <template>` + text;
- Helm 4: every document (hooks included) re-serialized with the
  `postrenderer.helm.sh/postrender-filename` annotation.

Used by `make demo`, the tests and the benchmarks; the product itself never
imports it.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys

from .postrender.stream import HELM4_ANNOTATION

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHART = os.path.join(ROOT, "charts", "spinnaker")
POST_RENDER = os.path.join(ROOT, "scripts", "post-render")
_SPLIT = re.compile(r"^---[ \t]*$", re.M)
_HOOK = re.compile(r"^\s+['\"]?helm\.sh/hook['\"]?\s*:", re.M)


def render(values: dict | None = None, name: str = "spin", namespace: str = "spinnaker",
           chart: str = CHART) -> dict:
    """{template path: rendered text} from Helm's engine (values merged with the chart's)."""
    import helm_python

    with helm_python.Chart.load(chart) as loaded:
        return loaded.render(values or {}, name=name, namespace=namespace, is_install=True)


def _documents(rendered: dict):
    """(template path, document text) in Helm's file order, skipping partials and NOTES."""
    for path in sorted(rendered):
        base = os.path.basename(path)
        if base.startswith("_") or not path.endswith((".yaml", ".yml", ".tpl", ".json")):
            continue
        for doc in _SPLIT.split(rendered[path]):
            if doc.strip() and any(line.strip() and not line.lstrip().startswith("#")
                                   for line in doc.splitlines()):
                yield path, doc.strip("\n") + "\n"


def is_hook(doc: str) -> bool:
    return bool(_HOOK.search(doc))


def helm3_stream(rendered: dict) -> str:
    """What Helm 3 pipes into `--post-renderer`: non-hook documents with `# Source:`."""
    return "".join(f"---\n# Source: {path}\n{doc}" for path, doc in _documents(rendered) if not is_hook(doc))


def helm4_stream(rendered: dict) -> str:
    """What Helm 4 pipes into a postrenderer/v1 plugin: re-serialized, annotated, hooks included."""
    import yaml

    out = []
    for path, doc in _documents(rendered):
        obj = yaml.safe_load(doc)
        if not isinstance(obj, dict):
            continue
        metadata = obj.setdefault("metadata", {}) or {}
        obj["metadata"] = metadata
        annotations = metadata.get("annotations") or {}
        annotations[HELM4_ANNOTATION] = path
        metadata["annotations"] = annotations
        out.append(yaml.safe_dump(obj, sort_keys=False, default_flow_style=False, width=1 << 30))
    return "---\n" + "---\n".join(out) if out else ""


def post_render(stream: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the real post-render entry point (`scripts/post-render`) on a stream."""
    return subprocess.run([POST_RENDER], input=stream.encode(), capture_output=True,
                          env=dict(os.environ, **(env or {})))


def hooks(rendered: dict) -> list:
    """The hook documents (Helm 3 applies them without post-rendering)."""
    return [doc for _, doc in _documents(rendered) if is_hook(doc)]


if __name__ == "__main__":  # pragma: no cover - a debugging aid
    sys.stdout.write(helm3_stream(render()))
