"""The app around the games: home, saved games, settings, help, themes, small terminals."""

from __future__ import annotations

import os

from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tests.conftest import FIXED_TIME, screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.games import playable
from tui.screens.home import HomeScreen
from tui.screens.saves import SavesScreen
from tui.screens.settings import SettingsScreen
from tui.screens.too_small import TooSmallScreen

from engine.registry import GAMES


def add_saves(paths: DataPaths) -> str:
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    session = GameSession.start(store, GAMES["disruption"], 11)
    store.rename(session.save_id, "Evening game")
    damaged = paths.save_file("disruption-20260101-000000")
    damaged.write_bytes(b'{"format": "tabletop-tui-save", "version": 2, "game_id": "disru')
    stamp = FIXED_TIME.timestamp() - 86400
    os.utime(damaged, (stamp, stamp))
    return session.save_id


async def test_home_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        text = screen_text(app)
        for title in ("Disciple: A Journey", "Druid Path", "Disruption", "DecknForge"):
            assert f"New {title}" in text
        assert "Continue (no saved game)" in text
        snapshot.assert_match(text, "home.txt")


async def test_a_game_without_a_screen_is_shown_as_coming_soon(paths, monkeypatch):
    from tui import games

    monkeypatch.delitem(games.GAME_SCREENS, "druid-path")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Druid Path (coming soon)" in screen_text(app)
        await pilot.press("2")  # its number does nothing but say so
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("not playable yet" in str(n.message) for n in app._notifications)


async def test_saved_games_screen_shows_damaged_files(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    add_saves(paths)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        text = screen_text(app)
        assert "Evening game" in text and "DAMAGED: the file is not complete JSON" in text
        snapshot.assert_match(text, "saves.txt")
        await pilot.press("down", "enter")  # the damaged file: refused, nothing breaks
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert any("cannot be opened" in str(n.message) for n in app._notifications)


async def test_rename_and_delete_by_keys(paths):
    save_id = add_saves(paths)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "r")
        await pilot.pause()
        await pilot.press(*"Sunday", "enter")
        await pilot.pause()
        assert "Sunday" in screen_text(app)
        assert app.store.find(save_id).label == "Sunday"
        await pilot.press("d")
        await pilot.pause()
        assert "Delete" in screen_text(app) and "for good?" in screen_text(app)
        await pilot.press("n")  # asked first: no means no
        await pilot.pause()
        assert app.store.find(save_id) is not None
        await pilot.press("d", "y")
        await pilot.pause()
        assert app.store.find(save_id) is None
        assert len(app.store.list()) == 1  # the damaged file is still there


async def test_settings_screen_and_theme_is_remembered(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        snapshot.assert_match(screen_text(app), "settings.txt")
        await pilot.press("down")
        await pilot.pause()
        assert app.theme == "tabletop-light"
    again = make_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "tabletop-light"


async def test_theme_flag_wins_and_is_remembered(paths):
    app = make_app(paths, theme="tabletop-ansi")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "tabletop-ansi"
    again = make_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "tabletop-ansi"


async def test_help_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "continues the game you played last" in text
        snapshot.assert_match(text, "help.txt")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_rules_screen_shows_each_games_rules(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "young martial artist" in screen_text(app)  # the first playable game: Disciple
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "ten steps" in text and "Win ten encounters" not in text
        assert ("coming soon" in text) == (not playable("druid-path"))
        await pilot.press("down")
        await pilot.pause()
        assert "Win ten encounters" in screen_text(app)


async def test_a_tiny_terminal_gets_a_notice_and_recovers(paths):
    app = make_app(paths)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "needs at least 80x24" in screen_text(app)
        await pilot.press("3", "q")  # keys do nothing harmful while too small
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and "79x24" in screen_text(app)


async def test_every_kind_of_damage_shows_in_the_saved_games_screen(paths):
    from tests.test_saves import damage_cases, valid_save_bytes

    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    cases = damage_cases(valid_save_bytes(store))
    for name, (content, _) in cases.items():
        paths.save_file(name).write_bytes(content)
    app = make_app(paths)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        for name, (_, reason) in cases.items():
            assert f"{name}.json" in text and reason in text, name
        for _ in cases:  # try to open each one: refused with a message, the app carries on
            await pilot.press("enter", "down")
            await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert sum("cannot be opened" in str(n.message) for n in app._notifications) >= 1
    for name, (content, _) in cases.items():
        assert paths.save_file(name).read_bytes() == content


async def test_every_game_screen_survives_a_tiny_terminal(paths):
    """Shrinking below 80x24 mid-game shows the notice; growing back shows the same table."""
    from tui.games import GAME_SCREENS

    for game_id in GAME_SCREENS:
        app = make_app(paths, on_start=lambda app, g=game_id: app.start_game(g, 5))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = app.screen
            before = screen_text(app)
            await pilot.resize_terminal(50, 15)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen), game_id
            await pilot.press("q", "enter", "1")  # nothing reaches the table meanwhile
            await pilot.resize_terminal(*SIZE)
            await pilot.pause()
            assert app.screen is table, game_id
            assert screen_text(app) == before, game_id


async def test_a_saves_folder_broken_mid_session_is_said_not_crashed_on(paths):
    """The saves folder replaced by a file while the app runs: home and the saved-games
    screen say why the list is empty, once; the app goes on."""
    import shutil

    add_saves(paths)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Continue: Evening game" in screen_text(app)
        shutil.rmtree(paths.saves)
        paths.saves.write_text("not a folder")
        await pilot.press("c")  # the home screen still offers the save it listed before
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "Continue (no saved game)" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        said = "The saved games cannot be listed: the saves folder is a file, not a folder"
        assert said in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "Continue (no saved game)" in screen_text(app)
        told = [str(n.message) for n in app._notifications]
        assert told == [said]
    assert app.return_code in (None, 0)


async def test_a_damaged_save_with_a_good_backup_is_put_back_with_b(paths):
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    session = GameSession.start(store, GAMES["disruption"], 11, label="Evening game")
    session.play(session.legal_actions()[0])
    path = paths.save_file(session.save_id)
    path.write_bytes(path.read_bytes()[:120])
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "DAMAGED: the file is not complete JSON" in text
        assert "b puts back its backup: Evening game" in text and "b Restore backup" in text
        await pilot.press("b")
        await pilot.pause()
        assert "Put back the backup of" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        text = screen_text(app)
        assert "DAMAGED" not in text and "Evening game" in text and "b Restore backup" not in text
        await pilot.press("enter")  # and it plays
        await pilot.pause()
        assert app.screen.session.save_id == session.save_id
    assert list(paths.saves.glob(f".{path.name}.damaged"))
