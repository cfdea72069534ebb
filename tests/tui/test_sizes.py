"""Every game table at 80x24, 120x40 and 200x60: the small one as good as ever, the large ones
using the room (snapshots, read like code)."""

from __future__ import annotations

import pytest

from tests.conftest import screen_text
from tests.tui.launcher import SIZES, make_app, open_played, use_snapshot_dir

# game id, snapshot folder and name, seed, random moves to play first (a table mid-game), options
TABLES = [
    ("disruption", "disruption", "table", 3, 8, {}),
    ("druid-path", "druid_path", "table", 11, 22, {}),  # a target to choose, the Darach row full
    ("druid-path", "druid_path", "turn-end", 11, 30, {}),  # combat over: the turn in short
    ("disciple", "disciple", "table", 3, 12, {}),  # an event between fights
    ("disciple", "disciple", "fight", 4, 9, {}),  # a fight: five cards in hand
    ("decknforge", "decknforge", "table", 3, 12, {"solo": True}),  # solo: no cover between seats
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game_id", "folder", "name", "seed", "moves", "options"), TABLES)
async def test_a_table_at_each_size(paths, snapshot, game_id, folder, name, seed, moves, options, size):
    use_snapshot_dir(snapshot, folder)
    app = make_app(paths, on_start=open_played(game_id, seed, moves, **options))
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) == SIZES[size][1]
        snapshot.assert_match(text, f"{name}-{size}.txt")


@pytest.mark.parametrize("size", SIZES)
async def test_home_at_each_size(paths, snapshot, size):
    """Home with a saved game of each kind: the Continue line names the game in full (never a
    cut word), the recent games fill the room below the About panel."""
    from engine.registry import GAMES
    from saves.session import GameSession

    use_snapshot_dir(snapshot, "shell")
    app = make_app(paths)
    for seed, game_id in enumerate(["disciple", "druid-path", "disruption", "decknforge"], start=3):
        session = GameSession.start(app.store, GAMES[game_id], seed)
        session.play(session.legal_actions()[0])
    async with app.run_test(size=SIZES[size]) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "c Continue: DecknForge" in text
        for title in ("Disciple: A Journey", "Druid Path", "Disruption", "DecknForge"):
            assert f"{title} 2026-" in text  # each saved game, by its label
        snapshot.assert_match(text, f"home-{size}.txt")


async def test_rules_keep_a_reading_width_on_a_wide_terminal(paths):
    """At 200 columns the rules use more than 80 of them, but a line of prose stops at the
    reading width instead of running to the terminal's edge."""
    from tui.screens.rules import RulesScreen
    from tui.widgets.markdown_text import READING_WIDTH

    app = make_app(paths)
    async with app.run_test(size=SIZES["200x60"]) as pilot:
        app.push_screen(RulesScreen("disciple"))
        await pilot.pause()
        text = screen_text(app)
    width = SIZES["200x60"][0]
    prose = [line[26 : width - 2].rstrip() for line in text.splitlines()[1:-1]]  # not the list, nor the scroll bar
    assert max(map(len, prose)) <= READING_WIDTH
    assert max(map(len, prose)) > 90
