"""The first frame of a table is drawn at the terminal's real size: what a larger terminal
shows at once is what it shows once everything has settled, not an 80-column table redrawn
a moment later."""

from __future__ import annotations

import pytest

from tests.conftest import screen_text
from tests.tui.launcher import make_app, open_played
from tui.game_screen import GameScreen

GAMES = [("disruption", {}), ("druid-path", {}), ("disciple", {}), ("decknforge", {"solo": True})]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
async def test_the_first_frame_of_a_table_is_its_settled_frame(paths, game_id, options):
    app = make_app(paths, on_start=open_played(game_id, 3, 6, **options))
    first: list[str] = []
    display = app._display

    def keep_first(screen, renderable) -> None:
        if renderable is not None and isinstance(screen, GameScreen) and not first:
            first.append(screen_text(app))
        display(screen, renderable)

    app._display = keep_first
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        settled = screen_text(app)
    assert first, "the table was never drawn"
    assert first[0] == settled
