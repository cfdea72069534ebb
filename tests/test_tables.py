"""Shared tables on disk: seats claimed and kept, the game started when full, and moves from
several processes at once serialised into one legal sequence."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.session import SharedSession, StaleTable
from saves.tables import TableProblem, TableStore
from tests.conftest import FIXED_TIME
from tests.duel import Duel, Pick

DUEL = Duel()


def table_store(paths) -> TableStore:
    return TableStore(paths, {**GAMES, "duel": DUEL}, clock=lambda: FIXED_TIME)


def open_duel(tables: TableStore, cards: int = 3) -> str:
    return tables.create(DUEL, 4, {"cards": cards}, [Seat(name="North", player="ann"), Seat(name="South")])


def test_a_table_waits_for_its_open_seat_then_starts(paths):
    tables = table_store(paths)
    code = open_duel(tables)
    assert len(code) == 4 and code.isupper()
    [entry] = tables.list()
    assert entry.open_seats == [1] and not entry.started and entry.summary == "waiting for 1 player"
    assert tables.claim(code, "ann", "Ann") == 0  # already seated: back at her seat
    assert tables.claim(code, "ben", "Ben") == 1
    [entry] = tables.list()
    assert entry.started and entry.seats[1].name == "Ben" and entry.open_seats == []
    with pytest.raises(TableProblem, match="no free seat"):
        tables.claim(code, "cy", "Cy")
    assert tables.claim(code, "ben", "Ben") == 1  # a dropped player comes back to the seat


def test_a_seat_given_back_in_the_lobby_is_open_again_and_a_table_nobody_sits_at_goes(paths):
    """Only a seated player may delete a table: one whose last player gave their seat back
    would stay in everyone's list for ever, so it goes with that player."""
    game = GAMES["decknforge"]
    tables = table_store(paths)
    seats = [Seat(name="Ann", player="ann"), Seat(name="Seat 2"), Seat(name="Seat 3")]
    code = tables.create(game, 3, game.check_options({"players": 3}), seats)
    assert tables.claim(code, "ben", "Ben") == 1
    tables.leave_lobby(code, "ben")
    [entry] = tables.list()
    assert entry.open_seats == [1, 2] and entry.seats[0].player == "ann"
    tables.leave_lobby(code, "ann")
    assert tables.list() == [] and not any(paths.tables.glob(f"{code}.json*"))


def test_one_terminal_gives_back_its_own_seat_only(paths):
    """Two people on one account wait in a lobby of three seats; one gives their seat back."""
    game = GAMES["decknforge"]
    tables = table_store(paths)
    seats = [Seat(name="Ann", player="user:pat"), Seat(name="Seat 2"), Seat(name="Seat 3")]
    code = tables.create(game, 3, game.check_options({"players": 3}), seats)
    assert tables.claim(code, "user:pat", "Bo", another=True) == 1
    tables.leave_lobby(code, "user:pat", {1})
    [entry] = tables.list()
    assert entry.open_seats == [1, 2] and entry.seats[0].name == "Ann"


def test_a_damaged_table_is_listed_with_its_reason(paths):
    tables = table_store(paths)
    code = open_duel(tables)
    tables.file(code).write_text('{"format": "tabletop-tui-save", "version": 2')
    [entry] = tables.list()
    assert entry.code == code and "not complete JSON" in entry.damage


def race(folder: str, code: str, player: str, seat: int, report: str) -> None:
    """Play one seat's moves as fast as possible, against rivals playing the same seat, and
    write down where each move that was accepted landed in the table's log."""
    tables = table_store(DataPaths(Path(folder)))
    session = SharedSession.open(tables, code, player)
    accepted = []
    while DUEL.outcome(session.state) is None:
        mine = [a for a in DUEL.legal_actions(session.state) if a.seat == seat]
        if not mine:
            session.reload()
            continue
        try:
            session.play(mine[-1])
        except (StaleTable, IllegalAction):
            session.reload()
            continue
        accepted.append((len(session.envelope.actions) - 1, json.loads(bytes(session.envelope.actions[-1]))))
    Path(report).write_text(json.dumps(accepted))


