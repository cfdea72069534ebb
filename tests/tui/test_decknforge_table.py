"""DecknForge played together: a table opened to others from the set-up screen, a second
player joining from their own app with their own deck, both acting at once (each only for
their seat), and each player's deck receiving the result; bots filling seats at one keyboard."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine.decknforge.view import HIDDEN
from saves.paths import DataPaths
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tests.tui.test_seats import as_app
from tui import game_screen
from tui.decknforge.screen import DecknForgeScreen
from tui.decknforge.storage import deck_store
from tui.tables import life
from tui.tables.screens import LobbyScreen


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


def player_paths(tmp_path: Path, who: str) -> DataPaths:
    """Each player's own folder (their decks); the tables folder they share."""
    paths = DataPaths(tmp_path / who, common=tmp_path / "common")
    paths.ensure()
    return paths


async def test_two_apps_play_a_shared_table_to_the_end_and_both_decks_keep_the_result(tmp_path, monkeypatch):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    ann_paths, ben_paths = player_paths(tmp_path, "ann"), player_paths(tmp_path, "ben")
    ann, ben = make_app(ann_paths, identity="user:ann"), make_app(ben_paths, identity="user:ben")
    ann.settings.display_name, ben.settings.display_name = "Ann", "Ben"
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        # Ann: a deck of her own at seat 1, seat 2 open to others, then open the table
        await keys(a_pilot, "4", "1", "n", "a", "n", "enter", "down", "o")
        assert "Seat 2: open" in screen_text(ann)
        await keys(a_pilot, "s", "enter")  # the name offered is the settings' one
        assert isinstance(ann.screen, LobbyScreen)
        code = ann.screen.code
        # Ben joins from his own app and makes a deck for it
        as_app(ben, ben.join_table, code, "Ben")
        await keys(b_pilot, "n", "b", "e", "n", "enter")
        await a_pilot.pause(0.3)
        assert isinstance(ann.screen, DecknForgeScreen) and isinstance(ben.screen, DecknForgeScreen)
        a_screen, b_screen = ann.screen, ben.screen
        game = a_screen.game
        assert (a_screen.seat, b_screen.seat) == (0, 1)
        assert game.seats(a_screen.session.state) == ["AN", "BEN"]
        # each app draws its own hand only: the other's cards are placeholders in its view
        assert {c.code for c in a_screen.state.players[1].hand} == {HIDDEN}
        assert {c.code for c in b_screen.state.players[0].hand} == {HIDDEN}
        assert HIDDEN not in {c.code for c in b_screen.state.players[1].hand}
        both_moved = False
        for _ in range(400):
            full = a_screen.session.state
            if game.outcome(full) is not None:
                break
            moving = game.to_move(full)
            both_moved |= set(moving) == {0, 1}
            for app, pilot, screen in ((ann, a_pilot, a_screen), (ben, b_pilot, b_screen)):
                await pilot.pause(0.05)  # each sees the other's moves before choosing
                if screen.seat in game.to_move(screen.session.state):
                    as_app(app, screen.play, game.bot_action(screen.session.state, screen.seat))
        await a_pilot.pause(0.2)
        await b_pilot.pause(0.2)
        assert both_moved  # the two players' turns ran at the same time
        assert game.outcome(a_screen.session.state) is not None
        assert b_screen.session.state == a_screen.session.state
        assert a_screen.session.replay() == a_screen.session.state
    for paths, initials in ((ann_paths, "AN"), (ben_paths, "BEN")):
        [deck] = deck_store(paths).decks()
        assert deck.initials == initials and len(deck.history) == 1  # the game is on it
    watcher = make_app(player_paths(tmp_path, "cy"))  # someone watching the finished table
    async with watcher.run_test(size=SIZE) as pilot:
        as_app(watcher, watcher.open_table, code, True)
        await pilot.pause(0.2)
        assert any(isinstance(screen, DecknForgeScreen) for screen in watcher.screen_stack)
        said = [str(n.message) for n in watcher._notifications]
        assert said == [], said  # no deck of theirs played: nothing to say about decks


