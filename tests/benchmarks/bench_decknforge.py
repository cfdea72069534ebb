"""DecknForge figures: keypress to repaint, random playouts per second, first-dungeon clear
rates, a 20-game legacy.

Run as `python -m tests.benchmarks.bench_decknforge` (not collected by pytest). Every figure is
a median over repeats or an average over many seeded games; nothing here is timed in CI.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time

from engine.decknforge.bots import GreedyPlayer, RandomPlayer, play
from engine.decknforge.effects import strength
from engine.decknforge.legacy import fresh_deck
from engine.decknforge.rules import DecknForgeGame

GAME = DecknForgeGame()


async def keypress_to_repaint(games: int = 4, presses: int = 60) -> list[float]:
    """Milliseconds from a key to the repainted table, autosave included, through the real app
    at 80x24: mostly Enter (play the highlighted move), sometimes e (end the turn)."""
    from saves.paths import DataPaths
    from tests.benchmarks.tui_timing import PaintRecorder, keypress_latencies
    from tui.app import TabletopApp

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    timings: list[float] = []
    for seed in range(games):
        app = TimedApp(DataPaths.resolve(tempfile.mkdtemp()))
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("decknforge", seed)
            await pilot.pause()
            session = app.screen.session
            count = iter(range(10**6))

            def next_key() -> str | None:
                if session.outcome() is not None:
                    return None
                return "e" if next(count) % 7 == 6 else "enter"

            timings += await keypress_latencies(app, next_key, presses=presses)
    return [t * 1000 for t in timings]


def playouts_per_second(players: int, games: int = 400, repeats: int = 5) -> tuple[float, float, float]:
    """Random games from new_game to the end through legal_actions/apply.

    Median games/s by CPU time of this process (what one core does, even on a shared
    machine), median games/s by wall clock, and steps per game.
    """
    cpu_rates, wall_rates, steps = [], [], []
    for repeat in range(repeats):
        count = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(games):
            state = GAME.new_game(repeat * games + seed, players=players)
            bot = RandomPlayer(seed)
            while GAME.outcome(state) is None:
                GAME.apply(state, bot.choose(GAME, state))
                count += 1
        cpu_rates.append(games / (time.process_time() - cpu))
        wall_rates.append(games / (time.perf_counter() - wall))
        steps.append(count / games)
    return statistics.median(cpu_rates), statistics.median(wall_rates), statistics.median(steps)


def clear_rate(bot: type, players: int, games: int, solo: bool = False) -> tuple[float, float, float]:
    """Share of first dungeons new decks clear; also share driven out, and mean rounds."""
    cleared = driven = rounds = 0
    for seed in range(games):
        options = {"solo": True} if solo else {"players": players}
        state = GAME.new_game(seed, **options)
        play(GAME, state, [bot(seed * 10 + i) for i in range(players)])
        cleared += state.result == "clear"
        driven += state.result == "driven_out"
        rounds += state.round
    return cleared / games, driven / games, rounds / games


def legacy(players: int, bands: int, games: int = 20, gentle: bool = False) -> list[dict[str, float]]:
    """`bands` bands of new decks play `games` dungeons in a row with greedy players."""
    per_game: list[list[tuple]] = [[] for _ in range(games)]
    for band in range(bands):
        decks = [fresh_deck(f"D{i}") for i in range(players)]
        for number in range(games):
            state = GAME.new_game(band * 1000 + number, decks=decks, gentle=gentle)
            start_strength = strength(state)
            play(GAME, state, [GreedyPlayer(band * 100 + number * 7 + i) for i in range(players)])
            decks = GAME.result_decks(state)
            for deck in decks:
                words = sum(1 for card in deck.cards if card.word)
                per_game[number].append(
                    (state.result == "clear", deck.xp, deck.level, len(deck.scars), words, start_strength)
                )
    table = []
    for number, rows in enumerate(per_game, start=1):
        table.append({
            "game": number,
            "clear": sum(r[0] for r in rows) / len(rows),
            "xp": statistics.median(r[1] for r in rows),
            "level": statistics.median(r[2] for r in rows),
            "scars": statistics.median(r[3] for r in rows),
            "words": statistics.median(r[4] for r in rows),
            "strength": statistics.median(r[5] for r in rows),
            "legendary": sum(r[1] >= 1000 for r in rows) / len(rows),
        })  # fmt: skip
    return table


def main() -> None:
    from tests.benchmarks.tui_timing import report

    quick = "--quick" in sys.argv
    print("DecknForge screen")
    print(report("keypress to repaint with autosave", asyncio.run(keypress_to_repaint())) + " (target median <= 16 ms)")
    if "--tui-only" in sys.argv:
        return
    print("\nDecknForge engine benchmarks (one core)")
    print("\nRandom playouts through legal_actions/apply (median of 5 runs)")
    print(f"{'players':>8} {'games/s cpu':>12} {'games/s wall':>13} {'steps/game':>11}")
    for players in (2, 3, 4):
        cpu, wall, steps = playouts_per_second(players, games=100 if quick else 400)
        print(f"{players:>8} {cpu:>12.0f} {wall:>13.0f} {steps:>11.1f}")

    games = 300 if quick else 2000
    print(f"\nNew decks, first dungeon ({games} seeded games each)")
    print(f"{'players':>8} {'bot':>7} {'cleared':>8} {'driven out':>11} {'rounds':>7}")
    for players in (2, 3, 4):
        for bot in (RandomPlayer, GreedyPlayer):
            won, driven, rounds = clear_rate(bot, players, games)
            print(f"{players:>8} {bot.__name__[:-6]:>7} {won:>8.1%} {driven:>11.1%} {rounds:>7.1f}")
    for bot in (RandomPlayer, GreedyPlayer):
        won, driven, rounds = clear_rate(bot, 2, games, solo=True)
        print(f"{'solo':>8} {bot.__name__[:-6]:>7} {won:>8.1%} {driven:>11.1%} {rounds:>7.1f}")

    bands = 20 if quick else 100
    for players, gentle in ((2, False), (3, False), (2, True), (3, True)):
        rule = "gentle house rule (R34)" if gentle else "rulebook Strength (R1)"
        print(f"\n20-game legacy, {players} greedy players, {bands} bands, {rule} (medians per deck)")
        print(f"{'game':>5} {'clear%':>7} {'XP':>6} {'level':>6} {'scars':>6} {'words':>6} {'Str.':>6} {'legend':>7}")
        for row in legacy(players, bands, gentle=gentle):
            if row["game"] in (1, 2, 3, 5, 10, 15, 20):
                print(
                    f"{row['game']:>5} {row['clear']:>7.1%} {row['xp']:>6.0f} {row['level']:>6.0f}"
                    f" {row['scars']:>6.0f} {row['words']:>6.0f} {row['strength']:>6.0f}"
                    f" {row['legendary']:>7.1%}"
                )


if __name__ == "__main__":
    main()
