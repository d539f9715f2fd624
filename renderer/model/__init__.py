"""The typed halconfig model: `HAL` is the root message.

One module per top-level section; each field is declared once with its type
and description (see `dsl`). Everything that knows about halconfig fields
reads them from here. `HALYARD_FILE` is a whole Halyard `~/.hal/config`
(a list of `HAL` deployments).
"""
from .hal import Hal as HAL
from .hal import HalyardFile as HALYARD_FILE

__all__ = ["HAL", "HALYARD_FILE"]
