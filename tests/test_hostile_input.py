"""Hostile input: nothing crashes with a traceback, hangs or exhausts memory; each refusal is a clear
message with a non-zero exit, and legitimate input still works.

`migrate` on Halyard directories (symbolic links out of HAL_DIR, FIFOs, devices, huge and deeply
nested files, YAML alias bombs, duplicate and path-like deployment names, files named outside
HAL_DIR, hostile `hal backup` archives), `plan` on values files and manifests of the same kinds, and
the post-renderer on streams carrying them. Every command runs as a subprocess with a timeout (and
every test under pytest-timeout), so a hang fails the test instead of stalling the suite.
"""
from __future__ import annotations

import base64
import glob
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import pytest
import yaml

from conftest import ROOT
from test_helm_binary import helm, helm4_plugin  # noqa: F401  (the real-helm fixtures)

pytestmark = pytest.mark.timeout(120)
CHART_DIR = os.path.join(ROOT, "charts", "spinnaker")

CONFIG = """\
currentDeployment: default
deploymentConfigurations:
- name: default
  version: 2026.4.0
  providers:
    kubernetes:
      enabled: true
      accounts:
      - name: k8s
        kubeconfigFile: {kubeconfig}
  deploymentEnvironment:
    location: spinnaker
"""
SECRET_TEXT = "outside-secret-4f1c"  # content that must never reach any output unless included
DEEP = "a: " + "[" * 100_000 + "]" * 100_000 + "\n"  # past where PyYAML's C composer crashes the process
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))


def run(*args, stdin=None, timeout=90):
    result = subprocess.run([sys.executable, "-m", "renderer", *args], input=stdin, capture_output=True,
                            cwd=ROOT, timeout=timeout, text=stdin is None or isinstance(stdin, str))
    assert "Traceback" not in str(result.stderr), result.stderr
    assert result.returncode >= 0, f"killed by signal {-result.returncode}: {result.stderr}"
    return result


