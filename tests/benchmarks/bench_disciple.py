"""Disciple figures: random runs per second, win rates per style and player, and the
screen's keypress-to-repaint time (autosave included).

Run: python -m tests.benchmarks.bench_disciple [--runs 1000] [--speed-runs 300] [--presses 300]
Not a test (no test_ prefix): it prints figures for the issue notes.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from collections import Counter
import tempfile
import time
from pathlib import Path

from engine.core.rng import Rng
from engine.disciple.bots import PLAYERS
from engine.disciple.model import EndTurn, PlayCard
from engine.disciple.rules import STYLE_IDS, DiscipleGame
from saves.paths import DataPaths
from tests.benchmarks.tui_timing import PaintRecorder, keypress_latencies, report

GAME = DiscipleGame()


def run(seed: int, player: str, style: str) -> tuple[bool, int, int, str]:
    """One whole run through the public apply(); returns (won, fights won, steps, the group
    the run ended in)."""
    state = GAME.new_game(seed=seed, style=style)
    rng = Rng.from_seed(seed ^ 0x5EED)
    choose = PLAYERS[player]
    steps = 0
    while GAME.outcome(state) is None:
        GAME.apply(state, choose(GAME, state, rng))
        steps += 1
    return bool(state.won), state.fights_won, steps, state.group


def speed(runs: int, batches: int = 5) -> tuple[float, float]:
    """Median random runs per second, and median actions per second, over several batches
    (CPU time of this process: what one core does, even on a shared machine)."""
    per_run, per_step = [], []
    seed = 0
    for _ in range(batches):
        start = time.process_time()
        steps = 0
        for _ in range(runs):
            steps += run(seed, "random", STYLE_IDS[seed % len(STYLE_IDS)])[2]
            seed += 1
        elapsed = time.process_time() - start
        per_run.append(runs / elapsed)
        per_step.append(steps / elapsed)
    return statistics.median(per_run), statistics.median(per_step)


def win_table(runs: int) -> None:
    print(f"\nWin rates over {runs} runs per style (boss beaten), mean fights won, mean actions,")
    print("and where the lost runs ended (group 1-4, or at the boss)")
    print(f"{'style':<10} {'player':<7} {'wins':>7} {'fights':>7} {'actions':>8}  losses by group")
    for style in STYLE_IDS:
        for player in ("random", "greedy"):
            results = [run(seed, player, style) for seed in range(runs)]
            wins = sum(r[0] for r in results) / runs
            fights = statistics.mean(r[1] for r in results)
            steps = statistics.mean(r[2] for r in results)
            ended = Counter(r[3] for r in results if not r[0])
            lost = sum(ended.values())
            where = " ".join(f"{g}:{ended[g]}" for g in ("1", "2", "2.5", "3", "4") if ended[g])
            boss = f"boss:{ended['boss']} ({ended['boss'] / lost:.0%} of losses)" if lost else ""
            print(f"{style:<10} {player:<7} {wins:>6.1%} {fights:>7.1f} {steps:>8.0f}  {where} {boss}")


def key_for_greedy_move(screen, rng: Rng) -> str | None:
    """The key a player would press for the greedy player's move (a digit, or e)."""
    session = screen.session
    if session.outcome() is not None:
        return None
    action = PLAYERS["greedy"](GAME, session.state, rng)
    if isinstance(action, EndTurn):
        return "e"
    if isinstance(action, PlayCard):
        return screen.slots.digit(action.hand_index)  # a card keeps its digit for the turn
    return str(action.index + 1) if action.index < 9 else "1"


async def keypress_to_repaint(presses: int, runs: int = 3) -> list[float]:
    """Milliseconds from a key press to the repainted 80x24 screen, over greedy runs played
    by keys in the real app (each move also writes the save)."""
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    timings: list[float] = []
    for seed in range(runs):
        app = TimedApp(DataPaths(Path(tempfile.mkdtemp())))
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("disciple", seed)
            await pilot.pause()
            screen = app.screen
            rng = Rng.from_seed(seed)
            timings += await keypress_latencies(
                app, lambda: key_for_greedy_move(screen, rng), presses // runs
            )
    return [t * 1000 for t in timings]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1000, help="runs per style and player")
    parser.add_argument("--speed-runs", type=int, default=300, help="random runs per batch")
    parser.add_argument("--presses", type=int, default=300, help="key presses timed on screen")
    args = parser.parse_args()
    if args.presses:
        latencies = asyncio.run(keypress_to_repaint(args.presses))
        print(report("keypress to repaint with autosave", latencies) + " (target median <= 16 ms)")
    runs_per_s, actions_per_s = speed(args.speed_runs)
    print(f"random runs per second (one core, median of 5): {runs_per_s:.0f}")
    print(f"actions per second (legal_actions + apply):      {actions_per_s:.0f}")
    if args.runs:
        win_table(args.runs)


if __name__ == "__main__":
    main()
