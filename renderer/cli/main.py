"""`spinnaker-renderer`: generate, validate, images, migrate, post-render, schema, docs, helm.

Exit codes: 0 success, 1 invalid input, 2 usage. User errors are reported on
stderr as `error: <halconfig path> (<file>:<line>): <what>. <how to fix>`,
never as a traceback. Heavy modules are imported inside the commands that
need them, so `post-render` starts fast (argparse too: it never parses its
one argument with it).
"""
from __future__ import annotations

import os
import sys

from renderer.cli.exits import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from renderer.printable import shown
from renderer.problems import ERROR, NOTE, WARNING, InvalidHalconfig


class UsageError(Exception):
    pass


def _parser():
    """The CLI's argparse parser (argparse is imported here: the post-render path never needs it)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="spinnaker-renderer",
        description="Translate a halconfig into Spinnaker service configs; Helm post-renderer.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    def halconfig_args(p, optional=False):
        p.add_argument("halconfig", nargs="?" if optional else None,
                       help="kleat halconfig, Halyard ~/.hal/config file or ~/.hal directory ('-' for stdin)")
        p.add_argument("--deployment", metavar="NAME",
                       help="Halyard files: the deployment to use (default: currentDeployment)")
        p.add_argument("--strict", action="store_true", help="refuse unknown fields instead of ignoring them")
        p.add_argument("--release", metavar="VERSION",
                       help="the Spinnaker release to write for, e.g. 2026.4.0 (default: the halconfig's version)")
        p.add_argument("--kleat-compat", action="store_true",
                       help="accept, with a warning, what kleat accepted but Spinnaker cannot use (nameless "
                            "accounts, dangling references, a version that names no release, translated for the "
                            "1.x line as kleat did); changes nothing else")

    gen = sub.add_parser("generate", help="write the 13 service config files (kleat-compatible)")
    halconfig_args(gen)
    gen.add_argument("outdir", help="directory to write into (created if missing)")
    gen.add_argument("-v", "--verbose", action="store_true", help="also list Halyard conversions")

    def release_args(p, values_help):
        p.add_argument("-f", "--values", action="append", default=[], metavar="FILE",
                       help="chart values file, as given to helm (repeatable; later files win, as in Helm): "
                            + values_help)
        p.add_argument("-n", "--namespace", default="default",
                       help="the release namespace, as given to helm (Kubernetes Secret references are checked "
                            "against it)")
        p.add_argument("--release-name", metavar="NAME", default="spinnaker",
                       help="the Helm release name, as given to helm (default: spinnaker): it is part of every "
                            "object's name, so names Kubernetes would refuse show only under the real one")

    val = sub.add_parser("validate", help="check a halconfig (or the chart's values files) and report, writing nothing")
    halconfig_args(val, optional=True)
    release_args(val, "checks its `halconfig` the way the chart's post-renderer will, then renders the chart "
                      "with them (helm template, no cluster) and runs the post-renderer's checks on it")

    images = sub.add_parser(
        "images", help="print every image the release pulls, one per line (for mirroring before an air-gapped "
                       "install)",
        description="Renders the chart with the values files as `validate -f` does (helm template and the "
                    "post-renderer, no cluster) and prints the image of every container, init container and "
                    "ephemeral container in it, hooks and the `helm test` Pod included: sorted, each once. "
                    "Without -f: the chart's defaults. On an error nothing is printed to stdout.")
    release_args(images, "the release is rendered with them (default: the chart's defaults only)")
    images.set_defaults(halconfig=None, deployment=None, strict=False, release=None, kleat_compat=False)

    mig = sub.add_parser("migrate", help="turn a Halyard directory (~/.hal) into chart values, a Secret and a report")
    mig.add_argument("hal_dir", metavar="HAL_DIR",
                     help="Halyard's directory (holding `config`), usually ~/.hal, or an archive `hal backup create` "
                          "wrote (.tar, .tar.gz); symbolic links leading out of it are not followed, special files "
                          "not opened, and each file is read up to 1 MiB (the config up to 16 MiB)")
    mig.add_argument("--deployment", metavar="NAME", help="the deployment to migrate (default: currentDeployment)")
    mig.add_argument("-o", "--output", metavar="VALUES", help="write the values here (default: stdout)")
    mig.add_argument("--secrets-dir", metavar="DIR",
                     help="write the Secret manifests (referenced files, inline credentials) here (default: print "
                          "the kubectl commands for the files' Secrets)")
    mig.add_argument("--report", metavar="FILE", help="also write the report here as Markdown")
    mig.add_argument("--namespace", metavar="NAME",
                     help="the namespace Halyard's install runs in, when the config's deploymentEnvironment.location "
                          "is a placeholder (SPINNAKER_NAMESPACE) or wrong: the release uses Halyard's Redis there "
                          "and the report's commands name it (default: the config's location)")
    mig.add_argument("--release-name", metavar="NAME", default="spinnaker",
                     help="the Helm release name the values will be installed as (default: spinnaker), as given to "
                          "helm: Halyard's Service names (spin-orca, spin-clouddriver-rw) in proxy settings, profiles "
                          "and env become the release's (e.g. spinnaker-orca), and the values are judged as it")
    mig.add_argument("--include", action="append", default=[], metavar="PATH",
                     help="also read this file, or the files under this directory, where the config names them "
                          "outside HAL_DIR (e.g. --include ~/.kube); repeatable. Without it nothing outside HAL_DIR "
                          "is read: the report lists each such file with the command that adds it")

    post = sub.add_parser("post-render", help="Helm post-renderer: manifests on stdin, manifests on stdout")
    post.add_argument("--error-file", metavar="PATH",
                      help="also write the failure reason here (Helm 4 hides a plugin's stderr); "
                           "default: $SPINNAKER_RENDERER_ERROR_FILE")

    plan = sub.add_parser(
        "plan", help="say what a values change or a release bump will do: services that roll, keys that change, "
                     "one-time steps, state touched (exit 0 none, 2 changes, 3 `helm upgrade` would be refused, "
                     "1 refused or invalid)",
        description="Arguments: (-f OLD.yaml... | --from-manifests FILE) (--to -f NEW.yaml... | --to-release "
                    "VERSION) [--release NAME] [--namespace NS] [--format text|markdown] "
                    "[--migrated redis|mysql|front50|orca] [--all]. "
                    "--from-manifests: the current side is a rendered release (`helm get manifest RELEASE`), whose "
                    "objects say the release name and namespace the new values are rendered as; "
                    "--release/--namespace: the release two sets of values are rendered as (default spinnaker); "
                    "--to-release: the current values at another Spinnaker release; --migrated: state that "
                    "this store's data has been moved, so a change that switches it is planned, not refused; "
                    "--all: every changed key (default: 40 per service). Exit codes: 0 no changes; 2 changes; "
                    "3 changes `helm upgrade` cannot make (a StatefulSet's volumeClaimTemplates, serviceName or "
                    "selector, a Deployment's selector: Kubernetes refuses them; the plan gives the steps); "
                    "1 refused (the change would lose data) or invalid input.")
    plan.add_argument("plan_args", nargs=argparse.REMAINDER, help="see the description")
    sub.add_parser("last-error", help="print the reason the last post-render failed (Helm 4 hides it)")
    schema = sub.add_parser("schema", help="print the JSON schema of the chart's values (for editors)")
    schema.add_argument("--helm", action="store_true",
                        help="the chart's values.schema.json instead: unknown halconfig keys left to the renderer")
    sub.add_parser("docs", help="print the halconfig reference as Markdown")
    helm = sub.add_parser("helm", help="run helm install/upgrade/template with the post-renderer wired in")
    helm.add_argument("helm_args", nargs=argparse.REMAINDER,
                      help="install|upgrade|template RELEASE [CHART] [helm flags...], or diff RELEASE "
                           "[-n NAMESPACE] -f NEW.yaml... (a plan from the installed release)")
    plugin = sub.add_parser("plugin-package", help="write the Helm 4 plugin as a tarball for `helm plugin install`")
    plugin.add_argument("-o", "--output", metavar="DIR", default=".", help="directory to write into (default: .)")
    sub.add_parser("chart-path", help="print the directory of the chart installed with the renderer")
    return parser


def _read_source(path: str) -> tuple[str, str]:
    """(text, name) of a halconfig or values file named on the command line; UsageError/_InputError on
    failure."""
    from renderer.read.bounded import DOCUMENT_LIMIT, Unreadable, read_given
    from renderer.read.yaml11 import NotText, decode

    name = "<stdin>" if path == "-" else path
    try:
        raw = read_given(path, DOCUMENT_LIMIT)  # a file, a pipe (`<(...)`) or stdin
    except Unreadable as exc:
        raise UsageError(f"cannot read {name}: {exc}") from None
    try:
        return decode(raw, name), name
    except NotText as exc:
        raise _InputError(f"error: {exc}") from None


class _InputError(Exception):
    pass


def _print_problems(report, text: str, source: str, levels) -> None:
    shown = [p for p in report.problems if p.level in levels]
    if not shown:
        return
    if text:
        from renderer.read.yaml11 import typed_as_written

        typed_as_written(report, text)
    missing = [p.path for p in shown if p.line is None]
    if missing and text:
        from renderer.read.yaml11 import locate

        lines = locate(text, missing)
        for p in shown:
            if p.line is None:
                p.line = lines.get(p.path)
    for p in shown:
        print(p.render(source, cli=True), file=sys.stderr)


def _requested_release(args):
    from renderer.releases import Release, UnsupportedRelease

    if args.release is None:
        return None
    try:
        return Release.parse(args.release)
    except UnsupportedRelease as exc:
        raise UsageError(f"--release: {exc}") from None


def _load(args, writes: bool = True):
    """(hal, release, report, text, source) or raise InvalidHalconfig; `writes`: the command writes files
    (the summary says that none were)."""
    from renderer.read import halconfig

    requested = _requested_release(args)
    data, text, source = _read_halconfig(args.halconfig)
    hal, release, report = halconfig.read_for_release(data, requested, deployment=args.deployment,
                                                      strict=args.strict, kleat_compat=args.kleat_compat)
    if not report.ok:
        raise InvalidHalconfig(report, source, text=text,
                               summary=_summary(shown(source), len(report.errors), wrote_nothing=writes))
    return hal, release, report, text, source


def _read_halconfig(path: str):
    """(data, text, source) of a halconfig file, or of the config of a Halyard directory (~/.hal) read
    as `migrate` reads it (renderer.migrate.haldir)."""
    from renderer.read.yaml11 import load

    if path != "-" and os.path.isdir(path):
        from renderer.migrate.haldir import open_hal_dir

        hal_dir = open_hal_dir(path)
        if hal_dir.unreadable:
            raise UsageError(f"cannot read {hal_dir.config_path}: {hal_dir.unreadable} (a Halyard directory holds "
                             "Halyard's `config` file)")
        if not hal_dir.findings.ok:
            raise _InputError("\n".join(f"error: {e}" for e in hal_dir.findings.errors))
        if not hal_dir.report.ok:
            raise InvalidHalconfig(hal_dir.report, hal_dir.config_path)
        return hal_dir.data, hal_dir.text, hal_dir.config_path
    text, source = _read_source(path)
    return load(text, source), text, source


def _files(values) -> str:
    """The values files named (-f), as a summary names them."""
    return ", ".join(map(shown, values)) or "the chart defaults"


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _summary(where: str, errors: int, wrote_nothing: bool = False) -> str:
    """The last line of a refused input, the same from every command: what was read and its error count
    (and, for a command that writes files, that none were)."""
    return f"{where}: {_counted(errors, 'error')}" + ("; nothing was written." if wrote_nothing else ".")


def _load_values(args):
    """(hal, release, report, text, source) of chart values files merged as Helm merges them."""
    from renderer.cli.bundled import chart_dir
    from renderer.read.inputs import check_values, merge_values
    from renderer.read.yaml11 import load_as_helm

    # The defaults of the chart `validate -f` renders (renderer/cli/chartcheck.py), also when installed.
    try:
        chart_values = os.path.join(chart_dir(), "values.yaml")
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    values, texts, duplicates = {}, [], 0
    for path in [chart_values] + list(args.values):
        text, source = _read_source(path)
        data, warnings = load_as_helm(text, source)
        for problem in warnings:  # with its own file: the report below names one file only
            print(problem.render(source, cli=True), file=sys.stderr)
        duplicates += len(warnings)
        if data is not None and not isinstance(data, dict):
            raise _InputError(f"error: {shown(source)}: a values file is a mapping, not {type(data).__name__}.")
        values = merge_values(values, data or {})
        if path != chart_values:
            texts.append((text, source))
    if args.deployment:
        values["halconfigDeployment"] = args.deployment
    if args.strict:
        values["strict"] = True
    from renderer.cli.chartcheck import schema_problems

    problems = schema_problems(values)
    if problems:
        raise _InputError("\n".join(f"error: {p}" for p in problems) +
                          "\n" + _summary(_files(args.values), len(problems)))
    hal, release, report = check_values(values, kleat_compat=args.kleat_compat, release=_requested_release(args),
                                        namespace=getattr(args, "namespace", None) or "default")
    # Lines come from the last file that sets `halconfig` (Helm keeps the last one's).
    text, source = next(((t, s) for t, s in reversed(texts) if "halconfig" in t), texts[-1])
    if not report.ok:
        raise InvalidHalconfig(report, source, text=text, summary=_summary(_files(args.values), len(report.errors)))
    return hal, release, report, text, source, duplicates


def cmd_generate(args) -> int:
    from renderer.translate import translate
    from renderer.write.config_text import render

    hal, release, report, text, source = _load(args)
    _print_problems(report, text, source, (WARNING, NOTE) if args.verbose else (WARNING,))
    files = render(translate(hal, release))
    write_files(args.outdir, files)
    print(f"wrote {len(files)} files for Spinnaker {release} to {args.outdir}", file=sys.stderr)
    return EXIT_OK


def write_files(outdir: str, files: dict) -> None:
    """Write every file into `outdir` or none (renderer.write.files)."""
    from renderer.write.files import write_all

    in_the_way = [n for n in files if os.path.lexists(os.path.join(outdir, n))
                  and not os.path.isfile(os.path.join(outdir, n))]
    if in_the_way:
        raise UsageError(f"cannot write to {outdir}: {', '.join(in_the_way)} exists and is not a file")
    try:
        write_all({os.path.join(outdir, name): content for name, content in files.items()})
    except OSError as exc:
        raise UsageError(f"cannot write to {outdir}: {exc.strerror}") from None


def cmd_validate(args) -> int:
    if args.values and args.halconfig:
        raise UsageError("give a halconfig or values files (-f), not both")
    duplicates = 0
    if args.values:
        hal, release, report, text, source, duplicates = _load_values(args)
    elif args.halconfig:
        hal, release, report, text, source = _load(args, writes=False)
    else:
        raise UsageError("validate needs a halconfig file, a Halyard directory, or values files (-f)")
    _print_problems(report, text, source, (WARNING, NOTE))
    warnings = duplicates + sum(p.level == WARNING for p in report.problems)
    if args.values:  # the rest of the verdict Helm's route gives: the chart's and the post-renderer's
        from renderer.cli.chartcheck import chart_verdict
        from renderer.cli.typedwarnings import not_said

        verdict = chart_verdict(args.values, args.namespace, release=args.release_name)
        verdict.warnings = not_said(verdict.warnings, report)
        for line in verdict.errors + verdict.warnings:
            print(line, file=sys.stderr)
        if verdict.skipped:
            print(f"note: the chart's own checks and the post-renderer's were not run: {verdict.skipped}.",
                  file=sys.stderr)
        if verdict.errors:
            return _refused(len(verdict.errors), args.values)
        warnings += len(verdict.warnings)
    notes = sum(p.level == NOTE for p in report.problems)
    print(f"{shown(source)}: valid for Spinnaker {release} ({_counted(warnings, 'warning')}, "
          f"{_counted(notes, 'note')})", file=sys.stderr)
    return EXIT_OK


def _refused(count: int, values) -> int:
    """The summary line of a release the chart or the post-renderer refuses (its errors are printed)."""
    print(_summary(_files(values), count), file=sys.stderr)
    return EXIT_INVALID


def cmd_images(args) -> int:
    from renderer.cli.chartcheck import chart_verdict
    from renderer.cli.images import images_in

    if args.values:  # the halconfig's errors with their file and line, as `validate -f` says them
        _load_values(args)
    verdict = chart_verdict(args.values, args.namespace, release=args.release_name)
    if verdict.skipped:
        raise _InputError(f"error: the images are read from the rendered release, which needs helm: "
                          f"{verdict.skipped}.")
    if verdict.errors:
        for line in verdict.errors:
            print(line, file=sys.stderr)
        return _refused(len(verdict.errors), args.values)
    sys.stdout.write("".join(f"{image}\n" for image in images_in(verdict.rendered)))
    return EXIT_OK


def cmd_migrate(args) -> int:
    from renderer.migrate import migrate
    from renderer.migrate.backup import ArchiveError, hal_dir_of, is_archive
    from renderer.migrate.credentials import SECRET_NAME as CREDENTIALS_SECRET
    from renderer.migrate.output import ARCHIVE_FILES, SECRET_NAME
    from renderer.write.files import write_all

    archive = is_archive(args.hal_dir)
    if not archive and not os.path.isdir(args.hal_dir):
        raise UsageError(f"{shown(args.hal_dir)} is neither a directory nor a `hal backup` archive (HAL_DIR holds "
                         "Halyard's `config`, usually ~/.hal)")
    from renderer.postrender.names import dns1123_label

    if args.namespace and dns1123_label(args.namespace):
        raise UsageError(f"--namespace {args.namespace!r} {dns1123_label(args.namespace)}")
    if dns1123_label(args.release_name):
        raise UsageError(f"--release-name {args.release_name!r} {dns1123_label(args.release_name)}")
    notes: list = []
    try:
        with hal_dir_of(args.hal_dir, notes) as root:
            migration = migrate(root, args.deployment, args.include, getattr(args, "argv", None),
                                args.hal_dir if archive else None, notes, args.namespace, args.release_name)
    except ArchiveError as exc:
        raise _InputError(f"error: {shown(args.hal_dir)}: cannot use it as a `hal backup` archive: {exc}.") from None
    if migration.ok:
        # Judge the output before writing it, by the route every Helm command takes (the chart and the
        # post-renderer's checks, the runtime model among them).
        from renderer.cli.chartcheck import chart_verdict_of_text

        # Halyard's `location` is often a placeholder (SPINNAKER_NAMESPACE) the user fills at install
        # (migration.namespace is None then): judge in a namespace the API server would accept.
        namespace = migration.namespace or "spinnaker"
        migration.judged(chart_verdict_of_text(migration.values_yaml, namespace, release=args.release_name))
    for line in migration.report.lines():
        print(line, file=sys.stderr)
    if not migration.ok:
        print(_summary(shown(args.hal_dir), len(migration.report.errors), wrote_nothing=True), file=sys.stderr)
        return EXIT_INVALID
    outputs = {}
    if args.output:
        outputs[args.output] = migration.values_yaml
    if args.secrets_dir and migration.secret:
        outputs[os.path.join(args.secrets_dir, SECRET_NAME + ".yaml")] = migration.secret
    if args.secrets_dir and migration.credentials_secret:
        outputs[os.path.join(args.secrets_dir, CREDENTIALS_SECRET + ".yaml")] = migration.credentials_secret
    if args.report:
        outputs[args.report] = migration.markdown(args.secrets_dir)
    try:
        write_all(outputs)
    except OSError as exc:
        raise UsageError(f"cannot write {exc.filename or 'the output'}: {exc.strerror}; nothing was written") from None
    if not args.output:
        sys.stdout.write(migration.values_yaml)
    if migration.kubectl and not args.secrets_dir:
        print("create the Secret of the referenced files with:\n  " + migration.kubectl, file=sys.stderr)
    elif migration.files and not args.secrets_dir:
        print(ARCHIVE_FILES, file=sys.stderr)
    if migration.credentials and not args.secrets_dir:
        print(f"{len(migration.credentials)} inline credentials now come from Secret {CREDENTIALS_SECRET}: run "
              "again with --secrets-dir DIR to write its manifest (values are never printed).", file=sys.stderr)
    print(f"{shown(args.hal_dir)}: migrated deployment {migration.hal_dir.deployment!r} "
          f"({migration.report.summary()})", file=sys.stderr)
    return EXIT_OK


def cmd_plan(args) -> int:
    from renderer.cli.plan import run

    return run(args.plan_args)


def cmd_post_render(args) -> int:
    from renderer.postrender import main as post_render_main

    return post_render_main(args.error_file)


def cmd_last_error(args) -> int:
    from renderer import lasterror

    reason = lasterror.read()
    if reason is None:
        print(f"no post-render failure recorded ({lasterror.error_file()} does not exist)", file=sys.stderr)
        return EXIT_INVALID
    sys.stdout.write(reason)
    return EXIT_OK


def cmd_schema(args) -> int:
    from renderer.generate.json_schema import schema_text

    sys.stdout.write(schema_text(for_helm=args.helm))
    return EXIT_OK


def cmd_docs(args) -> int:
    from renderer.generate.halconfig_reference import halconfig_reference

    sys.stdout.write(halconfig_reference())
    return EXIT_OK


def cmd_helm(args) -> int:
    from renderer.cli.helm import run

    return run(args.helm_args)


def cmd_plugin_package(args) -> int:
    from renderer.cli.bundled import plugin_install_hint, write_plugin_tarball

    path = write_plugin_tarball(args.output)
    print(path)
    sys.stderr.write(plugin_install_hint(path))
    return EXIT_OK


def cmd_chart_path(args) -> int:
    from renderer.cli.bundled import chart_dir

    print(chart_dir())
    return EXIT_OK


COMMANDS = {"generate": cmd_generate, "validate": cmd_validate, "images": cmd_images, "migrate": cmd_migrate,
            "post-render": cmd_post_render, "plan": cmd_plan,
            "last-error": cmd_last_error,
            "schema": cmd_schema, "docs": cmd_docs, "helm": cmd_helm,
            "plugin-package": cmd_plugin_package, "chart-path": cmd_chart_path}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["post-render"]:  # the hot path on every helm command: no argument parser
        from renderer.cli.start import post_render

        return post_render()
    if argv[:1] == ["plan"] and not {"-h", "--help"} & set(argv[1:]):
        # Its arguments come in two groups around --to, each with -f: parsed by cmd_plan.
        from argparse import Namespace

        args = Namespace(command="plan", plan_args=argv[1:])
    else:
        args = _parser().parse_args(argv)
        args.argv = list(argv)  # the command line as typed, for hints that repeat it with one option more
    try:
        return COMMANDS[args.command](args)
    except InvalidHalconfig as exc:  # printed here, once: the problems, then the summary line
        _print_problems(exc.report, exc.text, exc.source, (ERROR, WARNING))
        if exc.summary:
            print(exc.summary, file=sys.stderr)
        return EXIT_INVALID
    except _InputError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_INVALID
    except UsageError as exc:
        print(f"spinnaker-renderer: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except RecursionError:
        print("error: the input is nested too deeply to be a halconfig (over ~900 levels).", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