def write(path, text):
    os.makedirs(os.path.dirname(str(path)), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def sparse(path, size):
    """A file of `size` bytes that takes no disk space."""
    os.makedirs(os.path.dirname(str(path)), exist_ok=True)
    with open(path, "wb") as handle:
        handle.truncate(size)


@pytest.fixture
def hal(tmp_path):
    """(HAL_DIR, a directory outside it holding a secret) with a minimal valid config and a profile."""
    root, outside = tmp_path / ".hal", tmp_path / "outside"
    write(outside / "secret.yml", f"leaked: {SECRET_TEXT}\n")
    write(root / "config", CONFIG.format(kubeconfig="kube/config"))
    write(root / "kube" / "config", "apiVersion: v1\nkind: Config\n")
    write(root / "default" / "profiles" / "gate-local.yml", "server:\n  port: 8084\n")
    return root, outside


def migrate(root, *extra, timeout=90):
    out = os.path.join(os.path.dirname(str(root)), "out")
    shutil.rmtree(out, ignore_errors=True)
    result = run("migrate", str(root), "-o", os.path.join(out, "values.yaml"), "--secrets-dir",
                 os.path.join(out, "secrets"), "--report", os.path.join(out, "report.md"), *extra, timeout=timeout)
    written = ""
    for path in glob.glob(os.path.join(out, "**", "*"), recursive=True):
        if os.path.isfile(path):
            written += open(path, errors="replace").read()
    return result, written


def assert_ok(result, written, *lines):
    assert result.returncode == 0, result.stderr
    for line in lines:
        assert re.search(line, result.stderr), f"{line!r} not in:\n{result.stderr}"
    assert SECRET_TEXT not in written + result.stderr + result.stdout


def assert_refused(result, written, *lines):
    assert result.returncode != 0
    assert written == "", "nothing is written on a refusal"
    for line in lines:
        assert re.search(line, result.stderr), f"{line!r} not in:\n{result.stderr}"


# --- migrate: what HAL_DIR holds -----------------------------------------------------------

@pytest.mark.parametrize("link", ["profile", "profiles dir", "service-settings dir", "deployment dir"])
def test_symlinks_leaving_hal_dir_are_not_followed(hal, link):
    root, outside = hal
    if link == "profile":
        os.symlink(outside / "secret.yml", root / "default" / "profiles" / "orca-local.yml")
        shown = "default/profiles/orca-local.yml"
    elif link == "profiles dir":
        os.rename(root / "default" / "profiles", root / "gone")
        os.symlink(outside, root / "default" / "profiles")
        shown = "default/profiles"
    elif link == "service-settings dir":
        os.symlink(outside, root / "default" / "service-settings")
        shown = "default/service-settings"
    else:
        os.rename(root / "default", root / "gone")
        write(outside / "profiles" / "orca-local.yml", f"leaked: {SECRET_TEXT}\n")
        os.symlink(outside, root / "default")
        shown = "default"
    result, written = migrate(root)
    assert_ok(result, written, f"human: {re.escape(shown)}: .*symbolic link to {re.escape(str(outside))}.*outside "
                               "HAL_DIR")


def test_a_symlink_staying_inside_hal_dir_is_followed_and_hal_dir_itself_may_be_one(hal, tmp_path):
    root, _ = hal
    write(root / "shared" / "orca.yml", "tasks:\n  daysOfExecutionHistory: 3\n")
    os.symlink(root / "shared" / "orca.yml", root / "default" / "profiles" / "orca-local.yml")
    os.symlink(root, tmp_path / "linked-hal")
    result, written = migrate(tmp_path / "linked-hal")
    assert_ok(result, written)
    assert "daysOfExecutionHistory: 3" in written


def test_config_symlinked_outside_is_refused(hal):
    root, outside = hal
    write(outside / "config", CONFIG.format(kubeconfig="x"))
    os.unlink(root / "config")
    os.symlink(outside / "config", root / "config")
    result, written = migrate(root)
    assert_refused(result, written, "symbolic link to .*outside HAL_DIR", "--include")


@pytest.mark.parametrize("where", ["profile", "config", "service-settings"])
def test_a_fifo_is_skipped_never_opened(hal, where):
    root, _ = hal
    path = {"profile": root / "default" / "profiles" / "orca-local.yml", "config": root / "config",
            "service-settings": root / "default" / "service-settings" / "orca.yml"}[where]
    os.makedirs(path.parent, exist_ok=True)
    if path.exists():
        os.unlink(path)
    os.mkfifo(path)
    result, written = migrate(root)
    if where == "config":
        assert_refused(result, written, "FIFO")
    else:
        assert_ok(result, written, "FIFO.*not opened")


def test_dev_zero_linked_as_a_profile(hal):
    root, _ = hal
    os.symlink("/dev/zero", root / "default" / "profiles" / "orca-local.yml")
    result, written = migrate(root)
    assert_ok(result, written, "symbolic link to /dev/zero, outside HAL_DIR")
    # Even where the user lets migrate read it, a device is never opened.
    result, written = migrate(root, "--include", "/dev/zero")
    assert_ok(result, written, "character device.*not opened")


@pytest.mark.parametrize("where", ["profile", "config", "referenced"])
def test_huge_files_are_refused_by_size_before_reading(hal, where):
    root, _ = hal
    path = {"profile": root / "default" / "profiles" / "orca-local.yml", "config": root / "config",
            "referenced": root / "kube" / "config"}[where]
    sparse(path, 4 * 1024 ** 3)
    result, written = migrate(root)
    if where == "config":
        assert_refused(result, written, "over the 16 MiB limit")
    else:
        assert_ok(result, written, "over the 1 MiB limit")


@pytest.mark.parametrize("where", ["config", "profile", "service-settings"])
@pytest.mark.parametrize("text", ["deep", "bomb"])
def test_deep_nesting_and_alias_bombs(hal, where, text):
    root, _ = hal
    content = {"deep": DEEP, "bomb": BOMB}[text]
    if where == "config":
        write(root / "config", content)
        result, written = migrate(root)
        assert_refused(result, written, {"deep": "nests deeper than 50 levels.*nestingDepthLimit",
                                         "bomb": "more than 50 aliases.*maxAliasesForCollections"}[text])
        return
    path = root / "default" / ("profiles/orca-local.yml" if where == "profile" else "service-settings/orca.yml")
    write(path, content)
    result, written = migrate(root)
    # A profile goes to Spring Boot, which lifts SnakeYAML's alias limit: the expansion bound stops it.
    expected = {"deep": "nests deeper than 50 levels",
                "bomb": "expands to more than 2,000,000 values" if where == "profile" else "more than 50 aliases"}
    assert_ok(result, written, f"{re.escape(path.relative_to(root).as_posix())}: .*{expected[text]}")


def test_two_deployments_with_one_name_are_refused_as_halyard_did(hal):
    root, _ = hal
    config = CONFIG.format(kubeconfig="kube/config")
    write(root / "config", config + config.split("deploymentConfigurations:\n", 1)[1])
    result, written = migrate(root)
    assert_refused(result, written, "more than one deployment is named 'default' \\(\\[0\\], \\[1\\]\\)",
                   "Delete or rename")


def test_deployment_names_are_names_not_paths(hal):
    root, outside = hal
    write(outside / "profiles" / "orca-local.yml", f"leaked: {SECRET_TEXT}\n")
    name = os.path.relpath(outside, root)  # ../outside
    write(root / "config", CONFIG.format(kubeconfig="kube/config").replace("name: default", f"name: {name}")
          .replace("currentDeployment: default", f"currentDeployment: {name}"))
    result, written = migrate(root)
    assert_ok(result, written, "not a plain name.*was not read")
    result, written = migrate(root, "--deployment", "../../x")
    assert_refused(result, written, "no deployment named '../../x'")


# --- migrate: files the config names ---------------------------------------------------------

@pytest.mark.parametrize("value", ["{outside}/secret.yml", "file://{outside}/secret.yml", "~/outside/secret.yml",
                                   "~/../{parent}/outside/secret.yml", "/proc/self/environ"])
def test_files_named_outside_hal_dir_are_read_only_with_include(hal, value):
    root, outside = hal
    value = value.format(outside=outside, parent=os.path.basename(os.path.dirname(outside)))
    write(root / "config", CONFIG.format(kubeconfig=value))
    result, written = migrate(root)
    real = os.path.abspath(value.replace("file://", "").replace("~", str(root.parent)))
    command = f"spinnaker-renderer migrate {root} .* --include {real}"
    assert_ok(result, written, "outside HAL_DIR: migrate reads only the directory you point it at; not read",
              command)
    assert "/var/secrets/" in written  # the value stays a reference for the user to fill
    if value.startswith("/proc"):
        return
    result, _ = migrate(root, "--include", str(outside))
    assert result.returncode == 0 and "read from " + str(outside / "secret.yml") in result.stderr


def test_halconfig_dir_token_is_hal_dir(hal):
    """Old `hal backup create` archives wrote paths under ~/.hal as `{%halconfig-dir%}/...`."""
    root, _ = hal
    write(root / "config", CONFIG.format(kubeconfig="'{%halconfig-dir%}/kube/config'"))
    result, written = migrate(root)
    assert_ok(result, written, re.escape(f"read from {os.path.realpath(root / 'kube' / 'config')}"))


# --- migrate: `hal backup` archives ----------------------------------------------------------

def _tar(path, members, mode="w"):
    """`members`: [(TarInfo fields, bytes or None)]."""
    with tarfile.open(path, mode) as tar:
        for fields, data in members:
            info = tarfile.TarInfo(fields.pop("name"))
            for key, value in fields.items():
                setattr(info, key, value)
            if data is not None:
                info.size = len(data)
            tar.addfile(info, io.BytesIO(data) if data is not None else None)


def _backup_members():
    """What `hal backup create` writes: regular files named relative to ~/.hal, paths in `config`
    relative to it (new Halyards) or under {%halconfig-dir%} (old ones)."""
    config = CONFIG.format(kubeconfig=".backup/required-files/123-config").replace(
        "  deploymentEnvironment:",
        "      - name: old\n        kubeconfigFile: '{%halconfig-dir%}/.backup/required-files/456-old'\n"
        "  deploymentEnvironment:")
    return [({"name": "config"}, config.encode()),
            ({"name": ".backup/required-files/123-config"}, b"apiVersion: v1\n# from the backup\n"),
            ({"name": ".backup/required-files/456-old"}, b"apiVersion: v1\n# old backup\n"),
            ({"name": "default/profiles/gate-local.yml"}, b"server:\n  port: 8084\n")]


def _leftovers():
    return set(glob.glob(os.path.join(tempfile.gettempdir(), "spinnaker-renderer-backup-*")))


@pytest.mark.parametrize("mode,suffix", [("w", ".tar"), ("w:gz", ".tar.gz")])
def test_a_hal_backup_archive_is_hal_dir(tmp_path, mode, suffix):
    before = _leftovers()
    _tar(tmp_path / f"halyard-backup{suffix}", _backup_members(), mode)
    result, written = migrate(tmp_path / f"halyard-backup{suffix}")
    assert_ok(result, written, "accounts\\[0\\].kubeconfigFile -> /var/secrets/config",
              "accounts\\[1\\].kubeconfigFile -> /var/secrets/old")
    secrets = glob.glob(str(tmp_path / "out" / "secrets" / "*.yaml"))
    data = {k: base64.b64decode(v).decode() for path in secrets for doc in yaml.safe_load_all(open(path))
            for k, v in doc["data"].items()}
    assert data["config"].endswith("# from the backup\n") and data["old"].endswith("# old backup\n")
    assert "port: 8084" in written and str(tmp_path / f"halyard-backup{suffix}") in written
    assert _leftovers() == before, "the unpacked archive is removed"
    # Without --secrets-dir there is no kubectl command naming the removed files.
    plain = run("migrate", str(tmp_path / f"halyard-backup{suffix}"))
    assert plain.returncode == 0 and "--from-file" not in plain.stderr and "--secrets-dir" in plain.stderr


def test_hostile_archive_members_are_skipped(tmp_path):
    outside = tmp_path / "escaped"
    members = _backup_members() + [
        ({"name": "/etc/evil"}, b"x"),
        ({"name": f"../{outside.name}"}, b"x"),
        ({"name": "default/profiles/../../../escaped2"}, b"x"),
        ({"name": "default/profiles/orca-local.yml", "type": tarfile.SYMTYPE, "linkname": "/etc/passwd"}, None),
        ({"name": "default/profiles/echo-local.yml", "type": tarfile.LNKTYPE, "linkname": "config"}, None),
        ({"name": "default/profiles/igor-local.yml", "type": tarfile.FIFOTYPE}, None),
        ({"name": "default/profiles/rosco-local.yml", "type": tarfile.CHRTYPE, "devmajor": 1, "devminor": 5}, None),
    ]
    _tar(tmp_path / "backup.tar", members)
    result, written = migrate(tmp_path / "backup.tar")
    assert_ok(result, written, "backup.tar: /etc/evil: an absolute name", "backup.tar: ../escaped: an absolute name",
              "orca-local.yml: a symbolic link \\(to /etc/passwd\\): not unpacked",
              "echo-local.yml: a hard link", "igor-local.yml: a FIFO", "rosco-local.yml: a device")
    assert not outside.exists() and not (tmp_path.parent / "escaped2").exists()


@pytest.mark.parametrize("bomb", ["members", "total", "one member", "not a tar"])
def test_archive_limits(tmp_path, bomb):
    path = tmp_path / "backup.tar.gz"
    if bomb == "members":
        _tar(path, _backup_members() + [({"name": f"f/{i}"}, b"") for i in range(10_001)], "w:gz")
    elif bomb == "one member":  # 20 MiB of zeros, a few KiB compressed
        _tar(path, _backup_members() + [({"name": "default/profiles/orca-local.yml"}, bytes(20 << 20))], "w:gz")
    elif bomb == "total":
        _tar(path, _backup_members() + [({"name": f"f/{i}"}, bytes(15 << 20)) for i in range(5)], "w:gz")
    else:
        write(path, "this is not an archive\n")
    result, written = migrate(path)
    if bomb == "one member":
        assert_ok(result, written, "orca-local.yml: 20,971,520 bytes, over the 16 MiB limit")
    elif bomb == "not a tar":
        assert_refused(result, written, "neither a directory nor a `hal backup` archive")
    else:
        assert_refused(result, written, {"members": "more than 10,000 members",
                                         "total": "more than 64 MiB"}[bomb])


# --- plan and validate: files named on the command line -------------------------------------
# The user's own choice of file, so a pipe is fine (`--from-manifests <(helm get manifest spin)`,
# `-f -`): read once, within the same size limit. Only what migrate finds in HAL_DIR must be a
# regular file (above).

def _hostile_file(tmp_path, kind):
    path = tmp_path / f"{kind}.yaml"
    if kind == "huge":
        sparse(path, 4 * 1024 ** 3)
    else:
        write(path, {"deep": DEEP, "bomb": BOMB}[kind])
    return str(path)


def _pipe(tmp_path, name, data: bytes):
    """A FIFO with a writer that writes `data` once a reader opens it (a process substitution's shape); a
    reader that stops early (a limit) ends the writer with a broken pipe, never a hang."""
    import threading

    path = tmp_path / name
    os.mkfifo(path)

    def writer():
        try:
            with open(path, "wb") as handle:
                for at in range(0, len(data), 1 << 20):
                    handle.write(data[at:at + (1 << 20)])
        except BrokenPipeError:
            pass

    threading.Thread(target=writer, daemon=True).start()
    return str(path)


REFUSALS = {"huge": "over the 16 MiB limit", "deep": "nests deeper than 200 levels",
            "bomb": "expands to more than 2,000,000 values"}
PIPED_HUGE = b"a: " + b"x" * (17 * 1024 * 1024) + b"\n"  # a pipe has no size to check first: read up to the limit


@pytest.mark.parametrize("kind", list(REFUSALS))
def test_plan_refuses_hostile_values_files(tmp_path, kind):
    good = tmp_path / "good.yaml"
    write(good, "spinnaker: {}\n")
    result = run("plan", "-f", _hostile_file(tmp_path, kind), "--to", "-f", str(good))
    assert result.returncode == 1 and re.search(REFUSALS[kind], result.stderr), result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("kind", list(REFUSALS))
def test_plan_refuses_hostile_manifests(tmp_path, kind):
    good = tmp_path / "good.yaml"
    write(good, "spinnaker: {}\n")
    result = run("plan", "--from-manifests", _hostile_file(tmp_path, kind), "--to", "-f", str(good))
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    if kind != "bomb":  # a bomb is read without expanding it, and holds no config object
        assert re.search(REFUSALS[kind], result.stderr), result.stderr


@pytest.mark.parametrize("kind", ["deep", "bomb"])
def test_validate_refuses_hostile_values_files(tmp_path, kind):
    result = run("validate", "-f", _hostile_file(tmp_path, kind))
    assert result.returncode != 0 and re.search(REFUSALS[kind], result.stderr), result.stderr


def test_a_deep_halconfig_on_stdin(tmp_path):
    result = run("validate", "-", stdin=DEEP)
    assert result.returncode == 1 and "nests deeper than 50 levels" in result.stderr


@pytest.fixture(scope="module")
def release_manifests():
    """A release as `helm get manifest` gives it (post-rendered, release spin in namespace spinnaker)."""
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    import handover

    result = handover.post_render(handover.helm3_stream(handover.render({}, name="spin", namespace="spinnaker")))
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_plan_reads_manifests_and_values_from_pipes_and_stdin(tmp_path, release_manifests):
    """docs/upgrade.md's `plan --from-manifests <(helm get manifest spin)`, and `-` for stdin."""
    values = b"spinnaker: {}\n"
    piped = run("plan", "--from-manifests", _pipe(tmp_path, "manifests", release_manifests), "--to", "-f",
                _pipe(tmp_path, "values", values))
    assert piped.returncode == 0 and "no changes" in piped.stdout, piped.stderr
    good = tmp_path / "good.yaml"
    good.write_bytes(values)
    stdin = run("plan", "--from-manifests", "-", "--to", "-f", str(good), stdin=release_manifests.decode())
    assert stdin.returncode == 0 and "no changes" in stdin.stdout, stdin.stderr
    values_on_stdin = run("plan", "--from-manifests", _pipe(tmp_path, "m2", release_manifests), "--to", "-f", "-",
                          stdin=values.decode())
    assert values_on_stdin.returncode == 0, values_on_stdin.stderr


def test_a_pipe_is_read_within_the_limit(tmp_path):
    good = tmp_path / "good.yaml"
    write(good, "spinnaker: {}\n")
    for args in (["plan", "-f", _pipe(tmp_path, "p1", PIPED_HUGE), "--to", "-f", str(good)],
                 ["plan", "--from-manifests", _pipe(tmp_path, "p2", PIPED_HUGE), "--to", "-f", str(good)],
                 ["validate", "-f", _pipe(tmp_path, "p3", PIPED_HUGE)]):
        result = run(*args)
        assert result.returncode != 0 and "over the 16 MiB limit" in result.stderr, (args, result.stderr)


def test_validate_and_the_wrapper_read_values_from_a_pipe_once(tmp_path):
    """Read by the renderer, then rendered by helm: helm gets what the pipe held, not an emptied pipe."""
    helm = os.path.join(ROOT, ".venv", "bin", "helm3")
    if not os.access(helm, os.X_OK):
        pytest.skip("make setup installs .venv/bin/helm3")
    env = dict(os.environ, HELM_BIN=helm, SPINNAKER_RENDERER_NO_TTY="1")
    values = b"services:\n  orca:\n    resources:\n      requests: {memory: 99Gi}\n"  # over its limit
    for args in (["validate", "-f", _pipe(tmp_path, "v1", values)], ["validate", "-f", "-"]):
        result = subprocess.run([sys.executable, "-m", "renderer", *args], input=values, capture_output=True,
                                cwd=ROOT, env=env, timeout=90)
        # The chart's own refusal: only helm, rendering the piped values, can give it.
        assert result.returncode == 1 and b"the chart refuses these values" in result.stderr, result.stderr
    for args in (["-f", _pipe(tmp_path, "w1", b"services: {orca: {replicas: 3}}\n")], ["-f", "-"],
                 ["--values=" + _pipe(tmp_path, "w2", b"services: {orca: {replicas: 3}}\n")]):
        result = subprocess.run([sys.executable, "-m", "renderer", "helm", "template", "spin",
                                 os.path.join(ROOT, "charts", "spinnaker"), *args],
                                input=b"services: {orca: {replicas: 3}}\n", capture_output=True, cwd=ROOT, env=env,
                                timeout=90)
        assert result.returncode == 0, result.stderr
        assert b"  replicas: 3\n" in result.stdout, args


def test_a_halconfig_from_a_pipe(tmp_path):
    text = open(os.path.join(ROOT, "examples", "halconfig.yml"), "rb").read()
    result = run("validate", _pipe(tmp_path, "hal", text))
    assert result.returncode == 0 and "valid for Spinnaker" in result.stderr, result.stderr


# --- the post-renderer --------------------------------------------------------------------

@pytest.fixture(scope="module")
def stream():
    pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    import handover

    return handover.helm3_stream(handover.render({}))


def post_render(text: str):
    result = subprocess.run([os.path.join(ROOT, "scripts", "post-render")], input=text.encode(),
                            capture_output=True, timeout=90, env=dict(os.environ, SPINNAKER_RENDERER_NO_TTY="1"))
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    assert result.returncode >= 0, f"killed by signal {-result.returncode}"
    return result


def with_halconfig(stream, halconfig):
    match = re.search(r"bundle: (\S+)", stream)
    bundle = json.loads(base64.b64decode(match.group(1)))
    bundle["halconfig"] = halconfig
    return stream.replace(match.group(1), base64.b64encode(json.dumps(bundle).encode()).decode())


@pytest.mark.parametrize("halconfig,expected", [(BOMB, "more than 50 aliases"),
                                                (DEEP, "nests deeper than 50 levels")], ids=["bomb", "deep"])
def test_post_render_refuses_a_hostile_halconfig_string(stream, halconfig, expected):
    result = post_render(with_halconfig(stream, halconfig))
    assert result.returncode == 1 and result.stdout == b""
    assert expected in result.stderr.decode()


def test_post_render_passes_a_huge_and_a_deep_document_through(stream):
    # A kind the API server sets no data limit on (a ConfigMap this size is refused: the next test).
    big = "---\napiVersion: example.com/v1\nkind: Blob\nmetadata:\n  name: big\nspec:\n  blob: " + "x" * (20 << 20) + "\n"
    deep = "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata: " + "[" * 100_000 + "]" * 100_000 + "\n"
    result = post_render(stream + big + deep)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    out = result.stdout.decode()
    assert big in out and deep in out


def test_post_render_refuses_a_huge_config_map_in_words(stream):
    big = "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: " + "x" * (20 << 20) + "\n"
    result = post_render(stream + big)
    assert result.returncode == 1 and result.stdout == b""
    assert "ConfigMap big holds 20,971,520 bytes of data" in result.stderr.decode()


def test_post_render_refuses_a_stream_over_its_limit(stream):
    result = post_render(stream + "---\n# " + "x" * (65 << 20) + "\n")
    assert result.returncode == 1 and "over the 64 MiB limit" in result.stderr.decode()


# --- control characters in names, keys and values; names printed on one line -----------------------------

NUL_REFUSAL = 'holds a control character ("\\x00") at character 3; no key, name or host may hold one.'
ACCOUNT = "halconfig.providers.kubernetes.accounts[0].name"
KLEAT_ACCOUNT = """\
providers:
  kubernetes:
    enabled: true
    accounts:
    - name: {name}
      serviceAccount: true
"""


def _values_with(name: str) -> str:
    return "halconfig:\n" + "".join("  " + line + "\n" for line in KLEAT_ACCOUNT.format(name=name).splitlines())


@pytest.mark.parametrize("name,said", [
    ('"k8\\0s"', NUL_REFUSAL),                                # YAML's escape
    ('"k8\\ts"', 'holds a control character ("\\t") at character 3'),
    ('"k8\ts"', 'holds a control character ("\\t") at character 3'),  # a raw tab, which YAML allows
    ('"k8\x00s"', "not valid YAML: the character U+0000"),     # a raw NUL, refused by the YAML reader
], ids=["escaped-nul", "escaped-tab", "raw-tab", "raw-nul"])
def test_a_control_character_in_an_account_name_is_refused_with_its_path(tmp_path, name, said):
    values = tmp_path / "values.yaml"
    values.write_text(_values_with(name))
    halconfig = tmp_path / "halconfig.yml"
    halconfig.write_text(KLEAT_ACCOUNT.format(name=name))
    for args, where in ((["validate", "-f", str(values)], ACCOUNT),
                        (["validate", str(halconfig)], ACCOUNT.removeprefix("halconfig."))):
        result = run(*args)
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
        assert f"error: {where} (" in result.stderr and said in result.stderr, result.stderr
        assert "\x00" not in result.stderr


@pytest.mark.parametrize("name", ['"k8\\0s"', '"k8\x00s"'], ids=["escaped", "raw"])
def test_migrate_refuses_a_control_character_in_an_account_name(hal, name):
    root, _ = hal
    write(root / "config", CONFIG.format(kubeconfig="kube/config").replace("name: k8s", f"name: {name}"))
    result, written = migrate(root)
    assert_refused(result, written, r"deploymentConfigurations\[0\]\.providers\.kubernetes\.accounts\[0\]\.name")
    assert "control character" in result.stderr and "values.yaml" not in result.stderr
    assert "\x00" not in result.stderr


def test_migrate_refuses_a_control_character_a_profile_brings(hal):
    root, _ = hal
    write(root / "default" / "profiles" / "settings-local.js", 'window.spinnakerSettings.x = "a\x1bb";\n')
    result, written = migrate(root)
    assert_refused(result, written, r"error: values: \S+: holds a control character \(\"\\x1b\"\)")


def test_layout_characters_in_values_pass_and_other_control_characters_do_not(tmp_path):
    profile = ("server:\r\n  port: 8084\r\n# a comment\twith a tab\r\nca: |\n  -----BEGIN CERTIFICATE-----\n"
               "  MIIB\tAAAA\n  -----END CERTIFICATE-----\n")
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({"profiles": {"gate": profile}, "halconfig": {"timezone": "UTC"}}))
    ok = run("validate", "-f", str(values))
    assert ok.returncode == 0, ok.stderr
    values.write_text(yaml.safe_dump({"halconfig": {"timezone": "UTC\x1b[2J"}}))
    refused = run("validate", "-f", str(values))
    assert refused.returncode == 1
    assert 'error: halconfig.timezone (' in refused.stderr and '("\\x1b") at character 4' in refused.stderr
    values.write_text(yaml.safe_dump({"halconfig": {"features": {"a\nb": True}}}))
    refused = run("validate", "-f", str(values))
    assert refused.returncode == 1
    assert 'error: halconfig.features["a\\nb"]' in refused.stderr and "the key holds a control character" \
        in refused.stderr, refused.stderr


