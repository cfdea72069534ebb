"""The Qi Word interpreter: one small handler per effect op of the vocabulary (lexicon.OPS)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.log import Line, Part
from engine.decknforge.lexicon import Effect, Word, base_index, effect_text
from engine.decknforge.model import (
    HAND_LIMIT,
    LABEL,
    SLOTS,
    STRENGTH_PER_PLAYER,
    VALUE,
    Card,
    Slot,
    State,
)

LOG_LENGTH = 40
MAX_EXTRA_ACTIONS = 2  # R18: banked actions never pile up past this


def log(state: State, what: str, *parts: Part) -> None:
    """Write a log line: its kind and parts, worded in wording.py. Only the newest LOG_LENGTH
    lines are kept."""
    lines = state.log
    lines.append(Line(what, parts))
    if len(lines) > LOG_LENGTH:
        del lines[:-LOG_LENGTH]


def labels(cards) -> tuple[str, ...]:
    return tuple([LABEL[card.code] for card in cards])


def lookup(state: State, name: str) -> Word | None:
    """A word by name: the base Lexicon first, then the coined words brought to this table."""
    if not name:
        return None
    word = base_index().get(name)
    if word is not None:
        return word
    for coined in state.coined:
        if coined.name == name:
            return coined
    return None


def monster_values(state: State, cards: list[Card]) -> list[int]:
    """Base value of each Monster: its deck's Level plus its modifier (glossary: MONSTER)."""
    levels = [player.level for player in state.players]
    return [levels[card.owner] + card.mod for card in cards]


def monster_value(state: State, card: Card) -> int:
    return monster_values(state, [card])[0]


def dungeon_monsters(state: State) -> list[Card]:
    """Every Monster still in the dungeon: the pile, the rows, escalations and the lair (R1).

    The gentle reading (R34) leaves out the pile: Monsters count once they have come out.
    """
    cards = state.lair + state.escalations
    if not state.gentle:
        cards = state.monster_pile + cards
    for row in state.rows:
        cards += row
    return cards


def owner_tag(state: State, seat: int) -> str:
    """Whose card it is, in a log line: the deck's initials, and in the solo variant, whose
    two decks share them, its seat as well (R20)."""
    return f"{state.players[seat].initials}{f'#{seat + 1}' if state.solo else ''}"


def strength(state: State) -> int:
    """25 per player + the Monsters' base values + this round's word adjustments, never below
    25 per player (R1, R16)."""
    floor = STRENGTH_PER_PLAYER * len(state.players)
    total = floor + sum(monster_values(state, dungeon_monsters(state)))
    return max(floor, total + state.strength_adjust)


def equipped_total(state: State) -> int:
    return sum([VALUE[g.code] for p in state.players for s in p.slots for g in s.gear])


class Attack:
    """What words change about one Monster's strike. Lives only inside one apply() call."""

    __slots__ = ("monster", "suits", "empower", "weaken", "retaliate", "extra", "ward", "hits", "stripped")

    def __init__(self, monster: Card | None) -> None:
        self.monster = monster
        self.suits: set[str] = {monster.code[-1]} if monster and monster.code[0] == "A" else set()
        self.empower = 0
        self.weaken = 0
        self.retaliate = 0
        self.extra = 0
        self.ward: set[tuple[int, str]] = set()
        self.hits: list[tuple[int, Slot]] = []  # as they stood when hit (step 1)
        self.stripped: list[list[Card]] = []  # a placed joker's hits: the gear each lost (R4)


# ----- moves that words and actions share ----------------------------------------------------


def draw_into_hand(state: State, seat: int, pile: str, count: int) -> list[Card]:
    player = state.players[seat]
    deck = player.equipment_deck if pile == "equipment" else player.adventurer_deck
    count = min(count, HAND_LIMIT - len(player.hand), len(deck))
    if count <= 0:
        return []
    drawn = deck[-count:]  # the top of the pile is its end: drawn one by one, last first
    del deck[-count:]
    drawn.reverse()
    player.hand += drawn
    return drawn


