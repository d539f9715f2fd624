"""fiat.yml: authorization (`auth`, the halconfig's `security.authz`), with
only the fields the release reads (GitHub App group sync arrived in 2026.0)."""
from ..model.security import Authorization
from ..releases import Release
from ._common import get
from ._reads import place


def fiat(hal: dict, release: Release) -> dict:
    authz = get(hal, "security", "authz")
    if authz is None:
        return {}
    out: dict = {"auth": {}}
    place(Authorization, authz, release, out, ("auth",))
    return out
