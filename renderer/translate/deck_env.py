"""deck.env: TLS settings for Deck's web server, as container environment."""
from ..releases import Release
from ._common import get, pick


def deck_env(hal: dict, release: Release) -> dict:
    ssl = get(hal, "security", "uiSecurity", "ssl") or {}
    if ssl.get("enabled") is not True:
        return {}
    return pick(DECK_CERT=ssl.get("sslCertificateFile") or None,
                DECK_KEY=ssl.get("sslCertificateKeyFile") or None,
                PASSPHRASE=ssl.get("sslCertificatePassphrase") or None)
