"""Finished games, kept: a history folder of one file per game, and a listing index.

A game that ends moves from saves/ to history/: its result, seed, options, every move and its
final table. The order of the steps makes a crash at any instant harmless: the history file
is written (atomically) before the save is removed, and a save whose game is over is filed
again by `sweep` the next time the program starts, which writes the same file again.

A game of a legacy (DecknForge) also writes its result on the decks that played, in the same
step: its record is written first to `history/.pending/`, each deck then takes the result
unless its file already lists the game (saves/legacy.py), and only then does the record move
into history/ and the save go. A kill at any instant leaves a pending record or a finished
save, and `sweep` (at every start) carries the step on from there: every deck ends up
holding the result exactly once, and the history never lists a game its decks lack.

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
from saves.atomic import move_atomic, write_atomic
from saves.envelope import Damaged, Envelope, check_header
from saves.files import JSON_DAMAGE, is_regular, read_data_file, read_regular
from saves.listing import FileKey, file_key, list_number
from saves.legacy import Report, write_results
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


def local_seat(envelope: Envelope) -> int:
    """The seat of this folder's player in a game played at one keyboard: the first seat no
    bot plays (the one a new game gives "you"), seat 0 when everyone played here."""
    return next((i for i, seat in enumerate(envelope.seats) if not seat.bot), 0)


def table_seat(envelope: Envelope, player: str) -> int | None:
    """The seat `player` (an identity) sat in at a shared table, the first of theirs (a seat
    handed to the bot while they were away is still theirs); None when they sat at none."""
    return next((i for i, s in enumerate(envelope.seats) if player and s.player == player), None)


def game_entry(
    game: Game,
    record_id: str,
    envelope: Envelope,
    state: Any,
    options: dict[str, Any],
    outcome: Outcome,
    seat: int = 0,
) -> Finished:
    """The history line of a finished game, told as `seat` ended it (`outcome` is its own)."""
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
        seat=seat,
        decks=game.decks_played(state),
    )


def game_record(game: Game, entry: Finished, envelope: Envelope, state: Any) -> Record:
    """The history file of a finished game (a single game or a shared table's)."""
    return Record(
        entry=entry,
        seed=envelope.seed,
        options=envelope.options,
        actions=list(envelope.actions),
        state=msgspec.Raw(_encoder.encode(state)),
        players=seat_players(envelope, len(game.seats(state))),
    )


def file_record(store: SaveStore, record: Record, seats: list[int] | None = None) -> Report:
    """Put a finished game's record in history, and, for a legacy game, its result on the
    decks of `seats` (None: every seat) as one step that a crash cannot break: the record is
    written pending, carrying the result; the decks take it; the record joins the history.
    A record already pending (a step a crash stopped) is carried on as it is."""
    history = History(store)
    if store.games[record.entry.game_id].legacy is None:
        history.write(record)
        return Report()
    if not history.is_pending(record.entry.id):
        record.legacy_seats = seats
        history.write(record, pending=True)
    return complete(store, record.entry.id)


def complete(store: SaveStore, record_id: str) -> Report:
    """Carry a pending record's step on: its result on every deck that lacks it (a deck that
    has it is left alone), then the record into history. Damaged or OSError leave it pending."""
    history = History(store)
    try:
        record = history.read(record_id, pending=True)
    except Damaged:
        if history.exists(record_id):
            return Report()  # another process (the same player's other terminal) finished it
        raise
    game = store.games[record.entry.game_id]
    try:
        state = msgspec.json.decode(record.state, type=game.State)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:  # cards changed since
        raise Damaged(f"its {game.title} table is not valid ({error})") from None
    report = write_results(store.paths, game, record_id, state, record.legacy_seats, store.clock)
    try:
        history.publish(record_id)
    except FileNotFoundError:
        if not history.exists(record_id):  # not moved by another process meanwhile
            raise
    return report


def _told(report: Report | None, got: Report) -> None:
    if report is not None:
        report.problems += got.problems
        report.notes += got.notes


def file_game(
    store: SaveStore, save_id: str, envelope: Envelope, state: Any, report: Report | None = None
) -> Finished:
    """Move a finished single game from saves/ to history/ (`report` gathers what its decks
    had to say). The finished save is on disk first, its record (and the decks) next, and the
    save is removed last: a crash between any two leaves the save, and `sweep` finishes the move."""
    from saves import daily

    store.flush()  # the last move's autosave has landed: the save on disk is the finished game
    game = store.games[envelope.game_id]
    seat = local_seat(envelope)
    outcome = game.seat_outcome(state, seat)
    assert outcome is not None, "only a finished game is filed"
    entry = game_entry(game, save_id, envelope, state, envelope.options, outcome, seat)
    entry = daily.mark(store, entry, envelope.seed)
    record = game_record(game, entry, envelope, state)
    _told(report, file_record(store, record))
    daily.post(store, entry)
    store.delete(save_id)
    return entry


def table_record_id(code: str, envelope: Envelope) -> str:
    """A shared table's game in a player's history: its code and when the table opened
    (codes are used again once a table is deleted)."""
    stamp = "".join(ch for ch in envelope.created[:19] if ch.isdigit())
    return f"table-{code}-{stamp}"


def file_table(
    store: SaveStore,
    code: str,
    envelope: Envelope,
    state: Any,
    player: str,
    seats: list[int] | None = None,
    report: Report | None = None,
) -> Finished | None:
    """A shared table's finished game, kept in the own history of `player` (an identity), as
    the seat they sat in ended it (the table itself stays in the common folder for the
    others), with its result on the decks of `seats` (this player's: the others' decks live
    in their own folders). Nothing is written twice; None when the record is already there,
    or when `player` sat at no seat."""
    record_id = table_record_id(code, envelope)
    history = History(store)
    seat = table_seat(envelope, player)
    if seat is None or history.exists(record_id):
        return None
    if history.is_pending(record_id):
        _told(report, complete(store, record_id))
        return history.read(record_id).entry
    game = store.games[envelope.game_id]
    outcome = game.seat_outcome(state, seat)
    assert outcome is not None, "only a finished game is filed"
    entry = game_entry(game, record_id, envelope, state, envelope.options, outcome, seat)
    entry = msgspec.structs.replace(entry, seats=[s.name for s in envelope.seats] or entry.seats)
    record = game_record(game, entry, envelope, state)
    _told(report, file_record(store, record, [] if seats is None else sorted(seats)))
    return entry


def sweep_tables(store: SaveStore, tables: Any, player: str) -> list[Finished]:
    """Shared tables this player sat at whose game ended while they were away (or before
    their decks took its result): into their history too, with their decks' result."""
    filed = []
    for table in tables.list():
        if table.damage or not table.over or table.seat_of(player) is None:
            continue
        seats = [i for i, seat in enumerate(table.seats) if seat.player == player]
        try:
            envelope = tables.read(table.code)
            entry = file_table(store, table.code, envelope, tables.decode_state(envelope), player, seats)
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
            players=seat_players(envelope, len(game.seats(state))),
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


def complete_pending(store: SaveStore) -> list[Finished]:
    """Carry on every legacy step that a crash or a refused write stopped (at each start, and
    before decks are read to be shown or brought to a table); the games now in history."""
    filed: list[Finished] = []
    history = History(store)
    for record_id in history.pending():
        try:
            complete(store, record_id)
            filed.append(history.read(record_id).entry)
        except (Damaged, OSError):
            continue  # left pending, to be carried on later
    return filed


def sweep(store: SaveStore) -> list[Finished]:
    """File what a crash left behind: pending records whose decks may lack their result, and
    saves whose game (or campaign) is over.

    Run when the program starts; files nothing twice (a record written before the crash is
    kept, and only the save it came from is removed) and writes no deck twice."""
    from saves import daily

    filed = complete_pending(store)  # a legacy step a crash stopped: its decks first
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
                if history.exists(entry.save_id):  # filed; the daily board may lack it
                    daily.post(store, history.read(entry.save_id).entry)
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
