"""Facts about Spinnaker's services, in one table the chart and the renderer both read.

`FACTS` is plain data (JSON types, camelCase keys as the chart spells them).
`scripts/generate.py` writes it to `charts/spinnaker/files/services.json`, which
the templates read with `.Files.Get | fromJson` (`spinnaker.facts` in
_helpers.tpl); the renderer reads it through `service()` and the constants
below. Adding a service is one entry here (plus its translate function).

Per service:
- `port`: container and Service port (the default of `services.<name>.port`);
- `cpu`, `memory`, `memoryLimit` (default: `memory`), `grace`: default
  resources and terminationGracePeriodSeconds; `doc`: its description;
- `java`: a Spring Boot JVM (Spring profiles, /health, JAVA_OPTS, the monitoring
  sidecar, writable /tmp, home and plugins); Deck is Apache;
- `health`: readiness path ("" = TCP only); `underGatePath`: served under
  `expose.gatePath` as its servlet context path (health and metrics too);
- `tls`: the halconfig switch that makes it speak https;
- `enabledWhen`: halconfig switches that run an optional service when any is
  true (`*` = any entry of that section); absent: always runs;
- `redis`: reads `services.redis.baseUrl` (gets the Redis password, may reach Redis);
- `sql`: its database when its state is in SQL (name, user, password env var and
  key in the database Secret; `switches`: the settings, besides the `sql` block,
  that move its state from Redis to SQL); `needsSql`: cannot run without one;
  `engines`: the `sqlEngines` (below) its image can use;
- `runAs`, `writableRoot`: the uid/gid its image runs as (else serviceDefaults')
  and whether its root filesystem must be writable: its securityContext defaults;
- `javaOpts`: its JAVA_OPTS default when not serviceDefaults';
- `threadPools`: a JVM's thread pools (pool, threads at most, source): their stacks are part of what it
  needs outside the heap (`JVM_MEMORY`, renderer/runtime/jvm.py);
- `envSecret`: gets an env Secret from the post-renderer (Deck's TLS, front50's S3 keys);
- `clusterAccess`: gets the RBAC of `rbac.clouddriver.access` and its token;
- `home`, `env`: a Java service's writable home, and its fixed environment;
- `scales`: true when more replicas of it share the work safely, so the chart may put
  a HorizontalPodAutoscaler on it (`services.<name>.autoscaling`); else why not (the
  chart's refusal quotes it);
- `splits`, `primarySplit`: Halyard's HA splits (name, Spring profiles, key under
  `ha.<service>`, and `scales` as above, for the split) and the split (by profile)
  serving the service's main URL;
  `splitSettings`: `<service>-<profile>.yml` per split profile, as Halyard wrote
  them; `readReplicaProfiles`: profiles that use `ha.<service>.redisRoUrl`;
- `configServerBootstrap`: its Main calls kork's `ConfigServerBootstrap.systemProperties`, so it
  reads the Spring Cloud Config bootstrap files `spinnakerconfig.yml` and `<service>config.yml`
  from /opt/spinnaker/config (the sources are above FACTS);
- `helmProfile`: settings of `<service>-helm.yml`, dotted key -> source:
  `split:<service>:<profile>` (that split's URL, when it runs), `gatePath`
  (expose.gatePath), `bundledSql` (its `sql` block for its database), `sqlSwitches`
  (its `sql.switches`, when its state is in SQL); the key `.` merges a mapping at the top.
"""
from __future__ import annotations

import json
from renderer.records import record

from renderer.releases import SUPPORTED_PATTERN

