"""Taking moves back, on the Board Game Arena policy.

A player may take back their own moves until one of them reveals randomness or hidden
information (a roll, a shuffle, a card drawn from a face-down pile), or another seat acts
after them; never across that line. What counts as revealed comes from the game's
`random_draws` and `unseen_cards` (engine/core/game.py), compared before and after each move.

Only the moves since the last such line are kept, each with the encoded table from before
it, so taking one back restores that table exactly: the same move played again gives the
same result (the Rng lives in the state). After a resume, or a change made outside the moves,
the list is worked out again by replaying the action log from the game's start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import msgspec

from engine.core.errors import IllegalAction
from engine.core.game import Game

NOTHING_YET = "Nothing to take back yet."


# What undo says when replaying the action log does not give the table: a damaged save, or a
# shared table whose log holds a line from outside the moves (a seat handed to the bot).
NOT_FROM_MOVES = "Nothing to take back: this save's moves do not lead to its table."

class CannotUndo(Exception):
    """Undo refused; the message says why, in a player's words."""


class UndoStatus(NamedTuple):
    possible: bool
    text: str  # what would be taken back, or why nothing can be


class Move(NamedTuple):
    seat: int
    action: Any
    label: str  # the move as its player knows it ("Take a blue gem")
    before: bytes  # the encoded state before the move
    marks: tuple[int, tuple[int, ...]]  # random draws and unseen pile sizes before it


class Takebacks:
    """The moves at the end of the log that may still be taken back, oldest first."""

    def __init__(self, game: Game, start_state: Callable[[], Any]) -> None:
        self.game = game
        self.start_state = start_state
        self.moves: list[Move] | None = None  # None: not known yet, worked out when asked
        self.sealed = NOTHING_YET  # why no earlier move may be taken back

    def begin(self) -> None:
        """A game that has just started: nothing to take back."""
        self.moves, self.sealed = [], NOTHING_YET

    def forget(self) -> None:
        self.moves = None

    def marks(self, state: Any) -> tuple[int, tuple[int, ...]]:
        return self.game.random_draws(state), tuple(self.game.unseen_cards(state))

    def before(self, state: Any, action: Any) -> Move:
        """Note what a move needs to be taken back; called before it is applied."""
        seat = self.game.seat_of(action)
        label = self.game.describe(action, state)
        seats = self.game.seats(state)
        if len(seats) > 1 and 0 <= seat < len(seats):
            label = f"{seats[seat]}: {label}"
        return Move(seat, action, label, msgspec.json.encode(state), self.marks(state))

    def after(self, state: Any, move: Move) -> None:
        """The move was applied: keep it, or draw the line it crossed."""
        if self.moves is None:
            return  # worked out from the log, this move included, when next asked
        draws, unseen = self.marks(state)
        old_draws, old_unseen = move.marks
        if draws != old_draws:
            self.moves, self.sealed = [], f"Nothing to take back: {move.label} had a random outcome."
        elif len(unseen) != len(old_unseen) or any(n < o for n, o in zip(unseen, old_unseen)):
            self.moves, self.sealed = [], f"Nothing to take back: {move.label} showed a hidden card."
        else:
            if self.moves and self.moves[-1].seat != move.seat:
                self.moves = []  # another seat acted after those: they are settled
            self.moves.append(move)

    def status(self, seat: int | None, actions: Sequence[msgspec.Raw], current: Any) -> UndoStatus:
        if seat is None:
            return UndoStatus(False, "A spectator takes nothing back.")
        if self.moves is None:
            self._work_out(actions, current)
        assert self.moves is not None
        if not self.moves:
            return UndoStatus(False, self.sealed)
        last = self.moves[-1]
        if last.seat != seat:
            return UndoStatus(False, "Nothing to take back: another player has moved since.")
        return UndoStatus(True, f"Take back: {last.label}")

    def pop(self) -> Move:
        assert self.moves, "status() said yes first"
        return self.moves.pop()  # the line drawn before it, and its reason, stay

    def _work_out(self, actions: Sequence[msgspec.Raw], current: Any) -> None:
        """Replay the log from the start, noting each move as play() would have."""
        self.begin()
        try:
            state = self.start_state()
            for raw in actions:
                action = msgspec.json.decode(raw, type=self.game.Action)
                if not self.game.is_legal(state, action):  # a log that does not fit its table
                    raise IllegalAction(self.game.why_illegal(state, action))
                move = self.before(state, action)
                self.game.apply(state, action)
                self.after(state, move)
            same = msgspec.json.encode(state) == msgspec.json.encode(current)
        except (IllegalAction, msgspec.DecodeError, msgspec.ValidationError, ValueError):
            same = False
        if not same:
            self.moves = []
            self.sealed = NOT_FROM_MOVES
