"""Preflight checks: offline rules a halconfig must pass before anything is rendered.

The model (`renderer.model`) checks each value on its own; these checks look
across values (a `primaryAccount` names an account that exists, a file the
halconfig points at is mounted in the pods, ...), the kind of rule Halyard's
and Armory's operator's validators ran. Each check is declared once, with an
id, the path it looks at, what it says, how to fix it and its severity; the
halconfig reference lists them (`renderer.generate.halconfig_reference`). Every route (validate,
generate, post-render, the helm wrapper) runs them through
`renderer.read.halconfig.read`, so a mistake gets the same verdict everywhere.

`kleat_accepted` marks rules kleat (the reference translator) did not enforce:
they are errors, and warnings under `--kleat-compat`.
"""
from __future__ import annotations

import re
from collections import namedtuple

from renderer.model.references import is_reference
from renderer.read.rbac_namespaces import findings as rbac_findings
from renderer.problems import ERROR, NOTE, WARNING
from renderer.service_facts import FRONT50_STORES, S3_KEYS_AS_ENV, SERVICES, SQL_ENGINES, sql_engine


# id; path: where it looks, in the reference's notation; rule: what must hold (for the reference);
# fix: how to fix it (appended to every message); run(hal, chart): yields (path, message);
# severity: ERROR only where a service fails to start or crashes, or the value can never work, WARNING
# for anything Spinnaker runs with; evidence: why that severity (the service source, or the Spring or
# Kubernetes behaviour), listed in the halconfig reference; needs_chart: runs only when the chart's
# values are known (mounts, expose, profiles); strings_under: the field names whose string values the
# check looks at, anywhere in the halconfig (run(hal, chart, found) then gets them as (path, value)).
Check = namedtuple("Check", "id path rule fix run severity evidence kleat_accepted needs_chart strings_under")


CHECKS: list[Check] = []


def check(id, path, rule, fix, *, evidence, severity=ERROR, kleat_accepted=True, needs_chart=False,
          strings_under=None):
    def register(fn):
        CHECKS.append(Check(id, path, rule, fix, fn, severity, evidence, kleat_accepted and severity == ERROR,
                            needs_chart, strings_under))
        return fn
    return register


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
        from urllib.parse import urlsplit

        expose = bundle.get("expose") or {}
        keel = (bundle.get("storage") or {}).get("keel")
        workloads = [w for w in (bundle.get("services") or {}).values() if isinstance(w, dict)]
        return cls(bundle.get("mounts") or (), urlsplit(expose.get("deckUrl") or "").hostname or "",
                   keel_database=bool(keel), profiles=bundle.get("profiles"),
                   rbac=bundle.get("rbac"), namespace=(bundle.get("release") or {}).get("namespace") or "default",
                   sql_engine=_engine_of(keel.get("jdbcUrl") if isinstance(keel, dict) else ""),
                   tls_services={w.get("service") for w in workloads
                                 if isinstance(w.get("tls"), dict) and w["tls"].get("serve")},
                   runs={w.get("service") for w in workloads})

    @classmethod
    def from_values(cls, values: dict, namespace: str = "default") -> "Chart":
        """What the chart would hand the post-renderer for `values` (merged over the chart's values.yaml)."""
        from renderer.releases import DEFAULT

        from .chartbundle import bundle

        return cls.from_bundle(bundle(values if isinstance(values, dict) else {}, str(DEFAULT), namespace=namespace))


