"""DecknForge figures: keypress to repaint, random playouts per second, how first dungeons end,
the legacy under both Strength readings, how often coined words reach a card, and a save's
size and autosave time when the decks are 500 games old.

Run as `python -m tests.benchmarks.bench_decknforge` (not collected by pytest);
`--quick` runs fewer games, `--legacy` only the legacy tables (the figures readings.toml
quotes), `--balance` the balance tables (first dungeons, 300 games a cell, and 25-game
legacies, under both Strength readings, with what the Strength is made of), `--saves` only the save figures, `--tui-only` only the screen's, `--playouts-only` only the
random playouts of 2 players. Every figure is a median over repeats or an average over many seeded games; nothing
here is timed in CI.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time

from engine.decknforge.bots import GreedyPlayer, RandomPlayer, play
from engine.decknforge.effects import strength
from engine.decknforge.legacy import Deck, fresh_deck
from engine.decknforge.lexicon import Effect, Trigger, base_index
from engine.decknforge.moderation import approve, coin
from engine.decknforge.rules import DecknForgeGame

GAME = DecknForgeGame()
READINGS = ("strict", "gentle")


async def keypress_to_repaint(games: int = 4, presses: int = 60, by_kind: dict[str, list[float]] | None = None) -> list[float]:
    """Milliseconds from a key to the repainted table, autosave included, through the real app
    at 80x24: mostly Enter (play the highlighted move, or lift the cover laid between two
    players at one keyboard), sometimes e (end the turn).

    With `by_kind`, each key's CPU milliseconds are also filed by what it did (KEY_KINDS)."""
    from saves.paths import DataPaths
    from tests.benchmarks import tui_timing
    from tests.benchmarks.tui_timing import PaintRecorder, press_to_paint
    from tui.app import TabletopApp
    from tui.screens.dialogs import Confirm

    class TimedApp(PaintRecorder, TabletopApp):
        pass

    timings: list[float] = []
    for seed in range(games):
        app = TimedApp(DataPaths.resolve(tempfile.mkdtemp()))
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("decknforge", seed)
            await pilot.pause()
            await pilot.press("enter")  # the first player lifts the cover over the table
            await pilot.pause()
            session = app.screen.session
            count = iter(range(10**6))

            def next_key() -> str | None:
                if session.outcome() is not None:
                    return None
                if isinstance(app.screen, Confirm):  # end the turn with actions left: yes
                    return "y"
                return "e" if next(count) % 7 == 6 else "enter"

            for _ in range(presses):
                key = next_key()
                if key is None:
                    break
                before = app.screen
                took = await press_to_paint(app, key)
                if took != took:  # the key changed nothing on screen
                    continue
                timings.append(took * 1000)
                if by_kind is not None:
                    by_kind.setdefault(key_kind(before, app.screen), []).append(tui_timing.KEY_CPU_MS[-1])
    return timings


# What a key did, as the figures file it: the screen switches at one keyboard apart from moves.
KEY_KINDS = ("cover shown", "cover lifted", "confirm asked", "confirm answered", "move")


def key_kind(before: object, after: object) -> str:
    from tui.screens.dialogs import Confirm
    from tui.screens.privacy import PrivacyScreen

    if isinstance(before, PrivacyScreen):
        return "cover lifted"
    if isinstance(before, Confirm):
        return "confirm answered"
    if isinstance(after, PrivacyScreen):
        return "cover shown"
    if isinstance(after, Confirm):
        return "confirm asked"
    return "move"


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
                GAME.apply(state, bot.rng.choice(GAME.legal_actions(state)))
                count += 1
        cpu_rates.append(games / (time.process_time() - cpu))
        wall_rates.append(games / (time.perf_counter() - wall))
        steps.append(count / games)
    return statistics.median(cpu_rates), statistics.median(wall_rates), statistics.median(steps)


