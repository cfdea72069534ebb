"""Energy: what a card costs right now, whether it can be paid, and tapping to pay it.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.content import Card, load
from engine.disciple.effects import matches
from engine.disciple.model import COLOURS, State

_BASE_COST: dict[str, tuple[int, int, int, int]] = {}


def base_cost(card: Card) -> tuple[int, int, int, int]:
    cost = _BASE_COST.get(card.id)
    if cost is None:
        cost = _BASE_COST[card.id] = tuple(card.cost.get(colour, 0) for colour in COLOURS)
    return cost


def combo_hit(state: State, card: Card) -> bool:
    return bool(state.combo) and any(matches(card, tag) for tag in state.combo)


def cost_of(state: State, card: Card) -> list[int]:
    cost = list(base_cost(card))
    if state.combo and combo_hit(state, card) and sum(cost) > 0:
        # R6: Combo takes the 1 off a gray cost first, else off the largest coloured cost
        if cost[0] > 0:
            cost[0] -= 1
        else:
            i = max(range(1, 4), key=lambda c: cost[c])
            cost[i] -= 1
    return cost


def available(state: State) -> list[int]:
    have = list(state.pool)
    for energy in state.energy:
        if not energy.tapped:
            have[COLOURS.index(energy.colour)] += energy.amount
    return have


def can_pay(have: list[int], cost: list[int]) -> bool:
    spare = have[0]
    for c in (1, 2, 3):
        if have[c] < cost[c]:
            return False
        spare += have[c] - cost[c]
    return spare >= cost[0]


def _tap_into_pool(state: State, colour: int, need: int) -> None:
    """Tap untapped cards of one colour until the pool holds `need` of it."""
    name = COLOURS[colour]
    for energy in sorted(
        (e for e in state.energy if not e.tapped and e.colour == name), key=lambda e: e.amount
    ):
        if state.pool[colour] >= need:
            return
        energy.tapped = True
        state.pool[colour] += energy.amount


def pay(state: State, cost: list[int]) -> None:
    """Tap energy cards and spend the pool (R7: gray costs use gray energy first)."""
    for c in (1, 2, 3):
        if cost[c]:
            _tap_into_pool(state, c, cost[c])
            state.pool[c] -= cost[c]
    gray = cost[0]
    if not gray:
        return
    demand = [0, 0, 0, 0]
    cards = load().cards
    for card_id in state.hand:
        for colour, n in cards[card_id].cost.items():
            demand[COLOURS.index(colour)] += n
    for c in [0] + sorted((1, 2, 3), key=lambda c: demand[c]):
        take = min(state.pool[c], gray)
        state.pool[c] -= take
        gray -= take
        if not gray:
            return
    have = available(state)
    for c in [0] + sorted((1, 2, 3), key=lambda c: demand[c] - have[c]):
        while gray and any(not e.tapped and e.colour == COLOURS[c] for e in state.energy):
            _tap_into_pool(state, c, state.pool[c] + 1)
            take = min(state.pool[c], gray)
            state.pool[c] -= take
            gray -= take
        if not gray:
            return
    raise AssertionError("pay() called with a cost that cannot be paid")


def playable(state: State, index: int) -> bool:
    card = load().cards[state.hand[index]]
    if card.kind == "energy":
        return True
    return can_pay(available(state), cost_of(state, card))


def playable_indices(state: State) -> list[int]:
    """Hand positions the Disciple can play now (one energy count for the whole hand)."""
    cards = load().cards
    have = available(state)
    seen: dict[str, bool] = {}
    result = []
    for i, card_id in enumerate(state.hand):
        ok = seen.get(card_id)
        if ok is None:
            card = cards[card_id]
            if card.kind == "energy":
                ok = True
            else:
                ok = can_pay(have, cost_of(state, card) if state.combo else base_cost(card))
            seen[card_id] = ok
        if ok:
            result.append(i)
    return result
