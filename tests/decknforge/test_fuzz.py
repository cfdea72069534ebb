"""1,000 seeded random games of 2-4 players through legal_actions/apply.

Invariants at every step: every card in exactly one place (and home with its owner at the
end), hand <= 7, slots <= 3. The save round trip (encode -> decode -> encode, identical bytes)
runs at every step of the first 100 games to keep the folder fast on a shared machine.
"""

from __future__ import annotations

import msgspec

from engine.core.errors import IllegalAction
from engine.decknforge.bots import GreedyPlayer, RandomPlayer, play
from engine.decknforge.model import (
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Hire,
    InscribeScar,
    State,
)
from tests.decknforge.helpers import GAME, check_invariants, round_trip

PROBES = [
    DrawEquipment(), DrawAdventurer(), EndTurn(), InscribeScar("GNASH"), InscribeScar("KINDLE"),
    *(Hire(i) for i in range(-1, 9)), *(Cast(i) for i in range(-1, 9)),
    *(Equip(i, j) for i in range(-1, 9) for j in range(-1, 4)),
]  # fmt: skip
GAMES = 1000
ROUND_TRIP_GAMES = 100


def test_fuzz_random_games():
    results: dict[str, int] = {}
    for seed in range(GAMES):
        players = 2 + seed % 3
        state = GAME.new_game(seed, players=players)
        bot = RandomPlayer(seed + 10_000)
        steps = 0
        while GAME.outcome(state) is None:
            if seed < ROUND_TRIP_GAMES:
                data = round_trip(state)
                state = msgspec.json.decode(data, type=State)
            actions = GAME.legal_actions(state)
            assert actions, "a running game always offers a move"
            if seed < ROUND_TRIP_GAMES:
                for probe in PROBES:
                    assert GAME.is_legal(state, probe) == (probe in actions), probe
                assert all(GAME.is_legal(state, a) for a in actions)
            GAME.apply(state, bot.choose(GAME, state))
            check_invariants(state)
            steps += 1
            assert steps < 5000
        if seed < ROUND_TRIP_GAMES:
            round_trip(state)
            assert GAME.legal_actions(state) == []
        results[state.result] = results.get(state.result, 0) + 1
    assert set(results) <= {"clear", "fall", "driven_out"}
    assert results.get("clear") and (results.get("fall", 0) + results.get("driven_out", 0))


def test_fuzz_greedy_games_and_illegal_probes():
    for seed in range(100):
        state = GAME.new_game(seed, players=2 + seed % 3)
        play(GAME, state, [GreedyPlayer(seed * 7 + i) for i in range(4)])
        check_invariants(state)
    state = GAME.new_game(5)
    before = msgspec.json.encode(state)
    legal = GAME.legal_actions(state)
    for card in range(-1, 9):
        for slot in range(-1, 4):
            action = Equip(card, slot)
            if action not in legal:
                try:
                    GAME.apply(state, action)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{action} was accepted")
    assert msgspec.json.encode(state) == before


def veteran_decks(seed: int, count: int) -> list:
    """Decks written all over: every card carries a word of its kind, Monsters a modifier."""
    from engine.core.rng import Rng
    from engine.decknforge.legacy import fresh_deck
    from engine.decknforge.lexicon import words_of
    from engine.decknforge.model import ROLE

    rng = Rng.from_seed(seed)
    pools = {kind: [w.name for w in words_of(kind)] for kind in ("adventurer", "equipment", "monster")}
    decks = []
    for i in range(count):
        deck = fresh_deck(f"V{i}")
        deck.level = 1 + rng.below(3)
        for card in deck.cards:
            if rng.below(3):
                card.word = rng.choice(pools[ROLE[card.code]])
                if ROLE[card.code] == "monster":
                    card.modifier = 2 + rng.below(9)
        decks.append(deck)
    return decks


def test_fuzz_veteran_decks_run_every_word():
    fired: set[str] = set()
    for seed in range(300):
        decks = veteran_decks(seed, 2 + seed % 3)
        state = GAME.new_game(seed, decks=decks)
        bot = RandomPlayer(seed) if seed % 2 else GreedyPlayer(seed)
        while GAME.outcome(state) is None:
            if seed < 60:
                state = msgspec.json.decode(round_trip(state), type=State)
            GAME.apply(state, bot.choose(GAME, state))
            check_invariants(state)
        fired.update(line.split(": ")[0].split()[-1] for line in state.log if ": " in line)
    from engine.decknforge.lexicon import base_words

    assert len(fired & {w.name for w in base_words()}) >= 40
