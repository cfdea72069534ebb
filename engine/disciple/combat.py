"""A fight: its start, the Disciple's turn and playing cards; the enemy's turn is enemy.py.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple import enemy as foe
from engine.disciple import trace
from engine.disciple.content import Card, load
from engine.disciple.effects import (
    check_lock,
    draw_cards,
    end_draw,
    fight_over,
    guard_kept,
    lock_met,
    log,
    resolve_player_ops,
)
from engine.disciple.energy import combo_hit, cost_of, default_taps, pay
from engine.disciple.model import COLOUR_LETTER, FIRST_HAND, Enemy, EnergyCard, State

KIND_WORD = {"upper": "Upperbody", "lower": "Lowerbody", "grapple": "Grapple", "none": "untyped"}

# ----- a fight starts -------------------------------------------------------------------


def start_combat(state: State, enemy_id: str) -> None:
    content = load()
    card = content.enemies[enemy_id]
    state.enemy = Enemy(
        id=card.id,
        name=card.name,
        tier=card.tier,
        vitality=card.vitality,
        max_vitality=card.vitality,
    )
    state.patterns = list(range(len(content.pile(enemy_id))))  # R21
    state.rng.shuffle(state.patterns)
    state.patterns_out = []
    state.patterns_used = []
    state.energy = [EnergyCard(colour, 1) for colour in state.allotment]  # R22
    state.pool = [0, 0, 0, 0]
    state.turn = 1
    state.phase = "player"
    log(state, f"{card.name} ({card.tier}, {card.vitality} vitality) blocks your path!")
    for k, special in enumerate(card.specials):
        if special.when == "start":
            if special.text:
                log(state, f"{card.name}: {special.text}")
            for i, op in enumerate(special.ops):
                trace.fire(f"enemy:{card.id}:special:{k}:op:{i}")
                foe.enemy_op(state, op, "none")
    draw_cards(state, FIRST_HAND)  # first turn: a hand of five, nothing fades yet


def start_player_turn(state: State) -> None:
    cards = load().cards
    state.turn += 1
    state.guard = min(state.guard, guard_kept(state))  # R25, R27
    assert state.enemy is not None
    state.enemy.rocked = 0
    if state.counters:
        log(state, "Unused counters are discarded.")
        state.discard.extend(state.counters)
        state.counters = []
    state.phase = "player"
    for slot in (state.stance, state.style, state.state_card):
        if not slot or fight_over(state):
            continue
        card = cards[slot]
        if card.focus:
            log(state, f"Focus: {card.name}.")
            resolve_player_ops(state, card, [("focus", card.focus)])
        elif state.locked and slot == state.state_card:
            log(state, f"{card.name} stays locked in.")
            trace.fire(f"card:{card.id}:lock_repeat")
            resolve_player_ops(state, card, [("effects", card.effects)])  # R8: it repeats


# ----- the Disciple plays a card --------------------------------------------------------


def _put_in_play(state: State, card: Card) -> None:
    if card.kind == "stance":
        old, state.stance = state.stance, card.id
    elif card.kind == "style":
        old, state.style = state.style, card.id
    else:
        old, state.state_card = state.state_card, card.id
        state.locked = False
        state.lock_damage = 0
    if old:
        log(state, f"{load().cards[old].name} leaves play.")
        state.discard.append(old)
    check_lock(state)


def tap_words(state: State, taps: tuple[int, ...]) -> str:
    return " ".join(COLOUR_LETTER[state.energy[i].colour] for i in taps) or "nothing"


def play_card(state: State, index: int, taps: tuple[int, ...] | None = None) -> None:
    card = load().cards[state.hand.pop(index)]
    if card.kind == "energy":
        state.energy.append(EnergyCard(card.colour, card.amount, card=card.id))
        trace.fire(f"card:{card.id}:play")
        log(state, f"You put {card.name} into play.")
        return
    flowing = combo_hit(state, card)
    cost = cost_of(state, card)
    if flowing:
        trace.fire(f"card:{state.last_played}:combo")
    if taps is None:
        taps = default_taps(state, cost)
    tapped = f", tapping {tap_words(state, taps)}" if taps else ""
    pay(state, cost, taps)
    log(state, f"You play {card.name}{' (combo)' if flowing else ''}{tapped}.")
    parts = [("effects", card.effects)]
    if card.stays:
        _put_in_play(state, card)
        parts.insert(0, ("focus", card.focus))
    if flowing:
        parts.append(("flow", card.flow))
    resolve_player_ops(state, card, parts)
    state.combo = list(card.combo)
    state.last_played = card.id
    if card.stays:
        return
    if card.counter is not None:
        state.counters.append(card.id)
        log(state, f"Counter set: {card.name} answers {counter_words(card.counter.on)}.")
        return
    lock = card.lock_in
    if lock is not None and lock_met(state, lock) and not fight_over(state):
        if state.state_card:
            log(state, f"{load().cards[state.state_card].name} leaves play.")
            state.discard.append(state.state_card)
        state.state_card = card.id
        state.locked = True
        state.lock_damage = 0
        trace.fire(f"card:{card.id}:lock")
        log(state, f"{card.name} is locked in!")
        return
    state.discard.append(card.id)


def counter_words(on: str) -> str:
    """The enemy action a counter waits for, in words: 'its next Upperbody attack'."""
    if on == "any":
        return "the enemy's next attack"
    if on == "none":
        return "the enemy's next untyped action"
    return f"the enemy's next {KIND_WORD[on]} attack"


def end_player_turn(state: State) -> None:
    """End of turn: buffs fade, energy untaps and empties, draw 3 stopping at a hand of 8;
    then the enemy's turn, and the Disciple's next one once it is over."""
    state.power = 0
    state.feint = False
    state.clinch = False
    state.combo = []
    state.pool = [0, 0, 0, 0]
    for energy in state.energy:
        energy.tapped = False
    end_draw(state)
    if foe.begin_turn(state):
        start_player_turn(state)


def choose_pattern(state: State, pattern: int) -> None:
    """The Disciple picks the pattern a Weakened enemy uses (R19)."""
    if foe.choose_pattern(state, pattern):
        start_player_turn(state)


def stun_tap(state: State, energy_index: int) -> None:
    """The Disciple taps the energy card a Stun asks for (R18)."""
    if foe.stun_tap(state, energy_index):
        start_player_turn(state)
