"""The table grammar (tui/grammar.py) walked over all four games: each shared key means the same
at every table, no viewing key is a move anywhere, a capital only ever looks, and no footer key
is dead (pressed, each key the footer offers does something; one that cannot is not offered)."""

from __future__ import annotations

from importlib import import_module

import pytest

from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, open_played
from tui import grammar
from tui.game_screen import GameScreen
from tui.screens.game_end import EndScreen
from tui.games import GAME_SCREENS

GAMES = list(GAME_SCREENS)


def screen_class(game_id: str) -> type[GameScreen]:
    module, name = GAME_SCREENS[game_id].split(":")
    return getattr(import_module(module), name)


def keys_of(binding) -> list[str]:
    return [k.strip() for k in binding.key.split(",")]


def kind(cls: type[GameScreen], action: str) -> str:
    """What a table's key does: looks, runs the table's life, or makes a move of the game."""
    name = action.split("(")[0]
    shared = {k.action: k.kind for k in grammar.KEYS if k.action}
    if name in shared:
        return shared[name]
    if name in grammar.VIEW_ACTIONS or name in cls.VIEW_ACTIONS:
        return grammar.VIEW
    return grammar.MOVE


def test_each_shared_key_has_one_id_one_key_and_one_action_at_every_table():
    for game_id in GAMES:
        cls = screen_class(game_id)
        by_id = {b.id: b for b in cls.BINDINGS if b.id}
        for k in grammar.KEYS:
            if k.id in grammar.APP_IDS:
                assert k.id not in by_id  # the app binds it, once for every screen
                continue
            if k.kind == grammar.MOVE and k.id not in by_id:
                continue  # a game with no such move (Disruption has no turn to end)
            assert k.id in by_id, (game_id, k.id)
            assert keys_of(by_id[k.id]) == [k.key], (game_id, k.id, by_id[k.id].key)
            if k.action:  # every table runs the same action for it (end_turn: each its own)
                assert by_id[k.id].action == k.action, (game_id, k.id)
        for binding in cls.BINDINGS:
            for key in keys_of(binding):
                owner = next((k for k in grammar.KEYS if k.key == key), None)
                if owner is not None:  # a shared key's letter means nothing else at any table
                    assert binding.id == owner.id, (game_id, key, binding.action)


def test_a_key_is_of_one_kind_in_every_game_and_no_view_is_a_move_anywhere():
    kinds: dict[str, dict[str, str]] = {}
    for game_id in GAMES:
        cls = screen_class(game_id)
        for binding in cls.BINDINGS:
            for key in keys_of(binding):
                kinds.setdefault(key, {})[game_id] = kind(cls, binding.action)
    for key, by_game in kinds.items():
        assert len(set(by_game.values())) == 1, (key, by_game)
    # the letters the issue found meaning a view in one game and a move in another
    for letter in "dlvtr":
        assert len(set(kinds.get(letter, {}).values())) <= 1
    assert kinds["L"] == dict.fromkeys(GAMES, grammar.VIEW) and kinds["D"] == dict.fromkeys(GAMES, grammar.VIEW)
    assert kinds["v"] == dict.fromkeys(GAMES, grammar.VIEW)
    assert grammar.VIEW not in kinds.get("d", {}).values() and grammar.VIEW not in kinds.get("l", {}).values()


def test_a_capital_only_looks_and_a_game_s_own_views_are_the_listed_ones():
    shared_capitals = {k.key for k in grammar.KEYS if len(k.key) == 1 and k.key.isupper()}
    for game_id in GAMES:
        cls = screen_class(game_id)
        for binding in cls.BINDINGS:
            for key in keys_of(binding):
                if len(key) == 1 and key.isupper():
                    assert kind(cls, binding.action) == grammar.VIEW, (game_id, key)
                    assert key in shared_capitals or grammar.OWN_VIEWS[key][0] == game_id, (game_id, key)


def test_the_reserved_keys_are_free_for_their_features():
    """`legend` and `hint` take keys no table uses for anything else; a table that has no
    action for a shared key yet does not offer it (and the palette is the app's)."""
    for key_id in ("legend", "hint", "palette"):
        key = grammar.BY_ID[key_id].key
        for game_id in GAMES:
            for binding in screen_class(game_id).BINDINGS:
                assert key not in keys_of(binding) or binding.id == key_id, (key_id, game_id)


