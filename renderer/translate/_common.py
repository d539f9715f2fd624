"""Small helpers shared by the per-service translations."""
from __future__ import annotations

from ..model.walk import get, pruned, strings  # get: the translations import it from here
from ..releases import KLEAT, Span, UnsupportedRelease, halconfig_release


def release_name(hal: dict, release) -> str | None:
    """The Spinnaker version Deck shows and echo reports: the release the config is written for. The
    halconfig's own `version` only where it names that release, or where it names none and the
    translation is kleat's (the 1.x semantics kleat wrote it for: `master-latest-unvalidated`)."""
    version = hal.get("version")
    if not version:
        return None if release == KLEAT else str(release)
    try:
        return version if halconfig_release(version) == release else str(release)
    except UnsupportedRelease:
        return version if release == KLEAT else str(release)


def pick(**items) -> dict:
    """A mapping of the items that are set (kleat writes nothing for an unset message)."""
    return {k: v for k, v in items.items() if v is not None}


def enabled_setting(flag) -> dict | None:
    """`services.<name>.enabled` the way kleat writes it: only when switched on."""
    return {"enabled": True} if flag is True else None


def with_plugins(service: str, translation):
    """Add `spinnaker.extensibility` (plugins and plugin repositories) to a Java
    service's config: the plugins listed for it (a plugin's `services`), or every
    plugin that lists none. Every kork-based service reads it from its own config;
    kleat drops it, which silently disables plugins. Gate also gets the Deck
    plugins under `deck-proxy.plugins`, which is where it serves Deck's bundles from."""
    def translate_with_plugins(hal: dict, release) -> dict:
        out = translation(hal, release)
        extensibility = get(hal, "spinnaker", "extensibility")
        if extensibility is None:
            return out
        extensibility = plugins_for(service, extensibility)
        out = dict(out)
        out["spinnaker"] = dict(out.get("spinnaker") or {}, extensibility=extensibility)
        return out

    translate_with_plugins.__name__ = translation.__name__
    translate_with_plugins.__doc__ = translation.__doc__
    return translate_with_plugins


def plugins_for(service: str, extensibility: dict) -> dict:
    """`extensibility` as `service` reads it (the `services` lists are the renderer's, not Spinnaker's)."""
    plugins = extensibility.get("plugins")
    if not isinstance(plugins, dict) or not any(isinstance(p, dict) and "services" in p for p in plugins.values()):
        return extensibility
    own, deck = {}, {}
    for plugin_id, plugin in plugins.items():
        listed = plugin.get("services") if isinstance(plugin, dict) else None
        if listed is None or service in listed:
            own[plugin_id] = {k: v for k, v in plugin.items() if k != "services"}
        if listed is not None and "deck" in listed:
            deck[plugin_id] = {k: plugin[k] for k in ("enabled", "version") if k in plugin}
    out = {k: v for k, v in extensibility.items() if k != "plugins"}
    if own:
        out["plugins"] = own
    if service == "gate" and deck:
        out["deck-proxy"] = {"enabled": True, "plugins": deck}
    return out


def for_release(msg, data, release):
    """`data` (normalized under message `msg`) without the fields `release`'s
    services do not read (their `reads` cover other releases), so no
    translation that copies a section whole writes a key its release ignores.
    Fields read at another key are left to `_reads.place`."""
    def unread_in_place(field):
        return bool(field.reads) and all(read.key is None for read in field.reads) and not field.reads_for(release)

    return pruned(msg, data, ("for_release", release), unread_in_place)


# kork resolves `encrypted:k8s!n:<secret>!k:<key>` from the Kubernetes API
# since 2026.1.0, only where `spinnaker.secrets.kubernetes.enabled` is true.
KUBERNETES_SECRET_PREFIX = "encrypted:k8s!"
KUBERNETES_SECRETS = Span("2026.1.0")


def refers_to_kubernetes_secrets(data) -> bool:
    texts = strings(data)
    # One search of them all, each after a line break, finds every string that starts with the
    # prefix (and a few that only hold it after a line break): only then is each looked at.
    if "\n" + KUBERNETES_SECRET_PREFIX not in "\n" + "\n".join(texts):
        return False
    return any(text.startswith(KUBERNETES_SECRET_PREFIX) for text in texts)


def with_kubernetes_secrets(config: dict) -> dict:
    """A Java service's config, with kork's Kubernetes secret engine switched on
    when the config refers to a Secret (for a release that has the engine)."""
    if not refers_to_kubernetes_secrets(config):
        return config
    out = dict(config)
    spinnaker = dict(out.get("spinnaker") or {})
    secrets = dict(spinnaker.get("secrets") or {})
    secrets["kubernetes"] = dict(secrets.get("kubernetes") or {}, enabled=True)
    spinnaker["secrets"] = secrets
    out["spinnaker"] = spinnaker
    return out
