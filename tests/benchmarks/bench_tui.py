"""The app's own figures, every game side by side: start-up to the home screen against a bare
Textual app, and keypress to repaint (autosave included) in each of the four games.

Run: python -m tests.benchmarks.bench_tui [--startup-runs 15] [--presses 60] [--games 4]
     [--only disruption,decknforge] [--no-startup] [--no-keys]
Not collected by pytest: it prints medians and p90s; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio

from tests.benchmarks.tui_timing import report, startup_ratio

STARTUP_TARGET = 1.3  # times a bare Textual app
KEYPRESS_TARGET_MS = 8.0  # median, every game


def keypress_runs(games: int, presses: int) -> dict[str, list[float]]:
    """Each game's keypress-to-repaint milliseconds, played by its own benchmark's key chooser."""
    from tests.benchmarks import bench_decknforge, bench_disciple, bench_disruption, bench_druid_path

    return {
        "disruption": lambda: bench_disruption.keypress_to_repaint(games=games, presses=presses),
        "druid-path": lambda: bench_druid_path.keypress_to_repaint(games=games, presses=presses),
        "disciple": lambda: bench_disciple.keypress_to_repaint(presses=games * presses, runs=games),
        "decknforge": lambda: bench_decknforge.keypress_to_repaint(games=games, presses=presses),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--startup-runs", type=int, default=15, help="start-ups timed of each app")
    parser.add_argument("--games", type=int, default=4, help="games played per game by keys")
    parser.add_argument("--presses", type=int, default=60, help="keys timed per game played")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all four)")
    parser.add_argument("--no-startup", action="store_true")
    parser.add_argument("--no-keys", action="store_true")
    args = parser.parse_args()
    if not args.no_startup:
        bare, ours, ratio = startup_ratio(args.startup_runs)
        print(
            f"start-up to home screen (median of {args.startup_runs} each, interleaved): "
            f"bare Textual {bare * 1000:.0f} ms, tabletop-tui {ours * 1000:.0f} ms, "
            f"ratio {ratio:.2f}x (target <= {STARTUP_TARGET}x)"
        )
    if not args.no_keys:
        wanted = [game for game in args.only.split(",") if game]
        print(f"keypress to repaint with autosave, 80x24 (target median <= {KEYPRESS_TARGET_MS:.0f} ms)")
        for game, run in keypress_runs(args.games, args.presses).items():
            if wanted and game not in wanted:
                continue
            print("  " + report(f"{game:<11}", asyncio.run(run())), flush=True)


if __name__ == "__main__":
    main()
