"""On every new-game screen that asks for a seed in a dialog, a seed once typed moves the
highlight to Start: a player pressing Enter to get going starts the game, instead of being
asked for the seed again and again."""

from __future__ import annotations

from tests.tui.launcher import SIZE, make_app
from tui.decknforge.setup import DecknForgeSetup
from tui.disciple.setup import DiscipleSetup
from tui.druid_path.setup import DruidPathSetup
from tui.screens.dialogs import AskText


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


def highlighted(setup) -> str:
    listing = setup.query_one("#setup")
    return setup.row() if isinstance(setup, DruidPathSetup) else setup.rows[listing.cursor]


async def type_seed_then_enter(pilot, app, setup_type, to_seed_row: tuple[str, ...]) -> None:
    setup = app.screen
    assert isinstance(setup, setup_type)
    await keys(pilot, *to_seed_row)
    assert highlighted(setup) == "seed"
    await keys(pilot, "enter")
    assert isinstance(app.screen, AskText)
    await keys(pilot, "4", "2", "enter")
    assert app.screen is setup and setup.seed == 42
    assert highlighted(setup) == "start"
    await keys(pilot, "enter")
    assert app.screen is not setup and not isinstance(app.screen, AskText)


async def test_druid_path_seed_then_enter_starts(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "2")
        await type_seed_then_enter(pilot, app, DruidPathSetup, ("down",) * 4)
        assert app.screen.session.envelope.seed == 42


async def test_disciple_seed_then_enter_starts(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "1")
        await type_seed_then_enter(pilot, app, DiscipleSetup, ("end", "up"))
        assert app.screen.session.envelope.seed == 42


async def test_decknforge_seed_then_enter_starts(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "4")
        for seat, letters in enumerate(("ab", "cd"), start=1):
            await keys(pilot, str(seat), "n", *letters, "enter")
        await type_seed_then_enter(pilot, app, DecknForgeSetup, ("home",) + ("down",) * 4)
        await keys(pilot, "enter")  # the first player lifts the cover laid over the table
        assert app.screen.session.envelope.seed == 42
