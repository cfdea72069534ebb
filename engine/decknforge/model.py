"""DecknForge's state, actions and events: msgspec Structs, so saves are plain JSON.

The legacy Deck itself lives in legacy.py; the words in lexicon.py. Every player acts in the
same player turn (R5), so the turn is a flag and a count on each Player, not a seat.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.log import Line
from engine.core.rng import Rng
from engine.decknforge.legacy import DeckResult, ScarRecord, TableDeck
from engine.decknforge.lexicon import Word

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = ("X1", "X2")

HAND_LIMIT = 7
SLOTS = 3
ACTIONS_PER_TURN = 3
STARTING_ADVENTURERS = 3
STRENGTH_PER_PLAYER = 25


def card_role(code: str) -> str:
    """monster (aces, jokers), adventurer (face cards) or equipment (number cards)."""
    rank = code[:-1]
    if code in JOKERS or rank == "A":
        return "monster"
    if rank in ("J", "Q", "K"):
        return "adventurer"
    return "equipment"


def card_suit(code: str) -> str:
    """The suit letter; a joker has none (R4)."""
    return "" if code in JOKERS else code[-1]


def card_value(code: str) -> int:
    """Face value of a number card; 0 for anything else."""
    rank = code[:-1]
    return int(rank) if rank.isdigit() else 0


def card_label(code: str) -> str:
    if code in JOKERS:
        return "Joker"
    return f"{code[:-1]}{SUIT_SYMBOL[code[-1]]}"


ALL_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
VALUE = {code: card_value(code) for code in ALL_CODES}
SUIT = {code: card_suit(code) for code in ALL_CODES}
ROLE = {code: card_role(code) for code in ALL_CODES}
LABEL = {code: card_label(code) for code in ALL_CODES}


class Card(msgspec.Struct, frozen=True, array_like=True):
    """One physical card at the table: whose deck it came from and what is written on it."""

    owner: int  # seat of the deck it belongs to
    code: str  # "QS", "7H", "AD", "X1"
    word: str = ""  # Qi Word inscribed on it, if any
    mod: int = 0  # a Monster's written modifier


class Slot(msgspec.Struct):
    """One of a player's three slots: a hired Adventurer and the Equipment on it."""

    adventurer: Card
    gear: list[Card] = msgspec.field(default_factory=list)


class Player(msgspec.Struct):
    seat: int
    initials: str
    label: str  # deck name, or initials while the deck has none
    level: int  # the deck's Level: base value of its Monsters
    adventurer_deck: list[Card]
    equipment_deck: list[Card]
    hand: list[Card]
    slots: list[Slot]
    cast: list[Card] = msgspec.field(default_factory=list)  # words waiting this turn (R9)
    discard: list[Card] = msgspec.field(default_factory=list)  # gone for this game
    returned: list[Card] = msgspec.field(default_factory=list)  # handed back at the end
    actions_left: int = ACTIONS_PER_TURN  # in this round's player turn
    done: bool = False  # has finished this round's turn (R5)
    extra_actions: int = 0  # won in a Monster attack, for the next turn (R18)


class Strike(msgspec.Struct):
    """How one Monster of the last attack went, for the screen."""

    monster: str  # label with owner initials
    attack: int
    hit: list[str] = msgspec.field(default_factory=list)
    retaliation: int = 0
    result: str = ""  # slain, survives, placed, escalates


Phase = Literal["turn", "scar", "over"]
Result = Literal["", "clear", "fall", "driven_out"]


class State(msgspec.Struct):
    rng: Rng
    seed: int
    solo: bool
    gentle: bool  # the gentle Strength reading (R34): only Monsters out of the pile count
    players: list[Player]
    monster_pile: list[Card]  # the dungeon and the clock; the top is the end of the list
    rows: list[list[Card]]  # placed jokers, at most two a row
    escalations: list[Card]  # jokers that found no room and widened the dungeon
    lair: list[Card]  # Monsters that attacked and were not slain: still in the dungeon
    slain: list[Card]  # Monsters slain by retaliation: out of the dungeon
    decks: list[TableDeck]  # the decks as they were brought (R41)
    coined: list[Word] = msgspec.field(default_factory=list)  # words from players' own lexicons
    phase: Phase = "turn"
    round: int = 1
    strength_adjust: int = 0  # from words, for this round only (R9)
    returned_once: list[str] = msgspec.field(default_factory=list)  # Monsters that came back
    last_attack: list[Strike] = msgspec.field(default_factory=list)
    result: Result = ""
    scars: list[ScarRecord] = msgspec.field(default_factory=list)  # one per seat after a fall
    results: list[DeckResult] = msgspec.field(default_factory=list)  # one per deck at the end
    log: list[Line] = msgspec.field(default_factory=list)  # worded in wording.py
    # a game begun before content 6 goes on under its rule: a placed joker is never slain (R4)
    jokers_unanswered: bool = False
    # the row of each placed joker slain there, in the order slain: its place stays taken, so
    # the book's count of jokers holds (R4, R7); the card itself lies among the slain
    slain_places: list[int] = msgspec.field(default_factory=list)
    # a game begun under content 6 goes on under its rule: a slain joker's place was freed (R4)
    joker_places_freed: bool = False
    # a game begun before content 8 goes on under its rule: an Adventurer still in the deck
    # kept its player in the dungeon (R15)
    adventurer_deck_counts: bool = False


# ----- actions: each names the seat it is taken for (DESIGN.md "Seats") --------------------


class DrawEquipment(msgspec.Struct, frozen=True, tag="draw_equipment"):
    """Draw one card from your Equipment deck into your hand."""

    seat: int


class DrawAdventurer(msgspec.Struct, frozen=True, tag="draw_adventurer"):
    """Draw one card from your Adventurer deck into your hand; with a full hand, first discard
    the card at index `discard` (R14)."""

    seat: int
    discard: int = -1


class Hire(msgspec.Struct, frozen=True, tag="hire"):
    """Put the Adventurer at this hand index into an empty slot."""

    seat: int
    card: int


class Equip(msgspec.Struct, frozen=True, tag="equip"):
    """Hang the Equipment at this hand index on the Adventurer in this slot."""

    seat: int
    card: int
    slot: int


class Cast(msgspec.Struct, frozen=True, tag="cast"):
    """Use the Qi Word of the Equipment at this hand index instead of equipping it."""

    seat: int
    card: int


class EndTurn(msgspec.Struct, frozen=True, tag="end_turn"):
    """Give up the actions left this turn."""

    seat: int


class InscribeScar(msgspec.Struct, frozen=True, tag="inscribe"):
    """Write this Monster word on the scar's Monster (the fall's step 3)."""

    seat: int
    word: str


class UpgradeScar(msgspec.Struct, frozen=True, tag="upgrade"):
    """Write this Equipment word on the scar's piece of Equipment (the fall's step 4)."""

    seat: int
    word: str


Action = (
    DrawEquipment | DrawAdventurer | Hire | Equip | Cast | EndTurn | InscribeScar | UpgradeScar
)


class Event(msgspec.Struct, frozen=True):
    kind: str
    line: Line  # what happened, as the log tells it (Game.log_text gives its words)