def run_checks(hal: dict, report, base: tuple = (), chart: Chart | None = None) -> None:
    """Run every check on the normalized halconfig; problems go to `report` under `base`."""
    if not isinstance(hal, dict):
        return
    checks = [item for item in CHECKS if chart is not None or not item.needs_chart]
    # The strings every check looks for, found in one walk of the halconfig (guided by the model), not
    # one walk per check: a large halconfig's thousands of accounts are visited once.
    keysets = tuple(dict.fromkeys(item.strings_under for item in checks if item.strings_under))
    strings = dict(zip(keysets, _keyed_strings(hal, keysets))) if keysets else {}
    for item in checks:
        run = item.run(hal, chart, strings[item.strings_under]) if item.strings_under else item.run(hal, chart)
        for found in run or ():
            # A check yields (path, message), or (path, message, severity) where one rule has cases of
            # different consequence (an LDAP login without a URL stops gate; OAuth2 without a client
            # leaves login off).
            path, message = found[0], found[1]
            severity = found[2] if len(found) > 2 else item.severity
            text = f"{message} [{item.id}]"
            if severity == NOTE:
                report.note(base + tuple(path), text)
            elif severity == WARNING:
                report.warning(base + tuple(path), text, item.fix)
            elif item.kleat_accepted:
                report.kleat_accepted(base + tuple(path), text, item.fix)
            else:
                report.error(base + tuple(path), text, item.fix)
            report.problems[-1].check = item.id


# ---------------------------------------------------------------- helpers

def _keyed_strings(hal, keysets):
    """For each of `keysets`, (path, value) of every string held under one of its keys in the halconfig,
    in document order."""
    from renderer.model import HAL
    from renderer.model.walk import keyed_strings_by

    return keyed_strings_by(HAL, hal, keysets)


def _get(node, *keys):
    for key in keys:
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    return node


def _account_blocks(hal):
    """(path, block) of every provider, artifact and canary integration block with an `accounts` list."""
    for section in ("providers", "artifacts"):
        for name, block in (hal.get(section) or {}).items():
            if isinstance(block, dict) and isinstance(block.get("accounts"), list):
                yield (section, name), block
    for name, block in (_get(hal, "canary", "serviceIntegrations") or {}).items():
        if isinstance(block, dict) and isinstance(block.get("accounts"), list):
            yield ("canary", "serviceIntegrations", name), block


def _names(block, key="accounts"):
    return [a.get("name") for a in block.get(key) or [] if isinstance(a, dict) and a.get("name")]


# ---------------------------------------------------------------- accounts

@check("name-required", "<section>.<provider>.accounts[].name (and every other list entry with a name)",
       "every account (CI master, subscription, search, ...) has a name",
       "Give it a `name`: Spinnaker refers to accounts by name, and clouddriver cannot use a nameless one.",
       evidence="Accounts are keyed by name (clouddriver's credentials repositories, igor's and echo's per-name "
                "clients); a nameless one fails to load (\"Account name for Kubernetes provider missing.\", "
                "KubernetesAccountProperties.java) and nothing can refer to it.")
def _named(hal, chart):
    from renderer.model import HAL
    from renderer.model.walk import missing_required

    for path, message, name in missing_required(HAL, hal):
        yield path, f"this {message} has no {name}."


@check("account-name-unique", "<section>.<provider>.accounts[].name", "account names are unique per provider",
       "Rename one of the accounts: Spinnaker keys accounts by name, so the second one would replace the first.",
       severity=WARNING, evidence="The services start; the repositories keyed by account name keep one of the "
                                  "two, so the other account is missing.")
def _unique(hal, chart):
    for where, block in _account_blocks(hal):
        names = [a.get("name") for a in block["accounts"] if isinstance(a, dict) and a.get("name")]
        if len(set(names)) == len(names):
            continue  # the common case, told by a set: no name given twice
        seen = {}
        for i, account in enumerate(block["accounts"]):
            name = account.get("name") if isinstance(account, dict) else None
            if not name:
                continue
            if name in seen:
                yield where + ("accounts", i, "name"), (f"account name {name!r} is already used by "
                                                         f"accounts[{seen[name]}].")
            else:
                seen[name] = i


@check("primary-account", "providers.<provider>.primaryAccount", "names an account of the same provider",
       "Set primaryAccount to one of the provider's account names, or remove it.", severity=WARNING,
       evidence="No service binds a provider's primaryAccount (see the release facts: it is left out of "
                "clouddriver.yml); at most Deck's default account selection is unset.")
def _primary(hal, chart):
    for name, block in (hal.get("providers") or {}).items():
        primary = block.get("primaryAccount") if isinstance(block, dict) else None
        if primary and not is_reference(primary):
            names = _names(block)
            if primary not in names:
                yield ("providers", name, "primaryAccount"), _missing("account", primary, names)


