"""Playing cards drawn as small boxes in a row, with a caption under each.

When the boxes do not fit the width, the row turns compact: a label line and a caption
line per group of cards, wrapped as needed.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from rich.text import Text

from tui.widgets.lines import Lines

RED_SUITS = ("♥", "♦")
BOX_WIDTH = 6
LARGE_WIDTH = 8
LARGE_HEIGHT = 6  # rows a large card needs, caption included
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


def render_large(cards: Sequence[CardFace]) -> Text:
    """Cards as a taller terminal can show them: rank in two corners, suit in the middle."""
    lines = [Text() for _ in range(LARGE_HEIGHT)]
    for card in cards:
        frame = "reverse bold" if card.marked else ""
        face = f"{suit_style(card.label)} {frame}".strip()
        rank, suit = (card.label[:-1], card.label[-1]) if card.label[-1:] in "♥♦♣♠" else (card.label, "")
        lines[0].append("╭─────╮ ", style=frame)
        for row, (text, align) in enumerate(((rank, "<"), (suit, "^"), (rank, ">")), start=1):
            lines[row].append("│", style=frame)
            lines[row].append(f"{text:{align}5}", style=face)
            lines[row].append("│ ", style=frame)
        lines[4].append("╰─────╯ ", style=frame)
        lines[5].append(f"{card.caption:^7.7} ", style="bold" if card.marked else "dim")
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


def render_cards(cards: Sequence[CardFace], width: int = 80, empty: str = "(none)", height: int = 4) -> Text:
    if not cards:
        return Text(empty, style="dim")
    if height >= LARGE_HEIGHT and len(cards) * LARGE_WIDTH - 1 <= width:
        return render_large(cards)
    if len(cards) * BOX_WIDTH - 1 <= width:
        return render_boxes(cards)
    return render_compact(cards, width)


class CardRow(Lines):
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

    def _draw(self) -> None:
        self.repaint_lines()

    def line_content(self) -> Text:
        """The cards at the size the row has when it is painted (the first frame included)."""
        width = self.content_size.width or 80
        height = self.content_size.height or 4
        return render_cards(self.faces, width, self.empty, height)
