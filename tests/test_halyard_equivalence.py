"""`migrate` against what Halyard deployed: every real ~/.hal directory, per workload.

For each directory of ../shared/reference/real-world/hal-dirs (and this project's `OWN` ones under
tests/data/migrate), tests/halyard_deployer.py says what
Halyard's Kubernetes V2 deployer would have created (its facts with their halyard/ sources in
tests/data/halyard-deployer.yml); the same directory goes through `spinnaker-renderer migrate`
and real Helm 3 with the post-renderer (once per directory, shared with
tests/test_migrate_real_world.py). Per workload (service or HA split) the two are compared, and
every difference must be explained by a row of the migrate report that names the Halyard input,
a concrete values path and a reason.

What explains what is data: KINDS maps each difference kind to the report row that must explain
it (the row's `from` cell, the values path it must name, what its notes must say). A few things
the chart does otherwise by design and that change nothing a service sees are EQUIVALENCES, each
with its reason; nothing else is skipped.

EXPECTED_GAPS lists, per directory, the kinds with unexplained differences today: those tests are
strict xfails, so one that starts passing fails the run until its entry is removed.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

import pytest
import yaml

import halyard_deployer as hd
from conftest import ROOT, corpus_param, need_reference
from test_migrate_real_world import (CORPUS, CORPUS_DIRS, FIXTURES, _resolved, config_files,  # noqa: F401
                                     migrated_dir, rendered_by_helm, run_migrate)

from renderer.migrate.credentials import SECRET_NAME as CREDENTIALS
from renderer.runtime.jvm import quantity

# Differences the chart makes by design that no service can tell apart, each with why.
EQUIVALENCES = {
    "names": "the chart names objects <release>-spinnaker-<workload> where Halyard wrote spin-<workload>; "
             "URLs are compared by the workload they reach (the report's cut-over says how to keep spin-*)",
    "exec-wget-probe": "Halyard's default readiness probe execs `wget --spider <scheme>://localhost:<port><health>`; "
                       "an httpGet of the same scheme, port and path succeeds exactly when it does",
    "helm-profile": "the chart's own Spring profile `helm` (first, so every user file wins over it) carries what "
                    "Halyard's generated `overrides` profiles carried: the split URLs, compared as `endpoint`",
    "test-profile": "front50 and kayenta ran kork's default profiles `${netflix.environment},local`; Halyard wrote "
                    "no file for `test`, and a user file for it is compared as `config-file`",
    "additions": "annotations and labels the chart adds to Halyard's are additions; Halyard's own must all be there",
    "unset-account": "Halyard's pods without serviceAccountName ran as the namespace's `default` account; the "
                     "chart's accounts get their permissions from `rbac.*`, which the rbac checks judge",
    "unset-security-context": "Halyard set no securityContext unless service-settings gave runAsUser/fsGroup; the "
                              "chart's hardened one runs the image's own user",
    "broken-url": "a URL Halyard pointed at one of its own workloads that did not run (services.clouddriver under "
                  "HA for callers without an overrides profile) reached nothing; it is not compared",
}

VALUES_KEYS = sorted(k for k in yaml.safe_load(open(os.path.join(ROOT, "charts", "spinnaker", "values.yaml")))
                     if isinstance(k, str))
# A concrete values path: a top-level key of the chart's values, then no `<placeholder>`.
VALUES_PATH = re.compile(r"(?:" + "|".join(map(re.escape, VALUES_KEYS)) + r")(?:[.\[][^\s`'\"<>,;()]*)?")


@dataclass(frozen=True)
class Kind:
    """A kind of difference and the report row that explains one: its `from` cell matches `source`,
    it names a concrete values path matching `path`, and its notes (the reason) match `says`.
    Each pattern is formatted with the difference's fields ({workload}, {service}, {what},
    {halyard}, {settings}, {deployment})."""
    halyard: str           # what Halyard did, with its source
    source: str
    path: str
    says: str = r"\w"


# The settings file Halyard read for the workload (a split reads only its own), or, when it has none,
# the service's, whose settings migrate may have applied to it.
_SETTINGS = r"service-settings/{settings}\.yml"
_ENV = r"deploymentConfigurations\[\d+\]\.deploymentEnvironment"
_SERVICE_PATH = r"(?:services\.{service}|ha\.{service})\b"
KINDS = {
    "workload-set": Kind("KubectlDeployer deploys each enabled workload (facts `enabled`)",
                         rf"{_ENV}\.haServices|{_SETTINGS}: (?:enabled|skipLifeCycleManagement|overrideBaseUrl)"
                         r"|security\.authz|canary",
                         _SERVICE_PATH + r"|redis\b"),
    "release": Kind("Halyard generated every file for the deployment's `version` (profile factories)",
                    r"deploymentConfigurations\[\d+\]\.version$", r"spinnaker\.version", r"{halyard}"),
    "image": Kind("KubernetesService.getArtifactId: artifactId, else the release's own image",
                  _SETTINGS + r": artifactId", _SERVICE_PATH),
    # A kept vendor build ran, under Halyard, the config Halyard wrote for its release; the row must say
    # which release the build is of (not merely carry the version inside the image reference).
    "image-release": Kind("a vendor artifactId ran Halyard's config of its own release",
                          _SETTINGS + r": artifactId", _SERVICE_PATH,
                          r"(?i)\brelease\b[^`]*\b{halyard_release}\b|\b{halyard_release}\b[^`:]*\brelease\b"),
    "port": Kind("facts `port` or service-settings `port`", _SETTINGS + r": port", _SERVICE_PATH),
    "replicas": Kind("customSizing[spin-<workload>].replicas, else service-settings targetSize",
                     rf"customSizing\.spin-{{workload}}|{_SETTINGS}: targetSize", _SERVICE_PATH),
    "java-opts": Kind("service-settings env.JAVA_OPTS, else -XX:MaxRAMPercentage=50.0 "
                      "(KubernetesV2Service.buildServiceSettings)",
                      _SETTINGS + r": env(?:\.JAVA_OPTS)?$", _SERVICE_PATH, r"JAVA_OPTS|javaOpts|heap|MaxRAMPercentage"),
    "env": Kind("service-settings env, key by key (ServiceSettings.mergePreferThis)",
                _SETTINGS + r": env(?:\.{what})?$", r".", r"\w"),
    "spring-profiles": Kind("SpringService.getActiveSpringProfiles, or service-settings env.SPRING_PROFILES_ACTIVE",
                            _SETTINGS + r": env(?:\.SPRING_PROFILES_ACTIVE)?$", _SERVICE_PATH + r"|profiles\."),
    "resources": Kind("customSizing[<workload>], else [spin-<workload>]: requests and limits only "
                      "(KubernetesV2Service.buildContainer)",
                      rf"{_ENV}\.customSizing(?:\.(?:spin-)?{{workload}}\b.*)?$",
                      _SERVICE_PATH + r"\S*resources|serviceDefaults\.resources", r"{what}"),
    "tolerations": Kind("deploymentEnvironment.tolerations[spin-<workload>], else [<service>]",
                        rf"{_ENV}\.tolerations", _SERVICE_PATH),
    "affinity": Kind("deploymentEnvironment.affinity[spin-<workload>], else [<service>]",
                     rf"{_ENV}\.affinity", _SERVICE_PATH),
    "node-selector": Kind("service-settings kubernetes.nodeSelector only", _SETTINGS + r": kubernetes",
                          _SERVICE_PATH),
    "host-aliases": Kind("deploymentEnvironment.hostAliases[spin-<workload>], else [<service>]",
                         rf"{_ENV}\.hostAliases", _SERVICE_PATH),
    "init-containers": Kind("deploymentEnvironment.initContainers[spin-<workload>], else [<service>]",
                            rf"{_ENV}\.initContainers", _SERVICE_PATH),
    "sidecars": Kind("deploymentEnvironment.sidecars[spin-<workload>], else [<service>]; the monitoring daemon "
                     "when a metric store is on", rf"{_ENV}\.sidecars|metricStores", _SERVICE_PATH + r"|monitoringDaemon"),
    "volumes": Kind("service-settings kubernetes.volumes, mounted in the service's container",
                    _SETTINGS + r": kubernetes(?:\.volumes)?", _SERVICE_PATH),
    "service-account": Kind("service-settings kubernetes.serviceAccountName", _SETTINGS + r": kubernetes",
                            _SERVICE_PATH + r"|rbac\."),
    "image-pull-secrets": Kind("service-settings kubernetes.imagePullSecrets on the pod", _SETTINGS + r": kubernetes",
                               _SERVICE_PATH + r"|serviceDefaults\.|spinnaker\."),
    "pod-metadata": Kind("service-settings kubernetes.podAnnotations/podLabels on the pod template",
                         _SETTINGS + r": kubernetes", _SERVICE_PATH),
    "service": Kind("service-settings kubernetes.serviceType/nodePort/serviceAnnotations/serviceLabels",
                    _SETTINGS + r": kubernetes", _SERVICE_PATH + r"|expose\."),
    "security-context": Kind("service-settings kubernetes.securityContext (runAsUser, fsGroup)",
                             _SETTINGS + r": kubernetes", _SERVICE_PATH + r"|serviceDefaults\."),
    "strategy": Kind("service-settings kubernetes.deploymentStrategy", _SETTINGS + r": kubernetes",
                     _SERVICE_PATH + r"|patches"),
    "readiness-probe": Kind("KubernetesV2Service.getProbe: tcpSocket / exec (default wget, or "
                            "customHealthCheckExecCommands) / httpGet",
                            _SETTINGS + r": (?:kubernetes|healthEndpoint|scheme)", _SERVICE_PATH + r"|patches",
                            # the reason must be about where the probe goes, not only that the chart has its own
                            r"\bport\b|\bpath\b|scheme|HTTPS|/health|\b\d{{4,5}}\b"),
    "liveness-probe": Kind("a liveness probe only with livenessProbeConfig.enabled and initialDelaySeconds",
                           rf"{_ENV}\.livenessProbeConfig", r"patches|" + _SERVICE_PATH),
    "grace": Kind("terminationGracePeriodSeconds: clouddriver 720, every other service 60 "
                  "(KubernetesV2ClouddriverService / KubernetesV2Service)", r".", _SERVICE_PATH + r"|serviceDefaults\.",
                  r"terminationGracePeriodSeconds|grace"),
    "scheme": Kind("the service's scheme: service-settings `scheme`, or https with apiSecurity/uiSecurity ssl",
                   _SETTINGS + r": scheme|security\.(?:api|ui)Security", _SERVICE_PATH + r"|halconfig\.security"),
    "endpoint": Kind("the URL a workload calls a peer by: spinnaker.yml, its overrides profile (split URLs), the "
                     "user's profiles on top", r"default/profiles/|" + _SETTINGS + r": overrideBaseUrl",
                     r"profiles\.{service}\b|services\.{what}\b|ha\.{what}\b"),
    "config-file": Kind("each user profile the workload mounts (SpringService.customProfileOutputPath) and reads "
                        "(its Spring profiles, kork's bootstrap)", r"{deployment}/profiles/{what}$",
                        r"profiles\.{service}|settingsLocalJs|\w+\.\w+"),
}


@dataclass(frozen=True)
class Difference:
    kind: str
    workload: str
    what: str                # the item: an env var, a resource, a file, ...
    halyard: object
    rendered: object

    def line(self):
        return f"{self.workload}: {self.kind} {self.what}: Halyard {self.halyard!r}, rendered {self.rendered!r}"


# --- the report ----------------------------------------------------------------------------------

_ROW = re.compile(r"^\| `?(.*?)`? \| (.*?) \| (.*) \|$")


def report_rows(report: str) -> list:
    """(from, to, notes) of every table row of the migrate report."""
    rows = []
    for line in report.splitlines():
        match = _ROW.match(line)
        if match and match.group(1) not in ("from", "---"):
            rows.append(tuple(part.strip().strip("`") if i < 2 else part.strip() for i, part in enumerate(match.groups())))
    return rows


def _expanded(frm: str) -> list:
    """The sources a row names: `service-settings/{deck,gate}.yml: artifactId` (one row said once for
    several files) is both `service-settings/deck.yml: artifactId` and `service-settings/gate.yml: ...`."""
    match = re.search(r"\{([^{}]*,[^{}]*)\}", frm)
    if not match:
        return [frm]
    return [one for part in match.group(1).split(",")
            for one in _expanded(frm[:match.start()] + part + frm[match.end():])]


def explained(diff: Difference, rows, context: dict) -> bool:
    """Whether a report row explains `diff` (KINDS)."""
    kind = KINDS[diff.kind]
    service = context["services"][diff.workload]
    fields = dict(context, workload=re.escape(diff.workload), what=re.escape(str(diff.what)),
                  settings=re.escape(diff.workload if diff.workload in context["settings"] else service),
                  service=re.escape(service),
                  halyard=re.escape(str(diff.halyard)))
    source = re.compile(kind.source.format(**fields))
    path = re.compile(kind.path.format(**fields))
    says = re.compile(kind.says.format(**fields))
    for frm, to, notes in rows:
        if not any(source.search(one) for one in _expanded(frm)):
            continue
        named = [to] + re.findall(r"`([^`]+)`", notes)
        paths = [p for p in named if VALUES_PATH.fullmatch(p) and path.match(p)]
        if paths and notes and says.search(notes):
            return True
    return False


# --- the rendered release ------------------------------------------------------------------------

def _component(obj):
    return (obj["metadata"].get("labels") or {}).get("app.kubernetes.io/component", "")


class Rendered:
    """The objects Helm rendered for one migrated directory, read per workload."""

    def __init__(self, objs, migration):
        self.objs, self.migration = objs, migration
        self.workloads = {_component(o): o for o in objs if o["kind"] in ("Deployment", "StatefulSet")}
        self.services = {o["metadata"]["name"]: o for o in objs if o["kind"] == "Service"}
        self.release = next((o["metadata"]["labels"].get("app.kubernetes.io/version") for o in self.workloads.values()),
                            None)

    def pod(self, workload):
        return self.workloads[workload]["spec"]["template"]

    def main(self, workload, service):
        return next(c for c in self.pod(workload)["spec"]["containers"] if c["name"] == service)

    def secret_value(self, ref):
        value = (self.migration.secrets.get(ref.get("name")) or {}).get(ref.get("key"))
        return value if value is not None else f"<secret {ref.get('name')}/{ref.get('key')}>"

    def env(self, workload, service) -> dict:
        """name -> value of the container's env, Secret references read from the Secrets migrate wrote
        and $(VAR) references expanded."""
        out = {}
        for var in self.main(workload, service).get("env") or []:
            if "value" in var:
                out[var["name"]] = str(var["value"])
            elif (var.get("valueFrom") or {}).get("secretKeyRef"):
                out[var["name"]] = self.secret_value(var["valueFrom"]["secretKeyRef"])
            else:
                out[var["name"]] = f"<{list((var.get('valueFrom') or {'?': 0}))[0]}>"
        return {k: re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", lambda m: out.get(m.group(1), m.group(0)), v)
                for k, v in out.items()}

    def files(self, service) -> dict:
        return config_files(self.objs, service)

    def component_of_host(self, host):
        service = self.services.get(host)
        return _component(service) if service else None


def _quantities(mapping):
    return {k: quantity(v) if quantity(v) is not None else str(v) for k, v in (mapping or {}).items()}


# --- the comparison ------------------------------------------------------------------------------

def compare(oracle: hd.HalyardDeployment, rendered: Rendered) -> list:
    """Every difference between Halyard's workloads and the rendered ones."""
    diffs = []
    running = oracle.running()
    spinnaker = {n for n in running if n != "redis"}
    rendered_spinnaker = {n for n in rendered.workloads if n in hd.WORKLOADS and n != "redis"}
    for name in sorted(spinnaker ^ rendered_spinnaker):
        diffs.append(Difference("workload-set", name, "runs", name in spinnaker, name in rendered_spinnaker))
    halyard_redis = "redis" in running
    if halyard_redis != ("redis" in rendered.workloads):
        diffs.append(Difference("workload-set", "redis", "runs", halyard_redis, "redis" in rendered.workloads))
    credentials = rendered.migration.secrets.get(CREDENTIALS, {})
    for name in sorted(spinnaker & rendered_spinnaker):
        diffs += _compare_workload(oracle, running[name], rendered, credentials)
    return diffs


