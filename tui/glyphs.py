"""The glyphs the tables draw with, and their ASCII forms for a terminal that cannot show them.

Screens, widgets and card texts use Unicode glyphs (boxes, suits, tracks, marks). When the output
encoding cannot carry them (`PYTHONIOENCODING=ascii`, a non-UTF-8 locale) Python would print each
as a literal `\\u2502`, six cells where one was meant, and the layout falls apart. Then every
glyph is drawn with its one-cell ASCII form from this table instead, as the screen is written:
boxes in `+-|`, suits as letters, tracks as `#` and `.`. A glyph missing here still takes one
cell (an accented letter loses its accent; anything else becomes `?`), and a test keeps this
table complete for every glyph in the code.
"""

from __future__ import annotations

import sys
import unicodedata
from typing import TextIO

ASCII_GLYPHS: dict[str, str] = {
    # boxes (Textual's round and other borders, rules and separators)
    "─": "-", "━": "-", "│": "|", "┃": "|", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
    "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
    "═": "=", "║": "|", "╔": "+", "╗": "+", "╚": "+", "╝": "+",
    # suits
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "🃏": "Jk",  # the joker is two cells wide, so is its ASCII form
    # tracks and gauges: filled, then empty
    "■": "#", "□": ".", "▮": "#", "▯": ".", "█": "#", "░": ".", "▒": ":", "▓": "#",
    "●": "*", "○": ".",
    # marks and pointers
    "✓": "v", "✗": "x", "×": "x", "▸": ">", "◂": "<", "▶": ">", "◀": "<", "▲": "^", "▼": "v",
    "→": ">", "←": "<", "↑": "^", "↓": "v", "»": ">", "«": "<", "◆": "*", "✦": "*", "•": "*",
    "⚄": "*", "⏎": "<", "▌": "|", "▐": "|", "≤": "<", "≥": ">",
    # punctuation
    "·": ".", "…": ".", "—": "-", "–": "-", "“": '"', "”": '"', "‘": "'", "’": "'", "\u00a0": " ",
    # Textual's scroll bars and half-cell edges: blank, as the bar's colour carries them
    "▁": " ", "▂": " ", "▃": " ", "▄": " ", "▅": " ", "▆": " ", "▇": " ", "▀": " ",
    "▔": " ", "▏": " ", "▕": " ", "▎": " ", "▍": " ", "▋": " ", "▊": " ", "▉": "#",
}  # fmt: skip

_TABLE: dict[int, str] = {ord(glyph): ascii for glyph, ascii in ASCII_GLYPHS.items()}
SAMPLE = "│♠■▸"  # glyphs every table uses: an encoding that cannot carry these gets ASCII


def _one_cell(char: str) -> str:
    """The ASCII form of a glyph missing from the table, as wide as the glyph."""
    bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if len(bare) == 1:
        return bare
    return "??" if unicodedata.east_asian_width(char) in "WF" else "?"


def to_ascii(text: str) -> str:
    """`text` with every glyph in its ASCII form, each taking the cells the glyph took."""
    if text.isascii():
        return text
    text = text.translate(_TABLE)
    if text.isascii():
        return text
    for char in {c for c in text if not c.isascii()}:
        _TABLE[ord(char)] = _one_cell(char)  # remembered: the next screen needs it again
    return text.translate(_TABLE)


def output_needs_ascii(stream: TextIO | None = None) -> bool:
    """The terminal's output stream cannot encode the table's glyphs."""
    stream = stream if stream is not None else sys.__stderr__  # Textual draws on stderr
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        SAMPLE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False
