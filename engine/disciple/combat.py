"""A fight: playing cards, the turn structure and the enemy's turn.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.content import Card, PatternAction, load
from engine.disciple.energy import combo_hit, cost_of, pay
from engine.disciple.effects import (
    check_lock,
    draw_cards,
    end_draw,
    enemy_attack,
    enemy_op,
    fight_over,
    in_play,
    lock_met,
    log,
    resolve_player_ops,
)
from engine.disciple.model import (
    END_DRAW,
    EXHAUSTION_TURN,
    FIRST_HAND,
    HAND_LIMIT,
    EnemyTurn,
    Enemy,
    EnergyCard,
    Pending,
    State,
)

# ----- a fight starts -------------------------------------------------------------------


def start_combat(state: State, enemy_id: str) -> None:
    content = load()
    enemy = content.enemies[enemy_id]
    state.enemy = Enemy(
        id=enemy.id,
        name=enemy.name,
        tier=enemy.tier,
        vitality=enemy.vitality,
        max_vitality=enemy.vitality,
    )
    state.patterns = list(range(len(content.patterns[enemy.tier])))  # R21
    state.rng.shuffle(state.patterns)
    state.patterns_out = []
    state.patterns_used = []
    state.energy = [EnergyCard(colour, 1) for colour in state.allotment]  # R22
    state.pool = [0, 0, 0, 0]
    state.turn = 1
    state.phase = "player"
    log(state, f"{enemy.name} ({enemy.tier}, {enemy.vitality} vitality) blocks your path!")
    for special in enemy.specials:
        if special.when == "start":
            for op in special.ops:
                enemy_op(state, op, "none", [False, False])
    draw_cards(state, FIRST_HAND)  # first turn: a hand of five, nothing fades yet


def start_player_turn(state: State) -> None:
    cards = load().cards
    state.turn += 1
    # R27: card text beats the rulebook; a "keep_guard" card lets some Guard stay
    kept = sum(op.n for held in in_play(state) for op in held.passive if op.op == "keep_guard")
    state.guard = min(state.guard, kept)
    assert state.enemy is not None
    state.enemy.rocked = 0
    if state.counters:
        log(state, "Unused counters are discarded.")
        state.discard.extend(state.counters)
        state.counters = []
    state.phase = "player"
    if state.turn > EXHAUSTION_TURN:
        # R15: a fight that drags on wears the Disciple down, so every fight ends
        loss = 2
        state.vitality -= loss
        log(state, f"Exhaustion: the long fight costs you {loss} vitality.")
        if state.vitality <= 0:
            state.beaten = "exhausted"
            return
    for slot in (state.stance, state.style, state.state_card):
        if not slot or fight_over(state):
            continue
        card = cards[slot]
        if card.focus:
            resolve_player_ops(state, card, card.focus)
        elif state.locked and slot == state.state_card:
            log(state, f"{card.name} stays locked in.")
            resolve_player_ops(state, card, card.effects)  # R8: a lock repeats each turn


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


def play_card(state: State, index: int) -> None:
    card = load().cards[state.hand.pop(index)]
    if card.kind == "energy":
        state.energy.append(EnergyCard(card.colour, card.amount, card=card.id))
        log(state, f"You put {card.name} into play.")
        return
    flowing = combo_hit(state, card)
    pay(state, cost_of(state, card))
    log(state, f"You play {card.name}{' (combo)' if flowing else ''}.")
    ops = list(card.effects)
    if card.stays:
        _put_in_play(state, card)
        ops = list(card.focus) + ops
    if flowing:
        ops += card.flow
    resolve_player_ops(state, card, ops)
    state.combo = list(card.combo)
    state.last_played = card.id
    if card.stays:
        return
    if card.counter is not None:
        state.counters.append(card.id)
        log(state, f"Counter set: it answers the next {card.counter.on} action.")
        return
    lock = card.lock_in
    if lock is not None and lock_met(state, lock):
        if state.state_card:
            state.discard.append(state.state_card)
        state.state_card = card.id
        state.locked = True
        state.lock_damage = 0
        log(state, f"{card.name} is locked in!")
        return
    state.discard.append(card.id)


def end_player_turn(state: State) -> None:
    """End of turn: buffs fade, energy untaps and empties, draw 3 (hand of 8 at most)."""
    state.power = 0
    state.feint = False
    state.clinch = False
    state.combo = []
    state.pool = [0, 0, 0, 0]
    for energy in state.energy:
        energy.tapped = False
    if len(state.hand) >= HAND_LIMIT:
        # R14: a full hand cycles its three oldest cards, or it could stall forever
        state.discard.extend(state.hand[:END_DRAW])
        del state.hand[:END_DRAW]
        log(state, "Your hand is full: its three oldest cards are discarded.")
    end_draw(state)
    begin_enemy_turn(state)


# ----- the enemy's turn -----------------------------------------------------------------


def _draw_pattern(state: State) -> int | None:
    if not state.patterns:
        return None
    pattern = state.patterns.pop()
    state.patterns_out.append(pattern)
    return pattern


def begin_enemy_turn(state: State) -> None:
    enemy = state.enemy
    assert enemy is not None
    content = load()
    state.phase = "enemy"
    enemy.guard = 0  # R25
    state.rocked = 0
    card = content.enemies[enemy.id]
    for special in card.specials:
        if special.when == "turn":
            for op in special.ops:
                enemy_op(state, op, "none", [False, False])
    # R19: Stun skips first actions and Weakened draws extra patterns, first pattern only
    turn = EnemyTurn(patterns_left=card.patterns_per_turn - 1, skip=enemy.stun)
    enemy.stun = 0
    state.enemy_turn = turn
    state.patterns_used = []
    drawn = [p for p in (_draw_pattern(state) for _ in range(1 + enemy.weakened)) if p is not None]
    enemy.weakened = 0
    if len(drawn) > 1:
        pile = content.patterns[enemy.tier]
        state.pending = Pending(
            kind="weakened",
            prompt=f"{enemy.name} is Weakened: choose the attack pattern it uses.",
            options=[str(p) for p in drawn],
        )
        names = ", ".join(pile[p].name for p in drawn)
        log(state, f"{enemy.name} draws {len(drawn)} patterns: {names}.")
        return
    turn.pattern = drawn[0] if drawn else -1
    if drawn:
        state.patterns_used.append(drawn[0])
    run_enemy_turn(state)


def choose_pattern(state: State, pattern: int) -> None:
    assert state.enemy_turn is not None
    state.enemy_turn.pattern = pattern
    state.patterns_used.append(pattern)
    run_enemy_turn(state)


def run_enemy_turn(state: State) -> None:
    """Resolve pattern actions until the turn ends, the fight ends or a choice is needed."""
    enemy = state.enemy
    turn = state.enemy_turn
    assert enemy is not None and turn is not None
    content = load()
    pile = content.patterns[enemy.tier]
    while True:
        if fight_over(state) or state.pending is not None:
            return
        if state.to_tap and not tap_for_stun(state):
            return
        if turn.pattern < 0:
            break
        pattern = pile[turn.pattern]
        if turn.step == 0 and turn.skip == 0:
            log(state, f"{enemy.name} attacks: {pattern.name}.")
        if turn.step >= len(pattern.actions):
            if turn.patterns_left <= 0:
                break
            turn.patterns_left -= 1
            drawn = _draw_pattern(state)
            turn.pattern = -1 if drawn is None else drawn
            if drawn is not None:
                state.patterns_used.append(drawn)
            turn.step = 0
            continue
        action = pattern.actions[turn.step]
        turn.step += 1
        if turn.skip:
            turn.skip -= 1
            log(state, f"Stunned, {enemy.name} loses its first action.")
            continue
        enemy_action(state, action)
    end_enemy_turn(state)


def tap_for_stun(state: State) -> bool:
    """Stun received: the Disciple taps energy cards of their choice (R18). False when asking."""
    untapped = [i for i, e in enumerate(state.energy) if not e.tapped]
    if not untapped:
        state.to_tap = 0
        return True
    state.pending = Pending(
        kind="stun_tap",
        prompt="You are Stunned: choose an energy card to tap.",
        options=[str(i) for i in untapped],
    )
    return False


def stun_tap(state: State, energy_index: int) -> None:
    state.energy[energy_index].tapped = True
    state.to_tap -= 1
    log(state, f"Stunned: your {state.energy[energy_index].colour} energy is tapped.")
    run_enemy_turn(state)


def enemy_action(state: State, action: PatternAction) -> None:
    enemy = state.enemy
    assert enemy is not None
    content = load()
    kind = action.kind
    named = next((a for a in content.enemies[enemy.id].attacks if a.kind == kind), None)
    _trigger_counter(state, kind)
    if fight_over(state):
        return
    # R20: the enemy card's named attack of this kind adds its bonus and effects
    damage = action.damage + (named.bonus if named and action.damage else 0)
    clinch = [False, False]
    if enemy.clinch and (damage > 0 or kind == "grapple"):
        enemy.clinch = False
        clinch = [True, kind == "grapple"]
    if named and action.damage:
        log(state, f"{enemy.name} uses {named.name}.")
    if damage > 0:
        enemy_attack(state, damage, kind, clinch)
    ops = action.ops + (named.ops if named and action.damage else ())
    for op in ops:
        enemy_op(state, op, kind, clinch)
    if clinch[1] and not fight_over(state):
        enemy.clinch = True


def _trigger_counter(state: State, kind: str) -> None:
    cards = load().cards
    for i, card_id in enumerate(state.counters):
        counter = cards[card_id].counter
        assert counter is not None
        if counter.on == kind or (counter.on == "any" and kind != "none"):
            del state.counters[i]
            log(state, f"Counter! {cards[card_id].name} answers the attack.")
            resolve_player_ops(state, cards[card_id], counter.ops)
            state.discard.append(card_id)
            return  # R9: one counter answers one action


def end_enemy_turn(state: State) -> None:
    enemy = state.enemy
    assert enemy is not None
    enemy.power = 0  # R25: the enemy's buffs fade at the end of its turn
    enemy.clinch = False
    enemy.feint = False
    state.patterns.extend(state.patterns_out)
    state.patterns_out = []
    state.rng.shuffle(state.patterns)
    state.enemy_turn = None
    start_player_turn(state)
