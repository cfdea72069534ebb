"""A player's first visit to a server asks for the name others will see, once."""

from __future__ import annotations

import msgspec
import pytest

from saves.names import check_name, claim_name, clean_name
from saves.paths import DataPaths
from saves.settings import Settings, load_settings, save_settings
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.screens.display_name import DisplayNameScreen
from tui.screens.home import HomeScreen


@pytest.fixture
def served(monkeypatch, tmp_path):
    """A player's folder under a server, as `serve` starts the app."""
    monkeypatch.setenv("TABLETOP_TUI_PLAYER", "k0123456789abcdef")
    paths = DataPaths(tmp_path / "host" / "players" / "k0123456789abcdef", tmp_path / "host")
    paths.ensure()
    return paths


@pytest.mark.parametrize(
    ("typed", "kept"),
    [("  Ann  ", "Ann"), ("Zoë ✦", "Zoë ✦"), ("[b]x[/b]", "[b]x[/b]"), ("x" * 20, "x" * 20), ("漢" * 10, "漢" * 10)],
)
def test_a_name_is_trimmed_printable_and_short(typed, kept):
    assert check_name(typed) == (kept, "")


@pytest.mark.parametrize("typed", ["", "   ", "x" * 21, "漢" * 11, "x" + "漢" * 10, "A\x1b[2JB", "A\nB", "A\u202eB"])
def test_other_names_are_refused_with_the_reason(typed):
    name, problem = check_name(typed)
    assert name == "" and problem


@pytest.mark.parametrize(
    ("typed", "cleaned"),
    [(" Ann\t B ", "Ann B"), ("A\x1b[2J\u202eB", "A[2JB"), ("x" * 25, "x" * 20), ("漢" * 15, "漢" * 10), ("ab" + "漢" * 10, "ab" + "漢" * 9)],
)
def test_a_name_given_at_a_table_is_cleaned_to_one_check_name_keeps(typed, cleaned):
    """A name at a shared table and a display name follow one rule: 20 terminal columns (a
    wide character counting two; it used to be 20 characters, so 40 columns, at a table)."""
    assert clean_name(typed) == cleaned
    assert check_name(cleaned) == (cleaned, "")


def test_no_two_players_share_a_name(served):
    assert claim_name(served, "k1", "Ann") == ("", "")
    assert "Another player" in claim_name(served, "k2", "ANN").problem
    assert claim_name(served, "k1", "ann") == ("", "")  # one's own name, in another case: still one's own
    assert claim_name(served, "k2", "Bea") == ("", "")
    stored = msgspec.json.decode(served.names.read_bytes())
    assert stored["names"] == {"k1": "ann", "k2": "Bea"}


async def test_the_first_visit_asks_once_then_starts_what_was_asked(served):
    started = []
    app = make_app(served, on_start=lambda app: started.append(True))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, DisplayNameScreen)
        assert "Other players will see this name" in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, DisplayNameScreen) and not started
        assert "1 to 20 characters" in screen_text(app)
        for key in " Ann ":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and started == [True]
    assert load_settings(served)[0].display_name == "Ann"
    assert b"Ann" in served.names.read_bytes()

    again = make_app(served)
    async with again.run_test(size=SIZE):
        assert isinstance(again.screen, HomeScreen)


async def test_a_taken_name_is_refused_on_the_screen(served):
    claim_name(served, "k-other", "Ann")
    app = make_app(served)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("A", "n", "n", "enter")
        assert isinstance(app.screen, DisplayNameScreen)
        assert "Another player is called Ann here" in screen_text(app)


async def test_at_home_no_name_is_asked(paths):
    save_settings(paths, Settings())
    app = make_app(paths)
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, HomeScreen)


async def test_a_damaged_names_file_is_kept_aside_and_the_player_told(served):
    """A names file that could not be read used to be passed over in silence (the name then
    never checked, for good). It is kept aside and a new list begins, and the player is told."""
    served.names.write_text('{"format": "tabletop-tui-names", "version": 1, "names": {"k9": 7}}')
    app = make_app(served)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("A", "n", "n", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        said = [str(n.message) for n in app._notifications]
    assert said == [
        "names.json cannot be used: its contents have the wrong shape (Expected `str`, got `int` - at"
        " `$.names[...]`); it is kept as names.damaged.json and a new list begun."
    ]
    assert '"k9": 7' in (served.common / "names.damaged.json").read_text()
    assert msgspec.json.decode(served.names.read_bytes())["names"] == {"k0123456789abcdef": "Ann"}
    assert claim_name(served, "k2", "ANN").problem  # names are checked again from here on


async def change_name(app, pilot, typed: str) -> str:
    """From Home, Settings' `n`: type over the name, Enter; the screen shown after."""
    from tui.screens.settings import SettingsScreen

    await pilot.press("t")  # Home's Settings
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, DisplayNameScreen)
    field = app.screen.query_one("#name")
    field.value = typed
    await pilot.press("enter")
    await pilot.pause()
    return screen_text(app)


async def test_a_player_on_a_server_changes_their_name_from_settings(served):
    claim_name(served, "k0123456789abcdef", "Ann")
    claim_name(served, "k-other", "Bea")
    save_settings(served, Settings(display_name="Ann"))
    app = make_app(served)
    async with app.run_test(size=SIZE) as pilot:
        shown = await change_name(app, pilot, "bea")  # another player's name, in another case
        assert isinstance(app.screen, DisplayNameScreen) and "Another player is called bea here" in shown
        app.screen.query_one("#name").value = "[DK] Anna"
        await pilot.press("enter")
        await pilot.pause()
        assert "Others see you as [DK] Anna (n changes it)" in screen_text(app)
        assert app.player_name == "[DK] Anna"
    assert load_settings(served)[0].display_name == "[DK] Anna"
    assert msgspec.json.decode(served.names.read_bytes())["names"] == {"k0123456789abcdef": "[DK] Anna", "k-other": "Bea"}
    assert claim_name(served, "k-other", "ann") == ("", "")  # the old name is free again


async def test_a_name_is_changed_on_ones_own_machine_and_esc_keeps_the_old(paths):
    save_settings(paths, Settings(display_name="Ann"))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        shown = await change_name(app, pilot, "漢" * 11)  # 22 columns
        assert "A name is 1 to 20 columns" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert "Others see you as Ann" in screen_text(app)
        await pilot.press("n")
        app.screen.query_one("#name").value = "漢" * 10
        await pilot.press("enter")
        await pilot.pause()
        assert "Others see you as " + "漢" * 10 in screen_text(app)
    assert load_settings(paths)[0].display_name == "漢" * 10
    assert not paths.names.exists()  # no list of names to keep apart on one's own machine


async def test_the_key_bar_says_what_enter_does_while_the_name_is_typed(served):
    """The field's own Enter would hide the screen's labelled one: the bar keeps saying it."""
    from tui.widgets.keybar import KeyBar

    app = make_app(served)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("A", "n")
        await pilot.pause()
        assert app.screen.query_one("#name").has_focus
        assert "Keep this name" in str(app.screen.query_one(KeyBar).render())
        await pilot.press("n", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
