"""rosco.yml: the providers rosco bakes images for."""
from ..releases import Release
from ._common import pick

# kleat's baking providers, plus tencentcloud (kleat lacks it; rosco reads it).
BAKING_PROVIDERS = ("google", "aws", "azure", "huaweicloud", "oracle", "tencentcloud")


def rosco(hal: dict, release: Release) -> dict:
    providers = hal.get("providers") or {}
    return pick(**{name: providers.get(name) for name in BAKING_PROVIDERS})
