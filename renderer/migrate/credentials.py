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
from ..model.credentials import TYPED, found_in, typed_text, url_passwords
from ..problems import format_path
from ..read.yaml11 import plain_scalars
from ..translate import OUTPUTS, translate
from ..write.config_text import render

SECRET_NAME = "spinnaker-halyard-credentials"
NOT_SPRING = ("deck.env", "spinnaker-monitoring.yml")
_ENV_CHARS = re.compile(r"[^A-Z0-9]+")


def strings_where(data, wanted, path=()):
    """(path, value) of every string in `data` for which `wanted(value)`."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from strings_where(value, wanted, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from strings_where(item, wanted, path + (i,))
    elif isinstance(data, str) and wanted(data):
        yield path, data


def encrypted_values(data, path=()):
    """Paths of every Halyard secret reference (`encrypted:...`) anywhere in `data`."""
    return strings_where(data, lambda text: text.startswith("encrypted:"), path)


def env_name(path) -> str:
    return "HAL_" + _ENV_CHARS.sub("_", "_".join(str(p) for p in path).upper()).strip("_")


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def kept_as_written(value, written, where, report):
    """The credential to keep: the text written (`written`, the source's plain scalar, or None) when a YAML
    reader would not keep it as text (SnakeYAML reads `1e3` as a number where this reader keeps it), or a
    value YAML read as a number or boolean; else `value` as it is."""
    from ..model.credentials import written_form

    if written is not None and written_form(written) or not isinstance(value, str):
        return as_written(value, written, where, report)
    return value


def as_written(value, written, where, report) -> str:
    """A credential YAML read as a number or boolean, as the text written (`written`, when the source
    has it plain), with a report line that never shows it."""
    from ..model.credentials import typed_form, written_form

    form = written_form(written) if written is not None else ""
    if written is not None:
        text = written
        said = (f"a credential written as {form or 'text YAML read as ' + typed_form(value)}. Halyard's "
                "SnakeYAML read it that way too, so the service Halyard ran used what YAML made of it; migrate "
                "keeps the text as written (quoted). If the service really logged in with YAML's reading, put "
                "that in the Secret instead.")
    else:
        text = typed_text(value)
        said = (f"a credential YAML read as {typed_form(value)}; its text is not in the source as written (an "
                "anchor or a flow value), so migrate keeps the text the service got. Check it against the "
                "password the other side expects.")
    report.human(where, said + f" [{TYPED}]")
    return text


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

    def scrub(self, data, env_prefix, services, where, text=""):
        """`data` (a Spring profile) with every credential (renderer.model.credentials) replaced by a
        placeholder; `text`: the file's source, for the ones YAML read as numbers."""
        data = _spring_keys(data)
        found = list(found_in(data))
        if not found:
            return data
        written = plain_scalars(text, [path for path, _ in found]) if text else {}
        out = copy.deepcopy(data)
        for path, value in found:
            here = f"{where}: {'.'.join(map(str, path))}"
            value = kept_as_written(value, written.get(path), here, self.report)
            _set(out, path, self.keep(env_name((env_prefix,) + path), value, services, here))
        return out


def _spring_keys(data):
    """Keys as Spring flattens them, with their text (`null`, `true`), not Python's (`None`, `True`)."""
    if isinstance(data, dict):
        return {({None: "null", True: "true", False: "false"}[k] if k is None or isinstance(k, bool) else k):
                _spring_keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_spring_keys(v) for v in data]
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


def move(hal_model, hal: dict, vault: Vault, base=(), release=None, text=""):
    """The halconfig with its credentials replaced by placeholders (kept in `vault`); the services that
    read each are found by translating for `release`. `text`: the config file's source (`base`: where the
    deployment is in it), for the credentials YAML read as numbers, kept as written."""
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
    # A credential YAML read as a number, or written so that a YAML reader would (SnakeYAML reads `1e3`
    # as a number): kept as the text written.
    marked = list(marked_strings(hal_model, hal, "secret", typed=True)) + list(marked_strings(hal_model, hal, "secret"))
    written = plain_scalars(text, [base + path for path, _ in marked]) if marked and text else {}
    for path, value in marked:
        kept = kept_as_written(value, written.get(base + path), "config: " + format_path(base + path), report)
        if kept is not value:
            _set(rewritten, path, kept)
    found = list(marked_strings(hal_model, rewritten, "secret"))
    declared = {tuple(path) for path, _ in found}
    found += [(path, value) for path, value in strings_where(rewritten, url_passwords) if tuple(path) not in declared]
    pending = {}
    for path, value in found:
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
