"""Widgets only Disciple draws: the hand/choices list with coloured costs, and an info box."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen

from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.text import Static, VerticalScroll

Span = tuple[int, int, str]  # start, end (in the label), style


class HandList(ChoiceList):
    """The shared ChoiceList, plus styled spans in labels (energy letters in their colours).

    Enter also picks a dimmed choice (a card you cannot pay for), so the screen can say why."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spans: list[list[Span]] = []

    def show_styled(self, choices: Sequence[Choice], spans: Sequence[list[Span]], cursor: int = 0) -> None:
        self.spans = list(spans)
        self.show(choices, cursor)

    def _line(self, index: int, width: int) -> Text:
        line = super()._line(index, width)
        choice = self.choices[index]
        offset = 3 + len(f"{choice.key:>1}")  # "▸ k " comes before the label
        for start, end, style in self.spans[index] if index < len(self.spans) else ():
            line.stylize(style, offset + start, offset + end)
        return line

    def action_pick(self) -> None:
        if self.choices:
            self.post_message(self.Picked(self, self.cursor))


class InfoScreen(ModalScreen[None]):
    """A scrollable box of text over the table: card keywords, the whole log, details."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > VerticalScroll {
        width: 96%; max-width: 110; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("escape,q,i,d,l,enter", "dismiss", "Close"),
        Binding("j,down", "scroll(1)", "Down", show=False),
        Binding("k,up", "scroll(-1)", "Up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
        Binding("pageup,b", "scroll(-10)", "Page up", show=False),
    ]

    def __init__(self, title: str, body: Text, at_end: bool = False) -> None:
        super().__init__()
        self.title_text, self.body, self.at_end = title, body, at_end

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = self.title_text
            box.border_subtitle = "Esc closes · j/k scroll"
            yield Static(self.body, id="info-body")

    def on_mount(self) -> None:
        if self.at_end:
            self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
