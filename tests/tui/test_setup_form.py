"""One new-game pattern (tui/setup_form.py): every game's New game screen, the Versus style
picker and the seat pickers answer the same keys. Each test below drives a form with the same
few keys (down/`j` to move, Space or an arrow to change, `Enter` on a value that only moves
on, `#` for the seed, `s` to start or take) and checks the game that starts has the options
chosen, not the defaults."""

from __future__ import annotations

import pytest

from engine.decknforge.legacy import fresh_deck
from engine.druid_path.rules import DARACHS, DRUIDS
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, use_snapshot_dir
from tui.decknforge.setup import DecknForgeSetup, PickDeck
from tui.decknforge.storage import deck_store
from tui.disciple.builder import DeckBuilder, StylePick
from tui.disciple.setup import DiscipleSetup, PickVersusDeck
from tui.druid_path.setup import DruidPathSetup
from tui.screens.dialogs import AskText
from tui.screens.new_game import NewGameScreen
from tui.screens.privacy import PrivacyScreen
from tui.setup_form import SetupForm

MOVE, CHANGE, SEED, START = "j", "space", "number_sign", "s"  # the same on every form


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


async def set_seed(pilot, seed: str) -> None:
    await keys(pilot, SEED, *seed, "enter")


async def started(app, pilot):
    """The session the form started (the cover of a table played at one keyboard lifted)."""
    if isinstance(app.screen, PrivacyScreen):
        await keys(pilot, "enter")
    assert not isinstance(app.screen, SetupForm)
    return app.screen.session


def next_of(values, value):
    return values[(values.index(value) + 1) % len(values)]


async def test_disciple_by_the_shared_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1")
        assert isinstance(app.screen, DiscipleSetup)
        await keys(pilot, MOVE, CHANGE, MOVE, CHANGE)  # Martial art: Boxing; Second style: off
        await set_seed(pilot, "7")
        await keys(pilot, START)
        session = await started(app, pilot)
        assert session.envelope.seed == 7
        assert session.envelope.options["style"] == "boxing" and session.envelope.options["second_style"] is False


async def test_druid_path_by_the_shared_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "2")
        assert isinstance(app.screen, DruidPathSetup)
        await keys(pilot, MOVE, CHANGE, MOVE, "right")  # the next Druid; the next Darach (→ is Change)
        await set_seed(pilot, "7")
        await keys(pilot, START)
        session = await started(app, pilot)
        assert session.envelope.seed == 7
        options = session.envelope.options
        assert options["druid"] == next_of(DRUIDS, "belthar") and options["darach"] == next_of(DARACHS, "kaliran")


async def test_disruption_by_the_shared_keys(paths, snapshot):
    use_snapshot_dir(snapshot, "disruption")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "3")
        assert isinstance(app.screen, NewGameScreen)
        await keys(pilot, CHANGE, MOVE, CHANGE)  # Accursed Joker on; No Dice on
        assert "Accursed Joker: on" in screen_text(app) and "No Dice: on" in screen_text(app)
        await set_seed(pilot, "7")
        snapshot.assert_match(screen_text(app), "new-game.txt")
        await keys(pilot, START)
        session = await started(app, pilot)
        assert session.envelope.seed == 7
        assert session.envelope.options == {"accursed_joker": True, "no_dice": True}


async def test_decknforge_and_its_seat_picker_by_the_shared_keys(paths):
    store = deck_store(paths)
    for initials in ("AB", "CD"):
        store.create(fresh_deck(initials))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "4")
        assert isinstance(app.screen, DecknForgeSetup)
        await keys(pilot, CHANGE)  # Table: 3 players
        await keys(pilot, MOVE, "enter")  # Seat 1: Enter picks its deck ...
        assert isinstance(app.screen, PickDeck)
        await keys(pilot, START)  # ... s takes the highlighted one (AB)
        await keys(pilot, MOVE, "enter")
        assert isinstance(app.screen, PickDeck)
        await keys(pilot, START)  # CD, the one left
        await keys(pilot, MOVE, CHANGE)  # Seat 3: the bot
        assert "Seat 3: the bot" in screen_text(app)
        await set_seed(pilot, "7")
        await keys(pilot, START)
        session = await started(app, pilot)
        assert session.envelope.seed == 7 and session.envelope.options["players"] == 3
        assert [s.bot for s in session.envelope.seats] == [False, False, True]
        assert [s.initials for s in session.state.players[:2]] == ["AB", "CD"]


async def test_disciple_versus_and_its_deck_picker_by_the_shared_keys(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1", CHANGE)  # Playstyle: Versus
        setup = app.screen
        assert isinstance(setup, DiscipleSetup) and setup.mode == "versus"
        await keys(pilot, MOVE, MOVE, "enter")  # Player 2's deck
        assert isinstance(app.screen, PickVersusDeck)
        await keys(pilot, MOVE, MOVE, START)  # the third default deck
        await set_seed(pilot, "7")
        await keys(pilot, START)
        session = await started(app, pilot)
        decks = session.envelope.options["decks"]
        assert session.envelope.seed == 7
        assert list(decks[0]["styles"]) == ["boxing"] and list(decks[1]["styles"]) == ["jiujitsu"]


async def test_the_versus_style_picker_ticks_on_space_and_enter_only_moves_on(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "v", "n")
        picker = app.screen
        assert isinstance(picker, StylePick)
        await keys(pilot, "enter")  # moves on, ticks nothing
        assert picker.chosen == [] and picker.query_one("#styles").cursor == 1
        await keys(pilot, CHANGE, MOVE, "right")  # Karate, then Jiu-Jitsu
        await keys(pilot, START)
        assert isinstance(app.screen, DeckBuilder) and app.screen.deck_styles == ("karate", "jiujitsu")


FORMS = {"disciple": ("1", DiscipleSetup), "druid-path": ("2", DruidPathSetup),
         "disruption": ("3", NewGameScreen), "decknforge": ("4", DecknForgeSetup)}  # fmt: skip


@pytest.mark.parametrize("game", FORMS)
async def test_on_every_form_enter_on_a_value_moves_on_and_a_bad_seed_loses_nothing(paths, game):
    home_key, form = FORMS[game]
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, home_key)
        setup = app.screen
        assert isinstance(setup, form)
        assert setup.check_action("setup_change", ()) and setup.rows[0] != "seed"
        await keys(pilot, CHANGE)  # the first line changed ...
        before = setup.listing.choices[:2]
        await keys(pilot, "home", "enter")  # ... and Enter on it moves on, changing nothing
        assert setup.listing.cursor == 1 and app.screen is setup
        assert setup.listing.choices[:2] == before
        await keys(pilot, SEED, *"12x", "enter")  # not a whole number: said so, asked again
        assert isinstance(app.screen, AskText) and app.screen.query_one("Input").value == "12x"
        assert any("whole number" in str(n.message) for n in app._notifications)
        await keys(pilot, "end", "backspace", "enter")  # the typo mended
        assert app.screen is setup and setup.seed == 12 and setup.highlighted() == "start"
        assert setup.listing.choices[0] == before[0]  # the change kept
        await keys(pilot, "escape")
        assert app.screen is not setup and not isinstance(app.screen, SetupForm)
