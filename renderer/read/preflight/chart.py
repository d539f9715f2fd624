"""What the chart says about the pods, as the checks judge the halconfig against it."""
from __future__ import annotations

from renderer.service_facts import SQL_ENGINES, sql_engine


class Chart:
    """What the chart says about the pods: mounted directories, public host, the services it runs and their
    databases and TLS. From the config bundle the chart rendered (the post-renderer), or from values by the
    bundle's mirror (renderer/read/chartbundle.py, pinned to the chart by tests/test_plan.py), so every
    route judges the halconfig against the same facts."""

    __slots__ = ("mounts", "host", "keel_database", "sql_engine", "profiles", "rbac", "namespace", "tls_services",
                 "runs")

    def __init__(self, mounts=(), host="", keel_database=False, profiles=None, rbac=None, namespace="default",
                 tls_services=(), sql_engine="mysql", runs=None):
        self.mounts = tuple(m.rstrip("/") + "/" for m in mounts if isinstance(m, str) and m.startswith("/"))
        self.host = host or ""
        # The chart gives keel its database (bundled MySQL or storage.external: the bundle's `storage.keel`; templates/_storage.tpl spinnaker.keelSql).
        self.keel_database = bool(keel_database)
        # The engine of keel's database in the chart (storage.external.engine; the bundled one is MySQL).
        self.sql_engine = sql_engine
        # The chart's `profiles` (service -> Spring settings loaded after the halconfig's): a setting the
        # halconfig leaves out may come from there.
        self.profiles = profiles if isinstance(profiles, dict) else {}
        # clouddriver's own-cluster access (rbac.clouddriver: access, namespaces) and the release namespace.
        self.rbac = rbac if isinstance(rbac, dict) else None
        self.namespace = namespace or "default"
        # Services the chart's `tls` makes serve TLS with its own stores (a key store the halconfig need not give).
        self.tls_services = frozenset(tls_services)
        # The services the chart runs (None: not known, every check applies).
        self.runs = None if runs is None else frozenset(runs)

    @classmethod
    def from_bundle(cls, bundle: dict) -> "Chart":
        """What the config bundle the chart rendered says (the post-renderer's view)."""
        expose = bundle.get("expose") or {}
        keel = (bundle.get("storage") or {}).get("keel")
        workloads = [w for w in (bundle.get("services") or {}).values() if isinstance(w, dict)]
        return cls(bundle.get("mounts") or (), url_host(expose.get("deckUrl") or ""),
                   keel_database=bool(keel), profiles=bundle.get("profiles"),
                   rbac=bundle.get("rbac"), namespace=(bundle.get("release") or {}).get("namespace") or "default",
                   sql_engine=engine_of(keel.get("jdbcUrl") if isinstance(keel, dict) else ""),
                   tls_services={w.get("service") for w in workloads
                                 if isinstance(w.get("tls"), dict) and w["tls"].get("serve")},
                   runs={w.get("service") for w in workloads})

    @classmethod
    def from_values(cls, values: dict, namespace: str = "default") -> "Chart":
        """What the chart would hand the post-renderer for `values` (merged over the chart's values.yaml)."""
        from renderer.releases import DEFAULT

        from ..chartbundle import bundle

        return cls.from_bundle(bundle(values if isinstance(values, dict) else {}, str(DEFAULT), namespace=namespace))


def chart_runs(chart, service: str) -> bool:
    """Does the chart run `service` (services.<name>.enabled: false turns one off)? True when not known."""
    return chart.runs is None or service in chart.runs


def engine_of(jdbc_url) -> str:
    """The SQL_ENGINES name a JDBC URL speaks to."""
    url = jdbc_url if isinstance(jdbc_url, str) else ""
    found = sql_engine(url)
    return next(name for name, engine in SQL_ENGINES.items() if engine is found)


_SCHEME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")


def url_host(url: str) -> str:
    """`urllib.parse.urlsplit(url).hostname or ""`, without importing urllib.parse on the post-renderer's
    path (it brings ipaddress: more than the rest of this read costs). tests/test_url_host.py holds
    the two equal."""
    url = "".join(url.split("\t")).replace("\r", "").replace("\n", "").lstrip("".join(map(chr, range(33))))
    colon = url.find(":")
    if colon > 0 and url[0].isascii() and url[0].isalpha() and _SCHEME.issuperset(url[:colon]):
        url = url[colon + 1:]
    if not url.startswith("//"):
        return ""
    netloc = url[2:]
    for end in "/?#":
        netloc = netloc.partition(end)[0]
    info = netloc.rpartition("@")[2]
    _, bracket, inner = info.partition("[")
    host = inner.partition("]")[0] if bracket else info.partition(":")[0]
    name, percent, zone = host.partition("%")
    return name.lower() + percent + zone
