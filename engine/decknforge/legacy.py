"""The legacy Deck and the pure functions that write a finished game onto it.

Nothing here touches files: the saves layer stores Decks. A table holds TableDecks (a deck
without its history); a game's result is a DeckResult, merged onto the deck as it is stored
when the game ends. Every function returns a new Deck and leaves its input as it was, so a
game abandoned half-way changes no deck.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any, Literal

import msgspec

from engine.core.legacy import Legacy
from engine.core.rng import Rng
from engine.decknforge.lexicon import Word, base_index

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
DECK_POSITION = {code: place for place, code in enumerate(DECK_CODES)}  # the order a deck lists


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
    # The definitions of the coined words on its cards, so the deck plays anywhere (R45).
    words: list[Word] = msgspec.field(default_factory=list)

    def card(self, code: str) -> DeckCard:
        for card in self.cards:
            if card.code == code:
                return card
        raise KeyError(code)


class TableDeck(msgspec.Struct):
    """A deck as a table holds it: what play needs, without its history (R41). A save keeps
    these, so its size does not grow with a deck's age; `fingerprint` names the stored
    version that was brought."""

    initials: str
    id: str = ""
    name: str = ""
    level: int = NEW_LEVEL
    xp: int = 0
    streak: int = 0
    clears: int = 0
    falls: int = 0
    cards: list[DeckCard] = msgspec.field(default_factory=list)  # [] in a game's state: its
    fingerprint: str = ""  # cards are all on the table, each a Card
    words: list[Word] = msgspec.field(default_factory=list)  # its coined words' definitions

    def card(self, code: str) -> DeckCard:
        for card in self.cards:
            if card.code == code:
                return card
        raise KeyError(code)


def fingerprint(deck: Deck) -> str:
    """A short name for one version of a deck: any change to it (a game, a name) changes it.
    The definitions it carries are not part of it (they say what its words mean, and a deck
    filed before it carried them keeps the name it had)."""
    data = msgspec.to_builtins(deck)
    data.pop("words", None)
    return hashlib.blake2b(msgspec.json.encode(data), digest_size=8).hexdigest()


def carried_words(cards: Iterable[Any], known: Iterable[Word]) -> list[Word]:
    """The definitions a deck with these `cards` carries: one for each coined word written on
    them (in deck order) that `known` defines (the first definition of a name wins), without
    its review history (R45)."""
    by_name: dict[str, Word] = {}
    for word in known:
        by_name.setdefault(word.name, word)
    base = base_index()
    carried: list[Word] = []
    seen: set[str] = set()
    for card in sorted(cards, key=_order):
        name = card.word
        if not name or name in base or name in seen or name not in by_name:
            continue
        seen.add(name)
        carried.append(msgspec.structs.replace(by_name[name], history=(), note="", author_id=""))
    return carried


def with_words(deck: Deck, known: Iterable[Word]) -> Deck:
    """The deck carrying the definition of every coined word on it that it or `known` holds
    (its own definitions first); the same object when nothing changes."""
    words = carried_words(deck.cards, [*deck.words, *known])
    if words == deck.words:
        return deck
    return msgspec.structs.replace(deck, words=words)


def undefined_words(deck: Deck | TableDeck) -> list[str]:
    """Coined words on the deck's cards that it carries no definition of."""
    own = {w.name for w in deck.words}
    base = base_index()
    names = [c.word for c in sorted(deck.cards, key=_order) if c.word]
    return list(dict.fromkeys(n for n in names if n not in base and n not in own))


def table_deck(deck: Deck, with_cards: bool = True) -> TableDeck:
    """The deck as a table holds it; `with_cards=False` leaves its card list empty, as a game's
    state keeps it once every card is on the table."""
    return TableDeck(
        initials=deck.initials,
        id=deck.id,
        name=deck.name,
        level=deck.level,
        xp=deck.xp,
        streak=deck.streak,
        clears=deck.clears,
        falls=deck.falls,
        cards=[DeckCard(c.code, c.word, c.modifier) for c in deck.cards] if with_cards else [],
        fingerprint=fingerprint(deck),
        words=list(deck.words),
    )