def _compare_workload(oracle, w: hd.Workload, rendered: Rendered, credentials) -> list:
    diffs = []

    def differ(kind, what, halyard, got):
        if halyard != got:
            diffs.append(Difference(kind, w.name, what, halyard, got))

    pod = rendered.pod(w.name)
    spec = pod["spec"]
    main = rendered.main(w.name, w.service)
    env = rendered.env(w.name, w.service)

    differ("release", "config release", w.release, rendered.release)
    image = main["image"]
    if w.artifact_id:
        differ("image", "image", w.artifact_id, image)
        if image == w.artifact_id and rendered.release != w.release:
            diffs.append(Difference("image-release", w.name, "image", f"{image} with config of {w.release}",
                                    f"{image} with config of {rendered.release}"))
    elif not _release_image(image, w.service, rendered.release):
        # the chart's own image of its release follows `release`; any other image is a difference
        differ("image", "image", hd.image_of(w), image)

    differ("port", "containerPort", w.port, (main.get("ports") or [{}])[0].get("containerPort"))
    differ("replicas", "replicas", w.replicas, rendered.workloads[w.name]["spec"].get("replicas"))
    differ("grace", "terminationGracePeriodSeconds", w.grace, spec.get("terminationGracePeriodSeconds", 30))

    for var, value in sorted(w.env.items()):
        if var == "SPRING_PROFILES_ACTIVE":
            continue
        kind = "java-opts" if var == "JAVA_OPTS" else "env"
        if _url_key(oracle, value, None) is not None and var in env:
            # EQUIVALENCES["names"]: a URL is the workload it reaches
            differ(kind, var, _url_key(oracle, value, None), _url_key(oracle, env[var], rendered))
        else:
            differ(kind, var, value, env.get(var))
    if w.spring_profiles is not None:
        ours = [p for p in w.spring_profiles if not p.endswith("overrides") and p != "test"]
        theirs = [p for p in (env.get("SPRING_PROFILES_ACTIVE") or "").split(",") if p and p != "helm"]
        differ("spring-profiles", "SPRING_PROFILES_ACTIVE", ",".join(ours), ",".join(theirs))

    got = main.get("resources") or {}
    for part in ("requests", "limits"):
        mine, theirs = _quantities(w.resources.get(part)), _quantities(got.get(part))
        for res in sorted(set(mine) | set(theirs)):
            if mine.get(res) != theirs.get(res):
                differ("resources", f"{part}.{res}", (w.resources.get(part) or {}).get(res),
                       (got.get(part) or {}).get(res))

    differ("tolerations", "tolerations", w.tolerations or None, spec.get("tolerations") or None)
    differ("affinity", "affinity", w.affinity or None, spec.get("affinity") or None)
    differ("node-selector", "nodeSelector", w.node_selector or None, spec.get("nodeSelector") or None)
    differ("host-aliases", "hostAliases", w.host_aliases or None, spec.get("hostAliases") or None)
    differ("init-containers", "initContainers", [c.get("name") for c in w.init_containers] or None,
           [c.get("name") for c in spec.get("initContainers") or []] or None)

    containers = {c["name"]: c for c in spec["containers"] if c["name"] != w.service}
    for sidecar in w.sidecars:
        name = sidecar.get("name", "custom-sidecar")
        found = containers.get(name)
        differ("sidecars", name, sidecar.get("dockerImage"), found and found.get("image"))
    if w.monitoring_daemon:
        differ("sidecars", "monitoring-daemon", True, "monitoring-daemon" in containers)

    volumes = {v["name"]: v for v in spec.get("volumes") or []}
    mounts = {m["name"]: m.get("mountPath") for m in main.get("volumeMounts") or []}
    for volume in w.volumes:
        vid, vtype = str(volume.get("id")), str(volume.get("type", ""))
        source = volumes.get(vid) or {}
        named = {"secret": (source.get("secret") or {}).get("secretName"),
                 "configMap": (source.get("configMap") or {}).get("name"),
                 "persistentVolumeClaim": (source.get("persistentVolumeClaim") or {}).get("claimName"),
                 "emptyDir": vid if "emptyDir" in source else None}.get(vtype)
        differ("volumes", vid, f"{vtype} {vid} at {volume.get('mountPath')}",
               f"{vtype} {named} at {mounts.get(vid)}" if source else None)

    if w.service_account:
        differ("service-account", "serviceAccountName", w.service_account, spec.get("serviceAccountName"))
    pulled = {str(p.get("name")) for p in spec.get("imagePullSecrets") or []}
    for secret in w.image_pull_secrets:
        differ("image-pull-secrets", secret, True, secret in pulled)
    if w.node_port and service_of(rendered, w.name) is not None:
        differ("service", "nodePort", w.node_port,
               str(((service_of(rendered, w.name)["spec"].get("ports") or [{}])[0]).get("nodePort")))
    annotations = pod["metadata"].get("annotations") or {}
    labels = pod["metadata"].get("labels") or {}
    for key, value in sorted(w.pod_annotations.items()):
        differ("pod-metadata", f"annotation {key}", value, annotations.get(key))
    for key, value in sorted(w.pod_labels.items()):
        differ("pod-metadata", f"label {key}", value, labels.get(key))
    service = service_of(rendered, w.name)
    if service is not None:
        differ("service", "type", w.service_type, service["spec"].get("type", "ClusterIP"))
        for key, value in sorted(w.service_annotations.items()):
            differ("service", f"annotation {key}", value, (service["metadata"].get("annotations") or {}).get(key))
        for key, value in sorted(w.service_labels.items()):
            differ("service", f"label {key}", value, (service["metadata"].get("labels") or {}).get(key))
    if w.security_context:
        got_context = spec.get("securityContext") or {}
        for key in ("runAsUser", "fsGroup"):
            if key in w.security_context:
                differ("security-context", key, w.security_context[key], got_context.get(key))
    if w.deployment_strategy:
        differ("strategy", "strategy", w.deployment_strategy, rendered.workloads[w.name]["spec"].get("strategy"))

    differ("readiness-probe", "readinessProbe", _probe_key(w.readiness), _probe_key_k8s(main.get("readinessProbe")))
    differ("liveness-probe", "livenessProbe", _probe_key(w.liveness) if w.liveness else None,
           _probe_key_k8s(main.get("livenessProbe")))
    probe = (main.get("readinessProbe") or {}).get("httpGet")
    if probe and w.readiness.kind != "tcpSocket":
        differ("scheme", "scheme", w.scheme.lower(), str(probe.get("scheme", "HTTP")).lower())

    files = rendered.files(w.service)
    rendered_profiles = [p for p in (env.get("SPRING_PROFILES_ACTIVE") or "").split(",") if p]
    for rel, path in sorted(w.config_files.items()):
        differ("config-file", rel, "read", _rendered_file_state(w, rel, path, files, rendered_profiles, credentials))
    if w.spring_profiles and w.name in hd.WORKLOADS:
        diffs += _compare_endpoints(oracle, w, rendered, files, rendered_profiles)
    return diffs


