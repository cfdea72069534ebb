"""What a card in hand would take from the foe if it were played now.

The card is played by the rules themselves (combat.play_card) on a copy of the state, and the
foe's vitality is read before and after: every modifier the engine applies (Power and Feint
pending, the foe's Guard, bonuses of cards in play, Combo flow, Clinch) is in the figure, and
no rule is written twice. The copy is paid for whatever energy is at hand, so a card that
cannot be paid yet still tells what it would deal. In Versus the other Disciple's counters
are set face down (R35): the figure is what the card deals before any counter answers it, and
their hidden hand plays no part (a Weakened discard from it takes no vitality).
"""

from __future__ import annotations

import msgspec

from engine.disciple import energy
from engine.disciple.combat import attacks, play_card
from engine.disciple.content import Card, load
from engine.disciple.effects import foe_of
from engine.disciple.model import Disciple, Enemy, State


def printed(card: Card) -> int:
    """The damage written on the card: its hits and Submits added up."""
    return sum(op.n for op in card.effects if op.op in ("attack", "submit"))


def dealt(state: State, seat: int, index: int) -> int | None:
    """The vitality the foe of `seat` would lose to the card at `index` of its hand, played
    now; None for a card that does not attack, or with no foe to hit."""
    if not 0 <= seat < len(state.players) or state.phase != "player" or state.pending is not None:
        return None
    hand = state.players[seat].hand
    cards = load().cards
    if not 0 <= index < len(hand) or hand[index] not in cards or not attacks(cards[hand[index]]):
        return None
    trial = msgspec.json.decode(msgspec.json.encode(state), type=State)  # a copy: nothing shared
    me = trial.players[seat]
    foe = foe_of(trial, me)
    if foe is None or (isinstance(foe, Enemy) and foe.beaten):
        return None
    if isinstance(foe, Disciple):  # what this seat may not know of them plays no part:
        foe.counters = []  # their counters, set face down: none is counted
        foe.hand, foe.draw = [], []  # a Weakened discard from their hand takes nothing here
    card = cards[me.hand[index]]
    for colour, n in enumerate(energy.cost_of(me, card)):
        me.pool[colour] += n  # paid for, whatever energy is at hand
    before = foe.vitality
    play_card(trial, me, index, taps=())
    return before - foe.vitality