def hire(state: State, seat: int, card: Card) -> None:
    """An Adventurer takes an empty slot: its own hired word, then the words cast to wait for a
    hire (R28)."""
    player = state.players[seat]
    player.slots.append(Slot(card))
    word = lookup(state, card.word)
    if word is not None and word.trigger.event == "hired":
        run_word(state, word, seat, card, None, card)
    fire_cast(state, seat, "hire", card)


def fire_cast(state: State, seat: int, event: str, adventurer: Card) -> None:
    """The caster's own move wakes the cast words waiting for it; each speaks once and then
    burns (R9). Only the caster's moves wake them, so players' turns never interfere (R5)."""
    player = state.players[seat]
    if not player.cast:
        return
    for card in list(player.cast):
        word = lookup(state, card.word)
        if word is not None and word.trigger.event == event and card in player.cast:
            tell_word(state, word, seat, card)  # names the card before it burns
            player.cast.remove(card)
            player.discard.append(card)
            do_word(state, word, seat, None, adventurer)


# ----- the handlers ---------------------------------------------------------------------------

Handler = Callable[[State, Effect, int, Attack | None, Card | None], None]


def _retaliate(state, effect, owner, attack, adventurer):
    if attack is not None:
        attack.retaliate += effect.amount


def _weaken(state, effect, owner, attack, adventurer):
    if attack is not None:
        attack.weaken += effect.amount


def _empower(state, effect, owner, attack, adventurer):
    if attack is not None:
        attack.empower += effect.amount


def _ward(state, effect, owner, attack, adventurer):
    if attack is not None and adventurer is not None:
        attack.ward.add((owner, adventurer.code))


def _draw(state: State, owner: int, pile: str, amount: int) -> None:
    """A word's draw, told as a count: the cards go into a hidden hand."""
    player = state.players[owner]
    deck = player.equipment_deck if pile == "equipment" else player.adventurer_deck
    count = min(amount, HAND_LIMIT - len(player.hand), len(deck))
    if count:
        log(state, "word draws", player.label, count, pile)
        draw_into_hand(state, owner, pile, count)


def _draw_equipment(state, effect, owner, attack, adventurer):
    _draw(state, owner, "equipment", effect.amount)


def _draw_adventurer(state, effect, owner, attack, adventurer):
    _draw(state, owner, "adventurer", effect.amount)


def _actions(state, effect, owner, attack, adventurer):
    player = state.players[owner]
    if attack is None and state.phase == "turn" and not player.done:
        player.actions_left += effect.amount
    else:  # R18: won in an attack, the actions wait for the next turn
        player.extra_actions = min(MAX_EXTRA_ACTIONS, player.extra_actions + effect.amount)


def _sap(state, effect, owner, attack, adventurer):
    state.strength_adjust -= effect.amount


def _fortify(state, effect, owner, attack, adventurer):
    state.strength_adjust += effect.amount


def _also_suit(state, effect, owner, attack, adventurer):
    if attack is not None:
        attack.suits.add(effect.suit)


def _reinforce(state, effect, owner, attack, adventurer):
    if attack is not None:
        attack.extra += effect.amount


def _strip_hand(state, effect, owner, attack, adventurer):
    for player in state.players:
        left = list(player.hand)  # the picks first, so the line names them before they go
        picked = [left.pop(state.rng.below(len(left))) for _ in range(min(effect.amount, len(left)))]
        if picked:
            log(state, "hand stripped", player.label, labels(picked))
            for card in picked:
                player.hand.remove(card)
            player.discard.extend(picked)


def _smash(state, effect, owner, attack, adventurer):
    for _ in range(effect.amount):
        best: tuple[int, Slot, int] | None = None
        for player in state.players:
            for slot in player.slots:
                for i, gear in enumerate(slot.gear):
                    if best is None or VALUE[gear.code] > VALUE[best[1].gear[best[2]].code]:
                        best = (player.seat, slot, i)
        if best is None:
            return
        seat, slot, i = best
        log(state, "smashed", LABEL[slot.gear[i].code], f"{LABEL[slot.adventurer.code]}/{owner_tag(state, seat)}")
        state.players[seat].discard.append(slot.gear.pop(i))


