from fractions import Fraction
from itertools import product

from engine.core.odds import chance_at_least, chance_exactly, percent, sum_distribution


def brute_force(count: int, sides: int, target: int, bonus: int) -> Fraction:
    rolls = list(product(range(1, sides + 1), repeat=count))
    return Fraction(sum(1 for r in rolls if sum(r) + bonus >= target), len(rolls))


def test_two_d6_distribution():
    ways = sum_distribution(2, 6)
    assert ways[7] == 6 and ways[2] == 1 and ways[12] == 1 and sum(ways) == 36


def test_chance_matches_brute_force():
    for count, sides in ((1, 6), (2, 6), (3, 6), (1, 10), (2, 10)):
        for bonus in (0, 3, -2):
            for target in range(-1, count * sides + bonus + 3):
                assert chance_at_least(count, sides, target, bonus) == brute_force(count, sides, target, bonus)


def test_known_values():
    assert chance_at_least(2, 6, 7) == Fraction(21, 36)
    assert chance_at_least(1, 6, 4, bonus=3) == 1
    assert chance_at_least(2, 6, 13) == 0
    assert chance_exactly(2, 6, 7) == Fraction(1, 6)
    assert chance_exactly(2, 6, 1) == 0


def test_percent_never_rounds_a_real_chance_to_certainty():
    assert percent(Fraction(0)) == "0%"
    assert percent(Fraction(1)) == "100%"
    assert percent(Fraction(1, 1000)) == "1%"
    assert percent(Fraction(999, 1000)) == "99%"
    assert percent(Fraction(21, 36)) == "58%"
