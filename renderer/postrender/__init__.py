"""The Helm post-renderer: manifests on stdin, manifests on stdout.

A pipeline of small passes over the document stream:

1. split the stream (`stream`), find and decode the config bundle (`bundle`);
2. read the halconfig (`renderer.read.halconfig`, as the CLI does) and add what the
   chart's values say (`expose.apply_chart`: public URLs, clouddriver's namespaces);
3. translate (`renderer.translate`, the functions `generate` uses);
4. assemble each service's files (`configset`), write each once (`written`), check their
   Kubernetes Secret references (`k8s_secrets`), move literal credentials out of the workloads'
   env (`credentials`) and build ConfigMaps/Secrets named by content hash (`objects`; a file that
   holds a credential goes into the Secret);
5. wire the user's existing Secrets into the services that need them
   (`usersecrets`);
6. replace the workloads' placeholders with those names, drop the bundle,
   apply the user's patches (`patches`);
7. check every name as the API server would (`names`), refuse C0 control characters in any other
   string (`controls`), then judge whether the release would run
   (`judge`: renderer/runtime, on the final documents);
8. list every finding of the render in the ConfigMap `<fullname>-findings` (`findings`: Helm shows
   none of a succeeding post-renderer's stderr, so GitOps users read them in the release), join.

All or nothing: any error raises before a byte reaches stdout.
"""
from __future__ import annotations

import os
import sys

from .. import lasterror
from .errors import PostRenderError


def render(text: str, warnings: list | None = None, halconfig_warnings: bool = True, keep: list | None = None,
           written_at=None, findings: list | None = None) -> str:
    """Post-render one manifest stream; raises PostRenderError. Warnings are added to `warnings`
    (shown by the caller once the render succeeded), else shown at once; `halconfig_warnings`
    False leaves out the halconfig's own (`validate -f` has shown them with file lines). `keep`
    gets what the render built, for a caller that ends the process without freeing it. `written_at(path)`:
    the text written at a values path, for a caller that has the values files; `findings` the runtime
    model's (runtime.findings.Finding, with their values paths), for `migrate` and `plan`."""
    from ..translate import translate
    from . import stream
    from .bundle import take_bundle
    from .complete import check_complete
    from .configset import ConfigSet
    from .credentials import env_credentials, rewrite_env, typed_profile_warnings
    from .expose import apply_chart
    from .findings import findings_object
    from ..translate.front50 import front50_env, front50_env_refs
    from .k8s_secrets import check_kubernetes_secrets, switch_engine
    from .judge import judge
    from .controls import check_control_characters
    from .names import check_names
    from .objects import build_objects
    from .tls import apply_to_outputs as apply_tls
    from .usersecrets import mounted_service, route, service_workloads, wire_secrets
    from .wire import wire
    from .written import write_files

    docs = stream.split(text)
    bundle, index = take_bundle(docs)
    found: list = []  # every finding, for the release's findings object
    said: list = []  # the halconfig's warnings the caller has shown with file lines
    hal, release = _read_halconfig(bundle, found, None if halconfig_warnings else said)
    hal = apply_chart(hal, bundle)
    outputs = translate(hal, release, kubernetes_secrets=False)
    found += ["spinnaker-renderer post-render: " + line for line in apply_tls(bundle, hal, outputs)]
    configset = ConfigSet(bundle, hal, outputs)
    files = configset.files()  # checks the bundle's workload entries
    found += ["spinnaker-renderer post-render: " + line for line in configset.warnings]
    written = write_files(files)
    switch_engine(files, written, release)  # what translate leaves to the caller
    check_kubernetes_secrets(files, written, bundle, release)
    check_complete(text, docs, bundle)
    moved, edits = env_credentials(docs, mounted_service)
    objects = build_objects(bundle, hal, files, written, outputs, stream.is_helm4(docs), docs[index].source,
                            front50_env(hal, release), moved)
    found += [PREFIX + line for line in rewrite_env(edits) + typed_profile_warnings(bundle, written_at)]
    workloads = service_workloads(docs)
    routes = route(bundle, files, outputs, workloads, front50_env_refs(hal, release), written)
    wire_secrets(docs, bundle, routes)
    out = wire(docs, index, objects.names) + objects.documents
    patches = bundle.get("patches") or []
    if patches:
        from .patches import apply_patches

        out = apply_patches(out, patches)
    found += check_names(out, bundle)  # last: names a patch changed are checked too
    check_control_characters(out, bundle, moved, written)  # after `names`, whose words stay for what it refuses
    judged = judge(out, bundle, files, objects.texts, objects.keys, objects.documents)
    if findings is not None:
        findings.extend(judged)
    found += [PREFIX + f.render() for f in judged]
    out.append(findings_object(objects, found, _credentials(objects, moved), PREFIX))
    if said:
        said_set = set(said)
        found = [line for line in found if line not in said_set]
    if warnings is not None:
        warnings.extend(found)
    elif found:
        _tell(found)
    if keep is not None:
        keep += (docs, bundle, hal, outputs, files, written, objects, out)
    return stream.join(out)


