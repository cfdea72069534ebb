"""The other terminal at a shared table shows a move as soon as it lands: its bell rings
(tui/tables/hearing.py), with no look at the table's file due for a minute."""

from __future__ import annotations

import time

import pytest

from tests.tui.test_seats import SIZE, as_app, duel_app, duel_is_playable  # noqa: F401 (a fixture)
from tests.tui.test_table_life import seated
from tui import game_screen
from tui.tables import hearing, life


@pytest.fixture(autouse=True)
def no_looks(monkeypatch):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 60.0)
    monkeypatch.setattr(hearing, "SLOW_LOOK", 60.0)
    monkeypatch.setattr(life, "LOOK_AROUND", 60.0)


async def test_a_move_rings_the_other_terminal_at_once(paths):
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        await seated(ann, ben, a_pilot, b_pilot)
        assert ben.screen.hearing.problem is None
        before = len(ben.screen.session.envelope.actions)
        await a_pilot.press("enter")  # Ann picks a card
        await a_pilot.pause()
        assert len(ann.screen.session.envelope.actions) == before + 1
        started = time.monotonic()
        while len(ben.screen.session.envelope.actions) == before and time.monotonic() - started < 5:
            await b_pilot.pause(0.01)
        assert len(ben.screen.session.envelope.actions) == before + 1  # rung: no look was due


async def test_without_a_bell_the_other_terminal_looks_often_and_says_why(paths, monkeypatch):
    from saves.table_bell import TableBell

    monkeypatch.setattr(TableBell, "open", lambda self: "no bell at table X (a test): other terminals' moves are looked for")
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        await seated(ann, ben, a_pilot, b_pilot)
        assert ben.screen.hearing.problem.startswith("no bell at table")
        before = len(ben.screen.session.envelope.actions)
        await a_pilot.press("enter")
        await a_pilot.pause()
        started = time.monotonic()
        while len(ben.screen.session.envelope.actions) == before and time.monotonic() - started < 5:
            await b_pilot.pause(0.01)
        assert len(ben.screen.session.envelope.actions) == before + 1  # seen on a look
