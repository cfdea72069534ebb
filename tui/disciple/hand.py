"""Hand digits that stay with their cards for a whole turn (tui/hand_digits.py).

Each card gets its digit when the turn starts and keeps it until the turn ends; a card drawn
during the turn takes a digit no card had this turn, never the one the card just played gave
back. So pressing 3 twice never plays a card that moved under the key, or the card the first
press drew. (A resumed game starts again from 1, as a new turn does.)
"""

from __future__ import annotations

from engine.disciple.model import State
from tui.disciple.view import you
from tui.hand_digits import HandDigits

DIGITS = "123456789"


class Slots(HandDigits):
    def __init__(self) -> None:
        super().__init__(DIGITS)

    def follow_turn(self, state: State, seat: int = 0) -> None:
        """Bring the digits up to date with the seat's hand; a new turn deals them afresh."""
        turn = (state.fights_won, state.event, state.turn, state.phase, state.pending is None)
        self.follow(turn, you(state, seat).hand)
