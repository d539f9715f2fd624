"""Network and identity: how the services are reached (ports, Services, base URLs, namespaces),
who scrapes them, and the ServiceAccount each runs as."""
from __future__ import annotations

from ...service_facts import SPLITS
from .facts import deep, said, settings_source

KUBERNETES = ("serviceAnnotations", "serviceLabels", "serviceType", "nodePort", "serviceAccountName")


def run(hal) -> None:
    hal.each(hal.fields(("port", "overrideBaseUrl", "location")),
             lambda name, key, value, where: _setting(hal, name, key, value, where))
    hal.each(hal.kubernetes(KUBERNETES), lambda name, key, value, where, block: _kubernetes(hal, name, key, value,
                                                                                             where))
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


def _kubernetes(hal, name, key, value, where):
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
        # The same name keeps what trusts it (an IRSA role's trust policy names the account).
        deep(hal.values, ("services", name, "serviceAccountName"), str(value))
        hal.report.mapped(where, f"services.{name}.serviceAccountName",
                          f"with `rbac.create` the chart creates {value!s} itself: if Halyard's account is "
                          "still in the release namespace, Helm will not take it over (install into a new "
                          "namespace, or delete it first) and its annotations (IRSA, Workload Identity) go "
                          f"to `services.{name}.serviceAccountAnnotations`")


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
