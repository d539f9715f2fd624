"""`spinnaker-renderer helm ...` wires the post-renderer for Helm 3 and Helm 4.

A stand-in `helm` executable records the arguments it was given, so the
wiring is tested without a real helm binary.
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
import yaml

from conftest import ROOT
from test_helm_binary import CHART, helm, helm4_plugin  # noqa: F401  (the real-helm fixtures)

FAKE_HELM = r"""#!{python}
import json, os, sys
log = os.environ["FAKE_HELM_LOG"]
with open(log, "a") as handle:
    handle.write(json.dumps(sys.argv[1:]) + "\n")
args = sys.argv[1:]
if args[:1] == ["version"]:
    print(os.environ["FAKE_HELM_VERSION"], end="")
elif args[:2] == ["plugin", "list"]:
    print("NAME\tVERSION\tTYPE\tAPIVERSION\tPROVENANCE\tSOURCE")
    if os.environ.get("FAKE_HELM_HAS_PLUGIN"):
        print("spinnaker-renderer\t0.1.0\tpostrenderer/v1\tv1\tunknown\tunknown")
elif args[:1] in (["install"], ["upgrade"], ["template"]):
    print("---\nkind: Rendered")
code = int(os.environ.get("FAKE_HELM_EXIT", "0")) if args[:1] in (["install"], ["upgrade"], ["template"]) else 0
if code:
    sys.stderr.write('Error: plugin "spinnaker-renderer" exited with error\n')
