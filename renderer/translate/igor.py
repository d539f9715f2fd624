"""igor.yml: CI systems, artifact repositories and Docker registry polling."""
from ..releases import Release
from ._common import get, pick

CI_SYSTEMS = ("gcb", "codebuild", "concourse", "jenkins", "travis", "wercker")


def igor(hal: dict, release: Release) -> dict:
    ci = hal.get("ci") or {}
    docker = get(hal, "providers", "dockerRegistry")
    templates = get(hal, "artifacts", "templates")
    return pick(
        artifactory=get(hal, "repository", "artifactory"),
        nexus=get(hal, "repository", "nexus"),
        artifacts={"templates": templates} if templates is not None else None,
        dockerRegistry=pick(enabled=docker.get("enabled")) if docker is not None else None,
        **{name: ci.get(name) for name in CI_SYSTEMS},
    )
