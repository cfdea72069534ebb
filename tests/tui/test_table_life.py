"""A shared table's life seen from two apps on one data folder (two players, as two accounts
or two SSH keys would be): a table deleted mid-game, a seat handed to the bot while its player
is away and taken back on return, and a newcomer who can neither take a seated player's seat
nor be offered their name."""

from __future__ import annotations

import time

import pytest
from textual.widgets import Input

from saves.envelope import Seat
from tests.conftest import screen_text
from tests.duel import DuelScreen
from tests.tui.test_seats import SIZE, as_app, duel_app, duel_is_playable  # noqa: F401 (a fixture)
from tui import game_screen
from tui.screens.dialogs import AskText, Confirm
from tui.tables import life, screens
from tui.tables.screens import LobbyScreen, TablesScreen

SEATS = [Seat(name="North", player="me"), Seat(name="South")]


@pytest.fixture(autouse=True)
def quick_looks(monkeypatch):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    monkeypatch.setattr(life, "LOOK_AROUND", 0.05)


async def seated(ann, ben, a_pilot, b_pilot) -> str:
    """Ann opens a Duel table, Ben takes its other seat; both apps show the game."""
    as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
    await a_pilot.pause()
    code = ann.screen.code
    as_app(ben, ben.join_table, code, "Ben")
    await b_pilot.pause()
    await a_pilot.pause(0.4)
    assert isinstance(ann.screen, DuelScreen) and isinstance(ben.screen, DuelScreen)
    return code


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_a_table_deleted_mid_game_sends_the_other_player_back_with_a_message(paths):
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        code = await seated(ann, ben, a_pilot, b_pilot)
        await a_pilot.press("enter")  # Ann moves; Ben has seen it, and has a question over his table
        await b_pilot.pause(0.2)
        as_app(ben, ben.push_screen, Confirm("Something else?"))
        await b_pilot.pause()
        await a_pilot.press("q")  # Ann leaves the table for Play together and deletes it
        await a_pilot.pause()
        as_app(ann, ann.push_screen, TablesScreen())
        await a_pilot.pause()
        await a_pilot.press("d", "y")
        await a_pilot.pause()
        assert ann.tables.list() == []
        started = time.monotonic()
        while not isinstance(ben.screen, TablesScreen) and time.monotonic() - started < 1:
            await b_pilot.pause(0.05)
        assert isinstance(ben.screen, TablesScreen)  # within a second, and no crash
        assert f"Table {code} was deleted by Ann." in notices(ben)
        assert not any(isinstance(s, DuelScreen) for s in ben.screen_stack)
        await b_pilot.press("enter")  # the list goes on working: nothing to join
        await b_pilot.pause()
        assert isinstance(ben.screen, TablesScreen)


async def test_a_move_against_a_table_deleted_meanwhile_returns_instead_of_crashing(paths):
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        code = await seated(ann, ben, a_pilot, b_pilot)
        screen = ben.screen
        ann.tables.delete(code, by="Ann")
        as_app(ben, screen.play, screen.legal()[0])  # before Ben's app has looked
        await b_pilot.pause()
        assert isinstance(ben.screen, TablesScreen) and f"Table {code} was deleted by Ann." in notices(ben)


async def test_a_lobby_whose_table_is_deleted_returns_to_play_together(paths):
    ann = duel_app(paths, "Ann")
    async with ann.run_test(size=SIZE) as pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await pilot.pause()
        assert isinstance(ann.screen, LobbyScreen)
        ann.tables.delete(ann.screen.code)
        await pilot.pause(0.4)
        assert isinstance(ann.screen, TablesScreen)
        assert any("there is no table" in n.lower() for n in notices(ann))


async def test_an_away_players_seat_is_handed_to_the_bot_and_taken_back_on_return(paths):
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    for app in (ann, ben):
        app.tables.away_after = 0.3
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        code = await seated(ann, ben, a_pilot, b_pilot)
        a_screen = ann.screen
        await a_pilot.press("b")  # Ben is here: there is nothing to hand over
        await a_pilot.pause()
        assert a_screen.session.bot_seats == set()
        await a_pilot.press("enter")  # Ann picks; the table waits for Ben
        await b_pilot.press("q")  # Ben leaves the table
        await b_pilot.pause()
        await a_pilot.pause(0.2)
        assert "Ben left the table." in notices(ann)
        await a_pilot.pause(0.4)
        text = screen_text(ann)
        assert "waiting for Ben (away)" in text and "Bot plays Ben" in text  # the key, offered
        await a_pilot.press("b")
        await a_pilot.pause(0.3)
        session = a_screen.session
        assert session.envelope.seats[1].bot and session.envelope.seats[1].player == "user:ben"
        assert any(line.startswith("Ann hands Ben's seat to the bot: Ben has been away") for line in session.state.log)
        assert session.state.picked[1] > 0 or session.state.log[-1].startswith("Shown")  # the bot played
        # Ben comes back: his seat is his again, said in the log and to Ann
        as_app(ben, ben.join_table, code)
        await b_pilot.pause()
        await a_pilot.pause(0.3)
        b_screen = ben.screen
        assert isinstance(b_screen, DuelScreen) and b_screen.session.local_seats == {1}
        assert not session.envelope.seats[1].bot and session.bot_seats == set()
        assert session.state.log[-1] == "Ben is back and takes the seat from the bot."
        assert "Ben is back at the table." in notices(ann)


