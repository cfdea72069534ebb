"""DecknForge's decks and coined words on disk: the generic stores, typed for this game. A
finished game's result is written on the decks by the save layer as it files the game
(saves/history.py, saves/legacy.py); screens only read it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from engine.registry import GAMES
from saves import legacy
from saves.decks import DeckStore, WordStore
from saves.paths import DataPaths
from saves.shelf import utc_now
from tui.tables.identity import moderates, served_identity

GAME_ID = "decknforge"


def deck_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> DeckStore:
    return legacy.deck_store(paths, GAMES[GAME_ID], clock)


def decks_of(app: Any) -> DeckStore:
    """The player's decks, to be shown or brought to a table: first with every game result
    that a stopped filing left pending written on them (saves/history.py)."""
    if any(app.paths.history_pending.glob("*.json")):
        from saves.filing import complete_pending

        complete_pending(app.store)
    return deck_store(app.paths, app.store.clock)


def word_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> WordStore:
    return legacy.word_store(paths, GAMES[GAME_ID], clock)


class Judge(msgspec.Struct, frozen=True):
    """Who is at this terminal, as the Lexicon's moderation sees them."""

    identity: str  # "" on one's own machine
    moderator: bool


def judge() -> Judge:
    """On one's own machine the player moderates; a `serve` host names each session's player
    and whether the host lists them as a moderator (R39)."""
    return Judge(served_identity().strip(), moderates())
