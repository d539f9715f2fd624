"""Where the services keep their state: front50's store, S3 keys, keel's SQL database."""
from __future__ import annotations

from renderer.service_facts import FRONT50_STORES, S3_KEYS_AS_ENV, SERVICES, SQL_ENGINES
from .registry import check
from .chart import chart_runs, engine_of
from .lookups import get


@check("front50-store", "persistentStorage", "exactly one front50 object store is enabled",
       "Enable one of persistentStorage.s3, gcs, azs or oracle (or let the chart's bundled MySQL serve front50).",
       evidence="front50 creates a storage service per enabled store and injects exactly one; with two, Spring "
                "finds two candidates and front50 does not start.")
def _front50(hal, chart):
    storage = hal.get("persistentStorage") or {}
    enabled = [s for s in FRONT50_STORES if get(storage, s, "enabled") is True]
    if len(enabled) > 1:
        yield ("persistentStorage",), (f"{len(enabled)} front50 stores are enabled ({', '.join(enabled)}); "
                                       "front50 uses one.")


@check("s3-key-reference", "persistentStorage.s3.accessKeyId, persistentStorage.s3.secretAccessKey",
       "is the key itself or a ${NAME} placeholder, not an encrypted: reference",
       "Keep the key in a Kubernetes Secret and write ${NAME} with a secrets.env entry for it, write the key "
       "itself (the chart moves it into a Secret), or give front50 an IAM role (IRSA) and remove the keys.",
       evidence="front50 binds no spinnaker.s3 key properties: its S3 client reads the AWS credential chain, so the "
                "chart hands the keys over as AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, where no secret engine "
                "decrypts an encrypted: reference; front50 checks its bucket when it starts and fails with the "
                "reference as its key.", kleat_accepted=False)
def _s3_keys(hal, chart):
    s3 = get(hal, "persistentStorage", "s3") or {}
    if s3.get("enabled") is not True:
        return
    for key, env in S3_KEYS_AS_ENV.items():
        value = s3.get(key)
        if isinstance(value, str) and value.startswith(("encrypted:", "encryptedFile:")):
            yield ("persistentStorage", "s3", key), (f"is a secret reference ({value.split('!')[0]}...), but front50 "
                                                     f"reads this key from {env}, where nothing decrypts it.")


@check("keel-sql", "persistentStorage.sql", "managed delivery (keel) has a SQL database",
       "Set persistentStorage.sql (enabled, default.jdbcUrl; keel stores only in SQL), let the chart's "
       "bundled MySQL host it (storage.bundled auto or true), or set managedDelivery.enabled to false.",
       evidence="keel stores only in SQL: without a database it connects to its image default "
                "(jdbc:mysql://127.0.0.1:3306/keel) and does not start.")
def _keel(hal, chart):
    if get(hal, "managedDelivery", "enabled") is not True or get(hal, "persistentStorage", "sql"):
        return
    if chart is not None and (chart.keel_database or not chart_runs(chart, "keel")):
        return  # the chart's bundled MySQL hosts keel's database
    yield ("managedDelivery", "enabled"), "keel is enabled but persistentStorage.sql is not set."


@check("keel-mysql", "persistentStorage.sql, storage.external.engine", "keel's database is MySQL",
       "Give keel a MySQL database of its own in persistentStorage.sql (enabled, default.jdbcUrl, migration; the "
       "other services stay where storage.external puts them), or set managedDelivery.enabled to false.",
       evidence="keel's image ships only MySQL's JDBC driver (keel/keel-sql/keel-sql.gradle: "
                "com.mysql:mysql-connector-j) and its queries are written for MySQL, so it cannot connect to "
                "PostgreSQL and does not start (renderer/service_facts.py, `sql.engines`).", kleat_accepted=False)
def _keel_mysql(hal, chart):
    if get(hal, "managedDelivery", "enabled") is not True:
        return
    own = get(hal, "persistentStorage", "sql") or {}
    if own:
        for pool in ("default", "migration"):
            url = get(own, pool, "jdbcUrl")
            if isinstance(url, str) and engine_of(url) not in SERVICES["keel"].sql["engines"]:
                yield (("persistentStorage", "sql", pool, "jdbcUrl"),
                       f"a {SQL_ENGINES[engine_of(url)]['name']} server's URL; keel speaks MySQL only.")
    elif chart is not None and chart.keel_database and chart.sql_engine in SQL_ENGINES \
            and chart.sql_engine not in SERVICES["keel"].sql["engines"]:
        yield (("managedDelivery", "enabled"),
               f"keel would keep its state on storage.external's {SQL_ENGINES[chart.sql_engine]['name']} server, "
               "and keel speaks MySQL only.")
