"""Spring `${NAME}` placeholders a service's config uses and nothing in its pod defines.

Spring resolves `${name}` in a property's value when it binds it, and leaves one it cannot resolve as
the literal text: a Slack token written `${SLACK_TOKEN}` with no SLACK_TOKEN in echo's environment
starts echo with the text `${SLACK_TOKEN}` as its token, and every message fails. A name is defined
for a service by its pod (the main container's env after the post-renderer wired the user's Secrets
and the `patches` ran, `envFrom` of a ConfigMap or Secret whose keys are known, a `-Dname=` in the
JVM's options), by a property of its own config files under relaxed binding (`${jenkins.password}`,
`${services.keel.base-url}` for `services.keel.baseUrl`: runtime.spring), by the environment variable
relaxed binding maps to it (JENKINS_PASSWORD), by the JVM or kork itself (ALWAYS_DEFINED), or by a
default (`${NAME:default}`). A pod whose `envFrom` names an object the release does not hold may
define anything, so it is not judged.

Not placeholders: `${...}` whose content is no property name (`${parameterValues['x']}`,
`${#stage('s')}`, `${ execution.id }`: SpEL, which Spring leaves alone), and everything under the
settings that hold pipeline stage definitions orca evaluates as SpEL when the stage runs
(EXPRESSIONS). The service starts either way: each finding is a warning with the fix.
"""
from __future__ import annotations

from .findings import warning
from .spring import env_forms, located_in, name_parts

_NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-[]")
# Settings whose values are pipeline stage definitions: orca copies them into a stage's context and
# evaluates their `${...}` as pipeline expressions when the stage runs (orca-webhook WebhookProperties,
# @ConfigurationProperties("webhook") `preconfigured`; orca-clouddriver JobConfigurationProperties,
# @ConfigurationProperties("job.preconfigured"); spinnaker-release-2026.2.3).
EXPRESSIONS = {"orca": (("webhook", "preconfigured"), ("job", "preconfigured"))}
# Defined in every pod: the JVM's standard system properties, kork's defaults
# (kork-config DefaultPropertiesBuilder), Spring's `random.*`, and env the image or the kubelet sets.
ALWAYS_DEFINED = {name_parts(n) for n in (
    "user.home", "user.dir", "user.name", "java.home", "java.version", "java.io.tmpdir", "os.name", "os.arch",
    "file.separator", "line.separator", "path.separator", "netflix.environment", "netflix.account",
    "netflix.stack", "spring.application.name", "spring.config.name", "spring.profiles.active")}
ALWAYS_SET_ENV = {"HOME", "HOSTNAME", "PATH", "JAVA_HOME"}
NOT_SPRING = ("spinnaker-monitoring.yml", "spinnaker-monitoring-registry.yml")


def may_hold_placeholder(text: str) -> bool:
    """`"${" in text`, with the one-character search (at memory speed) first: the two-character one
    is a hundred times slower on a large config without a `$`."""
    return "$" in text and "${" in text


def _properties(data, prefix=(), out=None) -> set:
    """Every property (uniform name parts) a file's data sets, and each prefix of one."""
    out = set() if out is None else out
    if isinstance(data, dict):
        for key, value in data.items():
            parts = prefix + name_parts(str(key))
            out.add(parts)
            _properties(value, parts, out)
    return out


def _placeholders(text: str):
    """The names of the Spring placeholders without a default in one string: `${name}` whose name is a
    property name (anything else is an expression, or has a default after `:`)."""
    at = text.find("${")
    while at >= 0:
        end = text.find("}", at + 2)
        if end < 0:
            return
        content = text[at + 2:end]
        if content and (content[0].isalpha() or content[0] == "_") and _NAME_CHARACTERS.issuperset(content):
            yield content
        at = text.find("${", at + 2)


def _system_properties(text: str):
    """The names a JVM option string sets with -Dname[=value]."""
    for token in text.split():
        if token.startswith("-D") and len(token) > 2:
            yield token[2:].split("=", 1)[0]


def check(release, pods) -> list:
    from ..service_facts import SERVICES

    by_service: dict = {}
    for pod in pods:
        if pod.container is not None and getattr(SERVICES.get(pod.service), "java", False):
            by_service.setdefault(pod.service, []).append(pod)
    found = []
    for service in sorted(by_service):
        found += _service(service, by_service[service], release)
    return found


def _service(service, pods, release) -> list:
    files = release.files.get(service) or {}
    texts = release.texts.get(service) or {}
    used = [(name, data) for name, data in sorted(files.items())
            if isinstance(data, dict) and name not in NOT_SPRING and may_hold_placeholder(texts.get(name, "${"))]
    if not used:
        return []
    env = set(ALWAYS_SET_ENV)
    options = []
    for pod in pods:
        for kind, name, prefix in pod.env_from:
            keys = release.object_keys.get((kind, name))
            if keys is None:
                return []  # a ConfigMap or Secret the release does not hold: it may define anything
            env |= {prefix + key for key in keys}
        env |= set(pod.env)
        options += [value for var, value in pod.env.items() if value and var.endswith(("OPTIONS", "_OPTS"))]
    system = {name_parts(m) for text in options for m in _system_properties(text)}
    properties = None  # every property the files set, collected only when a placeholder needs it
    skipped = EXPRESSIONS.get(service, ())
    found = []
    for file_name, data in used:
        for path, text in located_in(release, data, "${"):
            names = list(_placeholders(text))
            if not names or (skipped and name_parts(path)[:2] in skipped):
                continue
            for name in names:
                parts = name_parts(name)
                if name in env or env & env_forms(name) or parts in ALWAYS_DEFINED or parts in system:
                    continue
                if properties is None:
                    properties = set()
                    for other in files.values():
                        _properties(other, (), properties)
                if parts in properties:
                    continue
                variable = sorted(env_forms(name))[0]
                found.append(warning(
                    # The placeholder only, never the whole value: it may hold a credential beside it.
                    "", f"{service}'s {file_name}: {path} uses ${{{name}}}, but nothing in {service}'s pod "
                        f"defines {name}: {service} starts with the literal text there.",
                    f"Add a secrets.env entry {{name: {variable}, secretName: ..., key: ...}}, set it in "
                    f"services.{service}.env, or give {name} in profiles.{service}."))
    return found
