"""Decks and coined words on disk, one JSON file each, written atomically.

A legacy deck changes only when a game ends (its result) or when the player edits it. The
store knows no game's rules: the caller gives the deck and word types. `create`/`update` rely
on a deck having an `id` and `initials`; a deck that carries no id of its own (a built deck
such as a Disciple Versus deck) is kept with `add`/`replace`/`delete` under its file's id.
A word needs `name`, `author` and `status`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

try:
    import fcntl
except ImportError:  # not on this platform: one player per folder there
    fcntl = None  # type: ignore[assignment]

from saves.atomic import backup_path
from saves.envelope import Damaged
from saves.files import keep_aside
from saves.shelf import Shelf, utc_now

DECK_FORMAT = "tabletop-tui-deck"
DECK_VERSION = 1  # a game's deck files may be newer (DeckStore's `version`)
LEXICON_FORMAT = "tabletop-tui-lexicon"
# 2: words carry their review history, their author's identity and whether a deck carries
# them, and may be "challenged". A version 1 file reads as it is (the new fields default).
LEXICON_VERSION = 2
MODERATORS_FORMAT = "tabletop-tui-moderators"
MODERATORS_FILE = "moderators/list.json"  # in the Lexicon's folder
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
        check: Callable[[Any], list[str]] | None = None,
        version: int = DECK_VERSION,
        complete: Callable[[Any], Any] | None = None,
    ) -> None:
        self.shelf = Shelf(folder, DECK_FORMAT, version, game_id, deck_type, clock)
        self.deck_type = deck_type
        self.check = check  # the game's word on whether a stored deck could have come from play
        # An older file's deck given what the newer format adds (the game says what); such
        # a file is written again in the newer format, best effort.
        self.complete = complete

    def _read(self, deck_id: str) -> tuple[Any, Any]:
        """A deck file's envelope and deck; Damaged when it cannot be read or is impossible."""
        envelope, deck = self.shelf.read(deck_id)
        problems = self.check(deck) if self.check is not None else []
        if problems:
            raise Damaged(f"its deck is impossible: {problems[0]}")
        if envelope.version < self.shelf.version and self.complete is not None:
            completed = self.complete(deck)
            if completed is not deck:
                return self._upgrade(deck_id, envelope, completed)
        return envelope, deck

    def _upgrade(self, deck_id: str, envelope: Any, deck: Any) -> tuple[Any, Any]:
        """An older file's completed deck, its file rewritten in the current format (the old
        one kept as the backup) unless it changed meanwhile; a disk that refuses the write
        leaves the file as it was, and the deck is still used completed."""
        try:
            with _locked(self.shelf.folder):
                current, _ = self.shelf.read(deck_id)
                if current != envelope:
                    return envelope, deck
                new = self.shelf.envelope(deck, envelope.created, envelope.applied)
                new.updated = envelope.updated
                self.shelf.write_envelope(deck_id, new)
        except (OSError, Damaged):
            return envelope, deck
        return new, deck

    def list(self) -> list[DeckEntry]:
        """Every deck file, damaged ones included with their reason."""
        entries = []
        for name in self.shelf.names():
            path = str(self.shelf.path(name))
            try:
                envelope, deck = self._read(name)
            except Damaged as damage:
                entries.append(DeckEntry(name, path, damage=str(damage)))
                continue
            entries.append(DeckEntry(name, path, deck, updated=envelope.updated))
        return entries

    def decks(self) -> list[Any]:
        return [entry.deck for entry in self.list() if not entry.damaged]

    def load(self, deck_id: str) -> Any:
        return self._read(deck_id)[1]

    def create(self, deck: Any) -> Any:
        """Store a new deck under a fresh id (from its initials); returns it with the id."""
        deck = msgspec.structs.replace(deck, id=self._fresh_id(deck.initials))
        self.shelf.write(deck.id, deck, applied=[])
        return deck

    def _fresh_id(self, text: str) -> str:
        """A file id from `text` (lower-case letters and digits) that no file uses yet,
        damaged ones included."""
        stem = re.sub(r"[^a-z0-9]", "", text.lower())[:24] or "deck"
        n = 1
        while self.shelf.exists(f"{stem}-{n}") or backup_path(self.shelf.path(f"{stem}-{n}")).exists():
            n += 1
        return f"{stem}-{n}"

    def add(self, deck: Any, stem: str) -> str:
        """Store a new deck that carries no id under a fresh file id from `stem`; returns it."""
        deck_id = self._fresh_id(stem)
        self.shelf.write(deck_id, deck, applied=[])
        return deck_id

    def replace(self, deck_id: str, deck: Any) -> None:
        """An edit of the deck in file `deck_id`: refuses a missing or damaged file (Damaged)."""
        self._read(deck_id)
        self.shelf.write(deck_id, deck)

    def delete(self, deck_id: str) -> None:
        """Remove a deck file and its backup, damaged or not. Callers ask the player first."""
        path = self.shelf.path(deck_id)
        for target in (path, backup_path(path)):
            target.unlink(missing_ok=True)

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
        self._read(deck.id)
        self.shelf.write(deck.id, deck)

    def write_results(
        self, save_id: str, merges: Sequence[tuple[str, str, Callable[[Any], Any]]]
    ) -> list[str]:
        """Write a finished game's result on each deck: `merges` holds (deck id, initials,
        merge), where merge(stored deck) gives the deck with the result written on it.
        Returns what could not be written, and why.

        The result is merged onto the deck as its file holds it now, so a deck renamed or
        played elsewhere meanwhile still receives it. A file remembers the games already
        written on it, so writing twice (a finished game opened again) changes nothing.
        Every file is read before the first write; each write is atomic on its own, and
        all happen under the folder's lock, so two processes filing the same game (a start-up
        and a game screen) cannot both write it.
        """
        problems: list[str] = []
        ready = []
        with _locked(self.shelf.folder):
            for deck_id, initials, merge in merges:
                if not deck_id:
                    continue
                try:
                    envelope, stored = self._read(deck_id)
                except Damaged as damage:
                    problems.append(f"{initials}'s deck ({deck_id}) was not written: {damage}.")
                    continue
                if save_id in envelope.applied:
                    continue  # this game's result is already on it
                ready.append((deck_id, merge(stored), envelope.created, envelope.applied + [save_id]))
            for deck_id, new, created, applied in ready:
                self.shelf.write_envelope(deck_id, self.shelf.envelope(new, created, applied))
        return problems


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """One writer at a time in a folder several players' apps share (a `serve` host): an OS
    lock on a hidden file, held while a file there is read, changed and written back."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "a+b") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_UN)


class WordStore:
    """Coined words: each author's file holds their pending, challenged and rejected words;
    the shared file holds the approved ones. Approving moves a word from its author's file to
    it. The folder may be shared by several players' apps: every change happens under a lock.
    """

    def __init__(
        self,
        folder: Path,
        game_id: str,
        word_type: type,
        clock: Callable[[], datetime] = utc_now,
        check: Callable[[Any], list[str]] | None = None,
    ) -> None:
        self.folder = folder
        self.shelf = Shelf(folder, LEXICON_FORMAT, LEXICON_VERSION, game_id, list[word_type], clock)
        self.check = check  # the game's word on whether a stored word could have been coined
        self.judges = Shelf(folder / "moderators", MODERATORS_FORMAT, 1, game_id, list[str], clock)

    def _file_of(self, word: Any) -> str:
        if word.status == "approved":
            return SHARED
        owner = re.sub(r"[^a-z0-9]", "", (getattr(word, "author_id", "") or word.author).lower())
        return owner[:40] or "anonymous"

    def _words(self, name: str) -> list[Any]:
        """The words of one file ([] when there is none); Damaged when it cannot be read or
        holds a word that could not have been coined, one of another file, or one twice."""
        words = self.shelf.read(name)[1] if self.shelf.exists(name) else []
        seen = set()
        for number, word in enumerate(words, start=1):
            problems = self.check(word) if self.check is not None else []
            if problems:
                raise Damaged(f"its word {number} is impossible: {problems[0]}")
            if self._file_of(word) != name:  # moderation looks for a word in its own file
                raise Damaged(f"its word {number} belongs in {self._file_of(word)}.json")
            if word.name in seen:
                raise Damaged(f"it holds {word.name[:24]} twice")
            seen.add(word.name)
        return words

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
        with _locked(self.folder):
            name = self._file_of(word)
            words = self._words(name)
            if any(w.name == word.name for w in words):
                raise ValueError(f"{word.name} is already in this lexicon.")
            self.shelf.write(name, words + [word])

    def replace(self, old: Any, new: Any) -> None:
        """A verdict or a resubmission: the word moves to the file its new status belongs in.

        The new home is written first, so a crash between the writes leaves the word in
        both files (load() keeps the approved one), never in neither. A word judged in
        another terminal meanwhile is not judged twice: ValueError says so.
        """
        with _locked(self.folder):
            source, target = self._file_of(old), self._file_of(new)
            current = [w for w in self._words(source) if w.name == old.name]
            if not current or current[0] != old:
                raise ValueError(f"{old.name} changed in the Lexicon meanwhile: look again.")
            target_words = [w for w in self._words(target) if w.name != old.name]
            if source != target:
                source_words = self._words(source)  # Damaged here stops before any write
                self.shelf.write(target, target_words + [new])
                self.shelf.write(source, [w for w in source_words if w.name != old.name])
            else:
                self.shelf.write(target, target_words + [new])

    def mark_inscribed(self, names: set[str], mark: Callable[[Any], Any]) -> None:
        """Words just written on a deck: `mark` gives each its inscribed version (R40 of
        DecknForge: such a word stays valid for good)."""
        if not names:
            return
        with _locked(self.folder):
            for file in self.shelf.names():
                try:
                    words = self._words(file)
                except Damaged:
                    continue
                changed = [mark(w) if w.name in names else w for w in words]
                if changed != words:
                    self.shelf.write(file, changed)

    # ----- moderators on a shared host ----------------------------------------------------

    def moderators(self) -> list[str]:
        """The moderators who have judged here (identities); [] when unreadable."""
        return self.checked_moderators()[0]

    def checked_moderators(self) -> tuple[list[str], str]:
        """The moderators who have judged here, and why their list cannot be read ("" when
        it can, or when there is none yet)."""
        if not self.judges.exists("list"):
            return [], ""
        try:
            return self.judges.read("list")[1], ""
        except Damaged as damage:
            return [], f"The Lexicon's list of moderators ({MODERATORS_FILE}) cannot be used: {damage}"

    def enrol(self, identity: str) -> str:
        """Remember a moderator, so an author knows another could judge their word.

        A list that cannot be read is kept aside as list.damaged.json (-2, -3... beside
        earlier ones) and begins again with this moderator (the others join it as they come
        back); returns what was wrong with it, "" when nothing was.
        """
        known, problem = self.checked_moderators()
        if not identity or identity in known:
            return problem
        with _locked(self.folder):
            self.judges.folder.mkdir(parents=True, exist_ok=True)
            known, problem = self.checked_moderators()  # again, under the lock
            if problem:
                kept = keep_aside(self.judges.path("list"), "list.damaged")
                problem = f"{problem}; it is kept as {kept.name} and a new list begun"
            self.judges.write("list", sorted({*known, identity}))
        return problem
