"""Exact chances of an encounter: winning it, and which reward a win brings.

Ties are re-rolled with the same dice until settled (R1), so each chance is taken over the
rolls that settle: a total's chance divided by the chance of not tying.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from engine.core.odds import chance_at_least, chance_exactly, sum_distribution


class Chances(msgspec.Struct, frozen=True):
    """One way to fight, in numbers: win at all, win with a Major reward, with a Minor."""

    win: Fraction
    major: Fraction
    minor: Fraction


def win_chance(dice_count: int, bonus: int, target: int) -> Fraction:
    """Chance to win an encounter, ties re-rolled with the same dice until settled."""
    above = chance_at_least(dice_count, 6, target + 1, bonus)
    tie = chance_exactly(dice_count, 6, target, bonus)
    return above / (1 - tie) if tie < 1 else Fraction(0)


def fight_chances(dice_count: int, allies: int, target: int, with_ally: bool) -> Chances:
    """R4: a win is a Major when the dice alone, or the allies alone, beat the target; a win
    that needed both is a Minor. `allies` is the committed allies' total."""
    ways = sum_distribution(dice_count, 6)
    settled = major = minor = 0
    for dice, n in enumerate(ways):
        if not n or dice + allies == target:  # a tie is rolled again
            continue
        settled += n
        if dice + allies > target:
            if dice > target or (with_ally and allies > target):
                major += n
            else:
                minor += n
    if not settled:
        return Chances(Fraction(0), Fraction(0), Fraction(0))
    return Chances(Fraction(major + minor, settled), Fraction(major, settled), Fraction(minor, settled))
