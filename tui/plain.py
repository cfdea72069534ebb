"""Text a player typed (names, deck and table names, coined words, save names), made safe to
show in anyone's terminal.

Such text may reach other players' screens through shared tables and the common lexicon, so it
is never read as Textual or Rich markup (`[@click=app.quit]` stays those characters) and loses
every control character: escape sequences, bidirectional overrides and the like. Line breaks
and tabs become spaces, so a name stays on its line.
"""

from __future__ import annotations

import unicodedata

from textual.content import Content

_SPACES = str.maketrans(dict.fromkeys("\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029", " "))
_DROPPED = ("Cc", "Cf", "Cs")  # controls, format characters (bidi overrides), lone surrogates


def plain(text: str) -> Content:
    """`text` as plain content; for a Rich `Text` or a plain string, use its `.plain`."""
    return Content("".join(c for c in text.translate(_SPACES) if unicodedata.category(c) not in _DROPPED))
