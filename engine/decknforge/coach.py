"""DecknForge for the coach (engine/core/coach.py): a deal that agrees with what one seat knows.

While the dungeon runs a seat sees no deck's cards (not even its own deck's order or faces),
no other hand, and of the Monster pile only each card's owner and modifier (view.py). Every
deck holds each of its 54 codes once, so the cards a seat cannot place are, owner by owner,
the codes not showing anywhere on the table: they are dealt at random to the hidden places
their role allows (Adventurers to the Adventurer deck, number cards to the Equipment deck,
aces and jokers to the Monster pile, anything to a hand). What a hidden card has written on it
cannot be known: a dealt card carries no word."""

from __future__ import annotations

from collections import defaultdict

import msgspec

from engine.core.rng import Rng
from engine.decknforge.model import ALL_CODES as DECK_CODES
from engine.decknforge.model import ROLE, Card, State
from engine.decknforge.view import HIDDEN


def _shown(state: State) -> list[Card]:
    cards: list[Card] = []
    for player in state.players:
        cards += player.adventurer_deck + player.equipment_deck + player.hand
        cards += player.cast + player.discard + player.returned
        for slot in player.slots:
            cards.append(slot.adventurer)
            cards += slot.gear
    cards += state.monster_pile + state.escalations + state.lair + state.slain
    for row in state.rows:
        cards += row
    return [c for c in cards if c.code != HIDDEN]


def redeal(state: State, seat: int, rng: Rng, view) -> State:
    deal = msgspec.msgpack.decode(msgspec.msgpack.encode(view(state, seat)), type=State)
    deal.rng = Rng.from_seed(rng.next_u64())
    deal.seed = deal.rng.seed
    if deal.phase != "turn":
        return deal
    unplaced: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    shown = defaultdict(set)
    for card in _shown(deal):
        shown[card.owner].add(card.code)
    for player in deal.players:
        for code in DECK_CODES:
            if code not in shown[player.seat]:
                unplaced[player.seat][ROLE[code]].append(code)
        for pile in unplaced[player.seat].values():
            rng.shuffle(pile)

    def take(owner: int, role: str | None) -> str:
        piles = unplaced[owner]
        if role is None:  # a hidden hand card: any role still left over
            roles = [r for r in sorted(piles) if piles[r]]
            role = roles[rng.below(len(roles))] if roles else "equipment"
        pile = piles[role]
        if pile:
            return pile.pop()
        codes = [c for c in DECK_CODES if ROLE[c] == role]
        return codes[rng.below(len(codes))]

    for player in deal.players:  # the decks and the pile first: their roles are fixed
        player.adventurer_deck = [Card(c.owner, take(c.owner, "adventurer")) for c in player.adventurer_deck]
        player.equipment_deck = [Card(c.owner, take(c.owner, "equipment")) for c in player.equipment_deck]
    pile = [Card(c.owner, take(c.owner, "monster"), c.word, c.mod) if c.code == HIDDEN else c for c in deal.monster_pile]
    rng.shuffle(pile)
    deal.monster_pile = pile
    for player in deal.players:
        player.hand = [Card(c.owner, take(c.owner, None)) if c.code == HIDDEN else c for c in player.hand]
    return deal
