"""Shared tables: from a move in one terminal to the repaint in another.

Two players sit at a DecknForge table on a `tabletop-tui serve` host, each in their own SSH
terminal and app process. They take turns pressing Enter (play the highlighted move); each move
is timed from the key leaving one terminal to the first byte of the repaint reaching the other.
Run as `python -m tests.benchmarks.bench_tables`. Prints medians; asserts nothing.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from engine.decknforge.legacy import fresh_deck
from engine.registry import GAMES
from saves.envelope import Seat
from saves.paths import DataPaths
from saves.tables import TableStore
from tests.benchmarks.bench_serve import Player, quiet, returning_player
from tests.serve.harness import Server, make_key
from tui.serve.identity import player_for

MOVES = 40


def open_table(data: Path, players: list[tuple[str, str]]) -> str:
    """A two-seat DecknForge table already claimed by both players, with a deck each."""
    tables = TableStore(DataPaths(data), GAMES)
    seats = [
        Seat(name=name, player=identity, brings=msgspec.to_builtins(fresh_deck(name[:2])))
        for name, identity in players
    ]
    game = GAMES["decknforge"]
    return tables.create(game, 11, game.check_options({"players": 2}), seats)


async def other_sees(mover: Player, watcher: Player) -> float | None:
    """Seconds from the mover's Enter to the first byte of the watcher's repaint."""
    await quiet(watcher.terminal)
    await quiet(mover.terminal)
    watcher.terminal.arrived.clear()
    start = time.perf_counter()
    mover.channel.write(b"\r")
    try:
        await asyncio.wait_for(watcher.terminal.arrived.wait(), 3)
    except TimeoutError:
        return None  # that terminal could not move now
    return time.perf_counter() - start


async def main() -> None:
    data = Path(tempfile.mkdtemp())
    keys = [make_key(data, name)[0] for name in ("ann", "ben")]
    names = ["Ann", "Ben"]
    for key, name in zip(keys, names):
        returning_player(data, key, name)
    code = open_table(data, [(n, player_for(k, False).id) for n, k in zip(names, keys)])
    async with Server(data) as server:
        ann, ben = Player(server, keys[0]), Player(server, keys[1])
        await ann.sit_down(f"join {code}", "The band")
        await ben.sit_down(f"join {code}", "The band")
        seen: list[float] = []
        for i in range(MOVES):
            mover, watcher = (ann, ben) if i % 2 == 0 else (ben, ann)
            latency = await other_sees(mover, watcher)
            if latency is not None:
                seen.append(latency * 1000)
        ann.leave()
        ben.leave()
    seen.sort()
    p90 = seen[int(len(seen) * 0.9) - 1]
    print(
        f"move in one terminal to repaint in another: median {statistics.median(seen):.0f} ms,"
        f" p90 {p90:.0f} ms over {len(seen)} moves (target <= 250 ms, aim <= 100 ms)"
    )


if __name__ == "__main__":
    asyncio.run(main())