def history_free(deck: TableDeck, cards: Iterable[Any] = ()) -> Deck:
    """A table deck as a Deck with no history: enough to show what a result would make of it.
    `cards` (objects with a code, a word and a modifier or mod) stand in for the deck's own
    card list, which a game's state leaves empty."""
    listed = [DeckCard(c.code, c.word, getattr(c, "modifier", getattr(c, "mod", 0))) for c in cards]
    return Deck(
        initials=deck.initials,
        id=deck.id,
        name=deck.name,
        level=deck.level,
        xp=deck.xp,
        streak=deck.streak,
        legendary=deck.xp >= LEGEND_XP,
        clears=deck.clears,
        falls=deck.falls,
        cards=sorted(listed or [DeckCard(c.code, c.word, c.modifier) for c in deck.cards], key=_order),
        words=list(deck.words),
    )


def _order(card: Any) -> int:
    return DECK_POSITION[card.code]


def _in_deck_order(codes: list[str]) -> list[str]:
    return sorted(codes, key=DECK_POSITION.__getitem__)


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


def check_deck(deck: Deck | TableDeck) -> list[str]:
    """Why a deck cannot be brought to a table; [] when it is whole."""
    codes = [card.code for card in deck.cards]
    problems = []
    if len(codes) != len(DECK_CODES) or set(codes) != DECK_POSITION.keys():  # each card once
        problems.append(f"{deck.initials}'s deck does not hold the 54 cards exactly once.")
    if deck.level < 1 or deck.xp < 0 or deck.streak < 0:
        problems.append(f"{deck.initials}'s deck has impossible numbers.")
    return problems


def check_stored_deck(deck: Deck) -> list[str]:
    """Why a deck file's deck could not have come from play; [] when it could. Beyond what a
    table needs (check_deck), its story names only cards of a deck."""
    problems = check_deck(deck)
    for mark in deck.inscriptions:
        if mark.card != "deck" and mark.card not in DECK_POSITION:
            problems.append(f"Something is written on an unknown card {mark.card[:8]!r}.")
    for scar in deck.scars:
        if scar.monster not in MONSTER_CODES | {""} or scar.equipment not in EQUIPMENT_CODES | {""}:
            problems.append(f"A scar names an unknown card ({scar.monster[:8]!r}, {scar.equipment[:8]!r}).")
    from engine.decknforge.lexicon import check_stored_word

    for word in deck.words:
        problems += check_stored_word(word)
    return problems


def copy_deck(deck: Deck) -> Deck:
    return msgspec.json.decode(msgspec.json.encode(deck), type=Deck)


def attack_value(deck: Deck | TableDeck, code: str) -> int:
    """A Monster's base value: the deck's Level plus its written modifier."""
    return deck.level + deck.card(code).modifier


def xp_to_legend(deck: Deck) -> int:
    return max(0, LEGEND_XP - deck.xp)


def _gain_xp(deck: Deck, xp: int) -> None:
    deck.xp += xp
    deck.legendary = deck.xp >= LEGEND_XP


# ----- a game's result, merged onto the deck as it is stored when the game ends ------------


class Mark(msgspec.Struct, array_like=True):
    """Something a game writes on one card: a word, and a Monster's number."""

    card: str
    word: str
    modifier: int = 0


class DeckResult(msgspec.Struct):
    """What one game gives one deck: its result and the marks it writes (R41)."""

    result: Literal["clear", "fall", "driven_out"]
    seed: int
    band: list[str]
    rounds: int
    marks: list[Mark] = msgspec.field(default_factory=list)
    scar: ScarRecord | None = None


def clear_marks(cards: Iterable[Any], rng: Rng, adventurer_words: list[str]) -> list[Mark]:
    """A cleared dungeon's inscription: a random blank Adventurer of the deck (its `cards`, any
    objects with a code and a word) takes a random word of the Adventurer lexicon (8; R22)."""
    blank = _in_deck_order([c.code for c in cards if c.code in ADVENTURER_CODES and not c.word])
    if not blank or not adventurer_words:
        return []
    card = rng.choice(blank)
    return [Mark(card, rng.choice(adventurer_words))]


def roll_scar(cards: Iterable[Any], rng: Rng) -> ScarRecord:
    """Steps 1 and 2 of a fall, from the deck's `cards`: a blank Monster, and a blank piece of
    Equipment whose number is the modifier. Steps 3 and 4, the words, are the owner's (R23)."""
    cards = list(cards)
    scar = ScarRecord(game=0)
    blank_monsters = _in_deck_order([c.code for c in cards if c.code in MONSTER_CODES and not c.word])
    if blank_monsters:
        scar.monster = rng.choice(blank_monsters)
    blank_gear = _in_deck_order([c.code for c in cards if c.code in EQUIPMENT_CODES and not c.word])
    if blank_gear:  # R23: a piece already upgraded is never drawn again
        scar.equipment = rng.choice(blank_gear)
        if scar.monster:
            scar.modifier = int(scar.equipment[:-1])
    return scar


