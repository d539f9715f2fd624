"""migrate's passes over Halyard's facts, in the order they run (renderer.migrate says each one's contract)."""
from __future__ import annotations

from . import (cabundle, deployment, env, ha, images, jvm, network, pods, probes, profiles, redis, release,
               scheduling, secrets, servicenames, sizing, stores, unread)

PASSES = (release, deployment, ha, images, sizing, scheduling, pods, env, jvm, probes, redis, network, profiles,
          stores, cabundle, servicenames, unread, secrets)


def run(hal) -> None:
    for step in PASSES:
        step.run(hal)
