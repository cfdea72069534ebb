"""The glyphs the tables draw with, and their ASCII forms for a terminal that cannot show them.

Screens, widgets and card texts use Unicode glyphs (boxes, suits, tracks, marks). When the output
encoding cannot carry them (`PYTHONIOENCODING=ascii`), or the locale says the terminal cannot show
them (`LANG=C`, a Latin-1 locale: Python itself then writes UTF-8 all the same, see
`locale_codeset`), Python would print each as a literal `\\u2502`, six cells where one was meant,
or bytes the terminal draws as garbage, and the layout falls apart. Then every
glyph is drawn with its one-cell ASCII form from this table instead, as the screen is written:
boxes in `+-|`, suits as letters, tracks as `#` and `.`. A glyph missing here still takes one
cell (an accented letter loses its accent; anything else becomes `?`), and a test keeps this
table complete for every glyph in the code.
"""

from __future__ import annotations

import locale
import os
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
    "†": "+",  # a slain joker's place in a DecknForge row
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


def locale_codeset() -> str:
    """The character set the locale gives the terminal, whatever Python chose for itself.

    Under a C or POSIX locale (or one it could not set) Python turns on its UTF-8 mode and,
    unless LC_ALL is set, names `C.UTF-8` in LC_CTYPE, so its own encoding says nothing of the
    terminal: then the locale is read from the variables as the user set them."""
    chosen_utf8 = os.environ.get("PYTHONUTF8") == "1" or "utf8" in getattr(sys, "_xoptions", {})
    if not (sys.flags.utf8_mode and not chosen_utf8):
        try:
            return locale.nl_langinfo(locale.CODESET) or "ascii"
        except (AttributeError, ValueError):  # no nl_langinfo here: the variables tell
            pass
    for variable in ("LC_ALL", "LC_CTYPE", "LANG"):
        name = os.environ.get(variable, "")
        if variable == "LC_CTYPE" and sys.flags.utf8_mode and name.upper().startswith("C."):
            continue  # what Python put there for itself (PEP 538), not the user's locale
        if name:
            return codeset_of(name)
    return "ascii"  # no locale named at all: POSIX's C


def codeset_of(locale_name: str) -> str:
    """The character set a locale name stands for ("C" and "POSIX": ASCII)."""
    if locale_name in ("C", "POSIX"):
        return "ascii"
    normal = locale.normalize(locale_name)
    if "." not in normal:
        return "ascii"
    return normal.split(".", 1)[1].split("@", 1)[0]


def can_carry(encoding: str, text: str = SAMPLE) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def output_needs_ascii(stream: TextIO | None = None) -> bool:
    """The terminal's output stream cannot encode the table's glyphs, or its locale says the
    terminal cannot show them."""
    stream = stream if stream is not None else sys.__stderr__  # Textual draws on stderr
    encoding = getattr(stream, "encoding", None) or "ascii"
    return not can_carry(encoding) or not can_carry(locale_codeset())
