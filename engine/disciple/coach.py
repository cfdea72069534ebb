"""Disciple for the coach (engine/core/coach.py): a deal that agrees with what one seat knows.

What no seat knows: the order of every face-down pile (each Disciple's draw pile, skills deck
and event deck, each enemy's attack patterns) and the shuffle. The event deck keeps the book's
structure (its groups in order, each miniboss and the boss in its place): only the cards within
a group are dealt afresh. What a seat's view hides besides (R35, R43) is filled in with cards it
cannot place: a Versus opponent's hand, draw pile and face-down counters from the cards of that
opponent's style that have not shown (its deck list is hidden: the style's own deck stands for
it), a Campaign player's event deck and patterns from what the book deals. The Campaign
Leader's seat sees the event decks and pattern piles as they lie (R43), so they stay so."""

from __future__ import annotations

import math
from collections import Counter

import msgspec

from engine.core.rng import Rng
from engine.disciple.content import load
from engine.disciple.decks import default_versus_deck
from engine.disciple.model import Disciple, State
from engine.disciple.view import HIDDEN


def redeal(state: State, seat: int, rng: Rng, view) -> State:
    deal = msgspec.msgpack.decode(msgspec.msgpack.encode(view(state, seat)), type=State)
    content = load()
    # The Campaign Leader holds the event decks and the pattern piles and sees how they lie
    # (R43): the CL's choices (whose card comes next, how many enemies commit) read their tops.
    leader_knows_order = deal.mode == "campaign" and seat == len(deal.players)
    for me in deal.players:
        if HIDDEN in me.hand or HIDDEN in me.draw or HIDDEN in me.counters:
            _fill_opponent(deal, me, rng, content)
        for pile in (me.draw, me.skills_deck, me.second_skills):
            pile.sort()  # what a pile holds, not how it lies, decides the deal
            rng.shuffle(pile)
        if HIDDEN in me.event_deck:
            _fill_events(deal, me, rng, content)
        elif not leader_knows_order:
            _shuffle_groups(me, rng, content)
    for enemy in deal.enemies:
        pile = len(content.pile(enemy.id))
        if -1 in enemy.patterns or -1 in enemy.patterns_out:
            shown = [p for p in enemy.patterns_out if p >= 0]
            pool = [p for p in range(pile) if p not in shown]
            rng.shuffle(pool)
            need = enemy.patterns.count(-1) + enemy.patterns_out.count(-1)
            while len(pool) < need:
                pool.append(rng.below(max(pile, 1)))
            enemy.patterns_out = [p if p >= 0 else pool.pop() for p in enemy.patterns_out]
            enemy.patterns = [p if p >= 0 else pool.pop() for p in enemy.patterns]
        if not leader_knows_order:
            enemy.patterns.sort()
            rng.shuffle(enemy.patterns)
    deal.rng = Rng.from_seed(rng.next_u64())
    return deal


def _group_key(content, me: Disciple) -> dict[str, str]:
    keys: dict[str, str] = {}
    for style_id in me.styles:
        style = content.styles.get(style_id)
        if style is None:
            continue
        for group, cards in style.events.items():
            for card in cards:
                keys.setdefault(card, group)
    return keys


def _shuffle_groups(me: Disciple, rng: Rng, content) -> None:
    """Shuffle each run of event cards of one group among themselves; a miniboss, the boss
    and anything of no group stay where they lie."""
    keys = _group_key(content, me)
    deck = me.event_deck
    start = 0
    while start < len(deck):
        key = keys.get(deck[start])
        end = start + 1
        while key is not None and end < len(deck) and keys.get(deck[end]) == key:
            end += 1
        if end - start > 1:
            run = sorted(deck[start:end])
            rng.shuffle(run)
            deck[start:end] = run
        start = end


def _fill_events(state: State, me: Disciple, rng: Rng, content) -> None:
    """A hidden event deck: the book's deck for this Disciple's style, its last cards (the
    ones still to come), as many as the pile holds."""
    from engine.disciple.journey import build_event_deck

    probe = State(rng=Rng.from_seed(rng.next_u64()), phase=state.phase, players=[me], mode=state.mode)
    style = me.styles[0] if me.styles else next(iter(content.styles))
    fresh = build_event_deck(probe, style, len(me.styles) > 1)
    count = len(me.event_deck)
    me.event_deck = fresh[:count] if count <= len(fresh) else fresh + [fresh[0]] * (count - len(fresh))


