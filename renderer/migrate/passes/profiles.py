"""Profiles and bootstrap files: `<deployment>/profiles/*` as the chart's `profiles`, `settingsLocalJs`
and `bootstrapConfig`.

Halyard copied a profile into a service's config directory when its name is
`<service>-*.yml` or `spinnaker*`, and each (split) service ran with
`SPRING_PROFILES_ACTIVE=[<split>,]local[,<split>-local]`, so what took effect:
- `<service>-local.yml`, `spinnaker-local.yml` -> `profiles.<service>`, `profiles.spinnaker`;
- `<service>-<split>-local.yml` (e.g. `clouddriver-caching-local.yml`) only when that split
  ran -> `profiles.<service>-<split>` (the chart writes the same file name, read by that split only);
- Deck's `settings-local.js` -> `settingsLocalJs`;
- `spinnakerconfig.yml`, `<service>config.yml` (kork's Spring Cloud Config bootstrap, read by the
  services that bootstrap) -> `bootstrapConfig.spinnaker`, `bootstrapConfig.<service>`;
- `<service>-overrides.yml`, Halyard's `overrides` Spring profile (the HA split URLs, or the user's file
  in their place), read before `<service>-local.yml` -> merged into `profiles.<service>` under it.
A file no service read is dropped; anything else replaced or extended Halyard's generated files and
is left for a human.
"""
from __future__ import annotations

import copy

from ...problems import InvalidHalconfig
from ...service_facts import BOOTSTRAP_SERVICES, JAVA_SERVICES, SERVICES, SPLITS
from renderer.read.springtext import for_a_profile, merge as _merge, text_documents


# The services Halyard ran with its `overrides` Spring profile, and when: any of these HA splits on
# (halyard-deploy/.../distributed/kubernetes/v2/KubernetesV2{Gate,Igor,Orca,Fiat,Rosco}Service.java
# hasServiceOverrides, SpringService.getActiveSpringProfiles; tests/data/halyard-deployer.yml).
OVERRIDES = {"gate": ("clouddriver", "echo"), "igor": ("clouddriver", "echo"), "orca": ("clouddriver", "echo"),
             "fiat": ("clouddriver",), "rosco": ("clouddriver",)}
# The HA splits Halyard ran with their `<split>-overrides` Spring profile (`clouddriver-caching-overrides.yml`),
# and the haServices.clouddriver endpoint that had to be set for it
# (v2/KubernetesV2Clouddriver{Caching,Rw,Ro,RoDeck}Service.java hasServiceOverrides; echo's splits have none).
SPLIT_OVERRIDES = {"clouddriver-caching": "redisMasterEndpoint", "clouddriver-rw": "redisMasterEndpoint",
                   "clouddriver-ro": "redisSlaveEndpoint", "clouddriver-ro-deck": "redisSlaveDeckEndpoint"}


def run(hal) -> None:
    map_profiles(hal.hal_dir.profiles, hal.hal_dir.deployment, hal.ha_on, hal.report, hal.vault, hal.runs,
                 hal.env.get("haServices"), hal.values)


