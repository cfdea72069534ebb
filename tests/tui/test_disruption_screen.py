"""The Disruption screen, driven by key presses only, and resumed after a restart."""

from __future__ import annotations

import msgspec

from engine.registry import GAMES
from saves.history import History
from tests.conftest import screen_text, unmarked
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from saves.session import GameSession
from tui.disruption.screen import DisruptionScreen
from tui.screens.game_end import EndScreen
from tui.screens.home import HomeScreen

GAME = GAMES["disruption"]


async def start_by_keys(pilot, seed: str) -> None:
    """Home -> 3 (Disruption) -> # and the seed -> s (every New game screen's keys)."""
    await pilot.press("3")
    await pilot.pause()
    await pilot.press("number_sign", *seed, "enter")
    await pilot.pause()
    await pilot.press("s")
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
        assert f"{session.state.wins}/10" in text and GAME.log_lines(session.state)[-1][:25] in text
        snapshot.assert_match(text, "mid-game.txt")


async def test_whole_game_by_keys_ends_on_the_end_screen(paths, snapshot):
    use_snapshot_dir(snapshot, "disruption")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "31337")
        session = session_of(app)
        table = app.screen
        presses = 0
        while session.outcome() is None:
            # Bring the strongest ally when one is offered, else roll: all by keys.
            hand = session.state.hand
            if session.state.phase == "fight" and hand:
                best = max(range(len(hand)), key=lambda i: hand[i].rank)
                await pilot.press("1234567890"[best] if best < 10 else "r")
            else:
                await pilot.press("r")
            await pilot.pause()
            presses += 1
            assert presses < 100
        result = session.outcome()
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert ("Victory" if result.won else "Defeat") in text and result.summary in text
        assert "Turning points" in text and "n New game, same options" in text and "s Same seed again" in text
        if not result.won:
            assert "No score" in text
        snapshot.assert_match(text, "end.txt")
        saved = History(app.store).read(session.save_id)  # a finished game moves to history
        assert len(saved.actions) == presses and saved.entry.score == result.score
        await pilot.press("escape")  # to the finished table
        await pilot.pause()
        assert app.screen is table and ("VICTORY" if result.won else "DEFEAT") in screen_text(app)
        await pilot.press("o")  # the end again
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("s")  # the same seed again
        await pilot.pause()
        fresh = session_of(app)
        assert fresh.save_id != session.save_id and fresh.envelope.seed == 31337 and fresh.outcome() is None
        assert msgspec.json.encode(fresh.state) == msgspec.json.encode(GAME.new_game(seed=31337))


async def test_trade_by_marking_three_minors(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "5")
        session = session_of(app)
        minors = [c.label for c in session.state.hand]
        assert len(minors) == 3 and not any(c.is_major for c in session.state.hand)
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "Trade which three Minors?" in text and "Mark three Minors (0/3)" in text
        assert len(app.screen.choices) == 4  # each Minor, then the trade: not every combination
        await pilot.press("escape")
        await pilot.pause()
        assert "Trade which three Minors?" not in screen_text(app)
        await pilot.press("t", "1", "3")
        await pilot.pause()
        assert "[x] " + minors[0] in screen_text(app) and "(2/3)" in screen_text(app)
        await pilot.press("end", "enter")  # the trade line cannot be taken with two marked
        await pilot.pause()
        assert len(session.envelope.actions) == 0
        await pilot.press("2")
        await pilot.pause()
        assert f"Trade {', '.join(minors)} for a Major" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert [c.is_major for c in session.state.hand] == [True]
        assert GAME.log_lines(session.state)[-1].startswith("Traded ")


async def test_a_digit_always_brings_the_ally_at_that_place_whatever_the_list_order(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "12")
        session = session_of(app)
        hand = list(session.state.hand)
        chances = [GAME.chance(session.state, a) for a in app.screen.choices]
        assert chances == sorted(chances, reverse=True)  # best first
        await pilot.press("2")
        await pilot.pause()
        assert session.state.last.allies == [hand[1].label]


async def test_a_tie_offers_r_with_its_chances_and_names_the_committed_ally(paths):
    from engine.disruption.model import Card, Fight
    from tests.disruption.helpers import rig_dice, set_encounter, set_hand

    def tied(app):
        session = GameSession.start(app.store, GAME, 3)
        set_hand(session.state, [Card(3, "C")])
        set_encounter(session.state, [Card(7, "H")])
        rig_dice(session.state, [4])
        session.play(Fight((0,)))
        assert session.state.phase == "tie"
        app.open_session(session)

    app = make_app(paths, on_start=tied)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "a tie!" in text and "r re-rolls with 3♣" in text
        assert "Re-roll 1d6 with 3♣" in text
        rolled = app.screen.session.state.logged
        await pilot.press("r")
        await pilot.pause()
        assert GAME.log_lines(app.screen.session.state)[rolled - app.screen.session.state.logged].startswith("Rolled ")


async def test_no_dice_never_says_roll_2d6(paths):
    def no_dice(app):
        app.open_session(GameSession.start(app.store, GAME, 4, no_dice=True, accursed_joker=True))

    app = make_app(paths, on_start=no_dice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Roll 2d6" not in text and "Draw 2 die cards" in text
        assert "Joker + No Dice" in text.splitlines()[0]
        assert "Joker + No Dice" in app.store.list()[0].label

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
        assert unmarked(screen_text(again)) == unmarked(screen_before)


async def test_game_help_explains_the_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await start_by_keys(pilot, "1")
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "Beat ten Ritual Defenders" in text and "trades three Minor" in text
        await pilot.press("end")
        await pilot.pause()
        assert "Only a victory is scored" in screen_text(app)  # the rules follow the keys