@pytest.mark.parametrize("key", ["fullnameOverride", "nameOverride"])
def test_a_control_character_in_the_release_s_name_is_said_alike_by_every_route(helm, tmp_path, key):
    """`validate -f`, the wrapper and Helm itself (the chart refuses it: Helm would only say "YAML parse
    error on .../config-bundle.yaml") give the same words, naming the value."""
    binary, flags, env = helm
    values = tmp_path / "values.yaml"
    values.write_text(f'{key}: "sp\\0n"\n')
    said = f'{key}: holds a control character ("\\x00") at character 3; no key, name or host may hold one.'
    validated = run("validate", "-f", str(values))
    assert validated.returncode == 1 and said in validated.stderr.replace(f"{key} ({values}:1)", key)
    helm_env = dict(os.environ, **binary.env, **env, HELM_BIN=str(binary))
    wrapped = subprocess.run([sys.executable, "-m", "renderer", "helm", "template", "spin", CHART_DIR, "-f",
                              str(values)], capture_output=True, text=True, cwd=ROOT, env=helm_env, timeout=120)
    assert wrapped.returncode == 1 and said in wrapped.stderr.replace(f"{key} ({values}:1)", key)
    plain = binary.run("template", "spin", CHART_DIR, "-f", str(values), *flags, env=env)
    assert plain.returncode != 0 and said in plain.stderr, plain.stderr
    assert "YAML parse error" not in plain.stderr


