"""Disciple's playstyles in the app. Versus: set up on the New game screen with a built deck,
played to the end at one keyboard by key presses, a privacy cover between the players, each
seeing only their own hand and the other's counters face down. Co-Op: two players at one
keyboard through their first fight, every enemy shown with its target."""

from __future__ import annotations

import msgspec

from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, default_versus_deck
from engine.disciple.model import Choose, EndTurn, PlayCard, Target
from engine.disciple.view import HIDDEN
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.tables import TableStore
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tests.tui.test_seats import as_app
from tui import game_screen
from tui.disciple.deck_files import versus_deck_store
from tui.disciple.screen import DiscipleScreen
from tui.disciple.setup import DiscipleSetup, PickVersusDeck
from tui.screens.game_end import EndScreen
from tui.screens.privacy import PrivacyScreen
from tui.tables import life
from tui.tables.screens import LobbyScreen

GAME = GAMES["disciple"]
CONTENT = load()


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


def mixed_deck() -> VersusDeck:
    """A legal Boxing + Jiu-Jitsu deck: 32 cards of each default deck, Boxing's allotment."""
    boxing, jiujitsu = (default_versus_deck(CONTENT, s) for s in ("boxing", "jiujitsu"))
    return VersusDeck("Grapple Boxer", ("boxing", "jiujitsu"), ("blue", "green", "gray"),
                      boxing.cards[:32] + jiujitsu.cards[:32])  # fmt: skip


def keys_for(action, screen: DiscipleScreen) -> list[str]:
    """The keys that make the bot's move at the screen: a card's digit (the energy it taps
    by default), an option's digit, e to end the turn."""
    if isinstance(action, EndTurn):  # with a card still playable it asks first: yes
        return ["e", "y"] if screen.waste(action) else ["e"]
    if isinstance(action, PlayCard):
        return [screen.slots.digit(action.hand_index)]
    assert isinstance(action, Choose)
    return [str(action.index + 1)]


async def set_up_versus(pilot, app, seed: str) -> None:
    """Home -> 1 (Disciple) -> m (Versus) -> seat 1 brings the built deck -> seed -> s."""
    await keys(pilot, "1", "m")
    assert isinstance(app.screen, DiscipleSetup)
    await keys(pilot, "1")
    assert isinstance(app.screen, PickVersusDeck)
    await keys(pilot, "end", "enter")  # the built deck comes after the three default decks
    text = screen_text(app)
    assert "Player 1: you · Grapple Boxer (Boxing + Jiu-Jitsu)" in text
    assert "Player 2: here · Karate (default)" in text
    await keys(pilot, "end", "up", "enter", *seed, "enter", "s")


