"""The one exception the post-render passes raise for anything the user can fix."""
from __future__ import annotations


class PostRenderError(Exception):
    def __init__(self, message: str, hint: str = "", where: str = ""):
        super().__init__(message)
        self.message, self.hint, self.where = message, hint, where

    def render(self) -> str:
        where = f"{self.where}: " if self.where else ""
        return f"error: {where}{self.message}" + (f" {self.hint}" if self.hint else "")
