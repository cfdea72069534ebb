"""Shared tables described in words: who sits where, how far the game is. The Tables screen
styles these words; `tabletop-tui tables` prints them (without loading Textual)."""

from __future__ import annotations

from engine.registry import CATALOGUE
from saves.tables import TableEntry, TableStore
from tui.safe_text import safe_text

TITLES = {entry.id: entry.title for entry in CATALOGUE}


def seat_parts(entry: TableEntry, me: str) -> list[tuple[str, str]]:
    """(words, style) for 'ANN (you), BEN, open, bot': the open seats and your own marked."""
    parts: list[tuple[str, str]] = []
    for i, seat in enumerate(entry.seats):
        if i:
            parts.append((", ", ""))
        if seat.bot:  # a player's seat handed to the bot while they are away, or a bot's own
            parts.append((f"{safe_text(seat.name)} ({'away, bot plays' if seat.player else 'bot'})", "dim"))
        elif not seat.player:
            parts.append(("open", "bold green"))
        else:
            parts.append((safe_text(seat.name), "bold" if seat.player == me else ""))
            if seat.player == me:
                parts.append((" (you)", ""))
    return parts


def status_of(entry: TableEntry) -> str:
    if entry.over:
        return "over"
    if entry.started:
        return "playing"
    free = len(entry.open_seats)
    return f"{free} seat{'s' if free != 1 else ''} free"


def table_lines(tables: TableStore, me: str) -> str:
    """`tabletop-tui tables`: one plain line per table."""
    entries = tables.list()
    if not entries:
        return "No shared tables. Open one from a game's New game screen."
    lines = []
    for entry in entries:
        if entry.damage:
            lines.append(f"{entry.code}  DAMAGED: {entry.damage}")
            continue
        title = TITLES.get(entry.game_id, entry.game_id)
        seats = "".join(words for words, _style in seat_parts(entry, me))
        lines.append(f"{entry.code}  {title:<20} {status_of(entry):<12} {seats}")
    return "\n".join(lines)
