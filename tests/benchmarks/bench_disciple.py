"""Disciple figures: random games per second in each playstyle, Solo win rates per style and
player, the Versus first-player win rate (bot against bot, default decks), Co-Op win rates of
greedy bands, and the screen's keypress-to-repaint time (autosave included).

Run: python -m tests.benchmarks.bench_disciple [--runs 1000] [--speed-runs 300] [--presses 300]
     [--versus 1000] [--coop 200]
Not a test (no test_ prefix): it prints figures for the issue notes.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from collections import Counter
import tempfile
import time
from pathlib import Path

from engine.core.rng import Rng
from engine.disciple.bots import PLAYERS
from engine.disciple.content import load
from engine.disciple.decks import default_versus_deck
from engine.disciple.model import EndTurn, PlayCard, State
from engine.disciple.rules import STYLE_IDS, DiscipleGame
from saves.paths import DataPaths
from tests.benchmarks.tui_timing import PaintRecorder, keypress_latencies, report

GAME = DiscipleGame()
CONTENT = load()


def run(seed: int, player: str, style: str) -> tuple[bool, int, int, str]:
    """One whole run through the public apply(); returns (won, fights won, steps, the group
    the run ended in)."""
    state = GAME.new_game(seed=seed, style=style)
    rng = Rng.from_seed(seed ^ 0x5EED)
    choose = PLAYERS[player]
    steps = 0
    while GAME.outcome(state) is None:
        GAME.apply(state, choose(GAME, state, rng))
        steps += 1
    return bool(state.won), state.fights_won, steps, state.group


def speed(runs: int, batches: int = 5) -> tuple[float, float]:
    """Median random runs per second, and median actions per second, over several batches
    (CPU time of this process: what one core does, even on a shared machine)."""
    per_run, per_step = [], []
    seed = 0
    for _ in range(batches):
        start = time.process_time()
        steps = 0
        for _ in range(runs):
            steps += run(seed, "random", STYLE_IDS[seed % len(STYLE_IDS)])[2]
            seed += 1
        elapsed = time.process_time() - start
        per_run.append(runs / elapsed)
        per_step.append(steps / elapsed)
    return statistics.median(per_run), statistics.median(per_step)


def win_table(runs: int) -> None:
    print(f"\nWin rates over {runs} runs per style (boss beaten), mean fights won, mean actions,")
    print("and where the lost runs ended (group 1-4, or at the boss)")
    print(f"{'style':<10} {'player':<7} {'wins':>7} {'fights':>7} {'actions':>8}  losses by group")
    for style in STYLE_IDS:
        for player in ("random", "greedy"):
            results = [run(seed, player, style) for seed in range(runs)]
            wins = sum(r[0] for r in results) / runs
            fights = statistics.mean(r[1] for r in results)
            steps = statistics.mean(r[2] for r in results)
            ended = Counter(r[3] for r in results if not r[0])
            lost = sum(ended.values())
            where = " ".join(f"{g}:{ended[g]}" for g in ("1", "2", "2.5", "3", "4") if ended[g])
            boss = f"boss:{ended['boss']} ({ended['boss'] / lost:.0%} of losses)" if lost else ""
            print(f"{style:<10} {player:<7} {wins:>6.1%} {fights:>7.1f} {steps:>8.0f}  {where} {boss}")


def versus_game(seed: int, decks: tuple[str, str], seat_player: tuple[str, str]) -> tuple[int, int, State]:
    """One Versus game with these styles' default decks, each seat played by the named player
    (the greedy one is the game's bot, deciding from its view). Returns (the seat that went
    first, the winner, the final state)."""
    options = GAME.check_options({"mode": "versus", "decks": [default_versus_deck(CONTENT, d) for d in decks]})
    state = GAME.new_game(seed=seed, **options)
    first = state.active
    rng = Rng.from_seed(seed ^ 0x5EED)
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        if seat_player[seat] == "greedy":
            action = GAME.bot_action(state, seat)
        else:
            action = rng.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
    return first, state.winner, state


def versus_table(games: int) -> None:
    """Bot against bot with the default decks: how often the player who goes first wins, over
    every pairing of styles (mirrors included), and how games end."""
    pairings = [(a, b) for a in STYLE_IDS for b in STYLE_IDS]
    first_wins, endings, turns = 0, Counter(), []
    by_pair: dict[tuple[str, str], list[int]] = {}
    for seed in range(games):
        pair = pairings[seed % len(pairings)]
        first, winner, state = versus_game(seed, pair, ("greedy", "greedy"))
        first_wins += first == winner
        by_pair.setdefault(pair, []).append(int(first == winner))
        endings[state.players[1 - winner].beaten] += 1
        turns.append(state.turn)
    print(f"\nVersus, greedy bot against greedy bot, default decks, {games} games:")
    print(f"  first player wins {first_wins / games:.1%}; median game {statistics.median(turns)} turns;"
          f" endings {dict(endings)}")
    for pair, results in by_pair.items():
        print(f"  {pair[0]:>8} vs {pair[1]:<8} first player wins {statistics.mean(results):.0%} of {len(results)}")


def versus_speed(games: int, batches: int = 5) -> float:
    """Median random Versus games per second."""
    rates, seed = [], 0
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(games):
            versus_game(seed, (STYLE_IDS[seed % 3], STYLE_IDS[(seed // 3) % 3]), ("random", "random"))
            seed += 1
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def coop_game(seed: int, players: int, player: str) -> State:
    """One Co-Op journey, every seat played by the named player, styles dealt round."""
    styles = [STYLE_IDS[(seed + seat) % len(STYLE_IDS)] for seat in range(players)]
    state = GAME.new_game(seed=seed, mode="coop", players=players, styles=styles)
    rng = Rng.from_seed(seed ^ 0x5EED)
    choose = PLAYERS[player]
    while GAME.outcome(state) is None:
        GAME.apply(state, choose(GAME, state, rng))
    return state


def coop_table(games: int) -> None:
    """Co-Op journeys of greedy players: how often the band beats the bosses, and how far a
    lost journey got."""
    print(f"\nCo-Op, greedy players, {games} journeys each:")
    for players in (2, 3):
        states = [coop_game(seed, players, "greedy") for seed in range(games)]
        wins = sum(bool(s.won) for s in states) / games
        fights = statistics.mean(s.fights_won for s in states)
        print(f"  {players} players: journey won {wins:.1%}, mean fights won {fights:.1f}")


def coop_speed(games: int, batches: int = 5) -> float:
    """Median random Co-Op journeys (2 to 4 players) per second."""
    rates, seed = [], 0
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(games):
            coop_game(seed, 2 + seed % 3, "random")
            seed += 1
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def campaign_speed(games: int, batches: int = 5) -> float:
    """Median random Campaigns (1 to 4 players, the CL bot leading) per second."""
    rates, seed = [], 0
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(games):
            players = 1 + seed % 4
            styles = [STYLE_IDS[(seed + s) % len(STYLE_IDS)] for s in range(players)]
            state = GAME.new_game(seed=seed, mode="campaign", players=players, styles=styles)
            rng = Rng.from_seed(seed)
            while GAME.outcome(state) is None:
                GAME.apply(state, PLAYERS["random"](GAME, state, rng))
            seed += 1
        rates.append(games / (time.perf_counter() - start))
    return statistics.median(rates)


def key_for_greedy_move(screen, rng: Rng) -> str | None:
    """The key a player would press for the greedy player's move (a digit, or e)."""
    session = screen.session
    if session.outcome() is not None:
        return None
    action = PLAYERS["greedy"](GAME, session.state, rng)
    if isinstance(action, EndTurn):
        return "e"
    if isinstance(action, PlayCard):
        return screen.slots.digit(action.hand_index)  # a card keeps its digit for the turn
    return str(action.index + 1) if action.index < 9 else "1"


