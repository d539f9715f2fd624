"""Read a whole Halyard directory (`~/.hal`): the config, one deployment's
profiles and service settings, and every file the config names.

`open_hal_dir(path)` reads and parses the config, the step `validate` on a
directory and `migrate` share; `read_hal_dir(path, deployment)` goes on to the
deployment, its files, profiles and service settings (`migrate`). Neither
raises for bad input: problems land in the returned `HalDir` (`report` for the
config, `findings` for the rest).
"""
from __future__ import annotations

import os

from renderer.read import controlchars, halconfig, halyard
from renderer.read.bounded import DOCUMENT_LIMIT, Unreadable
from ..model import HAL
from ..problems import InvalidHalconfig, Report, format_path
from renderer.read.yaml11 import DUPLICATE_KEY, NotText, decode, load
from . import files as referenced
from .report import MigrationReport
from .scope import OUTSIDE, Scope, read_inside, walk


class HalDir:
    """What a Halyard directory holds for one deployment.

    - `halconfig`: the deployment in kleat form (Halyard rules applied), file paths as written;
    - `raw`: the deployment as written (Halyard form, `deploymentEnvironment` included);
    - `profiles`: {file name: text} of `<deployment>/profiles` (subdirectories as `dir/name`);
    - `service_settings`: {service name: mapping} of `<deployment>/service-settings/*.yml`;
    - `files`: every file the config names ([files.Referenced]) and `rewritten`, the halconfig
      with those paths pointing at /var/secrets;
    - `report`: the config's problems (renderer.problems.Report, paths into the config file);
    - `findings`: everything else found (MigrationReport: secrets, missing files, unreadable
      profiles, ...)."""

    def __init__(self, root, scope=None, source=None):
        self.root = root
        self.source = source or root  # what the user named: HAL_DIR, or the `hal backup` archive
        self.archive = source is not None
        self.scope = scope or Scope(root)
        self.config_path = os.path.join(root, "config")
        self.text = ""
        self.unreadable = ""  # why the config file could not be read (its OSError), "" when it was
        self.data = None  # the config file, parsed
        self.deployment = None
        self.raw: dict = {}
        self.base: tuple = ()  # where the deployment sits in the config file
        self.halconfig: dict | None = None
        self.rewritten: dict | None = None
        self.profiles: dict[str, str] = {}
        self.service_settings: dict[str, dict] = {}
        self.service_settings_text: dict[str, str] = {}  # their text, for values YAML read as numbers
        self.files: list = []
        self.report = Report()
        self.findings = MigrationReport()

    @property
    def ok(self) -> bool:
        return self.report.ok and self.findings.ok

    @property
    def deployment_dir(self) -> str:
        return os.path.join(self.root, self.deployment or "default")


def open_hal_dir(path: str, includes=(), command=None, source=None) -> HalDir:
    """HAL_DIR (or its `config` file) with the config read (`text`) and parsed (`data`). A config that
    cannot be read lands in `findings`, one that is not YAML in `report`. `includes`: the paths
    outside HAL_DIR the user lets migrate read (--include); `command`: their migrate command line."""
    if os.path.isfile(path):
        path = os.path.dirname(os.path.abspath(path))
    hal_dir = HalDir(path, Scope(path, includes, command, source), source)
    real = os.path.realpath(hal_dir.config_path)
    try:
        if not hal_dir.scope.allowed(real):
            raise Unreadable(f"it is a symbolic link to {real}, {OUTSIDE}. {hal_dir.scope.outside_hint(real)}")
        hal_dir.text = decode(hal_dir.scope.read(real, DOCUMENT_LIMIT), hal_dir.config_path)
    except Unreadable as exc:
        hal_dir.unreadable = str(exc)
        hal_dir.findings.error(f"cannot read {hal_dir.config_path}: {exc}. HAL_DIR is the directory "
                               "holding Halyard's `config` file (usually ~/.hal).")
        return hal_dir
    except NotText as exc:
        hal_dir.findings.error(str(exc))
        return hal_dir
    try:
        hal_dir.data = load(hal_dir.text, hal_dir.config_path)
    except InvalidHalconfig as exc:
        hal_dir.report = exc.report
    return hal_dir