def scar_marks(scar: ScarRecord) -> list[Mark]:
    marks = []
    if scar.monster and scar.monster_word:
        marks.append(Mark(scar.monster, scar.monster_word, scar.modifier))
    if scar.equipment and scar.equipment_word:
        marks.append(Mark(scar.equipment, scar.equipment_word))
    return marks


def apply_result(deck: Deck, result: DeckResult, known: Iterable[Word] = ()) -> Deck:
    """The deck as it is now, with one game's result written on it (a new Deck), carrying
    the definitions (its own, else `known`: the table's) of the coined words on it (R45).

    The deck may have changed since the game began (renamed, or another game's result
    written first): XP, the streak and the Level follow the deck as it is now, and a mark
    meant for a card that has been written on meanwhile is left off, said in the note,
    because nothing written on a deck is ever written over (R41).
    """
    deck = copy_deck(deck)
    game = len(deck.history) + 1
    clear = result.result == "clear"
    xp = CLEAR_XP if clear else FALL_XP
    _gain_xp(deck, xp)
    notes = []
    for mark in result.marks:
        card = deck.card(mark.card)
        name = card_name(mark.card)
        if card.word:
            notes.append(f"{name} already carried {card.word}: {mark.word} was not written")
            continue
        card.word, card.modifier = mark.word, mark.modifier
        if mark.card in MONSTER_CODES:
            deck.inscriptions.append(Inscription(game, mark.card, f"{mark.word} +{mark.modifier}"))
            notes.append(f"{name} became {mark.word} +{mark.modifier}")
        else:
            deck.inscriptions.append(Inscription(game, mark.card, mark.word))
            notes.append(f"{name} {'inscribed' if clear else 'upgraded with'} {mark.word}")
    if clear:
        deck.clears += 1
        deck.streak += 1
        if deck.streak >= CLEARS_TO_LEVEL:
            deck.streak = 0
            deck.level += 1
            deck.inscriptions.append(Inscription(game, "deck", f"+1 on every Monster: Level {deck.level}"))
            notes.append(f"Level {deck.level}")
    else:
        deck.falls += 1
        deck.streak = 0
        if result.scar is not None:
            deck.scars.append(msgspec.structs.replace(result.scar, game=game))
    deck.history.append(
        GameRecord(game, result.seed, result.result, list(result.band), result.rounds, xp, "; ".join(notes))
    )
    deck.words = carried_words(deck.cards, [*deck.words, *known])
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


class DecknForgeLegacy(Legacy):
    """A finished game's result on every stored deck at the table (R41), and the coined words
    it wrote marked as carried (R40)."""

    deck_type = Deck
    # 2: a deck carries the definitions of the coined words on it (R45); a version 1 file
    # reads as it is and gains them from its own folder's Lexicon when it is next read there.
    deck_version = 2

    @property
    def word_type(self) -> Any:
        from engine.decknforge.lexicon import Word

        return Word

    def check_deck(self, deck: Deck) -> list[str]:
        return check_stored_deck(deck)

    def check_word(self, word: Any) -> list[str]:
        from engine.decknforge.lexicon import check_stored_word

        return check_stored_word(word)

    def complete_deck(self, deck: Deck, words: Any) -> Deck:
        return with_words(deck, words()) if undefined_words(deck) else deck

    def deck_ids(self, state: Any) -> list[str]:
        return [deck.id for deck in state.decks] if state.phase == "over" else []

    def write_on(self, deck: Deck, state: Any, seat: int) -> tuple[Deck, str]:
        note = ""
        if fingerprint(deck) != state.decks[seat].fingerprint:
            note = (
                f"{deck.initials}'s deck changed while this game was played: the result was"
                " written onto it as it is now."
            )
        return apply_result(deck, state.results[seat], table_words(state)), note

    def words_written(self, state: Any) -> set[str]:
        from engine.decknforge.lexicon import base_index

        results = state.results if state.phase == "over" else []
        return {m.word for r in results for m in r.marks if m.word not in base_index()}

    def mark_written(self, word: Any) -> Any:
        return msgspec.structs.replace(word, inscribed=True)


def table_words(state: Any) -> list[Word]:
    """Every coined word defined at a table: its Lexicon's, then those its decks carried."""
    return [*state.coined, *(w for d in state.decks for w in d.words)]


LEGACY = DecknForgeLegacy()