def _missing(what, wanted, names) -> str:
    from renderer.model.normalize import suggest

    known = ", ".join(repr(n) for n in names[:10]) or "none"
    hint = suggest(wanted, names)
    return f"no {what} is named {wanted!r} (there are: {known})." + (f" {hint}" if hint else "")


@check("docker-registry-account", "providers.kubernetes.accounts[].dockerRegistries[].accountName",
       "names an account under providers.dockerRegistry.accounts",
       "Remove dockerRegistries from the Kubernetes account (or add that Docker registry account).", severity=WARNING,
       evidence="Only the legacy (V1) Kubernetes provider read dockerRegistries; in the manifest-based provider, "
                "the only one in current clouddriver, KubernetesCredentials.getDockerRegistries() returns an empty "
                "list (clouddriver/clouddriver-kubernetes/.../security/KubernetesCredentials.java, "
                "spinnaker-release-2026.2.3).")
def _docker_refs(hal, chart):
    registries = _names(_get(hal, "providers", "dockerRegistry") or {})
    for i, account in enumerate(_get(hal, "providers", "kubernetes", "accounts") or []):
        for j, ref in enumerate(account.get("dockerRegistries") or []):
            name = ref.get("accountName") if isinstance(ref, dict) else None
            if name and name not in registries:
                yield (("providers", "kubernetes", "accounts", i, "dockerRegistries", j, "accountName"),
                       _missing("Docker registry account", name, registries))


def _canary_accounts(hal):
    out = []
    for block in (_get(hal, "canary", "serviceIntegrations") or {}).values():
        if isinstance(block, dict):
            out.extend(_names(block))
    return out


@check("canary-default-account", "canary.defaultMetricsAccount, canary.storageAccountName",
       "name accounts under canary.serviceIntegrations",
       "Add that account under canary.serviceIntegrations.<provider>.accounts, or fix the name.", severity=WARNING,
       evidence="Kayenta starts; the default is used only by a canary config that names no account, and that "
                "analysis fails saying the account is unknown.")
def _canary_refs(hal, chart):
    names = _canary_accounts(hal)
    for key in ("defaultMetricsAccount", "storageAccountName"):
        wanted = _get(hal, "canary", key)
        if wanted and wanted not in names:
            yield ("canary", key), _missing("canary account", wanted, names)


@check("canary-complete", "canary.enabled", "canary analysis needs a metrics store and a storage account",
       "Enable a metrics source (e.g. canary.serviceIntegrations.prometheus) and an account with "
       "OBJECT_STORE/CONFIGURATION_STORE types (e.g. under aws or google), or set canary.enabled to false.",
       severity=WARNING,
       evidence="Kayenta starts without them (its account repositories are looked up per analysis), but every "
                "canary analysis fails: it reads metrics from a metrics-store account and keeps each result in "
                "an object-store account.")
def _canary_complete(hal, chart):
    canary = hal.get("canary") or {}
    if canary.get("enabled") is not True:
        return
    integrations = canary.get("serviceIntegrations") or {}
    enabled = {k: v for k, v in integrations.items() if isinstance(v, dict) and v.get("enabled") is True}
    stores = {"prometheus", "datadog", "newrelic", "signalfx", "google"}
    if not any(k in stores for k in enabled):
        yield ("canary", "serviceIntegrations"), "canary is enabled but no metrics source is enabled."
    storage = [a for block in enabled.values() for a in block.get("accounts") or []
               if isinstance(a, dict) and "OBJECT_STORE" in (a.get("supportedTypes") or [])]
    if not storage:
        yield ("canary", "serviceIntegrations"), ("canary is enabled but no enabled account supports "
                                                  "OBJECT_STORE (where Kayenta keeps canary results).")


@check("pubsub-unique", "pubsub.google.publishers[].name, subscriptions[].name",
       "publisher and subscription names are unique",
       "Rename one of them; echo keys them by name.", severity=WARNING,
       evidence="echo starts; entries keyed by the same name replace each other, so one of them is not used.")
