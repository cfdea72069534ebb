"""Versus: two Disciples, each with a deck of their own building (decks.py), 50 vitality, and
the pull that decides who goes first.

Rulings cited as R<n> are in RULINGS.md beside this file.
"""

from __future__ import annotations

from engine.disciple.content import Card, load
from engine.disciple.decks import VersusDeck
from engine.disciple.effects import draw_cards, log
from engine.disciple.model import FIRST_HAND, VERSUS_VITALITY, EnergyCard, State

RARITY_RANK = {"common": 0, "uncommon": 1, "epic": 2, "legendary": 3}
BEATS = {"upper": "lower", "lower": "grapple", "grapple": "upper"}  # the type wheel
MAX_PULLS = 100  # R31: then a coin decides, as the rulebook settles any dispute


def pull_winner(first: Card, second: Card) -> int | None:
    """Which pulled card wins (0: the first, 1: the second), or None to pull again: the rarer,
    then the costlier, then by type (every type beats Generic; Upper beats Lower, Lower beats
    Grapple, Grapple beats Upper)."""
    rarity = RARITY_RANK[first.rarity] - RARITY_RANK[second.rarity]
    if rarity:
        return 0 if rarity > 0 else 1
    cost = sum(first.cost.values()) - sum(second.cost.values())
    if cost:
        return 0 if cost > 0 else 1
    if first.kind == second.kind:
        return None
    if second.kind == "generic":
        return 0
    if first.kind == "generic":
        return 1
    if BEATS.get(first.kind) == second.kind:
        return 0
    if BEATS.get(second.kind) == first.kind:
        return 1
    return None  # R31: a Stance or Style against another type is no win either way


def pull_words(first: Card, second: Card) -> str:
    """Why one pulled card beats the other (or does not), in words."""
    if first.rarity != second.rarity:
        return "rarity"
    if sum(first.cost.values()) != sum(second.cost.values()):
        return "cost"
    return "type"


def set_up(state: State, decks: list[VersusDeck], names: list[str]) -> None:
    """Each Disciple's whole deck is their draw pile and their allotment their energy (R30);
    then the pull, the shuffles and the first hands."""
    cards = load().cards
    for me, deck, name in zip(state.players, decks, names):
        me.name = name
        me.styles = list(deck.styles)
        me.allotment = list(deck.allotment)
        me.vitality = me.start_vitality = VERSUS_VITALITY
        me.owned = list(deck.cards)
        me.draw = list(deck.cards)
        me.energy = [EnergyCard(colour, 1) for colour in deck.allotment]
        log(state, "brings a deck", name, deck.name, len(deck.cards), tuple(deck.allotment))
    first, second = state.players
    winner = None
    while winner is None and len(state.pulls) < MAX_PULLS:
        pulled = [me.draw[state.rng.below(len(me.draw))] for me in state.players]
        state.pulls.append(pulled)
        a, b = cards[pulled[0]], cards[pulled[1]]
        winner = pull_winner(a, b)
        if winner is None:
            log(state, "pull tied", first.name, a.name, second.name, b.name)
        else:
            log(state, "pull won", first.name, a.name, second.name, b.name, state.players[winner].name,
                pull_words(a, b))
    if winner is None:
        winner = state.rng.below(2)
        log(state, "coin toss", MAX_PULLS, state.players[winner].name)
    for me in state.players:
        state.rng.shuffle(me.draw)
        draw_cards(state, me, FIRST_HAND)
    state.active = winner
    state.turn = 1
    state.phase = "player"
    log(state, "goes first", state.players[winner].name)
