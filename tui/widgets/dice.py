"""Dice faces after a roll: each die a box with its number, so nothing hides in colour."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text


def render_dice(faces: Sequence[int], notes: Sequence[str] = ()) -> Text:
    """Boxed faces in a row; `notes` (e.g. the cards drawn instead of dice) go underneath."""
    if not faces:
        return Text("No roll yet.", style="dim")
    top = Text("".join("┌───┐ " for _ in faces))
    middle = Text()
    for face in faces:
        middle.append("│ ")
        middle.append(str(face), style="bold")
        middle.append(" │ ")
    bottom = Text("".join("└───┘ " for _ in faces))
    lines = [top, middle, bottom]
    if notes:
        lines.append(Text(" ".join(f"{note:^5}" for note in notes), style="dim"))
    return Text("\n").join(lines)
