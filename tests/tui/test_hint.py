"""The hint at every table (tui/hint.py): `H` thinks in a thread with a progress line, offers
the best few legal moves of the seat at this keyboard, each with its worth and why, and makes
the highlighted one with Enter the way the table's own keys do. It never blocks a key (a move
made while it thinks puts it away), Esc stops it, and it is not a move: the save, the log and
undo are as they were. Where there is no hint, the key says so in one line."""

from __future__ import annotations

import msgspec
import pytest
from textual.command import CommandList, CommandPalette

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Seat
from saves.session import GameSession, SharedSession
from saves.tables import TableStore
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app, open_past_cover, open_played, use_snapshot_dir
from tests.tui.test_watch import table_in_progress
from tui import coach, game_screen
from tui.game_screen import GameScreen
from tui.screens.dialogs import Confirm
from tui.screens.help import HelpScreen
from tui.screens.settings import SettingsScreen

BUDGET = 0.1  # seconds of CPU: enough for a few playouts in every game
TABLES = [  # game, seed, random moves before the hint, options
    ("disciple", 1, 3, {}),
    ("druid-path", 1, 0, {}),
    ("disruption", 5, 0, {}),
    ("decknforge", 5, 0, {"solo": True}),
]
PLAYSTYLES = [  # games of several seats, every seat at this keyboard
    ("disciple", 2, 2, {"mode": "versus"}),
    ("disciple", 2, 2, {"mode": "coop", "players": 2}),
    ("disciple", 2, 2, {"mode": "campaign", "players": 2}),
    ("disciple", 2, 2, {"mode": "campaign", "players": 2, "cl": "human"}),
    ("decknforge", 3, 2, {"players": 3}),
]


def hint_app(paths, on_start, budget: float = BUDGET):
    app = make_app(paths, on_start=on_start)
    app.settings.hint_budget = budget
    return app


def seat_moves(screen: GameScreen) -> list:
    game, full = screen.game, screen.session.state
    return [a for a in game.legal_actions(full) if len(game.seats(full)) == 1 or game.seat_of(a) == screen.seat]


async def answered(pilot, screen: GameScreen, seconds: float = 20.0) -> None:
    """Wait until the hint has its answer."""
    for _ in range(int(seconds / 0.05)):
        await pilot.pause(0.05)
        if screen.hinting.shown and not screen.hinting.thinking and screen.hinting.actions:
            return
    raise AssertionError("the hint did not answer")


def on_disk(app, screen: GameScreen) -> bytes:
    app.store.flush()
    return app.paths.save_file(screen.session.save_id).read_bytes()


def actions(screen: GameScreen) -> list:
    return [msgspec.json.decode(raw, type=screen.game.Action) for raw in screen.session.envelope.actions]


