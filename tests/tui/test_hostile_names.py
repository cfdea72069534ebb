"""Text another person typed, run through every screen that shows it, at 80x24: names at the
tables, deck names, table seats, coined words' authors, save labels, daily results. Each
shows as itself (or cut with "…" where it does not fit), never as markup, never as a control
sequence, and no screen crashes on it (a name like `[link=http://e]Bo` used to stop a
Disciple Versus table with a MarkupError, for both players)."""

from __future__ import annotations

import copy
from datetime import date

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Seat
from saves.session import GameSession
from saves.tables import TableStore
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tui.safe_text import safe_text

HOSTILE = [
    "[link=http://e]Bo",
    "[b]Al[/b][red]x",
    "[DK] Anna",
    "Bob [AFK]",
    "[reverse]Deck of Ann",
    "[@click=app.quit]x",
    "[",
    "\x1b[2J\x1b]0;evil\x07",
    "Ev\u202eil\u202c",  # a bidirectional override
    "Ze\u200bro\u200dWi\ufeffde",  # zero-width characters
    "漢" * 200,
    "Two\nlines",
]
NEVER_SHOWN = ("\x1b", "\x07", "\u202e", "\u202c", "\u200b", "\u200d", "\ufeff")


def shows(screen: str, name: str) -> bool:
    """Whether the screen shows `name` as itself: whole, or its start cut with "…". A line
    break in a name is a space in a title or a one-line message; in a box of several lines
    it may start the next one (where a row is one line high, that next line is not seen)."""
    wanted = safe_text(name)
    screen = screen.replace(" …", "…")  # a wide character cut: the cell left over is blank
    if wanted in screen:
        return True
    if "\n" in name and safe_text(name.split("\n")[0]) in screen:
        return True
    return any(wanted[:end].rstrip() + "…" in screen for end in range(min(len(wanted) - 1, 60), 1, -1))


def check(app, names: list[str]) -> str:
    text = screen_text(app)
    assert app.is_running  # `[@click=app.quit]` was never a link
    for bad in NEVER_SHOWN:
        assert bad not in text
    missing = [name for name in names if not shows(text, name)]
    assert missing == [], text
    return text


def batches(size: int) -> list[list[str]]:
    return [HOSTILE[i : i + size] for i in range(0, len(HOSTILE), size)]


async def keys(pilot, *presses: str) -> None:
    for key in presses:
        await pilot.press(key)
        await pilot.pause()


# ----- the tables -------------------------------------------------------------------------


async def open_table(app, pilot, save_id: str):
    """The game screen of a save, past the cover that names the player at the keyboard."""
    from tui.game_screen import GameScreen
    from tui.screens.privacy import PrivacyScreen

    app.open_session(GameSession.resume(app.store, save_id))
    await pilot.pause()
    if isinstance(app.screen, PrivacyScreen):
        check(app, [app.screen.player])
        await keys(pilot, "enter")
    assert isinstance(app.screen, GameScreen)
    return app.screen


def bot_moves(session, until) -> None:
    """Bot moves for whoever acts, until `until(session)` (or the game's end)."""
    game = session.game
    for _ in range(2000):
        if until(session) or game.outcome(session.state) is not None:
            return
        seat = game.to_move(session.state)[0]
        session.play(game.bot_action(session.state, seat))


@pytest.mark.parametrize("names", batches(2), ids=lambda names: repr(names[0][:12]))
async def test_a_disciple_versus_table_shows_both_players_names_as_typed(paths, store, names):
    """Both seats at one keyboard: each player's table names the other, and its own, literally."""
    from tui.disciple.screen import DiscipleScreen
    from tui.screens.privacy import PrivacyScreen

    names = (names + ["Plain Pat"])[:2]
    session = GameSession.start(store, GAMES["disciple"], 5, mode="versus", names=names)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.open_session(GameSession.resume(app.store, session.save_id))
        await pilot.pause()
        seen = set()
        for _ in range(40):
            if isinstance(app.screen, PrivacyScreen):
                check(app, [app.screen.player])
                await keys(pilot, "enter")
            screen = app.screen
            assert isinstance(screen, DiscipleScreen)
            check(app, names)  # both names: one's own panel, and the rival's
            seen.add(screen.seat)
            if seen == {0, 1}:
                break
            full = screen.session.state
            seat = GAMES["disciple"].to_move(full)[0]
            with app._context():
                screen.play(GAMES["disciple"].bot_action(full, seat))
            await pilot.pause()
        assert seen == {0, 1}


