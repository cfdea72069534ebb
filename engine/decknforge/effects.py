"""The Qi Word interpreter: one small handler per effect op of the vocabulary (lexicon.OPS)."""

from __future__ import annotations

from collections.abc import Callable

from engine.decknforge.lexicon import Effect, Word, base_index, effect_text
from engine.decknforge.model import (
    ACTIONS_PER_TURN,
    HAND_LIMIT,
    LABEL,
    STRENGTH_PER_PLAYER,
    VALUE,
    Card,
    Slot,
    State,
)

LOG_LENGTH = 40
MAX_EXTRA_ACTIONS = 2  # R18: banked actions never pile up past this


def log(state: State, text: str) -> None:
    state.log.append(text)
    if len(state.log) > LOG_LENGTH:
        del state.log[:-LOG_LENGTH]


def lookup(state: State, name: str) -> Word | None:
    """A word by name: the base Lexicon first, then the coined words brought to this table."""
    if not name:
        return None
    word = base_index().get(name)
    if word is not None:
        return word
    for coined in state.coined:
        if coined.name == name and coined.status != "rejected":
            return coined
    return None


def monster_value(state: State, card: Card) -> int:
    """Base value of a Monster: its deck's Level plus its modifier (glossary: MONSTER)."""
    return state.players[card.owner].level + card.mod


def dungeon_monsters(state: State) -> list[Card]:
    """Every Monster still in the dungeon: the pile, the rows, escalations and the lair (R1).

    The gentle house rule (R34) leaves out the pile: Monsters count once they have come out.
    """
    cards = state.lair + state.escalations
    if not state.gentle:
        cards = state.monster_pile + cards
    for row in state.rows:
        cards += row
    return cards


def strength(state: State) -> int:
    """25 per player + the Monsters' base values + word adjustments, never below 25 per player
    (R1, R16)."""
    floor = STRENGTH_PER_PLAYER * len(state.players)
    total = floor + sum(monster_value(state, c) for c in dungeon_monsters(state))
    return max(floor, total + state.strength_adjust)


def equipped_total(state: State) -> int:
    return sum(VALUE[g.code] for p in state.players for s in p.slots for g in s.gear)


class Attack:
    """What words change about one Monster's strike. Lives only inside one apply() call."""

    __slots__ = ("monster", "suits", "empower", "weaken", "retaliate", "extra", "spared",
                 "keep", "ward", "hits", "returned")  # fmt: skip

    def __init__(self, monster: Card | None) -> None:
        self.monster = monster
        self.suits: set[str] = {monster.code[-1]} if monster and monster.code[0] == "A" else set()
        self.empower = 0
        self.weaken = 0
        self.retaliate = 0
        self.extra = 0
        self.spared: set[tuple[int, str]] = set()
        self.keep: dict[tuple[int, str], int] = {}
        self.ward: set[tuple[int, str]] = set()
        self.hits: list[tuple[int, Slot]] = []
        self.returned = False


# ----- drawing, shared by actions and effects -------------------------------------------------


def draw_into_hand(state: State, seat: int, pile: str, count: int) -> list[Card]:
    player = state.players[seat]
    deck = player.equipment_deck if pile == "equipment" else player.adventurer_deck
    drawn = []
    for _ in range(min(count, HAND_LIMIT - len(player.hand), len(deck))):
        drawn.append(deck.pop())
    player.hand.extend(drawn)
    return drawn


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


def _spare(state, effect, owner, attack, adventurer):
    if attack is not None and adventurer is not None:
        attack.spared.add((owner, adventurer.code))


def _own_targets(owner: int, attack: Attack, adventurer: Card | None) -> list[tuple[int, str]]:
    """This Adventurer for an Adventurer word; every hit Adventurer of the caster otherwise."""
    if adventurer is not None:
        return [(owner, adventurer.code)]
    return [(seat, slot.adventurer.code) for seat, slot in attack.hits if seat == owner]