@pytest.mark.parametrize(("game_id", "seed", "played", "options"), TABLES, ids=[t[0] for t in TABLES])
async def test_h_offers_the_best_few_legal_moves_with_their_worth_and_enter_makes_the_highlighted_one(
    paths, game_id, seed, played, options
):
    app = hint_app(paths, open_played(game_id, seed, played, **options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.game.id == game_id
        legal = seat_moves(screen)
        await pilot.press("H")
        await answered(pilot, screen)
        hinted = screen.hinting.actions
        assert 1 <= len(hinted) <= min(coach.BEST, len(legal))
        assert all(action in legal for action in hinted)
        assert len(set(map(msgspec.json.encode, hinted))) == len(hinted)  # each move once
        text = screen_text(app)
        assert "Hint" in text and "Best first" in text
        panel = screen.query_one("#coach")
        words = "\n".join(line for line in text.splitlines())
        first = screen.game.describe(hinted[0], screen.state)
        assert first[:20] in words  # the best move, by the table's own name for it
        assert screen.query_one("#coach-moves").has_focus  # arrows and Enter are the hint's
        pick = 1 if len(hinted) > 1 else 0
        for _ in range(pick):
            await pilot.press("down")
        before = len(screen.session.envelope.actions)
        await pilot.press("enter")
        await pilot.pause(0.2)
        if isinstance(app.screen, Confirm):  # a wasteful move asks first, as its own key does
            await pilot.press("y")
            await pilot.pause(0.2)
        assert len(screen.session.envelope.actions) == before + 1
        assert actions(screen)[before] == hinted[pick]
        assert not screen.hinting.shown and not panel.is_attached  # the hint was for the table as it was


@pytest.mark.parametrize(("game_id", "seed", "played", "options"), TABLES, ids=[t[0] for t in TABLES])
async def test_a_hint_is_not_a_move_the_save_the_log_and_undo_are_as_they_were(paths, game_id, seed, played, options):
    app = hint_app(paths, open_played(game_id, seed, played, **options))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        saved, state = on_disk(app, screen), msgspec.json.encode(session.state)
        undo, log, moves = session.undo_status(screen.seat), screen.game.log_lines(session.state), list(session.envelope.actions)
        await pilot.press("H")
        await answered(pilot, screen)
        await pilot.press("H")  # and again: it thinks longer, over the same table
        await pilot.pause(0.05)
        for _ in range(100):
            await pilot.pause(0.05)
            if not screen.hinting.thinking:
                break
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.hinting.shown and app.screen is screen  # Esc put the hint away, not the table
        assert on_disk(app, screen) == saved
        assert msgspec.json.encode(session.state) == state
        assert session.undo_status(screen.seat) == undo
        assert screen.game.log_lines(session.state) == log and session.envelope.actions == moves


async def test_a_move_made_while_it_thinks_puts_the_stale_hint_away_and_stops_the_thinking(paths):
    app = hint_app(paths, open_played("druid-path", 1, 0), budget=10.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("H")
        await pilot.pause(0.3)
        assert screen.hinting.thinking
        assert "Thinking… " in screen_text(app) and " of 10 s" in screen_text(app)  # the progress line
        stop = screen.hinting.stop
        before = len(screen.session.envelope.actions)
        await pilot.press("g")  # the table's own key still makes its move: take a green gem
        await pilot.pause(0.2)
        assert len(screen.session.envelope.actions) == before + 1
        assert not screen.hinting.shown and not screen.hinting.thinking
        assert stop.is_set()  # the thread stops within a step
        await pilot.pause(0.3)
        assert not [w for w in app.workers if w.node is screen and w.group == "hint" and w.is_running]
        assert "Hint" not in screen_text(app).split("\n", 3)[3]


async def test_esc_stops_the_thinking_and_a_second_esc_leaves_as_ever(paths):
    app = hint_app(paths, open_played("decknforge", 5, 0, solo=True), budget=10.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        focused = app.focused
        await pilot.press("H")
        await pilot.pause(0.2)
        assert screen.hinting.thinking
        stop = screen.hinting.stop
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert stop.is_set() and not screen.hinting.shown and app.screen is screen
        assert app.focused is focused  # the keys are the table's again
        assert not [w for w in app.workers if w.group == "hint" and w.is_running]
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert app.screen is not screen  # Esc is the way back again


@pytest.mark.parametrize(("game_id", "seed", "played", "seats", "options"),
                         [(g, s, 4, n, o) for g, s, n, o in PLAYSTYLES], ids=lambda v: str(v))  # fmt: skip
async def test_every_seat_at_one_keyboard_gets_its_own_hint(paths, game_id, seed, played, seats, options):
    """Several people at one keyboard: the hint is for the seat shown, named in its title, and
    put away when the keyboard passes on."""
    app = hint_app(paths, None)
    async with app.run_test(size=SIZE) as pilot:
        started = GameSession.start(app.store, GAMES[game_id], seed, **options)
        chooser = Rng.from_seed(seed)
        for _ in range(played):
            started.play(chooser.choice(started.legal_actions()))
        started.hold.release()
        await open_past_cover(app, pilot, started.save_id)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        name = screen.session.seat_names()[screen.seat]
        await pilot.press("H")
        await answered(pilot, screen, 60.0)
        assert all(screen.game.seat_of(a) == screen.seat for a in screen.hinting.actions)
        assert f"Hint for {name}" in screen_text(app)
        seat = screen.seat
        screen._switch_to(next(s for s in range(len(screen.session.seat_names())) if s != seat))
        await pilot.pause()
        assert not screen.hinting.shown  # not shown to the next person


async def test_at_a_shared_table_the_seat_of_this_terminal_gets_the_hint_and_thinks_again_when_another_moves(
    paths, monkeypatch
):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    code = table_in_progress(paths, "decknforge", {"players": 2}, 2, 0)
    app = make_app(paths, identity="name:ann")
    app.settings.hint_budget = BUDGET
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(code)
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.local_seats == {0}
        moving = screen.game.to_move(screen.session.state)
        assert 0 in moving and 1 in moving  # DecknForge: both act at once
        await pilot.press("H")
        await answered(pilot, screen)
        assert all(screen.game.seat_of(a) == 0 for a in screen.hinting.actions)
        stale = screen.hinting.actions
        ben = SharedSession.open(TableStore(paths, GAMES), code, "name:ben")
        ben.play(next(a for a in ben.legal_actions() if ben.game.seat_of(a) == 1))
        for _ in range(40):
            await pilot.pause(0.05)
            if len(screen.session.envelope.actions) == 1:
                break
        # the table changed under it: the stale answer is gone, and it thinks again
        assert screen.hinting.shown and screen.hinting.actions != stale or screen.hinting.thinking
        await answered(pilot, screen)
        assert all(a in seat_moves(screen) for a in screen.hinting.actions)
        assert screen.hinting.position[1] == 1


async def test_where_there_is_no_hint_the_key_says_so_in_one_line(paths, monkeypatch):
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    code = table_in_progress(paths, "disciple", {"mode": "versus"}, 2, 0)
    full = TableStore(paths, GAMES)
    envelope = full.read(code)
    state = full.decode_state(envelope)
    game = GAMES["disciple"]
    waiting = "ben" if game.to_move(state) == (0,) else "ann"
    app = make_app(paths, identity=f"name:{waiting}")
    async with app.run_test(size=SIZE) as pilot:
        app.open_table(code)
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat not in game.to_move(screen.session.state)
        await pilot.press("H")
        await pilot.pause(0.1)
        notes = [n.message for n in app._notifications]
        assert any(note.startswith("It is not your move") and "\n" not in note for note in notes), notes
        assert not screen.hinting.shown
        assert "Hint" not in [e for e in palette_names(screen)]


def palette_names(screen) -> list[str]:
    from tui.palette import entries

    return [entry.label for entry in entries(screen)]


def open_finished(game_id: str, seed: int):
    """An on_start that opens a game played by random legal moves to its end."""

    def start(app) -> None:
        session = GameSession.start(app.store, GAMES[game_id], seed)
        chooser = Rng.from_seed(seed)
        while session.outcome() is None:
            session.play(chooser.choice(session.legal_actions()))
        app.open_session(session)

    return start


async def test_a_finished_game_says_so_and_the_palette_offers_no_hint(paths):
    app = hint_app(paths, open_finished("disruption", 5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.over
        while app.screen is not screen:
            await pilot.press("escape")
            await pilot.pause(0.1)
        await pilot.press("H")
        await pilot.pause(0.1)
        assert "The game is over: there is no move to hint." in [n.message for n in app._notifications]
        assert not screen.hinting.shown and "Hint" not in palette_names(screen)


async def test_ctrl_p_offers_the_hint_and_help_lists_it(paths):
    app = hint_app(paths, open_played("disruption", 5, 0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        names = [option.hit.text for option in commands.options]
        assert "Hint" in names
        for _ in range(names.index("Hint") + 1):
            await pilot.press("down")
        await pilot.press("enter")
        await answered(pilot, screen)
        assert screen.hinting.actions
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        assert "## A hint" in app.screen.text and "`H` (Shift+h)" in app.screen.text


async def test_settings_h_steps_the_hint_s_time_and_keeps_it(paths):
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        assert "A hint thinks for about 1 s of CPU (h changes it)" in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert "about 3 s of CPU" in screen_text(app)
        for _ in range(2):
            await pilot.press("h")
        await pilot.pause()
        assert "about 0.3 s of CPU" in screen_text(app)
    assert b'"hint_budget": 0.3' in paths.settings.read_bytes()


async def test_the_hint_panel_at_80x24(paths, snapshot):
    """Disruption's hint is exact, so the same every time: the panel as a player reads it."""
    use_snapshot_dir(snapshot, "hint")
    app = hint_app(paths, open_played("disruption", 5, 0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("H")
        await answered(pilot, app.screen)
        snapshot.assert_match(screen_text(app), "disruption_80x24.txt")


async def test_the_hint_panel_at_120x40_offers_more_moves(paths, snapshot):
    use_snapshot_dir(snapshot, "hint")
    app = hint_app(paths, open_played("disruption", 5, 0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("H")
        await answered(pilot, app.screen)
        assert len(app.screen.hinting.actions) == min(coach.BEST_BIG, len(seat_moves(app.screen)))
        snapshot.assert_match(screen_text(app), "disruption_120x40.txt")


async def test_a_hard_bot_seat_searches_in_a_thread_and_plays_its_move(paths, monkeypatch):
    monkeypatch.setattr(game_screen, "BOT_PACE", 0.01)
    asked: list[str] = []
    game = GAMES["decknforge"]
    real = type(game).bot_action

    def bot_action(self, state, seat, level="easy"):
        asked.append(level)
        return real(self, state, seat, level)

    monkeypatch.setattr(type(game), "bot_action", bot_action)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        options = game.check_options({"players": 2, "bot_level": "hard"})
        app.start_game("decknforge", 3, seats=[Seat(name="Ann"), Seat(name="Robo", bot=True)], **options)
        await pilot.pause()
        screen = app.screen
        for _ in range(200):
            await pilot.pause(0.05)
            if any(game.seat_of(a) == 1 for a in actions(screen)):
                break
        assert any(game.seat_of(a) == 1 for a in actions(screen))  # the bot moved
        assert asked and set(asked) == {"hard"}


async def test_a_seat_s_name_in_the_hint_is_shown_as_typed(paths):
    app = hint_app(paths, None)
    async with app.run_test(size=SIZE) as pilot:
        name = "[b red]Ann[/]\x1b[2J"
        app.start_game("decknforge", 5, seats=[Seat(name=name), Seat(name="Ben")], players=2)
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):
            await pilot.press("enter")  # past the cover between the two people here
            await pilot.pause()
        screen = app.screen
        await pilot.press("H")
        await answered(pilot, screen)
        shown = screen_text(app)
        who = screen.session.seat_names()[screen.seat]
        assert f"Hint for {who.replace(chr(27), '')}" in shown
        assert "\x1b" not in shown
