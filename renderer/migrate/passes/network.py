"""Network and identity: how the services are reached (ports, Services, base URLs, namespaces),
who scrapes them, and the ServiceAccount each runs as."""
from __future__ import annotations

from ...service_facts import SERVICES, SPLITS
from .facts import deep, deep_get, said, settings_source

KUBERNETES = ("serviceAnnotations", "serviceLabels", "serviceType", "nodePort", "serviceAccountName")


def run(hal) -> None:
    hal.each(hal.fields(("port", "overrideBaseUrl", "location")),
             lambda name, key, value, where: _setting(hal, name, key, value, where))
    accounts: dict = {}  # {service: (ServiceAccount, where)} of the ones Halyard's pods ran as
    hal.each(hal.kubernetes(KUBERNETES, split_keys=("serviceAccountName",)),
             lambda name, key, value, where, block: _kubernetes(hal, name, key, value, where, accounts))
    _accounts(hal, accounts)
    _say_scraped(hal)


def _setting(hal, name, key, value, where):
    if name in SPLITS:
        service = SPLITS[name][0]
        if key == "port":
            hal.report.human(where, f"port {value}: every {service} split serves on `services.{service}.port` "
                                    "(one Service port for the splits' URLs); set it there if it must change.",
                             target=f"services.{service}.port")
        elif hal.text(value, where):
            hal.report.human(where, f"{said(value)}: the chart runs every split in the release namespace and "
                                    f"calls it by its own Service; point callers elsewhere with `profiles.<caller>: "
                                    f"{{services: {{{service}: {{baseUrl: ...}}}}}}`.", target=f"profiles.{service}")
        return
    if key == "port":
        if hal.number(value, where, 1, 65535) is not None:
            deep(hal.values, hal.place(name) + ("port",), int(value))
            hal.report.mapped(where, f"services.{name}.port")
    elif not hal.text(value, where):
        return
    elif key == "overrideBaseUrl" and name in ("gate", "deck"):
        home = "security.apiSecurity.overrideBaseUrl" if name == "gate" else "security.uiSecurity.overrideBaseUrl"
        hal.report.human(where, f"{value}: how users reach {name}. Set `expose.host` (the chart derives "
                                f"every URL from it) or `halconfig.{home}`.")
    elif key == "overrideBaseUrl":
        hal.report.human(where, f"{value}: {name} elsewhere than in this release; the chart's discovery "
                                f"points at its own {name}. To use another one set "
                                f"`services.{name}.enabled: false` and `profiles.spinnaker: "
                                f"{{services: {{{name}: {{baseUrl: ...}}}}}}`.")
    else:
        hal.report.human(where, f"{name} ran in namespace {value!r}; the chart runs every service in the "
                                "release namespace.")


def _kubernetes(hal, name, key, value, where, accounts):
    if name in SPLITS:  # only serviceAccountName is handed on for a split (the walker's split_keys)
        if hal.text(value, where):
            accounts[name] = (str(value), where)
        return
    svc = hal.place(name)
    path = ".".join(svc)
    if key in ("serviceAnnotations", "serviceLabels"):
        strings = hal.string_map(value, where)
        if strings:
            deep(hal.values, svc + (key,), strings)
            hal.report.mapped(where, f"{path}.{key}")
    elif key == "serviceType":
        if value != "ClusterIP" and hal.text(value, where):
            deep(hal.values, svc + ("serviceType",), str(value))
            hal.report.mapped(where, f"{path}.serviceType")
    elif not hal.text(value, where):
        return
    elif key == "nodePort":
        hal.report.human(where, f"nodePort {value}: the chart sets no fixed nodePort; add it with `patches` "
                                f"on the {name} Service.")
    else:
        accounts[name] = (str(value), where)


