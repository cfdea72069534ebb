"""The Disruption screen, driven by key presses only, and resumed after a restart."""

from __future__ import annotations

import msgspec

from engine.registry import GAMES
from saves.history import History
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.disruption.screen import DisruptionScreen
from tui.screens.home import HomeScreen

GAME = GAMES["disruption"]


async def start_by_keys(pilot, seed: str) -> None:
    """Home -> 3 (Disruption) -> type the seed -> Enter."""
    await pilot.press("3")
    await pilot.pause()
    await pilot.press("shift+tab", *seed, "enter")  # from Start back to the seed field
    await pilot.pause()


def session_of(app):
    assert isinstance(app.screen, DisruptionScreen)
    return app.screen.session


async def test_start_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "disruption")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "2024")
        session = session_of(app)
        assert session.envelope.seed == 2024 and session.envelope.actions == []
        text = screen_text(app)
        assert "Wins □□□□□□□□□□ 0/10" in text and "Roll 2d6" in text
        assert f"beat {session.state.encounter.target}" in text
        snapshot.assert_match(text, "start.txt")


async def test_mid_game_screen_after_some_moves(paths, snapshot):
    use_snapshot_dir(snapshot, "disruption")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "7")
        for key in ("r", "1", "r", "enter", "r"):
            await pilot.press(key)
            await pilot.pause()
        session = session_of(app)
        assert len(session.envelope.actions) >= 4
        text = screen_text(app)
        assert f"{session.state.wins}/10" in text and session.state.log[-1][:25] in text
        snapshot.assert_match(text, "mid-game.txt")


async def test_whole_game_by_keys_then_new_game(paths, snapshot):
    use_snapshot_dir(snapshot, "disruption")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "31337")
        session = session_of(app)
        presses = 0
        while session.outcome() is None:
            # Bring the strongest ally when one is offered, else roll: all by keys.
            hand = session.state.hand
            if session.state.phase == "fight" and hand:
                best = max(range(len(hand)), key=lambda i: hand[i].rank)
                await pilot.press("1234567890"[best] if best < 10 else "r")
            else:
                await pilot.press("enter")
            await pilot.pause()
            presses += 1
            assert presses < 100
        result = session.outcome()
        text = screen_text(app)
        assert ("VICTORY" if result.won else "DEFEAT") in text
        assert f"score {result.score}" in text and "New game, same options" in text
        snapshot.assert_match(text, "end.txt")
        saved = History(app.store).read(session.save_id)  # a finished game moves to history
        assert len(saved.actions) == presses and saved.entry.score == result.score
        await pilot.press("n")
        await pilot.pause()
        fresh = session_of(app)
        assert fresh.save_id != session.save_id and fresh.outcome() is None


async def test_trade_by_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "5")
        session = session_of(app)
        minors_before = sum(not c.is_major for c in session.state.hand)
        assert minors_before == 3
        await pilot.press("t")
        await pilot.pause()
        assert "Trade which three Minors?" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "Trade which three Minors?" not in screen_text(app)
        await pilot.press("t", "enter")
        await pilot.pause()
        assert [c.is_major for c in session.state.hand] == [True]
        assert "Traded" in session.state.log[-1]


async def test_an_illegal_key_is_explained_and_changes_nothing(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "5")
        session = session_of(app)
        before = msgspec.json.encode(session.state)
        await pilot.press("9")  # there is no ninth ally
        await pilot.pause()
        assert msgspec.json.encode(session.state) == before
        assert any("no such ally" in str(n.message) for n in app._notifications)


async def test_quit_and_resume_restores_state_and_screen(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "99")
        for key in ("r", "r", "1", "enter", "r"):
            await pilot.press(key)
            await pilot.pause()
        session = session_of(app)
        state_before = msgspec.json.encode(session.state)
        screen_before = screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    again = make_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Continue:" in screen_text(again)
        await pilot.press("c")
        await pilot.pause()
        resumed = session_of(again)
        assert msgspec.json.encode(resumed.state) == state_before
        assert screen_text(again) == screen_before


async def test_game_help_explains_the_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "1")
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "Beat ten Ritual Defenders" in text and "trade three Minor" in text
