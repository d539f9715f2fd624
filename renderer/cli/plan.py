"""`spinnaker-renderer plan` (and `helm diff`): the command line of renderer.plan.

Two groups of arguments around `--to`, each with its own `-f` files: the current
side (or `--from-manifests FILE`, a rendered release) and the new one (or
`--to-release VERSION`: the current values at another release). Object names
are the release's: a rendered release says its name and namespace, and values
are rendered as `--release NAME` in `--namespace NS` (default `spinnaker`, which
cancels out between two sets of values). The new side is also judged the way
every Helm route judges it (`validate -f`'s verdict: the chart, the post-renderer
and its runtime model, when a helm is installed). Exit codes follow diff: 0 no
change, 2 changes, 1 refused or invalid input, or a new side Helm would refuse
(one that would not run: an image of another release, TLS that probes or callers
do not match, ...); 3 changes `helm upgrade` cannot make.
"""
from __future__ import annotations

import argparse
import os
import sys

from renderer.plan import EXIT_INVALID
from renderer.printable import shown

USAGE = ("spinnaker-renderer plan (-f OLD.yaml... | --from-manifests FILE) (--to -f NEW.yaml... | --to-release VERSION) "
         "[--release NAME] [--namespace NS] [--format text|markdown] [--migrated NAME] [--all]\n"
         "exit codes: 0 no changes, 2 changes, 3 changes `helm upgrade` cannot make (Kubernetes refuses them; "
         "the plan gives the steps), 1 refused (data would be lost) or invalid input")


class _Refused(Exception):
    pass


_SAID: set = set()


def _parser() -> argparse.ArgumentParser:
    from renderer.plan.safety import MIGRATION_NAMES

    p = argparse.ArgumentParser(prog="spinnaker-renderer plan", usage=USAGE, add_help=False, exit_on_error=False)
    p.add_argument("-f", "--values", action="append", default=[], metavar="FILE")
    p.add_argument("--from-manifests", metavar="FILE")
    p.add_argument("--to-release", metavar="VERSION")
    p.add_argument("--format", choices=("text", "markdown"), default=None)
    p.add_argument("--migrated", action="append", default=[], choices=MIGRATION_NAMES)
    p.add_argument("--all", action="store_true")
    p.add_argument("--kleat-compat", action="store_true")
    p.add_argument("--release", metavar="NAME")
    p.add_argument("-n", "--namespace", metavar="NS")
    return p


def _read(path: str) -> str:
    from renderer.read.bounded import DOCUMENT_LIMIT, Unreadable, read_given
    from renderer.read.yaml11 import NotText, decode

    try:  # a file, a pipe (`--from-manifests <(helm get manifest spin)`) or stdin (`-`)
        return decode(read_given(path, DOCUMENT_LIMIT), "<stdin>" if path == "-" else path)
    except Unreadable as exc:
        raise _Refused(f"cannot read {shown(path)}: {exc}") from None
    except NotText as exc:
        raise _Refused(str(exc)) from None


def _values_side(files, label, kleat_compat, release=None, name=None, namespace=""):
    from renderer.plan.side import from_values
    from renderer.problems import InvalidHalconfig
    from renderer.read.inputs import merge_values
    from renderer.read.yaml11 import load_as_helm

    values = {}
    for path in [_chart_values()] + list(files):
        try:
            data, warnings = load_as_helm(_read(path), path)  # as Helm (and validate -f) read it
        except InvalidHalconfig as exc:
            raise _Refused("\n".join(p.render(path) for p in exc.report.errors)) from None
        for problem in warnings:
            line = problem.render(path)
            if line not in _SAID:  # a file on both sides is read twice: said once
                _SAID.add(line)
                print(line, file=sys.stderr)
        if data is not None and not isinstance(data, dict):
            raise _Refused(f"{shown(path)}: a values file is a mapping, not {type(data).__name__}.")
        values = merge_values(values, data or {})
    if release is not None:
        values = merge_values(values, {"spinnaker": {"version": release}})
    from renderer.cli.chartcheck import schema_problems

    problems = schema_problems(values)
    if problems:  # what Helm refuses first; nothing else reads values of the wrong shape
        raise _Refused(f"{label}: the values are not valid:\n" + "\n".join(f"  error: {p}" for p in problems))
    return from_values(values, label, kleat_compat=kleat_compat, **({"release_name": name} if name else {}),
                       namespace=namespace)


def _chart_values() -> str:
    """The chart's values.yaml: which services run and on which ports comes from it (also when the
    renderer is installed without a checkout)."""
    from renderer.cli.bundled import chart_dir

    try:
        return os.path.join(chart_dir(), "values.yaml")
    except FileNotFoundError as exc:
        raise _Refused(str(exc)) from None


def _split(argv):
    argv = list(argv)
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if "--to" in argv:
        at = argv.index("--to")
        return argv[:at], argv[at + 1:]
    return argv, []


