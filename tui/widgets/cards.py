"""Playing cards drawn as small boxes in a row, with a caption under each."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from rich.text import Text
from textual.widgets import Static

RED_SUITS = ("♥", "♦")


class CardFace(msgspec.Struct, frozen=True):
    label: str  # e.g. "7♦", at most 3 cells
    caption: str = ""  # under the card: a key, a value, a kind
    marked: bool = False  # drawn highlighted (chosen, or part of the highlighted option)


def suit_style(label: str) -> str:
    return "bold red" if label.endswith(RED_SUITS) else "bold"


def render_cards(cards: Sequence[CardFace], empty: str = "(none)") -> Text:
    """Three lines of boxes, then a caption line; width 6 cells a card."""
    if not cards:
        return Text(empty, style="dim")
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


class CardRow(Static):
    """A row of cards, redrawn whenever `show` is given new faces."""

    def show(self, cards: Sequence[CardFace], empty: str = "(none)") -> None:
        self.update(render_cards(cards, empty))
