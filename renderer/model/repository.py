"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message


# kleat: Artifactory service search configuration.
Artifactory_Search = message(
    "Artifactory_Search", "",
    # kleat: Name of the search.
    name=Str(""),
    # kleat: The base URL at which your Artifactory search is reachable.
    baseUrl=Str(""),
    # kleat: The repo in your Artifactory to be searched.
    repo=Str(""),
    # kleat: The group ID in your Artifactory to be searched.
    groupId=Str(""),
    # kleat: The package type of repo in your Artifactory to be searched. Defaults to `MAVEN`.
    repoType=Str(""),
    # kleat: The username of the Artifactory user to authenticate as.
    username=Str(""),
    # kleat: The password of the Artifactory user to authenticate as.
    password=Str(""),
)

# kleat: Artifactory repository integration.
Artifactory = message(
    "Artifactory", "",
    # kleat: Whether the Artifactory integration is enabled.
    enabled=Bool(""),
    # kleat: Artifactory service search configuration.
    searches=List(Msg(Artifactory_Search, "")),
)

# kleat: Repository integrations.
Repository = message(
    "Repository", "",
    # kleat: Artifactory repository integration.
    artifactory=Msg(Artifactory, ""),
)
