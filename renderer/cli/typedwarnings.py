"""Credentials YAML read as numbers, said once: `validate -f` and the `helm` wrapper read the values
with this renderer's reader (file lines) and then through Helm's, which reads more plain scalars as
numbers (`1e3`, `08`, `0o17`, `y`); the post-renderer's view is shown only where the first said nothing."""
from __future__ import annotations


def not_said(lines, report) -> list:
    """`lines` (the post-renderer's warnings) without the credentials Helm read as numbers that `report`
    (the same values through this reader, shown with file lines) already names."""
    from renderer.model.credentials import TYPED
    from renderer.problems import format_path

    said = {f"warning: {format_path(p.path)}:" for p in report.problems if p.check == TYPED}
    return [line for line in lines if f"[{TYPED}]" not in line or not any(s in line for s in said)]

