"""A legacy game's lasting files (DecknForge's decks and coined words), and a finished game's
result written on them.

The game says what a finished game writes (engine/core/legacy.py); this module writes it.
It is called only while a game is being filed (saves/history.py), so the result reaches the
decks whichever process finished the game, and exactly once: a deck file lists the games
whose results it holds (`applied`), and a deck that lists this one is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from engine.core.game import Game
from saves.decks import DeckStore, WordStore
from saves.paths import DataPaths
from saves.shelf import utc_now


class Report(msgspec.Struct):
    """What writing a game's result on the decks has to tell the player."""

    problems: list[str] = []  # decks that could not take it (damaged, or gone), and why
    notes: list[str] = []  # decks that changed meanwhile and took it onto their new version


def deck_store(paths: DataPaths, game: Game, clock: Callable[[], datetime] = utc_now) -> DeckStore:
    """The game's decks; a deck from an older format gets what it lacks from the Lexicon of
    its own folder as it is read, and its file is upgraded (DecknForge: R45)."""
    legacy = game.legacy

    def lexicon() -> list[Any]:
        return word_store(paths, game, clock).load()[0]

    def complete(deck: Any) -> Any:
        return legacy.complete_deck(deck, lexicon)

    return DeckStore(
        paths.decks, game.id, legacy.deck_type, clock, check=legacy.check_deck,
        version=legacy.deck_version, complete=complete,
    )  # fmt: skip


def word_store(paths: DataPaths, game: Game, clock: Callable[[], datetime] = utc_now) -> WordStore:
    legacy = game.legacy
    return WordStore(paths.lexicon, game.id, legacy.word_type, clock, check=legacy.check_word)


def write_results(
    paths: DataPaths,
    game: Game,
    record_id: str,
    state: Any,
    seats: list[int] | None = None,
    clock: Callable[[], datetime] = utc_now,
) -> Report:
    """Write the finished game `record_id` on the stored decks of `seats` (None: every seat)
    that do not hold it yet, each onto the deck as its file holds it now (R41 of DecknForge);
    safe to repeat. The coined words it wrote are marked first, best effort (the Lexicon
    also learns them from the decks when it is read).

    A damaged or missing deck file is reported and left alone; OSError when the disk refuses
    a write (the game then stays pending, and is written again later)."""
    legacy = game.legacy
    report = Report()
    words = legacy.words_written(state)
    if words:
        try:
            word_store(paths, game, clock).mark_inscribed(words, legacy.mark_written)
        except OSError:
            pass

    def merger(seat: int) -> Callable[[Any], Any]:
        def merge(stored: Any) -> Any:
            deck, note = legacy.write_on(stored, state, seat)
            if note:
                report.notes.append(note)
            return deck

        return merge

    names = game.seats(state)
    merges = [
        (deck_id, names[seat], merger(seat))
        for seat, deck_id in enumerate(legacy.deck_ids(state))
        if deck_id and (seats is None or seat in seats)
    ]
    if merges:
        report.problems += deck_store(paths, game, clock).write_results(record_id, merges)
    return report
