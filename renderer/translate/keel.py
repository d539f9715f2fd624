"""keel.yml: managed delivery, only when it is enabled."""
from ..releases import Release
from ._common import get, pick


def keel(hal: dict, release: Release) -> dict:
    if get(hal, "managedDelivery", "enabled") is not True:
        return {}
    sql = get(hal, "persistentStorage", "sql")
    keel_sql = None
    if get(sql, "enabled") is True:
        keel_sql = pick(enabled=True, connectionPools=pick(default=sql.get("default")),
                        migration=sql.get("migration"))
    return pick(sql=keel_sql, keel=get(hal, "managedDelivery", "keel"),
                eureka=get(hal, "managedDelivery", "eureka"))
