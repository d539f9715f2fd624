"""Plugins: `halconfig.spinnaker.extensibility`, typed, written into the services each plugin is for.

- A plugin that lists `services` loads only there; `deck` puts it under gate's
  `spinnaker.extensibility.deck-proxy.plugins`, where Gate serves Deck's bundles from.
- A plugin that lists none goes to every Java service, as Halyard wrote it.
- Repositories and the loader settings reach every service; a misspelt service is refused, a plugin
  directory the pods cannot write is a warning. Real Helm 3 and Helm 4 with the post-renderer.
"""
from __future__ import annotations

import yaml

from renderer.model import HAL
from renderer.read import halconfig
from renderer.translate import translate
from test_helm_binary import helm, helm4_plugin, render_values  # noqa: F401

REPO = "https://raw.githubusercontent.com/example/spinnaker-plugins/main/plugins.json"
EXTENSIBILITY = {
    "enableDefaultRepositories": False,
    "repositories": {"example": {"url": REPO}},
    "plugins": {
        "Example.StagePlugin": {"enabled": True, "version": "1.2.0", "services": ["orca", "deck"],
                                "config": {"timeoutSeconds": 30}},
        "Example.EverywherePlugin": {"enabled": True, "version": "0.3.1"},
    },
}
HALCONFIG = {"spinnaker": {"extensibility": EXTENSIBILITY}}


def _service_files(text: str) -> dict:
    out = {}
    for doc in yaml.safe_load_all(text):
        if doc and doc["kind"] == "ConfigMap":
            for name, data in (doc.get("data") or {}).items():
                if name.endswith(".yml") and not name.endswith(("-helm.yml", "-local.yml")):
                    out[name] = yaml.safe_load(data)
    return out


def test_each_plugin_reaches_the_services_it_names(helm, tmp_path):  # noqa: F811
    result = render_values(helm, tmp_path, {"halconfig": HALCONFIG}, "-n", "spinnaker")
    assert result.returncode == 0, result.stderr
    files = _service_files(result.stdout)
    extensibility = {name[:-4]: data["spinnaker"]["extensibility"] for name, data in files.items()
                     if "spinnaker" in (data or {}) and "extensibility" in data["spinnaker"]}
    assert set(extensibility) == {"clouddriver", "echo", "front50", "gate", "orca", "rosco"}  # the services that run
    for service, ext in extensibility.items():
        assert ext["repositories"] == {"example": {"url": REPO}} and ext["enableDefaultRepositories"] is False
        wanted = {"Example.EverywherePlugin"} | ({"Example.StagePlugin"} if service == "orca" else set())
        assert set(ext["plugins"]) == wanted, service
        assert not any("services" in p for p in ext["plugins"].values())  # the renderer's key, not Spinnaker's
    assert extensibility["orca"]["plugins"]["Example.StagePlugin"] == {
        "enabled": True, "version": "1.2.0", "config": {"timeoutSeconds": 30}}
    assert extensibility["gate"]["deck-proxy"] == {
        "enabled": True, "plugins": {"Example.StagePlugin": {"enabled": True, "version": "1.2.0"}}}
    assert "deck-proxy" not in extensibility["orca"]


def test_without_services_lists_every_java_service_gets_every_plugin():
    plugins = {"A.One": {"enabled": True, "version": "1.0.0"}}
    hal = {"version": "2026.2.3", "spinnaker": {"extensibility": {"plugins": plugins}}}
    out = translate(hal)
    from renderer.translate import JAVA_SERVICE_FILES

    assert len(JAVA_SERVICE_FILES) >= 10
    for name in JAVA_SERVICE_FILES:
        ext = out[name]["spinnaker"]["extensibility"]
        assert ext == {"plugins": plugins}, name
    assert "deck-proxy" not in out["gate.yml"]["spinnaker"]["extensibility"]


def test_a_misspelt_service_is_refused_and_an_unwritable_directory_warned():
    _, report = halconfig.read({"spinnaker": {"extensibility": {
        "pluginsRootPath": "/opt/spinnaker/plugins",
        "plugins": {"A.One": {"enabled": True, "services": ["orka"]}}}}})
    [error] = report.errors
    assert "'orka'" in error.render() and "plugins[\"A.One\"].services" in error.render()
    [warning] = [w for w in report.warnings if "plugins-root-path" in w.render()]
    assert "/opt/spinnaker/plugins" in warning.render() and "/opt/<service>/plugins" in warning.render()
    # The default directory, a relative `plugins` and /tmp are writable: no warning.
    for path in ("plugins", "/tmp/plugins"):
        _, report = halconfig.read({"spinnaker": {"extensibility": {
            "pluginsRootPath": path, "plugins": {"A.One": {"enabled": True}}}}})
        assert not [w for w in report.warnings if "plugins-root-path" in w.render()], path


def test_the_model_documents_every_field_the_loader_reads():
    ext = HAL.fields["spinnaker"].ref.fields["extensibility"].ref
    assert {"plugins", "repositories", "enableDefaultRepositories", "strictPluginLoading",
            "pluginsRootPath"} <= set(ext.fields)
    assert "services" in ext.fields["plugins"].ref.fields
    assert "enabled" in ext.fields["repositories"].ref.fields
