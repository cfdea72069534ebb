"""Text a player typed (names, deck and table names, coined words, save names), made safe to
show in anyone's terminal.

Such text may reach other players' screens through shared tables and the common lexicon, so it
loses every control character: escape sequences, bidirectional overrides and the like. Line
breaks and tabs become spaces, so a name stays on its line. (No Textual here: the command
line prints such text too.)
"""

from __future__ import annotations

import unicodedata

_SPACES = str.maketrans(dict.fromkeys("\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029", " "))
_DROPPED = ("Cc", "Cf", "Cs")  # controls, format characters (bidi overrides), lone surrogates


def safe_text(text: str) -> str:
    """`text` as a string fit to print: no control characters, one line."""
    return "".join(c for c in text.translate(_SPACES) if unicodedata.category(c) not in _DROPPED)