def test_a_control_character_in_an_account_name_is_refused_by_the_post_renderer(helm, tmp_path):
    from test_helm_binary import _failure_reason

    binary, flags, env = helm
    values = tmp_path / "values.yaml"
    values.write_text(_values_with('"k8\\0s"'))
    result = binary.run("template", "spin", CHART_DIR, "-f", str(values), *flags, env=env)
    assert result.returncode != 0
    assert f"error: {ACCOUNT}: {NUL_REFUSAL}" in _failure_reason(binary, result, env)


FORGED = "orca\nsecret: forged-local.yml"


@pytest.mark.parametrize("name", [FORGED, "deck\x1b[31mred-local.yml", "gate\u202elocal.yml"])
def test_file_names_are_printed_escaped_in_stderr_and_the_report(hal, name):
    root, _ = hal
    write(root / "default" / "profiles" / name, "a: b\n")
    result, written = migrate(root)
    assert result.returncode == 0, result.stderr
    report = open(os.path.join(os.path.dirname(str(root)), "out", "report.md")).read()
    for said in (result.stderr, report):
        assert name not in said and not re.search(r"^secret: forged", said, re.M)
        assert "\x1b" not in said and "\u202e" not in said
    shown = name.replace("\n", "\\n").replace("\x1b", "\\x1b").replace("\u202e", "\\u202e")
    assert f"default/profiles/{shown}" in result.stderr and f"default/profiles/{shown}" in report