def _fill_opponent(state: State, me: Disciple, rng: Rng, content) -> None:
    """A Versus opponent: the hidden cards drawn from their style's own deck, less what has
    shown of it; a face-down counter from the counter cards among them."""
    style = me.styles[0] if me.styles else next(iter(content.styles))
    assumed = list(default_versus_deck(content, style).cards)
    shown = Counter(c for c in me.discard + me.set_aside + me.removed if c != HIDDEN)
    shown.update(c for c in (me.stance, me.style, me.state_card) if c and c != HIDDEN)
    shown.update(c for c in me.counters if c != HIDDEN)
    pool: list[str] = []
    left = Counter(assumed)
    left.subtract(shown)
    for card, n in sorted(left.items()):
        pool += [card] * max(n, 0)
    rng.shuffle(pool)
    cards = content.cards

    def take(counter_card: bool) -> str:
        for i in range(len(pool) - 1, -1, -1):
            if not counter_card or cards[pool[i]].counter is not None:
                return pool.pop(i)
        candidates = [c for c in assumed if not counter_card or cards[c].counter is not None] or assumed
        return candidates[rng.below(len(candidates))]

    hidden_counters = [i for i, c in enumerate(me.counters) if c == HIDDEN]
    for i in hidden_counters:
        me.counters[i] = take(True)
    if me.last_played == HIDDEN:
        me.last_played = me.counters[hidden_counters[-1]] if hidden_counters else ""
    me.hand = [take(False) if c == HIDDEN else c for c in me.hand]
    me.draw = [take(False) if c == HIDDEN else c for c in me.draw]
    known = [c for c in me.owned if c != HIDDEN]
    if len(known) < len(me.owned):
        placed = (
            me.hand + me.draw + me.discard + me.counters
            + [c for c in (me.stance, me.style, me.state_card) if c]
        )
        me.owned = sorted(placed)


# ----- a duel played on only so far (Versus): its worth judged from the vitality left -----

DUEL_HORIZON = 30  # quick moves a Versus playout makes before the duel is judged as it stands
DUEL_PLAYOUTS = 300  # a Versus hard bot's playouts for a move: about a quarter second of CPU
# P(win) as logistic(DUEL_SLOPE * ln(my vitality / theirs)): fitted on 400 duels of the greedy
# bot against itself (the styles' default decks), every turn's vitality against who won
DUEL_SLOPE = 2.5


def duel_worth(state: State, seat: int) -> float:
    """The chance `seat` wins a Versus duel not yet over, judged from the vitality each has."""
    mine, theirs = state.players[seat].vitality, state.players[1 - seat].vitality
    return 1.0 / (1.0 + math.exp(-DUEL_SLOPE * math.log(max(mine, 1) / max(theirs, 1))))


# ----- a journey played on only so far (Solo): its worth judged from where it stands -----

JOURNEY_HORIZON = 24  # quick moves a Solo playout makes (a fight or two) before it is judged
# P(finish) as logistic(a + b * vitality/10 - c * events left/10 - d * enemies' vitality/10),
# fitted for each style on 400 journeys of the greedy bot (every third move against the end)
JOURNEY_MODEL = {
    "boxing": (-0.96, 0.69, 0.62, 0.06),
    "karate": (-0.95, 1.07, 1.03, 0.21),
    "jiujitsu": (-0.68, 1.24, 0.82, 0.25),
}


def journey_worth(state: State, seat: int) -> float:
    """The chance a Solo Disciple finishes a journey not yet over, judged from the vitality
    left, the events still to come and the vitality of the enemies standing."""
    me = state.players[seat]
    style = me.styles[0] if me.styles else ""
    a, b, c, d = JOURNEY_MODEL.get(style, JOURNEY_MODEL["boxing"])
    foes = sum(max(enemy.vitality, 0) for enemy in state.enemies if not enemy.beaten)
    z = a + b * max(me.vitality, 0) / 10 - c * len(me.event_deck) / 10 - d * foes / 10
    return 1.0 / (1.0 + math.exp(-z))
