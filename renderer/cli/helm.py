"""`spinnaker-renderer helm install|upgrade|template ...`: one command for Helm 3 and 4.

Built on pyhelm3's `Command` (how it finds and runs helm, and its error
classes); pyhelm3 has no post-renderer option, so `_PostRenderedCommand`
extends its command building with the right flags for the Helm in use:

- Helm 3: `--post-renderer <executable>`: scripts/post-render of a checkout,
  else the installed `spinnaker-renderer` with `--post-renderer-args post-render`;
- Helm 4: `--post-renderer spinnaker-renderer`, the plugin, installed first when
  `helm plugin list` lacks it: linked from a checkout's plugins/, else from the
  tarball `spinnaker-renderer plugin-package` writes (no checkout needed).

Without a CHART argument the chart installed with the renderer is used. The
arguments are read as helm reads them, with the flag table of the Helm in use
(`renderer.cli.helmflags`), so flags before the chart never hide it; when the chart
cannot be told, it says so. Before helm runs, the values (chart defaults, then each `-f` file) are checked
against the chart's schema and the halconfig is read the way the
post-renderer will read it, so mistakes show with their paths up front; for a
chart that is not local (repo/name, oci://) it says that helm alone checks it.
Everything else passes through to helm unchanged.
"""
from __future__ import annotations

import asyncio
import os
import sys
import tarfile
import tempfile

from renderer.cli import bundled, helmflags
from renderer.cli.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from renderer.cli.helmbin import NO_HELM, find_helm  # noqa: F401  (find_helm: the wrapper's own)
from renderer.printable import shown

PLUGIN_NAME = bundled.PLUGIN_NAME
VERBS = helmflags.VERBS


HelmArgs = helmflags.HelmArgs


def _pipes_as_files(parsed: HelmArgs, directory: str) -> list[str]:
    """The arguments with each `-f` pipe or `-` the check read (renderer.read.bounded.read_given)
    replaced by a file in `directory` holding what it held: helm would find the pipe empty."""
    from renderer.cli.chartcheck import regular_files

    files = parsed.values_files
    return parsed.with_values_files({f: c for f, c in zip(files, regular_files(files, directory)) if f != c})


def _namespace(parsed: HelmArgs) -> str:
    """The release namespace helm will use: -n/--namespace, else $HELM_NAMESPACE, else default."""
    given = parsed.values("--namespace")
    return (given[-1] if given else "") or os.environ.get("HELM_NAMESPACE") or "default"


def with_chart(parsed: HelmArgs) -> HelmArgs:
    """The command with the installed chart appended when it names none.

    `install/upgrade RELEASE` (`install --generate-name`: nothing) lacks one;
    `template X` takes X as the chart when it exists locally or looks like one
    (repo/name, oci://, a path), else as the release name."""
    found = parsed.positionals
    if parsed.verb == "template":
        named = len(found) >= 2 or (len(found) == 1 and _looks_like_chart(found[0]))
    elif parsed.generates_name:
        named = len(found) >= 1
    else:
        named = len(found) != 1  # none: helm says the release name is missing
    return parsed if named else HelmArgs(parsed.args + [bundled.chart_dir()], parsed.major)


def _looks_like_chart(arg: str) -> bool:
    return os.path.exists(arg) or "/" in arg or ":" in arg


def find_chart(parsed: HelmArgs) -> tuple[str | None, str]:
    """(the CHART argument, "") or (None, why it cannot be told)."""
    found = parsed.positionals
    wanted = 1 if parsed.generates_name or (parsed.verb == "template" and len(found) == 1) else 2
    if len(found) == wanted:
        return found[-1], ""
    why = (f"`helm {parsed.verb}` takes {'CHART' if wanted == 1 else 'RELEASE CHART'}, "
           f"but {len(found)} argument{'s' if len(found) != 1 else ''} remain{'s' if len(found) == 1 else ''} "
           f"after the flags ({' '.join(found) or 'none'})")
    if parsed.unknown:
        why += (f"; Helm {parsed.major}'s `{parsed.verb}` has no flag {', '.join(parsed.unknown)} (if it takes a value, "
                "write it as --flag=value)")
    return None, why


