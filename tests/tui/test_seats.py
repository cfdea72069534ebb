"""What every table of several seats shares, tried on the two-seat Duel: whose view is drawn,
the privacy cover between people at one keyboard, bot seats, and shared tables seen from two
apps at once."""

from __future__ import annotations

import pytest

from engine.registry import GAMES
from saves.envelope import Seat
from saves.store import SaveStore
from tests.conftest import FIXED_TIME, screen_text
from tests.duel import Duel, DuelScreen
from tui import game_screen, games
from tui.app import TabletopApp
from tui.screens.privacy import PrivacyScreen
from tui.tables.screens import LobbyScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def duel_is_playable(monkeypatch):
    monkeypatch.setitem(games.GAME_SCREENS, "duel", "tests.duel:DuelScreen")
    monkeypatch.setattr(game_screen, "BOT_PACE", 0.01)


def duel_app(paths, name: str = "", identity: str = "") -> TabletopApp:
    """An app whose player is `identity` (by default an account named after `name`: two apps
    in one test are two people, as two accounts or two SSH keys would be)."""
    store = SaveStore(paths, {**GAMES, "duel": Duel()}, clock=lambda: FIXED_TIME)
    app = TabletopApp(paths, store=store, identity=identity or (f"user:{name.casefold()}" if name else ""))
    if name:
        app.settings.display_name = name
    return app


def as_app(app, call, *args, **kwargs):
    """Call into one of two apps sharing a test as that app (Textual keeps the app in a
    context variable: the second app started would otherwise receive the first's screens)."""
    with app._context():
        return call(*args, **kwargs)


def hands_line(text: str, seat: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{seat}: hand"))


async def test_one_keyboard_covers_the_table_between_the_two_people(paths):
    app = duel_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("duel", 5)
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)  # even the first player is asked for
        assert "Pass to North" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DuelScreen) and screen.seat == 0
        text = screen_text(app)
        north_cards = screen.session.state.hands[0]
        assert str(north_cards) in hands_line(text, "North")
        assert "[0, 0, 0]" in hands_line(text, "South")  # South's cards are not North's to see
        await pilot.press("enter")  # North plays a card
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass to South" in screen_text(app)
        assert screen.seat == 1
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "[0, 0]" in hands_line(text, "North") and "picked 0" in hands_line(text, "North")
        assert str(screen.session.state.hands[1]) in hands_line(text, "South")


async def test_the_table_keeps_one_cover_names_each_player_and_leaves_none_behind(paths):
    from tui.screens.home import HomeScreen

    app = duel_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("duel", 5)
        await pilot.pause()
        cover = app.screen
        await pilot.press("enter", "enter")  # North lifts the cover and plays a card
        await pilot.pause()
        assert app.screen is cover and "Pass to South" in screen_text(app)
        assert "North" not in screen_text(app)  # the name was replaced, not added
        await pilot.press("enter", "enter")  # South lifts it at once and plays; both pick again
        await pilot.pause()
        table = app.screen
        assert isinstance(table, DuelScreen) and table.seat == 1
        text = screen_text(app)
        assert str(table.session.state.hands[1]) in hands_line(text, "South")
        assert str(table.session.state.hands[0]) not in hands_line(text, "North")  # North's stay hidden
        await pilot.press("enter")  # South picks first this time: North is next, under the cover
        await pilot.pause()
        assert app.screen is cover and "Pass to North" in screen_text(app)
        await pilot.press("q")  # from the cover to the menu: the table and its cover are gone
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not any(isinstance(s, PrivacyScreen) for s in app._installed_screens.values())
        assert not cover.is_attached


async def test_tab_hands_the_keyboard_to_another_seat_that_may_act(paths):
    app = duel_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("duel", 5)
        await pilot.pause()
        await pilot.press("enter")  # past the cover: North
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen) and "Pass to South" in screen_text(app)


