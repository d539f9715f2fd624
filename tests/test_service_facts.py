"""The service facts table (renderer/service_facts.py): one home, read by the chart and the renderer."""
from __future__ import annotations

import json
import os
import shutil
import sys

import pytest
import yaml

from conftest import ROOT

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from renderer import service_facts  # noqa: E402
from renderer.postrender.configset import ConfigSet  # noqa: E402

CHART = os.path.join(ROOT, "charts", "spinnaker")


def test_the_charts_copy_is_the_table():
    with open(os.path.join(ROOT, service_facts.CHART_FILE), encoding="utf-8") as handle:
        assert json.load(handle) == service_facts.FACTS, "stale: run python3 scripts/generate.py"


def test_the_table_is_consistent():
    from renderer.translate import OUTPUTS

    translated = {service for service, _ in OUTPUTS.values()}
    for name, facts in service_facts.SERVICES.items():
        assert name in translated, f"{name} has no translate function"
        assert facts.java == bool(facts.health), name  # Java services have /health; Deck is probed by TCP
        profiles = {p for split in facts.splits for p in split.profiles}
        assert not facts.splits or facts.primary_split in profiles, name
        assert set(facts.split_settings) | set(facts.read_replica_profiles) <= profiles, name
        for source in facts.helm_profile.values():
            if source.startswith("split:"):
                _, of, profile = source.split(":")
                assert profile in {p for s in service_facts.SERVICES[of].splits for p in s.profiles}, (name, source)
        if facts.needs_sql:
            assert facts.sql and "bundledSql" in facts.helm_profile.values(), name


def test_the_values_have_a_key_per_split():
    """`ha.<service>.<key>` (replicas) and `ha.<service>.resources.<key>` are declared in the values model."""
    from renderer.generate.values_model import Ha

    with_splits = {name: facts for name, facts in service_facts.SERVICES.items() if facts.splits}
    assert set(Ha.fields) == set(with_splits)
    for name, facts in with_splits.items():
        ha = Ha.fields[name].target
        keys = [split.key for split in facts.splits]
        assert set(keys) <= set(ha.fields), name
        assert list(ha.fields["resources"].target.fields) == keys, name


def test_a_misspelt_fact_is_refused():
    with pytest.raises(ValueError, match="unknown keys"):
        service_facts._service("x", dict(service_facts.FACTS["services"]["orca"], prot=1))
    with pytest.raises(ValueError, match="helmProfile source"):
        service_facts._service("x", dict(service_facts.FACTS["services"]["orca"], helmProfile={"a": "gatepath"}))


def test_every_service_says_whether_it_may_be_autoscaled():
    orca = service_facts.FACTS["services"]["orca"]
    with pytest.raises(ValueError, match="no scales fact"):
        service_facts._service("x", {k: v for k, v in orca.items() if k != "scales"})
    for wrong in (False, "", 1):
        with pytest.raises(ValueError, match="must be true or the reason"):
            service_facts._service("x", dict(orca, scales=wrong))
    with pytest.raises(ValueError, match="unknown keys"):
        service_facts._service("x", dict(service_facts.FACTS["services"]["echo"], splits=[
            {"name": "echo-worker", "profiles": ["worker"], "key": "worker", "scale": True}]))
    echo = service_facts.SERVICES["echo"]
    # The cron scheduler never scales; the worker split does, the scheduler split inherits echo's reason.
    assert "cron" in echo.no_scale_reason
    assert {s.name: s.no_scale_reason for s in echo.splits} == {"echo-scheduler": echo.no_scale_reason,
                                                              "echo-worker": ""}
    assert {name for name, facts in service_facts.SERVICES.items() if facts.no_scale_reason} == {"echo", "igor", "rosco"}


def test_every_enable_rule_reaches_the_reference():
    from renderer.generate.halconfig_reference import halconfig_reference

    text = halconfig_reference()
    for name, facts in service_facts.SERVICES.items():
        sentence = f"The chart runs {name} when this is true"
        # igor: one sentence per CI system plus dockerRegistry
        assert (text.count(sentence) >= len(facts.enabled_when)) if facts.enabled_when else sentence not in text
    assert text.count("The chart runs igor when this is true") > len(service_facts.SERVICES["igor"].enabled_when)


def test_the_renderer_reads_the_helm_profile_declaration(monkeypatch):
    bundle = {"services": {"orca": {"service": "orca", "host": "orca", "port": 8083}},
              "expose": {"gatePath": "/api/v1"}}
    assert ConfigSet(bundle, {}, {}).helm_profile("orca") == {}  # no clouddriver-ro split runs
    monkeypatch.setitem(service_facts.SERVICES, "orca", service_facts.SERVICES["orca"]._replace(
        helm_profile={"server.servlet.context-path": "gatePath"}))
    assert ConfigSet(bundle, {}, {}).helm_profile("orca") == {"server": {"servlet": {"context-path": "/api/v1"}}}


def test_the_chart_reads_the_table(tmp_path):
    helm_python = pytest.importorskip("helm_python", reason="helm-python-sdk provides Helm's template engine")
    chart = tmp_path / "spinnaker"
    shutil.copytree(CHART, chart)
    facts = json.loads(json.dumps(service_facts.FACTS))
    facts["monitoringDaemon"]["port"] = 9123
    facts["services"]["igor"]["enabledWhen"] = ["canary.serviceIntegrations.*.enabled"]
    facts["services"]["rosco"]["redis"] = False
    (chart / "files" / "services.json").write_text(json.dumps(facts))
    values = {"halconfig": {"metricStores": {"datadog": {"enabled": True}},
                            "canary": {"serviceIntegrations": {"prometheus": {"enabled": True}}}}}
    with helm_python.Chart.load(str(chart)) as loaded:
        rendered = loaded.render(values, name="spin", namespace="spinnaker", is_install=True)
    objs = [d for path, text in rendered.items() if not path.endswith("NOTES.txt")
            for d in yaml.safe_load_all(text) if d]
    deployments = {d["metadata"]["name"]: d for d in objs if d["kind"] == "Deployment"}
    assert "spin-spinnaker-igor" in deployments  # the changed enable rule
    containers = {c["name"]: c for c in deployments["spin-spinnaker-orca"]["spec"]["template"]["spec"]["containers"]}
    assert containers["monitoring-daemon"]["ports"][0]["containerPort"] == 9123
    env = {e["name"] for e in deployments["spin-spinnaker-rosco"]["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert "SPINNAKER_REDIS_PASSWORD" not in env
    env = {e["name"] for e in deployments["spin-spinnaker-orca"]["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert "SPINNAKER_REDIS_PASSWORD" in env
