"""Who is playing: the identity that owns seats at shared tables, and the name others see.

A seat belongs to an identity, never to a name: on a `serve` host the player's SSH key
(TABLETOP_TUI_PLAYER, set by the server), on one's own machine the operating-system account
(`user:<login>`). The name is only what the others read. Two terminals of one account are one
identity; see README's "Playing together" for what that allows.
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


def account_identity() -> str:
    """The operating-system account this program runs as: its login name, or its number
    where the system has no name for it."""
    try:
        import pwd

        return f"user:{pwd.getpwuid(os.getuid()).pw_name}"
    except (ImportError, KeyError, AttributeError):  # no passwd entry (a container), no pwd
        getuid = getattr(os, "getuid", None)
        return f"user:{getuid()}" if getuid else f"user:{os.environ.get('USERNAME', 'me')}"


def player_identity() -> str:
    return served_identity() or account_identity()


def legacy_identity(name: str) -> str:
    """What a seat held before seats belonged to accounts: the name typed to claim it. Such a
    seat of an old table is taken over by the account that sits down under that name (only on
    one's own machine, where those tables were made)."""
    return f"name:{name.casefold()}" if name and not served_identity() else ""