async def keypress_to_repaint(presses: int, runs: int = 3) -> list[float]:
    """Milliseconds from a key press to the repainted 80x24 screen, over greedy runs played
    by keys in the real app (each move also writes the save)."""
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    timings: list[float] = []
    for seed in range(runs):
        app = TimedApp(DataPaths(Path(tempfile.mkdtemp())))
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("disciple", seed)
            await pilot.pause()
            screen = app.screen
            rng = Rng.from_seed(seed)
            timings += await keypress_latencies(
                app, lambda: key_for_greedy_move(screen, rng), presses // runs
            )
    return [t * 1000 for t in timings]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1000, help="runs per style and player")
    parser.add_argument("--speed-runs", type=int, default=300, help="random runs per batch")
    parser.add_argument("--presses", type=int, default=300, help="key presses timed on screen")
    parser.add_argument("--versus", type=int, default=1000, help="Versus bot games")
    parser.add_argument("--coop", type=int, default=200, help="Co-Op journeys per player count")
    args = parser.parse_args()
    if args.presses:
        latencies = asyncio.run(keypress_to_repaint(args.presses))
        print(report("keypress to repaint with autosave", latencies) + " (target median <= 8 ms)")
    runs_per_s, actions_per_s = speed(args.speed_runs)
    print(f"random runs per second (one core, median of 5): {runs_per_s:.0f}")
    print(f"actions per second (legal_actions + apply):      {actions_per_s:.0f}")
    if args.coop:
        print(f"random Co-Op journeys per second (median of 5):  {coop_speed(max(args.coop // 20, 1)):.1f}")
        print(f"random Campaigns per second (median of 5):       {campaign_speed(max(args.coop // 20, 1)):.1f}")
        coop_table(args.coop)
    if args.versus:
        print(f"random Versus games per second (median of 5):    {versus_speed(max(args.versus // 10, 1)):.0f}")
        versus_table(args.versus)
    if args.runs:
        win_table(args.runs)


if __name__ == "__main__":
    main()
