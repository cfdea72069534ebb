"""Disciple Versus in the app: set up on the New game screen with a built deck, played to the
end at one keyboard by key presses, a privacy cover between the players, each seeing only
their own hand and the other's counters face down."""

from __future__ import annotations

from engine.disciple.content import load
from engine.disciple.decks import VersusDeck, default_versus_deck
from engine.disciple.model import Choose, EndTurn, PlayCard
from engine.disciple.view import HIDDEN
from engine.registry import GAMES
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.disciple.deck_files import versus_deck_store
from tui.disciple.screen import DiscipleScreen
from tui.disciple.setup import DiscipleSetup, PickVersusDeck
from tui.screens.game_end import EndScreen
from tui.screens.privacy import PrivacyScreen

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
    if isinstance(action, EndTurn):
        return ["e"]
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
