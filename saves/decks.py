"""Legacy decks and coined words on disk, one JSON file each, written atomically.

A deck changes only when a game ends (its result) or when the player edits it. The store
knows no game's rules: the caller gives the deck and word types. It relies only on a deck
having an `id` and `initials`, and a word having `name`, `author` and `status`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from saves.envelope import Damaged
from saves.shelf import Shelf, utc_now

DECK_FORMAT = "tabletop-tui-deck"
DECK_VERSION = 1
LEXICON_FORMAT = "tabletop-tui-lexicon"
LEXICON_VERSION = 1
SHARED = "shared"  # the lexicon file everybody's tables use


class DeckEntry(msgspec.Struct, frozen=True):
    """One deck file: the deck, or why it cannot be used."""

    deck_id: str
    path: str
    deck: Any = None
    damage: str = ""
    updated: str = ""

    @property
    def damaged(self) -> bool:
        return bool(self.damage)


class DeckStore:
    def __init__(
        self,
        folder: Path,
        game_id: str,
        deck_type: type,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.shelf = Shelf(folder, DECK_FORMAT, DECK_VERSION, game_id, deck_type, clock)
        self.deck_type = deck_type

    def list(self) -> list[DeckEntry]:
        """Every deck file, damaged ones included with their reason."""
        entries = []
        for name in self.shelf.names():
            path = str(self.shelf.path(name))
            try:
                envelope, deck = self.shelf.read(name)
            except Damaged as damage:
                entries.append(DeckEntry(name, path, damage=str(damage)))
                continue
            entries.append(DeckEntry(name, path, deck, updated=envelope.updated))
        return entries

    def decks(self) -> list[Any]:
        return [entry.deck for entry in self.list() if not entry.damaged]

    def load(self, deck_id: str) -> Any:
        return self.shelf.read(deck_id)[1]

    def create(self, deck: Any) -> Any:
        """Store a new deck under a fresh id (from its initials); returns it with the id."""
        stem = re.sub(r"[^a-z0-9]", "", deck.initials.lower()) or "deck"
        n = 1
        while self.shelf.exists(f"{stem}-{n}"):
            n += 1
        deck = msgspec.structs.replace(deck, id=f"{stem}-{n}")
        self.shelf.write(deck.id, deck, applied=[])
        return deck

    def backup_of(self, deck_id: str) -> Any | None:
        """The deck as it was before its file's last write, if that copy is readable."""
        try:
            return self.shelf.backup(deck_id)[1]
        except Damaged:
            return None

    def restore(self, deck_id: str) -> None:
        """Replace a damaged deck file with its backup (the damaged bytes are kept aside)."""
        self.shelf.restore_backup(deck_id)

    def update(self, deck: Any) -> None:
        """An edit by the player (a name): refuses a missing or damaged file."""
        self.shelf.read(deck.id)
        self.shelf.write(deck.id, deck)

    def write_results(self, save_id: str, before: Sequence[Any], after: Sequence[Any]) -> list[str]:
        """Write a finished game's decks. Returns what could not be written, and why.

        Each deck is written only when its file still holds the deck as it was brought to
        the game, so writing twice (a finished game opened again) changes nothing, and a
        deck edited or played elsewhere meanwhile is never silently overwritten. Every
        check happens before the first write; each write is atomic on its own.
        """
        problems: list[str] = []
        ready = []
        for old, new in zip(before, after):
            if not new.id:
                continue
            try:
                envelope, stored = self.shelf.read(new.id)
            except Damaged as damage:
                problems.append(f"{new.initials}'s deck ({new.id}) was not written: {damage}.")
                continue
            if save_id in envelope.applied:
                continue  # this game's result is already on it
            if msgspec.json.encode(stored) != msgspec.json.encode(old):
                problems.append(
                    f"{new.initials}'s deck ({new.id}) changed since this game began: "
                    "its result was not written."
                )
                continue
            ready.append((new, envelope.created, envelope.applied + [save_id]))
        for new, created, applied in ready:
            self.shelf.write_envelope(new.id, self.shelf.envelope(new, created, applied))
        return problems


class WordStore:
    """Coined words: each author's file holds their pending and rejected words; the shared
    file holds the approved ones. Approving moves a word from its author's file to it."""

    def __init__(
        self,
        folder: Path,
        game_id: str,
        word_type: type,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.shelf = Shelf(folder, LEXICON_FORMAT, LEXICON_VERSION, game_id, list[word_type], clock)

    def _file_of(self, word: Any) -> str:
        return SHARED if word.status == "approved" else re.sub(r"[^a-z0-9]", "", word.author.lower())

    def _words(self, name: str) -> list[Any]:
        return self.shelf.read(name)[1] if self.shelf.exists(name) else []

    def load(self) -> tuple[list[Any], list[tuple[str, str]]]:
        """Every coined word (approved first), and the files that could not be read."""
        shared: list[Any] = []
        own: list[Any] = []
        damaged: list[tuple[str, str]] = []
        for name in self.shelf.names():
            try:
                words = self._words(name)
            except Damaged as damage:
                damaged.append((name, str(damage)))
                continue
            (shared if name == SHARED else own).extend(words)
        approved = {w.name for w in shared}
        # A word approved just before a crash may still sit in its author's file too.
        return shared + [w for w in own if w.name not in approved], damaged

    def add(self, word: Any) -> None:
        name = self._file_of(word)
        words = self._words(name)
        self.shelf.write(name, words + [word])

    def replace(self, old: Any, new: Any) -> None:
        """A moderator's verdict: the word moves to the file its new status belongs in.

        The new home is written first, so a crash between the writes leaves the word in
        both files (load() keeps the approved one), never in neither.
        """
        source, target = self._file_of(old), self._file_of(new)
        target_words = [w for w in self._words(target) if w.name != old.name]
        if source != target:
            source_words = self._words(source)  # Damaged here stops before any write
            self.shelf.write(target, target_words + [new])
            self.shelf.write(source, [w for w in source_words if w.name != old.name])
        else:
            self.shelf.write(target, target_words + [new])
