"""Text cut to a number of terminal columns, ending in "…" when something was cut."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size


def cut(text: str, room: int) -> str:
    """`text` in at most `room` columns (a wide character takes two)."""
    if cell_len(text) <= room:
        return text
    if room <= 0:
        return ""
    return set_cell_size(text, room - 1).rstrip(" ") + "…"
