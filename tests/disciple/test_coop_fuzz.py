"""Seeded Co-Op journeys of 2 to 4 players through legal_actions/apply, each seat played by the
random or the greedy player: Game.validate finding nothing wrong at every step, the seat to
move being the one every legal action is for, and saves round-tripped.

A whole Co-Op journey is long, so the suite plays 120 of them; DISCIPLE_COOP_FUZZ=1000 plays
the full thousand (run before a release)."""

from __future__ import annotations

import os
from collections import Counter

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.bots import greedy_action
from engine.disciple.model import State

from .helpers import GAME

GAMES = int(os.environ.get("DISCIPLE_COOP_FUZZ", "120"))
ROUND_TRIP_GAMES = 20


# The seeds in four runs of their own, one after another, so that a parallel suite shares
# them out; each run holds to what the whole holds to.
CHUNKS = 4


def chunk_of(chunk: int) -> range:
    return range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS)
MAX_STEPS = 20000


def play_game(seed: int) -> State:
    players = 2 + seed % 3
    styles = ["ask", "boxing", "karate", "jiujitsu"]
    state = GAME.new_game(seed=seed, mode="coop", players=players,
                          styles=[styles[(seed + seat) % 4] for seat in range(players)],
                          second_style=seed % 4 != 0)
    rng = Rng.from_seed(seed * 131 + 5)
    greedy = [(seed >> seat) % 3 != 0 for seat in range(players)]
    steps = 0
    while GAME.outcome(state) is None and steps < MAX_STEPS:
        actions = GAME.legal_actions(state)
        assert actions and GAME.validate(state) == []
        (seat,) = GAME.to_move(state)
        assert {GAME.seat_of(a) for a in actions} == {seat}
        if state.phase == "player" and not state.pending:
            assert not state.players[seat].beaten, "a fallen Disciple has no turn"
        action = greedy_action(GAME, state, rng) if greedy[seat] else actions[rng.below(len(actions))]
        assert action in actions
        GAME.apply(state, action)
        steps += 1
        for enemy in state.enemies:  # every enemy aims at a Disciple still standing
            assert enemy.beaten or not state.players[enemy.target].beaten or GAME.outcome(state)
        if seed < ROUND_TRIP_GAMES or steps % 50 == 0:
            encoded = msgspec.json.encode(state)
            state = msgspec.json.decode(encoded, type=State)
            assert msgspec.json.encode(state) == encoded
    assert GAME.outcome(state) is not None, f"seed {seed} did not finish"
    assert GAME.validate(state) == [] and GAME.legal_actions(state) == []
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_coop_journeys(chunk):
    results: Counter[tuple[int, bool]] = Counter()
    for seed in chunk_of(chunk):
        state = play_game(seed)
        results[len(state.players), bool(state.won)] += 1
    assert {players for players, _ in results} == {2, 3, 4}
    assert any(won for _, won in results) and any(not won for _, won in results)
