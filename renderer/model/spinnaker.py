"""`spinnaker.extensibility`: plugins and plugin repositories.

Every Java service reads its plugins from `spinnaker.extensibility` in its
own config (kork's PluginsConfigurationProperties); Deck loads its plugin
bundles through Gate, which serves the ones under
`spinnaker.extensibility.deck-proxy.plugins` in gate's config. kleat writes
none of it; the renderer writes it into each service a plugin is for
(`renderer.translate._common.with_plugins`).
"""
from ..service_facts import JAVA_SERVICES
from .dsl import Any, Bool, List, Map, Msg, Str, messages

# Where a plugin can be loaded: the Java services, and Deck (through Gate's deck-proxy).
PLUGIN_SERVICES = (*sorted(JAVA_SERVICES), "deck")


def _known_services(plugin):
    unknown = [s for s in plugin.get("services") or () if s not in PLUGIN_SERVICES]
    if unknown:
        return "services", (f"names {', '.join(map(repr, unknown))}, which is no Spinnaker service; "
                            f"a plugin loads in {', '.join(PLUGIN_SERVICES)}.")
    return None

message = messages("spinnaker")


PluginExtension = message(
    "PluginExtension", "Settings of one extension inside a plugin (the older way to configure plugins).",
    enabled=Bool("Whether the extension is active; true when unset."),
    config=Any("Free-form settings of the extension, as documented by the plugin; read by the services as "
               "spinnaker.extensibility.plugins.<plugin>.extensions.<extension>.config."),
)

Plugin = message(
    "Plugin", "One plugin, keyed by its plugin ID (e.g. Armory.RandomWaitPlugin).",
    checks=(_known_services,),
    enabled=Bool("Load the plugin; a listed plugin stays off unless this is true."),
    services=List(Str("A service that loads the plugin: a Java service's name, or `deck` for a plugin's Deck "
                      "bundle (served to Deck by Gate's deck-proxy). None listed: every Java service, as "
                      "Halyard wrote it (each loads only what the plugin's release declares for it). kleat "
                      "and Halyard lack this field; the services never read it.")),
    version=Str("Plugin release to download from the repositories, e.g. 1.1.14."),
    config=Any("Free-form settings of the plugin, as documented by the plugin. kleat lacks this field; the "
               "services read it as spinnaker.extensibility.plugins.<plugin>.config."),
    extensions=Map(Msg(PluginExtension, "Settings of one extension of the plugin, keyed by extension ID. kleat "
                                        "lacks this field; the services read "
                                        "spinnaker.extensibility.plugins.<plugin>.extensions.")),
    id=Str("Halyard's copy of the plugin ID.",
           halyard="Halyard repeated the map key here and never passed it on; dropped: the key is the ID."),
    uiResourceLocation=Str("Halyard's deprecated location of the plugin's Deck bundle.",
                           halyard="deprecated in Halyard and never passed on; dropped: Deck loads plugin bundles "
                                   "through Gate."),
)

Repository = message(
    "Repository", "A plugin repository: an index (plugins.json) listing plugins and their releases.",
    enabled=Bool("Whether the services use the repository; true when unset."),
    id=Str("Name of the repository; normally the same as its key."),
    url=Str("URL of the repository's plugins.json, e.g. "
            "https://raw.githubusercontent.com/example/spinnaker-plugins/main/plugins.json."),
)

Extensibility = message(
    "Extensibility", "Plugins to load and where to download them from. The services download plugins "
                     "when they start: under the default NetworkPolicies they may reach any address; with "
                     "`networkPolicy.egress` set, admit the repositories and the plugins' download URLs.",
    plugins=Map(Msg(Plugin, "A plugin, keyed by its plugin ID.")),
    repositories=Map(Msg(Repository, "A plugin repository, keyed by its name.")),
    enableDefaultRepositories=Bool("Also use the repositories of github.com/spinnaker/plugins; true when unset. "
                                   "Air-gapped installs set it to false."),
    strictPluginLoading=Bool("Refuse to start when a plugin fails to load; true when unset."),
    pluginsRootPath=Str("Directory the service downloads plugins to; unset: `plugins` under its working "
                        "directory (/opt/<service>/plugins), which the chart mounts writable. Elsewhere the "
                        "root filesystem is read-only unless you mount a volume there."),
)

Spinnaker = message(
    "Spinnaker", "Settings shared by all Spinnaker services.",
    extensibility=Msg(Extensibility, "Plugins and plugin repositories."),
)
