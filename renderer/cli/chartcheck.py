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
    __slots__ = ("errors", "warnings", "skipped")

    def __init__(self, errors=(), warnings=(), skipped=""):
        self.errors = list(errors)
        self.warnings = list(warnings)
        self.skipped = skipped


def chart_verdict(values_files, namespace: str = "default") -> ChartVerdict:
    """Render the installed chart with `values_files` and post-render it in-process."""
    from renderer.cli.bundled import chart_dir
    from renderer.cli.helm import NO_HELM, find_helm
    from renderer.postrender import render
    from renderer.postrender.errors import PostRenderError

    helm = find_helm()
    if not helm:
        return ChartVerdict(skipped=NO_HELM)
    args = [helm, "template", RELEASE_NAME, chart_dir(), "--namespace", namespace]
    for path in values_files:
        args += ["-f", path]
    try:
        result = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ))
    except OSError as exc:
        return ChartVerdict(skipped=f"{helm} could not run ({exc.strerror})")
    if result.returncode != 0:
        message = " ".join(result.stderr.replace("Error: ", "", 1).split()) or f"helm exited {result.returncode}"
        # The chart's own message names the value; where in which template it failed is noise to a user.
        message = _TEMPLATE_AT.sub("", message).replace(" Use --debug flag to render out invalid YAML", "")
        return ChartVerdict(errors=[f"error: the chart refuses these values: {message}"])
    warnings: list = []
    try:
        render(result.stdout, warnings, halconfig_warnings=False)
    except PostRenderError as exc:
        return ChartVerdict(errors=[exc.render()])
    prefix = "spinnaker-renderer post-render: "
    return ChartVerdict(warnings=[w[len(prefix):] if w.startswith(prefix) else w for w in warnings])
