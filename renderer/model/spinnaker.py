"""`spinnaker.extensibility`: plugins and plugin repositories.

Every Java service reads its plugins from `spinnaker.extensibility` in its
own config. Neither kleat nor this renderer writes this block into any
service config yet; it is checked and kept in the normalized halconfig.
"""
from .dsl import Any, Bool, Map, Msg, Str, messages

message = messages("spinnaker")


PluginExtension = message(
    "PluginExtension", "Settings of one extension inside a plugin (the older way to configure plugins).",
    enabled=Bool("Whether the extension is active; true when unset."),
    config=Any("Free-form settings of the extension, as documented by the plugin; read by the services as "
               "spinnaker.extensibility.plugins.<plugin>.extensions.<extension>.config."),
)

Plugin = message(
    "Plugin", "One plugin, keyed by its plugin ID (e.g. Armory.RandomWaitPlugin).",
    enabled=Bool("Load the plugin; a listed plugin stays off unless this is true."),
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
    id=Str("Name of the repository; normally the same as its key."),
    url=Str("URL of the repository's plugins.json, e.g. "
            "https://raw.githubusercontent.com/example/spinnaker-plugins/main/plugins.json."),
)

Extensibility = message(
    "Extensibility", "Plugins to load and where to download them from.",
    plugins=Map(Msg(Plugin, "A plugin, keyed by its plugin ID.")),
    repositories=Map(Msg(Repository, "A plugin repository, keyed by its name.")),
)

Spinnaker = message(
    "Spinnaker", "Settings shared by all Spinnaker services.",
    extensibility=Msg(Extensibility, "Plugins and plugin repositories."),
)
