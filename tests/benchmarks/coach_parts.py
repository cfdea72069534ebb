"""A cell of bench_coach put together from runs over parts of its seeds.

Run: python -m tests.benchmarks.coach_parts LOG...

Each LOG is what `bench_coach --progress` printed (any --seeds range). Every seed's own outcome
is read from its progress line; a seed found in two logs counts once (both runs play it the
same way: the bots are seeded by the game). For each cell: the seeds found, and the figures
bench_coach prints for a whole run (the search bot's and the greedy bot's rates and their
difference with its standard error, or the search bot's share of duels head to head).
"""

from __future__ import annotations

import math
import re
import statistics
import sys
from pathlib import Path

LINE = re.compile(r"^\s*\.\. (?P<cell>.+): after \d+ seeds \S+ / \S+ \(seed (?P<seed>\d+): (?P<outcome>[01 ]+)\)$")


def outcomes(logs: list[Path]) -> dict[str, dict[int, tuple[int, ...]]]:
    found: dict[str, dict[int, tuple[int, ...]]] = {}
    for log in logs:
        for line in log.read_text().splitlines():
            match = LINE.match(line)
            if match:
                outcome = tuple(int(x) for x in match["outcome"].split())
                found.setdefault(match["cell"], {})[int(match["seed"])] = outcome
    return found


def summary(cell: str, seeds: dict[int, tuple[int, ...]]) -> str:
    n = len(seeds)
    span = f"{n} seeds ({min(seeds)}-{max(seeds)})"
    values = list(seeds.values())
    if len(values[0]) == 1:  # one figure a seed: head to head, or a band against one Leader
        rate = sum(v[0] for v in values) / n
        return f"{cell}: {rate:.1%} (+-{math.sqrt(rate * (1 - rate) / n):.1%}) of {span}"
    pairs = [a - b for a, b in values]
    mean = sum(pairs) / n
    sd = statistics.stdev(pairs) if n > 1 else 0.0
    search = sum(a for a, _ in values) / n
    greedy = sum(b for _, b in values) / n
    return (f"{cell}: search {search:.1%}, greedy {greedy:.1%}, difference {100 * mean:+.1f} points "
            f"(+-{100 * sd / math.sqrt(n):.1f}) over {span}")  # fmt: skip


def main() -> None:
    found = outcomes([Path(arg) for arg in sys.argv[1:]])
    if not found:
        sys.exit("no progress lines with a seed's outcome in these logs (bench_coach --progress)")
    for cell, seeds in sorted(found.items()):
        print(summary(cell, seeds))


if __name__ == "__main__":
    main()