def first_dungeons(bot: type, players: int, games: int, reading: str, solo: bool = False) -> dict[str, float]:
    """How new decks' first dungeons end: the share of each ending, the mean rounds, and the
    mean escalations (each opened a row, and the rows stay when the cards go home)."""
    ends = {"clear": 0, "fall": 0, "driven_out": 0}
    rounds = escalations = 0
    for seed in range(games):
        options = {"solo": True} if solo else {"players": players}
        state = GAME.new_game(seed, strength=reading, **options)
        play(GAME, state, [bot(seed * 10 + i) for i in range(players)])
        ends[state.result] += 1
        rounds += state.round
        escalations += len(state.rows) - 1
    return {**{k: v / games for k, v in ends.items()}, "rounds": rounds / games, "escalations": escalations / games}


def coined_words() -> list:
    """Approved coined words of every kind, as a table's Lexicon might hold them."""
    made = [
        ("ASHVEIL", "adventurer", Trigger("hit_suit", "H"), [Effect("retaliate", 2)]),
        ("IRONVOW", "adventurer", Trigger("hit"), [Effect("weaken", 1)]),
        ("BRAMBLECALL", "adventurer", Trigger("hired"), [Effect("arm", 1)]),
        ("SPARKFLINT", "equipment", Trigger("cast"), [Effect("draw_equipment", 1), Effect("actions", 1)]),
        ("WAYMARK", "equipment", Trigger("hire"), [Effect("draw_equipment", 2)]),
        ("RUSTKNOT", "equipment", Trigger("equip"), [Effect("arm", 1)]),
        ("MIRECLAW", "monster", Trigger("attack"), [Effect("strip_hand", 1)]),
        ("GLOOMTIDE", "monster", Trigger("survives"), [Effect("fortify", 2)]),
        ("SHARDSTORM", "monster", Trigger("joker"), [Effect("smash", 1)]),
    ]
    return [approve(coin(name, kind, trigger, effects, "ZZ")) for name, kind, trigger, effects in made]


def legacy(players: int, bands: int, reading: str, games: int = 20, coined: list | None = None,
           parts: list | None = None) -> tuple[list[dict], dict]:
    """`bands` bands of new decks play `games` dungeons in a row with greedy players.

    Returns a row per game (medians per deck) and the count of inscriptions by origin. With
    `parts`, each game's Strength at setup is added to it in parts: (game, levels, modifiers on
    aces, modifiers on jokers), summed over the band's Monsters.
    """
    per_game: list[list[tuple]] = [[] for _ in range(games)]
    written = {"games": 0, "coined": 0, "built-in": 0}
    coined_names = {w.name for w in coined or []}
    for band in range(bands):
        decks = [fresh_deck(f"D{i}") for i in range(players)]
        for number in range(games):
            state = GAME.new_game(band * 1000 + number, decks=decks, coined=coined or [], strength=reading)
            start_strength = strength(state)
            if parts is not None:
                parts.append((
                    number + 1,
                    sum(d.level for d in decks) * 6,
                    sum(c.modifier for d in decks for c in d.cards if c.code[0] == "A"),
                    sum(c.modifier for d in decks for c in d.cards if c.code[0] == "X"),
                ))  # fmt: skip
            play(GAME, state, [GreedyPlayer() for _ in range(players)])
            for result in state.results:
                written["games"] += 1
                for mark in result.marks:
                    written["coined" if mark.word in coined_names else "built-in"] += 1
            decks = GAME.result_decks(state, decks)
            for deck in decks:
                per_game[number].append(
                    (state.result == "clear", deck.xp, deck.level, len(deck.scars), start_strength)
                )
    table = []
    for number, rows in enumerate(per_game, start=1):
        table.append({
            "game": number,
            "clear": sum(r[0] for r in rows) / len(rows),
            "xp": statistics.median(r[1] for r in rows),
            "level": statistics.median(r[2] for r in rows),
            "scars": statistics.median(r[3] for r in rows),
            "strength": statistics.median(r[4] for r in rows),
        })  # fmt: skip
    return table, written


def aged_decks(games: int, players: int = 2) -> list[Deck]:
    """Decks that have played `games` dungeons together (greedy, gentle reading)."""
    decks = [fresh_deck(f"A{i}") for i in range(players)]
    for number in range(games):
        state = GAME.new_game(90_000 + number, decks=decks, strength="gentle")
        play(GAME, state, [GreedyPlayer() for _ in range(players)])
        decks = GAME.result_decks(state, decks)
    for i, deck in enumerate(decks):
        deck.id = f"a{i}-1"
    return decks