def _pubsub(hal, chart):
    for key in ("subscriptions", "publishers"):
        seen = set()
        for i, item in enumerate(_get(hal, "pubsub", "google", key) or []):
            name = item.get("name") if isinstance(item, dict) else None
            if name and name in seen:
                yield ("pubsub", "google", key, i, "name"), f"{name!r} is given twice."
            seen.add(name)


# ---------------------------------------------------------------- storage


@check("front50-store", "persistentStorage", "exactly one front50 object store is enabled",
       "Enable one of persistentStorage.s3, gcs, azs or oracle (or let the chart's bundled MySQL serve front50).",
       evidence="front50 creates a storage service per enabled store and injects exactly one; with two, Spring "
                "finds two candidates and front50 does not start.")
def _front50(hal, chart):
    storage = hal.get("persistentStorage") or {}
    enabled = [s for s in FRONT50_STORES if _get(storage, s, "enabled") is True]
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
    s3 = _get(hal, "persistentStorage", "s3") or {}
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
    if _get(hal, "managedDelivery", "enabled") is not True or _get(hal, "persistentStorage", "sql"):
        return
    if chart is not None and (chart.keel_database or not _runs(chart, "keel")):
        return  # the chart's bundled MySQL hosts keel's database
    yield ("managedDelivery", "enabled"), "keel is enabled but persistentStorage.sql is not set."


def _runs(chart, service: str) -> bool:
    """Does the chart run `service` (services.<name>.enabled: false turns one off)? True when not known."""
    return chart.runs is None or service in chart.runs


def _engine_of(jdbc_url) -> str:
    """The SQL_ENGINES name a JDBC URL speaks to."""
    url = jdbc_url if isinstance(jdbc_url, str) else ""
    found = sql_engine(url)
    return next(name for name, engine in SQL_ENGINES.items() if engine is found)


@check("keel-mysql", "persistentStorage.sql, storage.external.engine", "keel's database is MySQL",
       "Give keel a MySQL database of its own in persistentStorage.sql (enabled, default.jdbcUrl, migration; the "
       "other services stay where storage.external puts them), or set managedDelivery.enabled to false.",
       evidence="keel's image ships only MySQL's JDBC driver (keel/keel-sql/keel-sql.gradle: "
                "com.mysql:mysql-connector-j) and its queries are written for MySQL, so it cannot connect to "
                "PostgreSQL and does not start (renderer/service_facts.py, `sql.engines`).", kleat_accepted=False)
def _keel_mysql(hal, chart):
    if _get(hal, "managedDelivery", "enabled") is not True:
        return
    own = _get(hal, "persistentStorage", "sql") or {}
    if own:
        for pool in ("default", "migration"):
            url = _get(own, pool, "jdbcUrl")
            if isinstance(url, str) and _engine_of(url) not in SERVICES["keel"].sql["engines"]:
                yield (("persistentStorage", "sql", pool, "jdbcUrl"),
                       f"a {SQL_ENGINES[_engine_of(url)]['name']} server's URL; keel speaks MySQL only.")
    elif chart is not None and chart.keel_database and chart.sql_engine in SQL_ENGINES \
            and chart.sql_engine not in SERVICES["keel"].sql["engines"]:
        yield (("managedDelivery", "enabled"),
               f"keel would keep its state on storage.external's {SQL_ENGINES[chart.sql_engine]['name']} server, "
               "and keel speaks MySQL only.")


# ---------------------------------------------------------------- kubernetes

@check("namespaces-or-omit", "providers.kubernetes.accounts[].namespaces", "not both namespaces and omitNamespaces",
       "Give either namespaces or omitNamespaces.",
       evidence="KubernetesAccountProperties.ManagedAccount.validate() throws for an account that sets both "
                "(clouddriver/clouddriver-kubernetes/.../config/KubernetesAccountProperties.java), so the account "
                "never loads.")
def _namespaces(hal, chart):
    for i, account in enumerate(_get(hal, "providers", "kubernetes", "accounts") or []):
        if account.get("namespaces") and account.get("omitNamespaces"):
            yield ("providers", "kubernetes", "accounts", i, "namespaces"), \
                "namespaces and omitNamespaces are both given; clouddriver refuses the account."


