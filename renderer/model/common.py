"""TODO module doc."""
from .dsl import Bool, Enum, Flag, Int, IntValue, List, Map, Msg, Str, StrValue, message


# kleat: A Fiat permissions configuration object.
Permissions = message(
    "Permissions", "",
    # kleat: A user must have at least one of these roles in order to view this account's cloud resources.
    READ=List(Str("")),
    # kleat: A user must have at least one of these roles in order to make changes to this account's cloud resources.
    WRITE=List(Str("")),
    # kleat: A user must have at least one of these roles in order to execute pipelines.
    EXECUTE=List(Str("")),
)

# kleat: Configuration for optional collection of usage metrics.
Stats = message(
    "Stats", "",
    # kleat: Whether to send usage metrics. Defaults to true.
    enabled=Bool(""),
    # kleat: A unique ID representing this deployment of Spinnaker.
    instanceId=Str(""),
    # kleat: The endpoint to which usage metrics are sent. This should generally be left empty, in which case metrics are sent to the default endpoint.
    endpoint=Str(""),
)

# kleat: Feature flags
Features = message(
    "Features", "",
    # kleat: Enable pipeline template support. Read more at https://github.com/spinnaker/dcd-spec.
    pipelineTemplates=Bool(""),
    # kleat: Enable Chaos Monkey support. For this to work, you'll need a running Chaos Monkey deployment. See https://github.com/Netflix/chaosmonkey/wiki.
    chaos=Bool(""),
    # kleat: Enable managed pipeline templates v2 UI support.
    managedPipelineTemplatesV2UI=Bool(""),
    # kleat: Enable Gremlin fault-injection support.
    gremlin=Bool(""),
)
