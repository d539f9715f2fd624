"""The Quickstart's path: `make demo` ends with a command that installs what it rendered, as printed.

The command is `make install` (Makefile), Helm 3 from `.venv/bin` with the post-renderer: Helm runs
the credentials hook and makes the Namespace, which a `kubectl apply` of the rendered manifests
would not. No cluster here, so the recipe `make -n install` prints is run as `helm template` (the
same chart, values and post-renderer; only the verb differs)."""
from __future__ import annotations

import os
import shlex
import subprocess
import sys

import yaml

from conftest import ROOT


def _recipe(*make_args) -> list[str]:
    printed = subprocess.run(["make", "-n", "install", *make_args], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
    lines = [line for line in printed.replace("\\\n", " ").splitlines() if "upgrade --install" in line]
    assert len(lines) == 1, printed
    return shlex.split(lines[0])


def test_the_demo_ends_with_the_install_command():
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    try:
        import demo
    finally:
        sys.path.pop(0)
    assert demo.closing().splitlines()[-1] == "make install"
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    quickstart = readme[readme.index("## Quickstart"):readme.index("\n## ", readme.index("## Quickstart") + 1)]
    assert "make install" in quickstart


def test_make_install_runs_helm_with_the_post_renderer(helm3, tmp_path):
    values = tmp_path / "my-values.yaml"
    values.write_text("halconfig:\n  timezone: UTC\n")
    command = _recipe(f"VALUES={values}")
    assert command[0] == ".venv/bin/helm3" and command[1:3] == ["upgrade", "--install"]
    assert "--post-renderer" in command and f"{values}" in command
    as_template = [str(helm3), "template"] + command[3:]
    result = subprocess.run(as_template, cwd=ROOT, capture_output=True, text=True, env=helm3.env)
    assert result.returncode == 0, result.stderr
    kinds = {(d["kind"], d["metadata"]["name"]) for d in yaml.safe_load_all(result.stdout) if d}
    assert any(k == "Job" and "credentials" in n for k, n in kinds), sorted(kinds)  # the hook Helm runs
    assert not any(k == "SpinnakerConfigBundle" for k, _ in kinds)  # post-rendered
    assert any(k == "ConfigMap" and "clouddriver-config-" in n for k, n in kinds)