def offered(screen) -> list:
    """The keys the footer offers now, as KeyBar picks them: shown, enabled, and not labelled
    by the screen as unable to work."""
    keys, seen = [], set()
    for _node, binding, enabled, _tip in screen.active_bindings.values():
        if not binding.show or binding.action in seen or not enabled:
            continue
        seen.add(binding.action)
        hint = screen.key_hint(binding.action) if hasattr(screen, "key_hint") else None
        if hint is not None and not hint[1]:
            continue
        keys.append(binding)
    return keys


def looked_at(app, screen) -> tuple:
    session = screen.session
    return (
        tuple(id(s) for s in app.screen_stack),
        screen_text(app),
        len(app._notifications),
        len(session.envelope.actions),
    )


OVER = {"disciple": 68, "druid-path": 28, "disruption": 8}  # moves after which seed 5's random play has ended
WHERE = {  # each game at its start, some moves in, and over
    "disciple": [0, 9, OVER["disciple"]],
    "druid-path": [0, 7, OVER["druid-path"]],
    "disruption": [0, 4, OVER["disruption"]],
    "decknforge": [0, 5],
}


OPTIONS = {"disruption-no-dice": ("disruption", {"no_dice": True})}  # variants walked too


@pytest.mark.parametrize(("game_id", "moves"), [(g, m) for g in [*GAMES, *OPTIONS] for m in WHERE.get(g, [0, 3])])
async def test_no_footer_key_is_dead(paths, game_id, moves):
    game_id, options = OPTIONS.get(game_id, (game_id, {}))
    app = make_app(paths, on_start=open_played(game_id, 5, moves, **options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):  # a cover: the next sits down; the end: the table
            await pilot.press("escape" if isinstance(app.screen, EndScreen) else "enter")
            await pilot.pause()
        table = app.screen
        if not options and OVER.get(game_id) == moves:
            assert table.over  # the finished table: its o and n are walked too
        first = [b for b in offered(table) if b.action not in ("back",)]
        assert first, game_id
        tried = []
        for binding in first:
            if app.screen is not table or binding.action not in {b.action for b in offered(table)}:
                continue  # a move before this one changed what is offered: not offered now
            before = looked_at(app, table)
            await pilot.press(keys_of(binding)[0])
            await pilot.pause()
            assert looked_at(app, table) != before, (game_id, moves, binding.key, binding.action)
            tried.append(binding.key)
            while app.screen is not table and table in app.screen_stack:
                app.pop_screen()  # a view, a question, a cover: back to the table
                await pilot.pause()
            if table not in app.screen_stack:
                break  # the key left the table (a new game): it did something
        assert tried
        if table in app.screen_stack:  # and the way out works too
            await pilot.press("q")
            await pilot.pause()
            assert app.screen is not table


@pytest.mark.parametrize("game_id", GAMES)
async def test_nothing_to_undo_is_not_offered_and_u_still_says_why(paths, game_id):
    app = make_app(paths, on_start=lambda app: app.start_game(game_id, 5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("enter")
            await pilot.pause()
        footer = screen_text(app).rstrip("\n").splitlines()[-1]
        assert " u " not in footer + " " and "Undo" not in footer, footer
        await pilot.press("u")
        await pilot.pause()
        assert str(list(app._notifications)[-1].message).startswith("Nothing to take back")


async def test_a_remapped_key_works_at_every_table_and_the_footer_says_it(paths):
    from saves.settings import Settings, save_settings

    save_settings(paths, Settings(keys={"log": "ctrl+g", "table": "X"}))
    for game_id in GAMES:
        app = make_app(paths, on_start=lambda app, g=game_id: app.start_game(g, 5))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
                await pilot.pause()
            table = app.screen
            footer = screen_text(app).rstrip("\n").splitlines()[-1]
            assert " X Table" in footer and " D Table" not in footer, (game_id, footer)
            await pilot.press("D")  # the usual key no longer opens it
            await pilot.pause()
            assert app.screen is table
            await pilot.press("X")
            await pilot.pause()
            assert app.screen is not table and "The whole table" in screen_text(app)
            app.pop_screen()
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert "Log (oldest first)" in screen_text(app)
            app.pop_screen()
            await pilot.press("question_mark")
            await pilot.pause()
            help_text = app.screen.text
            assert "## Your keys" in help_text and "`Shift+x`: the whole table" in help_text
            assert "`Ctrl+g`: the whole log" in help_text or "`Ctrl+G`: the whole log" in help_text


async def test_a_bad_keys_entry_is_said_and_kept_and_loses_nothing(paths):
    import json

    from saves.settings import Settings, save_settings

    save_settings(paths, Settings(theme="tabletop-light", keys={"lgo": "X", "undo": "e", "log": 7, "table": "Z"}))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        told = " ".join(str(n.message) for n in app._notifications)
        assert "no key called 'lgo'" in told and "undo cannot take e: end_turn has it" in told
        assert "log = 7 is not one key" in told
        assert app._keymap == {"table": "Z"} and app.theme == "tabletop-light"
        app.update_settings(show_odds=False)  # written again: the entries it could not use stay
    kept = json.loads(paths.settings.read_text())
    assert kept["keys"] == {"lgo": "X", "undo": "e", "log": 7, "table": "Z"} and kept["show_odds"] is False


async def test_settings_change_a_key_by_keyboard_and_esc_cancels(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t", "k")
        await pilot.pause()
        rows = [k.id for k in grammar.KEYS if k.id not in grammar.FIXED]
        for _ in range(rows.index("log")):
            await pilot.press("down")
        await pilot.press("enter", "escape")  # asked for a key, then not: nothing changes
        await pilot.pause()
        assert app.settings.keys == {} and "KeysScreen" == type(app.screen).__name__
        await pilot.press("enter", "u")  # undo's key: refused, with the reason
        await pilot.pause()
        assert app.settings.keys == {}
        assert "log cannot take u: undo has it" in str(list(app._notifications)[-1].message)
        await pilot.press("enter", "ctrl+l")
        await pilot.pause()
        assert app.settings.keys == {"log": "ctrl+l"} and app._keymap["log"] == "ctrl+l"
        assert "Ctrl+" in screen_text(app)
        await pilot.press("delete")  # its usual key again
        await pilot.pause()
        assert app.settings.keys == {}
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"


def test_the_readme_key_table_is_the_grammar():
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- grammar:", 1)[1].split("<!-- /grammar -->", 1)[0]
    rows = [line for line in block.splitlines() if line.startswith("| `")]
    table = [tuple(cell.strip().strip("`") for cell in row.strip("|").split("|")) for row in rows]
    assert table == [(grammar.shown(k.key), k.id, k.kind, k.says) for k in grammar.KEYS]


async def test_esc_on_the_pass_the_keyboard_cover_does_what_q_does(paths):
    from tui.screens.home import HomeScreen
    from tui.screens.privacy import PrivacyScreen

    for key in ("q", "escape"):
        app = make_app(paths, on_start=lambda app: app.start_game("decknforge", 5))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, PrivacyScreen)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen), key


def test_the_home_help_names_every_home_key():
    from tui.screens.home import HomeScreen

    keys = [k for b in HomeScreen.BINDINGS if b.action.startswith("pick(") for k in keys_of(b)]
    assert "p" in keys and "l" in keys
    for key in keys:
        if key.isdigit():
            continue
        assert f"`{key}`" in HomeScreen.HELP, key


async def test_a_table_s_own_list_names_the_key_as_the_player_set_it(paths):
    from saves.settings import Settings, save_settings
    from tui.screens.dialogs import Confirm

    save_settings(paths, Settings(keys={"end_turn": "ctrl+e"}))
    app = make_app(paths, on_start=lambda app: app.start_game("druid-path", 5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "^e End the Play phase" in text and "e End the Play phase" not in text.replace("^e End", "")
        await pilot.press("e")  # its usual key does nothing now
        await pilot.pause()
        assert app.screen is table and table.session.envelope.actions == []
        await pilot.press("ctrl+e")  # stamina left: asked first, as ever
        await pilot.pause()
        assert isinstance(app.screen, Confirm)


async def test_a_read_only_deck_is_offered_no_edit(paths):
    from tui.disciple.decks_screen import VersusDecksScreen

    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, VersusDecksScreen) and app.screen.selected().default
        footer = screen_text(app).rstrip("\n").splitlines()[-1]
        assert "c Copy" in footer
        for dead in ("Edit", "Rename", "Delete"):
            assert dead not in footer, footer
