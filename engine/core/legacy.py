"""What a legacy game's finished games write on files that outlive them (DecknForge's decks
and coined words). The game says what; saves/legacy.py writes it, once, as part of filing the
game (saves/history.py), whichever process or screen finished it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Legacy:
    """A game's answers about its lasting files. `deck_type` and `word_type` are the payloads
    of its deck and word files; the checks say why a stored one could not have come from play."""

    deck_type: Any
    word_type: Any
    deck_version = 1  # the format version of its deck files (saves/decks.py)

    def check_deck(self, deck: Any) -> list[str]:
        return []

    def check_word(self, word: Any) -> list[str]:
        return []

    def deck_ids(self, state: Any) -> list[str]:
        """Each seat's stored deck that a finished game writes on ("" for a deck made for that
        game only); [] while the game runs."""
        return []

    def write_on(self, deck: Any, state: Any, seat: int) -> tuple[Any, str]:
        """The stored `deck` (as its file holds it now) with `seat`'s result of the finished
        game written on it, and a note for the player ("" when there is nothing to say)."""
        raise NotImplementedError

    def words_written(self, state: Any) -> set[str]:
        """Coined words the finished game wrote on decks."""
        return set()

    def complete_deck(self, deck: Any, words: Callable[[], list[Any]]) -> Any:
        """A stored deck of an older format given what it lacks from its own folder's Lexicon
        (`words()` reads it); the same object when it lacks nothing or nothing is found."""
        return deck

    def mark_written(self, word: Any) -> Any:
        """A coined word as it is once a deck carries it."""
        return word
