"""DecknForge's decks and coined words on disk: the generic stores, typed for this game, and
a finished game's results written onto the decks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import msgspec

from engine.decknforge.legacy import Deck, DeckResult, TableDeck, apply_result, check_stored_deck, fingerprint
from engine.decknforge.lexicon import Word, base_index, check_stored_word
from engine.decknforge.model import State
from saves.decks import DeckStore, WordStore
from saves.paths import DataPaths
from saves.shelf import utc_now
from tui.tables.identity import moderates, served_identity

GAME_ID = "decknforge"


def deck_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> DeckStore:
    return DeckStore(paths.decks, GAME_ID, Deck, clock, check=check_stored_deck)


def word_store(paths: DataPaths, clock: Callable[[], datetime] = utc_now) -> WordStore:
    return WordStore(paths.lexicon, GAME_ID, Word, clock, check=check_stored_word)


class Judge(msgspec.Struct, frozen=True):
    """Who is at this terminal, as the Lexicon's moderation sees them."""

    identity: str  # "" on one's own machine
    moderator: bool


def judge() -> Judge:
    """On one's own machine the player moderates; a `serve` host names each session's player
    and whether the host lists them as a moderator (R39)."""
    return Judge(served_identity().strip(), moderates())


def write_results(
    decks: DeckStore,
    words: WordStore | None,
    save_id: str,
    state: State,
    results: list[DeckResult],
    seats: set[int] | None = None,
) -> tuple[list[str], list[str]]:
    """Write a finished game onto each stored deck, as the deck is now (R41): every seat's, or
    only `seats` (at a shared table each player's own deck lives in their own folder).

    Returns (problems, notes): what could not be written, and decks that had changed since
    the game began and received the result merged onto their new version. Coined words just
    written on a deck are marked so in the Lexicon (R40).
    """
    notes: list[str] = []

    def merger(brought: TableDeck, result: DeckResult) -> Callable[[Any], Any]:
        def merge(stored: Deck) -> Deck:
            if fingerprint(stored) != brought.fingerprint:
                notes.append(
                    f"{stored.initials}'s deck changed while this game was played: the result"
                    " was written onto it as it is now."
                )
            return apply_result(stored, result)

        return merge

    merges = [
        (d.id, d.initials, merger(d, r))
        for seat, (d, r) in enumerate(zip(state.decks, results))
        if seats is None or seat in seats
    ]
    problems = decks.write_results(save_id, merges)
    coined = {m.word for r in results for m in r.marks if m.word not in base_index()}
    if words is not None and coined:
        try:
            words.mark_inscribed(coined, lambda w: msgspec.structs.replace(w, inscribed=True))
        except OSError:
            pass  # the decks carry the words all the same; the Lexicon learns it next time
    return problems, notes
