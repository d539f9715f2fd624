"""rosco.yml: the providers rosco bakes images for."""
from ._common import pick

BAKING_PROVIDERS = ("google", "aws", "azure", "huaweicloud", "oracle")


def rosco(hal: dict) -> dict:
    providers = hal.get("providers") or {}
    return pick(**{name: providers.get(name) for name in BAKING_PROVIDERS})
