"""The widgets that put text on this app's screens, each showing a string as the characters it
holds (tui/plain.py): its content, its option rows and its border titles are never read as
markup and never carry a control character, whoever typed them.

The app takes these from here, never from `textual.widgets` or `textual.containers` (a test
checks it), so there is no other way for a player's name to reach a screen.
"""

from __future__ import annotations

from textual.binding import Binding

from typing import Any

from textual import containers
from textual import widgets as textual_widgets
from textual.content import Content
from textual.visual import Visual, VisualType, visualize
from textual.widgets.option_list import Option

from tui.plain import shown


class PlainTitles:
    """A widget whose border title and subtitle are shown as plain text on one line."""

    def render_str(self, text_content: str | Content) -> Content:  # Textual's way to a title
        return shown(text_content, one_line=True)


class Static(PlainTitles, textual_widgets.Static):
    """Textual's Static, showing strings as plain text (no `markup` to turn on). A word too
    long for the screen (a name of 200 wide characters) is cut with "…", never beyond a border."""

    DEFAULT_CSS = """
    Static { max-width: 100%; text-overflow: ellipsis; }
    """

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        kwargs.pop("markup", None)  # the app's own styling comes as Content or Text
        super().__init__(shown(content), markup=False, **kwargs)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(shown(content), layout=layout)

    @property
    def content(self) -> VisualType:
        return super().content

    @content.setter
    def content(self, content: VisualType) -> None:
        textual_widgets.Static.content.fset(self, shown(content))  # type: ignore[attr-defined]


class Label(Static, textual_widgets.Label):
    pass


class OptionList(PlainTitles, textual_widgets.OptionList):
    """Textual's OptionList, showing each option's prompt as plain text (a word too long for
    a row cut with "…")."""

    DEFAULT_CSS = """
    OptionList { text-overflow: ellipsis; }
    """

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        kwargs.pop("markup", None)
        super().__init__(*content, markup=False, **kwargs)

    def _get_visual(self, option: Option) -> Visual:  # Textual's way to an option's row
        if option._visual is None:
            option._visual = visualize(self, shown(option.prompt), markup=False)
        return option._visual


class Vertical(PlainTitles, containers.Vertical):
    pass


class Horizontal(PlainTitles, containers.Horizontal):
    pass


class VerticalScroll(PlainTitles, containers.VerticalScroll):
    pass


class Center(PlainTitles, containers.Center):
    pass


class Middle(PlainTitles, containers.Middle):
    pass


# The keys that scroll a box of text read on a screen of its own (the help, a viewer): the
# screen gives `action_scroll(lines)`.
SCROLL_BINDINGS = [
    Binding("j,down", "scroll(1)", "Down", show=False),
    Binding("k,up", "scroll(-1)", "Up", show=False),
    Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    Binding("pageup,b", "scroll(-10)", "Page up", show=False),
]