def test_a_values_file_name_is_printed_escaped(tmp_path):
    values = tmp_path / "v\x1b]0;pwned\x07.yaml"
    values.write_text("redis:\n  enabled: sometimes\n")
    result = run("validate", "-f", str(values))
    assert result.returncode == 1 and "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "v\\x1b]0;pwned\\a.yaml" in result.stderr
    values.write_bytes(b"redis:\n  enabled: caf\xe9\n")  # not UTF-8: its own message names the file
    helm = os.path.join(ROOT, ".venv", "bin", "helm3")
    for args in (["validate", "-f", str(values)], ["helm", "template", "spin", CHART_DIR, "-f", str(values)]):
        result = subprocess.run([sys.executable, "-m", "renderer", *args], capture_output=True, text=True, cwd=ROOT,
                                env=dict(os.environ, HELM_BIN=helm), timeout=120)
        assert result.returncode == 1 and "\x1b" not in result.stderr and "\x07" not in result.stderr, args
        assert "v\\x1b]0;pwned\\a.yaml:2: not UTF-8 text" in result.stderr, result.stderr
    gone = tmp_path / "gone\x1b[2J.yaml"
    planned = run("plan", "-f", str(gone), "--to", "-f", str(gone))
    assert planned.returncode != 0 and "\x1b" not in planned.stderr
    assert "gone\\x1b[2J.yaml" in planned.stderr, planned.stderr


