"""Exact dice odds, shown to the player before a roll decides something."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache


@lru_cache(maxsize=256)
def sum_distribution(count: int, sides: int) -> tuple[int, ...]:
    """Ways to roll each total with `count` dice of `sides` faces; index = total."""
    ways = [1]  # zero dice: one way to total 0
    for _ in range(count):
        nxt = [0] * (len(ways) + sides)
        for total, n in enumerate(ways):
            if n:
                for face in range(1, sides + 1):
                    nxt[total + face] += n
        ways = nxt
    return tuple(ways)


def chance_at_least(count: int, sides: int, target: int, bonus: int = 0) -> Fraction:
    """Probability that the sum of `count` d`sides` plus `bonus` is >= target."""
    ways = sum_distribution(count, sides)
    need = target - bonus
    hits = sum(n for total, n in enumerate(ways) if total >= need)
    return Fraction(hits, sides**count)


def chance_exactly(count: int, sides: int, target: int, bonus: int = 0) -> Fraction:
    ways = sum_distribution(count, sides)
    need = target - bonus
    return Fraction(ways[need] if 0 <= need < len(ways) else 0, sides**count)


def percent(p: Fraction) -> str:
    """A player-facing percentage: whole numbers, but never rounds a chance to 0 or 100."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = round(float(p) * 100)
    return f"{min(max(value, 1), 99)}%"