async def test_a_bot_seat_plays_itself_and_its_moves_are_logged(paths):
    app = duel_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("duel", 5, seats=[Seat(name="North"), Seat(name="Robo", bot=True)])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DuelScreen)  # one person at the keyboard: no cover needed
        await pilot.pause(0.2)
        state = screen.session.state
        assert state.picked[1] > 0 and len(state.hands[1]) == 2  # the bot picked its best card
        assert "South picks a card face down." in state.log
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause(0.2)
        assert screen.over
        assert len(screen.session.envelope.actions) == 6
        assert screen.session.replay() == screen.session.state


async def test_a_shared_table_fills_its_seats_then_each_app_plays_its_own(paths):
    north, south = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with north.run_test(size=SIZE) as n_pilot, south.run_test(size=SIZE) as s_pilot:
        as_app(north, north.open_shared, "duel", 9, [Seat(name="North", player="me"), Seat(name="South")], "Ann")
        await n_pilot.pause()
        assert isinstance(north.screen, LobbyScreen)
        code = north.screen.code
        await n_pilot.pause(0.1)
        assert "Waiting for 1 more player" in screen_text(north)
        as_app(south, south.join_table, code, "Ben")
        await s_pilot.pause()
        await n_pilot.pause(0.5)  # the lobby sees the table start
        assert isinstance(north.screen, DuelScreen) and isinstance(south.screen, DuelScreen)
        n_screen, s_screen = north.screen, south.screen
        assert (n_screen.seat, s_screen.seat) == (0, 1)
        assert n_screen.session.local_seats == {0} and s_screen.session.local_seats == {1}
        assert "[0, 0, 0]" in hands_line(screen_text(north), "South")
        assert "[0, 0, 0]" in hands_line(screen_text(south), "North")
        await n_pilot.press("enter")
        await n_pilot.pause()
        await s_pilot.pause(0.3)  # South's app sees North's move without any key
        assert "picked 0" in hands_line(screen_text(south), "North")
        assert "waiting for Ann" not in screen_text(south)
        assert "waiting for Ben" in screen_text(north)
        # a move for a seat this terminal does not hold is refused, and nothing is written
        before = list(n_screen.session.envelope.actions)
        as_app(north, n_screen.play, s_screen.legal()[0])
        assert n_screen.session.envelope.actions == before


async def test_a_move_against_a_stale_table_is_refused_and_the_table_redrawn(paths):
    north, south = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with north.run_test(size=SIZE) as n_pilot, south.run_test(size=SIZE) as s_pilot:
        as_app(north, north.open_shared, "duel", 9, [Seat(name="North", player="me"), Seat(name="South")], "Ann")
        await n_pilot.pause()
        code = north.screen.code
        as_app(south, south.join_table, code, "Ben")
        await s_pilot.pause()
        await n_pilot.pause(0.5)
        n_screen, s_screen = north.screen, south.screen
        s_screen.session.play(s_screen.legal()[0])  # South moves; North has not looked yet
        stale = n_screen.session.envelope.actions[:]
        as_app(north, n_screen.play, n_screen.legal()[0])
        assert len(n_screen.session.envelope.actions) == len(stale) + 1  # South's move, read
        assert n_screen.session.state.picked[0] == -1  # North's stale move was not made
        await n_pilot.pause()
        as_app(north, n_screen.play, n_screen.legal()[0])  # made again on the fresh table, it lands
        assert len(n_screen.session.envelope.actions) == len(stale) + 2
        assert n_screen.session.state.log[-1].startswith("Shown")


async def test_a_spectator_sees_no_hand_and_cannot_move(paths):
    north, watcher = duel_app(paths, "Ann"), duel_app(paths, "Cy")
    async with north.run_test(size=SIZE) as n_pilot, watcher.run_test(size=SIZE) as w_pilot:
        as_app(north, north.open_shared, "duel", 9, [Seat(name="North", player="me"), Seat(name="Robo", bot=True)], "Ann")
        await n_pilot.pause()
        code = north.screen.session.code
        as_app(watcher, watcher.open_table, code, watch=True)
        await w_pilot.pause()
        screen = watcher.screen
        assert isinstance(screen, DuelScreen) and screen.seat is None and screen.legal() == []
        text = screen_text(watcher)
        assert "[0, 0, 0]" in hands_line(text, "North") and "watching" in text