def service_of(rendered, workload):
    return next((s for s in rendered.services.values() if _component(s) == workload), None)


def _rendered_file_state(w, rel, path, files, rendered_profiles, credentials):
    """"read" when the rendered config has `rel` with the same content and the workload reads it."""
    if rel not in files:
        return "absent"
    if not hd.reads_file(w.name, rel, rendered_profiles if w.spring_profiles else []):
        return "not read (its Spring profile is not active)"
    mine = open(path, encoding="utf-8", errors="replace").read()
    if rel.endswith(".js"):
        return "read" if files[rel] == mine else "changed"
    try:
        same = _resolved(yaml.safe_load(files[rel]), credentials) == hd.load(mine, rel, [])
    except Exception:  # noqa: BLE001  (not YAML: compared as text)
        same = files[rel] == mine
    return "read" if same else "changed"


def _compare_endpoints(oracle, w, rendered, files, rendered_profiles):
    diffs = []
    parsed = {}
    for name, text in files.items():
        try:
            parsed[name] = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
    order = hd.spring_profile_order(w.name, rendered_profiles)
    for base, (url, generated) in sorted(w.endpoints.items()):
        mine = hd.service_host(url)
        if mine is None:
            continue
        if generated and mine[1].startswith("spin-") and not oracle.workloads.get(mine[1][len("spin-"):], w).enabled:
            continue  # EQUIVALENCES["broken-url"]
        halyard = _url_key(oracle, url, None)
        theirs = hd.effective_property(parsed, order, f"services.{base}.baseUrl")
        got = _url_key(oracle, theirs, rendered)
        if got != halyard:
            diffs.append(Difference("endpoint", w.name, base, url, theirs))
    return diffs


