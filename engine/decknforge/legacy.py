"""The legacy Deck and the pure functions that write a finished game onto it.

Nothing here touches files: the saves layer stores Decks. Every function returns a new Deck
and leaves its input as it was, so a game abandoned half-way changes no deck.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.rng import Rng

CLEAR_XP = 150
FALL_XP = 10
LEGEND_XP = 1000
CLEARS_TO_LEVEL = 2
NEW_LEVEL = 1  # R2: a new deck's Monsters hit for 1

_SUITS = "SHDC"
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK_CODES: tuple[str, ...] = tuple(r + s for s in _SUITS for r in _RANKS) + ("X1", "X2")
MONSTER_CODES = frozenset(c for c in DECK_CODES if c[0] in "AX")
ADVENTURER_CODES = frozenset(c for c in DECK_CODES if c[0] in "JQK")
EQUIPMENT_CODES = frozenset(c for c in DECK_CODES if c[0].isdigit())


class DeckCard(msgspec.Struct, array_like=True):
    code: str
    word: str = ""  # the Qi Word written on it
    modifier: int = 0  # a Monster's written number


class Inscription(msgspec.Struct):
    """One thing written on the deck, kept in order: the deck's story as marks."""

    game: int  # the deck's game number (0: before any game)
    card: str  # card code, or "deck" for a mark on the box
    text: str


class GameRecord(msgspec.Struct):
    game: int
    seed: int
    result: Literal["clear", "fall", "driven_out"]
    band: list[str]  # initials of every deck at the table, this one included
    rounds: int
    xp: int
    note: str = ""


class ScarRecord(msgspec.Struct):
    game: int
    monster: str = ""
    monster_word: str = ""
    modifier: int = 0
    equipment: str = ""
    equipment_word: str = ""


class Deck(msgspec.Struct):
    initials: str
    id: str = ""  # the storage's name for this deck; carried through games unchanged (R35)
    name: str = ""  # given once the deck first clears a dungeon
    level: int = NEW_LEVEL
    xp: int = 0
    streak: int = 0  # clears in a row since the last level-up or fall (R21)
    legendary: bool = False
    clears: int = 0
    falls: int = 0
    cards: list[DeckCard] = msgspec.field(default_factory=list)
    inscriptions: list[Inscription] = msgspec.field(default_factory=list)
    history: list[GameRecord] = msgspec.field(default_factory=list)
    scars: list[ScarRecord] = msgspec.field(default_factory=list)

    def card(self, code: str) -> DeckCard:
        for card in self.cards:
            if card.code == code:
                return card
        raise KeyError(code)


def card_name(code: str) -> str:
    """A card as players say it in notes: "Q♠", "Joker"."""
    if code in ("X1", "X2"):
        return "Joker"
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def fresh_deck(initials: str, name: str = "") -> Deck:
    """A brand-new deck: 54 cards, blank Monsters, Level 1, no XP."""
    deck = Deck(initials=check_initials(initials), cards=[DeckCard(c) for c in DECK_CODES])
    if name:
        deck.name = name.strip()
    return deck


def check_initials(initials: str) -> str:
    text = initials.strip().upper()
    if not 1 <= len(text) <= 3 or not text.isalnum():
        raise ValueError("Initials are 1 to 3 letters or digits.")
    return text


def check_deck(deck: Deck) -> list[str]:
    """Why a deck cannot be brought to a table; [] when it is whole."""
    codes = [card.code for card in deck.cards]
    problems = []
    if sorted(codes) != sorted(DECK_CODES):
        problems.append(f"{deck.initials}'s deck does not hold the 54 cards exactly once.")
    if deck.level < 1 or deck.xp < 0 or deck.streak < 0:
        problems.append(f"{deck.initials}'s deck has impossible numbers.")
    return problems


def copy_deck(deck: Deck) -> Deck:
    return msgspec.json.decode(msgspec.json.encode(deck), type=Deck)


def attack_value(deck: Deck, code: str) -> int:
    """A Monster's base value: the deck's Level plus its written modifier."""
    return deck.level + deck.card(code).modifier


def xp_to_legend(deck: Deck) -> int:
    return max(0, LEGEND_XP - deck.xp)