# What a Spring Boot JVM holds outside its heap (renderer/runtime/jvm.py adds it up, with each service's
# `threadPools`): HotSpot's defaults on linux-x64 at JDK 17 (the services' images install the distribution's
# openjdk17: Dockerfile.slim at spinnaker-release-2026.2.3), and what a Spinnaker service commits of each once
# it serves. An estimate, not a measurement: Metaspace and the code cache grow with the classes loaded and the
# code compiled, a thread's stack with how deep it calls; each number says where it comes from.
JVM_MEMORY = {
    "metaspaceMiB": {
        "estimate": 96,
        "source": "no default limit: MaxMetaspaceSize is max_uintx (openjdk/jdk17u src/hotspot/share/runtime/"
                  "globals.hpp); grows with the classes loaded: a Spring Boot service with kork loads some 20,000 "
                  "(-Xlog:class+load), about 5 KiB of metadata each"},
    "codeCacheMiB": {
        "estimate": 48,
        "source": "ReservedCodeCacheSize is 240 MiB with tiered compilation (48 MiB x 5: CompilerConfig::"
                  "set_tiered_flags, src/hotspot/share/compiler/compilerDefinitions.cpp), reserved and committed "
                  "as methods are compiled: the hot paths of a serving service fill about a fifth of it"},
    "gcAndRuntimeMiB": {
        "estimate": 24,
        "source": "the collector's own structures (Serial GC below 2 CPUs or 1792 MiB: os::is_server_class_machine, "
                  "src/hotspot/share/runtime/os.cpp; its card table is 1/512 of the heap), symbol and string "
                  "tables, direct buffers of the HTTP and Redis clients"},
    "jvmThreads": {
        "estimate": 40,
        "source": "threads every service runs besides its pools: HotSpot's own (VM thread, GC, two compiler "
                  "threads, reference handler, finalizer, signal dispatcher, service and cleaner threads) and "
                  "Spring's and kork's (schedulers, HTTP client dispatchers, the Redis pool's evictor, Tomcat's "
                  "acceptor and poller)"},
    "threadStackKiB": {
        "estimate": 1024,
        "source": "ThreadStackSize (-Xss) default on linux-x64: src/hotspot/os_cpu/linux_x86/globals_linux_x86.hpp"},
    "stackTouchedKiB": {
        "estimate": 128,
        "source": "a stack is reserved at -Xss and committed page by page as the thread calls deeper: a pooled "
                  "thread of a Spring service touches about an eighth of its 1 MiB"},
}
# The chart's heap share (serviceDefaults.javaOpts: -XX:MaxRAMPercentage of the memory limit), and the most of
# any limit renderer/runtime/jvm.py's `max_heap_for` gives the heap.
DEFAULT_HEAP_PERCENT = 80
# Spring Boot's embedded Tomcat: server.tomcat.threads.max, default 200 (spring-projects/spring-boot
# spring-boot-project/spring-boot-autoconfigure/src/main/java/org/springframework/boot/autoconfigure/web/
# ServerProperties.java, Tomcat.Threads.max, Spring Boot 3.5.16 at spinnaker-release-2026.2.3: kork/
# spinnaker-dependencies/spinnaker-dependencies.gradle); no Spinnaker service sets it.
_TOMCAT = {"pool": "Tomcat request threads", "threads": 200,
           "source": "server.tomcat.threads.max (Spring Boot ServerProperties.Tomcat.Threads.max)"}
