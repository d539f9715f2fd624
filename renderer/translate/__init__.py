"""Halconfig -> per-service config, one pure function per output file.

Each function takes the normalized halconfig (see `renderer.model.normalize`) and
the release it is for (`renderer.releases.Release`: the services read
different keys in different releases), and returns that file's content as
plain data; `renderer.write.config_text.render()` turns them into text.
The CLI and the post-renderer both call these and nothing else.
"""
from __future__ import annotations

from .kleat_differences import left_out
from ..releases import KLEAT, Release
from ..model import HAL
from ._common import (KUBERNETES_SECRETS, for_release, refers_to_kubernetes_secrets, with_kubernetes_secrets,
                      with_plugins)
from .clouddriver import clouddriver
from .deck import deck
from .deck_env import deck_env
from .echo import echo
from .fiat import fiat
from .front50 import front50
from .gate import gate
from .igor import igor
from .kayenta import kayenta
from .keel import keel
from .monitoring import monitoring
from .orca import orca
from .rosco import rosco

# Output file -> (service that reads it, translation).
OUTPUTS = {
    "clouddriver.yml": ("clouddriver", with_plugins("clouddriver", clouddriver)),
    "echo.yml": ("echo", with_plugins("echo", echo)),
    "fiat.yml": ("fiat", with_plugins("fiat", fiat)),
    "front50.yml": ("front50", with_plugins("front50", front50)),
    "gate.yml": ("gate", with_plugins("gate", gate)),
    "igor.yml": ("igor", with_plugins("igor", igor)),
    "kayenta.yml": ("kayenta", with_plugins("kayenta", kayenta)),
    "keel.yml": ("keel", with_plugins("keel", keel)),
    "orca.yml": ("orca", with_plugins("orca", orca)),
    "rosco.yml": ("rosco", with_plugins("rosco", rosco)),
    "spinnaker-monitoring.yml": ("monitoring", monitoring),
    "settings.js": ("deck", deck),
    "deck.env": ("deck", deck_env),
}
# The files kork-based (Java) services read.
JAVA_SERVICE_FILES = tuple(name for name, (service, _) in OUTPUTS.items()
                           if name.endswith(".yml") and service != "monitoring")


def translate(hal: dict, release: Release = KLEAT, *, kubernetes_secrets: bool = True) -> dict:
    """{file name: data} for all 13 outputs, as `release` reads them. The
    default is kleat's semantics (the 1.x line), which the reference corpus pins;
    the CLI and the post-renderer always name the release. `kubernetes_secrets`
    False leaves kork's Kubernetes secret engine off in every file: for a caller
    that switches it on per file itself (`with_kubernetes_secrets`), as the
    post-renderer does from the strings it collects while writing each file."""
    hal = for_release(HAL, hal, release)
    outputs = {name: left_out(name, fn(hal, release)) for name, (_, fn) in OUTPUTS.items()}
    # Every string of an output comes from the halconfig or is the translator's own: one walk of
    # the halconfig tells whether any output can refer to a Kubernetes Secret.
    if kubernetes_secrets and release in KUBERNETES_SECRETS and refers_to_kubernetes_secrets(hal):
        for name in JAVA_SERVICE_FILES:
            outputs[name] = with_kubernetes_secrets(outputs[name])
    return outputs
