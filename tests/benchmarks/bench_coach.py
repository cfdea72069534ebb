"""The coach (engine/core/coach.py) measured: the search bot against the greedy bot, and the hint.

Run: python -m tests.benchmarks.bench_coach [--games 300] [--playouts N] [--only disciple,druid-path]
     [--points 30] [--cells NAME,...] [--seeds START:END --progress]

For each cell (a game, a Disciple style, Versus head to head, a Campaign led by either bot,
DecknForge solo and at 2 and 3 seats) both bots play the same seeds, and it prints the win (or
clear) rate of each and the difference, with its standard error (Disruption's greedy bot is the
fight that never trades). Then, over decision points taken from greedy games (--points a game),
how often the hint's first move is the first move of a search 8x longer, the time to answer at
the default playouts (median and spread, CPU of one core, as a ratio of the one-second budget),
and the playouts a decision takes; where the search is fixed (Disruption: played whole when it
is made), its time to answer. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine.core.coach import Search
from engine.registry import GAMES

Chooser = Callable[[Any, Any, int], Any]
USED: list[int] = []  # playouts each hard decision took


def easy(game: Any, state: Any, seat: int) -> Any:
    return game.bot_action(state, seat, "easy")


def hard_with(playouts: int | None) -> Chooser:
    def hard(game: Any, state: Any, seat: int) -> Any:
        search = Search(game, state, seat, seed=len(game.log_lines(state)))
        if search.fixed:
            return search.advice(1)[0].action
        if len(search.legal) == 1:
            return search.legal[0]
        budget = game.search_budget(state) if playouts is None else playouts
        while search.playouts < budget and len(search.alive) > 1:
            search.run(1)
        USED.append(search.playouts)
        return search.advice(1)[0].action

    return hard


# cell name -> (game id, options, which seats the bot under test plays: None = every seat)
CELLS: dict[str, tuple[str, dict[str, Any], tuple[int, ...] | None]] = {
    "disruption": ("disruption", {}, None),
    "druid-path": ("druid-path", {}, None),
    "disciple boxing": ("disciple", {"style": "boxing"}, None),
    "disciple karate": ("disciple", {"style": "karate"}, None),
    "disciple jiujitsu": ("disciple", {"style": "jiujitsu"}, None),
    "disciple versus (head to head)": ("disciple", {"mode": "versus"}, (0,)),
    "disciple campaign CL (band greedy)": ("disciple", {"mode": "campaign", "players": 1, "cl": "human"}, (1,)),
    "decknforge solo (two decks)": ("decknforge", {"solo": True}, None),
    "decknforge 2 seats": ("decknforge", {"players": 2}, None),
    "decknforge 3 seats": ("decknforge", {"players": 3}, None),
}


def play(game: Any, seed: int, options: dict[str, Any], choosers: dict[int, Chooser], default: Chooser) -> Any:
    state = game.new_game(seed=seed, **options)
    step = 0
    while game.outcome(state) is None:
        moving = game.to_move(state)
        seat = moving[step % len(moving)]
        chooser = choosers.get(seat, default)
        game.apply(state, chooser(game, state, seat))
        step += 1
    return state


def won(game: Any, state: Any, seat: int) -> bool:
    result = game.seat_outcome(state, seat)
    return bool(result and result.won)


def cell(name: str, seeds: range, playouts: int | None) -> None:
    game_id, options, seats = CELLS[name]
    games = len(seeds)
    game = GAMES[game_id]
    hard = hard_with(playouts)
    if seats == (0,):  # head to head: the search bot takes each seat on every other seed
        wins = 0
        for done, seed in enumerate(seeds):
            mine = seed % 2
            state = play(game, seed, options, {mine: hard}, easy)
            won_it = won(game, state, mine)
            wins += won_it
            progress(name, seed, done, wins, done + 1 - wins, (won_it,))
        rate = wins / games
        print(f"{name}: search bot wins {rate:.1%} of {games} duels against the greedy bot "
              f"(+-{math.sqrt(rate * (1 - rate) / games):.1%})")  # fmt: skip
        return
    if seats == (1,):  # the Campaign Leader's seat; the band (seat 0) is the greedy bot
        rates = {}
        for level, chooser in (("hard CL", hard), ("greedy CL", easy)):
            wins = 0
            for done, seed in enumerate(seeds):
                band = won(game, play(game, seed, options, {1: chooser}, easy), 0)
                wins += band
                progress(f"{name} {level}", seed, done, wins, 0, (band,))
            rates[level] = wins / games
        print(f"{name}: the band wins {rates['hard CL']:.1%} against the hard CL, {rates['greedy CL']:.1%} against"
              f" the greedy CL ({games} campaigns each)")  # fmt: skip
        return
    hard_rate = easy_rate = 0.0
    pairs = []
    for done, seed in enumerate(seeds):
        a = won(game, play(game, seed, options, {}, hard), 0)
        b = won(game, play(game, seed, options, {}, easy), 0)
        pairs.append(a - b)
        hard_rate += a
        easy_rate += b
        progress(name, seed, done, hard_rate, easy_rate, (a, b))
    report(name, "search", hard_rate / games, "greedy", easy_rate / games, pairs)


def progress(name: str, seed: int, done: int, a: float, b: float, outcome: tuple[bool, ...]) -> None:
    """A running count after each seed, and that seed's own outcome (1 won, 0 lost; search bot
    first), so a run cut short still tells what it found and runs over parts of the seeds add up
    (tests/benchmarks/coach_parts.py)."""
    if PROGRESS:
        won_lost = " ".join(str(int(x)) for x in outcome)
        print(f"  .. {name}: after {done + 1} seeds {a:g} / {b:g} (seed {seed}: {won_lost})", flush=True)


PROGRESS = False


def report(name: str, a: str, rate_a: float, b: str, rate_b: float, pairs: list[int]) -> None:
    n = len(pairs)
    mean = sum(pairs) / n
    sd = statistics.stdev(pairs) if n > 1 else 0.0
    print(f"{name}: {a} {rate_a:.1%}, {b} {rate_b:.1%}, difference {100 * mean:+.1f} points "
          f"(+-{100 * sd / math.sqrt(n):.1f}, {n} seeds each)")  # fmt: skip


def hint_figures(game_id: str, points: int, longer: int = 8) -> None:
    """Decision points from greedy games: agreement with a search `longer` times as long,
    time to answer and playouts per decision at the default budget."""
    game = GAMES[game_id]
    agree = asked = 0
    times: list[float] = []
    used: list[int] = []
    fixed_times: list[float] = []
    seed = 0
    while asked < points and seed < 50:
        state = game.new_game(seed=seed)
        step = 0
        while game.outcome(state) is None and asked < points:
            seat = game.to_move(state)[0]
            if step % 7 == 3:
                start = time.process_time()
                search = Search(game, state, seat, seed=step)
                if search.fixed and len(search.legal) > 1:  # answered as it was made
                    search.advice(1)
                    fixed_times.append(time.process_time() - start)
                    asked += 1
                elif not search.fixed and len(search.legal) > 1:
                    while search.playouts < game.search_budget(state) and len(search.alive) > 1:
                        search.run(1)
                    first = search.advice(1)[0].action
                    times.append(time.process_time() - start)
                    used.append(search.playouts)
                    deep = Search(game, state, seat, seed=step + 10_000)
                    deep.run(longer * game.search_budget(state))
                    agree += deep.advice(1)[0].action == first
                    asked += 1
            game.apply(state, game.bot_action(state, seat))
            step += 1
        seed += 1
    if fixed_times:
        quartiles = statistics.quantiles(fixed_times, n=4) if len(fixed_times) > 1 else fixed_times * 3
        print(f"{game_id}: fixed search (the hint answers at once, its playouts played when it is made): time to answer median "
              f"{statistics.median(fixed_times):.2f}s (quartiles {quartiles[0]:.2f}-{quartiles[2]:.2f}, max "
              f"{max(fixed_times):.2f}) = {statistics.median(fixed_times):.2f}x the 1 s budget, {asked} points")  # fmt: skip
        return
    if not asked:
        print(f"{game_id}: no decision point with a choice")
        return
    quartiles = statistics.quantiles(times, n=4) if len(times) > 1 else times * 3
    print(f"{game_id}: hint agrees with a {longer}x longer search at {agree}/{asked} ({agree / asked:.0%}) points; "
          f"time to answer median {statistics.median(times):.2f}s (quartiles {quartiles[0]:.2f}-{quartiles[2]:.2f}, "
          f"max {max(times):.2f}) = {statistics.median(times):.2f}x the 1 s budget; playouts per decision median "
          f"{statistics.median(used):.0f} (of the game's budget there; fewer when the race is decided early)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seeds", default="", help="START:END, the seeds played (default 0:GAMES), to split a cell over processes")
    parser.add_argument("--playouts", type=int, default=None, help="the hard bot's budget (default: the game's)")
    parser.add_argument("--points", type=int, default=30, help="decision points for the hint figures, per game")
    parser.add_argument("--cells", default="", help="only these cells (comma-separated, as printed)")
    parser.add_argument("--only", default="", help="only these games")
    parser.add_argument("--no-bots", action="store_true", help="the hint figures only")
    parser.add_argument("--no-hints", action="store_true", help="the bot cells only")
    parser.add_argument("--progress", action="store_true", help="a running count after every seed")
    args = parser.parse_args()
    global PROGRESS
    PROGRESS = args.progress
    only = set(filter(None, args.only.split(",")))
    cells = [c.strip() for c in args.cells.split(",") if c.strip()] or list(CELLS)
    first, _, last = args.seeds.partition(":")
    seeds = range(int(first), int(last)) if args.seeds else range(args.games)
    print(f"bench_coach: {len(seeds)} games a cell (seeds {seeds.start}-{seeds.stop - 1}), playouts {args.playouts or 'default'} "
          f"({', '.join(f'{g} {GAMES[g].search_playouts}' for g in GAMES)})", flush=True)  # fmt: skip
    if not args.no_bots:
        for name in cells:
            if only and CELLS[name][0] not in only:
                continue
            start = time.process_time()
            del USED[:]
            cell(name, seeds, args.playouts)
            if USED:
                print(f"    playouts per searched decision: median {statistics.median(USED):.0f}, "
                      f"{len(USED)} decisions; {time.process_time() - start:.0f}s CPU")  # fmt: skip
    if not args.no_hints:
        for game_id in GAMES:
            if not only or game_id in only:
                hint_figures(game_id, args.points)


if __name__ == "__main__":
    main()
