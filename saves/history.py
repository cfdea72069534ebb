"""Finished games, kept: a history folder of one file per game, and a listing index.

A game that ends moves from saves/ to history/: its result, seed, options, every move and its
final table. The order of the steps makes a crash at any instant harmless: the history file
is written (atomically) before the save is removed, and a save whose game is over is filed
again by `sweep` the next time the program starts, which writes the same file again.

A Druid Path campaign files each of its games as it ends (the campaign save goes on) and
then itself once the road is over: its games' results, its score and how far it went.

Listing 10,000 finished games must stay quick, so the small listing lines are also kept
together in `.index.json`, each with the size, time and inode its file had. It is only a
cache: whatever it lacks, holds too many of, or kept for a file changed since, is found by
comparing it with the folder, and it is rewritten then.
"""

from __future__ import annotations

import os
from typing import Any

import msgspec

from engine.core.game import Game, Outcome
from saves.atomic import write_atomic
from saves.envelope import Damaged, Envelope, check_header
from saves.files import JSON_DAMAGE, is_regular, read_data_file, read_regular
from saves.listing import FileKey, file_key, list_number
from saves.store import SaveStore

HISTORY_FORMAT = "tabletop-tui-history"
HISTORY_VERSION = 1
INDEX_NAME = ".index.json"


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
    decks: list[str] = []  # the decks that played (DecknForge)
    campaign: str = ""  # the campaign a game was played in
    reached: int = 0  # a campaign: how many games of its road were begun
    daily: str = ""  # the UTC date of a daily deal
    practice: bool = False  # a daily deal played again the same day
    damage: str = ""  # why the file cannot be read; empty when it can

    @property
    def damaged(self) -> bool:
        return bool(self.damage)


class Record(msgspec.Struct, kw_only=True):
    """A history file: the listing line, and what replays the game move by move."""

    format: str = HISTORY_FORMAT
    version: int = HISTORY_VERSION
    entry: Finished
    seed: int
    options: dict[str, Any] = {}
    actions: list[msgspec.Raw] = []
    state: msgspec.Raw  # the final table (a campaign: the whole campaign)


class _Index(msgspec.Struct):
    format: str = "tabletop-tui-history-index"
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

    def read(self, record_id: str) -> Record:
        """One finished game; Damaged with the reason when it cannot be used."""
        try:
            data = read_data_file(self.path(record_id))
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
        record.entry = self.as_scored_now(record.entry)
        return record

    def exists(self, record_id: str) -> bool:
        return self.path(record_id).exists()

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
        if keys != index.keys:
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
            data = _encoder.encode(_Index(entries=entries, keys=keys))
            write_atomic(self.folder / INDEX_NAME, data, keep_backup=False)
        except OSError:
            pass  # only a cache: the next listing reads the files again

    # ----- writing ----------------------------------------------------------------------

    def write(self, record: Record) -> None:
        data = msgspec.json.format(_encoder.encode(record), indent=1)
        write_atomic(self.path(record.entry.id), data, keep_backup=False)

    def delete(self, record_id: str) -> None:
        """Remove a finished game for good. Callers ask the player first."""
        self.path(record_id).unlink(missing_ok=True)


# ----- filing a game that ended --------------------------------------------------------


def game_entry(
    game: Game, record_id: str, envelope: Envelope, state: Any, options: dict[str, Any], outcome: Outcome
) -> Finished:
    return Finished(
        id=record_id,
        game_id=game.id,
        content_version=envelope.content_version,
        label=envelope.label,
        started=envelope.created,
        finished=envelope.updated,
        won=outcome.won,
        result="won" if outcome.won else "lost",
        score=outcome.score,
        rank=game.rank(outcome),
        summary=outcome.summary or game.summary(state),
        variant=game.variant(state, options),
        moves=len(envelope.actions),
        seats=game.seats(state),
        decks=game.decks_played(state),
    )


def file_game(store: SaveStore, save_id: str, envelope: Envelope, state: Any) -> Finished:
    """Move a finished single game from saves/ to history/ (its record first, then the
    save is removed: a crash between the two leaves both, and `sweep` finishes the move)."""
    from saves import daily

    game = store.games[envelope.game_id]
    outcome = game.outcome(state)
    assert outcome is not None, "only a finished game is filed"
    entry = game_entry(game, save_id, envelope, state, envelope.options, outcome)
    entry = daily.mark(store, entry, envelope.seed)
    history = History(store)
    history.write(
        Record(
            entry=entry,
            seed=envelope.seed,
            options=envelope.options,
            actions=list(envelope.actions),
            state=msgspec.Raw(_encoder.encode(state)),
        )
    )
    daily.post(store, entry)
    store.delete(save_id)
    return entry


def table_record_id(code: str, envelope: Envelope) -> str:
    """A shared table's game in a player's history: its code and when the table opened
    (codes are used again once a table is deleted)."""
    stamp = "".join(ch for ch in envelope.created[:19] if ch.isdigit())
    return f"table-{code}-{stamp}"