# ---------------------------------------------------------------- files

# Fields holding a file path inside a service container.
FILE_FIELDS = frozenset((
    "kubeconfigFile", "jsonPath", "sshPrivateKeyFilePath", "sshKnownHostsFilePath", "serviceKeyFile",
    "caCertFile", "passwordFile", "dockerconfigFile", "usernamePasswordFile", "tokenFile", "trustStore",
    "keyStore", "sslCertificateFile", "sslCertificateKeyFile", "sslCACertificateFile", "credentialPath",
    "credentials_path"))


@check("file-mounted", "any file path (kubeconfigFile, jsonPath, keyStore, ...)",
       "is under a directory the chart mounts: /var/secrets (secrets.files) or a services.<name>.extraVolumeMounts path",
       "Put the file in a Secret listed in secrets.files and refer to it as /var/secrets/<key>, or mount it "
       "with services.<name>.extraVolumes/extraVolumeMounts.", needs_chart=True, strings_under=FILE_FIELDS,
       evidence="The service opens the file when it loads the account or starts; a path no volume provides "
                "does not exist in the pod.")
def _files(hal, chart, found):
    for path, value in found:
        if value.startswith(chart.mounts):
            continue  # the common case first: a mounted path
        if not value.startswith("/") or is_reference(value):
            continue  # encrypted:..., classpath:..., ${...} or relative: resolved by the service
        mounted = ", ".join(m.rstrip("/") for m in chart.mounts) or "none (secrets.files is empty)"
        yield path, f"{value} is not in a directory the chart mounts (mounted: {mounted})."


# ---------------------------------------------------------------- security

@check("base-url-host", "security.uiSecurity.overrideBaseUrl, security.apiSecurity.overrideBaseUrl",
       "agree with expose.host", "Remove overrideBaseUrl (the chart derives it from expose.host) or make the "
       "hosts agree.", needs_chart=True, kleat_accepted=False, severity=WARNING,
       evidence="Deck and gate run; only gate's redirects and CORS, and Deck's calls to gate, go to the other "
                "host, which must then route to them.")
def _base_urls(hal, chart):
    from urllib.parse import urlsplit

    if not chart.host:
        return
    for block in ("uiSecurity", "apiSecurity"):
        url = _get(hal, "security", block, "overrideBaseUrl")
        if url and not is_reference(url) and not url.startswith("/"):  # a path stays on the host
            host = urlsplit(url).hostname or ""
            if host != chart.host and not host.endswith("." + chart.host):
                yield ("security", block, "overrideBaseUrl"), (f"its host {host!r} is not expose.host "
                                                               f"{chart.host!r}.")


def _profile_sets(chart, service, *keys) -> bool:
    """Whether the chart's profile for `service` sets the Spring property `keys` (any spelling Spring's
    relaxed binding accepts for the last key: key-store, keyStore)."""
    node = (chart.profiles.get(service) if chart is not None else None) or {}
    *parents, last = keys
    for key in parents:
        node = node.get(key) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return False
    spellings = {last, re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), last)}
    return any(node.get(k) not in (None, "") for k in spellings)


@check("tls-complete", "security.apiSecurity.ssl, security.uiSecurity.ssl", "TLS enabled has its key store / certificate",
       "Set keyStore and keyStorePassword (gate) or sslCertificateFile and sslCertificateKeyFile (Deck), give "
       "them in profiles.gate (server.ssl.key-store), or serve with the chart's stores (tls, "
       "services.<name>.tls).", severity=WARNING,
       evidence="gate's embedded server does not start HTTPS without a key store unless one comes from elsewhere "
                "(a profile, JAVA_OPTS, the environment), which the halconfig cannot show; Deck serves plain HTTP "
                "without DECK_CERT/DECK_KEY.")
