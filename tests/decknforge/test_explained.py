"""The explain checker (tests/explain.py) over DecknForge tables: every change of where a card
is (decks, hands, slots, gear, the dungeon), the round and the table's end is told by a log
line before it happens. Hidden cards are told as a count ("AB draws 3 Equipment"): only the
owner's view shows which."""

from __future__ import annotations

from functools import lru_cache

from engine.core.rng import Rng
from engine.decknforge.legacy import DECK_CODES
from engine.decknforge.model import State, card_label
from engine.registry import GAMES
from tests.decknforge.test_fuzz import veteran_decks
from tests.explain import Fact, Facts, explain_games

GAME = GAMES["decknforge"]
PLAYER_PILES = ("adventurer_deck", "equipment_deck", "hand", "cast", "discard", "returned")
TABLE_PILES = ("monster_pile", "escalations", "lair", "slain")
PILE_WORDS = ("shuffle", "deck")  # a whole pile moved at once


@lru_cache(maxsize=None)
def zone_fact(code: str, where: str) -> Fact:
    # a card drawn from a face-down deck is told as a count, not by its name
    drawn = ("draws",) if where.endswith("_deck") else ()
    return Fact(where, (card_label(code), *PILE_WORDS, *drawn))


def facts(state: State) -> Facts:
    # every card of every deck is somewhere: one lost, or taken before its line, is a change too
    found: Facts = {("zone", seat, code): zone_fact(code, "nowhere") for seat in range(len(state.players)) for code in DECK_CODES}

    def zone(card, where: str) -> None:
        found[("zone", card.owner, card.code)] = zone_fact(card.code, where)

    for player in state.players:
        for pile in PLAYER_PILES:
            for card in getattr(player, pile):
                zone(card, f"P{player.seat} {pile}")
        for number, slot in enumerate(player.slots):
            zone(slot.adventurer, f"P{player.seat} slot {number}")
            for card in slot.gear:  # gear is on its Adventurer, wherever that one sits
                zone(card, f"P{player.seat} gear on {slot.adventurer.code}")
    for pile in TABLE_PILES:
        for card in getattr(state, pile):
            zone(card, pile)
    for number, row in enumerate(state.rows):
        for card in row:
            zone(card, f"row {number}")
    found["round"] = Fact(state.round, ("Round",))
    found["over"] = Fact(state.result, ("clear", "fall", "driven out", "dungeon", "band"))
    return found


def chooser(seed: int):
    rng = Rng.from_seed(seed + 7)
    return lambda state: rng.choice(GAME.legal_actions(state))


def fresh_playouts(seeds: range):
    for seed in seeds:
        yield GAME.new_game(seed, players=2 + seed % 3), chooser(seed)


def veteran_playouts(seeds: range):
    """Decks written all over, so every kind of word fires: draws, strips, smashes, burns,
    arms and recruits."""
    for seed in seeds:
        yield GAME.new_game(seed, decks=veteran_decks(seed, 2 + seed % 3)), chooser(seed)


def test_fresh_tables_are_explained():
    problems = explain_games(GAME, facts, fresh_playouts(range(12)))
    assert not problems, "\n".join(map(str, problems))


def test_tables_of_written_decks_are_explained():
    problems = explain_games(GAME, facts, veteran_playouts(range(24)))
    assert not problems, "\n".join(map(str, problems))


def test_the_checker_catches_gear_stripped_unnamed():
    """A wrong program: a joker strips the gear with a line that names no piece."""
    from engine.decknforge import attack

    real_log = attack.log

    def vague(state, what, *parts):
        if what == "strips":  # the joker and the count, not the pieces
            real_log(state, "said", f"{parts[0]} strips {parts[1]} pieces of gear.")
        else:
            real_log(state, what, *parts)

    attack.log = vague
    try:
        problems = explain_games(GAME, facts, fresh_playouts(range(12)))
    finally:
        attack.log = real_log
    assert any(problem.key[0] == "zone" and "gear on" in str(problem.before) for problem in problems)
