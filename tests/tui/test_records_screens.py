"""History, replay, stats and daily screens, by keys, at 80x24."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import atomic
from saves.history import History
from saves.session import GameSession
from saves.store import SaveStore
from tests.conftest import FIXED_TIME, screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.game_screen import GameScreen
from tui.screens.daily import DailyScreen
from tui.screens.history import HistoryScreen
from tui.screens.replay import Replaying
from tui.screens.saves import SavesScreen
from tui.screens.stats import StatsScreen


@pytest.fixture(autouse=True)
def quick_writes(monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)


def finished(paths, game_id: str, seed: int) -> tuple[GameSession, list[bytes]]:
    """A game played to its end at random, and its table after every move."""
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    session = GameSession.start(store, GAMES[game_id], seed)
    chooser = Rng.from_seed(seed)
    tables = [msgspec.json.encode(session.state)]
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
        tables.append(msgspec.json.encode(session.state))
    return session, tables


def files(paths) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in paths.root.rglob("*") if p.is_file()}


def bar(app) -> str:
    return screen_text(app).splitlines()[0]


async def test_history_lists_filters_and_deletes_after_asking(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    finished(paths, "disruption", 2)
    finished(paths, "druid-path", 2)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "History: all games (2 finished)" in text and "✗ lost" in text
        snapshot.assert_match(text, "history.txt")
        await pilot.press("right", "right")  # Disciple, then Druid Path
        await pilot.pause()
        assert "History: Druid Path (1 finished)" in screen_text(app)
        await pilot.press("d", "n")
        await pilot.pause()
        assert len(History(app.store).list()) == 2
        await pilot.press("d", "y")
        await pilot.pause()
        assert [e.game_id for e in History(app.store).list()] == ["disruption"]
        assert "No finished games here yet." in screen_text(app)


async def test_replay_steps_through_the_tables_the_game_had_and_writes_nothing(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    session, tables = finished(paths, "decknforge", 3)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        before = files(paths)  # the listing has written its index (a cache) by now
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Replaying) and isinstance(screen, GameScreen)
        assert "REPLAY  move 0/" in bar(app)
        for index in range(1, 9):
            await pilot.press("right")
            await pilot.pause()
            assert msgspec.json.encode(screen.session.state) == tables[index]
            assert f"move {index}/{len(tables) - 1}" in bar(app)
        snapshot.assert_match(screen_text(app), "replay.txt")
        await pilot.press("left")
        await pilot.pause()
        assert msgspec.json.encode(screen.session.state) == tables[7]
        await pilot.press("end")
        await pilot.pause()
        assert msgspec.json.encode(screen.session.state) == tables[-1]
        await pilot.press("home", "r")
        await pilot.pause()
        shown = screen.session.index
        assert shown > 0 and "⚄ random" in bar(app)
        await pilot.press("e", "enter", "1", "u", "n", "question_mark")  # the table's own keys
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert screen.session.index == shown
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
    assert files(paths) == before  # nothing in a replay changes any file


async def test_a_save_in_progress_replays_from_saved_games(paths):
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    session = GameSession.start(store, GAMES["druid-path"], 4)
    chooser = Rng.from_seed(4)
    for _ in range(5):
        session.play(chooser.choice(session.legal_actions()))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen) and "p Replay" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, Replaying) and "move 0/5" in bar(app)


async def test_a_game_made_with_other_cards_says_so_instead_of_drawing(paths):
    session, _ = finished(paths, "disruption", 1)
    record = History(SaveStore(paths, GAMES)).path(session.save_id)
    raw = msgspec.json.decode(record.read_bytes())
    raw["entry"]["content_version"] = 99
    record.write_bytes(msgspec.json.encode(raw))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        messages = [str(n.message) for n in app._notifications]
        assert any("newer Disruption cards (content 99" in m for m in messages)


async def test_stats_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    for seed in range(3):
        finished(paths, "disruption", seed)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        line = next(line for line in text.splitlines() if "All games" in line)
        assert line.split()[2] == "3"
        snapshot.assert_match(text, "stats.txt")
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_daily_screen_starts_todays_deal_and_shows_the_board(paths, snapshot):
    use_snapshot_dir(snapshot, "shell")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, DailyScreen)
        assert "Daily deal of 2026-05-17 (UTC)" in screen_text(app)
        await pilot.press("down", "down")
        await pilot.pause()
        snapshot.assert_match(screen_text(app), "daily.txt")
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreen) and table.session.envelope.label == "Disruption daily 2026-05-17"
        chooser = Rng.from_seed(3)
        while table.session.outcome() is None:
            table.session.play(chooser.choice(table.session.legal_actions()))
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, DailyScreen)
        text = screen_text(app)
        assert "1. anonymous" in text and ("won" in text or "lost" in text)
