"""Digits that stay with their cards, for every table whose digits name cards in a hand.

The engine's hand is a list: a card that leaves it shifts the ones after it, and a card that
joins it goes at the end. A table that reads a digit as "this card" (Disciple, Disruption)
gives each card a digit when a period starts (a turn, an encounter) and keeps it there until
the period ends. A card that leaves takes its digit with it; a card that joins takes a digit
no card had in this period. So a digit pressed twice never reaches a card that moved under
it, nor one that came in as the first left. Only when every digit has been given does a new
card take one given back earlier in the period, and never one given back by the last move;
with none of those either, it has no digit (the list still reaches it).
"""

from __future__ import annotations

from collections.abc import Sequence


class HandDigits:
    def __init__(self, digits: str) -> None:
        self.digits = digits
        self.slots: list[int | None] = []  # the digit (its place in `digits`) of each hand position
        self.hand: list[object] = []  # the hand those digits were given to
        self.period: object = None
        self.fresh = 0  # the first digit no card has had this period
        self.freed: list[int] = []  # digits given back this period, oldest first
        self.recent: set[int] = set()  # given back since the last `follow`: not given again now

    def follow(self, period: object, hand: Sequence[object]) -> None:
        """Bring the digits up to date with the hand; a new `period` deals them afresh."""
        new = list(hand)
        if period != self.period:
            self.period = period
            self.slots = [i if i < len(self.digits) else None for i in range(len(new))]
            self.fresh, self.freed = len(new), []
        else:
            self.slots = self._kept(new)
        self.hand = new
        self.recent = set()

    def played(self, hand_index: int) -> None:
        """The card at this position is about to leave the hand: its digit goes with it (so
        a copy of it elsewhere in the hand keeps its own)."""
        if hand_index < len(self.slots):
            self._give_back(self.slots.pop(hand_index))
            del self.hand[hand_index]

    def digit(self, hand_index: int) -> str:
        slot = self.slots[hand_index] if hand_index < len(self.slots) else None
        return "" if slot is None else self.digits[slot]

    def hand_index(self, digit: int) -> int | None:
        """The hand position of the card that has this digit (its place in `digits`)."""
        return self.slots.index(digit) if digit in self.slots else None

    def in_order(self) -> list[int]:
        """Hand positions in the order of their digits (a card without one last)."""
        return sorted(range(len(self.slots)), key=lambda i: (self.slots[i] is None, self.slots[i] or 0))

    def _give_back(self, slot: int | None) -> None:
        if slot is not None:
            self.freed.append(slot)
            self.recent.add(slot)

    def _kept(self, new: list[object]) -> list[int | None]:
        """The digits of `new`: cards still there in the same order keep theirs, cards after
        them (joined this period) take new ones."""
        kept: list[int | None] = []
        j = 0
        for card, slot in zip(self.hand, self.slots):
            if j < len(new) and new[j] == card:
                kept.append(slot)
                j += 1
            else:
                self._give_back(slot)
        kept += [self._new_digit() for _ in new[j:]]
        return kept

    def _new_digit(self) -> int | None:
        if self.fresh < len(self.digits):
            self.fresh += 1
            return self.fresh - 1
        for slot in self.freed:
            if slot not in self.recent:
                self.freed.remove(slot)
                return slot
        return None
