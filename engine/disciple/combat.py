"""A fight: its start, the Disciple's turn and playing cards; the enemy's turn is enemy.py.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple import enemy as foe
from engine.disciple.leader import aim
from engine.disciple import trace
from engine.disciple.content import Card, load
from engine.disciple.effects import (
    ask_stun_tap,
    check_lock,
    draw_cards,
    end_draw,
    fight_over,
    first_standing,
    foe_of,
    guard_kept,
    lock_met,
    log,
    resolve_player_ops,
    retarget,
    stun_tapped,
    to_discard,
    told,
    trigger_counter,
)
from engine.disciple.energy import combo_hit, cost_of, default_taps, pay
from engine.disciple.model import COLOUR_LETTER, FIRST_HAND, Disciple, Enemy, EnergyCard, State

# ----- a fight starts -------------------------------------------------------------------


def start_combat(state: State, enemy_id: str) -> None:
    """A fight with one enemy, revealed by the first player."""
    start_fight(state, [(enemy_id, 0)])


def start_fight(state: State, revealed: list[tuple[str, int]]) -> None:
    """A fight with these enemies, each with the seat of the player who revealed it: the
    enemy first aims at that player (R36)."""
    content = load()
    state.enemies = []
    for enemy_id, seat in revealed:
        card = content.enemies[enemy_id]
        enemy = Enemy(
            id=card.id,
            name=card.name,
            tier=card.tier,
            vitality=card.vitality,
            max_vitality=card.vitality,
            target=seat,
        )
        state.enemies.append(enemy)
        enemy.patterns = list(range(len(content.pile(enemy_id))))  # R21
        state.rng.shuffle(enemy.patterns)
    for me in state.players:
        me.energy = [EnergyCard(colour, 1) for colour in me.allotment]  # R22
        me.pool = [0, 0, 0, 0]
        me.target = 0
        if state.mode == "coop":  # R38: what a fallen player rises with is half of it
            me.fight_vitality = me.vitality
    retarget(state)  # an enemy revealed by a player worn out by an event
    state.cl_aimed = -1
    state.turn = 1
    state.active = first_standing(state)
    state.phase = "player"
    for enemy in state.enemies:
        card = content.enemies[enemy.id]
        log(state, "blocks your path", card.name, card.tier, card.vitality)
        for k, special in enumerate(card.specials):
            if special.when == "start":
                if special.text:
                    log(state, "specials", card.name, (special.text,))
                for i, op in enumerate(special.ops):
                    trace.fire(f"enemy:{card.id}:special:{k}:op:{i}")
                    foe.enemy_op(state, enemy, op, "none")
    for me in state.players:
        if not me.beaten:
            draw_cards(state, me, FIRST_HAND)  # first turn: a hand of five, nothing fades yet


def start_player_turn(state: State) -> None:
    cards = load().cards
    state.turn += 1
    me = state.players[state.active]
    kept = min(me.guard, guard_kept(me))  # R25, R27
    if kept != me.guard:
        log(state, told(state, "guard fades to"), me.name, kept)
    me.guard = kept
    for enemy in state.enemies:
        enemy.rocked = 0
    for other in state.players:
        if state.mode == "versus" and other is not me:
            other.rocked = 0  # Rocked counts what one turn dealt
    if me.counters:
        names = tuple([cards[c].name for c in me.counters])
        log(state, told(state, "unused counters"), me.name, names)
        me.discard.extend(me.counters)
        me.counters = []
    state.phase = "player"
    for slot in (me.stance, me.style, me.state_card):
        if not slot or fight_over(state):
            continue
        card = cards[slot]
        if card.focus:
            log(state, "focus", card.name)
            resolve_player_ops(state, me, card, [("focus", card.focus)])
        elif me.locked and slot == me.state_card:
            log(state, "stays locked in", card.name)
            trace.fire(f"card:{card.id}:lock_repeat")
            resolve_player_ops(state, me, card, [("effects", card.effects)])  # R8: it repeats
    if me.to_tap and state.mode == "versus" and not fight_over(state):
        ask_stun_tap(state, state.active)  # R34


# ----- the Disciple plays a card --------------------------------------------------------


def _put_in_play(state: State, me: Disciple, card: Card) -> None:
    slot = {"stance": "stance", "style": "style"}.get(card.kind, "state_card")
    old = getattr(me, slot)
    if old:  # told before the card it makes way for takes its place
        log(state, "takes the place", card.name, load().cards[old].name)
        me.discard.append(old)
    setattr(me, slot, card.id)
    if slot == "state_card":
        me.locked = False
        me.lock_damage = 0
    check_lock(state, me)


def tap_words(me: Disciple, taps: tuple[int, ...]) -> str:
    return " ".join([COLOUR_LETTER[me.energy[i].colour] for i in taps]) or "nothing"


def play_card(state: State, me: Disciple, index: int, taps: tuple[int, ...] | None = None) -> None:
    card = load().cards[me.hand[index]]  # leaves the hand once its line is written
    if card.kind == "energy":
        trace.fire(f"card:{card.id}:play")
        log(state, told(state, "puts energy into play"), me.name, card.name)
        me.hand.pop(index)
        me.energy.append(EnergyCard(card.colour, card.amount, card=card.id))
        return
    flowing = combo_hit(me, card)
    cost = cost_of(me, card)
    if flowing:
        trace.fire(f"card:{me.last_played}:combo")
    if taps is None:
        taps = default_taps(me, cost, index)  # the card is still in the hand
    tapped = tap_words(me, taps) if taps else ""
    pay(me, cost, taps)
    face_down = state.mode == "versus" and card.counter is not None  # R35: set face down, unnamed
    if face_down:
        log(state, "plays face down", me.name, int(flowing), tapped)
    else:
        log(state, told(state, "plays"), me.name, card.name, int(flowing), tapped)
    me.hand.pop(index)
    told_at = state.logged  # lines written while it resolves: its way to the discard is told
    if state.mode == "versus" and attacks(card):  # R33: the opponent's counters answer it
        trigger_counter(state, foe_of(state, me), attack_kind(card), me)
    parts = [("effects", card.effects)]
    if card.stays:
        _put_in_play(state, me, card)
        parts.insert(0, ("focus", card.focus))
    if flowing:
        parts.append(("flow", card.flow))
    resolve_player_ops(state, me, card, parts, face_down=face_down)
    me.combo = list(card.combo)
    me.last_played = card.id
    if card.stays:
        return
    if card.counter is not None:
        if face_down:  # which counter it is stays hidden (R35)
            log(state, "sets a counter face down", me.name)
        else:
            log(state, "counter set", card.name, card.counter.on)
        me.counters.append(card.id)
        return
    lock = card.lock_in
    if lock is not None and lock_met(me, lock) and not fight_over(state):
        if me.state_card:
            log(state, "leaves play", load().cards[me.state_card].name)
            me.discard.append(me.state_card)
        trace.fire(f"card:{card.id}:lock")
        log(state, "locked in", card.name)
        me.state_card = card.id
        me.locked = True
        me.lock_damage = 0
        return
    if state.logged != told_at:
        to_discard(state, me, card)
    me.discard.append(card.id)


def attacks(card: Card) -> bool:
    """Whether playing this card attacks: it deals damage or applies Submit (R33)."""
    return any(op.op in ("attack", "submit") for op in card.effects)


def attack_kind(card: Card) -> str:
    return card.kind if card.kind in ("upper", "lower", "grapple") else "none"


def end_player_turn(state: State) -> None:
    """End of turn: buffs fade, energy untaps and empties, draw 3 stopping at a hand of 8;
    then the enemy's turn, and the Disciple's next one once it is over."""
    me = state.players[state.active]
    if me.power:
        log(state, told(state, "power fades"), me.name)
    me.power = 0
    me.feint = False
    me.clinch = False
    me.combo = []
    me.pool = [0, 0, 0, 0]
    for energy in me.energy:
        energy.tapped = False
    if state.mode == "versus":
        if not me.draw and not me.discard:  # R32: no card to draw at the end of one's own turn
            log(state, "no card to draw", me.name)
            me.beaten = "out of cards"
            return
        end_draw(state, me)
        state.active = (state.active + 1) % len(state.players)
        start_player_turn(state)
        return
    end_draw(state, me)
    after = first_standing(state, state.active)
    if after >= 0:  # Co-Op: every player's turn, then every enemy's (R36)
        state.active = after
        start_player_turn(state)
        return
    enemy_turns(state, 0)


def enemy_turns(state: State, index: int) -> None:
    """The enemies still fighting take their turns in order, from enemy `index`; then the
    first player still standing begins the next round. Stops for a decision or a fight's end."""
    for i in range(index, len(state.enemies)):
        if state.enemies[i].beaten:
            continue
        if not aim(state, i) or not foe.begin_turn(state, i):
            return
    state.cl_aimed = -1
    if not fight_over(state):
        state.active = first_standing(state)
        start_player_turn(state)


def _enemy_turn_done(state: State, index: int, done: bool) -> None:
    if done:
        enemy_turns(state, index + 1)


def choose_pattern(state: State, pattern: int) -> None:
    """The Disciple picks the pattern a Weakened enemy uses (R19)."""
    assert state.enemy_turn is not None
    index = state.enemy_turn.enemy
    _enemy_turn_done(state, index, foe.choose_pattern(state, pattern))


def stun_tap(state: State, seat: int, energy_index: int) -> None:
    """The Disciple taps the energy card a Stun asks for (R18); in Versus as their own turn
    begins (R34), one card a Stun."""
    if state.enemy_turn is None:
        me = state.players[state.active]
        stun_tapped(state, me, energy_index)
        if me.to_tap:
            ask_stun_tap(state, state.active)
        return
    index = state.enemy_turn.enemy
    _enemy_turn_done(state, index, foe.stun_tap(state, seat, energy_index))