_JVM = dict(java=True, health="/health", home="/home/spinnaker", threadPools=[_TOMCAT])
# Services that read clouddriver through its read-only split when it runs (Halyard's
# overrideServiceEndpoints; gate's Deck-facing calls go to ro-deck through dynamicEndpoints).
_CLOUDDRIVER_RO = {"services.clouddriver.baseUrl": "split:clouddriver:ro"}
# What moves orca's and clouddriver's state from Redis to SQL besides their `sql` connection pools
# (storage.sql); each property with the source that reads it at spinnaker-release-2026.2.3.
_ORCA_SQL = {
    # orca/orca-sql/.../config/SqlConfiguration.kt:74; orca/orca-redis/.../config/RedisConfiguration.java:63
    "executionRepository": {"sql": {"enabled": True}, "redis": {"enabled": False}},
    # orca/keiko-sql/.../config/SqlQueueConfiguration.kt:19; orca/keiko-redis-spring/.../RedisQueueConfiguration.kt:50
    # (both define the bean `queue`: the Redis one must be off)
    "keiko": {"queue": {"sql": {"enabled": True}, "redis": {"enabled": False}}},
    # orca/orca-queue-sql/.../config/SqlPendingExecutionConfiguration.kt:21 (no fallback without it)
    "queue": {"pendingExecutionService": {"sql": {"enabled": True}, "redis": {"enabled": False}}},
    # orca/orca-redis/.../telemetry/RedisActiveExecutionsMonitor.kt:52 needs a Redis client otherwise
    "monitor": {"activeExecutions": {"redis": False}},
    # orca/orca-redis/.../config/RedisConfiguration.java:51
    "redis": {"enabled": False},
}
# The SQL servers `storage.external.engine` may name: the JDBC URL's scheme, the default port, and what
# a service's `sql` block needs besides the URL to speak to it (kork-sql's ConnectionPoolProperties:
# `dialect` is jOOQ's SQLDialect, MYSQL when unset, read by kork's DefaultSqlConfiguration for the
# DSLContext; `driver` is optional, else the driver is chosen by the URL, so it is written for
# PostgreSQL only and MySQL's output stays as it was). Sources: kork/kork-sql/.../config/
# ConnectionPoolProperties.kt, SqlMigrationProperties.kt, HikariDataSourceFactory.kt,
# kork/kork-sql/.../migration/SpringLiquibaseProxy.kt at spinnaker-release-2026.2.3 (the same at 2025.0.0);
# front50/front50-sql/README.md shows the PostgreSQL block (`dialect: POSTGRES` on the pool).
SQL_ENGINES = {
    "mysql": {"name": "MySQL", "jdbcScheme": "mysql", "port": 3306, "pool": {}, "migration": {}},
    "postgresql": {"name": "PostgreSQL", "jdbcScheme": "postgresql", "port": 5432,
                   "pool": {"dialect": "POSTGRES", "driver": "org.postgresql.Driver"},
                   "migration": {"driver": "org.postgresql.Driver"}},
}
# orca, clouddriver and front50 ship PostgreSQL's driver in every supported release (1.30 to 2026.2):
# orca/orca-web/orca-web.gradle and clouddriver/clouddriver-web/clouddriver-web.gradle add
# `:<service>-sql-postgres` (org.postgresql:postgresql; clouddriver pins 42.2.18), front50/front50-sql/
# front50-sql.gradle `:front50-sql-postgres`, unless the build sets `excludeSqlDrivers`, which no
# build in the repository does; the modules came in orca #3812 (2020-07), clouddriver #5097 (2020-11),
# front50 #635 (2019-11), and their Liquibase changelogs and jOOQ queries have PostgreSQL branches
# (`dbms: postgresql`, `SQLDialect.POSTGRES`). keel ships only MySQL's driver
# (keel/keel-sql/keel-sql.gradle: com.mysql:mysql-connector-j) and writes MySQL's SQL: MySQL only.
_BOTH_ENGINES = ["mysql", "postgresql"]

_CLOUDDRIVER_SQL = {
    # clouddriver/clouddriver-sql/.../config/SqlConfiguration.kt:55 (without it tasks are kept in memory),
    # cats/cats-sql/.../config/SqlCacheConfiguration.kt:54, SqlAgentSchedulerConfiguration.kt:36
    "sql": {"taskRepository": {"enabled": True}, "cache": {"enabled": True}, "scheduler": {"enabled": True}},
    # clouddriver-core/.../core/RedisConfig.java:43, cache/JedisCacheConfig.java:34, AgentSchedulerConfig.java:41
    "redis": {"enabled": False, "cache": {"enabled": False}, "scheduler": {"enabled": False},
              "taskRepository": {"enabled": False}},
}
# Why a service must not get more replicas from an autoscaler (facts `scales`).
_ECHO_CRON = ("echo runs the cron trigger scheduler, and every further replica would fire each cron trigger "
              "again; with `ha.echo.enabled` the scheduler runs apart (one replica) and echo-worker autoscales")
# igor/igor-web/.../polling/CommonPollingMonitor.java: without a LockService every replica polls
# ("LOCKING NOT ENABLED, not recommended running on more than one node").
_IGOR_POLLERS = ("igor's pollers run in every replica and report each new build or image once per replica "
                 "unless its profile enables locking (`profiles.igor.locking.enabled: true`); then scale it with "
                 "`services.igor.replicas`")
_ROSCO_BAKES = ("scaling in stops the bakes running in the removed pod (packer and helm run inside it), and they "
                "fail; scale it with `services.rosco.replicas`")
# rosco's image installs packer's plugins in $HOME/.config/packer/plugins; a writable home
# mounted over /home/spinnaker would hide them, so rosco's home lives elsewhere.
_ROSCO_HOME = "/opt/rosco/home"

