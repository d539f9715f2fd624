"""How `scripts/post-render` (Helm 3's post-renderer, and Helm 4's plugin from a checkout) starts Python:
isolated (-I) and without `site` (-S), site-packages added by the first import that needs them
(renderer/cli/start.py)."""
from __future__ import annotations

import os
import subprocess
import sys

import yaml

import handover
from conftest import ROOT

PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
START = ("import os, sys; sys.path.insert(0, {root!r}); from renderer.cli.start import install; install(); "
         "{code}")


def _run(code: str) -> str:
    python = PYTHON if os.path.exists(PYTHON) else sys.executable
    done = subprocess.run([python, "-I", "-S", "-c", START.format(root=ROOT, code=code)], capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_the_first_import_from_site_packages_runs_site():
    out = _run("import yaml; print(sys.flags.no_site, 'site' in sys.modules, yaml.__name__)")
    assert out == "1 True yaml"


def test_the_usual_post_render_needs_nothing_from_site_packages(tmp_path):
    # Any import the usual path tries and misses (a probe such as `from _sha2 import ...` on 3.11) would
    # run site on every helm command.
    path = tmp_path / "stream.yaml"
    path.write_text(handover.helm3_stream(handover.render({})))
    out = _run(f"from renderer.postrender import render; render(open({str(path)!r}).read(), warnings=[]); "
               "print(sorted(set(sys.modules) & {'site', 'yaml', 'urllib.parse', 'ipaddress', 'hashlib', "
               "'argparse', 'pathlib', 'typing', 'dataclasses', 'math'}))")
    # Nor the standard library's heavier modules: each costs more than a pass of the render.
    assert out == "[]"


def test_the_post_renderer_starts_without_site_and_reads_what_its_reader_declines():
    # A comment after a value is outside blockyaml's part of YAML: PyYAML (from site-packages) reads it.
    stream = handover.helm3_stream(handover.render({}))
    marked = stream.replace("\n          imagePullPolicy: IfNotPresent\n",
                            "\n          imagePullPolicy: IfNotPresent # kept\n", 1)
    assert marked != stream
    done = handover.post_render(marked)
    assert done.returncode == 0, done.stderr.decode()
    assert any(isinstance(d, dict) for d in yaml.safe_load_all(done.stdout))


def test_the_callers_python_variables_cannot_change_which_code_runs(tmp_path):
    # A PYTHONPATH entry comes before the standard library: here, a `json` of the caller's.
    (tmp_path / "json.py").write_text("raise SystemExit('the caller PYTHONPATH was used')\n")
    stream = handover.helm3_stream(handover.render({}))
    done = handover.post_render(stream, env={"PYTHONPATH": str(tmp_path)})
    assert done.returncode == 0, done.stderr.decode()


def test_with_arguments_the_cli_reads_what_its_reader_declines_too(tmp_path):
    # `--post-renderer-args` reach the CLI's parser; site-packages are still there on demand.
    stream = handover.helm3_stream(handover.render({}))
    marked = stream.replace("\n          imagePullPolicy: IfNotPresent\n",
                            "\n          imagePullPolicy: IfNotPresent # kept\n", 1)
    done = subprocess.run([handover.POST_RENDER, "--error-file", str(tmp_path / "error.txt")], input=marked.encode(),
                          capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