def run(argv) -> int:
    from renderer.plan import make_plan, report
    from renderer.plan.side import PlanInputError, from_manifests

    before, after = _split(argv)
    parser = _parser()
    try:
        old, extra = parser.parse_known_args(before)
        new, extra2 = parser.parse_known_args(after)
    except (argparse.ArgumentError, SystemExit) as exc:
        return _usage(str(exc) if isinstance(exc, argparse.ArgumentError) else "bad arguments")
    if extra or extra2:
        return _usage(f"unknown arguments: {' '.join(extra + extra2)}")
    # Options other than -f may be given on either side of --to.
    fmt = new.format or old.format or "text"
    to_release = new.to_release or old.to_release
    compat = old.kleat_compat or new.kleat_compat
    name = new.release or old.release
    namespace = new.namespace or old.namespace
    if new.from_manifests:
        return _usage("--from-manifests names the current side: give it before --to")
    if bool(old.from_manifests) == bool(old.values):
        return _usage("give the current side: -f FILE... or --from-manifests FILE")
    if bool(new.values) == bool(to_release):
        return _usage("give the new side: --to -f FILE..., or --to-release VERSION")
    if to_release and not old.values:
        return _usage("--to-release needs the current values (-f), not --from-manifests")
    try:
        if old.from_manifests:
            current = from_manifests(_read(old.from_manifests), old.from_manifests)
            for given, found, option in ((name, current.release_name, "--release"),
                                         (namespace, current.namespace, "--namespace")):
                if given and found and given != found:
                    raise _Refused(f"{old.from_manifests} holds release {current.release_name} in namespace "
                                   f"{current.namespace or '(none)'}, not {option} {given}.")
            name, namespace = current.release_name, current.namespace
        else:
            current = _values_side(old.values, "current", compat, name=name, namespace=namespace or "")
        target = _values_side(new.values or old.values, "new", compat, release=to_release, name=name,
                              namespace=namespace or "")
    except (PlanInputError, _Refused) as exc:
        print(f"spinnaker-renderer plan: {exc}", file=sys.stderr)
        return EXIT_INVALID
    for line in dict.fromkeys(current.warnings + target.warnings):
        print(line, file=sys.stderr)
    plan = make_plan(current, target, set(old.migrated) | set(new.migrated))
    limit = None if (old.all or new.all) else 40
    sys.stdout.write(report.markdown(plan, limit) if fmt == "markdown" else report.text(plan, limit))
    verdict = _judge_new_side(new.values or old.values, to_release, fmt, namespace or "default", target.release_name)
    if plan.refusals:
        print(f"spinnaker-renderer plan: refused: the change would lose data ({', '.join(r.name for r in plan.refusals)}"
              "); the first section says why and which --migrated states a migration.", file=sys.stderr)
    elif plan.immutable:
        print("spinnaker-renderer plan: `helm upgrade` will be refused: Kubernetes does not update "
              f"{'; '.join(r.kind + ' ' + ', '.join(r.names) for r in plan.immutable)} in place; the first section "
              "gives the steps.",
              file=sys.stderr)
    if verdict.errors:
        print("spinnaker-renderer plan: refused: Helm would refuse the new values (the last section says why).",
              file=sys.stderr)
        return EXIT_INVALID
    return plan.exit_code


def _judge_new_side(files, to_release, fmt, namespace, release_name):
    """The verdict every Helm route gives the new side (renderer.cli.chartcheck), as a last section: as the
    release it is planned for, whose name is part of every object's name."""
    from renderer.cli.chartcheck import chart_verdict

    extra = ["--set-string", f"spinnaker.version={to_release}"] if to_release else []
    verdict = chart_verdict(files, namespace, extra=extra, release=release_name)
    if verdict.skipped:
        print(f"note: the new side was not judged as Helm would judge it: {verdict.skipped}.", file=sys.stderr)
        return verdict
    lines = verdict.errors + verdict.warnings
    title = "Would the new side run (the verdict `validate -f` and every Helm route give it)"
    if fmt == "markdown":
        body = [f"- {line}" for line in lines] or ["Nothing to say: it renders and would run as far as the "
                                                   "checks see."]
        sys.stdout.write(f"\n## {title}\n\n" + "\n".join(body) + "\n")
    else:
        body = [f"  {line}" for line in lines] or ["  nothing to say: it renders and would run as far as the checks "
                                                   "see"]
        sys.stdout.write(f"\n{title}:\n" + "\n".join(body) + "\n")
    return verdict


def _usage(message: str) -> int:
    # 1, not the CLI's usual 2 for usage: 2 means "changes" here, as in diff.
    print(f"spinnaker-renderer plan: {message}\nusage: {USAGE}", file=sys.stderr)
    return EXIT_INVALID