async def test_a_newcomer_gets_a_free_seat_never_a_seated_players_name_or_seat(paths):
    ann, cy = duel_app(paths, "Ann"), duel_app(paths, identity="user:cy")
    cy.settings.display_name = "Ann"  # one data folder: its settings name the last to sit down
    async with ann.run_test(size=SIZE) as a_pilot, cy.run_test(size=SIZE) as c_pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await a_pilot.pause()
        code = ann.screen.code
        as_app(cy, cy.join_table, code)
        await c_pilot.pause()
        assert isinstance(cy.screen, AskText)
        assert cy.screen.query_one(Input).value == ""  # Ann sits here: her name is not offered
        await c_pilot.press("escape")
        as_app(cy, cy.join_table, code, "ann")  # typing her name gets neither her name nor seat
        await c_pilot.pause()
        assert "ann already sits at this table: sit under another name." in notices(cy)
        [entry] = cy.tables.list()
        assert entry.open_seats == [1] and entry.seats[0].player == "user:ann"
        as_app(cy, cy.join_table, code, "Cy")
        await c_pilot.pause()
        await a_pilot.pause(0.4)
        assert isinstance(cy.screen, DuelScreen) and cy.screen.seat == 1
        assert cy.screen.session.local_seats == {1}
        assert "[0, 0, 0]" in next(l for l in screen_text(cy).splitlines() if l.startswith("North: hand"))


async def test_two_terminals_of_one_account_each_play_their_own_seat(paths):
    """One account, two people in two terminals: the second is asked, sits at the free seat
    under a name of their own, and each terminal acts only for the seat it sat down at."""
    first, second = duel_app(paths, "Ann", identity="user:pat"), duel_app(paths, identity="user:pat")
    second.settings.display_name = "Ann"
    async with first.run_test(size=SIZE) as f_pilot, second.run_test(size=SIZE) as s_pilot:
        as_app(first, first.open_shared, "duel", 9, SEATS, "Ann")
        await f_pilot.pause()
        code = first.screen.code
        as_app(second, second.join_table, code)
        await s_pilot.pause()
        assert isinstance(second.screen, Confirm)
        await s_pilot.press("y")
        await s_pilot.pause()
        assert isinstance(second.screen, AskText) and second.screen.query_one(Input).value == ""
        await s_pilot.press("B", "o", "enter")
        await s_pilot.pause()
        await f_pilot.pause(0.4)
        assert isinstance(first.screen, DuelScreen) and isinstance(second.screen, DuelScreen)
        assert first.screen.session.local_seats == {0} and second.screen.session.local_seats == {1}
        assert [s.name for s in first.screen.session.envelope.seats] == ["Ann", "Bo"]


async def test_home_continues_the_shared_tables_one_sits_at_when_no_game_is_saved(paths):
    from tui.screens.home import HomeScreen

    other = duel_app(paths, "Cy")
    code = other.tables.create(other.store.games["duel"], 9, {}, [Seat(name="Ann", player="user:ann"), Seat(name="Ben", player="user:ben")])
    other.tables.create(other.store.games["duel"], 9, {}, [Seat(name="Cy", player="user:cy"), Seat(name="Ben", player="user:ben")])
    ann = duel_app(paths, "Ann")
    async with ann.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(ann.screen, HomeScreen)
        assert "Continue: table " + code in screen_text(ann) and "no saved game" not in screen_text(ann)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(ann.screen, DuelScreen) and ann.screen.session.local_seats == {0}
    ben = duel_app(paths, "Ben")
    async with ben.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Continue: 2 shared tables" in screen_text(ben)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(ben.screen, TablesScreen)


async def test_one_account_at_two_seats_sees_the_other_terminal_leave(paths):
    """Presence is kept per seat: two people sharing an account are told apart by the seats
    their terminals hold, so one leaving is seen by the other (and may be handed to the bot)."""
    first, second = duel_app(paths, "Ann", identity="user:pat"), duel_app(paths, "Bo", identity="user:pat")
    for app in (first, second):
        app.tables.away_after = 0.2
    async with first.run_test(size=SIZE) as f_pilot, second.run_test(size=SIZE) as s_pilot:
        as_app(first, first.open_shared, "duel", 9, SEATS, "Ann")
        await f_pilot.pause()
        as_app(second, second.join_table, first.screen.code, "Bo")
        await s_pilot.press("y")
        await s_pilot.pause()
        await f_pilot.pause(0.4)
        assert isinstance(second.screen, DuelScreen)
        await s_pilot.press("q")
        await s_pilot.pause()
        await f_pilot.pause(0.5)
        assert "Bo left the table." in notices(first)
        assert "Bot plays Bo" in screen_text(first)