def _keep_gear(state, effect, owner, attack, adventurer):
    if attack is not None:
        for key in _own_targets(owner, attack, adventurer):
            attack.keep[key] = attack.keep.get(key, 0) + effect.amount


def _ward(state, effect, owner, attack, adventurer):
    if attack is None:
        return
    if adventurer is not None:
        attack.ward.add((owner, adventurer.code))
    else:
        attack.ward.update((owner, s.adventurer.code) for s in state.players[owner].slots)


def _draw_equipment(state, effect, owner, attack, adventurer):
    draw_into_hand(state, owner, "equipment", effect.amount)


def _draw_adventurer(state, effect, owner, attack, adventurer):
    draw_into_hand(state, owner, "adventurer", effect.amount)


def _actions(state, effect, owner, attack, adventurer):
    if state.phase == "turn" and state.turn == owner and attack is None:
        state.actions_left += effect.amount
    else:  # R18: outside your turn, the actions wait for your next one
        player = state.players[owner]
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
        for _ in range(min(effect.amount, len(player.hand))):
            player.discard.append(player.hand.pop(state.rng.below(len(player.hand))))


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
        state.players[seat].discard.append(slot.gear.pop(i))


def _burn_deck(state, effect, owner, attack, adventurer):
    for player in state.players:
        for _ in range(min(effect.amount, len(player.equipment_deck))):
            player.discard.append(player.equipment_deck.pop())


def _return(state, effect, owner, attack, adventurer):
    if attack is not None:
        attack.returned = True


HANDLERS: dict[str, Handler] = {
    "retaliate": _retaliate,
    "weaken": _weaken,
    "empower": _empower,
    "spare": _spare,
    "keep_gear": _keep_gear,
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
    "return": _return,
}


def run_word(
    state: State,
    word: Word,
    owner: int,
    source: Card,
    attack: Attack | None = None,
    adventurer: Card | None = None,
) -> None:
    """Carry out every effect of a word whose trigger just fired, and log it."""
    for effect in word.effects:
        HANDLERS[effect.op](state, effect, owner, attack, adventurer)
    said = " and ".join(effect_text(word.kind, e) for e in word.effects)
    log(state, f"{state.players[owner].initials}'s {LABEL[source.code]} {word.name}: {said}.")


# ----- who hears a trigger ---------------------------------------------------------------------


def fire_band(
    state: State,
    event: str,
    attack: Attack | None = None,
    suit: str = "",
    seats: set[int] | None = None,
    only: set[tuple[int, str]] | None = None,
) -> None:
    """Fire `event` on every Adventurer word in play and every cast Equipment word.

    `seats` limits cast words to those players; `only` limits Adventurer words to those
    Adventurers (the hit ones, for hit triggers).
    """
    for player in state.players:
        for slot in list(player.slots):
            card = slot.adventurer
            if not card.word or (only is not None and (player.seat, card.code) not in only):
                continue
            word = lookup(state, card.word)
            if word is not None and _hears(word, event, suit):
                run_word(state, word, player.seat, card, attack, card)
        if seats is not None and player.seat not in seats:
            continue
        for card in list(player.cast):
            word = lookup(state, card.word)
            if word is not None and _hears(word, event, suit):
                run_word(state, word, player.seat, card, attack)


def fire_monster(state: State, monster: Card, event: str, attack: Attack | None) -> None:
    word = lookup(state, monster.word)
    if word is not None and word.trigger.event == event:
        run_word(state, word, monster.owner, monster, attack)


def _hears(word: Word, event: str, suit: str) -> bool:
    trigger = word.trigger
    if trigger.event == event:
        return True
    return event == "hit" and trigger.event == "hit_suit" and trigger.suit == suit


def start_turn(state: State, seat: int) -> None:
    player = state.players[seat]
    state.turn = seat
    state.actions_left = ACTIONS_PER_TURN + player.extra_actions
    player.extra_actions = 0