def _age(path: Path, seconds: int = 3600) -> None:
    stamp = time.time_ns() - seconds * 10**9
    os.utime(path, ns=(stamp, stamp))


def test_a_table_unchanged_since_the_last_listing_is_not_read_again(paths, monkeypatch):
    """The Tables screen lists every table about once a second; checking one sets its game up."""
    tables = table_store(paths)
    waiting, other = open_duel(tables), open_duel(tables)
    read = []
    real_read = TableStore.read
    monkeypatch.setattr(TableStore, "read", lambda self, code: read.append(code) or real_read(self, code))
    assert {e.code for e in tables.list()} == {waiting, other} and sorted(read) == sorted([waiting, other])
    read.clear()
    tables.list()
    assert sorted(read) == sorted([waiting, other])  # just written: their keys cannot be trusted yet
    _age(tables.file(waiting))
    _age(tables.file(other))
    read.clear()
    first = tables.list()
    assert len(read) == 2
    read.clear()
    assert tables.list() == first and read == []  # unchanged: nothing read
    tables.claim(waiting, "ben", "Ben")  # the table starts: a new file
    _age(tables.file(waiting), 60)
    read.clear()
    [entry] = [e for e in tables.list() if e.code == waiting]
    assert read == [waiting] and entry.started  # only the changed file is read again
    tables.file(other).unlink()
    assert [e.code for e in tables.list()] == [waiting]  # a table gone is gone from the list


