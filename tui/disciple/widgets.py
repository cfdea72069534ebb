"""Widgets only Disciple draws: the hand/choices list with coloured costs (its info box is the
shared viewer)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from tui.screens.viewer import Viewer
from tui.widgets.choices import Choice, ChoiceList

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


InfoScreen = Viewer  # the viewer every table shares
