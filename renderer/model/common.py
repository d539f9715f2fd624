"""Small shared messages: account `permissions`, the `stats` block and the `features` flags."""
from .dsl import Bool, Int, List, Msg, Str, messages

message = messages("common")


Permissions = message(
    "Permissions", "Which roles may use an account; enforced by Fiat when authorization is enabled. A user "
                   "needs one of the listed roles.",
    READ=List(Str("A role allowed to see the account's resources, e.g. dev-team.")),
    WRITE=List(Str("A role allowed to change the account's resources (deploy, resize, delete).")),
    EXECUTE=List(Str("A role allowed to run pipelines that use the account.")),
)

StatsDeploymentMethod = message(
    "StatsDeploymentMethod", "How Halyard said Spinnaker was installed, for the usage report.",
    type=Str("The installer, e.g. halyard."),
    version=Str("The installer's version."),
)

Stats = message(
    "Stats", "Anonymous usage statistics that echo sends to the Spinnaker project.",
    enabled=Bool("Send usage statistics; echo sends them unless this is false."),
    instanceId=Str("Identifier of this installation in the reports; echo makes up a new one at each start when "
                   "unset."),
    endpoint=Str("Where reports are sent; leave unset for the project's collector (https://stats.spinnaker.io)."),
    readTimeoutMillis=Int("Read timeout for sending a report, in milliseconds (Halyard wrote 5000).",
                          halyard="Halyard stored echo's HTTP timeouts here; dropped, as kleat does: echo's own "
                                  "defaults (3000 ms connect, 5000 ms read) are the values Halyard wrote."),
    connectionTimeoutMillis=Int("Connect timeout for sending a report, in milliseconds (Halyard wrote 3000).",
                                halyard="Halyard stored echo's HTTP timeouts here; dropped, as kleat does: echo's "
                                        "own defaults (3000 ms connect, 5000 ms read) are the values Halyard "
                                        "wrote."),
    deploymentMethod=Msg(StatsDeploymentMethod, "The installer named in the reports.",
                         halyard="Halyard filled it in about itself; dropped: the renderer writes its own "
                                 "deploymentMethod to echo.yml."),
    spinnakerVersion=Str("The Spinnaker version named in the reports.",
                         halyard="Halyard copied the deployment's version here; dropped: the top-level version "
                                 "is written to echo.yml instead."),
)

Features = message(
    "Features", "Switches for optional Spinnaker features.",
    pipelineTemplates=Bool("Enable declarative pipeline templates (v1, the dcd-spec) in Orca and Deck."),
    chaos=Bool("Show Chaos Monkey settings in Deck; needs a running Chaos Monkey installation."),
    managedPipelineTemplatesV2UI=Bool("Show the pipeline templates v2 screens in Deck."),
    gremlin=Bool("Enable the Gremlin fault-injection stage (Gate's Gremlin integration)."),
    artifacts=Bool("Halyard's switch for artifact support.",
                   halyard="artifacts are always on since Spinnaker 1.20; dropped."),
    artifactsRewrite=Bool("Halyard's switch for the rewritten artifacts UI.",
                          halyard="the rewritten artifacts UI is the only one since Spinnaker 1.20; dropped."),
    mineCanary=Bool("Halyard's switch for the legacy (pre-Kayenta) canary stages in Deck.",
                    halyard="Halyard showed the legacy canary stages with it; dropped: canary analysis is "
                            "configured under `canary`."),
    infrastructureStages=Bool("Halyard's switch for infrastructure stages.",
                              halyard="these stages are always available since Spinnaker 1.20; dropped."),
    travis=Bool("Halyard's switch for the Travis stage.",
                halyard="the Travis stage is always available since Spinnaker 1.20; dropped."),
    wercker=Bool("Halyard's switch for the Wercker stage.",
                 halyard="the Wercker stage is always available since Spinnaker 1.20; dropped."),
    fiat=Bool("Halyard's legacy authorization switch.",
              halyard="Halyard ignored it and derived the setting from security.authz.enabled, as this renderer "
                      "does; dropped."),
    auth=Bool("Halyard's legacy authentication switch.",
              halyard="Halyard ignored it and derived the setting from security.authn, as this renderer does; "
                      "dropped."),
    entityTags=Bool("Halyard's legacy entity tags switch.",
                    halyard="Halyard ignored it; entity tags need clouddriver's Elasticsearch settings, which are "
                            "not part of the halconfig; dropped."),
    jobs=Bool("Halyard's legacy jobs switch.", halyard="Halyard ignored it; dropped."),
    appengineContainerImageUrlDeployments=Bool(
        "Halyard's legacy App Engine container image switch.", halyard="Halyard ignored it; dropped."),
)