# Spring Cloud Config bootstrap (dynamic accounts): kork's ConfigServerBootstrap.systemProperties(<app>)
# (kork/kork-cloud-config-server/src/main/java/com/netflix/spinnaker/kork/configserver/ConfigServerBootstrap.java)
# sets spring.cloud.bootstrap.name "spinnakerconfig,${spring.application.name}config" and a location list
# that includes optional:/opt/spinnaker/config/. Callers (facts `configServerBootstrap`), the same at every
# supported release (spinnaker-release-2024.0.0 to 2026.2.3; for 1.30 to 1.38, the services' own histories
# imported into the monorepo: each call was added in 2019 and never removed, and no other service ever had one):
#   clouddriver/clouddriver-web/src/main/groovy/com/netflix/spinnaker/clouddriver/Main.groovy (since 805502b383)
#   echo/echo-web/src/main/java/com/netflix/spinnaker/echo/Application.java (since ed001d962e)
#   igor/igor-web/src/main/groovy/com/netflix/spinnaker/igor/Main.groovy (since 5245c94436)
# The later bootstrap name wins, so `<service>config.yml` goes over `spinnakerconfig.yml`.

FACTS = {
    "services": {
        "clouddriver": dict(
            _JVM, port=7002, cpu="500m", memory="2Gi", grace=720, redis=True, clusterAccess=True, scales=True,
            configServerBootstrap=True,
            threadPools=[_TOMCAT, {
                "pool": "caching agents", "threads": 100,
                "source": "one thread per running agent: sql.agent.max-concurrent-agents 100 (clouddriver/cats/"
                          "cats-sql/.../cluster/SqlClusteredAgentScheduler.kt); under Redis up to "
                          "redis.agent.max-concurrent-agents 1000 (cats-redis/.../cluster/"
                          "ClusteredAgentScheduler.java), as many as the accounts have agents"}],
            doc="Talks to cloud providers and caches their state.",
            sql={"database": "clouddriver", "user": "clouddriver", "passwordEnv": "CLOUDDRIVER_DB_PASSWORD",
                 "secretKey": "clouddriver-password", "switches": _CLOUDDRIVER_SQL,
                 "engines": _BOTH_ENGINES},
            helmProfile={"sql": "bundledSql", ".": "sqlSwitches"},
            splits=[{"name": "clouddriver-caching", "profiles": ["caching"], "key": "caching"},
                    {"name": "clouddriver-rw", "profiles": ["rw"], "key": "rw"},
                    {"name": "clouddriver-ro", "profiles": ["ro"], "key": "ro"},
                    {"name": "clouddriver-ro-deck", "profiles": ["ro-deck"], "key": "roDeck"}],
            primarySplit="rw",
            splitSettings={"rw": {"caching": {"writeEnabled": False}}, "ro": {"caching": {"writeEnabled": False}},
                           "ro-deck": {"caching": {"writeEnabled": False}}},
            readReplicaProfiles=["ro", "ro-deck"]),
        # Apache, not a JVM: a small request, and a limit with room for its worker processes.
        # Its image names its user (www-data, uid 33) instead of a number, and Apache writes under its root.
        "deck": dict(java=False, health="", port=9000, cpu="100m", memory="128Mi", memoryLimit="512Mi", grace=30,
                     scales=True,
                     tls="security.uiSecurity.ssl.enabled", envSecret=True, runAs=33, writableRoot=True,
                     doc="The browser UI (static files served by Apache)."),
        "echo": dict(_JVM, port=8089, cpu="250m", memory="1Gi", grace=720, redis=True, scales=_ECHO_CRON,
                     configServerBootstrap=True,
                     doc="Notifications, triggers and the cron scheduler.",
                     splits=[{"name": "echo-scheduler", "profiles": ["scheduler"], "key": "scheduler"},
                             {"name": "echo-worker", "profiles": ["worker"], "key": "worker", "scales": True}],
                     primarySplit="worker",
                     splitSettings={"scheduler": {"scheduler": {"enabled": True}},
                                    "worker": {"scheduler": {"enabled": False}}}),
        # fiat/fiat-roles/.../roles/UserRolesSyncer.java: the role sync runs under a distributed lock.
        "fiat": dict(_JVM, port=7003, cpu="250m", memory="1Gi", grace=720, redis=True, scales=True,
                     enabledWhen=["security.authz.enabled"], helmProfile=_CLOUDDRIVER_RO,
                     doc="Authorization; runs when security.authz is enabled."),
        "front50": dict(_JVM, port=8080, cpu="250m", memory="1Gi", grace=720, envSecret=True, scales=True,
                        sql={"database": "front50", "user": "front50", "passwordEnv": "FRONT50_DB_PASSWORD",
                             "secretKey": "password", "engines": _BOTH_ENGINES},
                        helmProfile={"sql": "bundledSql"},
                        doc="Stores applications, pipelines and projects."),
        "gate": dict(_JVM, port=8084, cpu="250m", memory="1Gi", grace=720, redis=True, underGatePath=True, scales=True,
                     tls="security.apiSecurity.ssl.enabled",
                     helmProfile=dict(_CLOUDDRIVER_RO, **{
                         "services.clouddriver.config.dynamicEndpoints.deck": "split:clouddriver:ro-deck",
                         "server.servlet.context-path": "gatePath"}),
                     doc="The API gateway Deck and API clients talk to."),
        "igor": dict(_JVM, port=8088, cpu="250m", memory="1Gi", grace=720, redis=True, scales=_IGOR_POLLERS,
                     configServerBootstrap=True,
                     enabledWhen=["ci.*.enabled", "providers.dockerRegistry.enabled"], helmProfile=_CLOUDDRIVER_RO,
                     doc="Polls CI systems and registries; runs when any CI or dockerRegistry is enabled."),
        # kayenta runs its canary stages on orca's queue in Redis, shared by every replica, as orca does.
        "kayenta": dict(_JVM, port=8090, cpu="250m", memory="1Gi", grace=720, redis=True, scales=True,
                        enabledWhen=["canary.enabled"], doc="Canary analysis; runs when canary is enabled."),
        # keel: upstream spinnaker-kustomize gives it 60 s (every other JVM 720 s, to finish running work).
        # Its replicas take their checks from SQL with SELECT ... FOR UPDATE (keel-sql's itemsDueForCheck).
        "keel": dict(_JVM, port=7010, cpu="250m", memory="1Gi", grace=60, javaOpts="-XX:MaxRAMPercentage=50.0",
                     scales=True,
                     enabledWhen=["managedDelivery.enabled"], needsSql=True,
                     sql={"database": "keel", "user": "keel", "passwordEnv": "KEEL_DB_PASSWORD",
                          "secretKey": "keel-password", "engines": ["mysql"]},
                     helmProfile={"sql": "bundledSql"},
                     doc="Managed delivery; runs when managedDelivery is enabled (needs SQL)."),
        "orca": dict(_JVM, port=8083, cpu="250m", memory="1Gi", grace=720, redis=True, scales=True,
                     threadPools=[_TOMCAT, {
                         "pool": "queue message handlers", "threads": 20,
                         "source": "keiko.queue handlerMaxPoolSize 20 (orca/keiko-spring/.../config/"
                                   "QueueProperties.kt, QueueConfiguration.kt messageHandlerPool)"}],
                     sql={"database": "orca", "user": "orca", "passwordEnv": "ORCA_DB_PASSWORD",
                          "secretKey": "orca-password", "switches": _ORCA_SQL, "engines": _BOTH_ENGINES},
                     helmProfile={"clouddriver.readonly.baseUrl": "split:clouddriver:ro", "sql": "bundledSql",
                                  ".": "sqlSwitches"},
                     doc="Orchestrates pipelines and tasks."),
        "rosco": dict(_JVM, port=8087, cpu="250m", memory="1Gi", grace=720, redis=True, home=_ROSCO_HOME,
                      scales=_ROSCO_BAKES,
                      env=[{"name": "HOME", "value": _ROSCO_HOME},
                           {"name": "PACKER_PLUGIN_PATH", "value": "/home/spinnaker/.config/packer/plugins"}],
                      helmProfile=_CLOUDDRIVER_RO,
                      doc="Bakes machine images and renders manifests (Helm, Kustomize)."),
    },
    # The sidecar Halyard ran next to every Java service when metricStores enables a store.
    "monitoringDaemon": {
        "image": "us-docker.pkg.dev/spinnaker-community/docker/monitoring-daemon:1.4.0",
        "port": 8008,
        "container": "monitoring-daemon",
    },
    # The Observability plugin (armory-plugins/armory-observability-plugin, Apache 2.0): it serves each
    # service's metrics in Prometheus' format on the service's own port, as the actuator endpoint `endpoint`
    # (under Spinnaker's actuator base path `/`, kork-core SpringBoot1CompatibilityApplicationListener.java:30).
    # `services`: the `requires` of every release in the plugin repository's plugins.json (keel is not among them).
    # Its 1.x line is built on Spring Boot 2; the releases from `springBoot3From` run Spring Boot 3
    # (kork/spinnaker-dependencies/spinnaker-dependencies.gradle: 2.7.18 at spinnaker-release-2025.3.2,
    # 3.0.13 at 2025.4.0), where 1.x cannot load and the repository's newest (2.x) is the one that can.
    "observabilityPlugin": {
        "id": "Armory.ObservabilityPlugin",
        "repository": "armory-observability-plugin-releases",
        "url": "https://raw.githubusercontent.com/armory-plugins/armory-observability-plugin-releases/master/"
               "repositories.json",
        "endpoint": "aop-prometheus",
        "services": ["clouddriver", "echo", "fiat", "front50", "gate", "igor", "kayenta", "orca", "rosco"],
        "springBoot2Version": "1.6.0",
        "springBoot3From": "2025.4.0",
    },
    # front50's object stores (persistentStorage.<store>; Halyard's persistentStoreType names one).
    "front50Stores": ["s3", "gcs", "azs", "oracle"],
}


