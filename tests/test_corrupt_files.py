"""Every kind of data file besides saves, damaged once at random, is usable or refused with a
reason, never a crash, and a refused file is kept (tests/corrupt_files.py does the damage;
`python -m tests.corrupt_files` runs it longer). Then the screen that lists each kind opens
on a folder of damaged files and is moved through."""

from __future__ import annotations

import os
from importlib import import_module

import pytest

from engine.core.rng import Rng
from saves.paths import DataPaths
from tests import corrupt_files
from tests.corrupt import lay
from tests.corrupt_files import KINDS
from tests.tui.launcher import SIZE, make_app

CASES = int(os.environ.get("CORRUPT_FILE_CASES", "100"))  # per kind; the long run is the command


@pytest.mark.parametrize("name", list(KINDS))
def test_a_damaged_file_is_usable_or_refused_with_its_reason(name):
    tally = corrupt_files.run(name, CASES, seed=7)
    assert not tally.crashes, tally.crashes[0]
    assert tally.cases == CASES
    assert tally.usable > 0 and tally.refused > 0  # a check that refused all, or none, fails
    if KINDS[name].cache:
        return  # a refused cache is rebuilt: nothing to tell the player
    assert tally.usable > CASES // 20 and tally.refused > CASES // 10
    assert len(tally.reasons) > 4  # damage is told by what it is, not one blanket reason


# The screen that lists each kind of file, and the keys that open a line of it.
SCREENS = {
    "tables": ("tui.tables.screens", "TablesScreen", ("home", "enter")),
    "history": ("tui.screens.history", "HistoryScreen", ("home", "enter")),
    "history-index": ("tui.screens.stats", "StatsScreen", ("down",)),
    "settings": ("tui.screens.settings", "SettingsScreen", ("down",)),
    "daily": ("tui.screens.daily", "DailyScreen", ("home", "enter")),
    "daily-board": ("tui.screens.daily", "DailyScreen", ("down",)),
    "forge-decks": ("tui.decknforge.decks_screen", "DecksScreen", ("home", "v")),
    "lexicon": ("tui.decknforge.lexicon_screen", "LexiconScreen", ("m",)),
    "versus-decks": ("tui.disciple.decks_screen", "VersusDecksScreen", ("end", "e")),  # files after the defaults
    "listing": ("tui.screens.saves", "SavesScreen", ("home", "enter")),
    "names": ("tui.screens.display_name", "DisplayNameScreen", ("C", "y", "enter")),
    "moderators": ("tui.decknforge.lexicon_screen", "LexiconScreen", ("m",)),
}


@pytest.mark.parametrize("name", list(KINDS))
async def test_the_screen_listing_damaged_files_opens_and_moves_through_them(tmp_path, name):
    kind = KINDS[name]
    paths = DataPaths(tmp_path / "data")
    corrupt_files.copy_context(kind, paths.root)
    paths.ensure()
    rng = Rng.from_seed(5)
    damaged = corrupt_files.samples(kind)
    for number, (relative, data) in enumerate(damaged):  # every file damaged: usable, refused...
        (paths.root / relative).unlink(missing_ok=True)
        lay(paths.root / relative, corrupt_files.damaged_to(kind, relative, data, number % 2 == 0, rng))
    module, screen, open_keys = SCREENS[name]
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(getattr(import_module(module), screen)())
        await pilot.pause()
        for _ in range(len(damaged)):
            await pilot.press("down")
        await pilot.press(*open_keys)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code in (None, 0)


async def test_damaged_settings_start_the_app_on_defaults_and_say_why(paths):
    paths.settings.write_text('{"format": "tabletop-tui-settings", "version": 1, "show_odds": "yes"}')
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
    assert app.settings.show_odds is True  # the default
    assert any(m.startswith("settings.json cannot be used: its contents have the wrong shape") for m in said), said
    assert "show_odds" in paths.settings.read_text()  # kept as it was


async def test_a_damaged_daily_record_is_kept_aside_and_the_daily_screen_says_so(paths):
    from tui.screens.daily import DailyScreen

    paths.daily_attempts.write_text('{"format": "tabletop-tui-daily", "version": 1, "attempts": [{"day": "soon", "game_id": "disruption", "save_id": "x", "counted": true}]}')
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(DailyScreen())
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
    assert "daily.json cannot be used: try 1 has no valid day ('soon'); it is kept as daily.damaged.json" in said
    assert "soon" in (paths.root / "daily.damaged.json").read_text()


@pytest.mark.parametrize("screen", ["HistoryScreen", "StatsScreen"])
async def test_a_file_where_the_history_folder_should_be_is_said_on_its_screens(paths, screen):
    from tests.conftest import screen_text

    paths.history.write_text("not a folder")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(getattr(import_module(f"tui.screens.{screen[:-6].lower()}"), screen)())
        await pilot.pause()
        assert "The history cannot be listed: Not a directory" in screen_text(app)
    assert paths.history.read_text() == "not a folder"


async def test_another_players_damaged_board_lines_are_one_line_on_the_daily_board(paths):
    """A damaged line of the board hid itself without a word: the board now says that results
    are missing, in one line however many are, for the game whose file it is."""
    import msgspec

    from saves import daily
    from tests.conftest import FIXED_TIME, screen_text
    from tui.screens.daily import DailyScreen

    day = FIXED_TIME.date().isoformat()
    folder = paths.daily / day
    folder.mkdir(parents=True)
    for key, name in (("b0", "Bea"), ("b1", "Bartholomew Quentin")):
        line = daily.BoardLine(name=name, game_id="disruption", day=day, won=True, score=12, moves=140)
        (folder / f"disruption-{key * 8}.json").write_bytes(msgspec.json.encode(line))
    (folder / "disruption-c1c1c1c1c1c1c1c1.json").write_text('{"format": "tabletop-tui-daily-result", "na')
    (folder / "disruption-d2d2d2d2d2d2d2d2.json").write_text("")
    (folder / "druid-path-e3e3e3e3e3e3e3e3.json").write_text("[]")

    def board() -> str:
        return str(app.screen.query_one("#daily-board").content)

    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(DailyScreen())
        await pilot.pause()
        await pilot.press("down", "down")  # Disruption
        await pilot.pause()
        assert board().splitlines()[2:] == ["2 posted results could not be read (the first: it is not complete JSON)."]
        assert screen_text(app).count("140 moves") == 2  # each result on its row: a long name is cut
        await pilot.press("up")  # Druid Path: its own damaged line, and no result
        await pilot.pause()
        assert "1 posted result could not be read: its contents have the wrong shape" in board()
        assert "No counted result yet today" in board()
        await pilot.press("up")  # Disciple: nothing of the others' damage
        await pilot.pause()
        assert "could not be read" not in board()
    assert (folder / "druid-path-e3e3e3e3e3e3e3e3.json").read_text() == "[]"  # left as it was