def _release_image(image, service, release):
    """Whether `image` is the chart's own image of `service` for `release`."""
    name, _, tag = image.rsplit("/", 1)[-1].partition(":")
    return name == service and bool(release) and release in tag


def _url_key(oracle, url, rendered):
    """(scheme, workload or host, port) of a URL, the workload for a host that names one of the
    side's running workloads (Halyard's spin-<workload>, the release's Services); None if not a URL."""
    parsed = hd.service_host(url)
    if parsed is None:
        return None
    scheme, host, port = parsed
    if rendered is None:
        workload = host[len("spin-"):] if host.startswith("spin-") else None
        target = workload if workload in oracle.workloads and oracle.workloads[workload].enabled else host
    else:
        target = rendered.component_of_host(host) or host
    return scheme, target, port


def _probe_key(probe: hd.Probe | None):
    if probe is None:
        return None
    if probe.kind == "exec":
        command = probe.command or []
        url = command[-1] if command[:1] == ["wget"] and "--spider" in command else None
        parsed = re.match(r"^(https?)://localhost:(\d+)(/\S*)$", url or "")
        if parsed:  # EQUIVALENCES["exec-wget-probe"]
            return ("httpGet", parsed.group(1).upper(), int(parsed.group(2)), parsed.group(3))
        return ("exec", tuple(command))
    if probe.kind == "httpGet":
        return ("httpGet", probe.scheme, probe.port, probe.path)
    return ("tcpSocket", probe.port)


