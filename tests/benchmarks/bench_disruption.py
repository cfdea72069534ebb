"""Disruption figures: start-up, keypress to repaint, save/load, random playouts per second.

Run as `python -m tests.benchmarks.bench_disruption [--playouts-only]`. Prints medians; asserts
nothing.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time

from engine.core.rng import Rng
from engine.registry import GAMES
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tests.benchmarks.tui_timing import PaintRecorder, keypress_latencies, report, startup_ratio

GAME = GAMES["disruption"]


def playouts_per_second(games: int = 5000, repeats: int = 5) -> float:
    """Random games from new_game to the end, through legal_actions/apply (CPU time)."""
    rates = []
    for repeat in range(repeats):
        chooser = Rng.from_seed(repeat)
        start = time.process_time()
        for seed in range(games):
            state = GAME.new_game(seed=repeat * games + seed)
            while GAME.outcome(state) is None:
                GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        rates.append(games / (time.process_time() - start))
    return statistics.median(rates)


def late_game_session(store: SaveStore) -> GameSession:
    """A game played until one move from its end: the largest save Disruption makes."""
    for seed in range(1000):
        session = GameSession.start(store, GAME, seed)
        chooser = Rng.from_seed(seed)
        while session.outcome() is None and len(session.envelope.actions) < 14:
            session.play(chooser.choice(session.legal_actions()))
        if session.outcome() is None and session.state.wins >= 7:
            return session
    raise RuntimeError("no late game found")


def save_and_load(repeats: int = 500) -> tuple[float, float, int]:
    store = SaveStore(DataPaths.resolve(tempfile.mkdtemp()), GAMES)
    session = late_game_session(store)
    saves, loads = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        session.save()
        saves.append(time.perf_counter() - start)
        start = time.perf_counter()
        GameSession.resume(store, session.save_id)
        loads.append(time.perf_counter() - start)
    size = store.paths.save_file(session.save_id).stat().st_size
    return statistics.median(saves) * 1000, statistics.median(loads) * 1000, size


async def keypress_to_repaint(games: int = 6, presses: int = 40) -> list[float]:
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    timings: list[float] = []
    for seed in range(games):
        app = TimedApp(DataPaths.resolve(tempfile.mkdtemp()))
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("disruption", seed)
            await pilot.pause()
            session = app.screen.session

            def next_key() -> str | None:
                if session.outcome() is not None:
                    return None
                return "r" if session.state.phase == "fight" else "enter"

            timings += await keypress_latencies(app, next_key, presses=presses)
    return [t * 1000 for t in timings]


def main() -> None:
    if "--playouts-only" in sys.argv:  # the engine figure alone, without the screen's
        print(f"random playouts: {playouts_per_second():,.0f} games/s on one core (median of 5 runs)")
        return
    print("Disruption benchmarks (medians)")
    bare, ours, ratio = startup_ratio()
    print(f"start-up to home screen: bare Textual {bare * 1000:.0f} ms, tabletop-tui {ours * 1000:.0f} ms, ratio {ratio:.2f}x (target <= 1.3x)")
    print(report("keypress to repaint with autosave", asyncio.run(keypress_to_repaint())) + " (target median <= 8 ms)")
    save_ms, load_ms, size = save_and_load()
    print(f"late-game save: write {save_ms:.2f} ms, load {load_ms:.2f} ms, {size} bytes (target <= 2 ms each)")
    print(f"random playouts: {playouts_per_second():,.0f} games/s on one core (median of 5 runs; target >= 10,000)")


if __name__ == "__main__":
    main()
