"""Druid Path figures: playout speed, state size, keypress to repaint, the bots' win-rate table.

Run: python -m tests.benchmarks.bench_druid_path [--games 1000] [--runs 5] [--no-table] [--no-tui]
     [--road] (the greedy bot against each Darach on its campaign path, C1, without the extra HP)
Not collected by pytest. Times are CPU time of this process (one core), medians of --runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time

import msgspec

from engine.core.rng import Rng
from engine.druid_path.bots import greedy_player, play_game
from engine.druid_path.campaign import ROAD
from engine.druid_path.model import State
from engine.registry import GAMES
from saves.paths import DataPaths
from tui.druid_path import keys
from tests.benchmarks.tui_timing import PaintRecorder, keypress_latencies, report

GAME = GAMES["druid-path"]
DRUIDS = ("belthar", "emrys", "seren", "oisin")
DARACHS = ("kaliran", "morvenna", "draeg", "vorthak")


def random_playouts(games: int, first_seed: int) -> tuple[float, float]:
    """Games per second and actions per game, random player, through legal_actions/apply."""
    start = time.process_time()
    steps = 0
    for seed in range(first_seed, first_seed + games):
        state = GAME.new_game(seed)
        rng = Rng.from_seed(seed)
        while state.result is None:
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            steps += 1
    elapsed = time.process_time() - start
    return games / elapsed, steps / games


def calibration() -> float:
    """Microseconds for sum(range(100)) here, to compare this machine with others."""
    n = 20000
    start = time.process_time()
    for _ in range(n):
        sum(range(100))
    return (time.process_time() - start) / n * 1e6


def state_figures() -> tuple[int, float, float]:
    state = play_game_partway()
    raw = msgspec.json.encode(state)
    n = 2000
    start = time.process_time()
    for _ in range(n):
        msgspec.json.encode(state)
    encode = (time.process_time() - start) / n
    start = time.process_time()
    for _ in range(n):
        msgspec.json.decode(raw, type=State)
    decode = (time.process_time() - start) / n
    return len(raw), encode, decode


def play_game_partway() -> State:
    state = GAME.new_game(3)
    rng = Rng.from_seed(3)
    while state.turn < 5 and state.result is None:
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


async def keypress_to_repaint(games: int = 4, presses: int = 60) -> list[float]:
    """Milliseconds from a key to the repainted table, autosave included: the greedy bot's
    moves typed as a player would: a letter that takes its choice, or a digit or arrows to
    highlight it and Enter to take it."""
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    timings: list[float] = []
    for seed in range(games):
        app = TimedApp(DataPaths.resolve(tempfile.mkdtemp()))
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("druid-path", seed)
            await pilot.pause()
            screen = app.screen
            rng = Rng.from_seed(seed)
            wanted: dict[int, object] = {}  # moves made -> the bot's pick, asked once a position

            def next_key() -> str | None:
                if screen.session.outcome() is not None:
                    return None
                made = len(screen.session.envelope.actions)
                if made not in wanted:
                    wanted.clear()
                    wanted[made] = greedy_player(GAME, screen.state, rng)
                index = screen.choices.index(wanted[made])
                cursor = screen.query_one("#choices").cursor
                if index == cursor:
                    return "enter"
                key = screen.keys[index]
                if key and keys.at_once(key, screen.keys.count(key)):
                    return key
                if key.isdigit():
                    return key  # a digit highlights its choice; Enter takes it next
                return "down" if index > cursor else "up"  # the cursor walks there first

            timings += await keypress_latencies(app, next_key, presses)
    return [t * 1000 for t in timings]


def win_table(player: str, games: int, path: str) -> dict[tuple[str, str], float]:
    table = {}
    for druid in DRUIDS:
        for darach in DARACHS:
            wins = sum(
                play_game(GAME, seed, player, druid=druid, darach=darach, path=path).result == "won"
                for seed in range(games)
            )
            table[(druid, darach)] = wins / games
    return table


def road_table(games: int) -> None:
    """The greedy bot against each Darach on the path the campaign meets it on (C1)."""
    print(f"greedy bot win rate, each Darach on its campaign path, {games} games per cell:")
    print(f"{'':>21}" + "".join(f"{d:>10}" for d in DRUIDS) + "      mean")
    for darach, path in ROAD:
        rates = [
            sum(play_game(GAME, seed, "greedy", druid=druid, darach=darach, path=path).result == "won"
                for seed in range(games)) / games
            for druid in DRUIDS
        ]  # fmt: skip
        print(f"{darach + ' on ' + path:>21}" + "".join(f"{100 * r:>9.1f}%" for r in rates)
              + f"{100 * statistics.mean(rates):>9.1f}%")  # fmt: skip


def show(title: str, table: dict[tuple[str, str], float]) -> None:
    print(title)
    print(f"{'':>9}" + "".join(f"{d:>10}" for d in DARACHS))
    for druid in DRUIDS:
        print(f"{druid:>9}" + "".join(f"{100 * table[(druid, d)]:>9.1f}%" for d in DARACHS))
    per_darach = {d: statistics.mean(table[(druid, d)] for druid in DRUIDS) for d in DARACHS}
    print(f"{'Darach':>9}" + "".join(f"{100 * per_darach[d]:>9.1f}%" for d in DARACHS)
          + f"  (each over {len(DRUIDS)} Druids)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per table cell")
    parser.add_argument("--runs", type=int, default=5, help="timing runs (median shown)")
    parser.add_argument("--playouts", type=int, default=500, help="random games per timing run")
    parser.add_argument("--path", default="celthar")
    parser.add_argument("--no-table", action="store_true")
    parser.add_argument("--no-tui", action="store_true", help="skip the keypress benchmark")
    parser.add_argument("--road", action="store_true", help="also each Darach on its campaign path")
    args = parser.parse_args()

    runs = [random_playouts(args.playouts, i * args.playouts) for i in range(args.runs)]
    rate = statistics.median(r[0] for r in runs)
    length = statistics.median(r[1] for r in runs)
    best = max(r[0] for r in runs)  # the least disturbed run, on a shared machine
    print(f"random playouts: {rate:,.0f} games/s on one core (median of {args.runs}; "
          f"best {best:,.0f}), {length:.1f} actions per game")  # fmt: skip
    print(f"machine speed: sum(range(100)) takes {calibration():.2f} us (about 0.4 us on a recent laptop)")
    size, encode, decode = state_figures()
    print(f"state mid-game: {size:,} bytes of JSON, encode {encode * 1e6:.0f} us, decode {decode * 1e6:.0f} us")
    if not args.no_tui:
        latencies = asyncio.run(keypress_to_repaint())
        print(report("keypress to repaint with autosave", latencies) + " (target median <= 8 ms)")
    if args.road:
        road_table(args.games)
    if args.no_table:
        return
    greedy = win_table("greedy", args.games, args.path)
    randoms = win_table("random", args.games, args.path)
    show(f"greedy bot win rate on {args.path}, {args.games} games per cell:", greedy)
    show(f"random bot win rate on {args.path}, {args.games} games per cell:", randoms)
    lo, hi = min(greedy.values()), max(greedy.values())
    beats = all(greedy[k] > randoms[k] for k in greedy)
    print(f"greedy range {100 * lo:.1f}%-{100 * hi:.1f}% (target 30-60%); "
          f"greedy beats random in every pairing: {beats}")  # fmt: skip


if __name__ == "__main__":
    main()
