"""The bot's level on the setup forms and the command line: offered once a seat is the bot's
(never on a table without one), kept in the save's options only when hard, and played by the
table's bot seats."""

from __future__ import annotations

from engine.decknforge.legacy import fresh_deck
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tests.tui.test_setup_form import CHANGE, MOVE, START, keys, set_seed, started
from tui.decknforge.setup import DecknForgeSetup, PickDeck
from tui.decknforge.storage import deck_store
from tui.disciple.setup import DiscipleSetup
from tui.usage import parse_new_game


async def test_decknforge_offers_the_bot_s_level_once_a_seat_is_the_bot_s(paths):
    deck_store(paths).create(fresh_deck("AB"))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "4")
        setup = app.screen
        assert isinstance(setup, DecknForgeSetup)
        assert "Bot level" not in screen_text(app)  # nobody plays the bot yet
        await keys(pilot, MOVE, "enter")
        assert isinstance(app.screen, PickDeck)
        await keys(pilot, START)  # seat 1: AB
        await keys(pilot, MOVE, CHANGE)  # seat 2: the bot
        assert "Bot level: Easy" in screen_text(app)
        while setup.highlighted() != "bot_level":
            await keys(pilot, MOVE)
        assert "easy is a greedy one-move player" in screen_text(app)  # the note says what each is
        await keys(pilot, CHANGE)
        assert "Bot level: Hard" in screen_text(app)
        await set_seed(pilot, "7")
        await keys(pilot, START)
        session = await started(app, pilot)
        assert session.envelope.options["bot_level"] == "hard"
        assert [s.bot for s in session.envelope.seats] == [False, True]


async def test_disciple_offers_it_only_where_a_seat_is_the_bot_s(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1")
        setup = app.screen
        assert isinstance(setup, DiscipleSetup)
        assert "Bot level" not in screen_text(app)  # Solo: no bot
        await keys(pilot, CHANGE)  # Versus
        assert setup.mode == "versus" and "Bot level" not in screen_text(app)
        await keys(pilot, MOVE, MOVE, "b")  # the second seat to the bot
        assert "Bot level: Easy" in screen_text(app)
        assert "bot_level" not in setup.game.check_options(setup.chosen_options())  # easy: not kept
        setup.values["bot_level"] = "hard"
        assert setup.game.check_options(setup.chosen_options())["bot_level"] == "hard"
        await keys(pilot, "b")  # the seat back here: the level goes with the bot
        assert "Bot level" not in screen_text(app) and "bot_level" not in setup.chosen_options()


def test_the_command_line_takes_bot_level():
    game, _seed, options = parse_new_game("decknforge", ["--bot-level", "hard"])
    assert options["bot_level"] == "hard"
    _, _, options = parse_new_game("decknforge", ["--bot-level", "easy"])
    assert "bot_level" not in options  # easy is every table's bot: nothing to keep
