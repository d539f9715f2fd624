"""clouddriver.yml: every cloud provider and artifact account."""
from ..releases import Release
from ._common import get, pick

# kleat's providers, then the ones kleat lacks but clouddriver still reads.
PROVIDERS = ("kubernetes", "google", "appengine", "aws", "azure", "cloudfoundry", "dcos",
             "dockerRegistry", "ecs", "huaweicloud", "oracle", "tencentcloud", "cloudrun")


def clouddriver(hal: dict, release: Release) -> dict:
    providers = hal.get("providers") or {}
    out = pick(**{name: providers.get(name) for name in PROVIDERS})
    return pick(**out, artifacts=get(hal, "artifacts"))
