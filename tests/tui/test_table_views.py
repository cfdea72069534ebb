"""The views every table opens with the same keys (tui/screens/viewer.py): the whole log
(Shift+L), the whole table (Shift+D); DecknForge's pause on each attack, its card detail (`i`)
and the Adventurers' words at the table; Disruption's `d` and `l`."""

from __future__ import annotations

from engine.decknforge.model import Equip
from engine.registry import GAMES
from saves.session import GameSession
from tests.conftest import screen_text
from tests.decknforge.helpers import rig_monster, set_slots
from tests.tui.launcher import make_app
from tui.decknforge.screen import DecknForgeScreen
from tui.screens.privacy import PrivacyScreen
from tui.screens.viewer import Pause, Viewer

FORGE = GAMES["decknforge"]


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()


def rigged_table(app) -> GameSession:
    """Two decks at one keyboard; AB's first Adventurer, Q♠, carries EMBERGUARD and gear worth
    5; the first Monster out is A♠ (attack 1 + 3): it strikes Q♠ and J♠ and is slain."""
    session = GameSession.start(app.store, FORGE, 3, players=2)
    state = session.state
    set_slots(state, 0, [("QS", ["2S", "3H"], "EMBERGUARD"), ("KH", [])])
    set_slots(state, 1, [("JS", []), ("QD", [])])
    rig_monster(state, "AS", owner=1, mod=3)
    session.save()
    app.open_session(session)
    return session


async def test_the_table_pauses_on_the_attack_and_says_why(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        session = rigged_table(app)
        await press(pilot, "enter", "e", "y", "enter", "e", "y")  # AB ends, CD takes over and ends
        assert isinstance(app.screen, Pause)
        text = screen_text(app)
        assert "The Monster attack of round 1" in text
        assert "strikes every ♠ Adventurer" in text  # why they fell: the suit
        assert "hits Q♠/P1 (2♠ 3♥), J♠/P2" in text  # what gear went with them
        assert "Retaliation against A♠/P2: 5 from Q♠/P1's gear + 0 from J♠/P2" in text  # the sum
        assert "Retaliation against A♠/P2: 5 from Q♠/P1's gear + 0 from J♠/P2 (no gear) = 5." in (
            session.game.log_lines(session.state)
        )
        played = len(session.envelope.actions)
        await press(pilot, "enter")  # moves on, and plays nothing
        assert isinstance(app.screen, DecknForgeScreen) and len(session.envelope.actions) == played
        await press(pilot, "enter")  # the next key plays, on the table now in view
        assert len(session.envelope.actions) == played + 1 and not isinstance(app.screen, Pause)
        await press(pilot, "e", "y")  # CD is done: the keyboard goes to AB, who has not seen it
        assert isinstance(app.screen, PrivacyScreen)  # the cover first: AB reads it for themselves
        await press(pilot, "enter")
        assert isinstance(app.screen, Pause) and "The Monster attack of round 1" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, DecknForgeScreen) and app.screen.seat == 0


async def test_words_show_at_a_wide_table_and_in_the_detail_views(paths):
    app = make_app(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        session = rigged_table(app)
        await press(pilot, "enter")  # AB sits down
        text = screen_text(app)
        assert "Q♠ EMBERGUARD 2♠ 3♥" in text  # the word itself, where the band has room
        await press(pilot, "D")
        assert isinstance(app.screen, Viewer)
        text = screen_text(app)
        assert "slot 1: Q♠, gear 2♠, 3♥ = 5" in text and "EMBERGUARD: If" in text
        await press(pilot, "escape", "L")
        assert isinstance(app.screen, Viewer) and "enter a dungeon of" in screen_text(app)
        await press(pilot, "escape")
        # the highlighted move's card: on the Adventurer picked to equip, its word is told
        screen = app.screen
        assert isinstance(screen, DecknForgeScreen)
        equip = next(a for a in session.game.legal_actions(session.state) if isinstance(a, Equip) and a.slot == 0)
        screen.equipping = equip.card
        screen.redraw()
        screen.query_one("#choices").cursor = next(  # slot 1 (Q♠) highlighted (its digit would equip at once)
            i for i, a in enumerate(screen.choices) if getattr(a, "slot", None) == 0
        )
        await press(pilot)
        assert "Q♠ EMBERGUARD: If" in screen_text(app)  # the hint line under the list
        await press(pilot, "i")
        text = screen_text(app)
        assert isinstance(app.screen, Viewer) and "Q♠: Adventurer" in text and "EMBERGUARD: If" in text


async def test_at_80_columns_the_word_is_marked_and_told_in_the_views(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        rigged_table(app)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Q♠* 2♠ 3♥" in text and "EMBERGUARD" not in text.split("╰")[0]  # no room: the mark
        await press(pilot, "D")
        assert "EMBERGUARD: If" in screen_text(app)


async def test_disruption_opens_the_same_views_with_the_same_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession.start(app.store, GAMES["disruption"], 7)
        app.open_session(session)
        await press(pilot, "enter")  # a fight
        await press(pilot, "D")
        assert isinstance(app.screen, Viewer)
        text = screen_text(app)
        assert "Your allies:" in text and "Defender deck" in text
        await press(pilot, "escape", "L")  # Shift+L: the log, as at every table
        lines = [session.game.log_text(line) for line in session.whole_log()]
        assert isinstance(app.screen, Viewer) and lines and lines[-1][:40] in screen_text(app)
        await press(pilot, "escape", "v")  # the piles
        assert isinstance(app.screen, Viewer) and "Minor deck" in screen_text(app)
        await press(pilot, "escape", "i")  # the highlighted way to fight, in full
        text = screen_text(app)
        assert isinstance(app.screen, Viewer) and "Chance to win" in text and "against" in text


async def test_at_a_shared_table_every_terminal_pauses_on_the_attack(paths, monkeypatch):
    """Ann ends her turn, then Ben ends his in his own terminal: the attack is told in both,
    in Ann's from a move she only saw land."""
    from engine.decknforge.model import EndTurn
    from tests.tui.test_seats import as_app
    from tui import game_screen
    from tui.screens.dialogs import Confirm

    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    ann, ben = make_app(paths, identity="user:ann"), make_app(paths, identity="user:ben")
    ann.settings.display_name = "Ann"
    async with ann.run_test(size=(80, 24)) as a_pilot, ben.run_test(size=(80, 24)) as b_pilot:
        await press(a_pilot, "4", "1", "n", "a", "n", "enter", "down", "o", "s", "enter")
        code = ann.screen.code
        as_app(ben, ben.join_table, code, "Ben")
        await b_pilot.pause()
        await press(b_pilot, "n", "b", "e", "n", "enter")
        await a_pilot.pause(0.3)
        assert isinstance(ann.screen, DecknForgeScreen) and isinstance(ben.screen, DecknForgeScreen)
        for app, pilot, seat in ((ann, a_pilot, 0), (ben, b_pilot, 1)):
            as_app(app, app.screen.play, EndTurn(seat))
            await pilot.pause()
            assert isinstance(app.screen, Confirm)  # ending with actions left asks first
            await press(pilot, "y")
            await a_pilot.pause(0.3)
            await b_pilot.pause(0.3)
        for app in (ann, ben):
            assert isinstance(app.screen, Pause), type(app.screen).__name__
            assert "The Monster attack of round 1" in screen_text(app)