async def test_bots_fill_a_table_at_one_keyboard(paths, monkeypatch):
    monkeypatch.setattr(game_screen, "BOT_PACE", 0.01)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "4", "p", "1", "n", "m", "e", "enter", "down", "b", "down", "b", "s")
        screen = app.screen
        assert isinstance(screen, DecknForgeScreen)
        assert screen.session.bot_seats == {1, 2} and screen.session.local_seats == {0}
        assert screen.game.seats(screen.session.state) == ["ME", "BT2", "BT3"]
        await pilot.pause(0.5)
        game = screen.game
        movers = [game.seat_of(msgspec.json.decode(raw, type=game.Action)) for raw in screen.session.envelope.actions]
        assert movers.count(1) >= 3 and movers.count(2) >= 3  # no key was pressed for them
        assert 0 in game.to_move(screen.session.state)  # the person still has the turn


async def test_a_joining_player_cannot_bring_the_deck_already_at_the_table(paths, monkeypatch):
    """Issue: on one data folder the joiner's deck list holds the deck already seated; brought
    twice it read "ANN, ANN enter a dungeon" and lost half its result. Refused, saying why."""
    ann, ben = make_app(paths, identity="user:ann"), make_app(paths, identity="user:ben")
    ann.settings.display_name = "Ann"
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        await keys(a_pilot, "4", "1", "n", "a", "n", "enter", "down", "o", "s", "enter")
        assert isinstance(ann.screen, LobbyScreen)
        code = ann.screen.code
        [deck] = deck_store(paths).decks()
        as_app(ben, ben.join_table, code, "Ben")
        await b_pilot.pause()
        assert "AN" in screen_text(ben)  # Ann's deck is in the list Ben picks from
        await keys(b_pilot, "enter")
        assert any("That deck is already at this table (seat 1, Ann's)" in str(n.message) for n in ben._notifications)
        [entry] = ben.tables.list()
        assert entry.open_seats == [1] and entry.seats[0].brings["id"] == deck.id
        as_app(ben, ben.join_table, code, "Ben")  # another deck: the table starts
        await keys(b_pilot, "n", "b", "e", "n", "enter")
        await a_pilot.pause(0.3)
        game = ann.screen.game
        assert isinstance(ann.screen, DecknForgeScreen) and game.seats(ann.screen.session.state) == ["AN", "BEN"]


async def test_a_seat_handed_to_the_bot_is_not_offered_to_the_bot_again(tmp_path, monkeypatch):
    """Ben left; Ann ends her turn and hands his seat to the bot. While the bot plays it (at a
    readable pace) the table waits for that seat, and Ben stays away: `b` offers nothing."""
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    monkeypatch.setattr(life, "LOOK_AROUND", 0.05)
    ann_paths, ben_paths = player_paths(tmp_path, "ann"), player_paths(tmp_path, "ben")
    ann, ben = make_app(ann_paths, identity="user:ann"), make_app(ben_paths, identity="user:ben")
    ann.settings.display_name, ben.settings.display_name = "Ann", "Ben"
    for app in (ann, ben):
        app.tables.away_after = 0.3
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        await keys(a_pilot, "4", "1", "n", "a", "n", "enter", "down", "o", "s", "enter")
        as_app(ben, ben.join_table, ann.screen.code, "Ben")
        await keys(b_pilot, "n", "b", "e", "n", "enter")
        await a_pilot.pause(0.3)
        screen = ann.screen
        assert isinstance(screen, DecknForgeScreen)
        await keys(a_pilot, "e", "y")  # Ann's turn is done; the round waits for Ben
        await keys(b_pilot, "q")
        await a_pilot.pause(0.8)
        assert screen.life.offer() == ("hand over", 1) and "b Bot seat" in screen_text(ann)
        await keys(a_pilot, "b")
        assert screen.session.envelope.seats[1].bot
        assert 1 in screen.game.to_move(screen.session.state)  # the bot has yet to finish
        assert screen.life.offer() is None and "b Bot seat" not in screen_text(ann)