def _probe_key_k8s(probe):
    if not probe:
        return None
    if "httpGet" in probe:
        get = probe["httpGet"]
        return ("httpGet", str(get.get("scheme", "HTTP")).upper(), get.get("port"), get.get("path"))
    if "exec" in probe:
        return ("exec", tuple(probe["exec"].get("command") or ()))
    return ("tcpSocket", (probe.get("tcpSocket") or {}).get("port"))


# --- the cases -----------------------------------------------------------------------------------

_CASES: dict = {}


def case(name, request, tmp_path_factory, run_migrate):  # noqa: F811  (the fixture, passed in)
    """(oracle, differences, unexplained differences) of one directory: one migrate and one Helm 3
    render, shared with tests/test_migrate_real_world.py."""
    if name not in OWN:
        need_reference()
    if name not in _CASES:
        hal_dir = os.path.join(FIXTURES if name in OWN else CORPUS, name)
        migration = migrated_dir(hal_dir, tmp_path_factory, run_migrate)
        objs = rendered_by_helm(migration, 3, request, tmp_path_factory)
        oracle = hd.deployment(hal_dir)
        diffs = compare(oracle, Rendered(objs, migration))
        rows = report_rows(migration.report)
        context = {"deployment": re.escape(oracle.name), "halyard_release": re.escape(oracle.version),
                   "services": {n: f["base"] for n, f in hd.WORKLOADS.items()}, "settings": set(oracle.settings)}
        unexplained = [d for d in diffs if not explained(d, rows, context)]
        _CASES[name] = (oracle, diffs, unexplained)
    return _CASES[name]


