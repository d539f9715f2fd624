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


def _redis_line(state) -> str:
    if state.get("redisBundled"):
        return "the bundled Redis, " + ("on its volume" if state.get("redisPersistent") else
                                        "in memory (lost whenever its pod restarts)")
    return "an external Redis" if state.get("redisUrl") else "no Redis"


def touched(old, new) -> list:
    """One line per kind of state: what the change does to it."""
    a, b = old.state, new.state
    out = []

    def line(what, before, after):
        if before is None or after is None:
            return
        out.append(f"{what}: {before} -> {after}" if before != after else f"{what}: {after}, untouched")

    line("Redis", _redis_line(a), _redis_line(b))
    if a.get("redisBundled") == b.get("redisBundled") is False and a.get("redisUrl") != b.get("redisUrl"):
        out[-1] = "Redis: a different external Redis"
    line("MySQL", "bundled" if a.get("mysqlBundled") else "not bundled", "bundled" if b.get("mysqlBundled") else
         "not bundled")
    line("front50's store", a.get("front50Store"), b.get("front50Store"))
    line("orca's executions", a.get("orcaStore"), b.get("orcaStore"))
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
                             "Keep redis.persistence true, or state that this data may go with --migrated redis."))
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
    old_stores, new_stores = _store_sets(old), _store_sets(new)
    for store in sorted(set(old_stores) & set(new_stores)):
        before, after = old_stores[store], new_stores[store]
        if before != after:
            what = "Redis" if store == "redis" else "MySQL"
            found.append(Refusal(store, f"the bundled {what}'s StatefulSet is renamed ({before} -> {after}: "
                                        "fullnameOverride, nameOverride, or a name over 63 characters, which the "
                                        "chart now cuts in the release's part): the new one starts on a new, empty "
                                        "claim "
                                        f"data-{after}-0, and data-{before}-0 stays unread; it holds {HOLDS[store]}.",
                                 "Keep the names, or copy the data to the new claim first and state it with "
                                 f"--migrated {store}."))
    return [r for r in found if r.name not in migrated]


def _store_sets(side) -> dict:
    """{"redis"|"mysql": the name of its StatefulSet} of the bundled stores that keep data on a claim."""
    out = {}
    for (kind, name), spec in side.fixed.items():
        component = ((spec.get("selector") or {}).get("matchLabels") or {}).get("app.kubernetes.io/component")
        if kind == "StatefulSet" and component in ("redis", "mysql"):
            out[component] = name
    return out


def _redis(state) -> str:
    url = state.get("redisUrl")
    return "the bundled Redis" if url == "bundled" else "no Redis" if not url else "an external Redis"


MIGRATION_NAMES = ("redis", "mysql", "front50", "orca")
