"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message


# kleat: Spinnaker plugin flags
Plugin = message(
    "Plugin", "",
    # kleat: Whether plugin is enabled.
    enabled=Bool(""),
    # kleat: Plugin version to use.
    version=Str(""),
)

# kleat: Spinnaker plugin repository flags
Repository = message(
    "Repository", "",
    # kleat: unique repository name.
    id=Str(""),
    # kleat: URL of plugins.json file.
    url=Str(""),
)

# kleat: Extensibility flags
Extensibility = message(
    "Extensibility", "",
    # kleat: Map with the spinnaker plugins.
    plugins=Map(Msg(Plugin, "")),
    # kleat: Map with the plugin repositories.
    repositories=Map(Msg(Repository, "")),
)

# kleat: Spinnaker flags
Spinnaker = message(
    "Spinnaker", "",
    extensibility=Msg(Extensibility, ""),
)