def save_figures(decks: list[Deck], games: int = 5) -> tuple[list[int], list[float], list[float]]:
    """A whole game saved after every move with these decks at the table: the file's size
    after each move (bytes), each autosave's time and the part of it spent making the bytes
    (ms); the rest is the crash-safe write itself."""
    from pathlib import Path

    from saves.paths import DataPaths
    from saves.session import GameSession
    from saves.store import SaveStore
    from engine.registry import GAMES

    from saves.envelope import encode

    sizes, times, encoding = [], [], []
    for seed in range(games):
        store = SaveStore(DataPaths(Path(tempfile.mkdtemp())), GAMES)
        session = GameSession.start(store, GAME, seed, decks=decks)
        path = store.paths.save_file(session.save_id)
        while session.outcome() is None:
            seat = GAME.to_move(session.state)[0]
            GAME.apply(session.state, GAME.bot_action(session.state, seat))
            start = time.perf_counter()
            session.save()
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(path.stat().st_size)
            start = time.perf_counter()
            encode(session.envelope)
            encoding.append((time.perf_counter() - start) * 1000)
    return sizes, times, encoding


def print_legacy(bands: int) -> None:
    for players in (2, 4):
        for reading in READINGS:
            table, _ = legacy(players, bands, reading)
            print(f"\n20-game legacy, {players} greedy players, {bands} bands, {reading} reading (medians per deck)")
            print(f"{'game':>5} {'clear%':>7} {'XP':>6} {'level':>6} {'scars':>6} {'Str.':>6}")
            for row in table:
                if row["game"] in (1, 5, 10, 20):
                    print(
                        f"{row['game']:>5} {row['clear']:>7.1%} {row['xp']:>6.0f} {row['level']:>6.0f}"
                        f" {row['scars']:>6.0f} {row['strength']:>6.0f}"
                    )


def print_balance(quick: bool) -> None:
    """Balance under both Strength readings: how new decks' first dungeons end (the book:
    "most runs end in scars"), and 25-game legacies (a legacy stalls when its band clears
    fewer than 1 game in 10 by game 10), with what the Strength at setup is made of."""
    games = 100 if quick else 300
    print(f"First dungeon of new decks, {games} seeded games a cell")
    print(f"{'players':>8} {'bot':>7} {'reading':>8} {'cleared':>8} {'scarred':>8} {'rounds':>7} {'escal.':>7}")
    for players in (2, 3, 4):
        for bot in (GreedyPlayer, RandomPlayer):
            for reading in READINGS:
                ends = first_dungeons(bot, players, games, reading)
                print(
                    f"{players:>8} {bot.__name__[:-6]:>7} {reading:>8} {ends['clear']:>8.1%}"
                    f" {1 - ends['clear']:>8.1%} {ends['rounds']:>7.1f} {ends['escalations']:>7.2f}"
                )
    bands = 30 if quick else 100
    shown = (1, 2, 3, 5, 10, 15, 20, 25)
    for reading in READINGS:
        parts: list = []
        table, _ = legacy(2, bands, reading, games=25, parts=parts)
        print(f"\n25-game legacies, 2 greedy players, {bands} bands, {reading} reading")
        print(f"{'game':>5} {'clear%':>7} {'Str.':>6} {'levels':>7} {'ace mods':>9} {'joker mods':>11}")
        for row in table:
            if row["game"] in shown:
                mine = [p for p in parts if p[0] == row["game"]]
                print(
                    f"{row['game']:>5} {row['clear']:>7.1%} {row['strength']:>6.0f}"
                    f" {statistics.median(p[1] for p in mine):>7.0f} {statistics.median(p[2] for p in mine):>9.0f}"
                    f" {statistics.median(p[3] for p in mine):>11.0f}"
                )
        windows = [table[start:start + 5] for start in range(0, len(table), 5)]
        print("  cleared per window: " + ", ".join(
            f"games {w[0]['game']}-{w[-1]['game']} {sum(r['clear'] for r in w) / len(w):.1%}" for w in windows))
        by_ten = sum(row["clear"] for row in table[:10]) / 10
        print(f"  games 1-10: {by_ten:.1%} cleared; games 6-10: {sum(r['clear'] for r in table[5:10]) / 5:.1%};"
              f" games 11-25: {sum(r['clear'] for r in table[10:]) / 15:.1%}")  # fmt: skip


