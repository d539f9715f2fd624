"""Accept Halyard's `~/.hal/config` as well as kleat's halconfig.

Halyard wraps each deployment in `deploymentConfigurations` and spells some
things its own way. `from_halyard()` picks the deployment, and
`apply_rules()` rewrites Halyard's spellings into kleat's, recording a note
for each rewrite so nothing changes silently. Fields Halyard had and kleat
dropped are declared in the model with a `halyard=` note and are dropped (and
reported) by the normalizer; only rewrites that move or reshape data live here,
plus one drop whose severity depends on its content (`providers.openstack`:
a note when empty, a warning when accounts would be lost). Every field handled
here is declared in the model too, so the schema and the docs know it.
"""
from __future__ import annotations

from renderer.problems import Report
from renderer.service_facts import FRONT50_STORES as STORE_TYPES


def is_halyard_file(data) -> bool:
    return isinstance(data, dict) and "deploymentConfigurations" in data


def from_halyard(data: dict, deployment: str | None, report: Report, base: tuple = (), option: str = "--deployment"):
    """(deployment config, its path) chosen from a Halyard file, or (None, ()) on error.

    Paths are reported under `base` (e.g. `halconfig` inside chart values)."""
    deployments = data.get("deploymentConfigurations")
    if not isinstance(deployments, list) or not deployments:
        report.error(base + ("deploymentConfigurations",), "expected a non-empty list of deployments.")
        return None, ()
    names = [d.get("name") if isinstance(d, dict) else None for d in deployments]
    wanted = deployment or data.get("currentDeployment")
    listed = ", ".join(repr(n) for n in names if n is not None) or "(none named)"
    if wanted is None:
        if len(deployments) == 1:
            wanted = names[0]
        else:
            report.error(base + ("currentDeployment",), f"no deployment chosen; the file has {listed}.",
                         f"Set currentDeployment or {option} to one of them.")
            return None, ()
    if wanted not in names:
        where = base + (("currentDeployment",) if deployment is None else ())
        report.error(where, f"no deployment named {wanted!r}; the file has {listed}.",
                     f"Pick one of those with {option}.")
        return None, ()
    index = names.index(wanted)
    if names.count(wanted) > 1:
        # Halyard refused every command on such a deployment (halyard-config .../services/v1/
        # DeploymentService.java getDeploymentConfiguration: "More than one deployment with name").
        others = ", ".join(f"[{i}]" for i, name in enumerate(names) if name == wanted)
        report.error(base + ("deploymentConfigurations",),
                     f"more than one deployment is named {wanted!r} ({others}): Halyard refused to use any of them, "
                     "and which one was meant cannot be told.", "Delete or rename all but one of them.")
        return None, ()
    config = deployments[index]
    if not isinstance(config, dict):
        report.error(base + ("deploymentConfigurations", index), "expected a mapping.")
        return None, ()
    for key in data:
        if key not in ("deploymentConfigurations", "currentDeployment", "halyardVersion"):
            report.warning(base + (key,), f"'{key}' is not part of a Halyard file; ignored.")
    report.note(base + ("deploymentConfigurations", index), f"using deployment {wanted!r}.")
    return config, ("deploymentConfigurations", index)


def _mapping(data, *keys):
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data if isinstance(data, dict) else None


def apply_rules(hal: dict, base: tuple, report: Report, halyard_form: bool) -> dict:
    """Rewrite Halyard spellings in a (shallow-copied) deployment config."""
    hal = dict(hal)
    if "name" in hal and halyard_form:
        hal.pop("name")
    _rename(hal, base, ("notifications",), "github-status", "githubStatus", report)
    _openstack(hal, base, report)
    _persistent_store_type(hal, base, report)
    _service_integrations(hal, base, report)
    _saml(hal, base, report)
    _use_ssh_public_key(hal, base, report)
    _telemetry(hal, base, report)
    if halyard_form:
        _primary_accounts(hal, base, report)
    return hal


