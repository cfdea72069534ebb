"""Timing helpers shared by the benchmarks: start-up against a bare Textual app, and
keypress-to-repaint through the real app headless. They print figures; nothing asserts."""

from __future__ import annotations

import asyncio
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import msgspec
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
    def on_mount(self):  # Textual runs TabletopApp.on_mount too: no super() call, or it runs twice
        self.call_after_refresh(self.exit)
Timed(DataPaths.resolve(sys.argv[1])).run(headless=True, size=(80, 24))
"""


def _time_process(code: str, *args: str, root: Path = ROOT) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run of `code` in a new process.

    Python may keep each module it compiles (as an installed package's modules are kept when it
    is installed), whatever this environment says: with PYTHONDONTWRITEBYTECODE set, the app's
    own modules were compiled afresh at every start while Textual's came ready, which is not
    what a player's start-up does."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPATH"] = str(root)  # this checkout's app, or another's (--root)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, *args], check=True, cwd=root, env=environment)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def fill_saves(data: str, per_game: int) -> int:
    """A data folder holding `per_game` games in progress of each game, as a player's would:
    a few random moves into each, written a while ago. Returns how many saves it holds."""
    from engine.core.rng import Rng
    from engine.registry import GAMES
    from saves.paths import DataPaths
    from saves.session import GameSession
    from saves.store import SaveStore

    store = SaveStore(DataPaths.resolve(data), GAMES)
    chooser = Rng.from_seed(1)
    for game_id in GAMES:
        for seed in range(per_game):
            session = GameSession.start(store, GAMES[game_id], seed)
            game = session.game
            for _ in range(5 + chooser.below(25)):
                action = chooser.choice(session.legal_actions())
                probe = msgspec.json.decode(msgspec.json.encode(session.state), type=game.State)
                game.apply(probe, action)
                if game.outcome(probe) is not None:
                    break  # a finished game would move to the history
                session.play(action)
    an_hour_ago = time.time_ns() - 3600 * 10**9
    for path in store.paths.saves.glob("*.json"):
        os.utime(path, ns=(an_hour_ago, an_hour_ago))
    return len(store.list())


def fill_tables(data: str, count: int) -> int:
    """A data folder holding `count` shared tables, as a busy host's would: DecknForge tables
    of two friends, every other one started (both seats taken, a state to check when listed),
    the others waiting for their second player; written a while ago. Returns how many it lists."""
    from engine.decknforge.legacy import fresh_deck
    from engine.registry import GAMES
    from saves.envelope import Seat
    from saves.paths import DataPaths
    from saves.tables import TableStore

    tables = TableStore(DataPaths.resolve(data), GAMES)
    game = GAMES["decknforge"]
    for number in range(count):
        ann = Seat(name="Ann", player=f"ann{number}", brings=msgspec.to_builtins(fresh_deck("An")))
        ben = Seat(name="Ben", player=f"ben{number}", brings=msgspec.to_builtins(fresh_deck("Be")))
        seats = [ann, ben] if number % 2 == 0 else [ann, Seat(name="Seat 2")]
        tables.create(game, number, game.check_options({"players": 2}), seats)
    an_hour_ago = time.time_ns() - 3600 * 10**9
    for path in tables.paths.tables.glob("*.json"):
        os.utime(path, ns=(an_hour_ago, an_hour_ago))
    return len(tables.list())


def startup_times(
    runs: int = 15, saves_per_game: int = 0, tables: int = 0, root: Path = ROOT
) -> dict[str, tuple[float, float]]:
    """Medians from process start to first screen, bare Textual app and ours side by side:
    {"wall": (bare, ours), "cpu": (bare, ours)} in seconds. CPU time is the steadier figure on
    a busy machine; wall time is what a player waits. With saves_per_game, the data folder holds
    that many games in progress of each game; with tables, that many shared tables."""
    data = tempfile.mkdtemp()
    if saves_per_game:
        fill_saves(data, saves_per_game)
    if tables:
        fill_tables(data, tables)
    _time_process(BARE_APP)  # once untimed: modules compiled and files cached, as on any later start
    _time_process(OUR_APP, data, root=root)
    bare, ours = [], []
    for _ in range(runs):  # interleaved, so both see the same machine load
        bare.append(_time_process(BARE_APP))
        ours.append(_time_process(OUR_APP, data, root=root))
    LAST_STARTUP_RATIOS.clear()
    for i, kind in enumerate(("wall", "cpu")):  # each start-up against the bare one beside it
        LAST_STARTUP_RATIOS[kind] = [o[i] / b[i] for b, o in zip(bare, ours)]
    return {
        kind: (statistics.median(t[i] for t in bare), statistics.median(t[i] for t in ours))
        for i, kind in enumerate(("wall", "cpu"))
    }


# The ratios of each start-up to the bare one run beside it, by the last startup_times call:
# {"wall": [...], "cpu": [...]} (their spread goes with the ratio of the medians).
LAST_STARTUP_RATIOS: dict[str, list[float]] = {}


def startup_ratio(runs: int = 15) -> tuple[float, float, float]:
    """Median wall seconds from process start to first screen: bare app, ours, and the ratio."""
    bare, ours = startup_times(runs)["wall"]
    return bare, ours, ours / bare


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
            self.paint_cpu: list[float] = []
        self._paint_sink.file = io.StringIO()
        self._paint_sink.print(renderable, end="")
        self.paints.append(time.perf_counter())
        self.paint_cpu.append(time.thread_time())


# CPU milliseconds of the app's thread from each key to its last paint, as press_to_paint
# measured them (the busy-machine-proof twin of the wall times it returns). Cleared by callers.
KEY_CPU_MS: list[float] = []


async def press_to_paint(app, key: str, quiet: float = 0.08) -> float:
    """Seconds from sending `key` to the last paint it caused (no paint for `quiet` s after)."""
    app.__dict__.setdefault("paints", [])
    before = len(app.paints)
    char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    start, cpu_start = time.perf_counter(), time.thread_time()
    app._driver.send_message(event)
    while True:
        await asyncio.sleep(0.002)
        last = app.paints[-1] if len(app.paints) > before else None
        if last is not None and time.perf_counter() - last > quiet:
            KEY_CPU_MS.append((app.paint_cpu[-1] - cpu_start) * 1000)
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


def percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[max(int(len(values) * share) - 1, 0)] if values else float("nan")


def report(label: str, values_ms: list[float]) -> str:
    p10, p90 = percentile(values_ms, 0.1), percentile(values_ms, 0.9)
    return f"{label}: median {statistics.median(values_ms):.2f} ms (p10 {p10:.2f}, p90 {p90:.2f}) over {len(values_ms)}"


FLOOR_CSS = """
Screen { background: $background; }
.panel { border: round $primary 60%; border-title-color: $primary; border-title-style: bold; padding: 0 1; }
#status { height: 1; }
#left, #right { width: 1fr; }
#keys { dock: bottom; height: 1; background: $panel; }
"""


FLOOR_BOXES = ("roll", "table", "choices", "hand", "path", "log")


async def floor_latencies(presses: int = 60, relayout: bool = False, boxes: int = 1) -> list[float]:
    """Milliseconds from a key to the repainted screen in a bare Textual app laid out like a
    table (a status line, six titled boxes in two columns, a key line: 18 widgets at 80x24)
    whose key rewrites the text of `boxes` boxes: what Textual itself costs per key on this
    machine. One box is a small change (a cursor, a number); all six are a move that changes
    the whole table, as a played card or a roll does (hand, log, choices, status all change).
    The boxes keep their size (`relayout` False), as the tables' boxes do; with `relayout` the
    screen is laid out again on each key, as a plain `Static.update` asks."""
    from textual.app import App
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Static

    def box(name: str, height: int | str) -> Vertical:
        inner = Static(f"{name}\nline two\nline three", id=name)
        box = Vertical(inner, classes="panel")
        box.styles.height = height
        box.border_title = name.title()
        return box

    class Floor(PaintRecorder, App):
        CSS = FLOOR_CSS
        relayout = False

        def compose(self):
            yield Static("Floor · a bare table", id="status")
            with Horizontal():
                with Vertical(id="left"):
                    yield box("table", 8)
                    yield box("choices", 7)
                    yield box("hand", "1fr")
                with Vertical(id="right"):
                    yield box("path", 6)
                    yield box("roll", 5)
                    yield box("log", "1fr")
            yield Static(" x Press  q Quit", id="keys")

        def on_key(self, event: events.Key) -> None:
            self.presses = getattr(self, "presses", 0) + 1
            for name in FLOOR_BOXES[:boxes]:
                rows = (f"{name}: pressed {self.presses} times, row {row}" for row in range(8))
                self.query_one(f"#{name}", Static).update("\n".join(rows), layout=self.relayout)

    app = Floor()
    app.relayout = relayout
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        timings = await keypress_latencies(app, lambda: "x", presses)
    return [t * 1000 for t in timings]