def test_validate_never_says_it_wrote_nothing(tmp_path):
    halconfig = tmp_path / "halconfig.yml"
    halconfig.write_text(KLEAT_ACCOUNT.format(name='"k8\\0s"'))
    validated = run("validate", str(halconfig))
    assert validated.returncode == 1 and validated.stderr.splitlines()[-1] == f"{halconfig}: 1 error."
    generated = run("generate", str(halconfig), str(tmp_path / "out"))
    assert generated.stderr.splitlines()[-1] == f"{halconfig}: 1 error; nothing was written."


# --- C0 control characters in the rest of the values: refused on the rendered objects (renderer/postrender/controls.py)

CREDENTIAL = "hunter-7c1e"
C0_VALUES = {
    "services": {"gate": {"env": [{"name": "DB_PASSWORD", "value": CREDENTIAL + "\x00"}]}},  # moved into a Secret
    "profiles": {"orca": {"tasks": {"note": "a\x1b[2Jb"}},                                # a profile's mapping
                 "echo": "slack:\n  token: \"x\\x07y\"\n  pattern: \"\\\\bword\\\\b\"\n"},  # a profile's text
    "extraObjects": [{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "extra"},
                      "data": {"k\x01": "v"}}],                                         # a key
}
C0_LINES = [
    "env DB_PASSWORD (a credential, moved into the pods' Secret): the value, at character 12, holds the control "
    'character "\\x00" [services.gate.env or serviceDefaults.env]: on the gate pods',
    'orca-local.yml: tasks.note: the value, at character 2, holds the control character "\\x1b" [profiles.orca]: '
    "on the orca pods",
    'echo-local.yml: slack.token: the value, at character 2, holds the control character "\\a" [profiles.echo]: '
    "on the echo pods",
    'data: a key holds the control character "\\x01" [extraObjects]: on ConfigMap extra',
]


