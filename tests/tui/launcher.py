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


def make_app(paths: DataPaths, theme: str | None = None, on_start=None) -> TabletopApp:
    store = SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)
    return TabletopApp(paths, theme=theme, store=store, on_start=on_start)


def use_snapshot_dir(snapshot, folder: str) -> None:
    snapshot.snapshot_dir = SNAPSHOTS / folder
