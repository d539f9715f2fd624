"""migrate's passes (renderer/migrate/passes): each runs on its own over Halyard's facts, in the order
renderer/migrate/__init__.py documents, and what no pass read is dropped in one place."""
from __future__ import annotations

import re
from types import SimpleNamespace

import renderer.migrate
from renderer.migrate import passes
from renderer.migrate.passes import network, unread
from renderer.migrate.passes.facts import Halyard
from renderer.migrate.report import MigrationReport


def _facts(settings=None, environment=None) -> Halyard:
    hal_dir = SimpleNamespace(raw={"deploymentEnvironment": environment or {}}, service_settings=settings or {},
                              service_settings_text={}, base=("deploymentConfigurations", 0))
    return Halyard(hal_dir, MigrationReport())


def test_the_documented_order_is_the_order_the_passes_run():
    documented = re.findall(r"^   - `([a-z_]+)`:", renderer.migrate.__doc__, re.M)
    assert documented == [step.__name__.rsplit(".", 1)[-1] for step in passes.PASSES]


def test_a_pass_runs_on_its_own_and_what_it_read_is_not_dropped_again():
    hal = _facts({"gate": {"port": 8085, "healthEndpoint": "/health"}})
    network.run(hal)
    # clouddriver runs as the account its Halyard pod ran as: the namespace's default (network._accounts).
    assert hal.values == {"services": {"gate": {"port": 8085}, "clouddriver": {"serviceAccountName": "default"}}}
    assert [e.line() for e in hal.report.entries][0] == "mapped: service-settings/gate.yml: port -> services.gate.port"
    assert len(hal.report.entries) == 2 and "ServiceAccount default" in hal.report.entries[1].text
    unread.run(hal)
    assert [e.line() for e in hal.report.entries[2:]] == [
        "dropped: service-settings/gate.yml: healthEndpoint: the chart owns hosts, probes and schemes (scheme "
        "follows the halconfig's TLS)."]


def test_what_no_pass_read_is_dropped_with_why():
    hal = _facts({"gate": {"port": 8085, "kubernetes": {"serviceType": "LoadBalancer"}}, "nothing": {"a": 1}},
                 {"size": "LARGE", "someday": True})
    unread.run(hal)
    assert sorted(e.line() for e in hal.report.entries) == [
        "dropped: config: deploymentConfigurations[0].deploymentEnvironment.size: Halyard's size presets did not "
        "change the Kubernetes deployment; sizing is `services.<name>.resources`.",
        "dropped: config: deploymentConfigurations[0].deploymentEnvironment.someday: not a Halyard "
        "deploymentEnvironment setting migrate knows; check it by hand.",
        "dropped: service-settings/gate.yml: kubernetes.serviceType: the chart sets its own probes and rollout "
        "strategy (change them with `patches` if needed).",
        "dropped: service-settings/gate.yml: port: not a Halyard service setting migrate knows; check it by hand.",
        "dropped: service-settings/nothing.yml: 'nothing' is not a service the chart runs."]