def _c0_said(text: str) -> list:
    return [line for line in C0_LINES if line not in text]


def test_a_c0_character_in_other_values_is_said_alike_by_every_route(helm, tmp_path):
    """validate -f, the wrapper and Helm (3 and 4) refuse it in one message, naming the object, the field and
    the values path, the character escaped; a credential's value is never shown. Tab, newline, CR and a
    regular expression's escaped backslash (`\\\\b`) pass."""
    from test_helm_binary import _failure_reason

    binary, flags, env = helm
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump(C0_VALUES))
    said = {"validate": run("validate", "-f", str(values), "--release-name", "spin")}
    helm_env = dict(os.environ, **binary.env, **env, HELM_BIN=str(binary))
    said["wrapper"] = subprocess.run([sys.executable, "-m", "renderer", "helm", "template", "spin", CHART_DIR, "-f",
                                      str(values)], capture_output=True, text=True, cwd=ROOT, env=helm_env,
                                     timeout=120)
    plain = binary.run("template", "spin", CHART_DIR, "-f", str(values), *flags, env=env)
    assert plain.returncode != 0 and plain.stdout == ""
    texts = {route: result.stderr for route, result in said.items()}
    texts["helm"] = _failure_reason(binary, plain, env)
    for route, text in texts.items():
        assert route == "helm" or said[route].returncode == 1, text
        assert not _c0_said(text), f"{route}: {_c0_said(text)} not in:\n{text}"
        assert CREDENTIAL not in text and "\x00" not in text and "\x1b" not in text, route
        assert "bword" not in text and text.count("holds the control character") == len(C0_LINES), text


