"""`spinnaker-renderer plan`: what a values change or a Spinnaker release bump will do, before it happens.

Both sides go through the post-renderer's own code path (`side`), so the plan
shows the files the services will read: per service whether it rolls and the
keys that change (`diff`); for a release bump the halconfig keys whose place or
meaning changes and the one-time steps, from declared facts only (`bump`); the
state touched, and a refusal of changes that would lose data (`safety`); the workload fields
Kubernetes will not update, which make `helm upgrade` fail (`immutable`).
Exit codes follow diff: 0 no change, 2 changes, 1 refused or invalid; and 3: changes that
`helm upgrade` cannot make (Kubernetes refuses them), with the steps that can.
"""
from __future__ import annotations

from . import bump, diff, immutable, safety

EXIT_SAME, EXIT_INVALID, EXIT_CHANGES, EXIT_UPGRADE_REFUSED = 0, 1, 2, 3


class Plan:
    def __init__(self, old, new, migrated=()):
        self.old, self.new = old, new
        self.services = diff.compare(old, new)
        self.release_from, self.release_to = old.release, new.release
        hal = new.hal or {}
        self.keys = bump.key_changes(hal, old.release, new.release)
        self.steps = []
        if old.release != new.release:
            seen = set()
            for side in (old, new):
                for entry in bump.crossed(old.release, new.release, side.hal or hal, side.state):
                    if entry["id"] not in seen:
                        seen.add(entry["id"])
                        self.steps.append(entry)
            self.steps.sort(key=lambda e: tuple(int(p) for p in e["release"].split(".")))
        self.downgrade = new.release < old.release
        self.touched = safety.touched(old, new)
        self.refusals = safety.refusals(old, new, set(migrated))
        self.immutable = immutable.compare(old.fixed, new.fixed, new.namespace or old.namespace)
        # clouddriver's own-cluster RBAC: (before, after) when it changes.
        self.access = (old.access, new.access) if None not in (old.access, new.access) and \
            old.access != new.access else None

    @property
    def rolling(self) -> list:
        return [p for p in self.services.values() if p.rolls]

    @property
    def changed(self) -> bool:
        return bool(self.rolling) or self.release_from != self.release_to or self.state_changed or \
            bool(self.immutable) or bool(self.access) or any(p.other for p in self.services.values())

    @property
    def state_changed(self) -> bool:
        """A stateful part changes (facts a rendered release does not say, None, are left out)."""
        a, b = self.old.state, self.new.state
        return any(a.get(k) != b.get(k) for k in set(a) | set(b) if a.get(k) is not None and b.get(k) is not None)

    @property
    def exit_code(self) -> int:
        if self.refusals:
            return EXIT_INVALID
        if self.immutable:
            return EXIT_UPGRADE_REFUSED
        return EXIT_CHANGES if self.changed else EXIT_SAME


def make_plan(old, new, migrated=()) -> Plan:
    return Plan(old, new, migrated)
