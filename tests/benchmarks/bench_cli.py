"""How long the plain command-line commands take, from process start to exit: `--help`,
`continue --help`, `saves` and `tables` on an empty data folder. None of them opens a screen,
so none should pay for loading Textual or a game's rules.

Run: python -m tests.benchmarks.bench_cli [--runs 11] [--root CHECKOUT]
(--root times another checkout of the project, e.g. to compare before and after a change.)
Not collected by pytest: it prints medians; nothing is asserted.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[2]
COMMANDS = (["--help"], ["continue", "--help"], ["saves"], ["tables"])


def time_command(root: Path, args: list[str], data: str) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one `python -m tui ARGS` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tui", "--data-dir", data, *args], check=True, cwd=root,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to time")
    args = parser.parse_args()
    data = tempfile.mkdtemp()
    print(f"command line, {args.root} (medians of {args.runs} runs, interleaved)")
    times: dict[str, list[tuple[float, float]]] = {" ".join(c): [] for c in COMMANDS}
    for _ in range(args.runs):  # interleaved, so every command sees the same machine load
        for command in COMMANDS:
            times[" ".join(command)].append(time_command(args.root, command, data))
    for name, runs in times.items():
        wall = statistics.median(t[0] for t in runs) * 1000
        cpu = statistics.median(t[1] for t in runs) * 1000
        print(f"  {name:<16} wall {wall:5.0f} ms  cpu {cpu:5.0f} ms")


if __name__ == "__main__":
    main()