def _chart_files(chart: str) -> tuple[str | None, str | None]:
    """(values.yaml text, values.schema.json text) of a local chart directory or packaged .tgz."""
    if os.path.isdir(chart):
        def read(name):
            path = os.path.join(chart, name)
            if not os.path.exists(path):
                return None
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        return read("values.yaml"), read("values.schema.json")
    with tarfile.open(chart) as archive:
        def member(name):
            top = [m for m in archive.getmembers() if m.name.count("/") == 1 and m.name.endswith("/" + name)]
            return archive.extractfile(top[0]).read().decode("utf-8") if top else None
        return member("values.yaml"), member("values.schema.json")


def check_values(parsed: HelmArgs, report_out: list | None = None) -> list[str]:
    """Problems in the values the command would use; [] when they look fine. `report_out` gets the
    halconfig's report."""
    import json

    import yaml

    from renderer.read.inputs import check_values as verdict, merge_values, schema_problems

    chart, why = find_chart(parsed)
    values, schema = {}, None
    if chart is None:
        print(f"spinnaker-renderer helm: cannot tell which argument is the chart: {shown(why)}. Its values are "
              "checked by helm only.", file=sys.stderr)
    elif os.path.isdir(chart) or (os.path.isfile(chart) and tarfile.is_tarfile(chart)):
        try:
            defaults, schema = _chart_files(chart)
        except (OSError, tarfile.TarError, UnicodeDecodeError) as exc:
            return [f"cannot read the chart {shown(chart)}: {exc}"]
        values = yaml.safe_load(defaults or "") or {}
    else:
        print(f"spinnaker-renderer helm: {shown(chart)} is not a local chart; "
              "its values are checked by helm only.", file=sys.stderr)
    from renderer.problems import InvalidHalconfig
    from renderer.read.bounded import DOCUMENT_LIMIT, Unreadable, read_given
    from renderer.read.yaml11 import NotText, decode, load_as_helm

    for path in parsed.values_files:
        try:
            text = decode(read_given(path, DOCUMENT_LIMIT), "<stdin>" if path == "-" else path)
            data, warnings = load_as_helm(text, path)  # read as `validate -f` (and Helm) read it
            for problem in warnings:
                print(problem.render(path), file=sys.stderr)
            values = merge_values(values, data or {})
        except Unreadable as exc:
            return [f"cannot read values file {shown(path)}: {exc}"]
        except NotText as exc:
            return [str(exc)]
        except InvalidHalconfig as exc:
            return [p.render(path) for p in exc.report.errors]
    if schema:
        problems = schema_problems(values, json.loads(schema))
        if problems:
            return problems
    try:
        _, _, report = verdict(values, namespace=_namespace(parsed))  # the post-renderer's, before helm runs
    except InvalidHalconfig as exc:  # a --set-file halconfig that is not YAML
        return [p.render() for p in exc.report.errors]
    for problem in report.warnings:
        print(problem.render(), file=sys.stderr)
    if report_out is not None:
        report_out.append(report)
    return [p.render() for p in report.errors]


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
                # Before a `--`, after which helm reads everything as an argument.
                end = command.index("--") if "--" in command else len(command)
                command = list(command[:end]) + self.post_render_args + list(command[end:])
            return await super().run(command, input)

    return PostRenderedCommand


def _helm_major(helm: str) -> int:
    from pyhelm3 import Command

    return Command(executable=helm).client_version().major


def helm_data_home() -> str:
    """Helm's data home, as Helm computes it (HELM_DATA_HOME, else the platform's XDG data dir)."""
    if os.environ.get("HELM_DATA_HOME"):
        return os.environ["HELM_DATA_HOME"]
    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/helm")
    return os.path.join(os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "helm")


def helm4_plugin_home() -> str:
    """Where the wrapper installs the Helm 4 plugin: a data home of its own inside Helm's (Helm 3 reads
    only `<data home>/plugins`). Helm 3 reads every
    plugin.yaml in its plugins directory and refuses the whole list over the Helm 4 format
    (`unknown field "apiVersion"`), so the Helm 4 plugin must not sit where Helm 3 looks."""
    return os.path.join(helm_data_home(), "spinnaker-renderer-helm4")


