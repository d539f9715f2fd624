"""The typed halconfig model: `HAL` is the root message.

One module per top-level section; each field is declared once with its type
and description (see `dsl`). Everything that knows about halconfig fields
reads them from here.
"""
from .hal import Hal as HAL

__all__ = ["HAL"]
