"""Text a player typed (names, deck and table names, coined words, save names), made safe to
show in anyone's terminal.

Such text may reach other players' screens through shared tables and the common lexicon, so it
loses every control character: escape sequences, bidirectional overrides, zero-width and other
format characters. Line breaks and tabs become spaces, so a name stays on its line. (No
Textual here: the command line prints such text too; tui/plain.py puts it on a screen.)
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterable
from typing import TextIO

_BREAKS = frozenset("\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029")
_DROPPED = ("Cc", "Cf", "Cs")  # controls, format characters (bidi overrides), lone surrogates


def safe_text(text: str) -> str:
    """`text` as a string fit to print: no control characters, one line."""
    kept = kept_characters(text, one_line=True)
    return text if kept is None else kept[0]


def safe_lines(text: str) -> str:
    """`text` fit to print over several lines: as `safe_text`, but a "\\n" stays."""
    kept = kept_characters(text, one_line=False)
    return text if kept is None else kept[0]


def kept_characters(text: str, one_line: bool) -> tuple[str, list[int]] | None:
    """What is left of `text` to print, and where in `text` each of its characters was (so
    styles laid over `text` can be laid over what is left); None when `text` is fit as it is.

    Tabs and line breaks become spaces, but with `one_line` false a "\\n" stays (the line
    breaks of the app's own text); a byte that was not UTF-8 in a file name is shown as
    `\\xNN`; every other control or format character is dropped."""
    if text.isprintable() or not one_line and all(line.isprintable() for line in text.split("\n")):
        return None  # the usual case, checked at C speed
    kept: list[str] = []
    where: list[int] = []
    for index, c in enumerate(text):
        if c == "\t" or c in _BREAKS and (one_line or c != "\n"):
            c = " "
        elif c == "\n":
            pass
        elif "\udc80" <= c <= "\udcff":  # a byte of a file name that is not UTF-8 (os.fsdecode)
            shown = f"\\x{ord(c) - 0xDC00:02x}"
            kept.extend(shown)
            where.extend([index] * len(shown))
            continue
        elif unicodedata.category(c) in _DROPPED:
            continue
        kept.append(c)
        where.append(index)
    return "".join(kept), where


def say(lines: str | Iterable[str], file: TextIO | None = None) -> None:
    """Print `lines` on the command line, each as one line fit to print (`safe_text`): the
    one way a listing or a message reaches the terminal, so a save label or a name in it can
    neither send a control sequence nor break its line. A string is lines the app joined with
    "\\n" (a player's text within it already one line); a list holds one line per item."""
    if isinstance(lines, str):
        lines = lines.split("\n")
    print("\n".join(safe_text(line) for line in lines), file=file or sys.stdout)