def use_helm4_plugins() -> str:
    """Point this process's Helm 4 runs at the plugin, the way Helm 4 looks plugins up: a user's own
    HELM_PLUGINS is kept (the plugin is installed there); otherwise HELM_PLUGINS lists the wrapper's
    Helm-4-only directory, then Helm's usual one (the user's other plugins stay visible). Returns the
    data home to install into (Helm 4.1.4 installs under HELM_DATA_HOME/plugins whatever HELM_PLUGINS says)."""
    own = os.environ.get("HELM_PLUGINS")
    if own:
        first = own.split(os.pathsep)[0]
        return os.path.dirname(first) if os.path.basename(first.rstrip("/")) == "plugins" else helm_data_home()
    home = helm4_plugin_home()
    os.environ["HELM_PLUGINS"] = os.pathsep.join((os.path.join(home, "plugins"),
                                                  os.path.join(helm_data_home(), "plugins")))
    return home


def _ensure_plugin(command) -> None:
    install_home = use_helm4_plugins()
    listed = asyncio.run(command.run(["plugin", "list"])).decode()
    if any(line.split()[:1] == [PLUGIN_NAME] for line in listed.splitlines()):
        return
    saved = os.environ.get("HELM_DATA_HOME")
    os.environ["HELM_DATA_HOME"] = install_home
    try:
        source = bundled.plugin_dir()
        if source == os.path.join(bundled.ROOT, "plugins", PLUGIN_NAME):  # a checkout: link it, edits apply at once
            asyncio.run(command.run(["plugin", "install", source]))
        else:
            with tempfile.TemporaryDirectory(prefix="spinnaker-renderer-plugin-") as tmp:
                source = bundled.write_plugin_tarball(tmp)
                # Our own tarball, written a moment ago: it has no signature to verify.
                asyncio.run(command.run(["plugin", "install", source, "--verify=false"]))
    finally:
        if saved is None:
            os.environ.pop("HELM_DATA_HOME", None)
        else:
            os.environ["HELM_DATA_HOME"] = saved
    print(f"installed the Helm 4 plugin {PLUGIN_NAME} from {source} into {install_home}/plugins (where Helm 3 "
          "does not look)", file=sys.stderr)


# `helm get manifest` flags `helm diff` passes on (which cluster and namespace the release is in).
_GET_FLAGS = ("-n", "--namespace", "--kube-context", "--kubeconfig", "--revision")


def _no_helm() -> int:
    print(f"spinnaker-renderer helm: {NO_HELM}.", file=sys.stderr)
    return EXIT_USAGE


def diff(args) -> int:
    """`helm diff RELEASE -f NEW.yaml... [plan options]`: the plan from the release as installed
    (`helm get manifest`: the post-rendered manifests Helm stored) to the new values."""
    import subprocess

    from renderer.cli.plan import run as plan

    release, get_flags, plan_args = None, [], []
    rest = iter(args)
    for arg in rest:
        name = arg.split("=", 1)[0]
        if name in _GET_FLAGS:
            get_flags.append(arg if "=" in arg else f"{arg}={next(rest, '')}")
        elif release is None and not arg.startswith("-"):
            release = arg
        else:
            plan_args.append(arg)
    if release is None:
        print("usage: spinnaker-renderer helm diff RELEASE [-n NAMESPACE] -f NEW.yaml... [--format markdown]",
              file=sys.stderr)
        return EXIT_USAGE
    helm = find_helm()
    if not helm:
        return _no_helm()
    got = subprocess.run([helm, "get", "manifest", release, *get_flags], capture_output=True)
    if got.returncode:
        sys.stderr.write(got.stderr.decode(errors="replace"))
        return EXIT_INVALID
    with tempfile.NamedTemporaryFile("wb", suffix=".yaml", prefix=f"{release}-manifest-") as handle:
        handle.write(got.stdout)
        handle.flush()
        return plan(["--from-manifests", handle.name, "--release", release, "--to", *plan_args])