async def test_a_lobby_that_looks_again_while_its_table_opens_opens_it_once(paths):
    """The lobby looks five times a second; a table slow to open must not be opened twice
    (a second table underneath went on saying its player was there after they left)."""
    ann = duel_app(paths, "Ann")
    async with ann.run_test(size=SIZE) as pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await pilot.pause()
        lobby = ann.screen
        ann.tables.claim(lobby.code, "user:ben", "Ben")
        as_app(ann, lobby.look)
        as_app(ann, lobby.look)
        await pilot.pause(0.3)
        assert [type(s).__name__ for s in ann.screen_stack].count("DuelScreen") == 1


async def test_the_player_waiting_in_the_lobby_is_at_the_table_when_it_starts(paths, monkeypatch):
    """Ann waits in the lobby; Ben's seat fills the table and his app opens it before Ann's
    lobby has looked again. To Ben, Ann was there all along: she is neither away (her seat
    is not his to hand to the bot) nor told as "back at the table" once her table opens."""
    monkeypatch.setattr(screens, "LOBBY_POLL", 60)  # Ann's lobby looks when the test says
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await a_pilot.pause()
        lobby = ann.screen
        as_app(ben, ben.join_table, lobby.code, "Ben")
        await b_pilot.pause(0.2)
        assert isinstance(ben.screen, DuelScreen)
        assert ben.screen.life.away == {} and "Bot plays Ann" not in screen_text(ben)
        as_app(ann, lobby.look)
        await a_pilot.pause(0.2)
        await b_pilot.pause(0.3)
        assert isinstance(ann.screen, DuelScreen)
        assert not any("Ann" in notice for notice in notices(ben)), notices(ben)


async def test_a_player_who_left_the_lobby_is_away_from_when_they_left(paths):
    """Ann opens a table and goes; when Ben starts it, Ann has been away since she left the
    lobby (not 'for ever'), so her seat is handed to the bot only after the away time."""
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    async with ann.run_test(size=SIZE) as a_pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await a_pilot.pause()
        code = ann.screen.code
        await a_pilot.press("q")
        await a_pilot.pause()
    async with ben.run_test(size=SIZE) as b_pilot:
        as_app(ben, ben.join_table, code, "Ben")
        await b_pilot.pause()
        assert isinstance(ben.screen, DuelScreen)
        assert ben.screen.life.away.get(0, 0) < 10 and ben.screen.life.long_away() == set()
        assert "Bot plays Ann" not in screen_text(ben)


async def test_a_table_deleted_while_one_is_sitting_down_says_so_like_any_deleted_table(paths):
    """Cy is asked her name to sit at Ann's table; meanwhile Ann deletes it. Cy's Enter finds
    no table: she is told who deleted it, in the words every deleted table uses."""
    ann, cy = duel_app(paths, "Ann"), duel_app(paths, identity="user:cy")
    async with ann.run_test(size=SIZE) as a_pilot, cy.run_test(size=SIZE) as c_pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await a_pilot.pause()
        code = ann.screen.code
        as_app(cy, cy.push_screen, TablesScreen())
        await c_pilot.pause()
        await c_pilot.press("enter")
        assert isinstance(cy.screen, AskText)
        ann.tables.delete(code, by="Ann")
        await c_pilot.press("C", "y", "enter")
        await c_pilot.pause()
        assert isinstance(cy.screen, TablesScreen)
        assert f"Table {code} was deleted by Ann." in notices(cy), notices(cy)


async def test_the_last_player_giving_up_their_seat_in_the_lobby_takes_the_table_away(paths):
    ann = duel_app(paths, "Ann")
    async with ann.run_test(size=SIZE) as pilot:
        as_app(ann, ann.open_shared, "duel", 9, SEATS, "Ann")
        await pilot.pause()
        assert isinstance(ann.screen, LobbyScreen)
        code = ann.screen.code
        await pilot.press("x")
        await pilot.pause()
        assert not isinstance(ann.screen, LobbyScreen)
        assert ann.tables.list() == []  # nobody could have deleted it: only a seated player may
        assert not any(paths.tables.glob(f".{code}.*.here")) and not any(paths.tables.glob(f"{code}.json*"))


async def test_a_player_whose_app_has_yet_to_open_the_table_is_not_back_nor_long_away(paths):
    """Ben's seat fills the table, and Ann's app opens it before Ben's has (his is slower).
    To Ann, Ben has been missing only since she looked, not for ever: his seat is not the
    bot's to take yet, and when his table opens he is not 'back at the table'."""
    ann, ben = duel_app(paths, "Ann"), duel_app(paths, "Ben")
    code = ann.tables.create(ann.store.games["duel"], 9, {}, [Seat(name="Ann", player="user:ann"), Seat(name="Ben", player="user:ben")])
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        as_app(ann, ann.open_table, code)
        await a_pilot.pause(0.2)
        screen = ann.screen
        assert isinstance(screen, DuelScreen)
        assert screen.life.away[1] < 5 and screen.life.long_away() == set()
        assert "Bot plays Ben" not in screen_text(ann)
        as_app(ben, ben.open_table, code)
        await b_pilot.pause()
        await a_pilot.pause(0.3)
        assert screen.life.away == {}
        assert not any("Ben" in notice for notice in notices(ann)), notices(ann)
