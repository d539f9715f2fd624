"""`validate -f`: the verdict Helm's route gives, not a second opinion.

After the halconfig checks (with file lines), `validate -f` renders the chart with the user's
values files through helm's own template engine (`helm template`, no cluster) and runs the
post-renderer's pipeline on that stream in-process: the chart's own refusals (the JVM memory
bound, resources the API server refuses, a release that is not one) and the post-renderer's
(a `secrets.files` entry no service uses, front50's S3 keys as placeholders nobody fills,
Kubernetes Secret references) come out exactly as under Helm, and so do its warnings
(placeholders nothing defines). Without a helm binary it says that these were not run.
"""
from __future__ import annotations

import os
import re
import subprocess

RELEASE_NAME = "spinnaker"
_TEMPLATE_AT = re.compile(r"execution error at \([^)]*\): ")


class ChartVerdict:
    """`errors`, `warnings`: the lines every route shows; `findings`: the runtime model's among them
    (renderer.runtime.findings.Finding, with the values path to change), errors too; `skipped`: why nothing was
    judged (no helm); `rendered`: the release as Helm with the post-renderer writes it ("" unless it rendered),
    which `images` lists the images of."""

    __slots__ = ("errors", "warnings", "skipped", "findings", "rendered")

    def __init__(self, errors=(), warnings=(), skipped="", findings=(), rendered=""):
        self.errors = list(errors)
        self.warnings = list(warnings)
        self.skipped = skipped
        self.findings = list(findings)
        self.rendered = rendered


def schema_problems(values: dict) -> list[str]:
    """The installed chart's values.schema.json verdict on merged `values` (renderer.read.inputs), the
    first thing Helm checks: `validate -f` and `plan` say it as the `helm` wrapper says it, before any
    other check reads values of the wrong shape."""
    import json

    from renderer.cli.bundled import chart_dir
    from renderer.read import inputs

    path = os.path.join(chart_dir(), "values.schema.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        return inputs.schema_problems(values, json.load(handle))


def chart_verdict_of_text(values_text: str, namespace: str = "default", extra=(), release: str = RELEASE_NAME
                          ) -> ChartVerdict:
    """The verdict for values given as text (`migrate`'s own output, before it is written)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="spinnaker-renderer-") as directory:
        path = os.path.join(directory, "values.yaml")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(values_text)
        return chart_verdict([path], namespace, extra, release)


def chart_verdict(values_files, namespace: str = "default", extra=(), release: str = RELEASE_NAME,
                  chart: str | None = None) -> ChartVerdict:
    """Render the installed chart (or the one in directory `chart`) with `values_files` (and `extra` helm
    flags, e.g. `--set`) as release `release` in `namespace` and post-render it in-process. The release name
    is part of every object's name: a name problem (too long, two objects cut to one name) shows only under
    the real one."""
    from renderer.cli.bundled import chart_dir
    from renderer.cli.helmbin import NO_HELM, find_helm
    from renderer.postrender import render
    from renderer.postrender.errors import PostRenderError

    import tempfile

    helm = find_helm()
    if not helm:
        return ChartVerdict(skipped=NO_HELM)
    with tempfile.TemporaryDirectory(prefix="spinnaker-renderer-") as directory:
        args = [helm, "template", release or RELEASE_NAME, chart or chart_dir(), "--namespace", namespace]
        for path in regular_files(values_files, directory):
            args += ["-f", path]
        args += list(extra)
        try:
            result = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ))
        except OSError as exc:
            return ChartVerdict(skipped=f"{helm} could not run ({exc.strerror})")
    if result.returncode != 0 and "Error:" not in result.stderr:
        # Not a refusal of the values (helm prints those after `Error:`): helm itself did not run.
        return ChartVerdict(skipped=f"{helm} template exited {result.returncode} without saying why")
    if result.returncode != 0:
        message = " ".join(result.stderr.replace("Error: ", "", 1).split()) or f"helm exited {result.returncode}"
        # The chart's own message names the value; where in which template it failed is noise to a user.
        message = _TEMPLATE_AT.sub("", message).replace(" Use --debug flag to render out invalid YAML", "")
        return ChartVerdict(errors=[f"error: the chart refuses these values: {message}"])
    warnings: list = []
    findings: list = []
    try:
        rendered = render(result.stdout, warnings, halconfig_warnings=False, written_at=_written_in(values_files),
                          findings=findings)
    except PostRenderError as exc:
        return ChartVerdict(errors=[exc.render()], findings=getattr(exc, "findings", ()))
    prefix = "spinnaker-renderer post-render: "
    return ChartVerdict(warnings=[w[len(prefix):] if w.startswith(prefix) else w for w in warnings],
                        findings=findings, rendered=rendered)


def regular_files(paths, directory: str) -> list:
    """`paths` for helm: a pipe or stdin the renderer has read already (renderer.read.bounded.read_given)
    is empty now, so what it held is written to a file in `directory` for helm to read instead."""
    from renderer.read.bounded import given_pipe

    out = []
    for index, path in enumerate(paths):
        held = given_pipe(path)
        if held is not None:
            path = os.path.join(directory, f"values-{index}.yaml")
            with open(path, "wb") as handle:
                handle.write(held)
        out.append(path)
    return out


def _written_in(values_files):
    """`written(path)` for `render`: the plain text at a values path in the last file that has one (Helm
    keeps the last file's value), or None."""
    from renderer.read.yaml11 import plain_scalars

    from renderer.read.bounded import DOCUMENT_LIMIT, Unreadable, read_given

    texts = []
    for path in values_files:
        try:
            texts.append(read_given(path, DOCUMENT_LIMIT).decode("utf-8-sig"))
        except (Unreadable, UnicodeDecodeError):
            continue

    def written(path):
        for text in reversed(texts):
            found = plain_scalars(text, [path]).get(path)
            if found is not None:
                return found
        return None
    return written
