"""Filing finished games into history/: the one step that takes a game that has ended, from
a save at one keyboard, a shared table or a Druid Path campaign, into its history record
(saves/history.py keeps and lists them).

The order of the steps makes a crash at any instant harmless: the history file is written
(atomically) before the save is removed, and a save whose game is over is filed again by
`sweep` the next time the program starts, which writes the same file again. A game of a legacy
(DecknForge) writes its record to `history/.pending/` first, each deck then takes the result
unless its file already lists the game (saves/legacy.py), and only then does the record move
into history/ and the save go; `sweep` carries a pending step on from wherever a kill left it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import Game, Outcome
from saves.envelope import Damaged, Envelope
from saves.history import Finished, History, Record, seat_players
from saves.legacy import Report, write_results
from saves.store import SaveStore

_encoder = msgspec.json.Encoder()


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
