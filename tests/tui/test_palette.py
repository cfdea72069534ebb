"""Ctrl+P, the command palette: every screen by name, and at a table every legal move of the
seat at this keyboard by the name its table gives it, played the way its key plays it (a
wasteful one asks first); nothing for someone watching or a seat not to move; a player's text
in it shown as typed."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import msgspec
import pytest
from textual.command import CommandList, CommandPalette

from engine.decknforge.model import EndTurn as ForgeEndTurn
from engine.disciple.model import EndTurn
from engine.druid_path.model import EndPlay
from engine.registry import CATALOGUE, GAMES
from saves.session import GameSession
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, open_past_cover, open_played
from tests.tui.test_watch import table_in_progress
from tui import game_screen
from tui.game_screen import GameScreen
from tui.games import HOME_ENTRIES
from tui.palette import Entry, line
from tui.screens.dialogs import Confirm
from tui.screens.home import HomeScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen

TABLES = [  # game, seed, random moves before the palette opens, options
    ("disciple", 1, 3, {}),
    ("druid-path", 1, 0, {}),
    ("disruption", 5, 0, {}),
    ("decknforge", 5, 0, {"solo": True}),
]
WASTEFUL = {"disciple": EndTurn, "druid-path": EndPlay, "decknforge": ForgeEndTurn}  # asked first there


async def open_palette(pilot) -> CommandList:
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)
    assert isinstance(pilot.app.screen, CommandPalette)
    return pilot.app.screen.query_one(CommandList)


def listed(commands: CommandList) -> list[str]:
    return [option.hit.text for option in commands.options]


async def choose(pilot, commands: CommandList, index: int) -> None:
    """Down to the `index`th line of the palette, then Enter."""
    start = -1 if commands.highlighted is None else commands.highlighted
    for _ in range(index - start):
        await pilot.press("down")
    assert commands.highlighted == index
    await pilot.press("enter")
    await pilot.pause(0.2)


def moves(session) -> list:
    return [msgspec.json.decode(raw, type=session.game.Action) for raw in session.envelope.actions]


def seat_moves(screen: GameScreen) -> list:
    """The legal moves of the screen's seat, from the engine itself."""
    game, full = screen.game, screen.session.state
    actions = game.legal_actions(full)
    if len(game.seats(full)) > 1:
        actions = [a for a in actions if game.seat_of(a) == screen.seat]
    return actions


async def test_home_offers_every_screen_by_name_and_opens_the_one_chosen(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        commands = await open_palette(pilot)
        names = listed(commands)
        wanted = [
            *(f"New {e.title}" for e in CATALOGUE), "Saved games", *(e.label for e in HOME_ENTRIES),
            *(f"Rules: {e.title}" for e in CATALOGUE), "Settings", "Quit", "Help",
        ]  # fmt: skip
        assert all(name in names for name in wanted), set(wanted) - set(names)
        assert "Home" not in names  # it is the screen shown
        assert "Menu" not in names and "End turn" not in names  # no table here
        text = screen_text(app)
        assert "New Druid Path  2" in text  # the home key beside it
        await choose(pilot, commands, names.index("Rules: Druid Path"))
        assert isinstance(app.screen, RulesScreen)
        games = app.screen.query_one("#games")
        assert games.get_option_at_index(games.highlighted).id == "druid-path"
        await pilot.press("escape")
        await pilot.pause()
        commands = await open_palette(pilot)
        for key in "settings":  # found by typing its name
            await pilot.press(key)
        await pilot.pause(0.4)
        assert listed(commands)[0] == "Settings"
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, SettingsScreen)


