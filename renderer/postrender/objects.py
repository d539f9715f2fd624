"""ConfigMaps and Secrets holding each service's files, named by content hash."""
from __future__ import annotations

import binascii

import sys

# The built-in SHA-256: hashlib loads OpenSSL, about 3 ms of every post-render's start-up. Chosen by
# version, not by trying: a failed import would make the post-renderer look in site-packages
# (renderer/cli/start.py).
try:
    if sys.version_info >= (3, 12):
        from _sha2 import sha256
    else:
        from _sha256 import sha256
except ImportError:  # a Python built without it
    from hashlib import sha256

from renderer.write.config_text import env_file, to_yaml
from .bundle import PLACEHOLDER
from .credentials import check_config_map
from ..service_facts import SERVICES
from .bootstrap import FILE_NAMES as BOOTSTRAP_FILES
from .stream import HELM4_ANNOTATION, Document

# Above this many characters to hash, OpenSSL's SHA-256 (several times faster) saves more than
# importing hashlib costs; below it the built-in one is quicker in all. The digest is the same.
_OPENSSL_FROM = 1 << 20


def _digest(*parts: dict) -> str:
    if sum(len(text) for part in parts for text in part.values()) > _OPENSSL_FROM:
        from hashlib import sha256 as openssl_sha256

        h = openssl_sha256()
    else:
        h = sha256()
    for part in parts:
        for name in sorted(part):
            h.update(name.encode())
            h.update(b"\0")
            h.update(part[name].encode())
            h.update(b"\0")
        h.update(b"\1")
    return h.hexdigest()[:10]


class ObjectBuilder:
    """Turns {service: {file: data}} into documents and placeholder names."""

    def __init__(self, bundle: dict, helm4: bool, judge, source: str | None = None):
        release = bundle["release"]
        self.fullname = release["fullname"]
        self.namespace = release.get("namespace") or ""
        self.labels = dict(release.get("labels") or {})
        self.annotations = dict(release.get("annotations") or {})
        self.judge = judge  # which files hold a credential (postrender.credentials.Judge)
        self.helm4 = helm4
        self.source = source  # the bundle's template path: new documents are filed with it
        self.names: dict[str, str] = {}  # placeholder -> object name
        self.documents: list[Document] = []
        self.texts: dict[str, dict] = {}  # service -> {file: its text}, for checks that search the text
        self.keys: dict[tuple, tuple] = {}  # (kind, object name) -> its keys, for the checks of what pods mount

    def add_service(self, service: str, files: dict, written: dict, env: dict | None = None) -> None:
        """`written`: the service's files as `written.write_files` gives them; `env`: credentials moved
        out of its pods' env ({Secret key: value}, `credentials.env_credentials`)."""
        plain, secret = {}, {}
        holds = self.judge.holds
        for name, data in files.items():
            file = written[name]
            # Bootstrap files carry git passwords, private keys and encrypt.key whatever their keys are
            # called: always secret.
            (secret if name in BOOTSTRAP_FILES or holds(data, file) else plain)[name] = file.text
        check_config_map(service, plain, files, written, self.judge)
        self.texts[service] = {**plain, **secret}
        secret.update(env or {})
        digest = _digest(plain, secret)
        config_name = f"{self.fullname}-{service}-config-{digest}"
        secret_name = f"{self.fullname}-{service}-secret-{digest}"
        self.names[f"{PLACEHOLDER}configmap-{service}"] = config_name
        self.names[f"{PLACEHOLDER}secret-{service}"] = secret_name
        self._emit("ConfigMap", config_name, service, {"data": plain} if plain else {})
        self._emit("Secret", secret_name, service, self._secret_body(secret))
        self.keys[("ConfigMap", config_name)] = tuple(plain)
        self.keys[("Secret", secret_name)] = tuple(secret)

    def add_env(self, service: str, env: dict) -> None:
        text = {"env": env_file(env)}
        name = f"{self.fullname}-{service}-env-{_digest(text)}"
        self.names[f"{PLACEHOLDER}env-{service}"] = name
        self._emit("Secret", name, service, self._secret_body(env))
        self.keys[("Secret", name)] = tuple(env)

    @staticmethod
    def _secret_body(files: dict) -> dict:
        body = {"type": "Opaque"}
        if files:
            # base64.b64encode's own call: the base64 module (with struct) is a millisecond of start-up.
            body["data"] = {k: binascii.b2a_base64(v.encode(), newline=False).decode() for k, v in files.items()}
        return body

    def _emit(self, kind: str, name: str, service: str, body: dict) -> None:
        self.documents.append(self.document(kind, name, service, body))

    def document(self, kind: str, name: str, component: str, body: dict) -> Document:
        """A new object of the release: its labels, annotations and hand-over form as the chart's own."""
        labels = dict(self.labels)
        labels["app.kubernetes.io/component"] = component
        metadata = {"name": name}
        if self.namespace:
            metadata["namespace"] = self.namespace
        metadata["labels"] = labels
        annotations = dict(self.annotations)
        if self.helm4 and self.source:
            annotations[HELM4_ANNOTATION] = self.source
        if annotations:
            metadata["annotations"] = annotations
        obj = {"apiVersion": "v1", "kind": kind, "metadata": metadata}
        obj.update(body)
        head = "---\n" if self.helm4 or not self.source else f"---\n# Source: {self.source}\n"
        return Document(head + to_yaml(obj), kind, name, self.source, obj)


def build_objects(bundle: dict, hal: dict, files: dict, written: dict, outputs: dict, helm4: bool, source,
                  front50_env: dict | None = None, env: dict | None = None) -> ObjectBuilder:
    """The ConfigMaps and Secrets of every service (`written`: `written.write_files(files)`), Deck's
    env Secret, and front50's (its S3 keys as AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, maybe none).
    `env`: {service: {Secret key: value}} moved out of the pods' env (`credentials.env_credentials`)."""
    from ..model import HAL
    from renderer.model.credentials import secret_values, url_passwords
    from .credentials import Judge, refuse_in_settings_js

    known = secret_values(HAL, hal)
    # A password written into redis.externalUrl (or ha.clouddriver.redisRoUrl) keeps spinnaker.yml out of ConfigMaps.
    for url in (bundle.get("redis") or {}).values():
        if url_passwords(url):
            known.update((*url_passwords(url), url))
    judge = Judge(hal, files, outputs, known)
    refuse_in_settings_js(files, outputs, judge.credentials)
    builder = ObjectBuilder(bundle, helm4, judge, source)
    env = env or {}
    for service in sorted(files):
        builder.add_service(service, files[service], written[service], env.get(service))
    # The env Secret of each service with `envSecret` (service_facts): what goes into it.
    env = {"deck": outputs["deck.env"], "front50": front50_env or {}}
    for service in sorted(files):
        if SERVICES[service].env_secret:
            builder.add_env(service, env[service])
    return builder
