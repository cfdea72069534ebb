"""Watching a shared table from no seat (`tabletop-tui watch CODE`), in every game and
playstyle of several seats, with the game in progress: the table is drawn from the
spectator's view, no hand shows, and the footer offers no move, only the keys that look, help
and the way back. A key that would move does nothing to the table."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Seat
from saves.session import SharedSession
from saves.tables import TableStore
from tests.conftest import screen_text
from tests.seat_knowledge import named, secrets
from tests.tui.launcher import SIZE, make_app
from tui import game_screen
from tui.game_screen import GameScreen

TABLES = [  # game, options, seats, moves made before the watcher comes
    ("disciple", {"mode": "versus"}, 2, 12),
    ("disciple", {"mode": "coop", "players": 2}, 2, 12),
    ("disciple", {"mode": "campaign", "players": 2}, 2, 12),
    ("disciple", {"mode": "campaign", "players": 2, "cl": "human"}, 3, 12),
    ("decknforge", {"players": 3}, 3, 10),
]
MOVE_KEYS = {"u": "Undo", "e": "End turn", "t": "Energy", "f": "Face", "d": "Draw", "a": "Draw Adv."}


def table_in_progress(paths, game_id: str, options: dict, seats: int, moves: int) -> str:
    """A shared table whose seats Ann, Ben (and Cy) took, `moves` random moves in."""
    tables = TableStore(paths, GAMES)
    names = ["Ann", "Ben", "Cy", "Di"][:seats]
    code = tables.create(GAMES[game_id], 4, options, [Seat(name=n, player=f"name:{n.lower()}") for n in names])
    session = SharedSession.open(tables, code, "name:ann")
    chooser = Rng.from_seed(11)
    for _ in range(moves):
        session.play(chooser.choice(session.legal_actions()))
    assert session.outcome() is None
    return code


@pytest.mark.parametrize(("game_id", "options", "seats", "moves"), TABLES, ids=lambda v: str(v))
async def test_a_watcher_sees_no_hand_and_is_offered_no_move(paths, monkeypatch, game_id, options, seats, moves):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    code = table_in_progress(paths, game_id, options, seats, moves)
    before = TableStore(paths, GAMES).read(code)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(code, watch=True)
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat is None and screen.watching
        assert screen.legal() == []
        text = screen_text(app)
        assert "watching" in text
        footer = text.rstrip("\n").splitlines()[-1]
        for label in MOVE_KEYS.values():
            assert f" {label} " not in footer + " ", (label, footer)
        shown = [binding.binding.action for binding in screen.active_bindings.values() if binding.binding.show]
        assert shown and all(screen.looks(action) or action == "help" for action in shown), shown
        full = screen.session.state
        if game_id == "disciple":
            assert screen.choices == []  # the list holds no hand
            assert "Watching" in text and "no hand is shown" in text
            assert "(you)" not in text and "yours:" not in text and "→ you" not in text
        else:
            assert "Watching: no hand is shown." in text
        # no card hidden from a spectator is named anywhere (unless a copy of it lies face up
        # or the log said it)
        hidden = secrets(screen.game, full, None)
        assert hidden and not named(text, hidden, game_id)
        for key in [*MOVE_KEYS, "1", "2", "enter", "tab"]:  # none of them moves
            await pilot.press(key)
            await pilot.pause(0.05)
            if app.screen is not screen:
                await pilot.press("escape")
                await pilot.pause(0.05)
        assert app.screen is screen
        await pilot.press("L")  # the keys that look still work
        await pilot.pause(0.05)
        assert app.screen is not screen
        await pilot.press("escape")
        await pilot.pause(0.05)
    after = TableStore(paths, GAMES).read(code)
    assert len(after.actions) == len(before.actions)  # the watcher wrote nothing