def _accounts(hal, accounts):
    """Each service runs as the ServiceAccount its Halyard pod ran as, used as the account that exists
    (`rbac.serviceAccounts.<name>.create: false`), not made again: the RBAC and annotations (IRSA, Workload
    Identity) its owner gave it keep applying, and one account several services named stays one. Halyard
    ran clouddriver without `serviceAccountName` as the namespace's `default` account (a pod without one
    runs as `default`), which its in-cluster kubernetes accounts acted as; so it keeps running as that."""
    for service in sorted({SPLITS[name][0] for name in accounts if name in SPLITS}):
        # The chart keeps one account per service for all its splits: the one every split ran as.
        splits = [split.name for split in SERVICES[service].splits if hal.split_on(split.name)]
        named = {accounts.pop(split, (None, ""))[0] for split in splits}
        files = [f"service-settings/{split}.yml" for split in splits]
        if len(named) == 1 and None not in named and service not in accounts:
            accounts[service] = (named.pop(), settings_source(splits, "kubernetes.serviceAccountName"), splits)
        else:
            hal.report.human(settings_source(splits, "kubernetes.serviceAccountName"),
                             f"{service}'s splits ran as different ServiceAccounts ({', '.join(files)}); the chart "
                             f"runs all of them as one (`services.{service}.serviceAccountName`): set it to the "
                             "one that has what they all need.", target=f"services.{service}.serviceAccountName")
    if hal.runs("clouddriver") and "clouddriver" not in accounts:
        accounts["clouddriver"] = ("default", "service-settings/clouddriver.yml: kubernetes.serviceAccountName "
                                              "(none: the namespace's default)")
    users: dict = {}
    for service, (account, where, *files) in sorted(accounts.items()):
        deep(hal.values, ("services", service, "serviceAccountName"), account)
        if account != "default":
            deep(hal.values, ("rbac", "serviceAccounts", account, "create"), False)
        users.setdefault(account, []).append((service, where, files[0] if files else [service]))
    for account, named in sorted(users.items()):
        services = [service for service, _, _ in named]
        sources = [where for _, where, _ in named if "(none" not in where]
        source = settings_source([f for _, _, stems in named for f in stems], "kubernetes.serviceAccountName") \
            if len(sources) > 1 else (sources[0] if sources else named[0][1])
        kept = "the namespace's own `default` account" if account == "default" else \
            f"the existing account (`rbac.serviceAccounts.{account}.create: false`), not created"
        hal.report.different(
            source, f"services.{services[0] if len(services) == 1 else '{' + ','.join(services) + '}'}"
                    ".serviceAccountName",
            f"{', '.join(services)} run{'s' if len(services) == 1 else ''} as ServiceAccount {account}, as "
            f"{'its' if len(services) == 1 else 'their'} Halyard pods did: {kept}, so the RBAC and annotations "
            "(IRSA, Workload Identity) you gave it still apply"
            + (", and clouddriver's in-cluster kubernetes accounts act as it as under Halyard" if "clouddriver" in
               services else "")
            + ". The chart's least-privilege alternative: remove these values for one ServiceAccount per service "
            "made by the chart, with clouddriver's RBAC following the namespaces its in-cluster accounts list "
            "(`rbac.clouddriver.access: accounts`, the default)"
            + (f", then delete {account} and its bindings once nothing else uses it." if account != "default"
               else "."))


def _say_scraped(hal):
    """Prometheus scrape annotations carried over (renderer.migrate.passes.pods), said once."""
    if not hal.scraped:
        return
    ports: dict = {}
    for name, port in hal.scraped:
        ports.setdefault(port, []).append(name)
    pods = "; ".join(f"port {port} of {', '.join(names)}" for port, names in sorted(ports.items()))
    hal.report.human(settings_source([name for name, _ in hal.scraped], "kubernetes.podAnnotations"),
                     f"asks Prometheus to scrape these pods: {pods}; the chart's default NetworkPolicies admit "
                     "no scraper to them. For the Observability plugin set `observability.enabled` with "
                     "`podAnnotations` or `podMonitor`, and name your Prometheus in "
                     "`networkPolicy.metricsFrom`.", target="networkPolicy.metricsFrom")
