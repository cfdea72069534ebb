"""The app's own figures, every game side by side: start-up to the home screen against a bare
Textual app, how soon the app ends when its terminal hangs up, and keypress to repaint
(autosave included) in each of the four games.

Run: python -m tests.benchmarks.bench_tui [--startup-runs 15] [--saves 5] [--tables 20] [--presses 60] [--games 4]
     [--only disruption,decknforge] [--no-startup] [--no-keys] [--hang-ups 5] [--help-opens 3]
     [--root OTHER-CHECKOUT] (its start-up timed too, beside a bare start of its own)
Not collected by pytest: it prints medians with p10 and p90, and each game as a ratio to the floor
of a bare Textual table measured in the same run (start-up: to a bare Textual start); nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

from tests.benchmarks import tui_timing
from tests.benchmarks.tui_timing import LAST_STARTUP_RATIOS, percentile, report, startup_times


def ratio_spread(kind: str) -> str:
    """The spread of the start-ups' ratios, each to the bare start-up run beside it."""
    ratios = LAST_STARTUP_RATIOS.get(kind, [])
    if not ratios:
        return ""
    return f" (each run's: median {statistics.median(ratios):.2f}x, p10 {percentile(ratios, 0.1):.2f}x, p90 {percentile(ratios, 0.9):.2f}x)"

STARTUP_TARGET = 1.2  # times a bare Textual app
KEYPRESS_TARGET = 1.25  # median, every game, times the floor of a bare table whose key rewrites six boxes


def keypress_runs(games: int, presses: int) -> dict[str, list[float]]:
    """Each game's keypress-to-repaint milliseconds, played by its own benchmark's key chooser."""
    from tests.benchmarks import bench_decknforge, bench_disciple, bench_disruption, bench_druid_path

    return {
        "disruption": lambda: bench_disruption.keypress_to_repaint(games=games, presses=presses),
        "druid-path": lambda: bench_druid_path.keypress_to_repaint(games=games, presses=presses),
        "disciple": lambda: bench_disciple.keypress_to_repaint(presses=games * presses, runs=games),
        "decknforge": lambda: bench_decknforge.keypress_to_repaint(games=games, presses=presses),
    }


def hang_up_exit_times(runs: int) -> list[float]:
    """Milliseconds from the terminal closing (SIGHUP ignored, as under nohup) to the app's
    exit, right after a move: the save is flushed on the way out."""
    import tempfile
    from pathlib import Path

    from tests.tui.pty_app import PtyApp

    times = []
    for _ in range(runs):
        app = PtyApp(Path(tempfile.mkdtemp()), "new", "disruption", "--seed", "3", ignore_hang_up=True)
        try:
            if not app.read_until(b"Ritual Defender"):
                continue
            app.drain()
            app.press(b"r")
            app.read_until(b"\x1b[")
            ended = app.hang_up()
        finally:
            app.close()
        if ended is not None:
            times.append(ended * 1000)
    return times


