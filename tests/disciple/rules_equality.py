"""Do two copies of the Disciple engine play the same and tell it in the same words? Seeded
random and greedy games in every playstyle, through legal_actions/apply, digested after every
step: the state as saved (JSON) with its log left out, and the whole log in words, line by line;
the legal actions and their descriptions, is_legal on probe actions (legal and not), each
seat's view where seats hide cards (its log left out, then its log in words), the words of the
step's events; at the end, the turning points of the game's whole log. A change meant to keep
the rules and their words as they are (a faster engine, how the log is kept) runs it against
the code before the change.

Run:  python tests/disciple/rules_equality.py --against /path/to/other/checkout [--games 300]
It plays each game list in a child process per checkout (each imports its own `engine`) and
reports the first step where the two differ. Not a test: it needs a second checkout.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

STYLES = ("boxing", "karate", "jiujitsu")


def specs(games: int) -> list[tuple[str, dict, str]]:
    """(label, new_game options, player) for `games` games, every playstyle in turn."""
    kinds: list[tuple[dict, str]] = []
    for player in ("random", "greedy"):
        for style in ("ask",) + STYLES:
            kinds.append(({"style": style, "second_style": style != "karate"}, player))
        kinds.append(({"mode": "versus"}, player))  # decks chosen per seed below
        for players in (2, 3, 4):
            kinds.append(({"mode": "coop", "players": players}, player))
        for players in (1, 2, 3, 4):
            kinds.append(({"mode": "campaign", "players": players}, player))
    kinds.append(({"mode": "campaign", "players": 2, "cl": "human"}, "random"))
    result = []
    for n in range(games):
        options, player = kinds[n % len(kinds)]
        options = dict(options)
        seed = 1000 + n
        if options.get("mode") in ("coop", "campaign"):
            options["styles"] = [STYLES[(seed + s) % 3] for s in range(options["players"])]
        result.append((f"game {n} seed {seed} {player} {options}", options, player))
    return result


def trace(games: int) -> None:
    """Child: play the games with the `engine` on sys.path, print one digest a step."""
    import msgspec

    from engine.core.rng import Rng
    from engine.disciple.bots import PLAYERS
    from engine.disciple.content import load
    from engine.disciple.decks import default_versus_deck
    from engine.disciple.model import Choose, EndTurn, PlayCard, Target
    from engine.disciple.rules import DiscipleGame
    from saves.session import new_lines

    game, encode = DiscipleGame(), msgspec.json.encode

    def told(state) -> bytes:
        """The state as saved with its log left out, then its log in words, line by line."""
        log, state.log = state.log, []
        try:
            kept = encode(state)
        finally:
            state.log = log
        return kept + "".join(f"\n{line}" for line in game.log_lines(state)).encode()
    for n, (label, options, player) in enumerate(specs(games)):
        seed = 1000 + n
        if options.get("mode") == "versus":
            pair = (STYLES[seed % 3], STYLES[(seed // 3) % 3])
            options = {**options, "decks": [default_versus_deck(load(), s) for s in pair]}
        state = game.new_game(seed=seed, **options)
        rng = Rng.from_seed(seed ^ 0xC0FFEE)
        hides = state.mode == "versus" or options.get("mode") == "campaign"
        whole = list(state.log)
        step = 0
        while game.outcome(state) is None and step < 20000:
            digest = hashlib.sha1(told(state))
            actions = game.legal_actions(state)
            digest.update(encode(actions))
            digest.update(encode([game.describe(a, state) for a in actions]))
            seat = game.to_move(state)[0]
            me = state.players[min(seat, len(state.players) - 1)]
            probes = [EndTurn(seat), Target(0, seat), Target(1, seat), Choose(0, seat), Choose(5, seat)]
            probes += [PlayCard(i, taps, seat) for i in range(-1, len(me.hand) + 1)
                       for taps in (None, (), (0,), (1,), (0, 1), (1, 2), (0, 2), (0, 1, 2))]
            digest.update(bytes(game.is_legal(state, p) for p in probes))
            if hides:
                for s in range(len(game.seats(state))):
                    digest.update(told(game.view(state, s)))
            if player == "random":
                action = actions[rng.below(len(actions))]
            elif hides:
                action = game.bot_action(state, seat)
            else:
                action = PLAYERS["greedy"](game, state, rng)
            digest.update(encode(action))
            before = list(state.log)
            for event in game.apply(state, action):  # an event holds its log `line` (before: `text`)
                said = event.line if hasattr(event, "line") else event.text
                digest.update(f"{event.kind}|{game.log_text(said)}\n".encode())
            whole += new_lines(before, state.log)
            print(n, step, digest.hexdigest())
            step += 1
        end = hashlib.sha1(told(state))
        end.update("\n".join(game.turning_points(whole)).encode())
        print(n, "end", end.hexdigest(), flush=True)


def run_child(checkout: Path, games: int, out: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONHASHSEED": "0"}
    with out.open("w") as f:
        subprocess.run([sys.executable, __file__, "--trace", str(games)], cwd=checkout, env=env,
                       stdout=f, check=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", type=Path, help="the other checkout")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--trace", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.trace is not None:
        trace(args.trace)
        return
    here = Path(__file__).resolve().parents[2]
    outs = [Path(f"/tmp/rules_equality.{os.getpid()}.{side}") for side in ("this", "other")]
    run_child(here, args.games, outs[0])
    run_child(args.against.resolve(), args.games, outs[1])
    ours, theirs = (out.read_text().splitlines() for out in outs)
    labels = [label for label, _, _ in specs(args.games)]
    for a, b in zip(ours, theirs):
        if a != b:
            n = int(a.split()[0])
            sys.exit(f"DIFFERENT at {labels[n]}: step {a.split()[1]} (this) / {b.split()[1]} (other)")
    if len(ours) != len(theirs):
        sys.exit(f"DIFFERENT lengths: {len(ours)} steps here, {len(theirs)} in the other")
    ended = sum(1 for line in ours if line.split()[1] == "end")
    print(f"same: {ended} games, {len(ours) - ended} steps: state + log in words + actions + probes "
          "+ views + events + turning points")
    for out in outs:
        out.unlink()


if __name__ == "__main__":
    main()
