"""`spinnaker` (the release and its images) and `services.<name>`, one message per service."""
from __future__ import annotations

from renderer.model.dsl import Any, Bool, Enum, IntValue, List, Map, Msg, Str, messages
from renderer.releases import DEFAULT as DEFAULT_RELEASE, SUPPORTED
from renderer.service_facts import SERVICES, Service
from .workloads import default_resources, Image, workload_fields, Autoscaling, autoscaling_doc
from .tls import ServiceTlsOverride, DeckTls

message = messages("values")


DEFAULT_VERSION = str(DEFAULT_RELEASE)


def _service(facts: Service):
    name = facts.name
    fields = dict(
        enabled=Bool(f"Run {name}. Empty (null): derived from the halconfig." if facts.enabled_when
                     else f"Run {name}.", default=None if facts.enabled_when else True),
        image=Msg(Image, "Image override for this service."),
        port=IntValue("Container and Service port.", default=facts.port),
        nodePort=IntValue(f"With `serviceType: NodePort` or `LoadBalancer`: the node port of {name}'s main "
                          "Service (HA split Services get one assigned); empty: assigned by Kubernetes.",
                          default=None),
        serviceAccountName=Str(f"Name of {name}'s ServiceAccount. With `rbac.create` the chart creates it under "
                               f"this name (empty: `<fullname>-{name}`), once for all services that name it, "
                               "unless `rbac.serviceAccounts.<name>.create` is false; without, an existing account "
                               "(empty: the namespace's `default`).", default=""),
        serviceAccountAnnotations=Map(Str(f"Annotations on {name}'s ServiceAccount only, over "
                                          "`rbac.serviceAccountAnnotations` (e.g. its own IRSA role or GKE/Azure "
                                          "workload identity); an account the chart does not create is not "
                                          "annotated (a warning).", default={})),
    )
    fields.update(workload_fields(False))
    fields["autoscaling"] = Msg(Autoscaling, autoscaling_doc(facts), default={})
    fields["tls"] = (Msg(ServiceTlsOverride, f"{name}'s own TLS settings over `tls` (e.g. its own certificate, or "
                                             "`enabled` for it alone).", default={}) if facts.java else
                     Msg(DeckTls, "Deck's HTTPS from a Secret of PEM files.", default={}))
    fields["resources"].default = default_resources(facts)
    if facts.grace != 30:
        fields["terminationGracePeriodSeconds"].default = facts.grace
    if facts.java_opts:
        fields["javaOpts"].default = facts.java_opts
    if not facts.java:
        del fields["javaOpts"]
    if facts.run_as:
        fields["podSecurityContext"].default = {"runAsNonRoot": True, "runAsUser": facts.run_as,
                                                "runAsGroup": facts.run_as, "fsGroup": facts.run_as,
                                                "seccompProfile": {"type": "RuntimeDefault"}}
    if facts.writable_root:
        fields["securityContext"].default = {"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": False,
                                             "capabilities": {"drop": ["ALL"]}}
    return Msg(message(f"Service_{name}", facts.doc, **fields), facts.doc)


Services = message("Services", "Per-service settings; anything unset falls back to `serviceDefaults`.", by_name=True,
                   **{name: _service(facts) for name, facts in SERVICES.items()})

Spinnaker = message(
    "SpinnakerRelease", "Which Spinnaker release runs, and where its images come from.",
    version=Str(f"Spinnaker release: `YYYY.N.P` (ghcr.io images) or `1.x.y` (legacy registry). Empty: the "
                f"halconfig's `version` when it names a supported release (Halyard's `local:` prefix dropped), "
                f"else {DEFAULT_VERSION}. A halconfig `version` that differs is a warning: this one runs. The "
                f"configs are written for this release; supported: {SUPPORTED}.", default=""),
    registry=Str("Registry override for every Spinnaker image (air-gapped mirrors), e.g. "
                 "`registry.example.com/spinnaker`.", default=""),
    imagePullPolicy=Enum(("IfNotPresent", "Always", "Never"), "Image pull policy.", default="IfNotPresent"),
    imagePullSecrets=List(Any("Pull secrets for every pod (`[{name: regcred}]`).", default=[])),
)
