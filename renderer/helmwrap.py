"""`spinnaker-renderer helm install|upgrade|template ...`: one command for Helm 3 and 4.

Built on pyhelm3's `Command` (how it finds and runs helm, and its error
classes); pyhelm3 has no post-renderer option, so `_PostRenderedCommand`
extends its command building with the right flags for the Helm in use:

- Helm 3: `--post-renderer <executable>` (scripts/post-render of this checkout);
- Helm 4: `--post-renderer spinnaker-renderer`, the plugin, installed from
  plugins/spinnaker-renderer first when `helm plugin list` lacks it.

Before helm runs, the values (chart defaults, then each `-f` file) are checked
against the chart's schema and the halconfig is read the way the
post-renderer will read it, so mistakes show with their paths up front.
Everything else passes through to helm unchanged.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import sys

from .cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN_NAME = "spinnaker-renderer"
PLUGIN_DIR = os.path.join(ROOT, "plugins", PLUGIN_NAME)
POST_RENDER_SCRIPT = os.path.join(ROOT, "scripts", "post-render")
VERBS = ("install", "upgrade", "template")
_VALUE_FLAGS = ("-f", "--values")


def find_helm() -> str | None:
    return os.environ.get("HELM_BIN") or shutil.which("helm")


def _values_files(args) -> list[str]:
    files = []
    for i, arg in enumerate(args):
        if arg in _VALUE_FLAGS and i + 1 < len(args):
            files.extend(args[i + 1].split(","))
        elif arg.startswith("--values="):
            files.extend(arg.split("=", 1)[1].split(","))
        elif arg.startswith("-f") and len(arg) > 2:
            files.extend(arg[2:].lstrip("=").split(","))
    return [f for f in files if f and f != "-"]


def _chart_dir(args) -> str | None:
    """The chart argument when it is a local directory (install/upgrade/template RELEASE CHART)."""
    positional = [a for i, a in enumerate(args[1:], 1)
                  if not a.startswith("-") and args[i - 1] not in _VALUE_FLAGS + ("--set", "--namespace", "-n")]
    for candidate in positional[1:2]:
        if os.path.isdir(candidate):
            return candidate
    return None


def check_values(args) -> list[str]:
    """Problems in the values the command would use; [] when they look fine."""
    import json

    import yaml

    from .inputs import check_values as verdict, merge_values

    chart = _chart_dir(args)
    values = {}
    if chart and os.path.exists(os.path.join(chart, "values.yaml")):
        with open(os.path.join(chart, "values.yaml"), encoding="utf-8") as handle:
            values = yaml.safe_load(handle) or {}
    from .problems import InvalidHalconfig
    from .yamlread import load

    for path in _values_files(args):
        try:
            with open(path, encoding="utf-8") as handle:
                values = merge_values(values, load(handle.read(), path) or {})  # read as `validate -f` reads it
        except OSError as exc:
            return [f"cannot read values file {path}: {exc.strerror}"]
        except InvalidHalconfig as exc:
            return [p.render(path) for p in exc.report.errors]
    problems = []
    schema_path = os.path.join(chart, "values.schema.json") if chart else None
    if schema_path and os.path.exists(schema_path):
        import jsonschema

        with open(schema_path, encoding="utf-8") as handle:
            validator = jsonschema.Draft7Validator(json.load(handle))
        for error in sorted(validator.iter_errors(values), key=lambda e: list(e.absolute_path)):
            where = ".".join(str(p) for p in error.absolute_path) or "(values)"
            problems.append(f"values: {where}: {error.message}")
    if problems:
        return problems
    try:
        _, _, report = verdict(values)  # the post-renderer's verdict, before helm runs
    except InvalidHalconfig as exc:  # a --set-file halconfig that is not YAML
        return [p.render() for p in exc.report.errors]
    for problem in report.warnings:
        print(problem.render(), file=sys.stderr)
    return [p.render() for p in report.errors]


def _post_render_executable() -> str:
    if os.access(POST_RENDER_SCRIPT, os.X_OK):
        return POST_RENDER_SCRIPT
    found = shutil.which("spinnaker-renderer")
    if not found:
        raise FileNotFoundError("no post-renderer found (scripts/post-render or spinnaker-renderer on PATH)")
    return found


def _command_class():
    import logging

    from pyhelm3 import Command

    # pyhelm3 logs each failing command; helm's own message is printed instead.
    logging.getLogger("pyhelm3").setLevel(logging.ERROR)

    class PostRenderedCommand(Command):
        """pyhelm3's Command with our post-renderer wired into every render."""

        def __init__(self, *, post_render_args, **kwargs):
            super().__init__(**kwargs)
            self.post_render_args = list(post_render_args)

        async def run(self, command, input=None):
            if command and command[0] in VERBS:
                command = list(command) + self.post_render_args
            return await super().run(command, input)

    return PostRenderedCommand


def _helm_major(helm: str) -> int:
    from pyhelm3 import Command

    return Command(executable=helm).client_version().major


def _ensure_plugin(command) -> None:
    listed = asyncio.run(command.run(["plugin", "list"])).decode()
    if any(line.split()[:1] == [PLUGIN_NAME] for line in listed.splitlines()):
        return
    if not os.path.isdir(PLUGIN_DIR):
        raise FileNotFoundError(f"the Helm 4 plugin is not installed and {PLUGIN_DIR} does not exist")
    asyncio.run(command.run(["plugin", "install", PLUGIN_DIR]))
    print(f"installed the helm plugin {PLUGIN_NAME} from {PLUGIN_DIR}", file=sys.stderr)


def run(helm_args) -> int:
    if not helm_args or helm_args[0] not in VERBS:
        print("usage: spinnaker-renderer helm install|upgrade|template RELEASE CHART [helm flags...]",
              file=sys.stderr)
        return EXIT_USAGE
    helm = find_helm()
    if not helm:
        print("spinnaker-renderer helm: no helm executable found (install Helm 3.9+ or 4, or set HELM_BIN).",
              file=sys.stderr)
        return EXIT_USAGE
    problems = check_values(helm_args)
    if problems:
        for line in problems:
            print(line if line.startswith("error") else f"error: {line}", file=sys.stderr)
        files = " ".join(f"-f {f}" for f in _values_files(helm_args))
        print(f"spinnaker-renderer helm: the values are not valid; helm was not run. Reproduce with: "
              f"spinnaker-renderer validate {files}".rstrip(), file=sys.stderr)
        return EXIT_INVALID

    import subprocess

    from pyhelm3 import errors as helm_errors

    major = 0
    try:
        major = _helm_major(helm)
        if major >= 4:
            flags = ["--post-renderer", PLUGIN_NAME]
        else:
            flags = ["--post-renderer", _post_render_executable()]
        command = _command_class()(executable=helm, post_render_args=flags)
        if major >= 4:
            _ensure_plugin(command)
        output = asyncio.run(command.run(list(helm_args)))
    except helm_errors.Error as exc:
        sys.stderr.write(exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else str(exc))
        if major >= 4 and b"exited with error" in (exc.stderr or b""):
            _show_last_error()
        return exc.returncode or 1
    except (FileNotFoundError, OSError, subprocess.CalledProcessError, ValueError) as exc:
        print(f"spinnaker-renderer helm: {exc}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.buffer.write(output)
    return EXIT_OK


def _show_last_error() -> None:
    from .postrender import ERROR_FILE_ENV, default_error_file

    path = os.environ.get(ERROR_FILE_ENV) or default_error_file()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            print("post-renderer: " + handle.read().strip(), file=sys.stderr)