def _copy_path(hal: dict, keys):
    """Copy the mappings along `keys` so rewrites never touch the caller's data."""
    node = hal
    for key in keys:
        child = node.get(key)
        if not isinstance(child, dict):
            return None
        child = dict(child)
        node[key] = child
        node = child
    return node


def _rename(hal, base, keys, old, new, report):
    if old not in (_mapping(hal, *keys) or {}):
        return
    node = _copy_path(hal, keys)
    if new in node:
        report.error(base + keys + (old,), f"both '{old}' and '{new}' are given.", f"Keep only '{new}'.")
        return
    node[new] = node.pop(old)
    report.moved_from(base + keys + (new,), base + keys + (old,))
    report.note(base + keys + (old,), f"Halyard's '{old}' read as '{new}'.")


def _openstack(hal, base, report):
    """Halyard wrote an empty `providers.openstack` block into every config until Spinnaker dropped
    the OpenStack provider (Halyard 1.20, spring 2019); later Halyards skip the block unread."""
    providers = _mapping(hal, "providers")
    if not providers or "openstack" not in providers:
        return
    block = _copy_path(hal, ("providers",)).pop("openstack")
    path = base + ("providers", "openstack")
    accounts = block.get("accounts") if isinstance(block, dict) else None
    enabled = isinstance(block, dict) and str(block.get("enabled")).lower() == "true"
    if enabled or (isinstance(accounts, list) and accounts):
        count = len(accounts) if isinstance(accounts, list) else 0
        report.warning(path, f"Spinnaker has had no OpenStack provider since 2019; this block and its "
                             f"{count} account{'s' if count != 1 else ''} are dropped.",
                       "Remove the block: no current service can deploy to OpenStack.")
    else:
        report.note(path, "the empty block Halyard wrote for the OpenStack provider, which Spinnaker "
                          "removed in 2019 (later Halyards skipped it); dropped.")


def _persistent_store_type(hal, base, report):
    storage = _mapping(hal, "persistentStorage")
    if not storage or "persistentStoreType" not in storage:
        return
    storage = _copy_path(hal, ("persistentStorage",))
    path = base + ("persistentStorage", "persistentStoreType")
    kind = storage.pop("persistentStoreType")
    if kind is None:
        return
    if kind == "redis":
        report.error(path, "the redis store is no longer supported by front50.",
                     "Move pipelines and applications to s3, gcs, azs or oracle (or SQL) first.")
        return
    if kind not in STORE_TYPES:
        report.error(path, f"{kind!r} is not one of: {', '.join(STORE_TYPES)}.")
        return
    block = storage.get(kind)
    block = dict(block) if isinstance(block, dict) else {}
    if block.get("enabled") not in (None, True, "true"):
        report.error(base + ("persistentStorage", kind, "enabled"),
                     f"persistentStoreType is {kind!r} but {kind}.enabled is false.",
                     "Remove one of the two settings.")
        return
    block["enabled"] = True
    storage[kind] = block
    report.note(path, f"persistentStoreType {kind!r} read as persistentStorage.{kind}.enabled: true.")