def _gain_xp(deck: Deck, xp: int) -> None:
    deck.xp += xp
    deck.legendary = deck.xp >= LEGEND_XP


def record_clear(deck: Deck, rng: Rng, adventurer_words: list[str], record: GameRecord) -> Deck:
    """A cleared dungeon: +150 XP, a random Adventurer takes a random Adventurer word, and the
    second clear in a row raises the Level (+1 written on every Monster)."""
    deck = copy_deck(deck)
    game = len(deck.history) + 1
    _gain_xp(deck, CLEAR_XP)
    deck.clears += 1
    notes = []
    blank = [c for c in deck.cards if c.code in ADVENTURER_CODES and not c.word]
    if blank and adventurer_words:  # R22: only blank Adventurers take a word
        card = rng.choice(blank)
        card.word = rng.choice(adventurer_words)
        deck.inscriptions.append(Inscription(game, card.code, card.word))
        notes.append(f"{card_name(card.code)} inscribed {card.word}")
    deck.streak += 1
    if deck.streak >= CLEARS_TO_LEVEL:
        deck.streak = 0
        deck.level += 1
        deck.inscriptions.append(Inscription(game, "deck", f"+1 on every Monster: Level {deck.level}"))
        notes.append(f"Level {deck.level}")
    record.xp = CLEAR_XP
    record.note = "; ".join(notes)
    record.game = game
    deck.history.append(record)
    return deck


def roll_scar(deck: Deck, rng: Rng, equipment_words: list[str]) -> ScarRecord:
    """Steps 1, 2 and 4 of a fall, drawn at once; the Monster word (step 3) is the owner's pick."""
    scar = ScarRecord(game=len(deck.history) + 1)
    blank_monsters = [c for c in deck.cards if c.code in MONSTER_CODES and not c.word]
    if blank_monsters:
        scar.monster = rng.choice(blank_monsters).code
    blank_gear = [c for c in deck.cards if c.code in EQUIPMENT_CODES and not c.word]
    if blank_gear:  # R23: a piece already upgraded is never drawn again
        card = rng.choice(blank_gear)
        scar.equipment = card.code
        scar.modifier = int(card.code[:-1])
        if equipment_words:
            scar.equipment_word = rng.choice(equipment_words)
    if not scar.monster:
        scar.modifier = 0
    return scar


def record_fall(deck: Deck, scar: ScarRecord, monster_word: str, record: GameRecord) -> Deck:
    """A fall: the scar written in the rulebook's order, +10 XP, the clear streak broken."""
    deck = copy_deck(deck)
    game = len(deck.history) + 1
    _gain_xp(deck, FALL_XP)
    deck.falls += 1
    deck.streak = 0
    scar = msgspec.structs.replace(scar, game=game)
    notes = []
    if scar.monster:
        card = deck.card(scar.monster)
        card.word = monster_word
        card.modifier = scar.modifier
        scar = msgspec.structs.replace(scar, monster_word=monster_word)
        deck.inscriptions.append(Inscription(game, card.code, f"{monster_word} +{scar.modifier}"))
        notes.append(f"{card_name(card.code)} became {monster_word} +{scar.modifier}")
    if scar.equipment and scar.equipment_word:
        card = deck.card(scar.equipment)
        card.word = scar.equipment_word
        deck.inscriptions.append(Inscription(game, card.code, card.word))
        notes.append(f"{card_name(card.code)} upgraded with {card.word}")
    deck.scars.append(scar)
    record.xp = FALL_XP
    record.note = "; ".join(notes)
    record.game = game
    deck.history.append(record)
    return deck


def name_deck(deck: Deck, name: str) -> Deck:
    """Name a deck: allowed once it has cleared a dungeon (R24), and only once."""
    name = name.strip()
    if deck.clears == 0:
        raise ValueError("A deck gets its name when it first clears a dungeon.")
    if deck.name:
        raise ValueError(f"This deck is already named {deck.name}.")
    if not 1 <= len(name) <= 24:
        raise ValueError("A deck name is 1 to 24 characters.")
    deck = copy_deck(deck)
    deck.name = name
    deck.inscriptions.append(Inscription(len(deck.history), "deck", f"named {name}"))
    return deck
