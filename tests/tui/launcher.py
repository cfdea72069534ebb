"""Build the real app headless with a temporary data folder and a fixed clock."""

from __future__ import annotations

from pathlib import Path

from engine.registry import GAMES
from saves.paths import DataPaths
from saves.store import SaveStore
from tests.conftest import FIXED_TIME
from tui.app import TabletopApp

SIZE = (80, 24)
SNAPSHOTS = Path(__file__).parents[1] / "snapshots"


def make_app(
    paths: DataPaths, theme: str | None = None, on_start=None, identity: str = "", legend: bool = False
) -> TabletopApp:
    """`identity`: whom the app's seats at shared tables belong to (default: this account).
    `legend`: the tables' legend, as a first game has it (tests/tui/test_teach.py); off
    otherwise, as a player who turned it off has it, so the log shows at 80x24. A settings
    file in the data folder has the last word."""
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    app = TabletopApp(paths, theme=theme, store=store, on_start=on_start, identity=identity)
    if not paths.settings.exists():
        app.settings.legend = legend
    return app


def use_snapshot_dir(snapshot, folder: str) -> None:
    snapshot.snapshot_dir = SNAPSHOTS / folder

SIZES = {"80x24": (80, 24), "120x40": (120, 40), "200x60": (200, 60)}


def open_played(game_id: str, seed: int, moves: int, chooser_seed: int | None = None, **options):
    """An on_start that opens a game of `game_id` after `moves` random legal moves."""
    from engine.core.rng import Rng
    from saves.session import GameSession

    def start(app) -> None:
        session = GameSession.start(app.store, GAMES[game_id], seed, **options)
        chooser = Rng.from_seed(seed if chooser_seed is None else chooser_seed)
        for _ in range(moves):
            session.play(chooser.choice(session.legal_actions()))
        app.open_session(session)

    return start


async def open_past_cover(app, pilot, save_id: str) -> None:
    """Open a kept game in a running test app, past the pass-the-keyboard cover if one shows."""
    from saves.session import GameSession
    from tui.screens.privacy import PrivacyScreen

    app.open_session(GameSession.resume(app.store, save_id))
    await pilot.pause()
    if isinstance(app.screen, PrivacyScreen):
        await pilot.press("enter")
        await pilot.pause()
