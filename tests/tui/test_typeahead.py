"""Keys typed ahead (tui/typeahead.py): keys that arrive together, as a paste or a fast typist
over a slow link sends them, each reach the screen they were typed for, in order, also when
one of them opens a screen the next ones are typed into."""

from __future__ import annotations

import time

from textual import events

from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.screens.dialogs import AskText
from tui.screens.new_game import NewGameScreen
from tui.screens.rules import RulesScreen

BURST = [("3", "3"), ("number_sign", "#"), ("3", "3"), ("1", "1"), ("3", "3"), ("3", "3"), ("7", "7"), ("enter", "\r")]


def typed_at_once(app, keys: list[tuple[str, str]]) -> None:
    """The keys put in the app's queue in one go, before it has read the first."""
    for key, character in keys:
        event = events.Key(key, character)
        event.set_sender(app)
        app.post_message(event)


async def settle(pilot, app, until, patience: float = 5.0) -> None:
    deadline = time.monotonic() + patience
    while not until() and time.monotonic() < deadline:
        await pilot.pause(0.02)


async def test_a_seed_typed_behind_the_key_that_asks_for_it_is_the_seed(paths):
    """`3#31337` and Enter in one burst from the home screen: the New game form opens, the seed
    prompt opens on it, and every digit goes into the prompt (they went to the form's list,
    and the seed stayed random)."""
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        typed_at_once(app, BURST)
        await settle(pilot, app, lambda: "Seed: 31337" in screen_text(app))
        assert isinstance(app.screen, NewGameScreen), type(app.screen)
        assert "Seed: 31337" in screen_text(app)
        assert not app.typeahead.waiting and not app.typeahead.busy


async def test_keys_behind_a_screen_that_closes_go_on_to_the_one_under_it(paths):
    """The rules opened and closed in one burst, then a game's form and its seed: a key
    handed to a screen that goes away does not hold the keys behind it."""
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        freed: list[int] = []  # keys let go because the one before never came back: none
        stuck = app.typeahead._stuck

        def watched() -> None:
            before = app.typeahead.busy
            stuck()
            if before and not app.typeahead.busy:
                freed.append(before)

        app.typeahead._stuck = watched
        typed_at_once(app, [("r", "r"), ("escape", None), *BURST])
        await settle(pilot, app, lambda: "Seed: 31337" in screen_text(app))
        assert isinstance(app.screen, NewGameScreen) and "Seed: 31337" in screen_text(app)
        assert freed == []
        assert not any(isinstance(screen, (RulesScreen, AskText)) for screen in app.screen_stack)
