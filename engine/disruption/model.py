"""Disruption's state, actions and events: msgspec Structs, so saves are plain JSON."""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.log import Line
from engine.core.rng import Rng

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠", "X": "🃏"}
RANK_NAME = {1: "A", 11: "J", 12: "Q", 13: "K"}

WINS_TO_WIN = 10
DEFEATS_TO_LOSE = 3
SINGLES_UNTIL = 5  # wins against single defenders before pairs begin
MAJOR_FROM = 6  # black 6-10 are Major allies, A-5 Minor
PAIR_MINORS_THRESHOLD = 17  # two Minors may be played against a pair this strong


class Card(msgspec.Struct, frozen=True, array_like=True):
    rank: int  # 1 (ace) to 10; jokers use 0
    suit: str  # H D C S, or X for a joker

    @property
    def is_joker(self) -> bool:
        return self.suit == "X"

    @property
    def is_major(self) -> bool:
        return self.rank >= MAJOR_FROM

    @property
    def label(self) -> str:
        return LABELS[self.suit][self.rank]


LABELS = {
    suit: {rank: f"{RANK_NAME.get(rank, str(rank))}{symbol}" for rank in range(1, 14)}
    for suit, symbol in SUIT_SYMBOL.items()
}
LABELS["X"] = {0: "Joker"}


class Fight(msgspec.Struct, frozen=True, tag="fight"):
    """Commit to the encounter, with these ally cards (hand indices, ascending)."""

    allies: tuple[int, ...] = ()


class Reroll(msgspec.Struct, frozen=True, tag="reroll"):
    """After a tie: roll the same number of dice again."""


class Trade(msgspec.Struct, frozen=True, tag="trade"):
    """Give up three Minor allies (hand indices, ascending) for one Major draw."""

    minors: tuple[int, int, int]


Action = Fight | Reroll | Trade


class Encounter(msgspec.Struct):
    """The defenders on the table and, once committed, what the player brought."""

    defenders: list[Card]
    values: list[int]  # each defender's value (a joker's comes from a d10)
    allies: list[Card] = msgspec.field(default_factory=list)
    dice_count: int = 0  # 0 until the player commits
    dice: list[int] = msgspec.field(default_factory=list)
    dice_cards: list[str] = msgspec.field(default_factory=list)  # No Dice variant draws

    @property
    def target(self) -> int:
        return sum(self.values)


class LastResult(msgspec.Struct):
    """The encounter just resolved, kept so the table can show how it went."""

    defenders: list[str]
    target: int
    allies: list[str]
    dice: list[int]
    total: int
    result: Literal["won", "lost"]
    reward: str = ""
    reward_why: str = ""  # "Major: the dice alone beat 7"
    dice_cards: list[str] = msgspec.field(default_factory=list)  # No Dice variant draws


Phase = Literal["fight", "tie", "over"]


class State(msgspec.Struct):
    rng: Rng
    accursed_joker: bool
    no_dice: bool
    phase: Phase
    defender_deck: list[Card]
    defender_graveyard: list[Card]  # defenders beaten by the player
    defeats_pile: list[Card]  # defenders that beat the player
    minor_deck: list[Card]
    major_deck: list[Card]
    ally_graveyard: list[Card]
    hand: list[Card]
    encounter: Encounter | None
    last: LastResult | None = None
    wins: int = 0
    defeats: int = 0
    log: list[Line] = msgspec.field(default_factory=list)
    logged: int = 0  # lines ever written, so apply() can return the new ones from a full log
