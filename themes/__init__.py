"""The app's colour themes and the shared stylesheet.

The names live here and the Textual themes in themes/palettes.py, so the command line can list
and check theme names without loading Textual.
"""

from __future__ import annotations

from pathlib import Path

SHARED_CSS = Path(__file__).with_name("tabletop.tcss")

THEME_NAMES = ("tabletop-dark", "tabletop-light", "tabletop-contrast", "tabletop-ansi")
DEFAULT_THEME = "tabletop-dark"
