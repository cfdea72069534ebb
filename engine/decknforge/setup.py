"""Setting up a dungeon from the decks the band brings (rulebook section 4)."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.decknforge.effects import fire_band, log, lookup
from engine.decknforge.legacy import (
    Deck,
    DeckCard,
    TableDeck,
    card_name,
    check_deck,
    fresh_deck,
    table_deck,
)
from engine.decknforge.lexicon import Word, base_index, check_word, vocabulary_problems
from engine.decknforge.model import (
    HAND_LIMIT,
    ROLE,
    STARTING_ADVENTURERS,
    Card,
    Player,
    Slot,
    State,
)

DEFAULT_INITIALS = ("P1", "P2", "P3", "P4")
# Cards are frozen, so every game a deck plays at the same seat can share its Card objects:
# they are made once per seat and card list (its JSON) and kept, up to this many decks.
_KEPT_DECKS = 256
_table_cards: dict[tuple[int, bytes], dict[str, tuple[Card, ...]]] = {}


def fresh_band(players: int, solo: bool = False) -> list[Deck]:
    """New decks for a default game; the solo variant's two decks share their owner's initials."""
    if solo:
        return [fresh_deck("ME"), fresh_deck("ME")]
    return [fresh_deck(DEFAULT_INITIALS[i]) for i in range(players)]


def _check_coined(coined: list[Word], decks: list[TableDeck]) -> None:
    """Coined words must be sound; one the vocabulary no longer allows is kept, inert where
    it cannot fire, only when a deck at the table carries it (R40)."""
    if not coined:
        return
    taken: set[str] = set(base_index())
    written = {c.word for deck in decks for c in deck.cards if c.word}
    for word in coined:
        problems = check_word(word, taken)
        if word.name in written:
            problems = [p for p in problems if p not in vocabulary_problems(word)]
        if problems:
            raise ValueError(f"Coined word {word.name}: {' '.join(problems)}")
        taken.add(word.name)


def _same_word(a: Word, b: Word) -> bool:
    return (a.kind, a.trigger, a.effects) == (b.kind, b.trigger, b.effects)


def _with_carried(coined: list[Word], decks: list[Deck | TableDeck]) -> list[Word]:
    """The table's words and those its decks carry (R45): everyone brings their own Lexicon,
    so a deck's coined words join the table's. What a deck carries is what was written on it,
    for good (R40): it stands for that name at this table, even where the table's Lexicon has
    since changed the word. Two decks meaning two things by one name are refused."""
    carried: dict[str, tuple[Word, str]] = {}
    base = base_index()
    for deck in decks:
        who = deck.name or deck.initials
        for word in deck.words:
            if word.name in base:
                continue  # the built-in word of that name is the one everybody knows
            other = carried.get(word.name)
            if other is None:
                carried[word.name] = (word, who)
            elif not _same_word(other[0], word):
                raise ValueError(
                    f"{other[1]}'s deck and {who}'s mean two things by {word.name}: one word"
                    " cannot mean two things at one table."
                )
    words = [carried.pop(w.name)[0] if w.name in carried else w for w in coined]
    return words + [word for word, _ in carried.values()]


def build_state(
    seed: int, decks: list[Deck | TableDeck], coined: list[Word], solo: bool, gentle: bool = False
) -> State:
    if not 2 <= len(decks) <= 4:
        raise ValueError("DecknForge needs 2 to 4 decks at the table.")
    if solo and (len(decks) != 2 or decks[0].initials != decks[1].initials):
        raise ValueError("The solo variant is one person bringing two of their own decks.")
    # The state's own copies, without their cards: every card goes on the table (R41). The
    # decks brought are only read, never changed.
    seated = [
        msgspec.structs.replace(d, cards=[]) if isinstance(d, TableDeck) else table_deck(d, with_cards=False)
        for d in decks
    ]
    coined = _with_carried(coined, decks)
    _check_coined(coined, decks)
    rng = Rng.from_seed(seed)
    state = State(
        rng=rng,
        seed=seed,
        solo=solo,
        gentle=gentle,
        players=[],
        monster_pile=[],
        rows=[[]],
        escalations=[],
        lair=[],
        slain=[],
        decks=seated,
        coined=list(coined),
    )
    for seat, deck in enumerate(decks):
        problems = check_deck(deck)
        if problems:
            raise ValueError(" ".join(problems))
        for dc in deck.cards:
            if dc.word and lookup(state, dc.word) is None:
                raise ValueError(
                    f"{deck.name or deck.initials}'s {card_name(dc.code)} carries {dc.word}, a word"
                    " this table's Lexicon does not hold and the deck file does not define."
                )
        piles = table_cards(seat, deck.cards)
        adventurers, equipment = list(piles["adventurer"]), list(piles["equipment"])
        rng.shuffle(adventurers)
        rng.shuffle(equipment)
        slots = [Slot(adventurers.pop()) for _ in range(STARTING_ADVENTURERS)]  # R3
        hand = [equipment.pop() for _ in range(HAND_LIMIT)]
        label = deck.name or deck.initials
        if solo:
            label = f"{label} #{seat + 1}"  # R20: the same initials on both seats
        state.players.append(
            Player(seat, deck.initials, label, deck.level, adventurers, equipment, hand, slots)
        )
        state.monster_pile += piles["monster"]  # initialled: Card.owner hands it back
    rng.shuffle(state.monster_pile)
    log(state, "enter", tuple([p.label for p in state.players]), len(state.monster_pile))
    fire_band(state, "round_start")  # the first READY
    return state


def table_cards(seat: int, cards: list[DeckCard]) -> dict[str, tuple[Card, ...]]:
    """A deck's cards as the Cards of the seat, by role, in the deck's order."""
    key = (seat, msgspec.json.encode(cards))
    piles = _table_cards.get(key)
    if piles is None:
        made: dict[str, list[Card]] = {"monster": [], "adventurer": [], "equipment": []}
        for dc in cards:
            made[ROLE[dc.code]].append(Card(seat, dc.code, dc.word, dc.modifier))
        if len(_table_cards) >= _KEPT_DECKS:
            _table_cards.clear()
        piles = _table_cards[key] = {role: tuple(made[role]) for role in made}
    return piles
