"""spinnaker-monitoring.yml: the monitoring daemon's metric stores."""
from ..releases import Release
from ._common import get, pick

STORES = ("datadog", "newrelic", "prometheus", "stackdriver")


def monitoring(hal: dict, release: Release) -> dict:
    stores = hal.get("metricStores") or {}
    enabled = [name for name in STORES if get(stores, name, "enabled") is True]
    return pick(**{name: stores.get(name) for name in STORES},
                monitor=pick(period=stores.get("period"), metric_store=enabled or None))
