"""Shared fixtures: a temporary data folder, a fixed clock, and a headless app launcher."""

from __future__ import annotations

import io
import os
import re
from datetime import datetime, timezone

import pytest
from rich.console import Console

from engine.registry import GAMES
from saves.paths import DataPaths
from saves.store import SaveStore

FIXED_TIME = datetime(2026, 5, 17, 20, 30, tzinfo=timezone.utc)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The suite runs on every core (pytest-xdist, `-n auto`) unless told otherwise: `-n 0`
    or `-p no:xdist` runs it in this one process. Set here rather than in addopts, so that
    `-p no:xdist` is not refused for an `-n` it no longer knows."""
    if hasattr(config, "workerinput"):  # a worker itself runs its tests in its own process
        return
    if getattr(config.option, "numprocesses", 0) is None and not config.getoption("usepdb", False):
        config.option.numprocesses = "auto"


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: unknown under -p no:xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: two workers a core. The tests spend about half their time waiting (on
    apps' timers and pauses, child processes, the disk), which another worker fills;
    PYTEST_XDIST_AUTO_NUM_WORKERS says otherwise."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist reads it
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None


@pytest.fixture(autouse=True)
def no_real_data_dir(monkeypatch, tmp_path):
    """No test may touch the player's real saves."""
    monkeypatch.setenv("TABLETOP_TUI_DATA_DIR", str(tmp_path / "env-data"))
    for served in ("TABLETOP_TUI_COMMON_DIR", "TABLETOP_TUI_PLAYER", "TABLETOP_TUI_MODERATOR"):
        monkeypatch.delenv(served, raising=False)  # as `serve` sets them for its players' apps


@pytest.fixture(autouse=True)
def at_a_terminal(monkeypatch):
    """main() called in the test's own process plays as if at a terminal (pytest's input is
    not one); tests/test_cli.py checks the refusal without one in a child process."""
    monkeypatch.setattr("tui.cli.check_terminal", lambda args, rest: None)


@pytest.fixture
def paths(tmp_path) -> DataPaths:
    data = DataPaths(tmp_path / "data")
    data.ensure()
    return data


@pytest.fixture
def store(paths) -> SaveStore:
    return SaveStore(paths, GAMES, clock=lambda: FIXED_TIME)


def unmarked(text: str) -> str:
    """A screen without the marks of the last move's log lines (tui/widgets/fresh.py; they
    sit in a column of their own): a table opened again marks nothing, the move having been
    made in an earlier sitting."""
    return text.replace("▌", " ")


def screen_text(app) -> str:
    """The screen as plain text, as the compositor drew it."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        legacy_windows=False,
        color_system=None,
    )
    from textual._context import active_app

    token = active_app.set(app)  # two apps may run in one test (shared tables)
    try:
        update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    finally:
        active_app.reset(token)
    console.print(update)
    lines = console.export_text().splitlines()
    return "\n".join(line.rstrip() for line in lines) + "\n"
