"""Shared helpers for Druid Path tests: a game, invariants, and table set-ups."""

from __future__ import annotations

from collections import Counter

import msgspec

from engine.druid_path.table import C, SPIRIT, hp_left, is_shadow, new_beast
from engine.druid_path.model import COLOURS, GEMS_PER_COLOUR, STAMINA_CAP, STEPS, Beast, PendingLane, State
from engine.druid_path.rules import DruidPathGame

GAME = DruidPathGame()


def check_invariants(state: State) -> None:
    beasts = list(state.beast_deck) + list(state.beast_discard)
    beasts += [s.card for s in state.encounter if s is not None]
    if isinstance(state.pending, PendingLane):  # a tamed card in hand, waiting for its lane
        beasts.append(state.pending.card)
    shadows = list(state.shadow_deck) + list(state.shadow_discard)
    items = list(state.item_deck) + list(state.item_discard) + list(state.hand)
    spirits = 0
    for row_name, row in (("druid", state.druid_row), ("darach", state.darach_row)):
        assert len(row) == 3
        for beast in row:
            if beast is None:
                continue
            items += beast.relics
            if beast.card == SPIRIT:
                spirits += 1
            elif is_shadow(beast):
                assert row_name == "darach", "shadow beastborgs never enter the Druid row"
                shadows.append(beast.card)
            else:
                beasts.append(beast.card)
            if state.result is None:
                assert hp_left(beast) > 0, f"{beast.card} alive at 0 HP"
    assert Counter(beasts) == Counter(list(C.beasts)), "every beastborg in exactly one place"
    assert Counter(shadows) == Counter(list(C.shadows)), "every shadow beastborg in exactly one place"
    assert Counter(items) == Counter(list(C.items)), "every item in exactly one place"
    assert spirits <= 3
    if state.druid != "emrys":
        assert spirits == 0
    assert 0 <= state.stamina <= STAMINA_CAP
    assert state.druid_hp <= state.druid_hp_max
    assert state.darach_hp <= state.darach_hp_max
    assert 0 <= state.turn <= STEPS
    for colour in COLOURS:
        assert state.gems.get(colour, 0) + state.gem_supply[colour] == GEMS_PER_COLOUR
        assert state.gem_supply[colour] >= 0
    if state.result is None:
        assert state.druid_hp > 0 and state.darach_hp > 0
    else:
        assert state.pending is None and not state.queue and state.phase == "over"
    assert len(state.log) <= 40


def round_trip(state: State) -> None:
    raw = msgspec.json.encode(state)
    again = msgspec.json.encode(msgspec.json.decode(raw, type=State))
    assert raw == again


def new(seed: int = 1, **options) -> State:
    return GAME.new_game(seed, **options)


def clear_table(state: State) -> State:
    """Empty the rows and the encounter row (cards back to their discards) for a set-up."""
    for row in (state.druid_row, state.darach_row):
        for i, beast in enumerate(row):
            if beast is not None:
                if beast.card in C.beasts:
                    state.beast_discard.append(beast.card)
                elif beast.card in C.shadows:
                    state.shadow_discard.append(beast.card)
                state.item_discard.extend(beast.relics)
                row[i] = None
    for i, slot in enumerate(state.encounter):
        if slot is not None:
            state.beast_discard.append(slot.card)
            state.encounter[i] = None
    return state


def take_beast(state: State, card: str) -> str:
    """Pull a beastborg out of wherever it waits in the decks, for placing it by hand."""
    for pile in (state.beast_deck, state.beast_discard):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"{card} is not in a pile")


def put(state: State, row: str, lane: int, card: str, **fields) -> Beast:
    if card in C.shadows:
        for pile in (state.shadow_deck, state.shadow_discard):
            if card in pile:
                pile.remove(card)
    elif card != SPIRIT:
        take_beast(state, card)
    beast = new_beast(state, card)
    for name, value in fields.items():
        setattr(beast, name, value)
    (state.druid_row if row == "druid" else state.darach_row)[lane] = beast
    return beast


def take_item(state: State, item: str) -> str:
    for pile in (state.item_deck, state.item_discard, state.hand):
        if item in pile:
            pile.remove(item)
            return item
    raise AssertionError(item)


def give(state: State, item: str) -> int:
    """Put an item in the hand; returns its hand index."""
    take_item(state, item)
    state.hand.append(item)
    return len(state.hand) - 1


def rig_dice(state: State, total: int) -> None:
    """Move the state's RNG to a point where the next 2d6 roll makes `total`."""
    from engine.core.rng import Rng

    counter = state.rng.counter
    while True:
        probe = Rng(state.rng.seed, counter)
        if sum(probe.roll(2, 6)) == total:
            state.rng.counter = counter
            return
        counter += 1


def at_play(seed: int = 1, **options) -> State:
    """A new game in its first Play phase with an empty table and 3 stamina."""
    state = clear_table(new(seed, **options))
    assert state.phase == "play" and state.pending is None
    return state