@pytest.mark.parametrize("names", batches(4), ids=lambda names: repr(names[0][:12]))
async def test_a_disciple_coop_table_shows_every_players_name_as_typed(paths, store, names):
    from tui.disciple.screen import DiscipleScreen
    from tui.screens.privacy import PrivacyScreen

    names = (names + ["Plain Pat", "Plain Quin"])[:max(len(names), 2)]
    session = GameSession.start(store, GAMES["disciple"], 6, mode="coop", players=len(names), names=names)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(app, pilot, session.save_id)
        assert isinstance(screen, DiscipleScreen)
        check(app, [names[screen.seat]])  # one's own, in the You panel
        await keys(pilot, "d")  # the table in detail names every player
        check(app, names)


def decknforge_decks(names: list[str]) -> list:
    from engine.decknforge.legacy import fresh_deck

    decks = []
    for i, name in enumerate(names):
        deck = fresh_deck("ABCD"[i] * 2)
        deck.name = name
        decks.append(deck)
    return decks


@pytest.mark.parametrize("names", batches(2), ids=lambda names: repr(names[0][:12]))
async def test_a_decknforge_table_shows_the_decks_names_as_typed(paths, store, names):
    from tui.decknforge.screen import DecknForgeScreen

    names = (names + ["Plain Deck"])[:2]
    decks = decknforge_decks(names)
    session = GameSession.start(store, GAMES["decknforge"], 7, decks=decks)
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(await open_table(app, pilot, session.save_id), DecknForgeScreen)
        check(app, names)  # the band: every deck by its name


@pytest.mark.parametrize("game_id", ["decknforge", "disciple"])
async def test_the_end_of_a_game_names_the_players_as_typed(paths, store, game_id):
    """The last move made at the table: the end screen, and the table under it."""
    from tui.screens.game_end import EndScreen
    from tui.screens.viewer import Pause

    names = ["[DK] Anna", "[link=http://e]Bo"]
    if game_id == "decknforge":
        session = GameSession.start(store, GAMES[game_id], 8, decks=decknforge_decks(names))
    else:
        session = GameSession.start(store, GAMES[game_id], 5, mode="versus", names=names)
    game = session.game
    probe, left = copy.deepcopy(session.state), 0
    while game.outcome(probe) is None:
        game.apply(probe, game.bot_action(probe, game.to_move(probe)[0]))
        left += 1
    for _ in range(left - 1):
        session.play(game.bot_action(session.state, game.to_move(session.state)[0]))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(app, pilot, session.save_id)
        full = screen.session.state
        with app._context():
            screen.play(game.bot_action(full, game.to_move(full)[0]))
        await pilot.pause()
        await pilot.pause()
        if game_id == "decknforge" and isinstance(app.screen, Pause):  # the last attack is told first
            await keys(pilot, "enter")
        assert isinstance(app.screen, EndScreen)
        text = check(app, [])
        await keys(pilot, "v")  # the table as the game ended
        check(app, names)
    return text


# ----- the lists ---------------------------------------------------------------------------


@pytest.mark.parametrize("names", batches(4), ids=lambda names: repr(names[0][:12]))
async def test_saved_games_history_and_tables_list_labels_and_names_as_typed(paths, store, names):
    from tui.screens.history import HistoryScreen
    from tui.screens.saves import SavesScreen
    from tui.tables.screens import LobbyScreen, TablesScreen

    disruption = GAMES["disruption"]
    codes = []
    for seed, name in enumerate(names):
        GameSession.start(store, disruption, seed, label=name)  # in progress: a save
        finished = GameSession.start(store, disruption, 100 + seed, label=name)  # over: history
        chooser = Rng.from_seed(seed)
        while finished.outcome() is None:
            finished.play(chooser.choice(finished.legal_actions()))
        codes.append(
            TableStore(paths, GAMES).create(GAMES["decknforge"], seed, {}, [Seat(name=name, player="p"), Seat(name="")])
        )
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        for screen in (SavesScreen(), HistoryScreen(), TablesScreen(), *map(LobbyScreen, codes)):
            app.push_screen(screen)
            await pilot.pause()
            check(app, names if not isinstance(screen, LobbyScreen) else [names[codes.index(screen.code)]])
            app.pop_screen()
            await pilot.pause()
        check(app, [names[-1]])  # Home's Continue names the latest save


async def test_the_daily_board_names_every_player_as_typed(paths, store):
    from saves import daily
    from tui.screens.daily import DailyScreen

    day = daily.today(store).isoformat()
    folder = paths.daily / day
    folder.mkdir(parents=True)
    for number, name in enumerate(HOSTILE):
        line = daily.BoardLine(name=name, game_id="disruption", day=day, won=number % 2 == 0, score=number,
                               rank=(1, number), moves=10 + number, finished=f"{day}T10:{number:02}:00")  # fmt: skip
        (folder / f"disruption-{number:016}.json").write_bytes(msgspec.json.encode(line))
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(DailyScreen())
        await pilot.pause()
        for game_line in range(3):  # Disruption's board, the third game of the list
            if "Daily board: Disruption" in screen_text(app):
                break
            await keys(pilot, "down")
        shown = [name for name in HOSTILE if shows(screen_text(app), name)]
        assert len(shown) >= 8  # as many lines as the board shows at 80x24
        check(app, shown)


