"""Long fuzz runs outside the suite: many seeded random games with the suite's invariants.

    python -m tests.fuzz GAME --games N [--seed S]

GAME is disruption, druid_path, druid_sources (Druid Path against Morvenna, each queued
ability checked to come from its source), disciple, decknforge, seat_views (the view property
test over every playstyle of several seats) or all. Each game is played by the
suite's own fuzz function (tests/<game>/test_fuzz.py), so the invariants checked at every step
are the suite's. On top of them, every --checked-every'th seed runs that function's heavier
checks (state round trips, legality probes, views), and every --save-every'th seed goes
through the save files: the table is written, read back and compared, and the save's action
log replayed from its seed must rebuild it. What a game does depends only on its seed, so a
failure is reproduced by running that one seed again (the command is printed). Exits 1 when
any game failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine.registry import GAMES
from saves.paths import DataPaths
from saves.store import SaveStore

SAVE_POINTS = 25  # a save round trip every this many moves (and after the first and last)


class SaveRoundTrip:
    """Watches one game: writes it to a save file now and then, reads it back, and checks that
    the file holds the very table and that its action log replays to it from the seed."""

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.trips = 0

    def start(self, game: Any, seed: int, options: dict[str, Any], state: Any) -> None:
        self.game, self.seed, self.options = game, seed, dict(options)
        self.save_id, self.envelope = self.store.create(game, state, seed, self.options)
        self.check(state)

    def moved(self, state: Any, action: Any) -> None:
        self.envelope.actions.append(msgspec.Raw(msgspec.json.encode(action)))
        moves = len(self.envelope.actions)
        if moves == 1 or moves % SAVE_POINTS == 0 or self.game.outcome(state) is not None:
            self.check(state)

    def check(self, state: Any) -> None:
        game = self.game
        self.store.write(self.save_id, self.envelope, state, game.summary(state))
        envelope = self.store.read(self.save_id)
        expected = msgspec.json.encode(state)
        assert msgspec.json.encode(self.store.decode_state(envelope)) == expected, "the save file holds another table"
        replayed = game.new_game(seed=envelope.seed, **envelope.options)
        for raw in envelope.actions:
            game.apply(replayed, msgspec.json.decode(raw, type=game.Action))
        assert msgspec.json.encode(replayed) == expected, "the save's moves replay to another table"
        self.trips += 1
        if game.outcome(state) is not None:
            self.store.delete(self.save_id)


def _disruption(seed: int, checked: bool, watch: Any) -> int:
    from tests.disruption.test_fuzz import play_random_game

    return play_random_game(seed, checked, watch)[1]


def _druid_path(seed: int, checked: bool, watch: Any) -> int:
    from tests.druid_path.test_fuzz import play_random

    return play_random(seed, checked, watch)[1]


def _druid_sources(seed: int, checked: bool, watch: Any) -> int:
    """Druid Path against Morvenna, whose shadow pushes the row while abilities wait: every
    queued beastborg ability is checked to come from its source (tests/druid_path/test_sources.py)."""
    from tests.druid_path.test_sources import play_morvenna

    return play_morvenna(seed, checked, watch)


def _decknforge(seed: int, checked: bool, watch: Any) -> int:
    from tests.decknforge.test_fuzz import play_random_game

    return play_random_game(seed, checked, watch)[1]


def _disciple(seed: int, checked: bool, watch: Any) -> int:
    from tests.disciple.test_fuzz import play_fuzz_run

    return play_fuzz_run(seed, checked, watch)


def _seat_views(seed: int, checked: bool, watch: Any) -> int:
    """The view property test (tests/test_seat_views.py): each seed plays one playstyle of
    several seats in turn, with every seat's view, told words and replay frames checked."""
    from tests.test_seat_views import PLAYSTYLES, play

    game_id, options = PLAYSTYLES[seed % len(PLAYSTYLES)]
    return play(game_id, options, seed // len(PLAYSTYLES))


# Each plays one seeded game with the suite's invariants and returns its number of moves.
PLAYERS: dict[str, Callable[[int, bool, Any], int]] = {
    "disruption": _disruption,
    "druid_path": _druid_path,
    "druid_sources": _druid_sources,
    "disciple": _disciple,
    "decknforge": _decknforge,
    "seat_views": _seat_views,
}


class Failure(msgspec.Struct):
    game: str
    seed: int
    error: str
    where: str


def run(name: str, games: int, first_seed: int, checked_every: int, save_every: int,
        progress_every: float, out=sys.stdout) -> tuple[int, int, list[Failure]]:  # fmt: skip
    """Play `games` seeds from `first_seed`; returns (games, actions, failures)."""
    play = PLAYERS[name]
    store = SaveStore(DataPaths(Path(tempfile.mkdtemp(prefix="fuzz-"))), GAMES)
    store.paths.ensure()
    failures: list[Failure] = []
    actions = 0
    started = last = time.monotonic()
    for done, seed in enumerate(range(first_seed, first_seed + games), 1):
        watch = SaveRoundTrip(store) if seed % save_every == 0 else None
        try:
            actions += play(seed, seed % checked_every == 0, watch)
        except Exception as error:  # noqa: BLE001 (every failure is reported with its seed)
            frame = traceback.extract_tb(error.__traceback__)[-1]
            failures.append(Failure(name, seed, f"{type(error).__name__}: {error}"[:300],
                                    f"{frame.filename}:{frame.lineno}"))  # fmt: skip
        now = time.monotonic()
        if now - last >= progress_every or done == games:
            last = now
            rate = done / max(now - started, 1e-9)
            print(f"{name}: {done:,}/{games:,} games, {actions:,} actions, {len(failures)} failed, "
                  f"{rate:,.0f} games/s", file=out, flush=True)  # fmt: skip
    return games, actions, failures


def reproduce(failure: Failure) -> str:
    return f"python -m tests.fuzz {failure.game} --games 1 --seed {failure.seed}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[*PLAYERS, "all"])
    parser.add_argument("--games", type=int, default=1000, help="games per game kind (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--checked-every", type=int, default=50, metavar="K",
                        help="the heavier checks on every K'th seed (default 50)")  # fmt: skip
    parser.add_argument("--save-every", type=int, default=100, metavar="K",
                        help="save file round trips on every K'th seed (default 100)")  # fmt: skip
    parser.add_argument("--progress", type=float, default=30.0, metavar="SECONDS",
                        help="seconds between progress lines (default 30)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.games < 1 or args.checked_every < 1 or args.save_every < 1:
        parser.error("--games, --checked-every and --save-every must be at least 1")
    names = list(PLAYERS) if args.game == "all" else [args.game]
    totals = []
    for name in names:
        totals.append((name, *run(name, args.games, args.seed, args.checked_every, args.save_every, args.progress)))
    print("\nsummary")
    failed = []
    for name, games, actions, failures in totals:
        print(f"  {name}: {games:,} games, {actions:,} actions, {len(failures)} failures")
        failed += failures
    for failure in failed:
        print(f"\nFAILED {failure.game} seed {failure.seed}: {failure.error}\n  at {failure.where}\n"
              f"  reproduce: {reproduce(failure)}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
