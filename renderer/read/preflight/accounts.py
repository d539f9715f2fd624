"""Accounts and the names that refer to them: providers, artifacts, canary, Pub/Sub."""
from __future__ import annotations

from renderer.model.references import is_reference
from renderer.problems import WARNING
from .registry import check
from .lookups import get, account_blocks, names_of


@check("name-required", "<section>.<provider>.accounts[].name (and every other list entry with a name)",
       "every account (CI master, subscription, search, ...) has a name",
       "Give it a `name`: Spinnaker refers to accounts by name, and clouddriver cannot use a nameless one.",
       evidence="Accounts are keyed by name (clouddriver's credentials repositories, igor's and echo's per-name "
                "clients); a nameless one fails to load (\"Account name for Kubernetes provider missing.\", "
                "KubernetesAccountProperties.java) and nothing can refer to it.")
def _named(hal, chart):
    from renderer.model import HAL
    from renderer.model.walk import missing_required

    for path, message, name in missing_required(HAL, hal):
        yield path, f"this {message} has no {name}."


@check("account-name-unique", "<section>.<provider>.accounts[].name", "account names are unique per provider",
       "Rename one of the accounts: Spinnaker keys accounts by name, so the second one would replace the first.",
       severity=WARNING, evidence="The services start; the repositories keyed by account name keep one of the "
                                  "two, so the other account is missing.")
def _unique(hal, chart):
    for where, block in account_blocks(hal):
        names = [a.get("name") for a in block["accounts"] if isinstance(a, dict) and a.get("name")]
        if len(set(names)) == len(names):
            continue  # the common case, told by a set: no name given twice
        seen = {}
        for i, account in enumerate(block["accounts"]):
            name = account.get("name") if isinstance(account, dict) else None
            if not name:
                continue
            if name in seen:
                yield where + ("accounts", i, "name"), (f"account name {name!r} is already used by "
                                                         f"accounts[{seen[name]}].")
            else:
                seen[name] = i


@check("primary-account", "providers.<provider>.primaryAccount", "names an account of the same provider",
       "Set primaryAccount to one of the provider's account names, or remove it.", severity=WARNING,
       evidence="No service binds a provider's primaryAccount (see the release facts: it is left out of "
                "clouddriver.yml); at most Deck's default account selection is unset.")
def _primary(hal, chart):
    for name, block in (hal.get("providers") or {}).items():
        primary = block.get("primaryAccount") if isinstance(block, dict) else None
        if primary and not is_reference(primary):
            names = names_of(block)
            if primary not in names:
                yield ("providers", name, "primaryAccount"), _missing("account", primary, names)


def _missing(what, wanted, names) -> str:
    from renderer.model.normalize import suggest

    known = ", ".join(repr(n) for n in names[:10]) or "none"
    hint = suggest(wanted, names)
    return f"no {what} is named {wanted!r} (there are: {known})." + (f" {hint}" if hint else "")


@check("docker-registry-account", "providers.kubernetes.accounts[].dockerRegistries[].accountName",
       "names an account under providers.dockerRegistry.accounts",
       "Remove dockerRegistries from the Kubernetes account (or add that Docker registry account).", severity=WARNING,
       evidence="Only the legacy (V1) Kubernetes provider read dockerRegistries; in the manifest-based provider, "
                "the only one in current clouddriver, KubernetesCredentials.getDockerRegistries() returns an empty "
                "list (clouddriver/clouddriver-kubernetes/.../security/KubernetesCredentials.java, "
                "spinnaker-release-2026.2.3).")
def _docker_refs(hal, chart):
    registries = names_of(get(hal, "providers", "dockerRegistry") or {})
    for i, account in enumerate(get(hal, "providers", "kubernetes", "accounts") or []):
        for j, ref in enumerate(account.get("dockerRegistries") or []):
            name = ref.get("accountName") if isinstance(ref, dict) else None
            if name and name not in registries:
                yield (("providers", "kubernetes", "accounts", i, "dockerRegistries", j, "accountName"),
                       _missing("Docker registry account", name, registries))


def _canary_accounts(hal):
    out = []
    for block in (get(hal, "canary", "serviceIntegrations") or {}).values():
        if isinstance(block, dict):
            out.extend(names_of(block))
    return out


@check("canary-default-account", "canary.defaultMetricsAccount, canary.storageAccountName",
       "name accounts under canary.serviceIntegrations",
       "Add that account under canary.serviceIntegrations.<provider>.accounts, or fix the name.", severity=WARNING,
       evidence="Kayenta starts; the default is used only by a canary config that names no account, and that "
                "analysis fails saying the account is unknown.")
def _canary_refs(hal, chart):
    names = _canary_accounts(hal)
    for key in ("defaultMetricsAccount", "storageAccountName"):
        wanted = get(hal, "canary", key)
        if wanted and wanted not in names:
            yield ("canary", key), _missing("canary account", wanted, names)


@check("canary-complete", "canary.enabled", "canary analysis needs a metrics store and a storage account",
       "Enable a metrics source (e.g. canary.serviceIntegrations.prometheus) and an account with "
       "OBJECT_STORE/CONFIGURATION_STORE types (e.g. under aws or google), or set canary.enabled to false.",
       severity=WARNING,
       evidence="Kayenta starts without them (its account repositories are looked up per analysis), but every "
                "canary analysis fails: it reads metrics from a metrics-store account and keeps each result in "
                "an object-store account.")
def _canary_complete(hal, chart):
    canary = hal.get("canary") or {}
    if canary.get("enabled") is not True:
        return
    integrations = canary.get("serviceIntegrations") or {}
    enabled = {k: v for k, v in integrations.items() if isinstance(v, dict) and v.get("enabled") is True}
    stores = {"prometheus", "datadog", "newrelic", "signalfx", "google"}
    if not any(k in stores for k in enabled):
        yield ("canary", "serviceIntegrations"), "canary is enabled but no metrics source is enabled."
    storage = [a for block in enabled.values() for a in block.get("accounts") or []
               if isinstance(a, dict) and "OBJECT_STORE" in (a.get("supportedTypes") or [])]
    if not storage:
        yield ("canary", "serviceIntegrations"), ("canary is enabled but no enabled account supports "
                                                  "OBJECT_STORE (where Kayenta keeps canary results).")


@check("pubsub-unique", "pubsub.google.publishers[].name, subscriptions[].name",
       "publisher and subscription names are unique",
       "Rename one of them; echo keys them by name.", severity=WARNING,
       evidence="echo starts; entries keyed by the same name replace each other, so one of them is not used.")
def _pubsub(hal, chart):
    for key in ("subscriptions", "publishers"):
        seen = set()
        for i, item in enumerate(get(hal, "pubsub", "google", key) or []):
            name = item.get("name") if isinstance(item, dict) else None
            if name and name in seen:
                yield ("pubsub", "google", key, i, "name"), f"{name!r} is given twice."
            seen.add(name)
