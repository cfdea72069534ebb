"""The key bar at 80 columns: every key that works is on it, and the way out and help are never
the keys that give way when a screen offers more than fits."""

from __future__ import annotations

import pytest

from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.disciple.setup import DiscipleSetup
from tui.widgets.keybar import KeyBar, KeyOnShow


def shown_keys(screen) -> list[str]:
    """The keys the screen offers on its bar right now (as the bar writes them)."""
    keys, actions = [], set()
    for _node, binding, _enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in actions:
            actions.add(binding.action)
            keys.append(screen.app.get_key_display(binding))
    return keys


def assert_bar_shows_every_key(app) -> str:
    bar = screen_text(app).splitlines()[-1]
    for key in shown_keys(app.screen):
        assert f" {key} " in bar + " ", f"{key!r} is missing from the key bar: {bar!r}"
    assert "…" not in bar
    return bar


# keys pressed from the home screen: Disciple's New game in each playstyle, a seat highlighted
DISCIPLE_SETUPS = {
    "solo": "1",
    "versus-seat": "1 m down",
    "coop-seat": "1 m m down down",
    "campaign": "1 m m m",
    "campaign-leader-a-person": "1 m m m c",
    "campaign-two-players-seat": "1 m m m c p down down down down",
}


@pytest.mark.parametrize("presses", DISCIPLE_SETUPS.values(), ids=DISCIPLE_SETUPS.keys())
async def test_disciples_new_game_shows_every_key_at_80_columns(paths, presses):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        for key in presses.split():
            await pilot.press(key)
            await pilot.pause()
        assert isinstance(app.screen, DiscipleSetup)
        bar = assert_bar_shows_every_key(app)
        assert bar.rstrip().endswith("esc Back  ? Help")


def key(shown: str, description: str, kept: bool = False) -> KeyOnShow:
    return KeyOnShow(shown, description, True, None, kept)


def test_a_bar_too_long_keeps_the_way_out_and_help_and_says_more_keys_exist():
    keys = [key(str(i), f"Option {i}") for i in range(9)] + [key("esc", "Back", True), key("?", "Help", True)]
    text = KeyBar.fitted(keys, 60).plain
    assert len(text) <= 60
    assert text.endswith(" … esc Back ? Help")
    assert text.startswith(" 0 Option 0 1 Option 1 ")  # the first keys keep their places


def test_a_bar_a_little_too_long_packs_its_keys_closer_before_leaving_any_out():
    keys = [key("e", "End turn"), key("t", "Energy"), key("esc", "Back", True), key("?", "Help", True)]
    assert KeyBar.fitted(keys, 40).plain == " e End turn  t Energy  esc Back  ? Help "
    assert KeyBar.fitted(keys, 36).plain == " e End turn t Energy esc Back ? Help"


def test_a_bar_that_fits_is_left_as_the_screen_orders_it():
    keys = [key("esc", "Back", True), key("s", "Start"), key("?", "Help", True)]
    assert KeyBar.fitted(keys, 80).plain == " esc Back  s Start  ? Help "


# home-screen key -> the keys that act on a highlighted entry of that list
LISTS = {
    "s": ["⏎ Resume", "r Rename", "p Replay", "d Delete"],
    "h": ["⏎ Replay", "d Delete"],
    "p": ["⏎ Join", "w Watch", "d Delete"],
}


@pytest.mark.parametrize("key", LISTS, ids=["saved games", "history", "tables"])
async def test_an_empty_list_offers_no_key_that_needs_an_entry(paths, key):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        bar = assert_bar_shows_every_key(app)
        assert "esc Back" in bar and not [k for k in LISTS[key] if k in bar]


async def test_a_saved_game_brings_the_saved_games_keys(paths):
    from engine.registry import GAMES
    from saves.session import GameSession

    app = make_app(paths, on_start=lambda app: GameSession.start(app.store, GAMES["disruption"], 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        bar = assert_bar_shows_every_key(app)
        assert all(k in bar for k in LISTS["s"])