async def test_the_new_game_screen_seats_a_bot_or_opens_a_shared_table(paths):
    from tui.screens.new_game import NewGameScreen

    app = duel_app(paths, "Ann")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(app.store.games["duel"]))
        await pilot.pause()
        text = screen_text(app)
        assert "North: you" in text and "South: a person at this keyboard" in text
        await pilot.press("2", "space")  # seat 2's digit, then Space: the bot
        await pilot.pause()
        assert "South: the game's bot" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DuelScreen) and screen.session.bot_seats == {1}
        assert not screen.session.shared
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(NewGameScreen(app.store.games["duel"]))
        await pilot.pause()
        await pilot.press("2", "o", "s")  # o opens the highlighted seat to others
        await pilot.pause()
        assert "Your name at this table" in screen_text(app)  # offered: the settings' name
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        [entry] = app.tables.list()
        assert entry.open_seats == [1] and entry.seats[0].name == "Ann"


async def test_a_shared_game_that_ends_joins_the_players_history(paths):
    from saves.history import History

    north = duel_app(paths, "Ann")
    async with north.run_test(size=SIZE) as pilot:
        as_app(north, north.open_shared, "duel", 9, [Seat(name="North", player="me"), Seat(name="Robo", bot=True)], "Ann")
        await pilot.pause()
        screen = north.screen
        assert isinstance(screen, DuelScreen)
        for _ in range(12):
            if screen.over:
                break
            await pilot.press("enter")
            await pilot.pause(0.1)
        assert screen.over
        [kept] = History(north.store).list()
        assert kept.id.startswith("table-") and kept.seats == ["Ann", "Robo"] and kept.moves == 6


async def test_a_replay_of_a_game_in_progress_at_one_keyboard_shows_no_hand(paths):
    from saves.session import GameSession

    app = duel_app(paths, "Ann")
    session = GameSession.start(app.store, Duel(), 9, seats=[Seat(name="Ann"), Seat(name="Ben")])
    session.play(session.legal_actions()[0])
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(session.save_id)
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.read_only and app.screen.seat is None
        text = screen_text(app)
        assert "[0, 0]" in hands_line(text, "North") and "[0, 0, 0]" in hands_line(text, "South")


async def test_a_hard_bot_thinks_in_a_thread_and_plays_only_on_the_table_it_thought_about(paths, monkeypatch):
    """The hard bot's search runs off the UI thread; a move it found for a table that changed
    meanwhile is not played (it thinks again), and a search that fails says so on the table
    before the easy move is played for it."""
    import threading

    from tests.duel import Pick

    release, asked = threading.Event(), []
    duel = Duel()

    def bot_action(state, seat, level="easy"):
        asked.append(level)
        if len(asked) == 1:
            release.wait(5)  # the first search lasts until North has picked
        if len(asked) == 2:
            raise RuntimeError("the search broke")
        hand = state.hands[seat]
        return Pick(seat, hand.index(max(hand)))

    monkeypatch.setattr(duel, "bot_action", bot_action)
    store = SaveStore(paths, {**GAMES, "duel": duel}, clock=lambda: FIXED_TIME)
    app = TabletopApp(paths, store=store)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game("duel", 5, seats=[Seat(name="North"), Seat(name="Robo", bot=True)], bot_level="hard")
        await pilot.pause(0.2)
        screen = app.screen
        assert asked == ["hard"] and screen.session.state.picked == [-1, -1]
        await pilot.press("enter")  # North picks while the bot still thinks: the keyboard answers
        await pilot.pause()
        assert screen.session.state.picked[0] > 0 and screen.session.state.picked[1] == -1
        release.set()  # its move was found for the table before North's pick: not played
        for _ in range(20):
            await pilot.pause(0.05)
            if len(screen.session.envelope.actions) == 2:
                break
        assert asked[:3] == ["hard", "hard", "easy"]  # thought again, failed, then the easy move
        assert any("could not search" in str(n.message) for n in app._notifications)
        assert "South picks a card face down." in screen.session.state.log  # once North had
        assert screen.session.replay() == screen.session.state