def _tls(hal, chart):
    served = chart.tls_services if chart is not None else frozenset()
    ssl = _get(hal, "security", "apiSecurity", "ssl") or {}
    if ssl.get("enabled") is True and not ssl.get("keyStore") and "gate" not in served \
            and not _profile_sets(chart, "gate", "server", "ssl", "keyStore"):
        yield (("security", "apiSecurity", "ssl", "keyStore"),
               "not set although TLS is enabled: gate does not start unless a profile or its environment "
               "gives server.ssl.key-store.")
    ssl = _get(hal, "security", "uiSecurity", "ssl") or {}
    if ssl.get("enabled") is True and "deck" not in served:
        for key in ("sslCertificateFile", "sslCertificateKeyFile"):
            if not ssl.get(key):
                yield (("security", "uiSecurity", "ssl", key),
                       "not set although TLS is enabled: Deck serves plain HTTP.")


@check("plugins-root-path", "spinnaker.extensibility.pluginsRootPath", "plugins download to a writable directory",
       "Leave pluginsRootPath unset (each service downloads to /opt/<service>/plugins, which the chart mounts "
       "writable), or mount a volume there (services.<name>.extraVolumes / extraVolumeMounts).", severity=WARNING,
       evidence="kork downloads each enabled plugin into pluginsRootPath when the service starts "
                "(kork-plugins PluginsAutoConfiguration); the chart's Java pods run with a read-only root filesystem "
                "where only /opt/<service>/plugins, /tmp and the mounted volumes are writable, so the download "
                "fails and with strictPluginLoading (the default) the service does not start.")
def _plugins_root(hal, chart):
    extensibility = _get(hal, "spinnaker", "extensibility") or {}
    path = extensibility.get("pluginsRootPath")
    if not path or not isinstance(path, str) or is_reference(path) or not extensibility.get("plugins"):
        return
    writable = ("/tmp/", *(chart.mounts if chart is not None else ()))
    if path.strip("/") == "plugins" and not path.startswith("/"):
        return
    if not any((path.rstrip("/") + "/").startswith(m) for m in writable):
        yield (("spinnaker", "extensibility", "pluginsRootPath"),
               f"{path!r} is not writable in every service's pod (each has /opt/<service>/plugins and /tmp): "
               "the plugins cannot be downloaded there.")


@check("rbac-namespaces", "providers.kubernetes.accounts[].namespaces", "an in-cluster account's namespaces are "
       "within clouddriver's RBAC", "The in-cluster accounts' namespaces and rbac.clouddriver.access decide what "
       "the chart grants clouddriver's ServiceAccount (renderer/read/rbac_namespaces.py).", severity=WARNING,
       needs_chart=True,
       evidence="An account with serviceAccount: true (or no kubeconfig) acts with clouddriver's own ServiceAccount, "
                "which the chart grants only what rbac.clouddriver says; outside it the Kubernetes API answers 403 "
                "and the account's caching agents and deployments fail while clouddriver itself runs.")
def _rbac(hal, chart):
    if chart is not None:
        for where, message, level in rbac_findings(hal, chart.rbac, chart.namespace):
            yield (where, message, NOTE) if level == "note" else (where, message)


@check("authz-needs-authn", "security.authz.enabled", "authorization needs authentication",
       "Enable a login method under security.authn, or set security.authz.enabled to false.", severity=WARNING,
       evidence="fiat runs and enforces permissions, but with no login every user is anonymous and gets only "
                "what anonymous users are allowed.")
def _authz(hal, chart):
    if _get(hal, "security", "authz", "enabled") is True and _get(hal, "security", "authn", "enabled") is not True:
        yield ("security", "authz", "enabled"), "authorization (fiat) is enabled but authentication is not."


@check("fiat-role-provider", "security.authz.groupMembership", "fiat enabled has a role provider",
       "Set security.authz.groupMembership.service (FILE, GOOGLE, GITHUB or LDAP) and that provider's block.",
       evidence="Without a role provider, or FILE, GITHUB or GOOGLE without their block, fiat runs and users get "
                "no roles (a warning); LDAP without its block gives fiat's LdapConfig no URL, and "
                "DefaultSpringSecurityContextSource refuses a null URL, so fiat does not start (an error; "
                "fiat/fiat-ldap/.../config/LdapConfig.java).")
