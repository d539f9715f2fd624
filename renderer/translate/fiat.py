"""fiat.yml: authorization."""
from ..releases import Release
from ._common import get, pick


def fiat(hal: dict, release: Release) -> dict:
    return pick(auth=get(hal, "security", "authz"))
