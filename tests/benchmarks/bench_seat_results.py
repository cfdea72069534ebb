"""What reading history files kept before results were per seat costs: the first listing of a
history of Disciple Versus records that name no seat (each one's final table is read to work
out the player's result) against the same records filed with their seat, measured in the
same run. Later listings read the index and cost the same either way.

Run as `python -m tests.benchmarks.bench_seat_results [--records N]` (not collected by
pytest). Medians over repeats, with the spread; nothing here asserts.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from engine.disciple.content import load
from engine.disciple.decks import default_versus_deck
from engine.registry import GAMES
from saves import atomic
from saves.envelope import Seat
from saves.history import History
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore

DISCIPLE = GAMES["disciple"]


def versus_record(store: SaveStore):
    decks = [msgspec.to_builtins(default_versus_deck(load(), s)) for s in ("boxing", "karate")]
    session = GameSession.start(
        store, DISCIPLE, 0, seats=[Seat(name="Ann"), Seat(name="Ben", bot=True)],
        mode="versus", names=["Ann", "Ben"], decks=decks,
    )  # fmt: skip
    while session.outcome() is None:
        session.play(DISCIPLE.bot_action(session.state, DISCIPLE.to_move(session.state)[0]))
    record = History(store).read(session.save_id)
    History(store).delete(session.save_id)
    return record


def history_of(root: Path, record, count: int, old: bool) -> History:
    paths = DataPaths(root)
    paths.ensure()
    paths.history.mkdir(parents=True, exist_ok=True)
    for n in range(count):
        entry = msgspec.structs.replace(record.entry, id=f"disciple-{n:05d}")
        if old:  # as a record was filed before: no seat, and the table's result
            entry = msgspec.structs.replace(entry, seat=None, won=True, result="won")
        data = msgspec.json.encode(msgspec.structs.replace(record, entry=entry))
        (paths.history / f"{entry.id}.json").write_bytes(data)
    return History(SaveStore(paths, GAMES))


def first_listing(record, count: int, old: bool, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        root = Path(tempfile.mkdtemp())
        history = history_of(root, record, count, old)
        start = time.perf_counter()
        entries = history.list()
        times.append(time.perf_counter() - start)
        assert len(entries) == count and not any(e.won for e in entries)  # Ann lost each one
        shutil.rmtree(root)
    return times


def spread(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.0f} ms (min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    atomic.os.fsync = lambda fd: None  # type: ignore[assignment]  (the listing is timed, not the disk)
    with tempfile.TemporaryDirectory() as folder:
        paths = DataPaths(Path(folder))
        paths.ensure()
        record = versus_record(SaveStore(paths, GAMES))
    new = first_listing(record, args.records, False, args.repeats)
    old = first_listing(record, args.records, True, args.repeats)
    print(f"first listing of {args.records} Versus records, medians of {args.repeats}:")
    print(f"  filed with their seat (reference)  {spread(new)}")
    print(f"  filed before, worked out again     {spread(old)}")
    print(f"  ratio old/new                      {statistics.median(old) / statistics.median(new):.1f}x")


if __name__ == "__main__":
    main()
