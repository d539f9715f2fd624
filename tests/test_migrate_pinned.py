"""migrate's output, pinned: a change to how migrate is built must not change what it gives.

Every directory of tests/data/migrate, every real user's ~/.hal of
../shared/reference/real-world/hal-dirs and every published config of
../shared/reference/real-world/configs (each as a ~/.hal holding only it) goes through
`renderer.migrate.migrate`, and what it gives is compared with tests/golden/migrate-pinned.json:
- the values, as data;
- the Secret manifests (the referenced files' and the credentials'), byte for byte;
- the report's lines (errors included), as a multiset: a pass may say its items in another order.

The project's own directories are pinned as they are (their values, manifests and lines are in the
file, so a failure shows the difference). The real-world files are third-party: only sha256 digests
of the canonical JSON of the values, of each manifest and of the sorted report lines are kept, with
the number of lines; without ../shared they skip with the reason (fail under CI), as the other tests
over the corpus do. Paths of the directory migrated read `<HAL_DIR>` in what is compared.

After a deliberate change of migrate's output, `python tests/test_migrate_pinned.py` rewrites the
file; its diff names the directories whose output changed.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import shutil
import sys
import tempfile

import pytest

from conftest import REFERENCE, ROOT, need_reference

PINNED = os.path.join(ROOT, "tests", "golden", "migrate-pinned.json")
FIXTURES = os.path.join(ROOT, "tests", "data", "migrate")
FIXTURE_DIRS = sorted(d for d in os.listdir(FIXTURES) if os.path.isdir(os.path.join(FIXTURES, d)))
HAL_DIRS = os.path.join(REFERENCE, "real-world", "hal-dirs")
CONFIGS = os.path.join(REFERENCE, "real-world", "configs")
# Collected without ../shared too: the tests then skip with the reason instead of vanishing.
CORPUS = ([f"hal-dirs/{os.path.basename(d)}" for d in sorted(glob.glob(os.path.join(HAL_DIRS, "*")))]
          + [f"configs/{os.path.basename(f)}" for f in sorted(glob.glob(os.path.join(CONFIGS, "*.yml")))]) \
    or ["(no corpus)"]


def _migrated(path: str) -> dict:
    """What migrate gives for HAL_DIR `path`, its own paths written `<HAL_DIR>`."""
    from renderer.migrate import migrate

    migration = migrate(path)
    out = {"ok": migration.ok, "values": migration.values, "secret": migration.secret,
           "credentialsSecret": migration.credentials_secret, "report": sorted(migration.report.lines())}
    text = json.dumps(out, sort_keys=True, default=str)
    for root in sorted({os.path.realpath(path), os.path.abspath(path)}, key=len, reverse=True):
        text = text.replace(json.dumps(root)[1:-1], "<HAL_DIR>")
    return json.loads(text)


def _corpus_dir(name: str, scratch: str) -> str:
    """The real-world case `name` as a HAL_DIR: a hal-dirs directory as it is, a config copied into a
    directory of its own (at a fixed name under `scratch`, so that its paths normalize alike)."""
    kind, base = name.split("/", 1)
    if kind == "hal-dirs":
        return os.path.join(HAL_DIRS, base)
    hal = os.path.join(scratch, base)
    os.makedirs(hal, exist_ok=True)
    shutil.copy(os.path.join(CONFIGS, base), os.path.join(hal, "config"))
    return hal


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _manifests(text: str) -> list:
    return [part for part in text.split("---\n") if part]


def digests(migrated: dict) -> dict:
    """The pin of a third-party directory: digests, never its content."""
    return {"ok": migrated["ok"], "values": _digest(migrated["values"]),
            "secret": [hashlib.sha256(m.encode()).hexdigest() for m in _manifests(migrated["secret"])],
            "credentialsSecret": hashlib.sha256(migrated["credentialsSecret"].encode()).hexdigest(),
            "reportLines": len(migrated["report"]), "report": _digest(migrated["report"])}


def _pinned() -> dict:
    with open(PINNED) as f:
        return json.load(f)


@pytest.mark.parametrize("name", FIXTURE_DIRS)
def test_each_migration_case_gives_what_is_pinned(name):
    pinned = _pinned()["fixtures"].get(name)
    assert pinned is not None, f"{name} is not pinned: run `python tests/test_migrate_pinned.py`"
    got = _migrated(os.path.join(FIXTURES, name))
    assert got["ok"] == pinned["ok"]
    assert got["values"] == pinned["values"]
    assert got["secret"] == pinned["secret"]
    assert got["credentialsSecret"] == pinned["credentialsSecret"]
    missing = [line for line in pinned["report"] if line not in got["report"]]
    added = [line for line in got["report"] if line not in pinned["report"]]
    assert (missing, added) == ([], []), "report lines differ"
    assert got["report"] == pinned["report"], "a report line is said a different number of times"


@pytest.mark.parametrize("name", CORPUS)
def test_each_real_world_directory_gives_what_is_pinned(name, tmp_path):
    need_reference()
    pinned = _pinned()["real-world"].get(name)
    assert pinned is not None, f"{name} is not pinned: run `python tests/test_migrate_pinned.py`"
    got = digests(_migrated(_corpus_dir(name, str(tmp_path))))
    for key in ("ok", "values", "secret", "credentialsSecret", "reportLines", "report"):
        assert got[key] == pinned[key], f"{name}: {key} differs from the pin"


def pin() -> None:
    """Rewrite tests/golden/migrate-pinned.json from what migrate gives now (corpus entries kept as
    pinned when ../shared is absent)."""
    try:
        old = _pinned()
    except FileNotFoundError:
        old = {"fixtures": {}, "real-world": {}}
    out = {"fixtures": {name: _migrated(os.path.join(FIXTURES, name)) for name in FIXTURE_DIRS},
           "real-world": dict(old.get("real-world") or {})}
    if os.path.isdir(HAL_DIRS):
        with tempfile.TemporaryDirectory() as scratch:
            out["real-world"] = {name: digests(_migrated(_corpus_dir(name, scratch))) for name in CORPUS}
    with open(PINNED, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    pin()
