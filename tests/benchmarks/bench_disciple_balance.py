"""Disciple balance, as the greedy bot plays it (the strongest player the project has): Solo
win rates per style, with each second-style pairing, Co-Op bands of 2 to 4 and Campaigns led by
the CL bot. Each figure is a win rate with its 95% interval (Wilson), over the same seeds for
every cell, and the random player's rate as the reference measured in the same run.

Run: python -m tests.benchmarks.bench_disciple_balance [--runs 300] [--pairs 300] [--bands 300]
     [--campaigns 300]
Not a test (no test_ prefix): it prints tables for the issue notes. It changes no rule: the
targets (styles within 15 points, Co-Op within 20 across 2-4 players, a Campaign with the CL
bot won well under 80%) are met, or not, by the content and the bots.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable

from engine.core.rng import Rng
from engine.disciple.bots import PLAYERS
from engine.disciple.model import Choose, State
from engine.disciple.rules import STYLE_IDS, DiscipleGame

GAME = DiscipleGame()
NAMES = {"boxing": "Boxing", "karate": "Karate", "jiujitsu": "Jiu-Jitsu"}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate of wins/n."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def rate(states: list[State]) -> str:
    wins = sum(bool(s.won) for s in states)
    low, high = wilson(wins, len(states))
    fights = statistics.mean(s.fights_won for s in states)
    return f"{wins / len(states):6.1%} [{low:5.1%}-{high:5.1%}]  fights {fights:4.1f}"


def play(state: State, player: str, seed: int, second: str = "") -> State:
    """Play to the end; `second`: the school a Group 2.5 event's learner takes (else the bot's
    pick)."""
    rng = Rng.from_seed(seed ^ 0x5EED)
    choose = PLAYERS[player]
    while GAME.outcome(state) is None:
        pending = state.pending
        if second and pending is not None and pending.kind == "second_style" and second in pending.options:
            action = Choose(pending.options.index(second), pending.seat)
        else:
            action = choose(GAME, state, rng)
        GAME.apply(state, action)
    return state


def solo(seed: int, player: str, style: str, second: str = "") -> State:
    state = GAME.new_game(seed=seed, style=style, second_style=bool(second))
    return play(state, player, seed, second)


def band(seed: int, players: int, mode: str, player: str = "greedy") -> State:
    """A Co-Op band or a Campaign (led by the CL bot), styles dealt round from the seed."""
    styles = [STYLE_IDS[(seed + seat) % len(STYLE_IDS)] for seat in range(players)]
    options = {"cl": "bot"} if mode == "campaign" else {}
    state = GAME.new_game(seed=seed, mode=mode, players=players, styles=styles, second_style=False, **options)
    return play(state, player, seed)


def table(title: str, rows: list[tuple[str, Callable[[str], list[State]]]]) -> dict[str, float]:
    """One row a cell, greedy beside random; returns the greedy win rates by row."""
    print(f"\n{title}")
    print(f"  {'':<22} {'greedy: won [95%]':<36} {'random (reference)'}")
    greedy_rates = {}
    for label, states_of in rows:
        greedy, randomly = states_of("greedy"), states_of("random")
        greedy_rates[label] = sum(bool(s.won) for s in greedy) / len(greedy)
        print(f"  {label:<22} {rate(greedy):<36} {rate(randomly)}")
    return greedy_rates


def spread(rates: dict[str, float]) -> str:
    return f"spread {100 * (max(rates.values()) - min(rates.values())):.1f} points"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300, help="Solo runs per style")
    parser.add_argument("--pairs", type=int, default=300, help="Solo runs per second-style pairing (0: none)")
    parser.add_argument("--bands", type=int, default=300, help="Co-Op journeys per band size")
    parser.add_argument("--campaigns", type=int, default=300, help="Campaigns per band size")
    args = parser.parse_args()
    seeds = range(args.runs)
    rates = table(f"Solo, no second style, {args.runs} seeds per style", [
        (NAMES[style], lambda player, style=style: [solo(s, player, style) for s in seeds])
        for style in STYLE_IDS
    ])
    print(f"  {spread(rates)} (the target: within 15)")
    if args.pairs:
        pairs = [(a, b) for a in STYLE_IDS for b in STYLE_IDS if a != b]
        paired = table(f"Solo with the Group 2.5 event, the second school forced, {args.pairs} seeds each", [
            (f"{NAMES[a]} + {NAMES[b]}", lambda player, a=a, b=b: [solo(s, player, a, b) for s in range(args.pairs)])
            for a, b in pairs
        ])
        lower = sum(paired[f"{NAMES[a]} + {NAMES[b]}"] < rates[NAMES[a]] for a, b in pairs)
        print(f"  {lower} of {len(pairs)} pairings win less often than their first school alone")
    if args.bands:
        coop = table(f"Co-Op, no second style, {args.bands} journeys per band", [
            (f"{n} players", lambda player, n=n: [band(s, n, "coop", player) for s in range(args.bands)])
            for n in (2, 3, 4)
        ])
        print(f"  {spread(coop)} (the target: within 20)")
    if args.campaigns:
        table(f"Campaign led by the CL bot, no second style, {args.campaigns} campaigns per band", [
            (f"{n} player{'s' if n > 1 else ''}", lambda player, n=n: [band(s, n, "campaign", player) for s in range(args.campaigns)])
            for n in (1, 2, 3, 4)
        ])
        print("  (the target: well under 80%)")


if __name__ == "__main__":
    main()
