"""Finished games, kept: a history folder of one file per game, and a listing index.

A game that ends moves from saves/ to history/ (saves/filing.py files it, crash-safely, with
what a legacy game writes on its decks): its result, seed, options, every move and its final
table. A record can wait in `history/.pending/` until every deck holds its result.

Listing 10,000 finished games must stay quick, so the small listing lines are also kept
together in `.index.json`, each with the size, time and inode its file had. It is only a
cache: whatever it lacks, holds too many of, or kept for a file changed since, is found by
comparing it with the folder, and it is rewritten then.
"""

from __future__ import annotations

import os
from typing import Any

import msgspec

from engine.core.game import Game
from saves.atomic import move_atomic, write_atomic
from saves.envelope import Damaged, Envelope, check_header
from saves.files import JSON_DAMAGE, is_regular, read_data_file, read_regular
from saves.listing import FileKey, file_key, list_number
from saves.store import SaveStore

HISTORY_FORMAT = "tabletop-tui-history"
HISTORY_VERSION = 1
INDEX_NAME = ".index.json"
# 2: entries of games of several seats carry the player's seat and its own result (an index
# of version 1 is read again whole, once, so the entries it cached are worked out anew).
INDEX_VERSION = 2


class Finished(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One line of the history listing: everything stats and filters need, nothing more."""

    id: str
    kind: str = "game"  # "game", or "campaign" for a whole Druid Path road
    game_id: str
    content_version: int = 1
    label: str = ""
    started: str = ""  # ISO 8601, UTC ("" for a campaign's game)
    finished: str = ""
    won: bool = False
    result: str = "lost"  # won, lost, or abandoned (a campaign given up)
    score: int | None = None
    rank: tuple[int, int] = (0, 0)  # Game.rank of the outcome: larger is better
    summary: str = ""
    variant: dict[str, str] = {}
    moves: int = 0
    seats: list[str] = []
    # The seat this folder's player sat in: won, score and summary are that seat's own. None
    # in a file kept before results were per seat (its result is then the one it was filed with).
    seat: int | None = None
    decks: list[str] = []  # the decks that played (DecknForge)
    campaign: str = ""  # the campaign a game was played in
    reached: int = 0  # a campaign: how many games of its road were begun
    daily: str = ""  # the UTC date of a daily deal
    practice: bool = False  # a daily deal played again the same day
    damage: str = ""  # why the file cannot be read; empty when it can

    @property
    def damaged(self) -> bool:
        return bool(self.damage)

    @property
    def seat_name(self) -> str:
        """The name of the seat this folder's player sat in, at a table of several seats
        ("" for a game of one, or a record that names no seat)."""
        if self.seat is None or len(self.seats) < 2 or not 0 <= self.seat < len(self.seats):
            return ""
        return self.seats[self.seat]


# Who played each seat of a finished game (Record.players), so that its replay shows each
# person only what they could see at the table: at a shared table the identity that sat
# there; at one keyboard HERE, a person at the keyboard of this data folder's own player.
HERE, BOT = "@here", "@bot"


def seat_players(envelope: Envelope, seats: int) -> list[str]:
    """Who played each of a game's `seats`, as Record.players keeps it."""
    if not envelope.seats:
        return [HERE] * seats  # every seat a person at this keyboard
    here = "" if envelope.kind == "table" else HERE  # a shared table names its identities
    # a seat handed to the bot while its player was away is still that player's
    return [seat.player or (BOT if seat.bot else here) for seat in envelope.seats]


class Record(msgspec.Struct, kw_only=True):
    """A history file: the listing line, and what replays the game move by move."""

    format: str = HISTORY_FORMAT
    version: int = HISTORY_VERSION
    entry: Finished
    seed: int
    options: dict[str, Any] = {}
    actions: list[msgspec.Raw] = []
    state: msgspec.Raw  # the final table (a campaign: the whole campaign)
    legacy_seats: list[int] | None = None  # whose decks in this folder took its result (None: all)
    players: list[str] = []  # who played each seat (seat_players); [] in files from before


class _Index(msgspec.Struct):
    format: str = "tabletop-tui-history-index"
    version: int = 1
    entries: list[Finished] = []
    # Each record file's key when its entry was read: a file changed since is read again. A
    # record is written whole, by a rename, and never again, so even a fresh one's key holds
    # (unlike a save's: see saves/listing.py). An index without keys is read again whole, once.
    keys: dict[str, FileKey] = {}


_encoder = msgspec.json.Encoder()
_record = msgspec.json.Decoder(Record)
_index = msgspec.json.Decoder(_Index)


class History:
    """The history folder of one data directory."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.folder = store.paths.history

    def path(self, record_id: str) -> Any:
        return self.folder / f"{record_id}.json"

    # ----- reading ----------------------------------------------------------------------

    def pending_path(self, record_id: str) -> Any:
        return self.store.paths.history_pending / f"{record_id}.json"

    def read(self, record_id: str, pending: bool = False) -> Record:
        """One finished game (`pending`: one whose decks are being written); Damaged with the
        reason when it cannot be used."""
        try:
            data = read_data_file(self.pending_path(record_id) if pending else self.path(record_id))
        except FileNotFoundError:
            raise Damaged("there is no such finished game") from None
        check_header(data, HISTORY_FORMAT, HISTORY_VERSION, "a tabletop-tui history file")
        try:
            record = _record.decode(data)
        except msgspec.ValidationError as error:
            raise Damaged(f"its contents have the wrong shape ({error})") from None
        if record.entry.game_id not in self.store.games:
            raise Damaged(f"it is for an unknown game '{record.entry.game_id}'")
        if record.entry.id != record_id:  # the listing, replay and delete go by the file's name
            raise Damaged(f"it calls itself '{record.entry.id[:40]}', not {record_id}")
        record.entry = self.as_scored_now(per_seat(self.store.games[record.entry.game_id], record))
        return record

    def exists(self, record_id: str) -> bool:
        return self.path(record_id).exists()

    def is_pending(self, record_id: str) -> bool:
        return self.pending_path(record_id).exists()

    def pending(self) -> list[str]:
        """The records whose decks are still being written (a crash stopped the step)."""
        try:
            names = os.listdir(self.store.paths.history_pending)
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(n[: -len(".json")] for n in names if n.endswith(".json") and not n.startswith("."))

    def list(self, game_id: str | None = None) -> list[Finished]:
        """Every finished game, newest first (damaged files included, with the reason)."""
        entries = self._entries()
        if game_id is not None:
            entries = [e for e in entries if e.game_id == game_id]
        return entries

    def find(self, name: str) -> Finished | None:
        """A finished game by id, or by its number in the listing (1 = newest)."""
        entries = self._entries()
        number = list_number(name, len(entries))
        if number is not None:
            return entries[number - 1]
        return next((e for e in entries if e.id == name), None)

    def _entries(self) -> list[Finished]:
        try:
            items = [
                item
                for item in os.scandir(self.folder)
                if item.name.endswith(".json") and not item.name.startswith(".")
            ]
        except FileNotFoundError:
            return []
        index = self._load_index()
        # Damaged lines are never written to the index: one found there is itself damage.
        cached = {entry.id: entry for entry in index.entries if not entry.damaged}
        if index.version != INDEX_VERSION:
            cached = {}
        entries, keys = [], {}
        for item in items:
            name = item.name[: -len(".json")]
            try:
                key = file_key(item.stat()) if is_regular(item) else None
            except OSError:
                key = None  # gone meanwhile: read() says so
            entry = cached.get(name) if key is not None and index.keys.get(name) == key else None
            if entry is None:
                try:
                    entry = self.read(name).entry
                except Damaged as damage:
                    entry = Finished(id=name, game_id="", label=name, damage=str(damage))
            if key is not None and not entry.damaged:
                keys[name] = key
            entries.append(entry)
        if keys != index.keys or index.version != INDEX_VERSION:
            self._save_index([e for e in entries if e.id in keys], keys)
        entries = [self.as_scored_now(entry) for entry in entries]
        entries.sort(key=lambda e: (e.finished, e.id), reverse=True)
        return entries

    def as_scored_now(self, entry: Finished) -> Finished:
        """The entry with the score its game gives that result now (Game.filed_score): a file
        keeps what was written when the game ended, under the rules of the day."""
        game = self.store.games.get(entry.game_id)
        if game is None or entry.damaged:
            return entry
        score = game.filed_score(entry.won, entry.score)
        return entry if score == entry.score else msgspec.structs.replace(entry, score=score)

    def _load_index(self) -> _Index:
        try:
            return _index.decode(read_regular(self.folder / INDEX_NAME))
        except (OSError, *JSON_DAMAGE):
            return _Index()  # rebuilt from the files themselves

    def _save_index(self, entries: list[Finished], keys: dict[str, FileKey]) -> None:
        try:
            data = _encoder.encode(_Index(version=INDEX_VERSION, entries=entries, keys=keys))
            write_atomic(self.folder / INDEX_NAME, data, keep_backup=False)
        except OSError:
            pass  # only a cache: the next listing reads the files again

    # ----- writing ----------------------------------------------------------------------

    def write(self, record: Record, pending: bool = False) -> None:
        data = msgspec.json.format(_encoder.encode(record), indent=1)
        path = self.pending_path(record.entry.id) if pending else self.path(record.entry.id)
        write_atomic(path, data, keep_backup=False)

    def publish(self, record_id: str) -> None:
        """A pending record joins the history (its decks hold its result)."""
        move_atomic(self.pending_path(record_id), self.path(record_id))

    def delete(self, record_id: str) -> None:
        """Remove a finished game for good. Callers ask the player first."""
        self.path(record_id).unlink(missing_ok=True)


def per_seat(game: Game, record: Record) -> Finished:
    """The entry of a record kept before results were per seat (it names no seat), for a
    game of several seats played at one keyboard: its result as seat 0 ended it (the seat a
    new game gives "you"), worked out from its final table, so a lost Versus game no longer
    reads as won. A shared table's record stays as it was filed (whose seat it was is not
    written in it), and so does one whose table the current rules cannot read."""
    entry = record.entry
    if entry.seat is not None or entry.kind != "game" or len(entry.seats) < 2 or entry.id.startswith("table-"):
        return entry
    state = final_table(game, record)
    try:
        outcome = None if state is None or game.validate(state) else game.seat_outcome(state, 0)
    except Exception:  # noqa: BLE001 (a table damaged in a way validate does not catch)
        outcome = None
    if outcome is None:
        return entry
    return msgspec.structs.replace(
        entry,
        seat=0,
        won=outcome.won,
        result="won" if outcome.won else "lost",
        score=outcome.score,
        rank=game.rank(outcome),
        summary=outcome.summary or entry.summary,
    )


def final_table(game: Game, record: Record) -> Any:
    """A record's final table as the current rules read it (carried over from older content
    by Game.upgrade); None when it cannot be."""
    try:
        if record.entry.content_version == game.content_version:
            return msgspec.json.decode(record.state, type=game.State)
        _, state, _ = game.upgrade(
            record.entry.content_version,
            dict(record.options),
            msgspec.json.decode(record.state),
            [msgspec.json.decode(action) for action in record.actions],
        )
        return msgspec.convert(state, game.State)
    except Exception:  # noqa: BLE001 (an old table no upgrade can carry: kept as it was filed)
        return None


# ----- filing a game that ended --------------------------------------------------------
