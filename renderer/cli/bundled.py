"""What ships with the renderer: the chart, the Helm 4 plugin, the post-render command.

In a checkout they are charts/spinnaker, plugins/spinnaker-renderer and
scripts/post-render; an installed package (pip/pipx) carries the chart and the
plugin as package data (renderer/chart, renderer/helm_plugin, mapped from the
same directories by pyproject.toml) and runs itself as the post-renderer.
"""
from __future__ import annotations

import gzip
import io
import os
import shutil
import sys
import tarfile

from renderer import __version__

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(PACKAGE)
PLUGIN_NAME = "spinnaker-renderer"
# The plugin's entry point runs this (else `spinnaker-renderer` on PATH).
RENDERER_ENV = "SPINNAKER_RENDERER"


def chart_dir() -> str:
    """The chart: the package's copy when installed, else the checkout's charts/spinnaker."""
    from renderer.read.inputs import CHART_DIRS

    for candidate in CHART_DIRS:
        if os.path.isfile(os.path.join(candidate, "Chart.yaml")):
            return candidate
    raise FileNotFoundError(f"the spinnaker chart is not installed with the renderer (looked in {PACKAGE}/chart)")


def plugin_dir() -> str:
    """The Helm 4 plugin's files (plugin.yaml + post-render entry point)."""
    for candidate in (os.path.join(PACKAGE, "helm_plugin"), os.path.join(ROOT, "plugins", PLUGIN_NAME)):
        if os.path.isfile(os.path.join(candidate, "plugin.yaml")):
            return candidate
    raise FileNotFoundError(f"the Helm 4 plugin is not installed with the renderer (looked in {PACKAGE}/helm_plugin)")


def checkout_post_render() -> str | None:
    """scripts/post-render when running from a checkout."""
    script = os.path.join(ROOT, "scripts", "post-render")
    return script if os.access(script, os.X_OK) else None


def renderer_executable() -> str | None:
    """The installed `spinnaker-renderer` console script of this interpreter, else the one on PATH."""
    beside = os.path.join(os.path.dirname(sys.executable), PLUGIN_NAME)
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which(PLUGIN_NAME)


def helm3_post_renderer() -> list[str]:
    """Helm 3's post-renderer flags: the checkout's script, else the installed renderer + `post-render`."""
    script = checkout_post_render()
    if script:
        return ["--post-renderer", script]
    exe = renderer_executable()
    if not exe:
        raise FileNotFoundError("no post-renderer found: neither scripts/post-render of a checkout nor "
                                f"{PLUGIN_NAME} beside {sys.executable} or on PATH")
    return ["--post-renderer", exe, "--post-renderer-args", "post-render"]


def plugin_tarball_name() -> str:
    return f"{PLUGIN_NAME}-{__version__}.tgz"


# Helm 3 reads every plugin.yaml under `<data home>/plugins` and then fails on every command over one
# in Helm 4's format (`unknown field "apiVersion"`): on a machine with both, the Helm 4 plugin goes
# into a data home of its own (the one `spinnaker-renderer helm` uses, renderer.cli.helm), and Helm 4
# is told to look there first with HELM_PLUGINS (Helm 4.1 installs under HELM_DATA_HOME but looks
# plugins up in HELM_PLUGINS). Never exported: Helm 3 would read HELM_PLUGINS too.
HELM4_DATA_HOME = f'"$(helm4 env HELM_DATA_HOME)/{PLUGIN_NAME}-helm4"'
HELM4_PLUGINS = 'HELM_PLUGINS="$H4/plugins:$(helm4 env HELM_PLUGINS)"'


def plugin_install_hint(source: str) -> str:
    """How to install the plugin tarball (or directory) `source`: the route that keeps Helm 3 working
    first, each command on a line of its own indented by two spaces; the plain install last, for a
    machine with Helm 4 only."""
    import shlex

    flag = "" if os.path.isdir(source) else " --verify=false"  # a directory is linked, a tarball unsigned
    source = shlex.quote(source)
    return (f"install it for Helm 4 (helm4: your Helm 4 binary) into a data home of its own, where Helm 3 "
            f"does not look:\n"
            f"  export H4={HELM4_DATA_HOME}\n"
            f"  HELM_DATA_HOME=\"$H4\" helm4 plugin install {source}{flag}\n"
            f"and give Helm 4 that plugins directory first whenever it renders, e.g.:\n"
            f"  {HELM4_PLUGINS} helm4 template spinnaker \"$({PLUGIN_NAME} chart-path)\" "
            f"--post-renderer {PLUGIN_NAME}\n"
            f"(`{PLUGIN_NAME} helm install|upgrade|template ...` does both by itself.)\n"
            f"only on a machine with Helm 4 and no Helm 3 (Helm 3 fails on every command once this plugin is "
            f"in its plugins directory):\n"
            f"  helm plugin install {source}{flag}\n")


def write_plugin_tarball(outdir: str) -> str:
    """Write the Helm 4 plugin as `spinnaker-renderer-<version>.tgz` into outdir; its path.

    Byte-identical on every run (fixed owners, modes and times), so it can be
    committed or published and checked. Install as `plugin_install_hint` says, with
    `--verify=false` (it is not signed).
    """
    source = plugin_dir()
    os.makedirs(outdir, exist_ok=True)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as archive:
        top = tarfile.TarInfo(PLUGIN_NAME)
        top.type, top.mode = tarfile.DIRTYPE, 0o755
        archive.addfile(top)
        for name in sorted(os.listdir(source)):
            path = os.path.join(source, name)
            if not os.path.isfile(path) or name.startswith("."):
                continue
            with open(path, "rb") as handle:
                data = handle.read()
            info = tarfile.TarInfo(f"{PLUGIN_NAME}/{name}")
            info.size = len(data)
            info.mode = 0o755 if name == "post-render" else 0o644
            archive.addfile(info, io.BytesIO(data))
    out = os.path.join(outdir, plugin_tarball_name())
    with open(out, "wb") as handle, gzip.GzipFile(filename="", mode="wb", fileobj=handle, mtime=0) as gz:
        gz.write(raw.getvalue())
    return out
