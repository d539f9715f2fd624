"""fiat.yml: authorization."""
from ._common import get, pick


def fiat(hal: dict) -> dict:
    return pick(auth=get(hal, "security", "authz"))
