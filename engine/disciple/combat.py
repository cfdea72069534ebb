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
from engine.disciple.model import COLOUR_LETTER, FIRST_HAND, Disciple, Enemy, EnergyCard, State

KIND_WORD = {"upper": "Upperbody", "lower": "Lowerbody", "grapple": "Grapple", "none": "untyped"}

# ----- a fight starts -------------------------------------------------------------------


def start_combat(state: State, enemy_id: str) -> None:
    content = load()
    card = content.enemies[enemy_id]
    enemy = Enemy(
        id=card.id,
        name=card.name,
        tier=card.tier,
        vitality=card.vitality,
        max_vitality=card.vitality,
    )
    state.enemies = [enemy]
    enemy.patterns = list(range(len(content.pile(enemy_id))))  # R21
    state.rng.shuffle(enemy.patterns)
    for me in state.players:
        me.energy = [EnergyCard(colour, 1) for colour in me.allotment]  # R22
        me.pool = [0, 0, 0, 0]
        me.target = 0
    state.turn = 1
    state.active = 0
    state.phase = "player"
    log(state, f"{card.name} ({card.tier}, {card.vitality} vitality) blocks your path!")
    for k, special in enumerate(card.specials):
        if special.when == "start":
            if special.text:
                log(state, f"{card.name}: {special.text}")
            for i, op in enumerate(special.ops):
                trace.fire(f"enemy:{card.id}:special:{k}:op:{i}")
                foe.enemy_op(state, enemy, op, "none")
    for me in state.players:
        draw_cards(state, me, FIRST_HAND)  # first turn: a hand of five, nothing fades yet


def start_player_turn(state: State) -> None:
    cards = load().cards
    state.turn += 1
    me = state.players[state.active]
    me.guard = min(me.guard, guard_kept(me))  # R25, R27
    for enemy in state.enemies:
        enemy.rocked = 0
    if me.counters:
        log(state, "Unused counters are discarded.")
        me.discard.extend(me.counters)
        me.counters = []
    state.phase = "player"
    for slot in (me.stance, me.style, me.state_card):
        if not slot or fight_over(state):
            continue
        card = cards[slot]
        if card.focus:
            log(state, f"Focus: {card.name}.")
            resolve_player_ops(state, me, card, [("focus", card.focus)])
        elif me.locked and slot == me.state_card:
            log(state, f"{card.name} stays locked in.")
            trace.fire(f"card:{card.id}:lock_repeat")
            resolve_player_ops(state, me, card, [("effects", card.effects)])  # R8: it repeats


# ----- the Disciple plays a card --------------------------------------------------------


def _put_in_play(state: State, me: Disciple, card: Card) -> None:
    if card.kind == "stance":
        old, me.stance = me.stance, card.id
    elif card.kind == "style":
        old, me.style = me.style, card.id
    else:
        old, me.state_card = me.state_card, card.id
        me.locked = False
        me.lock_damage = 0
    if old:
        log(state, f"{load().cards[old].name} leaves play.")
        me.discard.append(old)
    check_lock(state, me)


def tap_words(me: Disciple, taps: tuple[int, ...]) -> str:
    return " ".join(COLOUR_LETTER[me.energy[i].colour] for i in taps) or "nothing"


def play_card(state: State, me: Disciple, index: int, taps: tuple[int, ...] | None = None) -> None:
    card = load().cards[me.hand.pop(index)]
    if card.kind == "energy":
        me.energy.append(EnergyCard(card.colour, card.amount, card=card.id))
        trace.fire(f"card:{card.id}:play")
        log(state, f"You put {card.name} into play.")
        return
    flowing = combo_hit(me, card)
    cost = cost_of(me, card)
    if flowing:
        trace.fire(f"card:{me.last_played}:combo")
    if taps is None:
        taps = default_taps(me, cost)
    tapped = f", tapping {tap_words(me, taps)}" if taps else ""
    pay(me, cost, taps)
    log(state, f"You play {card.name}{' (combo)' if flowing else ''}{tapped}.")
    parts = [("effects", card.effects)]
    if card.stays:
        _put_in_play(state, me, card)
        parts.insert(0, ("focus", card.focus))
    if flowing:
        parts.append(("flow", card.flow))
    resolve_player_ops(state, me, card, parts)
    me.combo = list(card.combo)
    me.last_played = card.id
    if card.stays:
        return
    if card.counter is not None:
        me.counters.append(card.id)
        log(state, f"Counter set: {card.name} answers {counter_words(card.counter.on)}.")
        return
    lock = card.lock_in
    if lock is not None and lock_met(me, lock) and not fight_over(state):
        if me.state_card:
            log(state, f"{load().cards[me.state_card].name} leaves play.")
            me.discard.append(me.state_card)
        me.state_card = card.id
        me.locked = True
        me.lock_damage = 0
        trace.fire(f"card:{card.id}:lock")
        log(state, f"{card.name} is locked in!")
        return
    me.discard.append(card.id)


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
    me = state.players[state.active]
    me.power = 0
    me.feint = False
    me.clinch = False
    me.combo = []
    me.pool = [0, 0, 0, 0]
    for energy in me.energy:
        energy.tapped = False
    end_draw(state, me)
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
