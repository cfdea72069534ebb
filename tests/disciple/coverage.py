"""Does every printed text fire? Seeded greedy, random and mixed runs of every style, with a
table of the effect clauses of every card, enemy, event and attack pattern and how often each
fired; then the cards whose cost their energy can never pay.

Run: python -m tests.disciple.coverage [--runs 60] [--all]
(`--all` lists every item, not only those with a clause that never fired.) The test in
test_coverage.py plays fewer runs and fails if any clause never fires.
"""

from __future__ import annotations

import argparse
from collections import Counter

from engine.core.rng import Rng
from engine.disciple import trace
from engine.disciple.bots import greedy_action, random_action
from engine.disciple.checks import payment_report, reachable_allotments, pays
from engine.disciple.content import load
from engine.disciple.model import COLOUR_LETTER
from engine.disciple.rules import STYLE_IDS, DiscipleGame

GAME = DiscipleGame()


def mixed_action(game, state, rng):
    """Greedy fighting, random decisions: reaches deep into the journey with every choice."""
    if state.pending is not None:
        return random_action(game, state, rng)
    return greedy_action(game, state, rng)


PLAYERS = {"greedy": greedy_action, "random": random_action, "mixed": mixed_action}


def fired_counts(runs: int) -> Counter[str]:
    """How many runs fired each clause, over `runs` seeds per style and player."""
    counts: Counter[str] = Counter()
    for player, choose in PLAYERS.items():
        for style in STYLE_IDS:
            for seed in range(runs):
                with trace.tracing() as fired:
                    state = GAME.new_game(seed=seed, style=style, second_style=seed % 4 != 3)
                    rng = Rng.from_seed(seed * 31 + len(player))
                    while GAME.outcome(state) is None:
                        GAME.apply(state, choose(GAME, state, rng))
                counts.update(fired)
    return counts


def never_fired(counts: Counter[str]) -> dict[str, list[str]]:
    table = trace.clauses(load())
    return {item: [k for k in keys if not counts[k]] for item, keys in table.items()
            if any(not counts[k] for k in keys)}


def table_lines(counts: Counter[str], every: bool) -> list[str]:
    table = trace.clauses(load())
    lines = [f"{'item':<44} {'clauses':>7} {'fired':>5}  least fired / never fired"]
    groups = Counter(item.split(":")[0] for item in table)
    done = Counter()
    for item, keys in sorted(table.items()):
        kind = item.split(":")[0]
        fired = [k for k in keys if counts[k]]
        done[kind] += len(fired) == len(keys)
        if not every and len(fired) == len(keys):
            continue
        missing = [k.removeprefix(item + ":") for k in keys if not counts[k]]
        least = min((counts[k] for k in keys), default=0)
        note = "never: " + ", ".join(missing) if missing else f"{least} runs"
        lines.append(f"{item:<44} {len(keys):>7} {len(fired):>5}  {note}")
    lines.append("")
    plural = {"card": "cards", "enemy": "enemies", "event": "events", "pattern": "patterns"}
    lines += [f"{plural[kind]:<10} {done[kind]:>4} of {groups[kind]:>4} with every clause fired"
              for kind in sorted(groups)]
    total = sum(len(keys) for keys in table.values())
    hit = sum(1 for keys in table.values() for k in keys if counts[k])
    lines.append(f"{'clauses':<10} {hit:>4} of {total:>4} fired at least once")
    rarest = sorted((counts[k], k) for keys in table.values() for k in keys)[:5]
    lines.append("rarest: " + ", ".join(f"{k} ({n} runs)" for n, k in rarest))
    return lines


def payment_lines() -> list[str]:
    """Cards no allotment pays at all, or not their own style's; and per style, the mixed
    allotments of a second style that leave some of its cards unpayable."""
    content = load()
    lines = payment_report(content) or [
        "Every card can be paid by its own style's allotment, so by some reachable allotment.",
        "After a second style, these picks leave cards no energy of the allotment can pay:",
    ]
    for style in content.styles.values():
        cards = [c for c in content.cards.values() if c.style == style.id]
        for allotment in reachable_allotments(content, style.id):
            unpaid = [c.name for c in cards if not pays(allotment, c)]
            if unpaid:
                letters = "".join(COLOUR_LETTER[a] for a in allotment)
                names = ", ".join(unpaid[:3]) + (", ..." if len(unpaid) > 3 else "")
                lines.append(f"  {style.name} under {letters}: {len(unpaid)} of {len(cards)} ({names})")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=60, help="seeds per style and player")
    parser.add_argument("--all", action="store_true", help="list every item")
    args = parser.parse_args()
    counts = fired_counts(args.runs)
    print(f"Effect clauses fired over {args.runs} runs per style of each of "
          f"{', '.join(PLAYERS)} ({args.runs * 3 * len(PLAYERS)} runs)\n")
    print("\n".join(table_lines(counts, args.all)))
    print("\nPaying for cards")
    print("\n".join(payment_lines()))


if __name__ == "__main__":
    main()
