"""The chart's own stores: Redis, SQL and front50's storage, and the hook that makes their passwords."""
from __future__ import annotations

from renderer.model.dsl import Any, Bool, Enum, IntValue, Map, Msg, Str, messages
from renderer.service_facts import REDIS_SERVICES, SERVICES, SQL_ENGINES
from .workloads import placement

message = messages("values")


# Third-party images, pinned to exact tags so an upgrade of the chart is the only thing that changes them.
REDIS_IMAGE = "docker.io/library/redis:7.4.5-alpine"
MYSQL_IMAGE = "docker.io/library/mysql:8.4.5"
# A kubectl with a shell (the hook script needs `sh`, `tr` and `head`); registry.k8s.io/kubectl has none.
CREDENTIALS_IMAGE = "docker.io/alpine/k8s:1.34.1"
BUSYBOX_IMAGE = "docker.io/library/busybox:1.37.0"

Redis = message(
    "Redis", f"Redis used by {', '.join(REDIS_SERVICES[:-1])} and {REDIS_SERVICES[-1]}. orca keeps pipeline "
             "executions there: the bundled one keeps its data on a PersistentVolumeClaim by default.",
    enabled=Bool("Run a bundled Redis. Ignored when `externalUrl` is set.", default=True),
    externalUrl=Str("An external Redis (`redis://host:6379`, no password: give that in `existingSecret`); "
                    "disables the bundled one. A password written into the URL is kept out of ConfigMaps, but "
                    "`existingSecret` keeps it out of your values too.", default=""),
    existingSecret=Str("Secret with key `redis-password`: the password of the bundled Redis, or of the external "
                       "one. Empty: the bundled Redis uses the generated `<fullname>-credentials` Secret (made "
                       "once by a pre-install hook and never changed); an external Redis then has no password.",
                       default=""),
    image=Str("Bundled Redis image.", default=REDIS_IMAGE),
    resources=Any("Bundled Redis resources (memory limit = request).",
                  default={"requests": {"cpu": "100m", "memory": "512Mi"}, "limits": {"memory": "512Mi"}}),
    persistence=Bool("Keep Redis data (append-only file) on a PersistentVolumeClaim of a StatefulSet; false: an "
                     "emptyDir, lost with the pod.", default=True),
    storageSize=Str("Size of the Redis volume (fixed once created: StatefulSet volume claims cannot change).",
                    default="8Gi"),
    storageClassName=Str("StorageClass of the Redis volume; empty: the cluster default.", default=""),
    **placement("the bundled Redis"),
)

SqlDatabase = message(
    "SqlDatabase", "One service's database and user on `storage.external`; empty: the service's name.",
    database=Str("Database (schema) name."),
    user=Str("User the service connects as (also runs its schema migrations)."),
)

SqlServices = message(
    "SqlServices", "Services that keep their state in SQL instead of Redis (front50: `storage.bundled`; "
                   "keel always does).",
    orca=Bool("orca keeps pipeline executions, its work queue and pending executions in SQL. Executions "
              "stored in Redis before the switch are not moved: see the README, \"SQL storage\".",
              default=False),
    clouddriver=Bool("clouddriver keeps its cache, tasks and agent scheduling in SQL (the cache is rebuilt "
                     "after the switch).", default=False),
)

# The database password keys of the SQL Secrets, one per service with SQL facts.
_SQL_KEYS = ", ".join(f"`{s.sql['secretKey']}` ({name})" for name, s in SERVICES.items() if s.sql)

# Services that can keep their state on each engine (service_facts: `sql.engines`).
_ON_ENGINE = {engine: ", ".join(name for name, s in SERVICES.items() if s.sql and engine in s.sql["engines"])
              for engine in SQL_ENGINES}


_PORTS = ", ".join(f"{e['port']} for {e['name']}" for e in SQL_ENGINES.values())

ExternalSql = message(
    "ExternalSql", "Your own MySQL or PostgreSQL server (RDS, Cloud SQL, Aurora, a DBA's cluster) instead of the "
                   "bundled MySQL, for every service in SQL. Create each service's database and user first (README, "
                   "\"SQL storage\"); the chart then runs no MySQL and generates no database passwords.",
    host=Str("Host name of the server; set, every database in SQL is on it.", default=""),
    engine=Enum(tuple(SQL_ENGINES), f"What the server speaks. `mysql`: {_ON_ENGINE['mysql']}; `postgresql`: "
                                    f"{_ON_ENGINE['postgresql']} (keel's image has MySQL's driver only: with keel "
                                    "running, give it a MySQL database in the halconfig's `persistentStorage.sql`).",
                default="mysql"),
    port=IntValue(f"Port of the server; empty: the engine's ({_PORTS})."),
    parameters=Str("JDBC URL parameters appended after `?`, e.g. `sslMode=VERIFY_IDENTITY` (MySQL Connector/J) or "
                   "`sslmode=verify-full` (PostgreSQL's driver).", default=""),
    existingSecret=Str("Secret with each service's password, under the keys of the generated Secret: "
                       f"{_SQL_KEYS}. Required with `host`.", default=""),
    databases=Map(Msg(SqlDatabase, "A service's database and user.")),
)

Storage = message(
    "Storage", "SQL storage: front50's store when the halconfig names none, keel's database, and orca's and "
               "clouddriver's when `storage.sql` says so; on the bundled MySQL or `storage.external`.",
    bundled=Enum(("auto", "true", "false"),
                 "front50 and keel in the chart's SQL database (the bundled MySQL, or `storage.external`). "
                 "`auto`: front50 when the halconfig enables no persistent store, keel when it runs "
                 "without `persistentStorage.sql`; `true`: always, front50 included; `false`: never (keel "
                 "then needs `persistentStorage.sql`).", default="auto"),
    sql=Msg(SqlServices, "orca and clouddriver in SQL."),
    external=Msg(ExternalSql, "Your own MySQL or PostgreSQL server."),
    image=Str("Bundled MySQL image.", default=MYSQL_IMAGE),
    storageSize=Str("Size of the MySQL volume.", default="8Gi"),
    storageClassName=Str("StorageClass of the MySQL volume; empty: the cluster default.", default=""),
    existingSecret=Str(f"Secret for the bundled MySQL with keys `root-password` and {_SQL_KEYS} (a service whose "
                       "key is missing gets no database): use it instead of the generated `<fullname>-credentials` "
                       "(GitOps users who cannot run Helm hooks). MySQL creates each database and user when it "
                       "starts and never changes a password it already has.",
                       default=""),
    resources=Any("Bundled MySQL resources (memory limit = request).",
                  default={"requests": {"cpu": "250m", "memory": "768Mi"}, "limits": {"memory": "768Mi"}}),
    **placement("the bundled MySQL"),
)

Credentials = message(
    "Credentials", "The pre-install/pre-upgrade hook that creates `<fullname>-credentials` (Redis and MySQL "
                   "passwords) when it is missing. It never changes or deletes an existing one, so renders stay "
                   "byte-identical and upgrades keep the passwords. Not run when every password comes from "
                   "`redis.existingSecret` / `storage.existingSecret`.",
    image=Str("Image of the hook Job (needs `kubectl` and a POSIX shell).", default=CREDENTIALS_IMAGE),
    resources=Any("Resources of the hook Job (memory limit = request).",
                  default={"requests": {"cpu": "10m", "memory": "128Mi"}, "limits": {"memory": "128Mi"}}),
    **placement("the hook Job"),
)
