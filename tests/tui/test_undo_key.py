"""`u` at every table: the footer says what it would take back; pressed, it takes the move back
(the save too), or says why it cannot."""

from __future__ import annotations

import pytest

from engine.druid_path.model import DrawItem, TakeGem
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.game_screen import GameScreen


def footer(app) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


def messages(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def open_game(paths, game_id: str, seed: int):
    return make_app(paths, on_start=lambda app: app.start_game(game_id, seed))


async def test_druid_path_takes_a_gem_back_and_not_a_draw(paths):
    app = open_game(paths, "druid-path", 3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Undo" not in footer(app)  # nothing to take back yet: not offered, and pressed says why
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to take back yet." in messages(app)
        start = len(screen.session.envelope.actions)
        await pilot.press("w")  # the blue gem moved from u to w
        await pilot.pause()
        assert screen.session.state.gems.get("blue") == 1
        assert "u Undo Take a blue gem" in footer(app)
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.state.gems.get("blue", 0) == 0
        assert len(app.store.read(screen.session.save_id).actions) == start
        assert any(m.startswith("Taken back: Take a blue gem") for m in messages(app))
        draw = next(a for a in screen.legal() if isinstance(a, DrawItem))
        screen.play(draw)
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert messages(app)[-1] == "Nothing to take back: Draw an item (1 stamina) showed a hidden card."
        assert any(isinstance(a, TakeGem) for a in screen.legal())


async def test_a_long_label_gives_way_to_the_short_one_at_80_columns(paths):
    app = open_game(paths, "druid-path", 3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        line = footer(app)
        assert len(line) <= 80 and ("u Undo Take a blue gem" in line or "u Undo " in line)


@pytest.mark.parametrize("game_id", ["disciple", "disruption", "decknforge"])
async def test_every_table_has_the_key(paths, game_id):
    app = open_game(paths, game_id, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if game_id == "decknforge":  # hands are hidden between its seats: a cover comes first
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, GameScreen) and "Undo" not in footer(app)  # nothing yet: not offered
        await pilot.press("u")
        await pilot.pause()
        assert messages(app) and messages(app)[-1].startswith("Nothing to take back")