def file_table(store: SaveStore, code: str, envelope: Envelope, state: Any) -> Finished | None:
    """A shared table's finished game, kept in this player's own history (the table itself
    stays in the common folder for the others). Nothing is written twice; None when the
    record is already there."""
    record_id = table_record_id(code, envelope)
    history = History(store)
    if history.exists(record_id):
        return None
    game = store.games[envelope.game_id]
    outcome = game.outcome(state)
    assert outcome is not None, "only a finished game is filed"
    entry = game_entry(game, record_id, envelope, state, envelope.options, outcome)
    entry = msgspec.structs.replace(entry, seats=[seat.name for seat in envelope.seats] or entry.seats)
    history.write(
        Record(
            entry=entry,
            seed=envelope.seed,
            options=envelope.options,
            actions=list(envelope.actions),
            state=msgspec.Raw(_encoder.encode(state)),
        )
    )
    return entry


def sweep_tables(store: SaveStore, tables: Any, player: str) -> list[Finished]:
    """Shared tables this player sat at whose game ended while they were away: into their
    history too."""
    filed = []
    for table in tables.list():
        if table.damage or not table.over or table.seat_of(player) is None:
            continue
        try:
            envelope = tables.read(table.code)
            entry = file_table(store, table.code, envelope, tables.decode_state(envelope))
        except (Damaged, OSError):
            continue
        if entry is not None:
            filed.append(entry)
    return filed


def campaign_game_id(campaign_id: str, index: int) -> str:
    return f"{campaign_id}-game{index + 1}"


def file_campaign_game(store: SaveStore, save_id: str, envelope: Envelope, campaign: Any) -> Finished:
    """A campaign's game that just ended, as a game of its own; the campaign save goes on."""
    game = store.games[envelope.game_id]
    state = game.campaign_game(campaign)
    outcome = game.outcome(state)
    assert outcome is not None, "only a finished game is filed"
    seed, options = game.campaign_game_setup(campaign)
    index = game.campaign_reached(campaign) - 1
    entry = game_entry(game, campaign_game_id(save_id, index), envelope, state, options, outcome)
    entry = msgspec.structs.replace(
        entry, label=f"{envelope.label}, game {index + 1}", started="", campaign=save_id
    )
    History(store).write(
        Record(
            entry=entry,
            seed=seed,
            options=options,
            actions=list(envelope.actions),
            state=msgspec.Raw(_encoder.encode(state)),
        )
    )
    return entry


def file_campaign(store: SaveStore, save_id: str, envelope: Envelope, campaign: Any) -> Finished:
    """A campaign whose road is over: its record (each game's result inside), then the save
    is removed."""
    game = store.games[envelope.game_id]
    outcome = game.campaign_outcome(campaign)
    assert outcome is not None, "only a campaign that is over is filed"
    status = game.campaign_status(campaign)
    entry = Finished(
        id=save_id,
        kind="campaign",
        game_id=game.id,
        content_version=envelope.content_version,
        label=envelope.label,
        started=envelope.created,
        finished=envelope.updated,
        won=outcome.won,
        result=status,
        score=outcome.score,
        rank=game.rank(outcome),
        summary=outcome.summary,
        variant=game.campaign_variant(campaign),
        reached=game.campaign_reached(campaign),
    )
    History(store).write(
        Record(
            entry=entry,
            seed=envelope.seed,
            options=envelope.options,
            state=msgspec.Raw(_encoder.encode(campaign)),
        )
    )
    store.delete(save_id)
    return entry


def sweep(store: SaveStore) -> list[Finished]:
    """File what a crash left behind: saves whose game (or campaign) is over.

    Run when the program starts; files nothing twice (a record written before the crash is
    kept, and only the save it came from is removed)."""
    filed: list[Finished] = []
    history = History(store)
    for entry in store.list():
        if entry.damaged or not (entry.finished or entry.game_ended) or entry.open_in:
            continue  # (a game open in another terminal is filed there)
        try:
            envelope = store.read(entry.save_id)
            value = store.decode_state(envelope)
            game = store.games[envelope.game_id]
            if envelope.kind == "campaign":
                filed += _sweep_campaign(store, history, entry.save_id, envelope, value)
            elif game.outcome(value) is not None:
                if history.exists(entry.save_id):
                    store.delete(entry.save_id)
                else:
                    filed.append(file_game(store, entry.save_id, envelope, value))
        except (Damaged, OSError):
            continue  # listed as it is; nothing else stops working
    return filed


def _sweep_campaign(
    store: SaveStore, history: History, save_id: str, envelope: Envelope, campaign: Any
) -> list[Finished]:
    game = store.games[envelope.game_id]
    filed = []
    state = game.campaign_game(campaign)
    if state is not None and game.outcome(state) is not None:
        record_id = campaign_game_id(save_id, game.campaign_reached(campaign) - 1)
        if not history.exists(record_id):
            filed.append(file_campaign_game(store, save_id, envelope, campaign))
    if game.campaign_outcome(campaign) is not None:
        if history.exists(save_id):
            store.delete(save_id)
        else:
            filed.append(file_campaign(store, save_id, envelope, campaign))
    return filed
