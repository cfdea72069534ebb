"""A small counter-based RNG (SplitMix64) whose whole state is two integers.

Keeping the generator inside each game's State makes every move a pure function of
(state, action): saves resume the same dice and replays are exact on any machine.
"""

from __future__ import annotations

from math import factorial
from typing import TypeVar

import msgspec

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng(msgspec.Struct, array_like=True):
    """SplitMix64: output n is mix(seed + n * golden). `counter` counts draws made."""

    seed: int
    counter: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed=seed & _MASK, counter=0)

    def next_u64(self) -> int:
        self.counter = counter = self.counter + 1
        z = (self.seed + counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias (rejection sampling).

        Bounds past 2**64 (a whole shuffle at once, see shuffle) take several words.
        """
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n < _SPAN:  # one word a try: the common case, with next_u64 written out
            limit = _SPAN - _SPAN % n
            seed, counter = self.seed, self.counter
            while True:
                counter += 1
                z = (seed + counter * _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    self.counter = counter
                    return z % n
        words = (n.bit_length() + 63) // 64
        span = 1 << (64 * words)
        limit = span - (span % n)
        while True:
            value = self.next_u64()
            for _ in range(words - 1):
                value = (value << 64) | self.next_u64()
            if value < limit:
                return value % n

    def die(self, sides: int) -> int:
        return self.below(sides) + 1

    def roll(self, count: int, sides: int) -> list[int]:
        """`count` dice of `sides` faces: the draws of die(), one after the other."""
        if not 0 < sides < _SPAN:
            return [self.below(sides) + 1 for _ in range(count)]
        limit = _SPAN - _SPAN % sides
        seed, counter = self.seed, self.counter
        faces = []
        while len(faces) < count:
            counter += 1
            z = (seed + counter * _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                faces.append(z % sides + 1)
        self.counter = counter
        return faces

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place: every permutation equally likely.

        One uniform draw below n! is read as the mixed-radix digits j_n, ..., j_2 of the
        swaps: the same distribution as a draw per swap, at a fraction of the cost.
        """
        n = len(items)
        if n < 2:
            return
        code = self.below(_factorial(n))
        for i in range(n - 1, 0, -1):
            code, j = divmod(code, i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]


_SPAN = 1 << 64
_FACTORIALS = [factorial(n) for n in range(128)]


def _factorial(n: int) -> int:
    return _FACTORIALS[n] if n < 128 else factorial(n)
