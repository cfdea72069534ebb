"""Disruption for the coach (engine/core/coach.py): a deal that agrees with what the player
knows, and exact advice. The player sees the whole table; what they cannot know is the order
of the three face-down decks and the dice to come. An encounter's chances are exact (odds.py),
so a hint needs no search: every way to fight is ranked by its chance to win the encounter,
then by its chance of a Major reward, then of a Minor (best_first); a trade by its chance
averaged over the Majors it may draw."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

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


def _percent(chance: Fraction | float) -> str:
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


def advice(game: Any, state: State) -> list[tuple[Any, float, str, str]]:
    ways = [a for a in game.legal_actions(state) if isinstance(a, (Fight, Reroll))]
    ranked = []
    for way in game.best_first(state, ways):
        odds = game.chances(state, way)
        why = f"Major reward {_percent(odds.major)}, Minor {_percent(odds.minor)}"
        if isinstance(way, Reroll):
            why = "The tie must be rolled again. " + why
        ranked.append((odds.win, False, odds.major, way, why))
    for trade in (a for a in game.legal_actions(state) if isinstance(a, Trade)):
        win, major, count = _trade_odds(game, state, trade)
        why = f"then fight as best you can, over the {count} Majors it may draw"
        ranked.append((win, True, major, trade, why))
    # at an equal chance a fight comes first (a trade spends three allies), then best_first's
    # order (the sort is stable)
    ranked.sort(key=lambda entry: (-entry[0], entry[1]))
    return [
        (way, float(win), f"{_percent(win)} to win the encounter", why)
        for win, _, _, way, why in ranked
    ]
