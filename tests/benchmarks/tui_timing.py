"""Timing helpers shared by the benchmarks: start-up against a bare Textual app, and
keypress-to-repaint through the real app headless. They print figures; nothing asserts."""

from __future__ import annotations

import asyncio
import io
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from textual import events

ROOT = Path(__file__).parents[2]

BARE_APP = """
import time
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)
Bare().run(headless=True, size=(80, 24))
"""

OUR_APP = """
import sys
from saves.paths import DataPaths
from tui.app import TabletopApp
from tui.screens.home import HomeScreen
class Timed(TabletopApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.exit)
Timed(DataPaths.resolve(sys.argv[1])).run(headless=True, size=(80, 24))
"""


def _time_process(code: str, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, cwd=ROOT)
    return time.perf_counter() - start


def startup_ratio(runs: int = 15) -> tuple[float, float, float]:
    """Median seconds from process start to first screen: bare app, ours, and the ratio."""
    data = tempfile.mkdtemp()
    bare, ours = [], []
    for _ in range(runs):  # interleaved, so both see the same machine load
        bare.append(_time_process(BARE_APP))
        ours.append(_time_process(OUR_APP, data))
    b, o = statistics.median(bare), statistics.median(ours)
    return b, o, o / b


class PaintRecorder:
    """Mixed into an app class: renders every screen update to a throw-away terminal
    (as a real one would be written) and notes when each paint finished."""

    def _display(self, screen, renderable) -> None:  # Textual's hook for screen output
        if renderable is None:
            return
        if not hasattr(self, "_paint_sink"):
            self._paint_sink = Console(
                file=io.StringIO(), force_terminal=True, color_system="truecolor", width=80
            )
            self.paints: list[float] = []
        self._paint_sink.file = io.StringIO()
        self._paint_sink.print(renderable, end="")
        self.paints.append(time.perf_counter())


async def press_to_paint(app, key: str, quiet: float = 0.08) -> float:
    """Seconds from sending `key` to the last paint it caused (no paint for `quiet` s after)."""
    app.__dict__.setdefault("paints", [])
    before = len(app.paints)
    char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    start = time.perf_counter()
    app._driver.send_message(event)
    while True:
        await asyncio.sleep(0.002)
        last = app.paints[-1] if len(app.paints) > before else None
        if last is not None and time.perf_counter() - last > quiet:
            return last - start
        if last is None and time.perf_counter() - start > 2:
            return float("nan")  # the key changed nothing on screen


async def keypress_latencies(app, choose_key: Callable[[], str | None], presses: int) -> list[float]:
    """Seconds from each key press to the repainted screen (autosave included)."""
    timings = []
    for _ in range(presses):
        key = choose_key()
        if key is None:
            break
        timings.append(await press_to_paint(app, key))
    return [t for t in timings if t == t]


def report(label: str, values_ms: list[float]) -> str:
    values = sorted(values_ms)
    p90 = values[int(len(values) * 0.9) - 1] if values else float("nan")
    return f"{label}: median {statistics.median(values):.2f} ms, p90 {p90:.2f} ms over {len(values)}"
