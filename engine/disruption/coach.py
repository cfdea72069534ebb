"""Disruption for the coach (engine/core/coach.py): a deal that agrees with what the player
knows, the encounter's exact odds, and the search's order of moves. The player sees the whole
table; what they cannot know is the order of the three face-down decks and the dice to come.

An encounter's chances are exact (odds.py): every way to fight has its chance to win the
encounter, of a Major reward and of a Minor (best_first's order); a trade its chance averaged
over the Majors it may draw (encounter_advice). Those chances do not see what a move leaves for
the rest of the run: a Major spent on a single the dice would likely beat is missing against
the pairs, three Minors traded now are not there later. So the moves are ranked by the run, in
the core search: each is played on the same deals and dice, the rest of the run fought the
greedy way (the rules' easy_action), the encounter's best way first and kept unless the run
shows another better. The runs are quick, so the search is fixed (Game.fixed_search): its whole
budget played at once, seeded by the table, the same answer every time; the hint tells each
move's share of won runs and the encounter's exact odds beside it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from engine.core.coach import mixed_seed
from engine.core.rng import Rng
from engine.disruption.encounter import ready_deck
from engine.disruption.model import Fight, Reroll, State, Trade


def _order(card):
    return (card.suit, card.rank)


def redeal(state: State, rng: Rng) -> State:
    deal = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    for deck in (deal.defender_deck, deal.minor_deck, deal.major_deck):
        deck.sort(key=_order)  # what the deck holds, not how it lies, decides the deal
        rng.shuffle(deck)
    deal.rng = Rng.from_seed(rng.next_u64())
    return deal


def percent(chance: Fraction | float) -> str:
    value = float(chance) * 100
    if 0 < value < 1:
        return "under 1%"
    if 99 < value < 100:
        return "over 99%"
    return f"{round(value)}%"


def _best_fight(game: Any, state: State) -> tuple[Fraction, Fraction]:
    """The best way to fight from this hand: its chances to win and of a Major reward."""
    ways = [a for a in game.legal_actions(state) if isinstance(a, (Fight, Reroll))]
    best = game.best_first(state, ways)[0]
    odds = game.chances(state, best)
    return odds.win, odds.major


def _trade_odds(game: Any, state: State, trade: Trade) -> tuple[Fraction, Fraction, int]:
    """A trade, averaged over the Majors it may draw (each as likely: their order is
    unknown): the chance to win the encounter then, of a Major reward, and how many Majors."""
    pool = list(state.major_deck) or [c for c in state.ally_graveyard if c.is_major]
    win = major = Fraction(0)
    for card in pool:
        after = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        traded = [after.hand[i] for i in trade.minors]
        for i in sorted(trade.minors, reverse=True):
            del after.hand[i]
        after.ally_graveyard.extend(traded)
        deck = ready_deck(after, major=True)
        if card in deck:
            deck.remove(card)
        after.hand.append(card)
        w, m = _best_fight(game, after)
        win += w
        major += m
    count = max(1, len(pool))
    return win / count, major / count, len(pool)


def encounter_advice(game: Any, state: State) -> list[tuple[Any, float, str, str]]:
    ways = [a for a in game.legal_actions(state) if isinstance(a, (Fight, Reroll))]
    ranked = []
    for way in game.best_first(state, ways):
        odds = game.chances(state, way)
        why = f"Major reward {percent(odds.major)}, Minor {percent(odds.minor)}"
        ranked.append((odds.win, False, odds.major, way, why))
    for trade in (a for a in game.legal_actions(state) if isinstance(a, Trade)):
        win, major, count = _trade_odds(game, state, trade)
        why = f"over the {count} Majors it may draw"
        ranked.append((win, True, major, trade, why))
    # at an equal chance a fight comes first (a trade spends three allies), then best_first's
    # order (the sort is stable)
    ranked.sort(key=lambda entry: (-entry[0], entry[1]))
    return [
        (way, float(win), f"{percent(win)} to win the encounter", why)
        for win, _, _, way, why in ranked
    ]


# ----- the search's words ------------------------------------------------------------

def table_seed(state: State) -> int:
    """The search's seed, from what the player sees: the same table, the same answer."""
    return mixed_seed(state.logged, state.wins, state.defeats, len(state.hand))


def encounter_words(game: Any, state: State, action: Any) -> str:
    """A move's exact odds for the encounter in words: "encounter 68% (Major reward 30%,
    Minor 10%)"; "" for a move that is not a way to fight now."""
    for way, win, _, why in encounter_advice(game, state):
        if way == action:
            return f"encounter {percent(win)} ({why})"
    return ""