def main() -> None:
    quick = "--quick" in sys.argv
    if "--balance" in sys.argv:
        print_balance(quick)
        return
    if "--legacy" in sys.argv:
        print_legacy(20 if quick else 100)
        return
    if "--saves" in sys.argv:
        print_saves(100 if quick else 500)
        return
    if "--playouts-only" in sys.argv:  # the engine figure alone
        cpu, _, steps = playouts_per_second(2, games=400)
        print(f"random playouts, 2 players: {cpu:,.0f} games/s on one core (median of 5 runs), {steps:.1f} steps/game")
        return
    from tests.benchmarks.tui_timing import report

    from tests.benchmarks import tui_timing

    print("DecknForge screen")
    tui_timing.KEY_CPU_MS.clear()
    by_kind: dict[str, list[float]] = {}
    print(report("keypress to repaint with autosave, wall", asyncio.run(keypress_to_repaint(by_kind=by_kind))))
    print(report("keypress to repaint with autosave, cpu ", tui_timing.KEY_CPU_MS) + " (target median <= 8 ms)")
    for kind in KEY_KINDS:
        if by_kind.get(kind):
            print("  " + report(f"{kind:<16} cpu", by_kind[kind]))
    if "--tui-only" in sys.argv:
        return
    print("\nDecknForge engine benchmarks (one core)")
    print("\nRandom playouts through legal_actions/apply (median of 5 runs)")
    print(f"{'players':>8} {'games/s cpu':>12} {'games/s wall':>13} {'steps/game':>11}")
    for players in (2, 3, 4):
        cpu, wall, steps = playouts_per_second(players, games=100 if quick else 400)
        print(f"{players:>8} {cpu:>12.0f} {wall:>13.0f} {steps:>11.1f}")

    games = 300 if quick else 2000
    print(f"\nNew decks, first dungeon ({games} seeded games each): how it ends")
    print(f"{'players':>8} {'bot':>7} {'reading':>8} {'cleared':>8} {'pile out':>9} {'no Adv.':>8} {'rounds':>7}")
    for players in (2, 3, 4):
        for bot in (RandomPlayer, GreedyPlayer):
            for reading in READINGS:
                ends = first_dungeons(bot, players, games, reading)
                print(
                    f"{players:>8} {bot.__name__[:-6]:>7} {reading:>8} {ends['clear']:>8.1%}"
                    f" {ends['fall']:>9.1%} {ends['driven_out']:>8.1%} {ends['rounds']:>7.1f}"
                )

    bands = 20 if quick else 100
    print_legacy(bands)

    print(f"\nCoined words reaching cards: 9 approved coined words (3 a kind) beside {len(base_index())} built-in")
    for reading in READINGS:
        _, written = legacy(2, bands // 2, reading, coined=coined_words())
        per = 100 / written["games"]
        print(
            f"  {reading}: {written['coined'] * per:.1f} coined and {written['built-in'] * per:.1f} built-in"
            f" inscriptions per 100 clears and falls ({written['games']} deck results)"
        )

    print_saves(100 if quick else 500)


def print_saves(age: int) -> None:
    """Save size and autosave time with new decks and with decks `age` games old: the deck's
    age should change neither (most of an autosave is the two fsyncs of a crash-safe write)."""
    print(f"\nA whole 2-player game saved after every move (5 games), decks new and {age} games old")
    for label, decks in (("new decks", [fresh_deck("N0"), fresh_deck("N1")]), (f"{age} games old", aged_decks(age))):
        sizes, times, encoding = save_figures(decks)
        print(
            f"  {label:>13}: file median {statistics.median(sizes) / 1024:.1f} KB, largest"
            f" {max(sizes) / 1024:.1f} KB; autosave median {statistics.median(times):.2f} ms"
            f" (making the bytes {statistics.median(encoding):.2f} ms) over {len(times)} saves"
        )


if __name__ == "__main__":
    main()