def read_hal_dir(path: str, deployment: str | None = None, strict: bool = False, includes=(), command=None,
                 source=None) -> HalDir:
    """Read HAL_DIR (or its `config` file) for `deployment` (default: currentDeployment); `includes`,
    `command` and `source` as for `open_hal_dir`."""
    hal_dir = open_hal_dir(path, includes, command, source)
    _allow_duplicate_keys(hal_dir)
    if not hal_dir.ok:
        return hal_dir
    data, path = hal_dir.data, hal_dir.root
    refused = controlchars.problems(data)
    for where, message in refused:
        hal_dir.findings.error(f"config: {format_path(where)}: {message} {controlchars.HINT}")
    if refused:
        return hal_dir
    if not halyard.is_halyard_file(data):
        hal_dir.findings.error(f"{hal_dir.config_path} has no deploymentConfigurations: not a Halyard config. "
                               "For a kleat-form halconfig put it under `halconfig:` in the values instead.")
        return hal_dir
    chosen, where = halyard.from_halyard(data, deployment, Report())
    data = _without_redis_store(data, chosen, where, hal_dir.findings)
    hal, report = halconfig.read(data, deployment=deployment, strict=strict)
    hal_dir.report = report
    if chosen is None:
        return hal_dir
    hal_dir.deployment = chosen.get("name")
    hal_dir.raw = chosen
    hal_dir.base = where
    hal_dir.halconfig = hal
    # The halconfig's own problems (errors included) do not stop a migration: `migrate` reports them
    # with the values path to fix and keeps out only what could not render (renderer.migrate.settle).
    if hal is None:
        return hal_dir
    named = hal_dir.deployment
    if not referenced.plain_name(named):
        hal_dir.findings.human("config: " + format_path(where + ("name",)),
                               f"the deployment's name {named!r} is not a plain name: it is also the name of its "
                               "directory in HAL_DIR, and this one is a path. Its directory (profiles, "
                               "service-settings, staged files) was not read. Rename the deployment (its `name` "
                               "and currentDeployment) and its directory to a plain name, and run migrate again.")
        hal_dir.deployment = str(named) if named is not None else None
    hal_dir.rewritten, hal_dir.files = referenced.collect(HAL, hal, hal_dir.scope, hal_dir.findings, where,
                                                          hal_dir.deployment)
    top = _deployment_dir(hal_dir) if referenced.plain_name(named) else None
    if top is not None:
        _read_profiles(hal_dir, top)
        _read_service_settings(hal_dir, top)
    return hal_dir


def _allow_duplicate_keys(hal_dir):
    """A config whose only fault is a duplicate key is read as Halyard read it (SnakeYAML keeps the
    last one), each duplicate reported: `validate` refuses it, but it is what ran."""
    errors = hal_dir.report.errors
    if not errors or not all(p.message.startswith(DUPLICATE_KEY) for p in errors):
        return
    duplicates: list = []
    hal_dir.data = load(hal_dir.text, hal_dir.config_path, duplicates)
    hal_dir.report = Report()
    _report_duplicates(hal_dir.findings, "config", duplicates)


def _report_duplicates(findings, shown, duplicates):
    for key, first, line in duplicates:
        findings.human(f"{shown} (line {line})", f"duplicate key '{key}' (first at line {first}): Halyard kept "
                                                 "this one, the last, and so does migrate. Remove the other.")


def _read_text(hal_dir, full, shown):
    raw = read_inside(hal_dir.scope, full, shown, hal_dir.findings)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        hal_dir.findings.human(shown, f"cannot be read ({exc}); skipped. Carry what it held over by hand.")
        return None


def _deployment_dir(hal_dir):
    """The deployment's directory when it is inside HAL_DIR (reported when it leads out), else None."""
    top = hal_dir.deployment_dir
    real = os.path.realpath(top)
    if not os.path.isdir(real):
        return None
    if not hal_dir.scope.allowed(real):
        hal_dir.findings.human(hal_dir.deployment, f"the deployment's directory is a symbolic link to {real}, "
                                                   f"{OUTSIDE}; its profiles and service-settings were not read. "
                                                   + hal_dir.scope.outside_hint(real))
        return None
    return top


