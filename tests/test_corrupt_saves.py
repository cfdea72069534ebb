"""A save file with one field changed at random is playable or listed as damaged with a reason,
never a crash (tests/corrupt.py does the changing; `python -m tests.corrupt` runs it longer).
Also the case that started it: a Disruption save with no encounter on the table."""

from __future__ import annotations

import json
import os

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Damaged
from saves.session import GameSession
from tests import corrupt
from tests.tui.launcher import SIZE, make_app

CASES = int(os.environ.get("CORRUPT_CASES", "1500"))  # per game; the long run is the command


@pytest.mark.parametrize("game_id", list(GAMES))
def test_one_field_changed_is_playable_or_damaged(game_id):
    tally = corrupt.run(game_id, CASES, seed=7)
    assert not tally.crashes, tally.crashes[0]
    assert not tally.unchecked, tally.unchecked[0]  # refused, but only by the safety net
    assert tally.cases == CASES
    # Both verdicts happen: a check that refused everything, or nothing, would not pass.
    assert tally.playable > CASES // 10 and tally.damaged > CASES // 10
    assert len(tally.reasons) > 20  # damage is told by what it is, not one blanket reason


@pytest.mark.parametrize("game_id", list(GAMES))
def test_corrupted_files_in_the_saves_folder_are_listed_and_resumed_or_refused(store, game_id):
    samples = corrupt.sample_files(store, game_id)
    for path in store.paths.saves.iterdir():
        path.unlink()
    rng = Rng.from_seed(3)
    written = {}
    for n in range(40):
        what, data = corrupt.mutate(rng.choice(samples), rng)
        store.paths.save_file(f"case-{n}").write_bytes(data)
        written[f"case-{n}"] = what
    entries = {entry.save_id: entry for entry in store.list()}
    assert entries.keys() == written.keys()
    for save_id, entry in entries.items():
        if entry.damaged:
            assert entry.damage and "could not be checked" not in entry.damage, (written[save_id], entry.damage)
        else:
            session = GameSession.resume(store, save_id)  # listed as usable: it opens
            if session.state is not None and session.outcome() is None:
                session.play(rng.choice(session.legal_actions()))


def _impossible_disruption_save(store) -> str:
    session = GameSession.start(store, GAMES["disruption"], 7)
    path = store.paths.save_file(session.save_id)
    saved = json.loads(path.read_bytes())
    saved["state"]["encounter"] = None  # well-typed, but the game waits on a fight with nobody
    path.write_bytes(json.dumps(saved).encode())
    return session.save_id


def test_a_disruption_save_with_no_encounter_is_damaged_with_the_reason(store):
    save_id = _impossible_disruption_save(store)
    (entry,) = store.list()
    assert entry.damaged and "Disruption game is impossible" in entry.damage
    assert "8♥ lies in 0 places" in entry.damage  # the defender that was on the table
    assert store.most_recent() is None  # nothing to continue


async def test_opening_an_impossible_save_from_the_saves_screen_says_why(paths, store):
    _impossible_disruption_save(store)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert any("cannot be opened" in str(n.message) for n in app._notifications)
        assert app.return_code is None  # still running


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_corrupted_but_playable_save_opens_on_its_screen(paths, store, game_id):
    """The screen asks more of a state than the rules do (names, odds, the last roll): the
    first playable corrupted files of a game open on their table and take a key press."""
    games = [s for s in corrupt.sample_files(store, game_id) if json.loads(s)["kind"] == "game"]
    rng = Rng.from_seed(11)
    opened = 0
    for _ in range(200):
        what, data = corrupt.mutate(rng.choice(games[-3:]), rng)  # late in a game: more on the table
        try:
            store.load_data(data)
        except Damaged:
            continue
        store.paths.save_file("case").write_bytes(data)
        app = make_app(paths, on_start=lambda app: app.resume("case"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("down", "?", "escape")
            await pilot.pause()
        assert app.return_code in (None, 0), what
        opened += 1
        if opened == 2:
            break
    assert opened == 2
    assert msgspec.json.decode(store.paths.save_file("case").read_bytes())["game_id"] == game_id
