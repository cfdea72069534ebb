"""Do two copies of the DecknForge engine play the same and tell it in the same words? Seeded
games of 2-4 players (fresh decks and veteran decks written all over, both Strength readings,
the solo variant), played at random, by the bot, or both at one table, digested after every
step: the state as saved with its log left out, the whole log in words, the words of the
step's events, and each seat's view (log left out, then its log in words); at the end, the
turning points of the game's whole log. A change that must keep the rules and their words (how
the log is kept) runs it against the code before the change.

Run:  python tests/decknforge/log_equality.py --against /path/to/other/checkout [--games 360]
It plays the games in a child process per checkout (each imports its own `engine`) and reports
the first step where the two differ. Not a test: it needs a second checkout.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path


def specs(games: int) -> list[tuple[str, dict, str, bool]]:
    """(label, new_game options, players, veteran decks) for `games` games."""
    kinds: list[tuple[dict, str, bool]] = []
    for players in ("random", "greedy", "mixed"):
        for count in (2, 3, 4):
            for strength in ("strict", "gentle"):
                kinds.append(({"players": count, "strength": strength}, players, False))
                kinds.append(({"players": count, "strength": strength}, players, True))
        kinds.append(({"solo": True}, players, False))
        kinds.append(({"solo": True, "strength": "gentle"}, players, False))
    result = []
    for n in range(games):
        options, players, veteran = kinds[n % len(kinds)]
        label = f"game {n} seed {2000 + n} {players}{' veteran' if veteran else ''} {options}"
        result.append((label, dict(options), players, veteran))
    return result


def trace(games: int) -> None:
    """Child: play the games with the `engine` on sys.path, print one digest a step."""
    import msgspec

    from engine.core.rng import Rng
    from engine.decknforge.rules import DecknForgeGame
    from saves.session import new_lines
    from tests.decknforge.test_fuzz import veteran_decks

    game, encode = DecknForgeGame(), msgspec.json.encode

    def without_log(state) -> bytes:
        log, state.log = state.log, []
        try:
            return encode(state)
        finally:
            state.log = log

    for n, (_, options, players, veteran) in enumerate(specs(games)):
        seed = 2000 + n
        if veteran:
            options["decks"] = veteran_decks(seed, options["players"])
        state = game.new_game(seed, **options)
        rng = Rng.from_seed(seed ^ 0xF0F0)
        whole = list(state.log)
        step = 0
        while game.outcome(state) is None and step < 20000:
            moving = game.to_move(state)
            seat = moving[step % len(moving)]
            greedy = players == "greedy" or (players == "mixed" and seat == 0)
            if greedy:
                action = game.bot_action(state, seat)
            else:
                action = rng.choice([a for a in game.legal_actions(state) if a.seat == seat])
            before = list(state.log)
            events = game.apply(state, action)
            whole += new_lines(before, state.log)
            digest = hashlib.sha1(without_log(state))
            digest.update(encode(action))
            digest.update("\n".join(game.log_lines(state)).encode())
            for event in events:  # an event holds its log `line` (before: its `text`)
                told = event.line if hasattr(event, "line") else event.text
                digest.update(f"{event.kind}|{game.log_text(told)}\n".encode())
            if step % 7 == 0:
                for s in range(len(state.players)):
                    view = game.view(state, s)
                    digest.update("\n".join(game.log_lines(view)).encode())
                    digest.update(without_log(view))
            print(n, step, digest.hexdigest())
            step += 1
        end = hashlib.sha1(without_log(state))
        end.update("\n".join(game.log_lines(state)).encode())
        end.update("\n".join(game.turning_points(whole)).encode())
        end.update(str(len(whole)).encode())
        print(n, "end", end.hexdigest(), len(whole), flush=True)


def run_child(checkout: Path, games: int, out: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}
    here = Path(__file__).resolve()
    with out.open("w") as f:
        subprocess.run([sys.executable, str(here), "--trace", str(games)], cwd=checkout, env=env,
                       stdout=f, check=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path, help="the other checkout")
    parser.add_argument("--games", type=int, default=360)
    parser.add_argument("--trace", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.trace is not None:
        trace(args.trace)
        return
    here = Path(__file__).resolve().parents[2]
    outs = [Path(f"/tmp/log_equality.{os.getpid()}.{side}") for side in ("this", "other")]
    run_child(here, args.games, outs[0])
    run_child(args.against.resolve(), args.games, outs[1])
    ours, theirs = (out.read_text().splitlines() for out in outs)
    labels = [label for label, *_ in specs(args.games)]
    for a, b in zip(ours, theirs):
        if a != b:
            n = int(a.split()[0])
            sys.exit(f"DIFFERENT at {labels[n]}: step {a.split()[1]} (this) / {b.split()[1]} (other)")
    if len(ours) != len(theirs):
        sys.exit(f"DIFFERENT lengths: {len(ours)} steps here, {len(theirs)} in the other")
    ends = [line.split() for line in ours if line.split()[1] == "end"]
    lines = sum(int(end[3]) for end in ends)
    print(f"same: {len(ends)} games, {len(ours) - len(ends)} steps, {lines} log lines;"
          " state without its log, log and event words, views, turning points")  # fmt: skip
    for out in outs:
        out.unlink()


if __name__ == "__main__":
    main()
