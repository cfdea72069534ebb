"""Which effect clauses fired: a measuring probe for the content's coverage check.

The rules never read it. While `tracing()` is active, the interpreter names each clause it
resolves (a card's effect, an enemy's named attack, an event choice's operation...) with a
key such as "card:jab:effects:0"; `clauses()` lists every key the content can produce, so
the coverage check can say which never fired. Off, it costs one comparison per clause.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.disciple.content import Content

_fired: set[str] | None = None


def on() -> bool:
    return _fired is not None


def fire(key: str) -> None:
    if _fired is not None:
        _fired.add(key)


@contextmanager
def tracing() -> Iterator[set[str]]:
    """Collect the keys of every clause that fires inside the block."""
    global _fired
    outer, _fired = _fired, set()
    try:
        yield _fired
    finally:
        if outer is not None:
            outer |= _fired
        _fired = outer


def clauses(content: Content) -> dict[str, list[str]]:
    """Every clause the content holds, grouped by the card, enemy, event or pattern it is on."""
    table: dict[str, list[str]] = {}
    for card in content.cards.values():
        if card.kind == "energy":
            table[f"card:{card.id}"] = [f"card:{card.id}:play"]
            continue
        keys = []
        for section in ("effects", "flow", "focus", "passive"):
            keys += [f"card:{card.id}:{section}:{i}" for i in range(len(getattr(card, section)))]
        if card.counter is not None:
            keys += [f"card:{card.id}:counter:{i}" for i in range(len(card.counter.ops))]
        if card.combo:
            keys.append(f"card:{card.id}:combo")
        if card.lock_in is not None:
            keys += [f"card:{card.id}:lock", f"card:{card.id}:lock_repeat"]
        table[f"card:{card.id}"] = keys
    for enemy in content.enemies.values():
        keys = []
        for k, attack in enumerate(enemy.attacks):
            if attack.bonus:
                keys.append(f"enemy:{enemy.id}:attack:{k}:bonus")
            keys += [f"enemy:{enemy.id}:attack:{k}:op:{i}" for i in range(len(attack.ops))]
        for k, special in enumerate(enemy.specials):
            keys += [f"enemy:{enemy.id}:special:{k}:op:{i}" for i in range(len(special.ops))]
        table[f"enemy:{enemy.id}"] = keys
    for event in content.events.values():
        if event.learn_style:
            table[f"event:{event.id}"] = [f"event:{event.id}:learn:{s}" for s in content.styles]
            continue
        table[f"event:{event.id}"] = [
            f"event:{event.id}:choice:{k}:op:{i}"
            for k, choice in enumerate(event.choices)
            for i in range(len(choice.ops))
        ]
    for style, tiers in content.patterns.items():
        for tier, pile in tiers.items():
            for p, pattern in enumerate(pile):
                table[f"pattern:{style}:{tier}:{p}"] = [
                    f"pattern:{style}:{tier}:{p}:{i}" for i in range(len(pattern.actions))
                ]
    return table
