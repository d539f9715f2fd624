"""HA splits: which of clouddriver's and echo's splits Halyard ran (`haServices`), and the split
settings the chart keeps per service. Known before any other pass reads the facts
(`Halyard.ha_on`); the splits' own sizing, settings and stores are their passes'."""
from __future__ import annotations

from ...service_facts import SPLITS
from .facts import deep, entries, said
from .redis import HA_ENDPOINTS


def run(hal) -> None:
    found = hal.environment("haServices")
    if found is not None:
        hal.guarded(lambda value, where: _ha_services(hal, value, where), *found)
    hal.each(hal.fields(("enabled", "skipLifeCycleManagement"), services=False),
             lambda name, key, value, where: _split_switch(hal, name, key, value, where))


def _ha_services(hal, value, where):
    for service, block, here in entries(value, where):
        if service not in ("clouddriver", "echo") or not isinstance(block, dict):
            hal.report.dropped(here, "Halyard had HA splits for clouddriver and echo only.")
            continue
        if "enabled" in block:
            on = str(block["enabled"]).lower() == "true"
            deep(hal.values, ("ha", service, "enabled"), on)
            hal.report.mapped(f"{here}.enabled", f"ha.{service}.enabled")
        for key in sorted(set(block) - {"enabled"} - set(HA_ENDPOINTS), key=str):
            if block[key] in (None, "", False):
                continue
            if key == "disableClouddriverRoDeck":
                hal.report.human(f"{here}.{key}", "the chart always runs clouddriver-ro-deck when clouddriver is "
                                                  "split; Gate sends Deck's reads there.")
            else:
                hal.report.dropped(f"{here}.{key}", "not a Halyard HA setting.")


def _split_switch(hal, name, key, value, where):
    """A split's `enabled` or `skipLifeCycleManagement`: the chart runs every split of a service or none."""
    service = SPLITS[name][0]
    hal.report.human(where, f"{name} {'off' if key == 'enabled' else 'left alone by Halyard'} "
                            f"({key}: {said(value)}): the chart runs every split of `ha.{service}` or "
                            f"none; to stop one, scale it to zero (`ha.{service}.splits."
                            f"{SPLITS[name][1]}.replicas: 0`).", target=f"ha.{service}.enabled")