@pytest.mark.parametrize(("game_id", "seed", "played", "options"), TABLES, ids=[t[0] for t in TABLES])
async def test_a_table_offers_its_seats_legal_moves_by_their_names_and_plays_the_one_chosen(
    paths, game_id, seed, played, options
):
    app = make_app(paths, on_start=open_played(game_id, seed, played, **options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.game.id == game_id
        session = screen.session
        legal = seat_moves(screen)
        assert legal
        commands = await open_palette(pilot)
        names = listed(commands)
        expected = [screen.game.describe(a, screen.state) for a in legal]
        assert names[: len(legal)] == expected  # the moves first, as the table names them
        assert not any(name in expected for name in names[len(legal):])
        for shared in ("Menu", "Help", "Home", "Settings"):
            assert shared in names, shared
        if game_id == "druid-path":  # with the key the table's list shows beside it
            assert "End the Play phase  e" in screen_text(app)
        if game_id == "decknforge":  # solo: two seats at one keyboard, only the shown one's moves
            assert all(session.game.seat_of(a) == screen.seat for a in legal)
        count = len(session.envelope.actions)
        assert commands.highlighted is None  # nothing typed: Enter only highlights the first line
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette) and commands.highlighted == 0
        assert len(session.envelope.actions) == count
        pick = next(i for i, a in enumerate(legal) if not screen.waste(a))
        await choose(pilot, commands, pick)
        assert len(session.envelope.actions) == count + 1
        assert moves(session)[-1] == legal[pick]


@pytest.mark.parametrize(("game_id", "seed", "played", "options"), TABLES, ids=[t[0] for t in TABLES])
async def test_every_view_a_table_has_is_a_command_of_the_palette(paths, game_id, seed, played, options):
    """The palette keeps up with the grammar: each shared view the table offers now (log,
    table, detail, piles, legend...) is listed with its footer word."""
    from tui.grammar import BY_ID, VIEW

    app = make_app(paths, on_start=open_played(game_id, seed, played, **options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        views = {k.action for k in BY_ID.values() if k.kind == VIEW and k.id not in ("help", "palette", "outcome")}
        live = [
            binding
            for binding in screen._bindings.key_to_bindings.values()
            for binding in binding
            if binding.action in views and screen.check_action(binding.action, ()) is True
        ]
        assert {b.action for b in live} >= {"log", "details", "info", "piles"}
        names = listed(await open_palette(pilot))
        for binding in live:
            assert any(name.startswith(binding.description) for name in names), (binding.action, names)


@pytest.mark.parametrize("game_id", sorted(WASTEFUL))
async def test_a_wasteful_move_chosen_in_the_palette_asks_first(paths, game_id):
    _, seed, played, options = next(t for t in TABLES if t[0] == game_id)
    app = make_app(paths, on_start=open_played(game_id, seed, played, **options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        legal = seat_moves(screen)
        end = next(i for i, a in enumerate(legal) if isinstance(a, WASTEFUL[game_id]))
        assert screen.waste(legal[end])
        count = len(session.envelope.actions)
        await choose(pilot, await open_palette(pilot), end)
        assert isinstance(app.screen, Confirm)  # the table's own question
        await pilot.pause()
        assert app.screen.question == screen.waste(legal[end]) + "?"
        assert " ".join(screen_text(app).split()).count(" ".join(app.screen.question.split()[:4])) == 1
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and len(session.envelope.actions) == count
        await choose(pilot, await open_palette(pilot), end)
        await pilot.press("y")
        await pilot.pause()
        assert len(session.envelope.actions) == count + 1 and moves(session)[-1] == legal[end]


async def test_a_watcher_and_a_seat_not_to_move_are_offered_no_move(paths, monkeypatch):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    code = table_in_progress(paths, "disciple", {"mode": "versus"}, 2, 12)
    watcher = make_app(paths)
    async with watcher.run_test(size=SIZE) as pilot:
        watcher.open_table(code, watch=True)
        await pilot.pause(0.2)
        screen = watcher.screen
        assert isinstance(screen, GameScreen) and screen.watching
        everyone = [screen.game.describe(a, screen.session.state) for a in screen.session.legal_actions()]
        assert everyone
        names = listed(await open_palette(pilot))
        assert not set(names) & set(everyone)
        assert "Menu" in names and "Undo" not in names
    full = screen.session.state
    waiting = next(s for s in range(2) if s not in screen.game.to_move(full))
    player = make_app(paths, identity=f"name:{['ann', 'ben'][waiting]}")
    async with player.run_test(size=SIZE) as pilot:
        player.open_table(code)
        await pilot.pause(0.2)
        screen = player.screen
        assert isinstance(screen, GameScreen) and screen.seat == waiting and screen.legal() == []
        others = [screen.game.describe(a, screen.state) for a in screen.session.legal_actions()]
        names = listed(await open_palette(pilot))
        assert others and not set(names) & set(others)


async def test_a_move_offered_to_one_seat_is_not_played_for_the_next_person_at_the_keyboard(paths):
    from tui.palette import move_entries

    app = make_app(paths, on_start=open_played("decknforge", 5, 0, solo=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        assert len(screen._acting_here()) == 2  # both seats act in a round: Tab passes the keyboard
        offered = move_entries(screen)
        assert offered and all(session.game.seat_of(a) == screen.seat for a in screen.legal())
        await pilot.press("tab")  # the cover, then the other person's seat
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.seat == 1
        offered[0].run()  # what the first person's palette would have played
        await pilot.pause()
        assert session.envelope.actions == []
        assert any("offered to another seat" in str(n.message) for n in app._notifications)


async def test_a_save_named_with_markup_is_listed_as_typed(paths, store):
    session = GameSession.start(store, GAMES["disruption"], 3)
    store.rename(session.save_id, "[b]x[/b] [red]y")
    session.hold.release()
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = await open_palette(pilot)
        names = listed(commands)
        assert "Continue: [b]x[/b] [red]y" in names
        option = commands.options[names.index("Continue: [b]x[/b] [red]y")]
        assert option.prompt.plain == "Continue: [b]x[/b] [red]y" and not option.prompt.spans
        for key in "[b]x":  # a search for it underlines the letters matched, nothing else
            await pilot.press(key)
        await pilot.pause(0.4)
        assert "Continue: [b]x[/b] [red]y" in screen_text(app)
        assert commands.options[0].prompt.plain == "Continue: [b]x[/b] [red]y"


async def test_a_players_name_in_a_move_is_listed_as_typed_and_chosen_by_it(paths, store):
    """The Campaign Leader picks whom an event meets: the players' names are the moves."""
    from engine.disciple.model import Choose

    names = ["[b]Al[/b]", "Bob [AFK]"]
    session = GameSession.start(store, GAMES["disciple"], 2, mode="campaign", players=2, cl="human", names=names)
    game = session.game
    while session.state.pending is None or session.state.pending.kind != "cl_scope":
        session.play(game.bot_action(session.state, game.to_move(session.state)[0]))
    session.hold.release()
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await open_past_cover(app, pilot, session.save_id)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat == 2  # the Leader's choice
        commands = await open_palette(pilot)
        assert listed(commands)[:3] == ["Everyone", *names]
        assert [o.prompt.plain for o in commands.options[1:3]] == [f"{names[0]}  2", f"{names[1]}  3"]  # with their keys
        assert all(span.end > len(names[0]) for span in commands.options[1].prompt.spans)  # no markup read: only the key is dim
        text = screen_text(app)
        assert all(name in text for name in names)
        for key in "afk]":
            await pilot.press(key)
        await pilot.pause(0.4)
        assert listed(commands)[0] == "Bob [AFK]"
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert moves(screen.session)[-1] == Choose(2, seat=2)


def test_a_line_is_plain_text_with_the_match_and_the_key_laid_over_it():
    from textual.style import Style

    shown = line(Entry("Play [b]x\x1b[2J[/b]", print, "u"), offsets=[5, 6], match_style=Style(underline=True))
    assert shown.plain == "Play [b]x[2J[/b]  u"
    assert [(s.start, s.end) for s in shown.spans] == [(5, 6), (6, 7), (16, 19)]


async def test_the_palette_waits_for_a_question_to_be_answered(paths):
    app = make_app(paths, on_start=open_played("disciple", 1, 3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("e")  # End turn with cards to play: asked
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert any("Answer or close this first" in str(n.message) for n in app._notifications)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen


async def test_the_palette_opens_over_a_text_being_typed_and_gives_it_back_as_it_was(paths):
    from textual.widgets import Input

    from tui.decknforge.lexicon_screen import LexiconScreen

    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l", "slash")  # the Lexicon, and its search field
        await pilot.pause()
        lexicon = app.screen
        assert isinstance(lexicon, LexiconScreen) and isinstance(app.focused, Input)
        await pilot.press("f", "i")
        await open_palette(pilot)
        await pilot.press("x", "escape")  # typed into the palette, which closes
        await pilot.pause()
        assert app.screen is lexicon and isinstance(app.focused, Input)
        await pilot.press("r")
        await pilot.pause()
        assert app.focused.value == "fir"


def test_no_screen_of_the_app_takes_ctrl_p():
    """Ctrl+P is the palette's everywhere: no screen or widget of the app binds it."""
    root = Path(__file__).parents[2]
    taken = []
    for path in sorted((root / "tui").rglob("*.py")):
        if path.name == "__main__.py":
            continue
        module = importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts))
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for binding in getattr(getattr(module, node.name, None), "BINDINGS", []) or []:
                    key = binding.key if hasattr(binding, "key") else binding[0]
                    if "ctrl+p" in key.replace(" ", "").split(",") and binding.action != "command_palette":
                        taken.append(f"{path.name}:{node.name}")
    assert taken == []
