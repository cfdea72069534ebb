"""Shared tables on disk: seats claimed and kept, the game started when full, and moves from
several processes at once serialised into one legal sequence."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.session import SharedSession, StaleTable
from saves.tables import TableProblem, TableStore
from tests.conftest import FIXED_TIME
from tests.duel import Duel

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


def test_a_seat_given_back_in_the_lobby_is_open_again(paths):
    tables = table_store(paths)
    code = tables.create(DUEL, 4, {}, [Seat(name="North", player="ann"), Seat(name="South"), ])
    tables.leave_lobby(code, "ann")
    [entry] = tables.list()
    assert entry.open_seats == [0, 1]


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
