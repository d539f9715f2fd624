"""Data safety: which state a change touches, and the changes a plan refuses.

Spinnaker keeps pipelines and applications in front50's store, pipeline
executions in orca's (Redis unless orca uses SQL), and caches and gate's
sessions in Redis. A change that would start a store empty loses that data;
the plan refuses it unless the user states, with `--migrated NAME`, that the
data has been moved (or may go).
"""
from __future__ import annotations

# What each kind of state holds, for the messages.
HOLDS = {
    "redis": "gate's sessions, clouddriver's and igor's caches, echo's and fiat's state, and orca's pipeline "
             "executions unless orca uses SQL",
    "mysql": "front50's pipelines and applications and/or keel's delivery configs (the bundled MySQL)",
    "front50": "every pipeline, application, project and notification setting (front50's store)",
    "orca": "pipeline executions (orca's store)",
}


class Refusal:
    __slots__ = ("name", "reason", "fix")

    def __init__(self, name, reason, fix):
        self.name, self.reason, self.fix = name, reason, fix


def touched(old, new) -> list:
    """Lines on the state the change touches (empty: none)."""
    a, b = old.state, new.state
    out = []
    if a.get("redisBundled") or b.get("redisBundled"):
        if a.get("redisPersistent") != b.get("redisPersistent") or a.get("redisBundled") != b.get("redisBundled"):
            out.append(f"Redis: bundled {a.get('redisBundled')} -> {b.get('redisBundled')}, volume "
                       f"{a.get('redisPersistent')} -> {b.get('redisPersistent')}")
        else:
            out.append("Redis: kept (" + ("bundled, on its volume" if b.get("redisPersistent") else
                                         "bundled, in memory: lost whenever its pod restarts") + ")")
    elif a.get("redisUrl") != b.get("redisUrl"):
        out.append("Redis: external URL changes")
    if a.get("mysqlBundled") or b.get("mysqlBundled"):
        if a.get("mysqlBundled") == b.get("mysqlBundled"):
            out.append("MySQL (bundled): kept, on its volume")
        else:
            out.append(f"MySQL (bundled): {'starts' if b.get('mysqlBundled') else 'stops'}")
    if a.get("front50Store") != b.get("front50Store") and None not in (a.get("front50Store"), b.get("front50Store")):
        out.append(f"front50's store: {a.get('front50Store')} -> {b.get('front50Store')}")
    if a.get("orcaStore") != b.get("orcaStore") and None not in (a.get("orcaStore"), b.get("orcaStore")):
        out.append(f"orca's executions: {a.get('orcaStore')} -> {b.get('orcaStore')}")
    return out


def refusals(old, new, migrated: set) -> list:
    """The data-losing changes not covered by `migrated` (names given with --migrated)."""
    a, b = old.state, new.state
    found = []
    if a.get("redisUrl") and a.get("redisUrl") != b.get("redisUrl"):
        how = (f"the services' Redis changes ({_redis(a)} -> {_redis(b)}): the new one starts without the old one's "
               "data")
        found.append(Refusal("redis", f"{how}; Redis holds {HOLDS['redis']}.",
                             "Keep the Redis, or copy its data first and state it with --migrated redis."))
    elif a.get("redisPersistent") and not b.get("redisPersistent"):
        how = "redis.persistence goes false: the bundled Redis would start empty on an in-memory volume"
        found.append(Refusal("redis", f"{how}; its volume holds {HOLDS['redis']}.",
                             "Keep redis.persistence true, or copy the data first (e.g. to the external Redis) and "
                             "state it with --migrated redis."))
    if a.get("mysqlBundled") and not b.get("mysqlBundled"):
        found.append(Refusal("mysql", "the bundled MySQL stops (storage.bundled, or the halconfig now names a store): "
                                      f"it holds {HOLDS['mysql']}; its volume claim stays, but nothing reads it.",
                             "Keep storage.bundled, or move the data first and state it with --migrated mysql."))
    store_a, store_b = a.get("front50Store"), b.get("front50Store")
    if store_a and store_b and store_a != store_b and store_a != "none":
        found.append(Refusal("front50", f"front50's store switches from {store_a} to {store_b}: it would start empty "
                                        f"of {HOLDS['front50']}.",
                             "Migrate front50's data to the new store first (e.g. front50's migrator, or export and "
                             "import with spin), then state it with --migrated front50."))
    orca_a, orca_b = a.get("orcaStore"), b.get("orcaStore")
    if orca_a and orca_b and orca_a != orca_b:
        found.append(Refusal("orca", f"orca's execution store switches from {orca_a} to {orca_b}: running and past "
                                     "executions stay in the old one.",
                             "Let running executions finish (or enable orca's dual execution repository), then "
                             "state it with --migrated orca."))
    return [r for r in found if r.name not in migrated]


def _redis(state) -> str:
    url = state.get("redisUrl")
    return "the bundled Redis" if url == "bundled" else "no Redis" if not url else "an external Redis"


MIGRATION_NAMES = ("redis", "mysql", "front50", "orca")
