"""Boxes of the game tables: a titled panel around one widget, and repaints only on change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from tui.widgets.text import Static, Vertical


class _ChangedOnly:
    """A border title (or subtitle) that repaints only when given something new, and then
    only the border row it sits on: tables set their titles on every redraw, and a title
    repainted the whole box, every line of it and of what it holds."""

    def __init__(self, name: str, row: Callable[[Widget], int]) -> None:
        self.name, self.given = name, f"_{name}_given"  # Textual's own descriptor draws it
        self.row = row  # the border row the title is drawn on, counted from the box's top

    def __get__(self, box: Widget | None, owner: type | None = None) -> Any:
        return self if box is None else Widget.__dict__[self.name].__get__(box, owner)

    def __set__(self, box: Widget, title: Any) -> None:
        if box.__dict__.get(self.given, _UNSET) == title:
            return
        box.__dict__[self.given] = title
        if not box.is_mounted or not box.region:
            Widget.__dict__[self.name].__set__(box, title)  # a box not shown yet is drawn whole
            return
        # Stored as Textual's own descriptor stores it, without its repaint of the whole box.
        if isinstance(title, Text):
            title = Content.from_rich_text(title)
        stored = None if title is None else box.render_str(title).expand_tabs(4).split()[0]
        setattr(box, f"_{self.name}", stored)
        left, top = box.content_offset  # refresh() takes regions from the content's corner
        box.refresh(Region(-left, self.row(box) - top, box.region.width, 1))


_UNSET = object()


class Panel(Vertical):
    """A bordered box around one widget of a table (see `panel`)."""

    border_title = _ChangedOnly("border_title", lambda box: 0)  # type: ignore[assignment]
    border_subtitle = _ChangedOnly("border_subtitle", lambda box: box.region.height - 1)  # type: ignore[assignment]


def panel(widget: Widget, title: str) -> Panel:
    """A bordered box titled `title` around `widget`; the box's id is `<widget id>-panel`."""
    box = Panel(widget, classes="panel", id=f"{widget.id}-panel")
    box.border_title = title
    return box


class Painter:
    """Updates a screen's fixed-size Statics by id, only when what one shows has changed:
    an unchanged panel is not repainted, and no update asks for a new layout."""

    def __init__(
        self,
        screen: Screen[Any],
        mark: Callable[[str, Any], Any] | None = None,
        marked_by: Callable[[str], Any] | None = None,
    ) -> None:
        self.screen = screen
        self.shown: dict[str, Any] = {}
        self.mark = mark  # what a box's content goes through first (a table marks what changed)
        # What else a box's marks depend on (the move they compare with): part of every key.
        self.marked_by = marked_by
        self.keys: dict[str, Any] = {}  # what each box was last built from (see `keyed`)

    def __call__(self, widget_id: str, content: Any) -> None:
        self.keys.pop(widget_id, None)  # painted without a key: the next keyed paint builds
        self._paint(widget_id, content)

    def keyed(self, widget_id: str, key: Any, build: Callable[[], Any]) -> bool:
        """Paint what `build()` makes, unless the box was last painted from the same `key`:
        the key says everything the box reads (the parts of the view it shows, its width,
        the cursor), so a box whose inputs did not change is not built, marked or compared
        again. Whether it was built."""
        if self.marked_by is not None:
            key = (key, self.marked_by(widget_id))
        if widget_id in self.keys and self.keys[widget_id] == key:
            return False
        self._paint(widget_id, build())
        self.keys[widget_id] = key
        return True

    def forget(self) -> None:
        """Every box is built again at its next paint (the table is drawn for another size)."""
        self.keys.clear()

    def _paint(self, widget_id: str, content: Any) -> None:
        if self.mark is not None:
            content = self.mark(widget_id, content)
        if self.shown.get(widget_id) == content:
            return
        self.shown[widget_id] = content
        self.screen.query_one(f"#{widget_id}", Static).update(content, layout=False)