def _fiat(hal, chart):
    authz = _get(hal, "security", "authz") or {}
    if authz.get("enabled") is not True:
        return
    membership = authz.get("groupMembership") or {}
    service = membership.get("service")
    if not service:
        yield (("security", "authz", "groupMembership", "service"),
               "authorization is enabled without a role provider: users get no roles.", WARNING)
    elif service.lower() in ("file", "google", "github", "ldap") and not membership.get(service.lower()):
        yield (("security", "authz", "groupMembership", service.lower()),
               f"not set although the role provider is {service}.",
               ERROR if service.lower() == "ldap" else WARNING)


# field -> (what a complete block of that login method needs, severity when it is missing)
AUTHN_REQUIRED = {
    # gate turns OAuth2 on only when a client ID is set: without one it runs with login off.
    "oauth2": ((("client", "clientId"), ("client", "clientSecret")), WARNING),
    # gate's SAML and LDAP configurations are built when enabled and need their source to start.
    "saml": ((("metadataUrl",),), ERROR),
    "ldap": ((("url",),), ERROR),
}


@check("authn-complete", "security.authn.oauth2, saml, ldap", "an enabled login method has its required settings",
       "Set the missing field (see the halconfig reference for the block), or disable that login method.",
       evidence="gate builds SAML and LDAP login from these settings when the method is enabled and does not "
                "start without them (an error); OAuth2 is switched on by the client ID, so without one gate runs "
                "with that login off (a warning).")
def _authn(hal, chart):
    for method, (required, severity) in AUTHN_REQUIRED.items():
        block = _get(hal, "security", "authn", method) or {}
        if block.get("enabled") is not True:
            continue
        for keys in required:
            if not _get(block, *keys):
                yield (("security", "authn", method) + keys,
                       f"not set although {method} login is enabled.", severity)


# ---------------------------------------------------------------- values

URL_FIELDS = frozenset(("overrideBaseUrl", "baseUrl", "address", "metadataUrl", "url",
                        "accessTokenUri", "userAuthorizationUri", "userInfoUri", "iapVerifyKeyUrl"))
# Only _URL decides the common case (an absolute URL); the others are compiled when a value is not
# one (re keeps them then), not on every start.
_SCHEME = r"^[A-Za-z][A-Za-z0-9+.-]*:"
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#]+[^\s]*\Z")
# host:port (or a bare host name) with the scheme left out: Halyard-era files often wrote this.
_NO_SCHEME = r"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?([/?#][^\s]*)?\Z"
# An unfilled template placeholder: <JENKINS_URL>, <your-host>.
_ANGLE = r"<[^<>\s]+>"


_HTTP_SCHEMES = ("http", "https")
_HTTP_PREFIXES = ("https://", "http://")
_LDAP_SCHEMES = ("ldap", "ldaps")  # Spring LDAP's context source (gate's `ldap.url`)


def unreachable(url: str, schemes=()) -> str:
    """Why an absolute URL can never be reached by a reader that knows `schemes` (any, when empty): a
    scheme it does not know, or a host no DNS name can be (a '_': DNS names are letters, digits, '-'
    and '.'; java.net.URI, which the services' clients parse URLs with, finds no host in one). Both are
    what an unfilled sed-style template leaves (`PROTOCOL://OVERRIDE_DECK_URL`,
    `redis://RELEASE_NAME-redis-master:6379`); "" otherwise."""
    scheme, _, rest = url.partition("://")
    if is_reference(url) or "${" in url or "{{" in url:
        return ""
    if schemes and scheme.lower() not in schemes:
        return (f"its scheme {scheme}:// is not one its reader knows ({', '.join(s + '://' for s in schemes)}), "
                "as an unfilled placeholder leaves it")
    host = re.split(r"[/?#]", rest, 1)[0].rpartition("@")[2]
    host = host if host.startswith("[") else host.rsplit(":", 1)[0] if ":" in host else host
    if "_" in host:
        return f"its host {host} can never resolve (DNS names have no '_'), as an unfilled placeholder leaves it"
    return ""


