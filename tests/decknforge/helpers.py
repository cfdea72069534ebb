"""Shared helpers for DecknForge tests: a game, rigged piles, and the invariants."""

from __future__ import annotations

import msgspec

from engine.decknforge.legacy import DECK_CODES
from engine.decknforge.model import HAND_LIMIT, Card, EndTurn, Slot, State
from engine.decknforge.rules import DecknForgeGame

GAME = DecknForgeGame()


def new(seed: int = 1, **options) -> State:
    """A table of fresh decks, under the strict Strength reading unless told (R1, R34)."""
    options.setdefault("strength", "strict")
    return GAME.new_game(seed, **options)


def rig_monster(state: State, code: str, owner: int = 0, word: str = "", mod: int = 0) -> Card:
    """Put a Monster of this deck on top of the pile (taking it out of wherever it is)."""
    card = take(state, owner, code)
    card = Card(owner, code, word, mod)
    state.monster_pile.append(card)
    return card


def take(state: State, owner: int, code: str) -> Card:
    """Remove the card (owner, code) from wherever it lies and return it."""
    zones = [state.monster_pile, state.lair, state.slain, state.escalations, *state.rows]
    for p in state.players:
        zones += [p.adventurer_deck, p.equipment_deck, p.hand, p.cast, p.discard, p.returned]
        for slot in p.slots:
            if slot.adventurer.owner == owner and slot.adventurer.code == code:
                p.discard.extend(slot.gear)
                p.slots.remove(slot)
                return slot.adventurer
            zones.append(slot.gear)
    for zone in zones:
        for i, card in enumerate(zone):
            if card.owner == owner and card.code == code:
                return zone.pop(i)
    raise KeyError((owner, code))


def set_slots(state: State, seat: int, layout: list[tuple], word: str = "") -> None:
    """Replace a player's slots: [(adventurer code, [gear codes], word if any)]; `word` is the
    first Adventurer's word. The old slot cards are discarded."""
    player = state.players[seat]
    for slot in list(player.slots):
        player.discard.append(slot.adventurer)
        player.discard.extend(slot.gear)
    player.slots = []
    for i, (code, gear, *rest) in enumerate(layout):
        adventurer = take(state, seat, code)
        written = rest[0] if rest else (word if i == 0 else "")
        if written:
            adventurer = Card(seat, code, written)
        player.slots.append(Slot(adventurer, [take(state, seat, g) for g in gear]))


def put_in_hand(state: State, seat: int, code: str, word: str = "") -> int:
    card = take(state, seat, code)
    player = state.players[seat]
    if len(player.hand) >= HAND_LIMIT:
        player.discard.append(player.hand.pop(0))
    player.hand.append(Card(seat, code, word or card.word, card.mod))
    return len(player.hand) - 1


def finish_round(state: State) -> list:
    """Every player still acting ends their turn: the Monster attack resolves."""
    events = []
    for seat in GAME.to_move(state):
        events += GAME.apply(state, EndTurn(seat))
    return events


def check_invariants(state: State) -> None:
    """The game's own check (every card in exactly one place, counters in range, a decision
    pending only when it can be made), and every card home with its owner at the end."""
    problems = GAME.validate(state)
    assert problems == [], problems
    if state.phase == "over":
        for p in state.players:
            assert len(p.returned) == 54 and all(c.owner == p.seat for c in p.returned)
        assert len(state.results) == len(state.players)
        for deck in GAME.result_decks(state):
            assert sorted(c.code for c in deck.cards) == sorted(DECK_CODES)


def round_trip(state: State) -> bytes:
    data = msgspec.json.encode(state)
    again = msgspec.json.encode(msgspec.json.decode(data, type=State))
    assert again == data
    return data
