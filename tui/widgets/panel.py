"""Boxes of the game tables: a titled panel around one widget, and repaints only on change."""

from __future__ import annotations

from typing import Any

from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static


def panel(widget: Widget, title: str) -> Vertical:
    """A bordered box titled `title` around `widget`; the box's id is `<widget id>-panel`."""
    box = Vertical(widget, classes="panel", id=f"{widget.id}-panel")
    box.border_title = title
    return box


class Painter:
    """Updates a screen's fixed-size Statics by id, only when what one shows has changed:
    an unchanged panel is not repainted, and no update asks for a new layout."""

    def __init__(self, screen: Screen[Any]) -> None:
        self.screen = screen
        self.shown: dict[str, Any] = {}

    def __call__(self, widget_id: str, content: Any) -> None:
        if self.shown.get(widget_id) == content:
            return
        self.shown[widget_id] = content
        self.screen.query_one(f"#{widget_id}", Static).update(content, layout=False)
