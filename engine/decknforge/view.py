"""What one seat may know of a table (DESIGN.md "Seats"): a copy of the state in which every
card it may not see is a placeholder, so a screen or a bot drawn from it cannot leak it.

Hidden: the other players' hands, every deck (its order, and its cards, even one's own), the
Monster pile (its order and faces), and the shuffle itself (the seed and the RNG), from which
everything else could be worked out. Counts stay, and
each hidden Monster keeps its owner and modifier, in no order, because the Dungeon Strength
is worked out in the open from them (R1). Everything else lies face up on the table.
"""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.decknforge.model import Card, State

HIDDEN = "??"  # the code of a card whose face a seat may not see


def hidden(card: Card) -> Card:
    return Card(card.owner, HIDDEN)


def _hidden_pile(pile: list[Card]) -> list[Card]:
    """Monsters face down: owner and modifier stay for the Strength, sorted so no order shows."""
    return sorted((Card(c.owner, HIDDEN, "", c.mod) for c in pile), key=lambda c: (c.owner, c.mod))


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may know it (None: a spectator, who sees no hand)."""
    seen = msgspec.json.decode(msgspec.json.encode(state), type=State)  # a copy: nothing shared
    seen.seed, seen.rng = 0, Rng(0, 0)
    if state.phase != "turn":  # every card has gone home, face up: only the shuffle was hidden
        return seen
    for player in seen.players:
        player.adventurer_deck = [hidden(c) for c in player.adventurer_deck]
        player.equipment_deck = [hidden(c) for c in player.equipment_deck]
        if player.seat != seat:
            player.hand = [hidden(c) for c in player.hand]
    seen.monster_pile = _hidden_pile(seen.monster_pile)
    return seen