# This project's directories of what the corpus lacks (docs/migrate.md's walkthroughs): services serving TLS
# with client certificates, stores in ~/.hal; dynamic accounts from git.
OWN = ("tls", "dynamic-accounts")

# Per directory, the kinds with unexplained differences today (see the module docstring): what differs
# and why no report row explains it. Remove an entry when its test XPASSes. None today: every difference
# is carried over or explained by a report row.
EXPECTED_GAPS: dict = {}


def _params():
    for name in CORPUS_DIRS + list(OWN):
        for kind in KINDS:
            gap = EXPECTED_GAPS.get(name, {}).get(kind)
            if gap:
                yield pytest.param(name, kind, marks=[pytest.mark.xfail(strict=True, raises=AssertionError, reason=gap)],
                                   id=f"{name}-{kind}")
            else:
                yield corpus_param(name, kind, id=f"{name}-{kind}")


@pytest.mark.parametrize("name,kind", list(_params()))
def test_every_difference_from_halyard_is_reported_with_its_reason(name, kind, request, tmp_path_factory,
                                                                   run_migrate):  # noqa: F811
    _, _, unexplained = case(name, request, tmp_path_factory, run_migrate)
    found = [d.line() for d in unexplained if d.kind == kind]
    assert not found, (f"{len(found)} difference(s) of kind {kind!r} from what Halyard deployed are not in the "
                       f"migrate report ({KINDS[kind].halyard}):\n  " + "\n  ".join(found))