@pytest.mark.parametrize("names", batches(4), ids=lambda names: repr(names[0][:12]))
async def test_the_deck_lists_name_the_decks_as_typed(paths, names):
    from engine.disciple.content import load
    from engine.disciple.decks import VersusDeck, default_versus_deck
    from tui.decknforge.decks_screen import DecksScreen
    from tui.decknforge.storage import deck_store
    from tui.disciple.deck_files import versus_deck_store
    from tui.disciple.decks_screen import VersusDecksScreen

    for deck in decknforge_decks(names):
        deck_store(paths).create(deck)
    boxing = default_versus_deck(load(), "boxing")
    for number, name in enumerate(names):
        versus_deck_store(paths).add(VersusDeck(name, boxing.styles, boxing.allotment, boxing.cards), f"deck-{number}")
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        for screen, first in ((DecksScreen(), 0), (VersusDecksScreen(), 3)):  # Disciple lists 3 default decks first
            app.push_screen(screen)
            await pilot.pause()
            check(app, names)  # the list
            await keys(pilot, *["down"] * first)
            for name in names:  # the highlighted deck's own panel: its title, its summary
                check(app, [name])
                await keys(pilot, "down")
            app.pop_screen()
            await pilot.pause()


async def test_the_lexicon_names_each_coined_words_author_as_typed(paths):
    from engine.decknforge.lexicon import Effect, Trigger, Word
    from tui.decknforge.lexicon_screen import LexiconScreen
    from tui.decknforge.storage import word_store

    words = word_store(paths)
    for number, name in enumerate(HOSTILE):
        words.add(Word("HOSTILE" + "ABCDEFGHIJKLM"[number], "monster", Trigger("attack"), (Effect("empower", 2),),
                       "pending", author=name))  # fmt: skip
    app = make_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(LexiconScreen())
        await pilot.pause()
        await keys(pilot, "m")  # pending review: each word, its author beside it
        authors = set()
        for _ in HOSTILE:
            word = app.screen.items[app.screen.query_one("#items").cursor]
            check(app, [word.author])
            authors.add(word.author)
            await keys(pilot, "down")
        assert authors == set(HOSTILE)


async def test_a_shared_versus_table_with_a_hostile_name_plays_and_is_rejoined(tmp_path, monkeypatch):
    """The table of the issue: Bo's name is `[link=http://e]Bo`, Anna's `[DK] Anna`. Both
    terminals draw the table (it crashed both), with both names whole, and so does Bo's on
    coming back to the table."""
    from engine.disciple.content import load
    from engine.disciple.decks import default_versus_deck
    from saves.paths import DataPaths
    from tests.tui.test_seats import as_app
    from tui import game_screen
    from tui.disciple.screen import DiscipleScreen
    from tui.disciple.setup import PickVersusDeck

    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    bo_paths, anna_paths = (DataPaths(tmp_path / who, common=tmp_path / "common") for who in ("bo", "anna"))
    for paths in (bo_paths, anna_paths):
        paths.ensure()
    bo_name, anna_name = "[link=http://e]Bo", "[DK] Anna"
    deck = msgspec.to_builtins(default_versus_deck(load(), "boxing"))
    bo, anna = make_app(bo_paths, identity="user:bo"), make_app(anna_paths, identity="user:anna")
    bo.settings.display_name, anna.settings.display_name = bo_name, anna_name
    code = TableStore(bo_paths, GAMES).create(
        GAMES["disciple"], 5, {"mode": "versus"}, [Seat(name=bo_name, player=bo.player_identity(), brings=deck), Seat(name="")]
    )
    async with bo.run_test(size=SIZE) as b_pilot, anna.run_test(size=SIZE) as a_pilot:
        as_app(bo, bo.open_table, code)
        as_app(anna, anna.join_table, code, anna_name)
        await a_pilot.pause()
        assert isinstance(anna.screen, PickVersusDeck)
        await keys(a_pilot, "enter")
        await b_pilot.pause(0.3)
        await a_pilot.pause(0.3)
        for app in (bo, anna):
            assert isinstance(app.screen, DiscipleScreen)
            check(app, [bo_name, anna_name])
        as_app(bo, bo.pop_screen)
        await b_pilot.pause()
        as_app(bo, bo.join_table, code, bo_name)  # back at one's own seat
        await b_pilot.pause(0.2)
        assert isinstance(bo.screen, DiscipleScreen) and bo.screen.seat == 0
        check(bo, [bo_name, anna_name])
