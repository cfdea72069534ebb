"""A small counter-based RNG (SplitMix64) whose whole state is two integers.

Keeping the generator inside each game's State makes every move a pure function of
(state, action): saves resume the same dice and replays are exact on any machine.
"""

from __future__ import annotations

import sys
from array import array
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
        counter = self.counter
        self.counter = counter + 1
        return (_blocks.get((self.seed, counter >> _SHIFT)) or _block(self.seed, counter))[counter & _LAST]

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
                z = (_blocks.get((seed, counter >> _SHIFT)) or _block(seed, counter))[counter & _LAST]
                counter += 1
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
            z = (_blocks.get((seed, counter >> _SHIFT)) or _block(seed, counter))[counter & _LAST]
            counter += 1
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


# Outputs are worked out BLOCK at a time and kept by (seed, block number): a generator is
# still two integers, and any Rng with that seed reads the same numbers. Python spends most of
# a 64-bit mix on making and freeing big integers, so the mix runs once over one integer
# holding the whole block, each output in a lane of 128 bits: room for a 64 x 64-bit product,
# so no lane spills into the next, and the masks cut what shifts bring in from a neighbour.
_SHIFT = 5
_BLOCK = 1 << _SHIFT
_LAST = _BLOCK - 1
_LANES = sum(_MASK << (128 * i) for i in range(_BLOCK))
_ONES = sum(1 << (128 * i) for i in range(_BLOCK))
_STEPS = sum((i * _GOLDEN) << (128 * i) for i in range(_BLOCK))
_KEPT_BLOCKS = 4096
_blocks: dict[tuple[int, int], list[int]] = {}


def _block(seed: int, counter: int) -> list[int]:
    """The block holding output number counter + 1 (outputs count from 1)."""
    index = counter >> _SHIFT
    first = (seed + ((index << _SHIFT) + 1) * _GOLDEN) & _MASK
    z = (first * _ONES + _STEPS) & _LANES  # lane i: seed + (first counter + i) * golden
    z = ((z ^ ((z >> 30) & _LANES)) * 0xBF58476D1CE4E5B9) & _LANES
    z = ((z ^ ((z >> 27) & _LANES)) * 0x94D049BB133111EB) & _LANES
    z ^= (z >> 31) & _LANES
    words = array("Q", z.to_bytes(16 * _BLOCK, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    outputs = words[::2].tolist()  # the low half of each lane
    if len(_blocks) >= _KEPT_BLOCKS:
        _blocks.clear()
    _blocks[seed, index] = outputs
    return outputs
_FACTORIALS = [factorial(n) for n in range(128)]


def _factorial(n: int) -> int:
    return _FACTORIALS[n] if n < 128 else factorial(n)