# `no_scale_reason`: "" when the split may be autoscaled, else why not (its own `scales` fact, else its service's).
Split = record("Split", "name profiles key no_scale_reason")

# One service's facts (see the module docstring); `_service` builds each from the table.
Service = record("Service", (
    "name port cpu memory memory_limit grace doc java health under_gate_path tls enabled_when redis sql "
    "needs_sql env_secret cluster_access java_opts run_as writable_root home env splits primary_split "
    "split_settings read_replica_profiles helm_profile no_scale_reason config_server_bootstrap thread_pools"))


HELM_PROFILE_SOURCES = ("gatePath", "bundledSql", "sqlSwitches")
_KEYS = {"port", "cpu", "memory", "memoryLimit", "grace", "doc", "java", "health", "underGatePath", "tls",
         "enabledWhen", "redis", "sql", "needsSql", "envSecret", "clusterAccess", "javaOpts", "home", "env",
         "splits", "primarySplit", "runAs", "writableRoot", "splitSettings", "readReplicaProfiles", "helmProfile",
         "scales", "configServerBootstrap", "threadPools"}
_SPLIT_KEYS = {"name", "profiles", "key", "scales"}


def _why_not(where: str, scales) -> str:
    """"" for `scales: true`; the reason for a string. Anything else is a mistake in the table."""
    if scales is True:
        return ""
    if isinstance(scales, str) and scales:
        return scales
    raise ValueError(f"service_facts: {where}.scales must be true or the reason it cannot scale, not {scales!r}")