async def help_and_rules_times(opens: int) -> dict[str, list[float]]:
    """CPU milliseconds of the app's thread to open and close the help over each game's table
    (its keys and its whole rules), and to turn the Rules screen to each game in turn."""
    import tempfile

    from engine.registry import GAMES
    from saves.paths import DataPaths
    from saves.session import GameSession
    from tests.benchmarks.tui_timing import PaintRecorder
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    times: dict[str, list[float]] = {"help open": [], "help close": [], "rules, next game": []}
    app = TimedApp(DataPaths.resolve(tempfile.mkdtemp()))

    async def cpu_ms(key: str) -> list[float]:
        """CPU milliseconds from the key until the app has nothing left to do: the help's
        parts were mounted in several turns, some long after the first paint."""
        start = time.thread_time()
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
        return [(time.thread_time() - start) * 1000]

    async with app.run_test(size=(80, 24)) as pilot:
        for game_id in ("disciple", "druid-path", "disruption", "decknforge"):
            solo = {"solo": True} if game_id == "decknforge" else {}  # one person, no cover between seats
            app.open_session(GameSession.start(app.store, GAMES[game_id], 5, **solo))
            await pilot.pause()
            for _ in range(opens):
                times["help open"] += await cpu_ms("question_mark")
                times["help close"] += await cpu_ms("escape")
            app.pop_screen()
        await cpu_ms("r")
        for _ in range(opens):
            for key in ("down", "down", "down", "up", "up", "up"):
                times["rules, next game"] += await cpu_ms(key)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--startup-runs", type=int, default=15, help="start-ups timed of each app")
    parser.add_argument("--games", type=int, default=4, help="games played per game by keys")
    parser.add_argument("--presses", type=int, default=60, help="keys timed per game played")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all four)")
    parser.add_argument("--no-startup", action="store_true")
    parser.add_argument("--no-keys", action="store_true")
    parser.add_argument("--saves", type=int, default=5, help="games in progress per game at the second start-up")
    parser.add_argument("--tables", type=int, default=20, help="shared tables at the third start-up (0: none)")
    parser.add_argument("--hang-ups", type=int, default=5, help="hang-ups timed (0: none)")
    parser.add_argument("--help-opens", type=int, default=3, help="help opened over each table (0: none)")
    parser.add_argument("--root", action="append", type=Path, default=[],
                        help="also time the start-up of another checkout (repeatable), beside its own bare start")  # fmt: skip
    args = parser.parse_args()
    if not args.no_startup:
        print(f"start-up to home screen, 80x24 (medians of {args.startup_runs} runs each, interleaved)")
        for saves in sorted({0, args.saves}):
            holding = f"{saves * 4} saves" if saves else "no saves"
            for root in args.root:
                for kind, (bare, ours) in startup_times(args.startup_runs, saves, root=root.resolve()).items():
                    print(
                        f"  {holding:<9} {kind:<4} bare Textual {bare * 1000:.0f} ms, {root} {ours * 1000:.0f} ms, "
                        f"ratio {ours / bare:.2f}x{ratio_spread(kind)}"
                    )
            for kind, (bare, ours) in startup_times(args.startup_runs, saves).items():
                print(
                    f"  {holding:<9} {kind:<4} bare Textual {bare * 1000:.0f} ms, tabletop-tui {ours * 1000:.0f} ms, "
                    f"ratio {ours / bare:.2f}x{ratio_spread(kind)} (target <= {STARTUP_TARGET}x)"
                )
        if args.tables:  # the home screen lists no table: these should cost nothing at start
            for kind, (bare, ours) in startup_times(args.startup_runs, tables=args.tables).items():
                print(
                    f"  {f'{args.tables} tables':<9} {kind:<4} bare Textual {bare * 1000:.0f} ms, "
                    f"tabletop-tui {ours * 1000:.0f} ms, ratio {ours / bare:.2f}x{ratio_spread(kind)}"
                )
    if args.hang_ups:
        times = hang_up_exit_times(args.hang_ups)
        print(report("exit after the terminal hangs up (SIGHUP ignored)", times) + f" of {args.hang_ups} runs")
    if args.help_opens:
        print("help and rules, 80x24: CPU of the app's thread")
        for what, times in asyncio.run(help_and_rules_times(args.help_opens)).items():
            print("  " + report(f"{what:<16}", times))
    if not args.no_keys:
        wanted = [game for game in args.only.split(",") if game]
        print(
            f"keypress to repaint with autosave, 80x24 (target median <= {KEYPRESS_TARGET}x floor 6); "
            "wall, and CPU of the app's thread (steadier on a busy machine)"
        )
        floor: dict[str, list[float]] = {"wall": [], "cpu": []}  # six boxes, before and after the games

        def floor_runs(label: str) -> None:
            for boxes, what in ((1, "one box changes"), (6, "all six boxes change, as on a move")):
                tui_timing.KEY_CPU_MS.clear()
                wall = asyncio.run(tui_timing.floor_latencies(args.presses, boxes=boxes))
                print("  " + report(f"floor {boxes} {label:<6} wall", wall))
                print("  " + report(f"floor {boxes} {label:<6} cpu ", tui_timing.KEY_CPU_MS) + f" (a bare Textual app: {what})")
                if boxes == 6:
                    floor["wall"] += wall
                    floor["cpu"] += tui_timing.KEY_CPU_MS

        floor_runs("before")
        results: dict[str, dict[str, list[float]]] = {}
        for game, run in keypress_runs(args.games, args.presses).items():
            if wanted and game not in wanted:
                continue
            tui_timing.KEY_CPU_MS.clear()
            wall = asyncio.run(run())
            results[game] = {"wall": wall, "cpu": list(tui_timing.KEY_CPU_MS)}
            print("  " + report(f"{game:<14} wall", wall), flush=True)
            print("  " + report(f"{game:<14} cpu ", tui_timing.KEY_CPU_MS), flush=True)
        floor_runs("after")
        print(f"  against floor 6 (medians of its {len(floor['wall'])} keys before and after the games; target <= {KEYPRESS_TARGET}x):")
        for game, times in results.items():
            ratios = [
                f"{kind} {statistics.median(times[kind]) / statistics.median(floor[kind]):.2f}x"
                f" (p10 {percentile(times[kind], 0.1) / statistics.median(floor[kind]):.2f}x,"
                f" p90 {percentile(times[kind], 0.9) / statistics.median(floor[kind]):.2f}x)"
                for kind in ("wall", "cpu")
            ]
            print(f"    {game:<11} " + ", ".join(ratios))


if __name__ == "__main__":
    main()