def map_profiles(profiles: dict, deployment: str, ha_on: dict, report, vault, runs=None, ha=None,
                 values=None) -> dict:
    """Chart values from the profile files, into `values` (a new mapping by default); findings go to
    `report`. `runs(service)`: whether a service runs (its files are dropped when not); `ha`: the
    halconfig's `deploymentEnvironment.haServices`."""
    runs = runs or (lambda service: True)
    values = {} if values is None else values
    overrides = {}
    for name in sorted(profiles):
        text = profiles[name]
        where = f"{deployment}/profiles/{name}"
        if name == "settings-local.js":
            values["settingsLocalJs"] = text
            report.mapped(where, "settingsLocalJs")
            continue
        if _bootstrap_key(name) is not None:
            _bootstrap(name, text, where, values, report, vault, runs)
            continue
        if name.endswith("-overrides.yml") and name[:-len("-overrides.yml")] in set(OVERRIDES) | set(SPLITS):
            overrides[name[:-len("-overrides.yml")]] = (name, text, where)
            continue
        unread = _unread(name)
        if unread:
            report.dropped(where, unread)
            continue
        key = _profile_key(name)
        if key is None:
            report.human(where, _why_not(name))
            continue
        if key in SPLITS and not ha_on.get(SPLITS[key][0]):
            report.dropped(where, f"haServices.{SPLITS[key][0]} is not enabled, so Halyard ran no {key} to read it. "
                                  f"Enable `ha.{SPLITS[key][0]}` and it goes to `profiles.{key}`.")
            continue
        data = _parsed(text, where, key, report, "the service", f"profiles.{key}")
        if data is _UNREAD:
            continue
        if data is None:
            report.dropped(where, "empty.")
            continue
        if not isinstance(data, dict):
            report.human(where, f"expected a YAML mapping of Spring settings, got {type(data).__name__}; skipped.")
            continue
        readers = JAVA_SERVICES if key == "spinnaker" else (SPLITS[key][0],) if key in SPLITS else (key,)
        # Profiles are Spring config: a credential (a password-like key, a URL with a password)
        # becomes a placeholder resolved from the credentials Secret.
        values.setdefault("profiles", {})[key] = vault.scrub(data, "PROFILE_" + key, list(readers), where, text)
        report.mapped(where, f"profiles.{key}", f"read by the {key} split only" if key in SPLITS else "")
    for key, (name, text, where) in sorted(overrides.items()):
        if key in SPLITS:
            _split_overrides(key, name, text, where, values, ha_on, ha or {}, report, vault)
        else:
            _overrides(key, name, text, where, values, ha_on, report, vault, runs)
    return values


_UNREAD = object()


def _parsed(text, where, key, report, reader, target, empty=""):
    """The file's settings, or _UNREAD after reporting YAML that `reader` could not have read either
    (skipped, with the reason, rather than stopping); with `empty`, also after dropping a file that
    holds no mapping of settings, saying `empty`."""
    try:
        data = _documents(text, where, key, report)
    except InvalidHalconfig as exc:
        report.human(where, f"not valid YAML, so {reader} could not read it either; skipped: "
                     + "; ".join(p.render()[len("error: "):] for p in exc.report.errors)
                     + f" Fix it and put it under `{target}`.")
        return _UNREAD
    if empty and (not isinstance(data, dict) or not data):
        report.dropped(where, empty)
        return _UNREAD
    return data


def _bootstrap_key(name: str):
    """`spinnaker` for spinnakerconfig.yml, `<service>` for `<service>config.yml`, else None."""
    if not name.endswith("config.yml") or "/" in name:
        return None
    stem = name[:-len("config.yml")]
    return stem if stem == "spinnaker" or stem in SERVICES else None


def _bootstrap(name, text, where, values, report, vault, runs):
    """kork's bootstrap files (ConfigServerBootstrap: spinnakerconfig.yml, then <service>config.yml, in
    /opt/spinnaker/config): Halyard copied them into every Java service, and the services that bootstrap
    read them. They go to `bootstrapConfig`, their credentials to the credentials Secret."""
    key = _bootstrap_key(name)
    readers = [s for s in BOOTSTRAP_SERVICES if (key == "spinnaker" or s == key) and runs(s)]
    if not readers:
        report.dropped(where, f"kork's bootstrap reads {name} only in {', '.join(BOOTSTRAP_SERVICES)} "
                              + ("(Spring Cloud Config's bootstrap), none of which runs here" if key == "spinnaker"
                                 else f"({key} has no bootstrap, or does not run here)") + ": no service read it.")
        return
    data = _parsed(text, where, key, report, "the bootstrap", f"bootstrapConfig.{key}",
                   "empty, or not a mapping of settings: the bootstrap read nothing from it.")
    if data is _UNREAD:
        return
    values.setdefault("bootstrapConfig", {})[key] = vault.scrub(data, "BOOTSTRAP_" + key, readers, where, text)
    report.mapped(where, f"bootstrapConfig.{key}",
                  f"kork's Spring Cloud Config bootstrap file (dynamic accounts), read by {', '.join(readers)} "
                  "before their own config; the chart puts it in their Secret")