def _service(name: str, raw: dict) -> Service:
    unknown = set(raw) - _KEYS
    if unknown:  # a misspelt fact would otherwise be ignored by both the chart and the renderer
        raise ValueError(f"service_facts: {name} has unknown keys {sorted(unknown)}")
    if "scales" not in raw:  # every service decides: a new one must say whether an autoscaler may add replicas
        raise ValueError(f"service_facts: {name} has no scales fact")
    why = _why_not(name, raw["scales"])
    for split in raw.get("splits", ()):
        if set(split) - _SPLIT_KEYS:
            raise ValueError(f"service_facts: {name} split {split.get('name')} has unknown keys "
                             f"{sorted(set(split) - _SPLIT_KEYS)}")
    for source in raw.get("helmProfile", {}).values():
        if source not in HELM_PROFILE_SOURCES and not source.startswith("split:"):
            raise ValueError(f"service_facts: {name} has an unknown helmProfile source {source!r}")
    return Service(
        name=name, port=raw["port"], cpu=raw["cpu"], memory=raw["memory"],
        memory_limit=raw.get("memoryLimit", raw["memory"]), grace=raw["grace"], doc=raw["doc"],
        java=raw["java"], health=raw["health"], under_gate_path=raw.get("underGatePath", False),
        tls=raw.get("tls", ""), enabled_when=tuple(raw.get("enabledWhen", ())), redis=raw.get("redis", False),
        sql=raw.get("sql"), needs_sql=raw.get("needsSql", False), env_secret=raw.get("envSecret", False),
        cluster_access=raw.get("clusterAccess", False), java_opts=raw.get("javaOpts", ""),
        run_as=raw.get("runAs", 0), writable_root=raw.get("writableRoot", False),
        home=raw.get("home", ""), env=tuple((e["name"], e["value"]) for e in raw.get("env", ())),
        splits=tuple(Split(s["name"], tuple(s["profiles"]), s["key"],
                           _why_not(s["name"], s["scales"]) if "scales" in s else why) for s in raw.get("splits", ())),
        primary_split=raw.get("primarySplit", ""), split_settings=dict(raw.get("splitSettings", {})),
        read_replica_profiles=tuple(raw.get("readReplicaProfiles", ())), helm_profile=dict(raw.get("helmProfile", {})),
        no_scale_reason=why, config_server_bootstrap=raw.get("configServerBootstrap", False),
        thread_pools=tuple((p["pool"], p["threads"], p["source"]) for p in raw.get("threadPools", ())))