def run(helm_args) -> int:
    if helm_args[:1] == ["diff"]:
        return diff(helm_args[1:])
    if not helm_args or helm_args[0] not in VERBS:
        print("usage: spinnaker-renderer helm install|upgrade|template RELEASE [CHART] [helm flags...]\n"
              "       spinnaker-renderer helm diff RELEASE [-n NAMESPACE] -f NEW.yaml... [--format markdown]",
              file=sys.stderr)
        return EXIT_USAGE
    helm = find_helm()
    if not helm:
        return _no_helm()

    import subprocess

    from pyhelm3 import errors as helm_errors

    major = 0
    try:
        major = _helm_major(helm)  # first: the flags helm takes (and so where the chart is) depend on it
        return _checked_run(helm, with_chart(HelmArgs(helm_args, major)))
    except helm_errors.Error as exc:
        said = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else str(exc)
        sys.stderr.write(said)
        if major >= 4 and "exited with error" in said:
            _show_last_error(said)
        return exc.returncode or 1
    except (FileNotFoundError, OSError, subprocess.CalledProcessError, ValueError) as exc:
        print(f"spinnaker-renderer helm: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _checked_run(helm: str, parsed: HelmArgs) -> int:
    """Check the values, then run helm with the post-renderer wired in."""
    major = parsed.major
    if parsed.bad_values:  # helm refuses these too; which files they name cannot be told
        for line in parsed.bad_values:
            print(f"spinnaker-renderer helm: {line}; helm was not run.", file=sys.stderr)
        return EXIT_USAGE
    checked: list = []
    problems = check_values(parsed, checked)
    if problems:
        for line in problems:
            print(line if line.startswith("error") else f"error: {line}", file=sys.stderr)
        files = " ".join(f"-f {shown(f)}" for f in parsed.values_files)
        # In the namespace and as the release helm was given: the checks depend on both.
        release = parsed.positionals[0] if len(parsed.positionals) == 2 and not parsed.generates_name else ""
        flags = f" -n {_namespace(parsed)}" + (f" --release-name {release}" if release else "")
        print(f"spinnaker-renderer helm: the values are not valid; helm was not run. Reproduce with: "
              f"spinnaker-renderer validate {files}{flags}", file=sys.stderr)
        return EXIT_INVALID
    # The plugin (installed from the tarball) runs this renderer even when it is not on PATH.
    exe = bundled.renderer_executable()
    if exe and not os.environ.get(bundled.RENDERER_ENV):
        os.environ[bundled.RENDERER_ENV] = exe
    if major >= 4:
        flags = ["--post-renderer", PLUGIN_NAME]
    else:
        flags = bundled.helm3_post_renderer()
    command = _command_class()(executable=helm, post_render_args=flags)
    if major >= 4:
        _ensure_plugin(command)
    from renderer.postrender import WARNINGS_FILE

    with tempfile.TemporaryDirectory(prefix="spinnaker-renderer-") as tmp:
        helm_args = _pipes_as_files(parsed, tmp)
        warnings = os.path.join(tmp, "warnings.txt")
        os.environ[WARNINGS_FILE] = warnings  # the post-renderer's own warnings, shown after helm
        try:
            output = asyncio.run(command.run(list(helm_args)))
        finally:
            os.environ.pop(WARNINGS_FILE, None)
            if os.path.exists(warnings):
                with open(warnings, encoding="utf-8") as handle:  # once each, however often helm ran it
                    lines = list(dict.fromkeys(handle.readlines()))
                if checked:
                    from renderer.cli.typedwarnings import not_said

                    lines = not_said(lines, checked[0])
                sys.stderr.writelines(lines)
    sys.stdout.buffer.write(output)
    return EXIT_OK


def _show_last_error(said: str = "") -> None:
    """The kept reason of Helm 4's failed plugin, unless the plugin wrote it to helm's stderr (`said`)."""
    from renderer import lasterror

    reason = lasterror.read()
    if reason is not None and reason.strip() not in said:
        print("post-renderer: " + reason.strip(), file=sys.stderr)
