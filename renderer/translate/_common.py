"""Small helpers shared by the per-service translations."""
from __future__ import annotations


def get(data, *keys):
    """Walk nested mappings; None as soon as a key is missing."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def pick(**items) -> dict:
    """A mapping of the items that are set (kleat writes nothing for an unset message)."""
    return {k: v for k, v in items.items() if v is not None}


def enabled_setting(flag) -> dict | None:
    """`services.<name>.enabled` the way kleat writes it: only when switched on."""
    return {"enabled": True} if flag is True else None


def with_plugins(translation):
    """Add `spinnaker.extensibility` (plugins and plugin repositories) to a Java
    service's config. Every kork-based service reads it from its own config;
    kleat drops it, which silently disables plugins."""
    def translate_with_plugins(hal: dict, release) -> dict:
        out = translation(hal, release)
        extensibility = get(hal, "spinnaker", "extensibility")
        if extensibility is None:
            return out
        out = dict(out)
        out["spinnaker"] = dict(out.get("spinnaker") or {}, extensibility=extensibility)
        return out

    translate_with_plugins.__name__ = translation.__name__
    translate_with_plugins.__doc__ = translation.__doc__
    return translate_with_plugins
