"""What one seat may know of a Versus or Campaign table, and a spectator of any table (DESIGN.md
"Seats"): a copy of the state in which every card it may not see is a placeholder, so a screen
or a bot drawn from it cannot leak it.

Hidden from a seat: the other Disciple's hand, their draw pile, their deck list and which
counters they set (face down: that a counter is set shows, not which, R35); the order of its
own draw pile (its cards are known, shown sorted); and the shuffle itself (the seed and the
RNG), from which everything else could be worked out. Counts stay. What was played, the
discard piles, cards in play and energy lie face up. A spectator (None) sees no hand in any
playstyle: a Co-Op (or led-by-the-bot Campaign) table is open to its players alone (R40), and
rules.py hands them the state itself.
"""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.disciple.model import State

HIDDEN = "??"  # a card whose face the seat may not see


def view(state: State, seat: int | None) -> State:
    seen = msgspec.json.decode(msgspec.json.encode(state), type=State)  # a copy: nothing shared
    seen.rng = Rng(0, 0)
    if state.mode == "campaign":
        seen = _campaign(seen, seat)
        if seat is not None:
            return seen  # R43: hands open among the players (a spectator sees none)
    face_down = state.mode == "versus"  # R35: Versus counters are set face down; elsewhere face up
    for index, me in enumerate(seen.players):
        if index == seat:
            me.draw = sorted(me.draw)
            continue
        if face_down and me.last_played in me.counters:  # R35: the counter just set is face down
            me.last_played, me.combo = HIDDEN, []
        me.hand = [HIDDEN] * len(me.hand)
        me.draw = [HIDDEN] * len(me.draw)
        me.owned = [HIDDEN] * len(me.owned)
        if face_down:
            me.counters = [HIDDEN] * len(me.counters)
    return seen


def _campaign(seen: State, seat: int | None) -> State:
    """R43: the Campaign Leader sees every event deck and every attack-pattern pile; a player
    (or a spectator) sees how many cards each holds, and of the patterns only what the CL
    announces: the ones a Weakened enemy offers (the pending choice) and what the log tells."""
    if seat == len(seen.players):
        return seen
    for me in seen.players:
        me.event_deck = [HIDDEN] * len(me.event_deck)
        me.skills_deck = sorted(me.skills_deck)  # its cards are known, not their order
        me.draw = sorted(me.draw)
    for enemy in seen.enemies:
        enemy.patterns = [-1] * len(enemy.patterns)
        enemy.patterns_used = []
        offered = seen.pending.options if seen.pending and seen.pending.kind == "weakened" else []
        enemy.patterns_out = [p if str(p) in offered else -1 for p in enemy.patterns_out]
    return seen
