"""front50.yml: the persistent store for applications and pipelines."""
from ..releases import Release
from ._common import enabled_setting, get, pick

STORES = ("gcs", "azs", "oracle", "s3")


def front50(hal: dict, release: Release) -> dict:
    storage = hal.get("persistentStorage") or {}
    spinnaker = pick(**{name: storage.get(name) for name in STORES},
                     delivery=enabled_setting(get(hal, "managedDelivery", "enabled")))
    return {"spinnaker": spinnaker}
