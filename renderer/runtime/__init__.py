"""Would it run: what the rendered release does when Kubernetes starts it.

A release that renders can still fail at run time. These checks read the final manifests (after the
user's `patches`) and the files each service reads, pod by pod, and decide with the rule that shows
the consequence (a source path at a release tag, or the JVM's, Spring's or Kubernetes' own rule):

- `images`: each service runs the image of the release its config is written for, or a custom
  build declared with the release it was built from (`services.<name>.image.release`);
- `jvm`: the heap the JVM sizes for itself, plus what it is estimated to need outside the heap, fits
  the container's memory limit, and an initial heap above the maximum (which the JVM refuses) is an
  error;
- `tls`: a service that serves TLS is probed and called over https, and its callers present a
  client certificate when it requires one;
- `placeholders`: every `${...}` Spring resolves in a service's config is defined for its pod;
- `bootstrap`: Spring Cloud Config's bootstrap files are where kork reads them, in the services that
  read them;
- `apiserver` (on every document, not pod by pod): each ConfigMap's and Secret's data, each object's
  annotations and size, and the release as Helm stores it, within the API server's limits;
- `serviceaccounts`: a service's own ServiceAccount annotations are on the account it runs as (the
  chart annotates only the accounts it creates);
- `urls`: the Redis the chart's values name (`redis.externalUrl`) has a Redis scheme and a host a DNS
  name can be (not an unfilled `RELEASE_NAME-redis-master`);
- the connections (`connections`: each call a pod makes to a Service of the release or of Halyard):
  `resolves` (the Service has the port and pods serve it; Halyard's names are reported), `admitted`
  (the release's NetworkPolicies, `netpol`), `proxies` (the JVM's proxy lets it through) and
  `trust` (every key and trust store is there, a CA store where the image's JDK reads it).

Severity follows the consequence: an error where a pod never becomes ready or its calls fail (the
post-renderer refuses the release, on every route), a warning (with the numbers and the fix) where
it runs but may not as intended. Every route gets these from the same pass (renderer/postrender),
so the same values get the same verdict from `validate -f`, Helm 3 and 4, `spinnaker-renderer helm`,
`migrate` and `plan`.
"""
from __future__ import annotations


class Release:
    """What the checks need besides the pods: the bundle (release, workloads, declared image releases),
    each service's files ({service: {file: data}}) and their texts (for cheap searches), and the keys
    of the ConfigMaps and Secrets the release holds ({(kind, name): keys})."""

    __slots__ = ("bundle", "files", "texts", "object_keys", "objects", "cache")

    def __init__(self, bundle: dict, files: dict, texts: dict, object_keys: dict, objects=None):
        from ..read.springtext import settings

        # A Spring file the user gave as YAML text (`--set-file profiles.gate=gate-local.yml`) is judged by
        # what it sets, as one given as a mapping: its server.ssl serves TLS all the same.
        files = {service: {name: settings(data, f"{service}'s {name}")
                           if isinstance(data, str) and name.endswith((".yml", ".yaml")) else data
                           for name, data in (by_name or {}).items()}
                 for service, by_name in files.items()}
        self.bundle, self.files, self.texts, self.object_keys = bundle, files, texts, object_keys
        # objects(kind[, cheap]): the parsed objects of that kind in the final stream (Services,
        # NetworkPolicies); cheap: only those read without PyYAML (postrender.judge.Objects).
        self.objects = objects or (lambda kind, cheap=False: [])
        self.cache: dict = {}  # what several checks derive once (the connections)

    @property
    def namespace(self) -> str:
        return str((self.bundle.get("release") or {}).get("namespace") or "")


def judge(release: Release, pods: list) -> list:
    """Every finding for `pods` (runtime.pods.Pod), errors and warnings, in a stable order."""
    from . import admitted, bootstrap, images, jvm, placeholders, proxies, resolves, serviceaccounts, tls, trust, urls

    found: list = []
    for check in (images, jvm, tls, placeholders, bootstrap, urls, serviceaccounts, resolves, proxies, admitted,
                  trust):
        found += check.check(release, pods)
    return found
