"""Each game's engine against another checkout's, side by side in one run: random playouts
per second and the cost of one step (legal_actions, then apply), CPU time of one core.

Run: python -m tests.benchmarks.bench_engines --against ../other-checkout [--rounds 5] [--seconds 2]
     [--only disruption,decknforge]

Every round times each game in a new process of each checkout in turn (this one, then the
other, so both see the same machine load), playing the same seeds with the same chooser.
It prints medians and the spread (lowest-highest) over the rounds and the ratio this/other;
nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
GAME_IDS = ("disruption", "druid-path", "disciple", "decknforge")
MOST_STEPS = 20_000  # a random game that runs longer is cut off (counted in its steps)

PLAYOUTS = """
import json, sys, time
from engine.core.rng import Rng
from engine.registry import GAMES

game, seconds, most = GAMES[sys.argv[1]], float(sys.argv[2]), int(sys.argv[3])
games = steps = 0
chooser = Rng.from_seed(7)
start = time.process_time()
while time.process_time() - start < seconds:
    state = game.new_game(seed=games)
    for _ in range(most):
        if game.outcome(state) is not None:
            break
        game.apply(state, chooser.choice(game.legal_actions(state)))
        steps += 1
    games += 1
print(json.dumps({"games": games, "steps": steps, "cpu": time.process_time() - start}))
"""


def one_run(root: Path, game_id: str, seconds: float) -> dict[str, float]:
    """One timed process of `root`'s engine: games, steps and CPU seconds."""
    environment = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(
        [sys.executable, "-c", PLAYOUTS, game_id, str(seconds), str(MOST_STEPS)],
        check=True, cwd=root, env=environment, capture_output=True, text=True,
    )  # fmt: skip
    return json.loads(out.stdout)


def spread(values: list[float], digits: int = 0) -> str:
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", required=True, help="another checkout of the project")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of playouts per process")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all four)")
    args = parser.parse_args()
    other = Path(args.against).resolve()
    wanted = [game for game in args.only.split(",") if game] or list(GAME_IDS)
    print(f"random playouts, one core, {args.seconds:g} CPU s per process, {args.rounds} rounds: "
          f"this checkout against {other}")  # fmt: skip
    print("  game          playouts/s this      playouts/s other     us/step this     us/step other    ratio")
    for game_id in wanted:
        rates: dict[str, list[float]] = {"this": [], "other": []}
        step_us: dict[str, list[float]] = {"this": [], "other": []}
        for _ in range(args.rounds):
            for side, root in (("this", ROOT), ("other", other)):
                run = one_run(root, game_id, args.seconds)
                rates[side].append(run["games"] / run["cpu"])
                step_us[side].append(run["cpu"] / run["steps"] * 1e6)
        ratio = statistics.median(rates["this"]) / statistics.median(rates["other"])
        print(
            f"  {game_id:<13} {spread(rates['this']):<20} {spread(rates['other']):<20} "
            f"{spread(step_us['this'], 1):<16} {spread(step_us['other'], 1):<16} {ratio:.2f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