def _overrides(service, name, text, where, values, ha_on, report, vault, runs):
    """`<service>-overrides.yml`: Halyard ran `service` with the `overrides` Spring profile when one of the
    HA splits it names was on, and the user's file replaced Halyard's generated one of that name
    (GenerateService.mergeProfilesAndPreserveProperties). Spring read it before `<service>-local.yml` and
    `spinnaker-local.yml`, so its settings go under those of `profiles.<service>`, less the ones
    `profiles.spinnaker` sets (which won over it)."""
    splits = OVERRIDES[service]
    if not any(ha_on.get(s) for s in splits) or not runs(service):
        why = (f"{service} does not run" if not runs(service) else
               f"Halyard ran {service} with its `overrides` profile only with haServices."
               f"{' or '.join(splits)} on")
        report.dropped(where, f"{why}, so no service read it.")
        return
    _merge_overrides(service, service, [], name, text, where, values, report, vault,
                     f"Halyard's {service} read it as its `overrides` Spring profile (HA on), before "
                     f"{service}-local.yml")


def _split_overrides(split, name, text, where, values, ha_on, ha, report, vault):
    """`<split>-overrides.yml` (`clouddriver-caching-overrides.yml`): Halyard ran the split with its
    `<modifier>-overrides` Spring profile when haServices.clouddriver set the endpoint that split's
    overrides name (SPLIT_OVERRIDES), read before `local` and `<modifier>-local`: its settings go under
    those of `profiles.<split>` (written as the same `<split>-local.yml`, read by that split only), less
    the ones `profiles.spinnaker`, `profiles.<service>` or `profiles.<split>` set, which won over it."""
    service, endpoint = SPLITS[split][0], SPLIT_OVERRIDES.get(split)
    block = ha.get(service) if isinstance(ha, dict) and isinstance(ha.get(service), dict) else {}
    if not ha_on.get(service) or endpoint is None or block.get(endpoint) is None:
        why = (f"haServices.{service} is not enabled, so Halyard ran no {split}" if not ha_on.get(service) else
               f"Halyard ran {split} with no overrides profile" if endpoint is None else
               f"Halyard ran {split} with its `{split[len(service) + 1:]}-overrides` profile only with "
               f"haServices.{service}.{endpoint} set")
        report.dropped(where, f"{why}, so no service read it.")
        return
    _merge_overrides(split, service, [service], name, text, where, values, report, vault,
                     f"Halyard's {split} read it as its `{split[len(service) + 1:]}-overrides` Spring profile "
                     f"(haServices.{service}.{endpoint} set), before {service}-local.yml and {split}-local.yml, "
                     "and only that split")


def _merge_overrides(key, reader, below, name, text, where, values, report, vault, how):
    """The overrides file's settings merged into `profiles.<key>` under its own, less the ones
    `profiles.spinnaker` and the profiles `below` (read after it too) set."""
    data = _parsed(text, where, key, report, "the service", f"profiles.{key}",
                   "empty, or not a mapping of settings: nothing to carry over.")
    if data is _UNREAD:
        return
    data = vault.scrub(data, "PROFILE_" + key + "_OVERRIDES", [reader], where, text)
    profiles = values.setdefault("profiles", {})
    won = set(_leaves(profiles.get("spinnaker"))) | set(_leaves(profiles.get(key)))
    for other in below:
        won |= set(_leaves(profiles.get(other)))
    kept = _without(data, won)
    if not kept:
        report.dropped(where, "every setting in it is set again in "
                              + ", ".join(f"{p}-local.yml" for p in ["spinnaker"] + below + [key])
                              + ", which won over it.")
        return
    merged = kept
    _merge(merged, profiles.get(key) or {})
    profiles[key] = merged
    local = where[:-len(name)] + f"{key}-local.yml"
    for entry in report.find(local, "mapped"):
        if entry.source == local:
            entry.text = (f"with {name}'s settings under its own (Halyard's overrides profile, which it won "
                          "over); its own arrive unchanged")
    report.mapped(where, f"profiles.{key}",
                  f"{how}: its settings are merged into `profiles.{key}` under those of {key}-local.yml, which win "
                  "as they did" + (" (the ones a profile read after it also sets are left to that one)"
                                   if len(_leaves(kept)) < len(_leaves(data)) else ""))


