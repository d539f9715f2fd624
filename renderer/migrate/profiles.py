"""`<deployment>/profiles/*` as the chart's `profiles` and `settingsLocalJs`.

Halyard copied a profile into a service's config directory when its name is
`<service>-*.yml` or `spinnaker*`, and each (split) service ran with
`SPRING_PROFILES_ACTIVE=[<split>,]local[,<split>-local]`, so what took effect:
- `<service>-local.yml`, `spinnaker-local.yml` -> `profiles.<service>`, `profiles.spinnaker`;
- `<service>-<split>-local.yml` (e.g. `clouddriver-caching-local.yml`) only when that split
  ran -> `profiles.<service>-<split>` (the chart writes the same file name, read by that split only);
- Deck's `settings-local.js` -> `settingsLocalJs`.
Anything else replaced or extended Halyard's generated files and is left for a human.
"""
from __future__ import annotations

import re

from ..problems import InvalidHalconfig
from ..service_facts import JAVA_SERVICES, SERVICES, SPLITS
from renderer.read.yaml11 import SPRING, load


def map_profiles(profiles: dict, deployment: str, ha_on: dict, report, vault) -> dict:
    """Chart values from the profile files; findings go to `report`."""
    values: dict = {}
    for name in sorted(profiles):
        text = profiles[name]
        where = f"{deployment}/profiles/{name}"
        if name == "settings-local.js":
            values["settingsLocalJs"] = text
            report.mapped(where, "settingsLocalJs")
            continue
        key = _profile_key(name)
        if key is None:
            report.human(where, _why_not(name))
            continue
        if key in SPLITS and not ha_on.get(SPLITS[key][0]):
            report.dropped(where, f"haServices.{SPLITS[key][0]} is not enabled, so Halyard ran no {key} to read it. "
                                  f"Enable `ha.{SPLITS[key][0]}` and it goes to `profiles.{key}`.")
            continue
        try:
            data = _documents(text, where, key, report)
        except InvalidHalconfig as exc:
            # Spring could not have read it either: skipped, with the reason, rather than stopping.
            report.human(where, "not valid YAML, so the service could not read it either; skipped: "
                         + "; ".join(p.render()[len("error: "):] for p in exc.report.errors)
                         + f" Fix it and put it under `profiles.{key}`.")
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
    return values


_DOCUMENT_START = re.compile(r"^---[ \t]*(?:#.*)?$", re.M)


def _documents(text, where, key, report):
    """The profile's settings. Spring reads every document of a YAML file, a later one overriding an
    earlier one, so unconditional documents are merged in that order; a document for a Spring profile
    (`spring.profiles`, `spring.config.activate`) cannot be, and is left out for a human."""
    parts = [p for p in _DOCUMENT_START.split(text) if p.strip()]
    if len(parts) <= 1:
        return load(text, where, reader=SPRING)
    merged: dict = {}
    for i, part in enumerate(parts):
        data = load(part, f"{where} (document {i + 1})", reader=SPRING)
        if data is None:
            continue
        if not isinstance(data, dict):
            raise InvalidHalconfig(_not_a_mapping(data, where, i))
        spring = data.get("spring") if isinstance(data.get("spring"), dict) else {}
        if "profiles" in spring or "config" in spring and isinstance(spring["config"], dict) \
                and "activate" in spring["config"]:
            report.human(where, f"document {i + 1} applies to Spring profiles of its own; skipped: put what "
                                f"should apply into `profiles.{key}` by hand.")
            continue
        _merge(merged, data)
    return merged


def _merge(into, more):
    for k, v in more.items():
        if isinstance(v, dict) and isinstance(into.get(k), dict):
            _merge(into[k], v)
        else:
            into[k] = v


def _not_a_mapping(data, where, index):
    from ..problems import Report

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
