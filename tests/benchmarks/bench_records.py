"""Figures for history, replays and undo: replay screen step time, history listing time with
10,000 finished games, and what taking a move back costs after a resume.

Run as `python -m tests.benchmarks.bench_records` (not collected by pytest). Medians over
repeats; nothing here asserts.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from engine.decknforge.bots import GreedyPlayer
from engine.registry import GAMES
from saves import atomic
from saves.history import History
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tests.benchmarks.tui_timing import report

DECKNFORGE = GAMES["decknforge"]


def long_decknforge_game(paths: DataPaths, seeds: int = 120) -> tuple[str, int]:
    """The longest of `seeds` four-player games played by the greedy bots, filed in history."""
    longest = (0, 0)
    for seed in range(seeds):
        state = DECKNFORGE.new_game(seed, players=4, gentle=True)
        players = [GreedyPlayer(seed + i) for i in range(4)]
        moves = 0
        while DECKNFORGE.outcome(state) is None:
            seat = state.turn if state.phase == "turn" else state.scar_turn
            DECKNFORGE.apply(state, players[seat].choose(DECKNFORGE, state))
            moves += 1
        longest = max(longest, (moves, seed))
    seed = longest[1]
    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, DECKNFORGE, seed, players=4, gentle=True)
    players = [GreedyPlayer(seed + i) for i in range(4)]
    while session.outcome() is None:
        state = session.state
        seat = state.turn if state.phase == "turn" else state.scar_turn
        session.play(players[seat].choose(DECKNFORGE, state))
    return session.save_id, len(session.envelope.actions)


async def replay_steps(steps: int = 300) -> tuple[list[float], list[float], int, float]:
    """Milliseconds from an arrow key to the repainted replay at 80x24, over `steps` steps
    forth and back through the longest game found, by the wall clock and by this process's
    CPU time (which other work on a shared machine does not inflate); the game's length;
    seconds to open it."""
    from tests.benchmarks.tui_timing import PaintRecorder, press_to_paint
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        def _display(self, screen, renderable) -> None:
            super()._display(screen, renderable)
            if renderable is not None:
                self.cpu_paints = getattr(self, "cpu_paints", []) + [time.process_time()]

    paths = DataPaths(Path(tempfile.mkdtemp()))
    paths.ensure()
    record_id, moves = long_decknforge_game(paths)
    app = TimedApp(paths)
    timings: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        app.open_replay(record_id)
        await pilot.pause()
        opened = time.perf_counter() - start
        forward = True
        for _ in range(steps):
            index = app.screen.session.index
            if forward and index == moves:
                forward = False
            elif not forward and index == 0:
                forward = True
            app.cpu_paints = []
            start = time.process_time()
            timings.append(await press_to_paint(app, "right" if forward else "left", quiet=0.03))
            if app.cpu_paints:
                cpu.append(app.cpu_paints[-1] - start)
    return [t * 1000 for t in timings if t == t], [c * 1000 for c in cpu], moves, opened


def history_of(count: int) -> tuple[SaveStore, int]:
    """`count` finished games in a fresh history: real records of all four games, copied
    under new ids with varied results (playing 10,000 games would only take longer)."""
    paths = DataPaths(Path(tempfile.mkdtemp()))
    paths.ensure()
    store = SaveStore(paths, GAMES)
    from engine.core.rng import Rng

    samples = []
    for game_id, game in GAMES.items():
        session = GameSession.start(store, game, 1)
        chooser = Rng.from_seed(1)
        while session.outcome() is None:
            session.play(chooser.choice(session.legal_actions()))
        samples.append(History(store).read(session.save_id))
    history = History(store)
    for sample in samples:
        history.delete(sample.entry.id)
    size = 0
    for n in range(count):
        sample = samples[n % len(samples)]
        entry = msgspec.structs.replace(
            sample.entry, id=f"{sample.entry.game_id}-{n:05d}", won=n % 3 == 0,
            score=n % 40, finished=f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}T12:00:00+00:00",
        )  # fmt: skip
        data = msgspec.json.encode(msgspec.structs.replace(sample, entry=entry))
        (paths.history / f"{entry.id}.json").write_bytes(data)
        size += len(data)
    return store, size


def listing_times(count: int = 10_000, repeats: int = 7) -> dict[str, float]:
    store, size = history_of(count)
    history = History(store)
    start = time.perf_counter()
    assert len(history.list()) == count
    cold = time.perf_counter() - start  # no index yet: every file read once, the index written
    warm = []
    for _ in range(repeats):
        start = time.perf_counter()
        history.list()
        warm.append(time.perf_counter() - start)
    from saves.stats import sections
    from tui.cli_records import TITLES

    start = time.perf_counter()
    sections(history.list(), TITLES)
    stats = time.perf_counter() - start
    return {
        "cold": cold,
        "warm": statistics.median(warm),
        "stats": stats,
        "megabytes": size / 1e6,
    }


def undo_after_resume(repeats: int = 7) -> float:
    """Seconds for the first undo_status of a resumed 4-player DecknForge save: its log is
    replayed once to know which moves may be taken back."""
    paths = DataPaths(Path(tempfile.mkdtemp()))
    paths.ensure()
    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, DECKNFORGE, 64, players=4, gentle=True)  # 136 moves long
    players = [GreedyPlayer(64 + i) for i in range(4)]
    for _ in range(100):
        state = session.state
        seat = state.turn if state.phase == "turn" else state.scar_turn
        session.play(players[seat].choose(DECKNFORGE, state))
    times = []
    for _ in range(repeats):
        resumed = GameSession.resume(store, session.save_id)
        start = time.perf_counter()
        resumed.undo_status(0)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    atomic_fsync = atomic.os.fsync
    atomic.os.fsync = lambda fd: None  # building fixtures only; nothing below times a write
    try:
        figures = listing_times()
        undo = undo_after_resume()
    finally:
        atomic.os.fsync = atomic_fsync
    print(
        f"History listing, 10,000 finished games ({figures['megabytes']:.0f} MB of records): "
        f"median {figures['warm'] * 1000:.0f} ms with its index; {figures['cold'] * 1000:.0f} ms "
        f"the first time (every file read, index written); stats from it {figures['stats'] * 1000:.0f} ms"
    )
    print(f"First undo_status after resuming a 100-move 4-player DecknForge save: {undo * 1000:.1f} ms")
    timings, cpu, moves, opened = asyncio.run(replay_steps())
    print(f"Replay: the longest DecknForge game found has {moves} moves; opened in {opened * 1000:.0f} ms")
    print(report("Replay step, arrow key to repainted table at 80x24 (wall clock)", timings))
    print(report("Replay step, the same by CPU time of this process", cpu))


if __name__ == "__main__":
    main()
