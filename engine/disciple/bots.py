"""Two simple players for benchmarks, balance and fuzzing: uniform random, and greedy (which,
in a fight of several, shares out the enemies' attacks as the band can best take them)."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.disciple import energy
from engine.disciple import enemy as foe
from engine.disciple.energy import best_allotment, never_payable
from engine.disciple.content import Card, Op, load
from engine.disciple.effects import bonus_for, foe_of
from engine.disciple.journey import DECLINE, NONE_OPTION
from engine.disciple.model import (
    Action,
    Choose,
    EndTurn,
    PlayCard,
    State,
    Target,
)

_OP_VALUE = {
    "attack": 1.0,
    "submit": 0.8,
    "guard": 0.6,
    "power": 0.9,
    "draw": 1.5,
    "heal": 0.7,
    "rocked": 1.5,
    "stun": 1.8,
    "weakened": 1.2,
    "clinch": 1.5,
    "feint": 1.0,
    "energy": 1.0,
}


def random_action(game, state: State, rng: Rng) -> Action:
    return rng.choice(game.legal_actions(state))


def _ops_value(ops: tuple[Op, ...], state: State | None, seat: int = 0) -> float:
    value = 0.0
    for op in ops:
        if op.op == "exposed":
            foe = foe_of(state, state.players[seat]) if state else None
            value += foe.guard if foe is not None else 1.0
        elif op.op == "heal" and state is not None:
            value += min(op.n, state.players[seat].start_vitality - state.players[seat].vitality) * 0.7
        else:
            value += _OP_VALUE.get(op.op, 0.0) * op.n
    return value


def card_value(card: Card, state: State | None = None, seat: int = 0) -> float:
    """A rough worth of playing (or owning) a card."""
    if card.kind == "energy":
        return 2.5
    me = state.players[seat] if state is not None else None
    value = _ops_value(card.effects, state, seat)
    if card.stays:
        in_play = me is not None and card.id in (me.stance, me.style, me.state_card)
        if in_play:
            return -1.0
        value += 2.5 * _ops_value(card.focus, state, seat) + 2.0 * sum(op.n for op in card.passive)
    if card.counter is not None:
        value += 0.8 * _ops_value(card.counter.ops, state, seat)
    if card.lock_in is not None:
        value += 2.0
    if me is not None:
        if energy.combo_hit(me, card):
            value += _ops_value(card.flow, state, seat) + 0.5
        hits = sum(1 for op in card.effects if op.op == "attack")
        value += 0.6 * hits * bonus_for(me, card)
    if card.combo:
        value += 0.5
    return value


def greedy_action(game, state: State, rng: Rng) -> Action:
    actions = game.legal_actions(state)
    if state.pending is not None:
        if state.pending.kind.startswith("cl_"):  # the Campaign Leader's seat: the CL bot
            from engine.disciple.leader import bot_choice

            return Choose(bot_choice(state), state.pending.seat)
        return Choose(_greedy_choice(state), state.pending.seat)
    cards = load().cards
    seat = state.active
    me = state.players[seat]
    turns = [a for a in actions if isinstance(a, Target)]
    if turns:
        pick = _aim(state, seat, turns)
        if pick is not None:
            return pick
    best: Action = EndTurn(seat)
    best_value = 0.3
    for action in actions:
        if not isinstance(action, PlayCard):
            continue
        card = cards[me.hand[action.hand_index]]
        value = card_value(card, state, seat)
        cost = sum(energy.cost_of(me, card))
        score = value - 0.3 * cost
        if score > best_value:
            best, best_value = action, score
    return best


def _aim(state: State, seat: int, turns: list[Target]) -> Target | None:
    """Whom to face when several enemies fight: enemies go for whoever hit them last (R36),
    so the Disciple standing best able to take blows (most vitality and Guard) faces the
    weakest enemy and draws it on, while the others keep to the weakest of those already
    attacking them and draw no more; a Disciple nobody attacks faces the weakest. None: stay."""
    me, enemies = state.players[seat], state.enemies
    fighting = [i for i, enemy in enumerate(enemies) if not enemy.beaten]
    standing = [s for s, p in enumerate(state.players) if not p.beaten]
    tank = max(standing, key=lambda s: (state.players[s].vitality + state.players[s].guard, -s))
    mine = [i for i in fighting if enemies[i].target == seat]
    pool = fighting if seat == tank or not mine else mine
    best = min(pool, key=lambda i: (enemies[i].vitality, i))
    if best == me.target:
        return None
    return next((a for a in turns if a.enemy == best), None)


def _greedy_choice(state: State) -> int:
    pending = state.pending
    assert pending is not None
    content = load()
    me = state.players[pending.seat]
    options = pending.options
    kind = pending.kind
    if kind in ("style", "second_style"):
        real = [i for i, o in enumerate(options) if o != DECLINE]
        return real[0] if real else 0
    if kind in ("start_choice", "reward"):

        def worth(option: str) -> float:
            if option == NONE_OPTION:
                return 1.5
            card = content.cards[option]
            return -1.0 if never_payable(me, card) else card_value(card)

        return max((worth(o), i) for i, o in enumerate(options))[1]
    if kind == "remove_card":

        def keep(option: str) -> float:
            card = content.cards[option]
            return -1.0 if never_payable(me, card) else card_value(card)

        return min((keep(o), i) for i, o in enumerate(options))[1]
    if kind == "event":
        event = content.events[state.event]
        missing = me.start_vitality - me.vitality

        def worth(ops) -> float:
            total = 0.0
            for op in ops:
                if op.op == "heal":
                    total += min(op.n, missing) * (1.5 if me.vitality < 15 else 0.8)
                elif op.op == "lose":
                    if op.n >= me.vitality:
                        return -100.0  # it would end the journey
                    total -= op.n * (1.5 if me.vitality < 15 else 0.7)
                elif op.op == "add_skills":
                    total += 3.0 * op.n
                elif op.op == "remove_card":
                    total += 2.0
                elif op.op == "add_energy":
                    total += 3.5 if op.colour in me.allotment else 1.0
                elif op.op == "add_card":
                    total += 3.0
            return total

        return max((worth(choice.ops), i) for i, choice in enumerate(event.choices))[1]
    if kind == "weakened":
        enemy = foe.acting(state)
        pile = foe.pile(enemy)

        def threat(option: str) -> int:
            actions = [a for a in foe.preview(state, enemy, pile[int(option)]) if not a.skipped]
            submits = sum(op.n for a in actions for op in a.ops if op.op == "submit")
            return sum(a.damage for a in actions) + submits

        return min((threat(o), i) for i, o in enumerate(options))[1]
    if kind == "stun_tap":
        return 0
    if kind == "energy_pick":
        return options.index(best_allotment(state)[len(pending.extra)])
    return 0


PLAYERS = {"random": random_action, "greedy": greedy_action}


def play_run(game, seed: int, player: str, style: str | None = None, max_steps: int = 20000):
    """Play one whole run; returns (state, steps)."""
    options = {"style": style} if style else {}
    state = game.new_game(seed=seed, **options)
    rng = Rng.from_seed(seed ^ 0x5EED)
    choose = PLAYERS[player]
    steps = 0
    while game.outcome(state) is None and steps < max_steps:
        game._apply(state, choose(game, state, rng))
        steps += 1
    return state, steps