PREFIX = "spinnaker-renderer post-render: "
WARNINGS_FILE = "SPINNAKER_RENDERER_WARNINGS_FILE"
REPRODUCE = ("Run `spinnaker-renderer validate -f VALUES.yaml{flags}` with the values files you gave helm to see "
             "the same with file lines.")


def reproduce(bundle: dict) -> str:
    """The `validate -f` command that gives the same verdict: in the release's namespace and name, which
    the checks depend on (clouddriver's namespaces, object names)."""
    release = bundle.get("release") if isinstance(bundle.get("release"), dict) else {}
    flags = "".join(f" {flag} {release[key]}" for flag, key in (("-n", "namespace"), ("--release-name", "name"))
                    if isinstance(release.get(key), str) and release[key])
    return REPRODUCE.format(flags=flags)


def _credentials(objects, moved: dict) -> set:
    """Every credential string the render knows: its files' (objects.judge) and the pods' env values it
    moved into Secrets."""
    known = set(objects.judge.credentials)
    for env in moved.values():
        known.update(v for v in env.values() if isinstance(v, str))
    return known


def _read_halconfig(bundle: dict, warnings: list, said: list | None = None):
    """(hal, release): the bundle's halconfig, read as `validate -f` reads the values, and the
    release the chart runs (`version`); every error in one refusal, every warning to `warnings`. With
    `said` (the caller has shown the halconfig's warnings with file lines) those are also added to `said`,
    but for the credentials Helm's reader made numbers of: the caller's reader may have kept them as
    text (`1e3`, `08`, `0o17`, `y`)."""
    from ..model.credentials import TYPED
    from renderer.read import halconfig
    from renderer.read.preflight import Chart
    from ..problems import InvalidHalconfig
    from ..releases import CHART_VERSION_HINT, Release, UnsupportedRelease

    try:
        requested = Release.parse(bundle.get("version"))
    except UnsupportedRelease as exc:
        raise PostRenderError(str(exc), CHART_VERSION_HINT, where="spinnaker.version") from None
    chart = Chart.from_bundle(bundle)
    try:
        hal, release, report = halconfig.read_chart_halconfig(bundle, requested, chart=chart, via_helm=True)
    except InvalidHalconfig as exc:  # a halconfig given as text (--set-file) that YAML cannot read
        hal, release, report = None, None, exc.report
    if not report.ok:
        errors = report.errors
        lines = [p.render() for p in errors[:20]]
        if len(errors) > 20:
            lines.append(f"... and {len(errors) - 20} more")
        raise PostRenderError("the halconfig in the chart's values is not valid:\n" + "\n".join(lines),
                              "\n" + reproduce(bundle))
    for problem in report.warnings:
        warnings.append(PREFIX + problem.render())
        if said is not None and problem.check != TYPED:
            said.append(warnings[-1])
    return hal, release


def _tell(lines) -> None:
    """Show lines to the user although Helm shows nothing of a post-renderer that succeeds (and
    Helm 4 nothing at all): on stderr, and on the terminal helm runs in when there is one."""
    text = "\n".join(lines) + "\n"
    sys.stderr.write(text)
    _to_terminal(text)


