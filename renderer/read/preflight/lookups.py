"""Reading the halconfig the checks share: a value by its keys, the blocks with accounts, their names."""
from __future__ import annotations

from renderer.model.walk import get


def account_blocks(hal):
    """(path, block) of every provider, artifact and canary integration block with an `accounts` list."""
    for section in ("providers", "artifacts"):
        for name, block in (hal.get(section) or {}).items():
            if isinstance(block, dict) and isinstance(block.get("accounts"), list):
                yield (section, name), block
    for name, block in (get(hal, "canary", "serviceIntegrations") or {}).items():
        if isinstance(block, dict) and isinstance(block.get("accounts"), list):
            yield ("canary", "serviceIntegrations", name), block


def names_of(block, key="accounts"):
    return [a.get("name") for a in block.get(key) or [] if isinstance(a, dict) and a.get("name")]
