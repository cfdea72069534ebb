"""Progress tracks such as wins out of ten, drawn with shapes as well as colour."""

from __future__ import annotations

from rich.text import Text


def render_track(label: str, value: int, limit: int, full: str, empty: str, style: str) -> Text:
    text = Text(f"{label} ")
    text.append(full * min(value, limit), style=style)
    text.append(empty * max(limit - value, 0), style="dim")
    text.append(f" {value}/{limit}")
    return text
