"""The command line's output, fitted to what the terminal can show.

A character the output's encoding cannot carry (`PYTHONIOENCODING=ascii`, a label in another
script) is written in its ASCII form (tui/glyphs.py) instead of stopping the program, and a
byte of a file name that is not UTF-8 as `\\xNN`. A terminal whose locale cannot show Unicode
(`LANG=C`: Python writes UTF-8 all the same) is written to in the locale's own character set.
The glyph table loads only when a terminal or such a character needs it: the plain commands
stay quick.
"""

from __future__ import annotations

import codecs
import sys

GLYPH_ERRORS = "tabletop-glyphs"


def _glyph_errors(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    from tui.glyphs import to_ascii

    bad = error.object[error.start : error.end]
    shown = "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else to_ascii(c) for c in bad)
    return shown, error.end


codecs.register_error(GLYPH_ERRORS, _glyph_errors)


def fit_streams_to_terminal() -> None:
    """Standard output and error never stop on a character they cannot carry, and a terminal
    is written to in the character set its locale names (see the module)."""
    for stream in (sys.stdout, sys.stderr):
        if not hasattr(stream, "reconfigure"):
            continue
        try:
            encoding = stream.encoding
            if stream.isatty():
                from tui.glyphs import can_carry, locale_codeset

                codeset = locale_codeset()
                if not can_carry(codeset) and can_carry(codeset, "a"):
                    encoding = codeset
            stream.reconfigure(encoding=encoding, errors=GLYPH_ERRORS)
        except (ValueError, LookupError, OSError):
            pass