async def test_a_versus_game_at_one_keyboard_by_keys(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    versus_deck_store(paths).add(mixed_deck(), "grapple boxer")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await set_up_versus(pilot, app, "5")
        assert isinstance(app.screen, PrivacyScreen)  # the first player is named before the table shows
        await keys(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, DiscipleScreen)
        session = screen.session
        options = session.envelope.options
        assert options["mode"] == "versus" and options["decks"][0]["name"] == "Grapple Boxer"
        first = session.state.active
        text = screen_text(app)
        assert "pulls" in text and "goes first" in text  # the pull, in the log both see
        assert "Versus" in text and "Vitality" in text and "/50" in text
        snapshot.assert_match(text, "versus-start.txt")
        covers, presses, counters_seen = 0, 0, False
        while session.outcome() is None:
            if isinstance(app.screen, PrivacyScreen):
                covers += 1
                await keys(pilot, "enter")
                continue
            screen = app.screen
            assert isinstance(screen, DiscipleScreen)
            seat, full = screen.seat, session.state
            other = full.players[1 - seat]
            # What this seat sees of the other: no card of their hand or counters by name.
            seen = screen.state.players[1 - seat]
            assert set(seen.hand) <= {HIDDEN} and set(seen.counters) <= {HIDDEN}
            if other.counters:
                counters_seen = True
                assert f"Counters {len(other.counters)} set, face down" in screen_text(app)
            await keys(pilot, *keys_for(GAME.bot_action(full, seat), screen))
            presses += 1
            assert presses < 4000
        assert covers >= 2 and counters_seen
        assert isinstance(app.screen, EndScreen)
        outcome = session.outcome()
        winner = session.state.winner
        assert outcome.won and session.state.players[winner].name in outcome.summary
        assert first in (0, 1)


def coop_keys(action, screen: DiscipleScreen) -> list[str]:
    """Keys for a Co-Op move: as in Versus, plus f (face the next enemy) for a Target."""
    if isinstance(action, Target):
        return ["f"]  # the next enemy in order: pressed again until the one wanted
    if isinstance(action, Choose) and action.index >= 9:
        return ["home", *["down"] * action.index, "enter"]
    return keys_for(action, screen)


async def test_a_two_player_coop_fight_by_keys(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1", "m", "m")  # Disciple -> Versus -> Co-Op
        setup = app.screen
        assert isinstance(setup, DiscipleSetup) and setup.mode == "coop"
        text = screen_text(app)
        assert "Playstyle: Co-Op" in text and "Players: 2" in text
        assert "Player 1: you" in text and "Player 2: here" in text
        await keys(pilot, "end", "up", "enter", *"3", "enter", "s")
        screen = app.screen
        assert isinstance(screen, DiscipleScreen)
        session = screen.session
        assert session.envelope.options["mode"] == "coop" and len(session.state.players) == 2
        presses, seats_seen, several_enemies, snapped = 0, set(), False, False
        # From the style choices through the events to the end of the first fight.
        while session.state.fights_won == 0 and session.outcome() is None:
            screen = app.screen
            assert isinstance(screen, DiscipleScreen)  # Co-Op hides nothing: no cover
            full = session.state
            seat = GAME.to_move(full)[0]
            assert screen.seat == seat  # the table turns to whoever acts
            seats_seen.add(seat)
            if len(full.enemies) > 1 and full.phase == "player":
                several_enemies = True
                text = screen_text(app)
                assert f"Enemies ({len(full.enemies)})" in text
                for enemy in full.enemies:  # each enemy shows whom it attacks
                    if not enemy.beaten:
                        target = "you" if enemy.target == seat else full.players[enemy.target].name
                        assert f"→ {target}" in text
                if not snapped:
                    snapped = True
                    snapshot.assert_match(text, "coop-fight.txt")
            await keys(pilot, *coop_keys(GAME.bot_action(full, seat), screen))
            presses += 1
            assert presses < 3000
        assert seats_seen == {0, 1}
        assert several_enemies
        text = screen_text(app)
        assert "Player 1" in text and "Player 2" in text  # the party line


async def test_a_campaign_leader_at_the_same_keyboard_makes_the_leaders_choices(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1", "m", "m", "m")  # Disciple -> Versus -> Co-Op -> Campaign
        setup = app.screen
        assert isinstance(setup, DiscipleSetup) and setup.mode == "campaign"
        await keys(pilot, "c")  # a person leads, at a seat of their own
        text = screen_text(app)
        assert "Campaign Leader: at a seat of its own" in text and "Campaign Leader: here" in text
        await keys(pilot, "end", "up", "enter", *"3", "enter", "s")
        leader_kinds: set[str] = set()
        presses = covers = 0
        session = None
        while len(leader_kinds) < 3:
            if isinstance(app.screen, PrivacyScreen):  # between the Leader and the players
                covers += 1
                await keys(pilot, "enter")
                continue
            screen = app.screen
            assert isinstance(screen, DiscipleScreen)
            session = screen.session
            full = session.state
            seat = GAME.to_move(full)[0]
            assert screen.seat == seat
            if seat == len(full.players):  # the Leader's seat: their panel and their choice
                text = screen_text(app)
                assert "Campaign Leader" in text and "Event decks" in text
                assert full.pending.kind.startswith("cl_")
                leader_kinds.add(full.pending.kind)
            else:  # a player never sees the event decks the Leader holds
                assert set(screen.state.players[0].event_deck) <= {HIDDEN}
            await keys(pilot, *coop_keys(GAME.bot_action(full, seat), screen))
            presses += 1
            assert presses < 3000 and session.outcome() is None
        assert {"cl_next", "cl_commit", "cl_target"} <= leader_kinds
        assert covers >= 3


async def test_a_shared_versus_table_each_player_brings_a_deck_and_sees_only_their_hand(tmp_path, monkeypatch):
    """Ann opens a Versus table from the New game screen with seat 2 open; Ben joins from his
    own app with a deck of his own; each terminal draws only its own hand, and the other's
    counters as a count."""
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    ann_paths, ben_paths = (DataPaths(tmp_path / who, common=tmp_path / "common") for who in ("ann", "ben"))
    for paths in (ann_paths, ben_paths):
        paths.ensure()
    versus_deck_store(ben_paths).add(mixed_deck(), "grapple boxer")
    ann, ben = make_app(ann_paths, identity="user:ann"), make_app(ben_paths, identity="user:ben")
    ann.settings.display_name, ben.settings.display_name = "Ann", "Ben"
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        await keys(a_pilot, "1", "m", "2", "escape", "o")  # seat 2 highlighted, then opened
        assert "Player 2: open to others (brings their own deck)" in screen_text(ann)
        await keys(a_pilot, "s", "enter")  # the name offered is the settings' one
        assert isinstance(ann.screen, LobbyScreen)
        code = ann.screen.code
        table = TableStore(ann_paths, GAMES).read(code)
        assert table.seats[0].brings["name"] == "Boxing (default)"  # Ann's deck sits with her
        as_app(ben, ben.join_table, code, "Ben")
        await b_pilot.pause()
        assert isinstance(ben.screen, PickVersusDeck)  # Ben brings one of his own
        await keys(b_pilot, "end", "enter")
        await a_pilot.pause(0.3)
        table = TableStore(ann_paths, GAMES).read(code)
        assert table.seats[1].brings["name"] == "Grapple Boxer" and table.seats[1].name == "Ben"
        assert isinstance(ann.screen, DiscipleScreen) and isinstance(ben.screen, DiscipleScreen)
        a_screen, b_screen = ann.screen, ben.screen
        assert (a_screen.seat, b_screen.seat) == (0, 1)
        decks = a_screen.session.envelope.options["decks"]
        assert [d["name"] for d in decks] == ["Boxing (default)", "Grapple Boxer"]  # as brought
        assert list(a_screen.session.state.players[1].styles) == ["boxing", "jiujitsu"]
        assert set(a_screen.state.players[1].hand) == {HIDDEN}
        assert set(b_screen.state.players[0].hand) == {HIDDEN}
        assert HIDDEN not in b_screen.state.players[1].hand
        assert "Ben ·" in screen_text(ann) and "Ann ·" in screen_text(ben)  # as they sat down
        for _ in range(60):  # a few turns, each terminal moving only for its own seat
            for app, pilot, screen in ((ann, a_pilot, a_screen), (ben, b_pilot, b_screen)):
                await pilot.pause(0.05)
                full = screen.session.state
                if GAME.outcome(full) is None and screen.seat in GAME.to_move(full):
                    as_app(app, screen.play, GAME.bot_action(full, screen.seat))
        await a_pilot.pause(0.2)
        await b_pilot.pause(0.2)
        assert b_screen.session.state == a_screen.session.state
        assert a_screen.session.state.turn > 3


async def test_the_versus_table_at_120x40(paths, snapshot):
    use_snapshot_dir(snapshot, "disciple")
    app = make_app(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game("disciple", 5, mode="versus", players=2)
        await pilot.pause()
        await keys(pilot, "enter")  # the cover lifted for the first player
        screen = app.screen
        assert isinstance(screen, DiscipleScreen)
        first = screen.session.state.active
        await keys(pilot, *keys_for(GAME.bot_action(screen.session.state, first), screen))
        text = screen_text(app)
        assert "(you)" in text and "Hand " in text and "pulls" in text
        snapshot.assert_match(text, "versus-120x40.txt")


async def test_set_up_enter_moves_on_and_space_or_arrows_change_the_option(paths):
    """As on every new-game screen: Enter never changes an option, it moves on toward Start;
    Space and the right arrow change the highlighted one, the left arrow changes it back."""
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1")
        setup = app.screen
        assert isinstance(setup, DiscipleSetup) and setup.mode == "solo"
        listing = setup.query_one("#setup")
        assert setup.rows[listing.cursor] == "mode"
        await keys(pilot, "enter")
        assert setup.mode == "solo" and listing.cursor == 1  # moved on, nothing changed
        await keys(pilot, "up", "space")
        assert setup.mode == "versus"
        await keys(pilot, "right")
        assert setup.mode == "coop" and "Players: 2" in screen_text(app)
        await keys(pilot, "down", "right")
        assert setup.rows[listing.cursor] == "players" and setup.values["players"] == 3
        await keys(pilot, "left", "left")
        assert setup.values["players"] == 4  # back past the fewest to the most
        await keys(pilot, "up", "left", "left")
        assert setup.mode == "solo"
        option = next(row for row in setup.rows if row.startswith("option:"))
        name = option.removeprefix("option:")
        before = setup.values[name]
        listing.cursor = setup.rows.index(option)
        await keys(pilot, "enter")
        assert setup.values[name] == before and listing.cursor == setup.rows.index(option) + 1
        listing.cursor = setup.rows.index(option)
        await keys(pilot, "space")
        assert setup.values[name] != before


async def test_while_the_other_player_decides_ones_own_hand_stays_in_the_list(paths, monkeypatch):
    """Ben is Stunned and picks the energy to tap: Ann's list goes on showing her hand to plan
    with (as on any turn of his), and a digit there says it is not her turn, playing nothing."""
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    monkeypatch.setattr(life, "LOOK_AROUND", 0.05)
    decks = [msgspec.to_builtins(default_versus_deck(CONTENT, s)) for s in ("boxing", "karate")]
    seats = [Seat(name="Ann", player="user:ann", brings=decks[0]), Seat(name="Ben", player="user:ben", brings=decks[1])]
    tables = TableStore(paths, GAMES)
    code = tables.create(GAME, 2, {"mode": "versus", "players": 2}, seats)
    ann, ben = make_app(paths, identity="user:ann"), make_app(paths, identity="user:ben")
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        as_app(ann, ann.open_table, code)
        as_app(ben, ben.open_table, code)
        await a_pilot.pause()
        await b_pilot.pause()
        screens = {0: (ann, a_pilot, ann.screen), 1: (ben, b_pilot, ben.screen)}
        for _ in range(20):
            full = screens[0][2].session.state
            if full.pending is not None and full.phase == "player":
                break
            app, pilot, screen = screens[GAME.to_move(full)[0]]
            as_app(app, screen.play, GAME.bot_action(full, screen.seat))
            for _app, other, _screen in screens.values():
                await other.pause(0.1)
        a_screen = screens[0][2]
        state = a_screen.session.state
        assert state.pending is not None and state.pending.kind == "stun_tap" and state.pending.seat == 1
        text = screen_text(ann)
        assert "Waiting for Ben" in text and "(away)" not in text
        for card in state.players[0].hand:
            assert CONTENT.cards[card].name in text  # her hand, in the list
        moves = len(a_screen.session.envelope.actions)
        await a_pilot.press("1")
        await a_pilot.pause()
        assert len(a_screen.session.envelope.actions) == moves
        assert any("it is not your turn" in str(n.message) for n in ann._notifications)