def test_moves_from_several_processes_at_once_form_one_legal_sequence(paths):
    tables = table_store(paths)
    cards = 15
    code = open_duel(tables, cards)
    tables.claim(code, "ben", "Ben")
    # two processes for each seat race each other and the other seat's two
    racers = [(p, s) for p, s in (("ann", 0), ("ben", 1)) for _ in range(2)]
    context = multiprocessing.get_context("fork")
    reports = [paths.root / f"accepted-{i}.json" for i in range(len(racers))]
    processes = [
        context.Process(target=race, args=(str(paths.root), code, p, s, str(r)))
        for (p, s), r in zip(racers, reports)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
        assert process.exitcode == 0
    session = SharedSession.open(tables, code, "ann")
    log = [json.loads(bytes(raw)) for raw in session.envelope.actions]
    assert len(log) == 2 * cards
    accepted = [(index, move) for report in reports for index, move in json.loads(report.read_text())]
    assert sorted(index for index, _ in accepted) == list(range(2 * cards))  # none lost or doubled
    assert all(log[index] == move for index, move in accepted)  # each where it was made
    assert session.replay() == session.state
    assert DUEL.outcome(session.state) is not None


# ----- taking moves back and keeping the result, at a shared table ---------------------------


def seated_duel(paths) -> tuple[TableStore, str]:
    tables = table_store(paths)
    code = open_duel(tables)
    tables.claim(code, "ben", "Ben")
    return tables, code


def test_a_face_down_pick_is_taken_back_until_the_other_seat_acts(paths):
    tables, code = seated_duel(paths)
    ann, ben = SharedSession.open(tables, code, "ann"), SharedSession.open(tables, code, "ben")
    ann.play(Pick(0, 0))
    assert ann.undo_status(0).possible and not ann.undo_status(1).possible
    assert ann.undo(0) == Pick(0, 0)
    assert tables.read(code).actions == [] and ann.state.picked == [-1, -1]
    ann.play(Pick(0, 1))
    ben.reload()
    ben.play(Pick(1, 0))  # both shown: a reveal, and another seat acted after Ann
    ann.reload()
    assert ann.undo_status(0).text == "Nothing to take back: South: Play your card #1 showed a hidden card."
    assert not ben.undo_status(1).possible


def test_undo_is_refused_when_another_terminal_moved_first(paths):
    tables, code = seated_duel(paths)
    ann, ben = SharedSession.open(tables, code, "ann"), SharedSession.open(tables, code, "ben")
    ann.play(Pick(0, 0))
    ben.reload()
    ben.play(Pick(1, 2))
    with pytest.raises(StaleTable):
        ann.undo(0)
    assert len(tables.read(code).actions) == 2


def test_a_finished_shared_game_joins_each_seated_players_history(paths, tmp_path):
    from saves.filing import sweep_tables
    from saves.history import History
    from saves.store import SaveStore

    tables, code = seated_duel(paths)
    ann = SharedSession.open(tables, code, "ann")
    while ann.outcome() is None:
        seat = ann.game.to_move(ann.state)[0]
        ann.play(DUEL.bot_action(ann.state, seat))
    mine = SaveStore(DataPaths(tmp_path / "ann"), {**GAMES, "duel": DUEL}, clock=lambda: FIXED_TIME)
    entry = ann.keep_result(mine)
    assert entry is not None and entry.seats == ["North", "Ben"] and entry.moves == 6
    assert ann.keep_result(mine) is None  # kept once
    assert SharedSession.open(tables, code, "").keep_result(mine) is None  # a watcher keeps nothing
    theirs = SaveStore(DataPaths(tmp_path / "ben"), {**GAMES, "duel": DUEL}, clock=lambda: FIXED_TIME)
    assert [e.id for e in sweep_tables(theirs, tables, "ben")] == [entry.id]  # away at the end
    assert sweep_tables(theirs, tables, "cy") == [] and tables.list()[0].over
    assert History(theirs).read(entry.id).entry.won == entry.won


# ----- who may sit where: identities, names and decks ---------------------------------------


def test_a_newcomer_cannot_sit_under_a_name_already_at_the_table(paths):
    tables = table_store(paths)
    code = tables.create(DUEL, 4, {}, [Seat(name="Ann", player="user:ann"), Seat(name="South")])
    with pytest.raises(TableProblem, match="ANN already sits at this table"):
        tables.claim(code, "user:cy", "ANN")
    assert tables.list()[0].open_seats == [1]
    assert tables.claim(code, "user:cy", "Cy") == 1


def test_one_identity_sits_again_at_its_seat_unless_another_person_takes_a_free_one(paths):
    tables = table_store(paths)
    code = tables.create(DUEL, 4, {}, [Seat(name="Ann", player="user:pat"), Seat(name="South")])
    assert tables.claim(code, "user:pat", "Bo") == 0  # the same account: back at its seat
    assert tables.claim(code, "user:pat", "Bo", another=True) == 1  # someone else at it
    [entry] = tables.list()
    assert entry.started and [s.player for s in entry.seats] == ["user:pat", "user:pat"]


def test_a_deck_sits_at_one_seat_of_a_table(paths):
    """DecknForge's rulebook: nobody plays out of somebody else's deck. The same deck brought
    twice would read "ANN, ANN enter a dungeon" and lose half its result."""
    import msgspec

    from engine.decknforge.legacy import fresh_deck

    game = GAMES["decknforge"]
    tables = table_store(paths)
    ann = msgspec.to_builtins(msgspec.structs.replace(fresh_deck("ANN"), id="ann-1"))
    other = msgspec.to_builtins(msgspec.structs.replace(fresh_deck("BEN"), id="ben-1"))
    code = tables.create(game, 3, {}, [Seat(name="Ann", player="user:ann", brings=ann), Seat(name="Seat 2")])
    with pytest.raises(TableProblem, match=r"That deck is already at this table \(seat 1, Ann's\)"):
        tables.claim(code, "user:ben", "Ben", ann)
    with pytest.raises(TableProblem, match=r"\(seat 1, Ann's\)"):
        tables.claim(code, "user:ann", "Al", ann, another=True)
    assert tables.list()[0].open_seats == [1]
    tables.claim(code, "user:ben", "Ben", other)
    session = SharedSession.open(tables, code, "user:ben")
    assert [d.id for d in session.state.decks] == ["ann-1", "ben-1"]
    with pytest.raises(ValueError, match="That deck is already at this table"):
        tables.create(game, 3, {}, [Seat(name="Ann", player="user:ann", brings=ann), Seat(name="Al", player="user:ann", brings=ann)])


def test_two_players_decks_of_one_id_from_their_own_folders_are_two_decks(tmp_path):
    """On a serve host each key keeps its decks in a folder of its own, and a deck's id comes
    from its initials: Ann's and Abe's first decks are both `ab-1`, and both may sit down.
    The same id from one folder is one deck, and is refused (R44)."""
    import msgspec

    from engine.decknforge.legacy import fresh_deck

    game = GAMES["decknforge"]
    ann_paths, abe_paths = (DataPaths(tmp_path / who, tmp_path / "common") for who in ("ann", "abe"))
    deck = msgspec.to_builtins(msgspec.structs.replace(fresh_deck("AB"), id="ab-1"))
    code = table_store(ann_paths).create(game, 3, {"players": 3}, [Seat(name="Ann", player="key:ann", brings=deck), Seat(name="Seat 2"), Seat(name="Seat 3")])
    table_store(abe_paths).claim(code, "key:abe", "Abe", deck)  # his own ab-1
    with pytest.raises(TableProblem, match="That deck is already at this table"):
        table_store(ann_paths).claim(code, "key:ann", "Al", deck, another=True)  # Ann's ab-1 again
    seats = table_store(ann_paths).read(code).seats
    assert [s.player for s in seats] == ["key:ann", "key:abe", ""]
    assert seats[0].shelf != seats[1].shelf


def test_a_seat_of_an_old_table_claimed_by_name_becomes_the_accounts(paths):
    tables = table_store(paths)
    code = tables.create(DUEL, 4, {}, [Seat(name="Ann", player="name:ann"), Seat(name="Ben", player="name:ben")])
    assert tables.list()[0].started  # an old table, readable and playing
    assert tables.claim(code, "user:pat", "Ann", legacy="name:ann") == 0
    assert [s.player for s in tables.list()[0].seats] == ["user:pat", "name:ben"]


# ----- away players, the bot, and a deleted table -------------------------------------------


def test_a_seat_is_handed_to_the_bot_only_once_its_player_has_been_away_a_while(paths):
    tables, code = seated_duel(paths)
    now = [1000.0]
    tables.wall = lambda: now[0]

    def beat(terminal: str, seats: set[int], at: float, here: bool = True) -> None:
        tables.mark_here(code, terminal, seats, here)
        os.utime(tables.presence_file(code, terminal), (at, at))

    beat("t1", {0}, 1000)
    beat("t2", {1}, 1000)
    assert tables.absence(code, tables.read(code).seats) == {}
    with pytest.raises(TableProblem, match="Ben is at the table"):
        tables.hand_to_bot(code, 1, "North")
    beat("t2", {1}, 1010, here=False)  # Ben leaves
    now[0] = 1030.0
    beat("t1", {0}, 1025)  # North's terminal goes on beating
    assert tables.absence(code, tables.read(code).seats) == {1: 20.0}
    with pytest.raises(TableProblem, match="Ben is at the table"):
        tables.hand_to_bot(code, 1, "North")  # away, but not for long
    now[0] = 1010.0 + tables.away_after + 5
    beat("t1", {0}, now[0] - 1)
    note = tables.hand_to_bot(code, 1, "North")
    assert note == "North hands Ben's seat to the bot: Ben has been away 65 seconds."
    envelope = tables.read(code)
    assert envelope.seats[1].bot and envelope.seats[1].player == "ben"
    assert tables.decode_state(envelope).log[-1] == note
    with pytest.raises(TableProblem, match="^The bot plays Ben's seat already.$"):
        tables.hand_to_bot(code, 1, "Cy")  # a second player at the table pressed it too
    ben = SharedSession.open(tables, code, "ben")
    assert ben.owned_seats == {1} and ben.local_seats == set()  # his still, the bot's to play
    assert tables.take_back(code, "ann") == ""  # nothing of Ann's to take back
    assert tables.take_back(code, "ben") == "Ben is back and takes the seat from the bot."
    assert not tables.read(code).seats[1].bot


def test_a_seat_the_bot_played_to_the_end_keeps_its_result_for_its_owner(paths, tmp_path):
    from saves.store import SaveStore

    tables, code = seated_duel(paths)
    tables.away_after = 0
    tables.mark_here(code, "t1", {0})
    tables.hand_to_bot(code, 1, "North")
    north = SharedSession.open(tables, code, "ann")
    while north.outcome() is None:
        north.play(DUEL.bot_action(north.state, DUEL.to_move(north.state)[0]))
    assert tables.take_back(code, "ben") == ""  # the game is over: nothing to take back
    ben = SharedSession.open(tables, code, "ben")
    mine = SaveStore(DataPaths(tmp_path / "ben"), {**GAMES, "duel": DUEL}, clock=lambda: FIXED_TIME)
    assert ben.keep_result(mine) is not None  # in Ben's history, though the bot finished it


def test_a_terminal_that_stops_beating_is_away_and_one_that_left_is_forgotten_on_return(paths):
    tables, code = seated_duel(paths)
    now = [1000.0]
    tables.wall = lambda: now[0]
    tables.mark_here(code, "t1", {0, 1})  # one terminal at both seats (one account, hot seat)
    os.utime(tables.presence_file(code, "t1"), (1000, 1000))
    now[0] = 1014.0
    assert tables.absence(code, tables.read(code).seats) == {}
    now[0] = 1016.0  # three beats without a word: it hung, or its machine went down
    assert tables.absence(code, tables.read(code).seats) == {0: 16.0, 1: 16.0}
    tables.mark_here(code, "t1", {0, 1}, here=False)
    tables.mark_here(code, "t2", {0, 1})
    assert not tables.presence_file(code, "t1").exists()
    assert tables.absence(code, tables.read(code).seats) == {}


def test_a_deleted_table_says_who_deleted_it(paths):
    from saves.tables import TableGone

    tables, code = seated_duel(paths)
    session = SharedSession.open(tables, code, "ben")
    tables.mark_here(code, "t1", {0})
    tables.delete(code, by="North")
    with pytest.raises(TableGone, match=f"table {code} was deleted by North"):
        session.reload_if_changed()
    with pytest.raises(TableGone):
        session.play(Pick(1, 0))
    assert not list(paths.tables.glob(f".{code}.*.here"))


@pytest.mark.parametrize("game_id, options", [("decknforge", {"players": 2}), ("disciple", {"mode": "coop", "players": 2})])
def test_a_seat_handed_to_the_bot_is_a_line_of_the_real_games_log_and_the_table_stays_whole(paths, game_id, options):
    """Each game writes the line its own way (Disciple counts every line it writes: a line
    slipped in beside its log would make the table read as damaged)."""
    game = GAMES[game_id]
    tables = table_store(paths)
    tables.away_after = 0
    code = tables.create(game, 3, game.check_options(options), [Seat(name="Ann", player="a"), Seat(name="Ben", player="b")])
    tables.mark_here(code, "t1", {0})
    note = tables.hand_to_bot(code, 1, "Ann")
    ann = SharedSession.open(tables, code, "a")  # read and checked as every table is: whole
    assert game.log_lines(game.view(ann.state, 0))[-1] == note
    assert ann.bot_seats == {1}
    assert ann.undo_status(0).text == "Nothing to take back: a seat changed hands since (see the log)."
