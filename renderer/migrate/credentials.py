"""Credentials written inline in the halconfig, moved out of the values.

Each credential (`secret=True` in the model) becomes a Spring placeholder
`${HAL_<PATH>}` in the halconfig, and its value a key of one Secret. Only the
services whose generated config carries the placeholder get the variable
(`services.<name>.env`, from the Secret), found by translating the halconfig
itself, so a credential reaches exactly the pods that read it. Files not read
by Spring (Deck's env file, the monitoring daemon's config) cannot resolve a
placeholder: those credentials stay inline and are reported for a human.
"""
from __future__ import annotations

import copy
import re

from .walk import marked_strings
from ..problems import format_path
from ..translate import OUTPUTS, translate
from ..write.config_text import render

SECRET_NAME = "spinnaker-halyard-credentials"
NOT_SPRING = ("deck.env", "spinnaker-monitoring.yml")
_ENV_CHARS = re.compile(r"[^A-Z0-9]+")


def encrypted_values(data, path=()):
    """Paths of every Halyard secret reference (`encrypted:...`) anywhere in `data`."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from encrypted_values(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from encrypted_values(item, path + (i,))
    elif isinstance(data, str) and data.startswith("encrypted:"):
        yield path, data


def env_name(path) -> str:
    return "HAL_" + _ENV_CHARS.sub("_", "_".join(str(p) for p in path).upper()).strip("_")


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


# A URL carrying a password (`redis://:secret@host:6379`).
_URL_PASSWORD = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://[^/@\s]*:[^/@\s]+@")
# Keys whose values are credentials when written inline in a profile.
_CREDENTIAL_KEY = re.compile(r"(password|passphrase|secret|token|apikey|api_key|privatekey|accesskey)", re.I)
# ... unless the key names where a credential is, not the credential (`secretName` of a Kubernetes
# volume, `passwordFile`, `tokenUrl`, `accessKeyId`).
_NOT_CREDENTIAL_KEY = re.compile(r"(name|ref|file|path|url|uri|id|type|header|location|endpoint|prefix|enabled)$",
                                 re.I)


def url_with_password(value) -> bool:
    return isinstance(value, str) and bool(_URL_PASSWORD.match(value))


def looks_like_credential(key, value) -> bool:
    if not isinstance(value, str) or not value or value.startswith(("${", "encrypted:", "encryptedFile:")):
        return False
    return url_with_password(value) or (bool(_CREDENTIAL_KEY.search(str(key)))
                                        and not _NOT_CREDENTIAL_KEY.search(str(key)))


class Vault:
    """The credentials taken out of the values: {env: value}, and which services read each."""

    def __init__(self, report):
        self.report = report
        self.values: dict = {}
        self.readers: dict = {}

    def store(self, key, value, where, what, used_by) -> str:
        """Keep `value` under `key` for a chart setting that reads the Secret itself (not an env placeholder)."""
        self.values[key] = value
        self.report.secret(where, f"Secret {SECRET_NAME} key {key}", f"{what} moved to the Secret; {used_by}")
        return key

    def env_names(self):
        """The keys given to services as env vars (`secrets.env`), in the order they were kept."""
        listed = {name for names in self.readers.values() for name in names}
        return [name for name in self.values if name in listed]

    def keep(self, env, value, services, where, what="inline credential") -> str:
        """Store `value` under `env`; the placeholder that replaces it."""
        self.values[env] = value
        for service in services:
            names = self.readers.setdefault(service, [])
            if env not in names:
                names.append(env)
        self.report.secret(where, f"${{{env}}}", f"{what} moved to Secret {SECRET_NAME} (key {env}), given as an "
                                                 f"env var to {', '.join(services)} only")
        return "${" + env + "}"

    def scrub(self, data, env_prefix, services, where, path=()):
        """`data` (a Spring profile) with every credential-looking value replaced by a placeholder."""
        if isinstance(data, dict):
            out = {}
            for key, value in data.items():
                # Spring flattens keys with their text (`null`, `true`), not Python's (`None`, `True`).
                if key is None or isinstance(key, bool):
                    key = {None: "null", True: "true", False: "false"}[key]
                if looks_like_credential(key, value):
                    env = env_name((env_prefix,) + path + (key,))
                    out[key] = self.keep(env, value, services, f"{where}: {'.'.join(map(str, path + (key,)))}")
                else:
                    out[key] = self.scrub(value, env_prefix, services, where, path + (key,))
            return out
        if isinstance(data, list):
            return [self.scrub(item, env_prefix, services, where, path + (i,)) for i, item in enumerate(data)]
        return data


# Credentials a service reads from its environment, not from its config files: {halconfig path: (env var,
# service)}. Only Spring resolves `encrypted:` references, so these must be plain values.
def _env_read(hal) -> dict:
    from ..translate.front50 import S3_KEYS_AS_ENV

    s3 = (hal.get("persistentStorage") or {}).get("s3") or {}
    if not isinstance(s3, dict) or s3.get("enabled") is not True:
        return {}
    return {("persistentStorage", "s3", key): (env, "front50") for key, env in S3_KEYS_AS_ENV.items()
            if s3.get(key)}


def move(hal_model, hal: dict, vault: Vault, base=(), release=None):
    """The halconfig with its credentials replaced by placeholders (kept in `vault`); the services that
    read each are found by translating for `release`."""
    report = vault.report
    env_read = _env_read(hal)
    for path, value in encrypted_values(hal):
        where = "config: " + format_path(base + path)
        if tuple(path) in env_read:
            var, service = env_read[tuple(path)]
            report.human(where, f"a Halyard secret reference ({value.split('!')[0]}...) that {service} cannot "
                                f"use: {service} gets it as the environment variable {var}, which the AWS SDK "
                                "reads as it is (only Spring settings are decrypted), so it would send the "
                                "reference itself as the key. Decrypt it once (e.g. `aws s3 cp "
                                "s3://BUCKET/FILE -` for `encrypted:s3!`), put the value in a Secret, write "
                                f"`halconfig.{format_path(path)}: ${{NAME}}` and add a `secrets.env` entry "
                                f"{{name: NAME, secretName: ..., key: ..., services: [{service}]}}; or drop the "
                                f"keys and give {service} an IAM role (IRSA) through "
                                "`rbac.serviceAccountAnnotations`.")
            continue
        if value.startswith("encrypted:k8s!"):
            report.human(where, "a Kubernetes Secret reference: the services read these since 2026.1.0 with "
                                "their own ServiceAccount, which migrate lets read exactly the Secrets its config "
                                "names (`rbac.kubernetesSecrets`); the Secret must exist in the release namespace.")
            continue
        report.human(where,
                     f"a Halyard secret reference ({value.split('!')[0]}...): left as it is. The service "
                     "decrypts it at run time only if its secret engine can reach the store (IAM for s3/gcs).")
    rewritten = copy.deepcopy(hal)
    pending = {}
    for path, value in marked_strings(hal_model, hal, "secret"):
        if value.startswith(("encrypted:", "encryptedFile:", "${")):
            continue
        env = env_name(path)
        _set(rewritten, path, "${" + env + "}")
        pending[env] = (path, value)
    if not pending:
        return rewritten
    texts = render(translate(rewritten, release) if release is not None else translate(rewritten))
    for env, (path, value) in pending.items():
        where = "config: " + format_path(base + path)
        if tuple(path) in env_read:
            # Read from the environment (front50's S3 keys): the post-renderer wires the variable from
            # the Secret the placeholder names, for that service alone.
            vault.keep(env, value, [env_read[tuple(path)][1]], where)
            continue
        files = [name for name, text in texts.items() if "${" + env + "}" in text]
        stuck = [name for name in files if name in NOT_SPRING]
        if stuck:
            _set(rewritten, path, value)
            report.human(where, f"a credential read from {', '.join(stuck)}, which cannot resolve a placeholder: "
                                "it stays inline in values.yaml. Replace it with an `encrypted:` reference or keep "
                                "the values file encrypted (SOPS, sealed-secrets).")
            continue
        if not files:
            report.dropped(where, f"a credential no service reads; replaced by the placeholder ${{{env}}}.")
            continue
        vault.keep(env, value, sorted({OUTPUTS[name][0] for name in files}), where)
    return rewritten
