"""Ways to set up a Disruption table for a rules test."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.disruption.model import Card, Encounter, State
from engine.registry import GAMES

GAME = GAMES["disruption"]


def new(seed: int = 1, **options) -> State:
    return GAME.new_game(seed=seed, **options)


def encoded(state: State) -> bytes:
    return msgspec.json.encode(state)


def rig_dice(state: State, faces: list[int], sides: int = 6) -> None:
    """Move the RNG to a point where the next rolls are exactly `faces`."""
    for seed in range(1, 1_000_000):
        probe = Rng.from_seed(seed)
        if all(probe.die(sides) == face for face in faces):
            state.rng = Rng.from_seed(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")


def face(encounter_cards: list[tuple[int, str]]) -> list[Card]:
    return [Card(rank, suit) for rank, suit in encounter_cards]


def set_encounter(state: State, defenders: list[Card]) -> None:
    """Put these defenders on the table (taken from wherever they are)."""
    for card in defenders:
        for pile in (state.defender_deck, state.defender_graveyard, state.defeats_pile):
            if card in pile:
                pile.remove(card)
    if state.encounter is not None:
        state.defender_deck.extend(state.encounter.defenders)
    state.encounter = Encounter(defenders=defenders, values=[c.rank for c in defenders])
    state.phase = "fight"


def set_hand(state: State, hand: list[Card]) -> None:
    """Give the player exactly these allies; the rest go back to their decks."""
    for card in state.hand:
        (state.major_deck if card.is_major else state.minor_deck).append(card)
    state.hand = []
    for card in hand:
        for pile in (state.minor_deck, state.major_deck, state.ally_graveyard):
            if card in pile:
                pile.remove(card)
        state.hand.append(card)


def all_cards(state: State) -> list[Card]:
    cards = (
        state.defender_deck
        + state.defender_graveyard
        + state.defeats_pile
        + state.minor_deck
        + state.major_deck
        + state.ally_graveyard
        + state.hand
    )
    if state.encounter is not None:
        cards = cards + state.encounter.defenders + state.encounter.allies
    return cards