@check("url", "any URL field (overrideBaseUrl, baseUrl, address, url, ...)",
       "is an absolute URL (scheme://host...); overrideBaseUrl may also be a path on the same host (/gate)",
       "Write the whole URL, e.g. https://spinnaker.example.com.",
       evidence="The services' HTTP clients need a scheme and a host: text that is neither (spaces, an unfilled "
                "<PLACEHOLDER>) can never be reached (an error); a host:port without its scheme is read by some "
                "clients and not others (a warning); a scheme the field's reader does not know (http(s), ldap(s) "
                "for gate's ldap.url), or a host with '_' no DNS name has (an unfilled PROTOCOL://OVERRIDE_DECK_URL), "
                "is a warning: the service starts, and only what calls that URL fails. A path such as /gate in overrideBaseUrl is what Deck and gate "
                "use when they share a host.", strings_under=URL_FIELDS)
def _urls(hal, chart, found):
    from renderer.model.normalize import _show

    for path, value in found:
        if _URL.match(value):  # the common case first: an absolute URL
            # An http(s) URL without a '_' is one `unreachable` passes: decided here, for thousands of accounts.
            if "_" in value or not value.startswith(_HTTP_PREFIXES) or "ldap" in path:
                why = unreachable(value, _LDAP_SCHEMES if "ldap" in path else _HTTP_SCHEMES)
                if why:  # the scheme or host alone: the URL may carry a password
                    yield path, f"{why}.", WARNING
            continue
        if is_reference(value):
            continue  # a secret reference or placeholder, resolved by the service
        if path[-1] == "metadataUrl" and (not re.match(_SCHEME, value) or value.startswith("file:")):
            continue  # SAML metadata may be a file (Halyard's metadataLocal: /..., ~/..., relative, file:)
        if path[-1] == "overrideBaseUrl" and value.startswith("/"):
            continue  # Deck and gate behind one host, gate by path
        placeholder = re.search(_ANGLE, value)
        if placeholder:
            yield path, f"{_show(value)} is an unfilled placeholder ({placeholder.group(0)}), not a URL."
        elif re.match(_NO_SCHEME, value):
            yield path, (f"{_show(value)} has no scheme; write http://{value} (or https://) so every client "
                         "reads it."), WARNING
        else:
            yield path, f"{_show(value)} is not a URL."


@check("time-zone", "timezone", "is an IANA time zone", "Use a name such as America/Los_Angeles or UTC.",
       severity=WARNING, evidence="echo's cron triggers (PipelineConfigsPollingJob) and orca's execution windows "
                                  "(RestrictExecutionDuringTimeWindow) use TimeZone.getTimeZone, which gives GMT "
                                  "for an unknown ID, so they run on GMT. Only echo's optional missed-trigger "
                                  "compensation job (scheduler.compensation-job.enabled) uses ZoneId.of and would "
                                  "stop echo from starting.")
def _timezone(hal, chart):
    tz = hal.get("timezone")
    if tz and not _known_zone(tz):
        from renderer.model.normalize import suggest

        hint = suggest(tz, sorted(_zones())) if len(tz) < 100 else ""
        from renderer.model.normalize import _show

        yield ("timezone",), f"{_show(tz)} is not a time zone." + (f" {hint}" if hint else "")


def _zones():
    import zoneinfo

    return zoneinfo.available_timezones()


# Where the system's tz database usually is (CPython's default zoneinfo TZPATH on Linux).
_TZ_DIRS = ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo")
_ZONE_NAME = r"[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*\Z"  # compiled only when a time zone is set


def _known_zone(name: str) -> bool:
    # Most zones are a TZif file in the system's database: reading its first bytes spares the
    # post-renderer importing zoneinfo (and sysconfig). Otherwise ZoneInfo decides (it also
    # knows the tzdata package). Listing every zone walks the database (tens of ms), so the list
    # is made only to suggest a name for an unknown one.
    if re.match(_ZONE_NAME, name):
        for directory in _TZ_DIRS:
            try:
                with open(f"{directory}/{name}", "rb") as handle:
                    if handle.read(4) == b"TZif":
                        return True
            except OSError:
                continue
    import zoneinfo

    try:
        zoneinfo.ZoneInfo(name)
        return True
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return not _zones()  # no tz database here: do not refuse