def _leaves(data, prefix="") -> dict:
    """{dotted key: value} of a Spring YAML mapping, dotted and nested keys alike."""
    out = {}
    for key, value in (data or {}).items() if isinstance(data, dict) else ():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out.update(_leaves(value, name + "."))
        else:
            out[name] = value
    return out


def _without(data, dotted, prefix=""):
    """`data` less the leaves whose dotted key is in `dotted`."""
    out = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            rest = _without(value, dotted, name + ".")
            if rest:
                out[key] = rest
        elif name not in dotted:
            out[key] = value
    return out


def _unread(name: str) -> str:
    """Why no service read profile `name`, or "" when one may have: Halyard copied into a service's
    config directory only `<service>.yml`, `<service>-*` and `spinnaker*` (SpringService
    customProfileOutputPath), and Spring reads only `.yml`/`.yaml`/`.properties` files."""
    if "/" in name or name == "settings-local.js":
        return ""
    stem = name.split("-", 1)[0].split(".", 1)[0]
    if not name.startswith("spinnaker") and stem not in SERVICES:
        return ("Halyard copied a profile into a service's config directory only when it is named "
                "`<service>.yml`, `<service>-*` or `spinnaker*`; no service had this one.")
    if not name.endswith((".yml", ".yaml", ".properties", ".js")):
        return ("Halyard copied it into the config directory, where nothing reads it: Spring reads only "
                "`<name>[-<profile>].yml` (kork's bootstrap spinnakerconfig.yml), not a backup or variant.")
    return ""


def _documents(text, where, key, report):
    """The profile's settings. Spring reads every document of a YAML file, a later one overriding an
    earlier one, so unconditional documents are merged in that order; a document for a Spring profile
    (`spring.profiles`, `spring.config.activate`) cannot be, and is left out for a human."""
    documents = text_documents(text, where)
    if len(documents) <= 1:
        return copy.deepcopy(documents[0]) if documents else None
    merged: dict = {}
    for i, data in enumerate(documents):
        if data is None:
            continue
        if not isinstance(data, dict):
            raise InvalidHalconfig(_not_a_mapping(data, where, i))
        if for_a_profile(data):
            report.human(where, f"document {i + 1} applies to Spring profiles of its own; skipped: put what "
                                f"should apply into `profiles.{key}` by hand.")
            continue
        _merge(merged, data)
    return copy.deepcopy(merged)  # the documents are read-layer's cached ones: never handed out to change


def _not_a_mapping(data, where, index):
    from ...problems import Report

    problems = Report()
    problems.error((), f"document {index + 1} is a {type(data).__name__}, not a mapping of Spring settings.")
    return problems


def _profile_key(name: str):
    if name == "spinnaker-local.yml":
        return "spinnaker"
    if not name.endswith("-local.yml") or "/" in name:
        return None
    stem = name[: -len("-local.yml")]
    if stem in JAVA_SERVICES:
        return stem
    if stem in SPLITS:
        return stem
    return None


def _why_not(name: str) -> str:
    stem = name.rsplit(".", 1)[0]
    if "/" in name:
        return ("a file in a profile subdirectory (e.g. rosco's packer templates, clouddriver's extra files); the "
                "chart does not copy these: mount them with `services.<name>.extraVolumes`/`extraVolumeMounts`.")
    if stem in SERVICES or stem == "spinnaker":
        return (f"replaced Halyard's generated {name}; the chart generates it from the halconfig. Put the settings "
                f"that differ into `profiles.{stem}`.")
    if name.startswith("spinnaker-monitoring"):
        return "the monitoring daemon's own settings; the chart writes spinnaker-monitoring.yml from metricStores."
    if name.endswith(".yml") and not name.endswith("-local.yml"):
        return ("a Spring profile the chart's services do not activate (they run `helm[,<split>],local"
                "[,<split>-local]`); move its settings into `profiles.<service>`.")
    return "not a profile the chart knows where to put; carry it over by hand."