def test_tab_newline_and_carriage_return_pass_and_a_c0_escape_in_a_profile_alone_is_refused(tmp_path):
    values = tmp_path / "values.yaml"
    values.write_text(yaml.safe_dump({
        "commonAnnotations": {"note": "a\tb\r\nc"},
        "profiles": {"gate": "server:\r\n  port: 8084\r\n# a\ttab\r\nre: \"\\\\bword\\\\0\"\n"},
        "services": {"gate": {"env": [{"name": "MULTI", "value": "line one\nline\ttwo\r\n"}]}}}))
    ok = run("validate", "-f", str(values))
    assert ok.returncode == 0, ok.stderr
    values.write_text('profiles:\n  gate:\n    x: "\\u0085ok"\n'
                      'services:\n  gate:\n    env:\n    - name: A\n      value: "\\vv"\n')
    refused = run("validate", "-f", str(values))
    assert refused.returncode == 1
    # C1 is not C0: only names, keys and hosts are refused it (renderer/read/controlchars.py). (Helm itself
    # refuses a DEL anywhere in the values: its schema check writes them out raw and reads them back.)
    assert "gate-local.yml" not in refused.stderr, refused.stderr
    assert 'value, at character 1, holds the control character "\\v" [services.gate.env or serviceDefaults.env]' \
        in refused.stderr, refused.stderr


def test_post_render_names_a_raw_control_character_by_line(stream):
    extra = "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: raw\ndata:\n  k: \"a\x07b\"\n"
    result = post_render(stream + extra)
    assert result.returncode == 1 and result.stdout == b""
    said = result.stderr.decode()
    assert 'line 7: the text holds the control character "\\a": on ConfigMap raw' in said, said
    assert "\x07" not in said


def test_post_render_passes_binary_data_in_base64(stream):
    binary = base64.b64encode(bytes(range(32))).decode()
    extra = ("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: keystore\ndata:\n  ks.p12: " + binary +
             "\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bin\nbinaryData:\n  b: " + binary + "\n")
    result = post_render(stream + extra)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert extra in result.stdout.decode()