def _to_terminal(text: str) -> None:
    if os.environ.get("SPINNAKER_RENDERER_NO_TTY"):
        return
    try:
        with open("/dev/tty", "w", encoding="utf-8") as tty:
            tty.write(text)
    except OSError:
        pass  # no terminal (CI): stderr and `spinnaker-renderer validate -f` show them


def _to_helm_stderr(text: str) -> bool:
    """Write `text` to the stderr of the Helm 4 that runs this plugin: Helm 4.1 keeps a plugin's stderr in
    a buffer it never shows (its --debug log prints it empty), so a refusal's reason would reach no CI log.
    The plugin's commands exec one another, so the parent is helm (Linux: /proc/<parent>/fd/2). Only a pipe
    (a CI job's log) or a terminal: a file helm writes to would be written from its start, under helm's own
    lines. True when that stderr is a terminal: the reason is shown, and /dev/tty must not show it twice."""
    import stat

    path = f"/proc/{os.getppid()}/fd/2"
    try:
        mode = os.stat(path).st_mode
        if not (stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
            return False
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)  # a pipe nobody reads: ENXIO, never a hang
    except OSError:
        return False  # no /proc (macOS), or not ours to open: the terminal and the error file remain
    try:
        os.write(fd, text.encode("utf-8"))
        return os.isatty(fd)
    except OSError:
        return False
    finally:
        os.close(fd)


def main(error_file: str | None = None, exit_when_done: bool = False) -> int:
    """CLI entry: stdin -> stdout, exit 1 with the reason on stderr (and in the error file).
    `exit_when_done`: end the process once the stream is written, without freeing what the render
    built (tens of megabytes of objects for a large halconfig, freed one by one at exit for nothing)."""
    from ..read.bounded import STREAM_LIMIT, Unreadable, read_stream

    kept: list | None = [] if exit_when_done else None
    try:
        try:
            raw = read_stream(sys.stdin.buffer, STREAM_LIMIT)
        except Unreadable as exc:
            raise PostRenderError(f"the input is {exc}: far more than a rendered chart.",
                                  "Feed this command Helm's rendered manifests.") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PostRenderError(f"the input is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset "
                                  f"{exc.start}).", "Feed this command Helm's rendered manifests.") from None
        if not text or text.isspace():  # not text.strip(), which copies the whole stream
            raise PostRenderError("the input is empty.", "Feed this command Helm's rendered manifests.")
        warnings: list = []  # shown only on success: a refusal is one message
        # `spinnaker-renderer helm` has shown the halconfig's warnings with file lines before helm ran,
        # and shows what this file gets once helm is done (Helm shows nothing of a post-renderer that
        # succeeds).
        warnings_file = os.environ.get(WARNINGS_FILE)
        try:
            result = render(text, warnings, halconfig_warnings=not warnings_file, keep=kept)
        except RecursionError:
            raise PostRenderError("the values are nested too deeply (over ~900 levels).",
                                  "Check the halconfig, profiles and patches values.") from None
    except PostRenderError as exc:
        message = exc.render()
        print(f"spinnaker-renderer post-render: {message}", file=sys.stderr)
        lasterror.keep(message, error_file)
        # Run as Helm 4's plugin (plugins/spinnaker-renderer/plugin.yaml's name), which hides our stderr; another
        # plugin's HELM_PLUGIN_* (helm-diff running Helm 3, which shows our stderr) is inherited, not ours.
        if os.environ.get("HELM_PLUGIN_NAME") == "spinnaker-renderer":
            text = f"spinnaker-renderer post-render: {message}\n(saved for `spinnaker-renderer last-error`)\n"
            if not _to_helm_stderr(text):
                _to_terminal(text)
        return 1
    if warnings_file:
        try:
            with open(warnings_file, "a", encoding="utf-8") as handle:
                handle.writelines(line + "\n" for line in warnings)
        except OSError:
            _tell(warnings)
    elif warnings:
        _tell(warnings)
    sys.stdout.buffer.write(result.encode("utf-8"))
    sys.stdout.flush()
    lasterror.forget(error_file)
    if exit_when_done:
        sys.stderr.flush()
        os._exit(0)
    return 0

