"""Hand digits that stay with their cards for a whole turn.

The engine's hand is a list: playing a card shifts the ones after it. The table instead gives
each card a digit when the turn starts and keeps it until the turn ends; a card drawn during
the turn takes the next free digit. So pressing 3 twice never plays a card that moved under
the key. (A resumed game starts again from 1, as a new turn does.)
"""

from __future__ import annotations

from engine.disciple.model import State
from tui.disciple.view import you

DIGITS = "123456789"


class Slots:
    def __init__(self) -> None:
        self.slots: list[int] = []  # the digit (0-8) of each hand position
        self.hand: list[str] = []  # the hand those digits were given to
        self.turn: tuple[object, ...] = ()

    def follow(self, state: State) -> None:
        """Bring the digits up to date with the state's hand."""
        me = you(state)
        turn = (state.fights_won, state.event, state.turn, state.phase, state.pending is None)
        hand = list(me.hand)
        if turn != self.turn:
            self.slots = list(range(len(hand)))
        else:
            self.slots = _kept(self.hand, self.slots, hand)
        self.turn, self.hand = turn, hand

    def played(self, hand_index: int) -> None:
        """The card at this position is about to leave the hand: its digit goes with it."""
        if hand_index < len(self.slots):
            del self.slots[hand_index]
            del self.hand[hand_index]

    def digit(self, hand_index: int) -> str:
        return DIGITS[self.slots[hand_index]]

    def hand_index(self, digit: int) -> int | None:
        return self.slots.index(digit) if digit in self.slots else None

    def in_order(self) -> list[int]:
        """Hand positions in the order of their digits."""
        return sorted(range(len(self.slots)), key=lambda i: self.slots[i])


def _kept(old: list[str], slots: list[int], new: list[str]) -> list[int]:
    """The digits of `new`: cards still there in the same order keep theirs, cards after them
    (drawn this turn) take the next free digits."""
    kept: list[int] = []
    j = 0
    for card, slot in zip(old, slots):
        if j < len(new) and new[j] == card:
            kept.append(slot)
            j += 1
    used = set(kept)
    for _ in new[j:]:
        digit = max(used, default=-1) + 1
        if digit >= len(DIGITS):
            digit = min(set(range(len(DIGITS))) - used)
        kept.append(digit)
        used.add(digit)
    return kept
