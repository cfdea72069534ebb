"""Who is playing: the identity that claims seats at shared tables, and the name others see.

On a `serve` host each SSH key is a player (TABLETOP_TUI_PLAYER, set by the server). On one's
own machine a player is their name, so two people in two terminals are told apart by the
names they give.
"""

from __future__ import annotations

import os

from saves.names import clean_name  # noqa: F401 (a name as others see it: the one rule, in saves/names.py)

PLAYER_ENV_VAR = "TABLETOP_TUI_PLAYER"
MODERATOR_ENV_VAR = "TABLETOP_TUI_MODERATOR"


def served_identity() -> str:
    """The player's identity given by a `serve` host, or "" on one's own machine."""
    return os.environ.get(PLAYER_ENV_VAR, "")


def moderates() -> bool:
    """Whether this player may review coined words: anyone on their own machine; on a `serve`
    host only the keys the host lists as moderators (TABLETOP_TUI_MODERATOR)."""
    return not served_identity() or os.environ.get(MODERATOR_ENV_VAR) == "1"


def player_identity(name: str) -> str:
    return served_identity() or f"name:{name.casefold()}"

