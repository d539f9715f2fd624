"""front50.yml: the persistent store for applications and pipelines."""

from ..releases import Release
from ..service_facts import FRONT50_STORES as STORES, S3_KEYS_AS_ENV
from ._common import enabled_setting, get, pick

# front50 binds no credential under spinnaker.s3: its S3 client takes the AWS
# default credential chain, so static keys reach it as environment variables
# (`front50_env`, put into a Secret by the post-renderer) instead (S3_KEYS_AS_ENV).


def front50_env(hal: dict, release: Release) -> dict:
    """The environment front50's S3 client reads its static keys from, when the halconfig gives any."""
    s3 = get(hal, "persistentStorage", "s3") or {}
    if s3.get("enabled") is not True:
        return {}
    return {env: s3[key] for key, env in S3_KEYS_AS_ENV.items() if s3.get(key) and "${" not in str(s3[key])}


def front50_env_refs(hal: dict, release: Release) -> dict:
    """{AWS_...: (halconfig path, value)} for S3 keys given as a `${NAME}` placeholder:
    Kubernetes never expands Spring placeholders, so the post-renderer wires
    those from the Secret the placeholder names instead of the env Secret."""
    s3 = get(hal, "persistentStorage", "s3") or {}
    if s3.get("enabled") is not True:
        return {}
    return {env: (f"persistentStorage.s3.{key}", str(s3[key]))
            for key, env in S3_KEYS_AS_ENV.items() if s3.get(key) and "${" in str(s3[key])}


def front50(hal: dict, release: Release) -> dict:
    storage = hal.get("persistentStorage") or {}
    stores = {name: storage.get(name) for name in STORES}
    if stores["s3"] is not None:
        stores["s3"] = {k: v for k, v in stores["s3"].items() if k not in S3_KEYS_AS_ENV}
    spinnaker = pick(**stores,
                     delivery=enabled_setting(get(hal, "managedDelivery", "enabled")))
    return {"spinnaker": spinnaker}
