"""The too-small notice fits any terminal: whole words only, and the size needed whenever there
is room to write it."""

from __future__ import annotations

import re

import pytest

from tests.conftest import screen_text
from tests.tui.launcher import make_app
from tui.screens.too_small import TooSmallScreen, notice_lines

SENTENCES = (
    "The terminal is {size}. tabletop-tui needs at least 80x24. Enlarge the window to go on; "
    "nothing is lost. Enlarge the window; nothing is lost. Needs at least 80x24; nothing is lost. "
    "Needs at least 80x24. Needs 80x24. 80x24"
)


def shown_words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("size", [(1, 1), (4, 3), (5, 1), (9, 2), (20, 5), (30, 3), (40, 10), (79, 23)])
async def test_the_notice_is_whole_words_and_names_the_size_needed(paths, size):
    width, height = size
    app = make_app(paths)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
    words = shown_words(text)
    known = set(SENTENCES.format(size=f"{width}x{height}").split())
    assert all(word in known for word in words), (size, text)  # no word cut at the edge
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) <= height and all(len(line.rstrip()) <= width for line in lines)
    if width >= 5:
        assert re.search(r"\b80x24\b", text), (size, text)
    if size == (20, 5):
        assert "Enlarge the window" in text  # room enough to say what to do


def test_a_wide_but_short_terminal_gets_the_most_that_fits_on_its_lines():
    assert notice_lines(200, 1, 80, 24) == ["Needs at least 80x24; nothing is lost."]
    assert notice_lines(80, 3, 80, 24) == [
        "The terminal is 80x3.",
        "tabletop-tui needs at least 80x24.",
        "Enlarge the window to go on; nothing is lost.",
    ]
    assert notice_lines(4, 4, 80, 24) == []  # not even the size fits: nothing half-written


TABLES = [("disruption", {}), ("druid-path", {}), ("disciple", {}), ("decknforge", {"solo": True})]


@pytest.mark.parametrize(("game_id", "options"), TABLES)
async def test_a_table_squeezed_to_any_width_below_the_minimum_says_so_and_comes_back(paths, game_id, options):
    """A table shrunk under 80x24 mid-game (a tmux pane split, a window dragged) gets the notice
    at every width, never a crash in a panel squeezed past its room, and comes back whole."""
    from tests.tui.launcher import open_played
    from tui.game_screen import GameScreen

    app = make_app(paths, on_start=open_played(game_id, 3, 6, **options))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = screen_text(app)
        for width in range(79, 39, -1):
            await pilot.resize_terminal(width, 30)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen), width
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and screen_text(app) == table