def _read_profiles(hal_dir, top):
    shown = f"{hal_dir.deployment}/profiles"
    for rel, real in walk(hal_dir.scope, os.path.join(top, "profiles"), shown, hal_dir.findings):
        text = _read_text(hal_dir, real, f"{shown}/{rel}")
        if text is not None:
            hal_dir.profiles[rel] = text


def _read_service_settings(hal_dir, top):
    listed = f"{hal_dir.deployment}/service-settings"
    # Halyard read only the directory's own files, not its subdirectories.
    for name, real in walk(hal_dir.scope, os.path.join(top, "service-settings"), listed, hal_dir.findings,
                           recursive=False):
        shown = f"{listed}/{name}"
        if not name.endswith((".yml", ".yaml")):
            # Nothing for a human to do (a readme, a stale copy such as `clouddriver.yml.s3`): no pod read it.
            hal_dir.findings.dropped(shown, "not a .yml file; Halyard ignored it and so does migrate.")
            continue
        text = _read_text(hal_dir, real, shown)
        if text is None:
            continue
        duplicates: list = []
        try:
            data = load(text, shown, duplicates)  # Halyard's SnakeYAML kept the last of duplicate keys
        except InvalidHalconfig as exc:
            # Halyard could not have read it either (a TAB in the indentation, say): what it held
            # never took effect, so it is skipped, not a reason to stop.
            hal_dir.findings.human(shown, "not valid YAML, so Halyard could not read it either; skipped: "
                                   + "; ".join(p.render()[len("error: "):] for p in exc.report.errors)
                                   + " Fix the file and run migrate again to carry it over.")
            continue
        _report_duplicates(hal_dir.findings, shown, duplicates)
        if data is None:
            continue
        if not isinstance(data, dict):
            hal_dir.findings.human(shown, f"expected a mapping of settings, got {type(data).__name__}; skipped.")
            continue
        hal_dir.service_settings[name.rsplit(".", 1)[0]] = data
        hal_dir.service_settings_text[name.rsplit(".", 1)[0]] = text


REDIS_STORE_STEPS = (
    "front50 no longer has a Redis store (the releases the chart runs store in s3, gcs, azs, oracle or SQL), so "
    "the chart keeps applications and pipelines in its bundled store (MySQL, `storage.*`) instead. Move them "
    "over: before the switch, with the old Spinnaker still running, export them through Gate with the `spin` "
    "CLI (`spin application list > apps.json`, then for each application `spin pipeline list --application APP "
    "> APP-pipelines.json`; also `spin pipeline-templates list` and projects if you use them); after installing "
    "the release, import them into the new one (`spin application save --application-name APP --owner-email "
    "... --cloud-providers ...`, then `spin pipeline save --file` for each pipeline). Or name an object store "
    "(persistentStorage.s3/gcs/azs/oracle) in `halconfig` before installing and import into that.")


def _without_redis_store(data, chosen, where, findings):
    """`data` with a front50 Redis store taken out (a copy; `data` itself is left alone): the chart's
    bundled store replaces it, and the report says how to move the data."""
    import copy

    if not isinstance(chosen, dict) or not isinstance(chosen.get("persistentStorage"), dict):
        return data
    storage = chosen["persistentStorage"]
    kind = storage.get("persistentStoreType")
    redis = storage.get("redis")
    others = any(isinstance(block, dict) and str(block.get("enabled")).lower() == "true"
                 for key, block in storage.items() if key not in ("redis", "sql"))
    filled = isinstance(redis, dict) and any(v not in (None, "") for v in redis.values())
    if kind != "redis" and not (not kind and filled and not others):
        return data
    data = copy.deepcopy(data)
    node = data
    for key in where:
        node = node[key]
    node["persistentStorage"] = {k: v for k, v in node["persistentStorage"].items()
                                 if k not in ("persistentStoreType", "redis")}
    findings.human("config: " + format_path(tuple(where) + ("persistentStorage", "persistentStoreType")),
                   "a front50 Redis store" + (f" ({_redis_where(redis)})" if isinstance(redis, dict) else "")
                   + ". " + REDIS_STORE_STEPS)
    return data


def _redis_where(redis) -> str:
    return ":".join(str(redis[k]) for k in ("host", "port") if redis.get(k) not in (None, ""))
