"""Every `encrypted:k8s!...` reference a service's files make must be readable by that service.

kork's Kubernetes secret engine (2026.1.0 and later) reads
`encrypted:k8s!n:<secret>!k:<key>[!ns:<namespace>]` with the pod's own
ServiceAccount; the chart grants that per service and Secret
(`rbac.kubernetesSecrets`, handed over in the bundle). A reference the grant
does not cover would fail only when the service starts, so it is refused here.
"""
from __future__ import annotations

from ..model.walk import strings
from ..translate import JAVA_SERVICE_FILES
from ..translate._common import KUBERNETES_SECRET_PREFIX, KUBERNETES_SECRETS, with_kubernetes_secrets
from .errors import PostRenderError
from .written import Written


def references(data) -> list:
    """The `encrypted:k8s!...` strings in `data`, in document order."""
    return [text for text in strings(data) if text.startswith(KUBERNETES_SECRET_PREFIX)]


def switch_engine(files: dict, written: dict, release) -> None:
    """kork's Kubernetes secret engine on in each Java service's own file that refers to a Secret,
    as `translate` switches it (the files come from `translate(..., kubernetes_secrets=False)`):
    found from each file's written text, not by walking the whole halconfig again."""
    if release not in KUBERNETES_SECRETS:
        return
    for service, service_files in files.items():
        name = f"{service}.yml"
        if name not in JAVA_SERVICE_FILES or name not in service_files:
            continue
        # A string that starts with the prefix is in the text as it is (quoting escapes none of
        # its characters).
        if KUBERNETES_SECRET_PREFIX in written[service][name].text:
            data = with_kubernetes_secrets(service_files[name])
            if data is not service_files[name]:
                service_files[name] = data
                written[service][name] = Written(data)


def _params(reference: str) -> dict:
    params = {}
    for part in reference[len(KUBERNETES_SECRET_PREFIX):].split("!"):
        key, _, value = part.partition(":")
        params[key] = value
    return params


def check_kubernetes_secrets(files: dict, written: dict, bundle: dict, release) -> None:
    """Refuse references the release cannot resolve or the chart does not let the service read;
    `written`: `written.write_files(files)`."""
    granted = bundle.get("kubernetesSecrets") or {}
    namespace = (bundle.get("release") or {}).get("namespace") or ""
    for service in sorted(files):
        for name, data in sorted(files[service].items()):
            if isinstance(data, str):
                continue
            # A string that starts with the prefix is in the file's text as it is (quoting escapes
            # none of its characters): only a file whose text has it is walked, in document order.
            found = references(data) if KUBERNETES_SECRET_PREFIX in written[service][name].text else ()
            for reference in found:
                where = f"{service}'s {name}"
                if release not in KUBERNETES_SECRETS:
                    raise PostRenderError(
                        f"{where} refers to {reference}, but Spinnaker {release} cannot read Kubernetes "
                        f"Secrets (its services do since {KUBERNETES_SECRETS.since}).",
                        "Use another secret reference (encrypted:s3!, encrypted:gcs!, a file from "
                        "secrets.files or an env var from secrets.env), or run 2026.1.0 or later.")
                params = _params(reference)
                secret = params.get("n", "").lower()
                if not secret or not params.get("k"):
                    raise PostRenderError(f"{where} has {reference}, which names no Secret or key.",
                                          "Write it as encrypted:k8s!n:<secret>!k:<key>.")
                if params.get("ns") and params["ns"] != namespace:
                    raise PostRenderError(
                        f"{where} refers to Secret {secret} in namespace {params['ns']}; the chart grants "
                        f"read access only in the release namespace ({namespace}).",
                        "Keep the Secret in the release namespace and drop !ns: from the reference.")
                allowed = {str(n).lower() for n in granted.get(service) or ()}
                if secret not in allowed:
                    raise PostRenderError(
                        f"{where} refers to Secret {secret} ({reference}), which {service} may not read.",
                        f"Add it to rbac.kubernetesSecrets.{service} in the values, so the chart lets "
                        f"{service} read exactly that Secret.", where=f"rbac.kubernetesSecrets.{service}")
