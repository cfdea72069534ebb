"""Results per seat in the app: a shared Versus table played to its end from two terminals,
each player's end screen, history and stats telling their own result; a game against the
bot at one keyboard; and the end screen of several people at one keyboard and of a watcher."""

from __future__ import annotations

from engine.registry import GAMES
from saves.envelope import Seat
from saves.history import History
from saves.paths import DataPaths
from saves.session import SharedSession
from saves.tables import TableStore
from tests.conftest import screen_text
from tests.test_seat_results import DISCIPLE, SEAT_0_LOSES, SEAT_0_WINS
from tests.tui.launcher import SIZE, make_app
from tests.tui.test_seats import as_app
from tui import game_screen
from tui.disciple.screen import DiscipleScreen
from tui.screens.game_end import EndScreen, ending_of
from tui.screens.history import HistoryScreen
from tui.screens.stats import StatsScreen


async def to_the_end(players) -> None:
    """Each terminal makes its own seat's moves (the bot's choice), until the game ends."""
    for _ in range(3000):
        for app, pilot in players:
            await pilot.pause(0.03)
            screen = app.screen
            if not isinstance(screen, DiscipleScreen):
                continue
            full = screen.session.state
            if DISCIPLE.outcome(full) is None and screen.seat in DISCIPLE.to_move(full):
                as_app(app, screen.play, DISCIPLE.bot_action(full, screen.seat))
        if all(isinstance(app.screen, EndScreen) for app, _ in players):
            for _, pilot in players:
                await pilot.pause()  # drawn
            return
    raise AssertionError("the game did not end on both terminals")


async def test_a_shared_versus_table_tells_each_player_their_own_result(tmp_path, monkeypatch):
    """Ann and Ben at a Versus table, each in their own app and data folder. The bots' moves
    for seed 0 (Boxing against Karate) beat Ann: her end screen says she lost, Ben's that he
    won, and each one's history and stats file it so."""
    monkeypatch.setattr(game_screen, "SHARED_POLL", 0.02)
    ann_paths, ben_paths = (DataPaths(tmp_path / who, common=tmp_path / "common") for who in ("ann", "ben"))
    for paths in (ann_paths, ben_paths):
        paths.ensure()
    ann, ben = make_app(ann_paths, identity="user:ann"), make_app(ben_paths, identity="user:ben")
    ann.settings.display_name, ben.settings.display_name = "Ann", "Ben"
    async with ann.run_test(size=SIZE) as a_pilot, ben.run_test(size=SIZE) as b_pilot:
        decks = SEAT_0_LOSES["decks"]
        seats = [
            Seat(name="Ann", player=as_app(ann, ann.player_identity), brings=decks[0]),
            Seat(name="Ben", player=as_app(ben, ben.player_identity), brings=decks[1]),
        ]
        code = TableStore(ann_paths, GAMES).create(DISCIPLE, SEAT_0_LOSES["seed"], {"mode": "versus"}, seats)
        as_app(ann, ann.open_table, code)
        as_app(ben, ben.open_table, code)
        await a_pilot.pause()
        await b_pilot.pause()
        await to_the_end([(ann, a_pilot), (ben, b_pilot)])
        assert SharedSession.open(ann.tables, code, "").state.winner == 1  # Ben won: the seed and decks above
        ann_end, ben_end = screen_text(ann), screen_text(ben)
        assert "Defeat" in ann_end and "Victory" not in ann_end and "Ann lost to Ben" in ann_end
        assert "Victory" in ben_end and "Defeat" not in ben_end and "Ben wins: Ann is" in ben_end
        assert (ann.screen.ending.won, ben.screen.ending.won) == (False, True)
        assert "No score: this game keeps none." in ann_end  # not "only a victory is scored"

        for app, pilot, won in ((ann, a_pilot, False), (ben, b_pilot, True)):
            await pilot.press("escape")  # look at the table: its status line says the same
            await pilot.pause()
            status = screen_text(app).splitlines()[0]
            assert ("DEFEAT" in status) is not won and ("VICTORY" in status) is won
            (entry,) = History(app.store).list()
            assert (entry.won, entry.seat) == (won, 0 if app is ann else 1)
            as_app(app, app.push_screen, HistoryScreen())
            await pilot.pause()
            listing = screen_text(app)
            mark, name = ("✓ won", "Ben") if won else ("✗ lost", "Ann")
            assert f"{mark}  as {name}" in listing
            as_app(app, app.push_screen, StatsScreen())
            await pilot.pause()
            row = next(line for line in screen_text(app).splitlines() if "All games" in line)
            played, wins = row.split()[2:4]
            assert (played, wins) == ("1", "1" if won else "0")


async def test_against_the_bot_at_one_keyboard_the_loser_is_told_so(paths, monkeypatch):
    monkeypatch.setattr(game_screen, "BOT_PACE", 0.01)  # the bot's pace is not what is checked
    for setup, won in ((SEAT_0_LOSES, False), (SEAT_0_WINS, True)):
        app = make_app(paths)
        async with app.run_test(size=SIZE) as pilot:
            seats = [Seat(name="Ann"), Seat(name="Ben", bot=True)]
            app.start_game("disciple", setup["seed"], seats, mode="versus", names=["Ann", "Ben"], decks=setup["decks"])
            await pilot.pause()
            await to_the_end([(app, pilot)])
            end = screen_text(app)
            assert ("Defeat" in end, "Victory" in end) == (not won, won)
            assert ("Ann lost to Ben" in end) is not won
            await pilot.press("escape")
            await pilot.pause()
            detail = screen_text(app)  # the table's own words for the end: this seat's result
            assert "final boss" not in detail and ("lost to Ben" in detail) is not won
        entry = History(app.store).list()[0]
        assert (entry.won, entry.seat, entry.result) == (won, 0, "won" if won else "lost")


def test_several_people_at_one_keyboard_and_a_watcher_read_the_tables_result(store):
    """Where nobody's own result is the one to tell (both Versus players at one keyboard, or
    a spectator), the end says who won under a title neither side's."""
    from saves.session import GameSession

    session = GameSession.start(store, DISCIPLE, 0, mode="versus", names=["Ann", "Ben"], decks=SEAT_0_LOSES["decks"])
    while session.outcome() is None:
        session.play(DISCIPLE.bot_action(session.state, DISCIPLE.to_move(session.state)[0]))
    table = ending_of(session, None)
    assert table.title == "Game over" and table.summary.startswith("Ben wins")
    assert (ending_of(session, 0).title, ending_of(session, 1).title) == ("Defeat", "Victory")
    coop = GameSession.start(store, DISCIPLE, 3, mode="coop", players=2)
    while coop.outcome() is None:
        coop.play(DISCIPLE.bot_action(coop.state, DISCIPLE.to_move(coop.state)[0]))
    party = "Victory" if coop.outcome().won else "Defeat"
    assert ending_of(coop, None).title == ending_of(coop, 1).title == party