# The releases the renderer writes for (renderer.releases), for the chart's pick of the halconfig's version.
FACTS["supportedReleases"] = SUPPORTED_PATTERN
FACTS["sqlEngines"] = SQL_ENGINES
FACTS["jvmMemory"] = JVM_MEMORY

SERVICES: dict[str, Service] = {name: _service(name, raw) for name, raw in FACTS["services"].items()}
JAVA_SERVICES = tuple(name for name, s in SERVICES.items() if s.java)
REDIS_SERVICES = tuple(name for name, s in SERVICES.items() if s.redis)
# The services that read the Spring Cloud Config bootstrap files.
BOOTSTRAP_SERVICES = tuple(name for name, s in SERVICES.items() if s.config_server_bootstrap)


def bootstrap_file(name: str) -> str:
    """The bootstrap file kork's ConfigServerBootstrap reads for `name`: `spinnaker` (every service that
    bootstraps) -> spinnakerconfig.yml, a service -> <service>config.yml."""
    return f"{name}config.yml"
# {split name: (service, its key under ha.<service>)}
SPLITS = {split.name: (s.name, split.key) for s in SERVICES.values() for split in s.splits}

MONITORING_DAEMON_IMAGE = FACTS["monitoringDaemon"]["image"]
OBSERVABILITY_PLUGIN = FACTS["observabilityPlugin"]
MONITORING_DAEMON_PORT = FACTS["monitoringDaemon"]["port"]
MONITORING_DAEMON_CONTAINER = FACTS["monitoringDaemon"]["container"]
FRONT50_STORES = tuple(FACTS["front50Stores"])
# front50's S3 client reads static keys from the AWS credential chain (it binds no spinnaker.s3 key
# property): halconfig key -> the environment variable the chart gives front50.
S3_KEYS_AS_ENV = {"accessKeyId": "AWS_ACCESS_KEY_ID", "secretAccessKey": "AWS_SECRET_ACCESS_KEY"}

# Where the chart reads the table (generated by scripts/generate.py).
CHART_FILE = "charts/spinnaker/files/services.json"


def service(name: str) -> Service:
    return SERVICES[name]


def sql_engine(jdbc_url: str) -> dict:
    """The SQL_ENGINES entry a JDBC URL speaks to (`jdbc:<scheme>:`); MySQL's for any other."""
    scheme = jdbc_url.split(":", 2)[1] if jdbc_url.startswith("jdbc:") and jdbc_url.count(":") >= 2 else ""
    return next((e for e in SQL_ENGINES.values() if e["jdbcScheme"] == scheme), SQL_ENGINES["mysql"])


def chart_json() -> str:
    """The chart's copy of the table."""
    return json.dumps(FACTS, indent=2, sort_keys=True) + "\n"


def switch_paths(pattern: str, paths) -> list:
    """The paths among `paths` (dotted) an `enabledWhen` switch names (`*` matches one segment)."""
    want = pattern.split(".")
    out = []
    for path in paths:
        got = path.split(".")
        if len(got) == len(want) and all(w in ("*", g) for w, g in zip(want, got)):
            out.append(path)
    return out
