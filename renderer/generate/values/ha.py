"""`ha`: Halyard's high-availability splits of clouddriver and echo."""
from __future__ import annotations

from renderer.model.dsl import Any, Bool, IntValue, Msg, Str, messages
from renderer.service_facts import SERVICES, Service
from .workloads import workload_fields

message = messages("values")

# The `services.<name>` settings an HA split may set for itself (`ha.<service>.splits.<key>`), declared by
# `workload_fields` once for both. Each replaces the service's value whole when set (non-empty), as
# Halyard's per-split settings did: its distributed Kubernetes deployer took a split's tolerations,
# affinity, sidecars, init containers and host aliases from `deploymentEnvironment.<field>[spin-<split>]`
# when that list was non-empty, else the service's entry, never a merge of both
# (halyard/halyard-deploy/src/main/java/com/netflix/spinnaker/halyard/deploy/spinnaker/v1/service/distributed/
# kubernetes/v2/KubernetesV2Service.java, getTolerations/getAffinity/getSidecarConfigs/getInitContainers/
# getHostAliases, at spinnaker-release-2025.0.0), and a split's service-settings file
# (`service-settings/clouddriver-rw.yml`, SpinnakerService.getDefaultServiceSettings) replaced Halyard's own
# field by field (ServiceSettings.mergePreferThis: a field the file sets wins whole). What the Service,
# PodDisruptionBudget, probes and rollout strategy use stays per service.
SPLIT_FIELDS = ("replicas", "resources", "javaOpts", "env", "envFrom", "nodeSelector", "tolerations", "affinity",
                "topologySpreadConstraints", "priorityClassName", "podAnnotations", "podLabels", "extraVolumes",
                "extraVolumeMounts", "sidecars", "initContainers", "hostAliases", "terminationGracePeriodSeconds")


def _split(facts: Service, split) -> Msg:
    """`ha.<service>.splits.<key>`: the split's own pod settings, each over the service's."""
    name, key = facts.name, split.key
    fields = {}
    for field, declared in workload_fields(False).items():
        if field not in SPLIT_FIELDS:
            continue
        if field == "replicas":
            declared.doc = f"Replicas of {split.name}; empty: `ha.{name}.{key}`."
        elif field == "resources":
            declared.doc = (f"Container resources of {split.name}; empty: `ha.{name}.resources.{key}` (the "
                            f"older place), then `services.{name}.resources`, then `serviceDefaults`.")
        else:
            declared.doc += f" Empty: `services.{name}.{field}`, then `serviceDefaults.{field}`."
        fields[field] = declared
    settings = message(f"HaSplit_{split.name}", "Pod settings of one HA split.", **fields)
    return Msg(settings, f"{split.name}'s own settings.", default={})


def _splits(facts: Service) -> Msg:
    name = facts.name
    return Msg(message(f"HaSplits_{name}", f"Per-split pod settings of {name}.",
                       **{split.key: _split(facts, split) for split in facts.splits}),
               f"Per-split pod settings (Halyard's `service-settings/{facts.splits[0].name}.yml` and per-split "
               f"`deploymentEnvironment` entries): each of {', '.join(f'`{f}`' for f in SPLIT_FIELDS)} set on a "
               f"split replaces `services.{name}`'s whole, as Halyard did (a list is not merged: repeat the "
               f"entries the split shares); empty, the split has `services.{name}`'s, then `serviceDefaults`'.")


_SPLIT_RESOURCES = ("Container resources of {}; empty: `services.{}.resources` (then `serviceDefaults`). Kept for "
                    "existing values: `ha.{}.splits.{}.resources` wins over it.")


def _split_resources(facts: Service, doc: str) -> Msg:
    return Msg(message(f"Ha{facts.name.capitalize()}Resources", doc,
                       **{split.key: Any(_SPLIT_RESOURCES.format(split.name, facts.name, facts.name, split.key))
                          for split in facts.splits}), "Resources per split.")


_CLOUDDRIVER, _ECHO = SERVICES["clouddriver"], SERVICES["echo"]
HaClouddriver = message(
    "HaClouddriver", "Split clouddriver into caching, read-write, read-only and UI read-only deployments.",
    enabled=Bool("Run the clouddriver splits instead of one clouddriver.", default=False),
    caching=IntValue("Replicas of clouddriver-caching.", default=1),
    rw=IntValue("Replicas of clouddriver-rw.", default=1),
    ro=IntValue("Replicas of clouddriver-ro.", default=1),
    roDeck=IntValue("Replicas of clouddriver-ro-deck.", default=1),
    redisRoUrl=Str("Read replica Redis for the read-only splits (`redis://host:6379`); empty: the main Redis.",
                   default=""),
    resources=_split_resources(_CLOUDDRIVER, "Resources per clouddriver split (Halyard's `customSizing` per split)."),
    splits=_splits(_CLOUDDRIVER),
)
HaEcho = message(
    "HaEcho", "Split echo into a scheduler (cron triggers) and workers.",
    enabled=Bool("Run echo-scheduler and echo-worker instead of one echo.", default=False),
    scheduler=IntValue("Replicas of echo-scheduler (keep 1).", default=1),
    worker=IntValue("Replicas of echo-worker.", default=1),
    resources=_split_resources(_ECHO, "Resources per echo split (Halyard's `customSizing` per split)."),
    splits=_splits(_ECHO),
)
Ha = message("HighAvailability", "Halyard's high-availability service splits, wired as Halyard wired them.",
             clouddriver=Msg(HaClouddriver, "clouddriver splits."), echo=Msg(HaEcho, "echo splits."))
