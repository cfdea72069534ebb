"""Boxes of the game tables: a titled panel around one widget, and repaints only on change."""

from __future__ import annotations

from typing import Any

from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static


class _ChangedOnly:
    """A border title (or subtitle) that repaints its box only when given something new:
    tables set their titles on every redraw, and an unchanged title repainted the whole box."""

    def __init__(self, name: str) -> None:
        self.name, self.given = name, f"_{name}_given"  # Textual's own descriptor draws it

    def __get__(self, box: Widget | None, owner: type | None = None) -> Any:
        return self if box is None else Widget.__dict__[self.name].__get__(box, owner)

    def __set__(self, box: Widget, title: Any) -> None:
        if box.__dict__.get(self.given, _UNSET) == title:
            return
        box.__dict__[self.given] = title
        Widget.__dict__[self.name].__set__(box, title)


_UNSET = object()


class Panel(Vertical):
    """A bordered box around one widget of a table (see `panel`)."""

    border_title = _ChangedOnly("border_title")  # type: ignore[assignment]
    border_subtitle = _ChangedOnly("border_subtitle")  # type: ignore[assignment]


def panel(widget: Widget, title: str) -> Panel:
    """A bordered box titled `title` around `widget`; the box's id is `<widget id>-panel`."""
    box = Panel(widget, classes="panel", id=f"{widget.id}-panel")
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
