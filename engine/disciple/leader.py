"""The Campaign Leader's seat, the questions put to it, and the CL bot that answers them when
no person leads. A fight asks the CL whom each enemy attacks before it acts (`aim`); what the
CL's answers then do is campaign.py's.

The CL bot leads to make the journey a challenge, within what the rulebook lets a CL decide
and what the CL's own view holds (R41, R43): it plays the events on top of the decks before it
sends an enemy (so the enemies gather on the tops), commits enemies up to a measure of the
band's strength, and sends each enemy at the Disciple standing nearest to falling.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.content import load
from engine.disciple.effects import first_standing, turn_on, turn_order
from engine.disciple.model import Pending, State

# The CL bot commits enemies while their vitality, summed, stays within a share of the vitality
# of the Disciples standing: COMMIT_SHARE, and COMMIT_GROWTH more for every fight won (the
# decks grow stronger with every reward); always one enemy for each Disciple standing, at
# least. Measured with the greedy players (tests/benchmarks/bench_disciple_balance.py): a band
# of 2 to 4 then wins about half its campaigns, where it won nearly all of them.
COMMIT_SHARE = 0.9
COMMIT_GROWTH = 0.1


def cl_seat(state: State) -> int:
    """The CL's seat: after the players'."""
    return len(state.players)


def leads(state: State) -> bool:
    """Whether a person leads (their decisions wait for them)."""
    return state.mode == "campaign" and state.cl == "human"


def ask(state: State, kind: str, prompt: str, options: list[str], extra: list[str] | None = None) -> None:
    """Put a decision to the CL's seat (campaign.decide answers it at once for the CL bot)."""
    state.pending = Pending(kind=kind, prompt=prompt, options=options, seat=cl_seat(state),
                            extra=list(extra or []))


def aim(state: State, index: int) -> bool:
    """Before enemy `index` acts: the CL picks whom it attacks. False while that waits."""
    if state.mode != "campaign" or state.cl_aimed == index or first_standing(state) < 0:
        return True
    enemy = state.enemies[index]
    standing = [str(s) for s, p in enumerate(state.players) if not p.beaten]
    if not leads(state):  # the CL bot picks at once
        state.cl_aimed = index
        turn_on(state, enemy, nearest_to_falling(state))
        return True
    ask(state, "cl_target", f"Whom does {enemy.name} attack?", standing, [str(index)])
    return False


# ----- the CL bot -------------------------------------------------------------------------


def nearest_to_falling(state: State) -> int:
    """The Disciple standing with the least vitality and Guard (the first in player order on a
    tie): every enemy on one Disciple at a time, so the band loses its hands soonest."""
    standing = [s for s in turn_order(state) if not state.players[s].beaten]
    return min(standing, key=lambda s: (state.players[s].vitality + state.players[s].guard,
                                        standing.index(s)))


def bot_choice(state: State) -> int:
    """The CL bot's pick for the pending CL decision."""
    pending = state.pending
    assert pending is not None
    content = load()
    if pending.kind == "cl_target":
        return pending.options.index(str(nearest_to_falling(state)))
    if pending.kind == "cl_next":  # an event on top first, so the enemies gather on the tops
        events = [i for i, card in enumerate(pending.options) if card in content.events]
        return events[0] if events else 0
    if pending.kind == "cl_commit":
        return commit_count(state, pending.extra) - 1
    return 0  # cl_order: the seats' order; cl_scope: everyone meets the event


def commit_count(state: State, seats: list[str]) -> int:
    """How many enemies the CL bot commits: those the decks offer (`seats`: whose deck gives
    each, the attacking one first), while their vitality summed stays within the share of the
    band's standing vitality the fights won so far allow, and one for each Disciple standing
    at least."""
    enemies = load().enemies
    standing = [p for p in state.players if not p.beaten]
    budget = (COMMIT_SHARE + COMMIT_GROWTH * state.fights_won) * sum(p.vitality for p in standing)
    total, count = 0, 0
    for card in committable(state, seats):
        total += enemies[card].vitality
        if count >= len(standing) and total > budget:
            break
        count += 1
    return max(1, min(count, len(seats)))


def committable(state: State, seats: list[str]) -> list[str]:
    """The enemies a commit can bring, in the order they come (`seats`: whose deck gives
    each, the enemy that attacks first, already off its deck as the active event)."""
    taken = {int(s): 0 for s in seats}
    cards = []
    for k, seat in enumerate(int(s) for s in seats):
        if k == 0:
            cards.append(state.event)
            continue
        taken[seat] += 1
        cards.append(state.players[seat].event_deck[-taken[seat]])
    return cards