sys.exit(code)
"""


@pytest.fixture
def fake_helm(tmp_path):
    path = tmp_path / "helm"
    path.write_text(FAKE_HELM.replace("{python}", sys.executable))
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    log = tmp_path / "calls.jsonl"

    def calls():
        return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []

    env = {"HELM_BIN": str(path), "FAKE_HELM_LOG": str(log)}
    return env, calls


def _render_calls(calls):
    return [c for c in calls() if c and c[0] in ("install", "upgrade", "template")]


def test_helm3_gets_the_post_render_script(fake_helm, run_cli):
    env, calls = fake_helm
    result = run_cli("helm", "template", "spin", "charts/spinnaker", "--namespace", "cd",
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 0, result.stderr
    [call] = _render_calls(calls)
    assert call[:4] == ["template", "spin", "charts/spinnaker", "--namespace"]
    at = call.index("--post-renderer")
    assert call[at + 1] == os.path.join(ROOT, "scripts", "post-render")
    assert not any(c[:2] == ["plugin", "install"] for c in calls())
    assert "kind: Rendered" in result.stdout


def test_helm4_installs_the_plugin_and_names_it(fake_helm, run_cli):
    env, calls = fake_helm
    result = run_cli("helm", "upgrade", "--install", "spin", "charts/spinnaker",
                     env=dict(env, FAKE_HELM_VERSION="v4.2.3"))
    assert result.returncode == 0, result.stderr
    installs = [c for c in calls() if c[:2] == ["plugin", "install"]]
    assert installs == [["plugin", "install", os.path.join(ROOT, "plugins", "spinnaker-renderer")]]
    [call] = _render_calls(calls)
    assert call[call.index("--post-renderer") + 1] == "spinnaker-renderer"


def test_helm4_with_plugin_present_does_not_reinstall(fake_helm, run_cli):
    env, calls = fake_helm
    result = run_cli("helm", "install", "spin", "charts/spinnaker",
                     env=dict(env, FAKE_HELM_VERSION="v4.0.0", FAKE_HELM_HAS_PLUGIN="1"))
    assert result.returncode == 0, result.stderr
    assert not any(c[:2] == ["plugin", "install"] for c in calls())


def test_invalid_values_stop_before_helm_runs(fake_helm, run_cli, tmp_path):
    env, calls = fake_helm
    values = tmp_path / "values.yaml"
    values.write_text("halconfig:\n  providers:\n    kubernetes:\n      enabled: maybe\n")
    result = run_cli("helm", "install", "spin", "charts/spinnaker", "-f", str(values),
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 1
    assert "providers.kubernetes.enabled" in result.stderr
    assert _render_calls(calls) == []


def test_failing_helm4_render_shows_the_recorded_reason(fake_helm, run_cli, tmp_path):
    env, calls = fake_helm
    error_file = tmp_path / "last-error.txt"
    error_file.write_text("error: halconfig.providers: the reason\n")
    result = run_cli("helm", "template", "spin", "charts/spinnaker",
                     env=dict(env, FAKE_HELM_VERSION="v4.2.3", FAKE_HELM_HAS_PLUGIN="1", FAKE_HELM_EXIT="1",
                              SPINNAKER_RENDERER_ERROR_FILE=str(error_file)))
    assert result.returncode == 1
    assert "exited with error" in result.stderr
    assert "halconfig.providers: the reason" in result.stderr


def test_unknown_verb_is_a_usage_error(run_cli):
    result = run_cli("helm", "rollback", "spin")
    assert result.returncode == 2


def test_flags_before_the_chart_do_not_skip_the_schema_check(fake_helm, run_cli, tmp_path):
    """The chart is found after skipping every flag's value (`--kube-context foo`), not by position."""
    env, calls = fake_helm
    values = tmp_path / "values.yaml"
    values.write_text("redis:\n  enabled: sometimes\n")
    result = run_cli("helm", "install", "spin", "--kube-context", "foo", "-n", "cd", "--timeout", "5m",
                     "charts/spinnaker", "-f", str(values), env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 1, result.stderr
    assert "values: redis.enabled" in result.stderr
    assert _render_calls(calls) == []


def test_without_a_chart_the_installed_chart_is_used(fake_helm, run_cli):
    from renderer.cli.bundled import chart_dir

    env, calls = fake_helm
    result = run_cli("helm", "install", "spin", "-n", "cd", env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 0, result.stderr
    [call] = _render_calls(calls)
    assert call[:5] == ["install", "spin", "-n", "cd", chart_dir()]


def test_a_remote_chart_is_said_to_be_checked_by_helm_only(fake_helm, run_cli):
    env, calls = fake_helm
    result = run_cli("helm", "template", "spin", "oci://registry.example/charts/spinnaker",
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 0, result.stderr
    assert "not a local chart; its values are checked by helm only" in result.stderr


@pytest.mark.parametrize("major,args,expected", [
    (3, ["install", "spin", "charts/spinnaker"], ["spin", "charts/spinnaker"]),
    (3, ["install", "--kube-context", "foo", "spin", "--set", "a=b", "charts/spinnaker"], ["spin", "charts/spinnaker"]),
    (4, ["install", "spin", "--kube-context=foo", "--wait", "charts/spinnaker"], ["spin", "charts/spinnaker"]),
    (3, ["upgrade", "--install", "--dry-run", "spin", "-f", "v.yaml", "c"], ["spin", "c"]),
    (4, ["upgrade", "-i", "spin", "--dry-run=server", "-fv.yaml", "c"], ["spin", "c"]),
    (3, ["template", "--namespace=x", "--post-renderer-args", "post-render", "spin", "c"], ["spin", "c"]),
    (4, ["template", "-n=x", "-a", "v1", "--skip-tests", "spin", "c"], ["spin", "c"]),
    # Boolean shorthands group; one that takes a value takes the rest of the group.
    (3, ["install", "-gnx", "c"], ["c"]),
    # Helm 4's --server-side is a boolean for install and takes a value for upgrade (its flag definitions).
    (4, ["install", "spin", "--server-side", "c"], ["spin", "c"]),
    (4, ["upgrade", "spin", "--server-side", "auto", "c"], ["spin", "c"]),
    # After `--` everything is an argument, as in pflag.
    (4, ["template", "spin", "--", "-chart-dir"], ["spin", "-chart-dir"]),
])
def test_positionals_skip_flag_values(major, args, expected):
    from renderer.cli.helm import HelmArgs

    assert HelmArgs(args, major).positionals == expected


@pytest.mark.parametrize("major", [3, 4])
@pytest.mark.parametrize("flags", [
    ["--kube-context", "foo"], ["--kube-context=foo"], ["-n", "cd", "--timeout", "5m"], ["-ncd"],
    ["--wait", "--create-namespace"], ["--set", "a=b", "--description", "d", "--dry-run"], ["-f", "a.yaml,b.yaml"],
])
def test_the_chart_is_found_whatever_flags_come_before_it(major, flags):
    from renderer.cli.helm import HelmArgs, find_chart

    for verb in ("install", "upgrade", "template"):
        for args in ([verb, "spin", *flags, "charts/spinnaker"], [verb, *flags, "spin", "charts/spinnaker", *flags]):
            assert find_chart(HelmArgs(args, major)) == ("charts/spinnaker", "")


def test_an_unknown_flag_says_the_chart_cannot_be_told(fake_helm, run_cli, tmp_path):
    env, calls = fake_helm
    values = tmp_path / "values.yaml"
    values.write_text("redis:\n  enabled: sometimes\n")
    result = run_cli("helm", "install", "spin", "--no-such-flag", "x", "charts/spinnaker", "-f", str(values),
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert "cannot tell which argument is the chart" in result.stderr
    assert "has no flag --no-such-flag (if it takes a value, write it as --flag=value)" in result.stderr
    assert "spin x charts/spinnaker" in result.stderr
    assert len(_render_calls(calls)) == 1  # helm itself says what is wrong with the command


def test_no_chart_argument_is_said(fake_helm, run_cli):
    env, calls = fake_helm
    result = run_cli("helm", "upgrade", "--install", env=dict(env, FAKE_HELM_VERSION="v4.1.4", FAKE_HELM_HAS_PLUGIN="1"))
    assert "cannot tell which argument is the chart: `helm upgrade` takes RELEASE CHART, but 0 arguments" \
        in result.stderr


def test_a_packaged_chart_is_checked_too(fake_helm, run_cli, tmp_path):
    """`helm package` output (.tgz): its values.yaml and schema are read from the archive."""
    import tarfile

    env, _ = fake_helm
    chart = tmp_path / "spinnaker-0.1.0.tgz"
    with tarfile.open(chart, "w:gz") as archive:
        archive.add(os.path.join(ROOT, "charts", "spinnaker"), arcname="spinnaker")
    values = tmp_path / "values.yaml"
    values.write_text("redis:\n  enabled: sometimes\n")
    result = run_cli("helm", "upgrade", "--install", "spin", str(chart), "-f", str(values),
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 1, result.stderr
    assert "values: redis.enabled" in result.stderr
    values.write_text("redis:\n  enabled: true\n")
    ok = run_cli("helm", "upgrade", "--install", "spin", str(chart), "-f", str(values),
                 env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert ok.returncode == 0, ok.stderr
    assert "not a local chart" not in ok.stderr


@pytest.mark.parametrize("args,chart_added", [
    (["install", "spin"], True),
    (["install", "--generate-name"], True),
    (["install", "--generate-name", "charts/spinnaker"], False),
    (["upgrade", "--install", "spin", "-n", "x"], True),
    (["upgrade", "spin", "oci://registry.example/charts/spinnaker"], False),
    (["template", "spin"], True),
    (["template", "charts/spinnaker"], False),
    (["template", "spin", "charts/spinnaker"], False),
])
def test_the_installed_chart_is_added_only_when_none_is_named(args, chart_added):
    from renderer.cli.bundled import chart_dir
    from renderer.cli.helm import HelmArgs, find_chart, with_chart

    for major in (3, 4):
        full = with_chart(HelmArgs(args, major))
        assert (full.args == args + [chart_dir()]) is chart_added
        assert full.args[:len(args)] == args
        assert find_chart(full)[0] == (chart_dir() if chart_added else full.args[-1])


def test_a_values_file_that_is_not_text_is_named(fake_helm, run_cli, tmp_path):
    env, calls = fake_helm
    values = tmp_path / "values.yaml"
    values.write_bytes(b"redis:\n  enabled: caf\xe9\n")
    result = run_cli("helm", "install", "spin", "charts/spinnaker", "-f", str(values),
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"error: {values}:2: not UTF-8 text" in result.stderr
    assert _render_calls(calls) == []


@pytest.mark.parametrize("major", [3, 4])
def test_values_files_are_read_in_every_spelling(major):
    from renderer.cli.helm import HelmArgs

    args = ["install", "spin", "c", "-f", "a.yaml,b.yaml", "--values=c.yaml", "-fd.yaml", "-f=e.yaml",
            "--set", "-f=not-a-file", "--", "-f", "g.yaml"]
    assert HelmArgs(args, major).values_files == ["a.yaml", "b.yaml", "c.yaml", "d.yaml", "e.yaml"]


@pytest.mark.parametrize("major", [3, 4])
@pytest.mark.parametrize("args,files", [
    # A boolean shorthand grouped with -f: -f takes the next argument, or the rest of the group.
    (["template", "c", "-gf", "a.yaml"], ["a.yaml"]),
    (["template", "c", "-gfa.yaml"], ["a.yaml"]),
    (["template", "c", "-gf=a.yaml"], ["a.yaml"]),
    (["upgrade", "-if", "a.yaml", "spin", "c"], ["a.yaml"]),
    # The next argument is -f's value whatever it looks like.
    (["template", "c", "-f", "-g.yaml"], ["-g.yaml"]),
    # pflag's stringSlice reads a value as a CSV record: quotes keep a comma in a name.
    (["template", "c", "--values", "a.yaml,b.yaml"], ["a.yaml", "b.yaml"]),
    (["template", "c", "--values", '"a,1.yaml",b.yaml'], ["a,1.yaml", "b.yaml"]),
    (["template", "c", "-f", '"say ""hi"".yaml"'], ['say "hi".yaml']),
    (["template", "c", "-f", "a.yaml\nb.yaml"], ["a.yaml"]),  # one record: the next line is not read
    (["template", "c", "-f", ""], []),
])
def test_values_files_are_read_as_helm_reads_them(major, args, files):
    from renderer.cli.helm import HelmArgs

    parsed = HelmArgs(args, major)
    assert parsed.values_files == files and parsed.bad_values == []
    assert parsed.positionals == [a for a in args[1:] if a in ("c", "spin")]


@pytest.mark.parametrize("value", ['a"b.yaml', '"a.yaml"b', '"a.yaml', "\n"])
def test_a_values_flag_helm_refuses_is_refused_before_helm_runs(fake_helm, run_cli, value):
    env, calls = fake_helm
    result = run_cli("helm", "template", "charts/spinnaker", "--values", value,
                     env=dict(env, FAKE_HELM_VERSION="v3.17.2"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f'invalid argument {json.dumps(value)} for "-f, --values" flag' in result.stderr
    assert "helm was not run" in result.stderr and _render_calls(calls) == []


def test_pipes_are_swapped_where_they_were_given(tmp_path):
    """Each pipe the check read is handed to helm as a copy, in its place among the other files."""
    from renderer.cli.helm import HelmArgs, _pipes_as_files
    from renderer.read.bounded import DOCUMENT_LIMIT, read_given

    held = {}
    args = ["template", "c", "-gf", "plain.yaml", "--values", "x.yaml,{0},y.yaml", "-gf{1}", "-f={2}", "--values={3}"]
    for index in range(4):
        read_fd, write_fd = os.pipe()
        os.write(write_fd, f"n: {index}\n".encode())
        os.close(write_fd)
        held[f"/dev/fd/{read_fd}"] = f"n: {index}\n"
        args = [a.replace("{%d}" % index, f"/dev/fd/{read_fd}") for a in args]
    try:
        parsed = HelmArgs(args, 3)
        for path in parsed.values_files:
            if path in held:
                read_given(path, DOCUMENT_LIMIT)
        swapped = HelmArgs(_pipes_as_files(parsed, str(tmp_path)), 3)
    finally:
        for path in held:
            os.close(int(path.rsplit("/", 1)[1]))
    assert len(swapped.values_files) == len(parsed.values_files) == 7
    assert swapped.positionals == ["c"] and swapped.values("--generate-name") == ["true", "true"]
    for before, after in zip(parsed.values_files, swapped.values_files):
        if before in held:
            assert after.startswith(str(tmp_path)) and open(after).read() == held[before]
        else:
            assert after == before


@pytest.mark.parametrize("spelling", [["-gf", "{pipe}"], ["-gf{pipe}"], ["--values", "{plain},{pipe}"]])
def test_values_from_a_pipe_reach_helm_however_f_is_spelt(helm, run_cli, tmp_path, spelling):
    """`spinnaker-renderer helm template CHART -gf <(cat values.yaml)`: the check reads the pipe, and
    helm gets a copy of what it held (it would find the pipe empty and render without the values)."""
    binary, _, env = helm
    env = dict(binary.env, **env, HELM_BIN=str(binary))
    plain = tmp_path / "plain.yaml"
    plain.write_text("services: {orca: {replicas: 2}}\n")
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"services: {orca: {replicas: 3}}\n")
    os.close(write_fd)
    args = [a.replace("{pipe}", f"/dev/fd/{read_fd}").replace("{plain}", str(plain)) for a in spelling]
    try:
        result = subprocess.run([sys.executable, "-m", "renderer", "helm", "template",
                                 os.path.join(ROOT, "charts", "spinnaker"), *args], capture_output=True, text=True,
                                cwd=tmp_path, env=dict(os.environ, **env), pass_fds=(read_fd,), timeout=120)
    finally:
        os.close(read_fd)
    assert result.returncode == 0, result.stderr
    orca = [d for d in yaml.safe_load_all(result.stdout)
            if d and d["kind"] == "Deployment" and d["metadata"]["name"].endswith("-orca")]
    assert [d["spec"]["replicas"] for d in orca] == [3]


def test_values_files_with_commas_reach_helm_as_it_splits_them(helm, run_cli, tmp_path):
    """`--values a.yaml,b.yaml`: both checked, b's settings win; `"a,1.yaml"` names one file."""
    binary, _, env = helm
    env = dict(binary.env, **env, HELM_BIN=str(binary))
    (tmp_path / "a,1.yaml").write_text("redis:\n  enabled: sometimes\n")
    (tmp_path / "b.yaml").write_text("services: {orca: {replicas: 3}}\n")
    refused = run_cli("helm", "template", CHART, "--values", f'"{tmp_path}/a,1.yaml",{tmp_path}/b.yaml', env=env)
    assert refused.returncode == 1 and "values: redis.enabled" in refused.stderr, refused.stderr
    (tmp_path / "a,1.yaml").write_text("redis:\n  enabled: true\n")
    ok = run_cli("helm", "template", CHART, "--values", f'"{tmp_path}/a,1.yaml",{tmp_path}/b.yaml', env=env)
    assert ok.returncode == 0, ok.stderr
    assert "  replicas: 3\n" in ok.stdout


@pytest.mark.parametrize("value", ['a"b.yaml', '"a.yaml"b', '"a.yaml', "\n"])
def test_a_refused_values_flag_is_said_in_helm_s_words(helm, run_cli, value):
    binary, _, env = helm
    said = binary.run("template", CHART, "--values", value).stderr
    wrapped = run_cli("helm", "template", CHART, "--values", value, env=dict(binary.env, **env, HELM_BIN=str(binary)))
    assert wrapped.returncode == 2
    reason = said.strip().removeprefix("Error: ")
    assert reason and reason in wrapped.stderr, (said, wrapped.stderr)


def _executable(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize("on_path, beside, expected", [
    (["helm", "helm4"], ["helm3", "helm4"], "path/helm"),    # the user's own `helm` first
    (["helm4"], ["helm3"], "venv/bin/helm3"),               # names in order; each on PATH, then beside
    (["helm3"], ["helm3"], "path/helm3"),
    ([], ["helm3", "helm4"], "venv/bin/helm3"),              # `make setup`, renderer called by path
    ([], ["helm4"], "venv/bin/helm4"),
    (["helm3", "helm4"], [], "path/helm3"),                  # `make setup` with the venv activated
    ([], [], None),
])
def test_find_helm_prefers_helm_then_helm3_then_helm4(tmp_path, monkeypatch, on_path, beside, expected):
    from renderer.cli.helmbin import find_helm

    for name in on_path:
        _executable(tmp_path / "path" / name)
    for name in beside:
        _executable(tmp_path / "venv" / "bin" / name)
    (tmp_path / "path").mkdir(exist_ok=True)
    monkeypatch.delenv("HELM_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    monkeypatch.setattr(sys, "executable", str(tmp_path / "venv" / "bin" / "python"))
    assert find_helm() == (str(tmp_path / expected) if expected else None)
    monkeypatch.setenv("HELM_BIN", "/opt/helm-3.12/helm")  # always first, even when it is elsewhere
    assert find_helm() == "/opt/helm-3.12/helm"


def _path_without_helm():
    """The system directories of PATH, none holding a Helm by any name."""
    from renderer.cli.helmbin import HELM_NAMES

    dirs = [d for d in ("/usr/local/bin", "/usr/bin", "/bin")
            if not any(os.access(os.path.join(d, name), os.X_OK) for name in HELM_NAMES)]
    return os.pathsep.join(dirs)


@pytest.mark.parametrize("how", ["venv-activated", "by-path"])
def test_the_wrapper_finds_the_helm_make_setup_installed(helm3, how, tmp_path):
    """Right after `make setup`: .venv/bin has helm3 and helm4 and nothing named helm. Helm 3 is the
    one chosen (the wrapper would say it installed the Helm 4 plugin otherwise)."""
    import subprocess

    bin_dir = os.path.dirname(str(helm3))
    env = {k: v for k, v in helm3.env.items() if k not in ("HELM_BIN", "PATH", "VIRTUAL_ENV")}
    if how == "venv-activated":
        env.update(PATH=bin_dir + os.pathsep + _path_without_helm(), VIRTUAL_ENV=os.path.dirname(bin_dir))
        command = ["spinnaker-renderer"]
    else:
        env.update(PATH=_path_without_helm())
        command = [os.path.join(bin_dir, "spinnaker-renderer")]
    result = subprocess.run(command + ["helm", "template", "spinnaker", os.path.join(ROOT, "charts", "spinnaker")],
                            capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "kind: Deployment" in result.stdout and "-config-" in result.stdout  # post-rendered
    assert "Helm 4 plugin" not in result.stderr
    checked = subprocess.run(command + ["validate", "-f", os.path.join(ROOT, "examples", "values-production.yaml")],
                             capture_output=True, text=True, env=env, cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    said = checked.stdout + checked.stderr
    assert "were not run" not in said and "valid for Spinnaker" in said
