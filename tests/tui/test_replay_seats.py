"""Replays are per seat: a finished Disciple Versus game replayed from History shows each
player the table as their own seat saw it, all game long (never the seat of whoever moved),
and anyone who did not play it the spectator's view; the other Disciple's hidden cards never
appear. At one keyboard with a bot the person's seat is shown; several people at one keyboard
(hot seat) begin with the spectator's view and may turn to one of that keyboard's seats."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.envelope import Seat
from saves.filing import file_table
from saves.history import History
from saves.paths import DataPaths
from saves.replay import from_history, from_save
from saves.session import GameSession, SharedSession
from saves.store import SaveStore
from saves.tables import TableStore
from tests.conftest import FIXED_TIME, screen_text
from tests.seat_knowledge import named, secrets
from tests.tui.launcher import SIZE, make_app
from tui.screens.replay import Replaying

GAME = GAMES["disciple"]
FRAMES_READ = 12  # frames whose screen text is read (every frame's view is checked)


def play_out(session) -> None:
    chooser = Rng.from_seed(5)
    while session.outcome() is None:
        (seat,) = GAME.to_move(session.state)
        if chooser.below(3):
            session.play(GAME.bot_action(session.state, seat))
        else:
            session.play(chooser.choice(session.legal_actions()))


def shared_versus(tmp_path) -> tuple[DataPaths, DataPaths, str]:
    """A Versus table Ann (seat 1) and Ben (seat 2) played to its end from their own
    folders, kept in each one's history."""
    ann, ben = (DataPaths(tmp_path / who, common=tmp_path / "common") for who in ("ann", "ben"))
    for paths in (ann, ben):
        paths.ensure()
    tables = TableStore(ann, GAMES)
    seats = [Seat(name="Ann", player="user:ann"), Seat(name="Ben", player="user:ben")]
    code = tables.create(GAME, 3, {"mode": "versus"}, seats)
    play_out(SharedSession.open(tables, code, "user:ann"))
    envelope = tables.read(code)
    for paths, player in ((ann, "user:ann"), (ben, "user:ben")):
        store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
        file_table(store, code, envelope, tables.decode_state(envelope), player)
    return ann, ben, History(SaveStore(ann, GAMES)).list()[0].id


async def replay_as(paths, name: str, record_id: str, expected: list[int | None]) -> None:
    """Open the record as `name` and step through every move: each frame drawn from the
    expected seat's view of the table after that move, naming no card that seat may not know;
    Tab turns to the next view the replay offers, and there is none other."""
    app = make_app(paths, identity=f"user:{name.casefold()}")  # the account that replays it
    app.settings.display_name = name
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_replay(record_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Replaying)
        assert screen.session.views == expected
        timeline = screen.session.timeline
        moves = timeline.reachable
        read = set(range(0, moves + 1, max(1, moves // FRAMES_READ))) | {moves}
        for view_number, seat in enumerate(expected):
            if view_number:
                await pilot.press("tab")
                await pilot.pause()
            await pilot.press("home")
            await pilot.pause()
            for index in range(moves + 1):
                if index:  # the key's own action, without a pause for every frame
                    with app._context():
                        screen.action_step(1)
                if index in read:
                    await pilot.pause()
                assert screen.seat == seat and screen.session.index == index
                full = timeline.state(index)
                assert msgspec.json.encode(screen.state) == msgspec.json.encode(GAME.view(full, seat))
                if index in read:
                    text = screen_text(app)
                    hidden = secrets(GAME, full, seat)
                    assert not named(text, hidden, "disciple"), (index, seat)
                    assert ("(you)" in text) == (seat is not None), index
                    mine = "spectator's view" if seat is None else f"{GAME.seats(full)[seat]}'s view"
                    assert mine in text.splitlines()[0]
        footer = screen_text(app).rstrip("\n").splitlines()[-1]
        assert ("tab Seat" in footer) == (len(expected) > 1)


async def test_each_player_replays_a_shared_versus_table_from_their_own_seat(tmp_path):
    ann, ben, record_id = shared_versus(tmp_path)
    await replay_as(ann, "Ann", record_id, [0, None])
    await replay_as(ben, "Ben", record_id, [1, None])


async def test_someone_who_did_not_play_it_replays_the_spectators_view(tmp_path):
    ann, _, record_id = shared_versus(tmp_path)
    await replay_as(ann, "Cy", record_id, [None])  # another name in Ann's folder: not seated


async def test_at_one_keyboard_the_persons_seat_and_hot_seat_the_spectators_first(paths):
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    with_bot = GameSession.start(store, GAME, 6, seats=[Seat(name="Ann"), Seat(name="Robo", bot=True)], mode="versus")
    play_out(with_bot)
    await replay_as(paths, "Ann", with_bot.save_id, [0, None])
    hot_seat = GameSession.start(store, GAME, 7, seats=[Seat(name="Ann"), Seat(name="Ben")], mode="versus")
    play_out(hot_seat)
    await replay_as(paths, "Ann", hot_seat.save_id, [None, 0, 1])


def test_a_game_in_progress_at_one_keyboard_offers_no_seat_and_old_records_a_spectators_view(store):
    hot_seat = GameSession.start(store, GAME, 7, seats=[Seat(name="Ann"), Seat(name="Ben")], mode="versus")
    for _ in range(6):
        hot_seat.play(GAME.bot_action(hot_seat.state, GAME.to_move(hot_seat.state)[0]))
    assert from_save(store, hot_seat.save_id).views("user:ann") == [None]
    play_out(hot_seat)
    history = History(store)
    record = history.read(hot_seat.save_id)
    assert record.players == ["@here", "@here"]
    record.players = []  # as a file written before the seats were kept
    history.write(record)
    assert from_history(store, hot_seat.save_id).views("user:ann") == [None]
    record.players = ["@here", "user:ann", "@here", "user:ann"]  # damaged: more names than seats
    history.write(record)
    assert from_history(store, hot_seat.save_id).views("user:ann") == [None, 0, 1]
