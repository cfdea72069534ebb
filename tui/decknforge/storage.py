"""DecknForge's decks and coined words on disk: the generic stores, typed for this game."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from engine.decknforge.legacy import Deck
from engine.decknforge.lexicon import Word
from saves.decks import DeckStore, WordStore
from saves.paths import DataPaths
from saves.shelf import utc_now

GAME_ID = "decknforge"


def deck_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> DeckStore:
    return DeckStore(paths.decks, GAME_ID, Deck, clock)


def word_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> WordStore:
    return WordStore(paths.lexicon, GAME_ID, Word, clock)
