"""Text fitted to a number of terminal columns: cut ending in "…" when something was cut
(never a word cut silently), the longest of several forms that fits, and wrapping to a number
of lines whose last ends in "…" when there was more. Every table fits its text with these."""

from __future__ import annotations

import textwrap

from rich.cells import cell_len, set_cell_size
from rich.text import Text


def cut(text: str, room: int) -> str:
    """`text` in at most `room` columns (a wide character takes two)."""
    if cell_len(text) <= room:
        return text
    if room <= 0:
        return ""
    return set_cell_size(text, room - 1).rstrip(" ") + "…"


def cut_text(text: Text, room: int) -> Text:
    """A styled `text` in at most `room` columns, its styles kept, ending in "…" if cut."""
    if text.cell_len <= room:
        return text
    kept = text.copy()
    kept.truncate(max(room - 1, 0))
    kept.rstrip()
    if room > 0:
        kept.append("…")
    return kept


def first_fitting(forms: list[str], room: int) -> str:
    """The first of `forms` (longest and fullest first) that fits `room`; the last one cut
    when none does."""
    for form in forms:
        if cell_len(form) <= room:
            return form
    return cut(forms[-1], room)


def wrap_cut(text: str, width: int, lines: int, indent: str = "") -> list[str]:
    """`text` wrapped to `width` (later rows indented by `indent`), each of its own lines kept
    apart, at most `lines` rows: the last ends in "…" when more was left out."""
    width = max(width, 1)
    rows = [
        row
        for line in text.split("\n")
        for row in (textwrap.wrap(line, width, subsequent_indent=indent) or [""])
    ]  # fmt: skip
    if len(rows) > lines:
        rows = rows[:lines]
        if rows:
            rows[-1] = cut(rows[-1] + "…", width)
    return rows