def _service_integrations(hal, base, report):
    canary = _mapping(hal, "canary")
    if not canary or not isinstance(canary.get("serviceIntegrations"), list):
        return
    canary = _copy_path(hal, ("canary",))
    path = base + ("canary", "serviceIntegrations")
    keyed = {}
    for i, entry in enumerate(canary["serviceIntegrations"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            report.error(path + (i,), "each Halyard service integration needs a 'name' (e.g. google).")
            continue
        entry = dict(entry)
        name = entry.pop("name")
        if name in keyed:
            report.error(path + (i, "name"), f"service integration {name!r} is listed twice.")
            continue
        keyed[name] = entry
        report.moved_from(path + (name,), path + (i,))
    canary["serviceIntegrations"] = keyed
    report.note(path, "Halyard's list of service integrations read as a mapping keyed by name.")


def _saml(hal, base, report):
    saml = _mapping(hal, "security", "authn", "saml")
    if not saml or not ({"metadataLocal", "metadataRemote", "serviceAddress"} & saml.keys()):
        return
    saml = _copy_path(hal, ("security", "authn", "saml"))
    path = base + ("security", "authn", "saml")
    sources = [k for k in ("metadataLocal", "metadataRemote") if saml.get(k) is not None]
    if len(sources) == 2 or (sources and saml.get("metadataUrl") is not None):
        report.error(path, "give only one of metadataUrl, metadataLocal and metadataRemote.")
        return
    for key in ("metadataLocal", "metadataRemote"):
        value = saml.pop(key, None)
        if value is not None:
            saml["metadataUrl"] = value
            report.note(path + (key,), f"Halyard's '{key}' read as 'metadataUrl'.")
    address = saml.pop("serviceAddress", None)
    if address is None:
        return
    given = [k for k in ("redirectProtocol", "redirectHostname", "redirectBasePath") if saml.get(k) is not None]
    if given:
        report.error(path + ("serviceAddress",), f"serviceAddress and {', '.join(given)} are both given.",
                     "Keep serviceAddress (Halyard) or the redirect fields, not both.")
        return
    if not isinstance(address, str) or "://" not in address:
        report.error(path + ("serviceAddress",), f"expected a URL like https://host:port/path, got {address!r}.")
        return
    scheme, _, rest = address.partition("://")
    host, slash, tail = rest.partition("/")
    saml["redirectProtocol"] = scheme
    saml["redirectHostname"] = host
    saml["redirectBasePath"] = "/" + tail if slash else "/"
    report.note(path + ("serviceAddress",),
                "Halyard's 'serviceAddress' read as redirectProtocol, redirectHostname and redirectBasePath.")


def _use_ssh_public_key(hal, base, report):
    accounts = (_mapping(hal, "providers", "azure") or {}).get("accounts")
    if not isinstance(accounts, list):
        return
    if not any(isinstance(a, dict) and isinstance(a.get("useSshPublicKey"), str) for a in accounts):
        return
    azure = _copy_path(hal, ("providers", "azure"))
    fixed = []
    for i, account in enumerate(accounts):
        value = account.get("useSshPublicKey") if isinstance(account, dict) else None
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            account = dict(account)
            account["useSshPublicKey"] = value.strip().lower() == "true"
            report.note(base + ("providers", "azure", "accounts", i, "useSshPublicKey"),
                        f"Halyard's string {value!r} read as the boolean {account['useSshPublicKey']}.")
        fixed.append(account)
    azure["accounts"] = fixed


def _telemetry(hal, base, report):
    if "telemetry" not in hal:
        return
    telemetry = hal.pop("telemetry")
    if telemetry is None:
        return
    if hal.get("stats") is not None:
        # Later Halyard versions wrote `stats` and ignored a leftover `telemetry`.
        report.note(base + ("telemetry",), "both 'telemetry' (Halyard) and 'stats' are given; 'stats' is used "
                                           "and 'telemetry' dropped, as later Halyard versions did.")
        return
    hal["stats"] = telemetry
    report.moved_from(base + ("stats",), base + ("telemetry",))
    report.note(base + ("telemetry",), "Halyard's 'telemetry' read as 'stats'.")


def _primary_accounts(hal, base, report):
    providers = _mapping(hal, "providers")
    if not providers:
        return
    for name in list(providers):
        provider = providers[name]
        if not isinstance(provider, dict) or provider.get("primaryAccount"):
            continue
        accounts = provider.get("accounts")
        if not isinstance(accounts, list) or not accounts or not isinstance(accounts[0], dict):
            continue
        first = accounts[0].get("name")
        if not isinstance(first, str) or not first:
            continue
        provider = _copy_path(hal, ("providers", name))
        provider["primaryAccount"] = first
        report.note(base + ("providers", name, "primaryAccount"),
                    f"not set; {first!r}, the first account, is used (as Halyard did).")