def _burn_deck(state, effect, owner, attack, adventurer):
    for player in state.players:
        burnt = player.equipment_deck[len(player.equipment_deck) - min(effect.amount, len(player.equipment_deck)) :]
        if burnt:
            log(state, "deck burnt", player.label, labels(reversed(burnt)))
            for _ in burnt:
                player.discard.append(player.equipment_deck.pop())


def _arm(state, effect, owner, attack, adventurer):
    """The top Equipment of the deck goes onto the Adventurer the word names (R37)."""
    player = state.players[owner]
    slots = player.slots
    if adventurer is not None:
        slots = [s for s in slots if s.adventurer == adventurer]
    if not slots or not player.equipment_deck:
        return
    target = min(slots, key=lambda s: sum(VALUE[g.code] for g in s.gear))
    for _ in range(min(effect.amount, len(player.equipment_deck))):
        card = player.equipment_deck[-1]
        log(state, "armed", LABEL[card.code], player.label, LABEL[target.adventurer.code])
        target.gear.append(player.equipment_deck.pop())


def _recruit(state, effect, owner, attack, adventurer):
    player = state.players[owner]
    if len(player.slots) < SLOTS and player.adventurer_deck:
        card = player.adventurer_deck.pop()
        log(state, "recruited", player.label, LABEL[card.code])
        hire(state, owner, card)


HANDLERS: dict[str, Handler] = {
    "retaliate": _retaliate,
    "weaken": _weaken,
    "empower": _empower,
    "ward": _ward,
    "draw_equipment": _draw_equipment,
    "draw_adventurer": _draw_adventurer,
    "actions": _actions,
    "sap": _sap,
    "fortify": _fortify,
    "also_suit": _also_suit,
    "reinforce": _reinforce,
    "strip_hand": _strip_hand,
    "smash": _smash,
    "burn_deck": _burn_deck,
    "arm": _arm,
    "recruit": _recruit,
}


def run_word(
    state: State,
    word: Word,
    owner: int,
    source: Card,
    attack: Attack | None = None,
    adventurer: Card | None = None,
) -> None:
    """Carry out every effect of a word whose trigger just fired. The log line names its cause
    before its effect, so it is written first."""
    tell_word(state, word, owner, source)
    do_word(state, word, owner, attack, adventurer)


def tell_word(state: State, word: Word, owner: int, source: Card) -> None:
    """The line of a word that fires: whose card, which word, what it does."""
    effects = tuple([effect_text(word.kind, e, word.trigger.event) for e in word.effects])
    log(state, "word", owner_tag(state, owner), LABEL[source.code], word.name, effects)


def do_word(
    state: State, word: Word, owner: int, attack: Attack | None = None, adventurer: Card | None = None
) -> None:
    """The effects of a word whose line is written."""
    for effect in word.effects:
        handler = HANDLERS.get(effect.op)
        if handler is not None:  # R40: a word the vocabulary no longer has is inert
            handler(state, effect, owner, attack, adventurer)


# ----- who hears a trigger in the Monster attack and at READY ---------------------------------


def fire_band(
    state: State,
    event: str,
    attack: Attack | None = None,
    suit: str = "",
    listeners: list[tuple[int, Card]] | None = None,
) -> None:
    """Fire `event` on the Adventurer words of the band: every Adventurer in play, in seat and
    slot order (R28), or only `listeners` when given (the hit ones, for hit triggers)."""
    if listeners is None:
        listeners = [(p.seat, s.adventurer) for p in state.players for s in p.slots if s.adventurer.word]
    for seat, card in listeners:
        if not card.word:
            continue
        word = lookup(state, card.word)
        if word is not None and _hears(word, event, suit):
            run_word(state, word, seat, card, attack, card)


def fire_monster(state: State, monster: Card, event: str, attack: Attack | None) -> None:
    if not monster.word:  # most Monsters carry no word: nothing to look up
        return
    word = lookup(state, monster.word)
    if word is not None and word.trigger.event == event:
        run_word(state, word, monster.owner, monster, attack)


def _hears(word: Word, event: str, suit: str) -> bool:
    if word.kind != "adventurer":
        return False
    trigger = word.trigger
    if trigger.event == event:
        return True
    return event == "hit" and trigger.event == "hit_suit" and trigger.suit == suit
