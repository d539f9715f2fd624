#!/usr/bin/env python3
"""`make demo`: the real render path, end to end, without a cluster.

1. `spinnaker-renderer generate examples/halconfig.yml build/config` (the kleat-compatible CLI);
2. the chart rendered by Helm's own engine (helm-python-sdk) with default values
   and with each examples/values-*.yaml, handed to scripts/post-render the way
   Helm 3 does (and the default release also the way Helm 4 does);
3. a summary: objects by kind, services and images.
"""
from __future__ import annotations

import collections
import glob
import os
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))  # handover: Helm's hand-over, a test harness

import handover  # noqa: E402

BUILD = os.path.join(ROOT, "build")


def _rel(path: str) -> str:
    return os.path.relpath(path, os.getcwd())


def generate_example() -> None:
    out = os.path.join(BUILD, "config")
    result = subprocess.run([sys.executable, "-m", "renderer", "generate",
                             os.path.join(ROOT, "examples", "halconfig.yml"), out],
                            cwd=ROOT, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"generate failed:\n{result.stderr}")
    print(f"generate: examples/halconfig.yml -> {_rel(out)}/ ({len(os.listdir(out))} files)")


def summarize(manifests: str) -> str:
    kinds = collections.Counter()
    services, images = [], set()
    for obj in yaml.safe_load_all(manifests):
        if not isinstance(obj, dict):
            continue
        kinds[obj.get("kind")] += 1
        if obj.get("kind") in ("Deployment", "StatefulSet"):
            labels = obj["metadata"].get("labels") or {}
            services.append(labels.get("app.kubernetes.io/component", obj["metadata"]["name"]))
            for c in obj["spec"]["template"]["spec"].get("containers", []):
                images.add(c["image"])
    lines = ["  objects: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))]
    lines.append("  workloads: " + ", ".join(sorted(services)))
    lines.extend(f"  image: {image}" for image in sorted(images))
    return "\n".join(lines)


def release(name: str, values: dict, helm4_too: bool = False) -> None:
    out_dir = os.path.join(BUILD, name)
    os.makedirs(out_dir, exist_ok=True)
    rendered = handover.render(values)
    forms = [("manifests.yaml", handover.helm3_stream(rendered))]
    if helm4_too:
        forms.append(("manifests-helm4.yaml", handover.helm4_stream(rendered)))
    for file_name, stream in forms:
        result = handover.post_render(stream)
        if result.returncode:
            sys.exit(f"post-render of {name} failed:\n{result.stderr.decode()}")
        path = os.path.join(out_dir, file_name)
        with open(path, "wb") as handle:
            handle.write(result.stdout)
        print(f"release {name}: {_rel(path)}")
    with open(os.path.join(out_dir, "manifests.yaml"), encoding="utf-8") as handle:
        print(summarize(handle.read()))


INSTALL = "make install"


def closing() -> str:
    """What to do next; the last line is the command, to run as printed. Not `kubectl apply` of a
    manifests file: Helm runs the hook that makes the release's passwords and the Namespace, and
    keeps the release for `helm upgrade` and `rollback`."""
    return (f"Everything is under {_rel(BUILD)}/. Install the default release into the cluster kubectl points at "
            "(namespace spinnaker, with .venv/bin/helm3 and the post-renderer; add VALUES=my-values.yaml for "
            f"your values):\n{INSTALL}")


def main() -> int:
    os.makedirs(BUILD, exist_ok=True)
    generate_example()
    release("default", {}, helm4_too=True)
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "values-*.yaml"))):
        name = os.path.basename(path)[len("values-"):-len(".yaml")]
        with open(path, encoding="utf-8") as handle:
            release(name, yaml.safe_load(handle) or {})
    print("\n" + closing())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
