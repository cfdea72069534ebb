"""Whether a DecknForge state could have come from play (Game.validate): every card in exactly
one place, counters in range, and a decision pending only when someone can make it."""

from __future__ import annotations

from collections import Counter

from engine.decknforge.effects import MAX_EXTRA_ACTIONS, lookup
from engine.decknforge.ending import scar_waiting, scar_words
from engine.decknforge.legacy import DECK_CODES
from engine.decknforge.model import HAND_LIMIT, JOKERS, ROLE, SLOTS, Card, State

ROW_SIZE = 2


def _zones(state: State) -> list[tuple[str, str, list[Card]]]:
    """(where, which role belongs there, cards) for every place a card can lie."""
    zones = [
        ("the Monster pile", "monster", state.monster_pile),
        ("the lair", "monster", state.lair),
        ("the slain Monsters", "monster", state.slain),
        ("the escalations", "monster", state.escalations),
    ]
    zones += [(f"row {i + 1}", "monster", row) for i, row in enumerate(state.rows)]  # standing jokers
    for p in state.players:
        zones += [
            (f"{p.label}'s Adventurer deck", "adventurer", p.adventurer_deck),
            (f"{p.label}'s Equipment deck", "equipment", p.equipment_deck),
            (f"{p.label}'s hand", "", p.hand),
            (f"{p.label}'s cast cards", "equipment", p.cast),
            (f"{p.label}'s discard", "", p.discard),
            (f"{p.label}'s returned cards", "", p.returned),
            (f"{p.label}'s slots", "adventurer", [s.adventurer for s in p.slots]),
            (f"{p.label}'s gear", "equipment", [g for s in p.slots for g in s.gear]),
        ]
    return zones


def _whole_decks(players: int) -> Counter[tuple[int, str]]:
    return Counter((seat, code) for seat in range(players) for code in DECK_CODES)


WHOLE = {players: _whole_decks(players) for players in range(2, 5)}


def problems(state: State) -> list[str]:
    found: list[str] = []
    players = len(state.players)
    if not 2 <= players <= 4 or len(state.decks) != players:
        return [f"A table of {players} players with {len(state.decks)} decks cannot be."]
    keys: list[tuple[int, str]] = []
    words: set[str] = set()
    for where, role, cards in _zones(state):
        keys += [(c.owner, c.code) for c in cards]
        words.update([c.word for c in cards if c.word])
        if role and any(ROLE.get(c.code) != role for c in cards):
            found.append(f"{where} holds a card that is no {role} card.")
        if len(cards) > HAND_LIMIT and where.endswith("hand"):
            found.append(f"{where} holds {len(cards)} cards (the limit is {HAND_LIMIT}).")
    for i, row in enumerate(state.rows):  # a slain joker's place stays taken (R4)
        taken = len(row) + state.slain_places.count(i)
        if taken > ROW_SIZE:
            found.append(f"row {i + 1} holds {taken} jokers, standing and slain (a row takes {ROW_SIZE}).")
    if any(not 0 <= i < len(state.rows) for i in state.slain_places):
        found.append("A slain joker's place lies in no row of the dungeon.")
    if len(state.slain_places) > sum(c.code in JOKERS for c in state.slain):
        found.append("More rows keep a slain joker's place than there are slain jokers.")
    seen = Counter(keys)
    if not dict.__eq__(seen, WHOLE[players]):  # Counter's own == is many times slower
        for key in sorted(set(seen) | set(WHOLE[players]), key=str):
            if seen[key] != WHOLE[players][key]:
                found.append(f"Seat {key[0] + 1}'s {key[1]} lies in {seen[key]} places, not one.")
    found += [f"A card carries the unknown word {w}." for w in sorted(words) if lookup(state, w) is None]
    for seat, (player, deck) in enumerate(zip(state.players, state.decks)):
        if player.seat != seat:
            found.append(f"{player.label} sits at the wrong seat.")
        if len(player.slots) > SLOTS:
            found.append(f"{player.label} has {len(player.slots)} slots (three at most).")
        if player.level < 1 or player.actions_left < 0 or not 0 <= player.extra_actions <= MAX_EXTRA_ACTIONS:
            found.append(f"{player.label}'s level or actions are out of range.")
        if deck.cards:  # a table's decks have every card on the table (R41)
            found.append(f"{deck.initials}'s deck lies on the table and in the box at once.")
    # At the end every card goes home and the rows stand empty: only a running dungeon counts.
    if state.round < 1 or (state.phase == "turn" and len(state.escalations) != len(state.rows) - 1):
        found.append("The round or the rows of the dungeon do not add up.")
    found += _phase_problems(state)
    return found


def _phase_problems(state: State) -> list[str]:
    if state.phase == "turn":
        if state.result or state.results:
            return ["A dungeon still being played has a result."]
        if all(p.done for p in state.players):
            return ["Every player has finished the turn, yet the Monster attack has not come."]
        if any(p.actions_left == 0 and not p.done for p in state.players):
            return ["A player with no action left is still in the turn."]
        return []
    if state.phase == "scar":
        if state.result not in ("fall", "driven_out") or len(state.scars) != len(state.players):
            return ["Scars are being written without a fall."]
        waiting = scar_waiting(state)
        if not waiting:
            return ["Scars are being written but none waits for a word."]
        if any(not scar_words(state, seat) for seat in waiting):
            return ["A scar waits for a word that nobody could write."]
        return []
    if not state.result or len(state.results) != len(state.players):
        return ["The dungeon is over without a result for every deck."]
    return []
