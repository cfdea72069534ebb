"""A terminal that goes away ends the app, with the last move saved, whatever the process does
with SIGHUP: the app runs in its own process on a real pseudo-terminal, makes a move, and the
terminal is closed as soon as the move is on screen (its save may still be on its way)."""

from __future__ import annotations

import signal

import msgspec
import pytest

from engine.disruption.model import Fight
from engine.registry import GAMES
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tests.tui.pty_app import PtyApp

SEED = 3


@pytest.mark.parametrize(
    "ignore_hang_up, send_signal, close",
    [
        (True, None, True),
        (True, signal.SIGHUP, True),
        (False, signal.SIGHUP, True),
        (False, signal.SIGTERM, False),
    ],
    ids=["nohup-terminal-closed", "nohup-signal-and-close", "hang-up-signal", "terminate-terminal-kept"],
)
def test_the_app_ends_with_its_last_move_saved(tmp_path, ignore_hang_up, send_signal, close):
    app = PtyApp(tmp_path, "new", "disruption", "--seed", str(SEED), ignore_hang_up=ignore_hang_up)
    try:
        assert app.read_until(b"Ritual Defender"), "the table never showed"
        app.drain()
        app.press(b"r")  # roll with no ally
        assert app.read_until(b"\x1b["), "the move was never drawn"
        ended_after = app.hang_up(send_signal, close)
    finally:
        app.close()
    assert ended_after is not None, "the app went on running without its terminal"

    store = SaveStore(DataPaths.resolve(str(tmp_path)), GAMES)
    (entry,) = store.list()
    session = GameSession.resume(store, entry.save_id)
    game = GAMES["disruption"]
    expected = game.new_game(seed=SEED)
    game.apply(expected, Fight(()))
    assert len(session.envelope.actions) == 1
    assert msgspec.json.encode(session.state) == msgspec.json.encode(expected)
