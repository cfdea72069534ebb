"""Playing cards drawn as small boxes in a row, with a caption under each.

When the boxes do not fit the width, the row turns compact: a label line and a caption
line per group of cards, wrapped as needed.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from rich.text import Text
from textual.widgets import Static

RED_SUITS = ("♥", "♦")
BOX_WIDTH = 6
COMPACT_WIDTH = 4


class CardFace(msgspec.Struct, frozen=True):
    label: str  # e.g. "7♦", at most 3 cells
    caption: str = ""  # under the card: a key, a value, a kind (5 cells)
    short: str = ""  # the caption in 3 cells, for the compact form
    marked: bool = False  # drawn highlighted (chosen, or part of the highlighted option)


def suit_style(label: str) -> str:
    return "bold red" if label.endswith(RED_SUITS) else "bold"


def render_boxes(cards: Sequence[CardFace]) -> Text:
    lines = [Text(), Text(), Text(), Text()]
    for card in cards:
        frame = "reverse bold" if card.marked else ""
        lines[0].append("╭───╮ ", style=frame)
        lines[1].append("│", style=frame)
        lines[1].append(f"{card.label:>3}", style=f"{suit_style(card.label)} {frame}".strip())
        lines[1].append("│ ", style=frame)
        lines[2].append("╰───╯ ", style=frame)
        lines[3].append(f"{card.caption:^5.5} ", style="bold" if card.marked else "dim")
    return Text("\n").join(lines)


def render_compact(cards: Sequence[CardFace], width: int) -> Text:
    per_line = max(width // COMPACT_WIDTH, 1)
    lines: list[Text] = []
    for start in range(0, len(cards), per_line):
        labels, captions = Text(), Text()
        for card in cards[start : start + per_line]:
            style = f"{suit_style(card.label)}{' reverse' if card.marked else ''}"
            labels.append(f"{card.label:>3}", style=style)
            labels.append(" ")
            captions.append(f"{(card.short or card.caption)[:3]:>3} ", style="bold" if card.marked else "dim")
        lines += [labels, captions]
    return Text("\n").join(lines)


def render_cards(cards: Sequence[CardFace], width: int = 80, empty: str = "(none)") -> Text:
    if not cards:
        return Text(empty, style="dim")
    if len(cards) * BOX_WIDTH - 1 <= width:
        return render_boxes(cards)
    return render_compact(cards, width)


class CardRow(Static):
    """A row of cards, redrawn whenever `show` is given new faces.

    It fills the height its container gives it, so a redraw never needs a new layout.
    """

    DEFAULT_CSS = """
    CardRow { height: 1fr; }
    """

    faces: Sequence[CardFace] = ()
    empty: str = "(none)"

    def show(self, faces: Sequence[CardFace], empty: str = "(none)") -> None:
        if list(faces) == list(self.faces) and empty == self.empty:
            return  # unchanged: no repaint
        self.faces, self.empty = list(faces), empty
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.content_size.width or 80
        self.update(render_cards(self.faces, width, self.empty), layout=False)
