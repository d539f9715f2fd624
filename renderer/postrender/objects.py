"""ConfigMaps and Secrets holding each service's files, named by content hash."""
from __future__ import annotations

import binascii

try:  # the built-in SHA-256: hashlib loads OpenSSL, about 3 ms of every post-render's start-up
    from _sha2 import sha256  # Python 3.12+
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        from hashlib import sha256

from renderer.write.config_text import env_file, to_yaml
from renderer.model.credentials import holds_secret
from ..service_facts import SERVICES
from .stream import HELM4_ANNOTATION, Document

PLACEHOLDER = "spinnaker-renderer-placeholder-"
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

    def __init__(self, bundle: dict, helm4: bool, secrets: set, source: str | None = None):
        release = bundle["release"]
        self.fullname = release["fullname"]
        self.namespace = release.get("namespace") or ""
        self.labels = dict(release.get("labels") or {})
        self.annotations = dict(release.get("annotations") or {})
        self.secrets = secrets
        self.helm4 = helm4
        self.source = source  # the bundle's template path: new documents are filed with it
        self.names: dict[str, str] = {}  # placeholder -> object name
        self.documents: list[Document] = []
        self.texts: dict[str, dict] = {}  # service -> {file: its text}, for checks that search the text

    def add_service(self, service: str, files: dict, written: dict) -> None:
        """`written`: the service's files as `written.write_files` gives them."""
        plain, secret = {}, {}
        secrets = self.secrets
        for name, data in files.items():
            file = written[name]
            # On the strings collected while writing it, for parsed data.
            held = holds_secret(data, secrets, None if isinstance(data, str) else file.strings)
            (secret if held else plain)[name] = file.text
        self.texts[service] = {**plain, **secret}
        digest = _digest(plain, secret)
        config_name = f"{self.fullname}-{service}-config-{digest}"
        secret_name = f"{self.fullname}-{service}-secret-{digest}"
        self.names[f"{PLACEHOLDER}configmap-{service}"] = config_name
        self.names[f"{PLACEHOLDER}secret-{service}"] = secret_name
        self._emit("ConfigMap", config_name, service, {"data": plain} if plain else {})
        self._emit("Secret", secret_name, service, self._secret_body(secret))

    def add_env(self, service: str, env: dict) -> None:
        text = {"env": env_file(env)}
        name = f"{self.fullname}-{service}-env-{_digest(text)}"
        self.names[f"{PLACEHOLDER}env-{service}"] = name
        self._emit("Secret", name, service, self._secret_body(env))

    @staticmethod
    def _secret_body(files: dict) -> dict:
        body = {"type": "Opaque"}
        if files:
            # base64.b64encode's own call: the base64 module (with struct) is a millisecond of start-up.
            body["data"] = {k: binascii.b2a_base64(v.encode(), newline=False).decode() for k, v in files.items()}
        return body

    def _emit(self, kind: str, name: str, service: str, body: dict) -> None:
        labels = dict(self.labels)
        labels["app.kubernetes.io/component"] = service
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
        doc = Document(head + to_yaml(obj))
        self.documents.append(doc)


def url_password(url: str) -> str:
    """The password in a `scheme://[user]:password@host` URL, else ""."""
    if not isinstance(url, str) or "://" not in url:
        return ""
    authority = url.split("://", 1)[1].split("/", 1)[0]
    if "@" not in authority:
        return ""
    userinfo = authority.rsplit("@", 1)[0]
    password = userinfo.partition(":")[2]
    return "" if password.startswith("${") else password


def build_objects(bundle: dict, hal: dict, files: dict, written: dict, outputs: dict, helm4: bool, source,
                  front50_env: dict | None = None) -> ObjectBuilder:
    """The ConfigMaps and Secrets of every service (`written`: `written.write_files(files)`), Deck's
    env Secret, and front50's (its S3 keys as AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, maybe none)."""
    from ..model import HAL
    from renderer.model.credentials import secret_values
    from .errors import PostRenderError

    secrets = secret_values(HAL, hal)
    # A password written into redis.externalUrl (or ha.clouddriver.redisRoUrl) keeps spinnaker.yml out of ConfigMaps.
    for url in (bundle.get("redis") or {}).values():
        password = url_password(url)
        if password:
            secrets.update((password, url))
    builder = ObjectBuilder(bundle, helm4, secrets, source)
    local_js = files.get("deck", {}).get("settings-local.js")
    if local_js and holds_secret(local_js, builder.secrets):
        raise PostRenderError("contains a credential from the halconfig; Deck serves that "
                              "file to every browser.", "Remove it from settingsLocalJs.", where="settingsLocalJs")
    for service in sorted(files):
        builder.add_service(service, files[service], written[service])
    # The env Secret of each service with `envSecret` (service_facts): what goes into it.
    env = {"deck": outputs["deck.env"], "front50": front50_env or {}}
    for service in sorted(files):
        if SERVICES[service].env_secret:
            builder.add_env(service, env[service])
    return builder
