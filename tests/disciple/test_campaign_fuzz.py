"""Seeded Campaigns of 1 to 4 players, led by a person (every CL decision made at random or by
the standard order) or by the CL bot: Game.validate finding nothing wrong at every step, saves
round-tripped, and a player's view never holding an event deck or an attack-pattern pile.

The suite plays 60; DISCIPLE_CAMPAIGN_FUZZ=1000 plays the full thousand."""

from __future__ import annotations

import os

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.bots import greedy_action
from engine.disciple.model import State
from engine.disciple.view import HIDDEN

from .helpers import GAME

GAMES = int(os.environ.get("DISCIPLE_CAMPAIGN_FUZZ", "60"))
MAX_STEPS = 30000


# The seeds in four runs of their own, one after another, so that a parallel suite shares
# them out; each run holds to what the whole holds to.
CHUNKS = 4


def chunk_of(chunk: int) -> range:
    return range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS)


def check_player_view(state: State, seat: int) -> None:
    seen = GAME.view(state, seat)
    for me, real in zip(seen.players, state.players):
        assert me.event_deck == [HIDDEN] * len(real.event_deck)
    for enemy, real in zip(seen.enemies, state.enemies):
        assert set(enemy.patterns) <= {-1} and len(enemy.patterns) == len(real.patterns)
        assert enemy.patterns_used == []


def play_campaign(seed: int) -> State:
    players = 1 + seed % 4
    leader = "human" if seed % 2 else "bot"
    styles = ["boxing", "karate", "jiujitsu", "ask"]
    state = GAME.new_game(seed=seed, mode="campaign", players=players, cl=leader,
                          styles=[styles[(seed + s) % 4] for s in range(players)])
    rng = Rng.from_seed(seed * 977 + 3)
    steps = 0
    while GAME.outcome(state) is None and steps < MAX_STEPS:
        actions = GAME.legal_actions(state)
        assert actions and GAME.validate(state) == []
        (seat,) = GAME.to_move(state)
        assert {GAME.seat_of(a) for a in actions} == {seat}
        if seat == players:  # the Campaign Leader's own decisions
            assert leader == "human" and state.pending.kind.startswith("cl_")
        if (seed + steps) % 3 == 0:
            action = actions[rng.below(len(actions))]
        else:
            action = greedy_action(GAME, state, rng)
        GAME.apply(state, action)
        steps += 1
        if leader == "human" and steps % 10 == 0:
            check_player_view(state, steps % players)
        if steps % 60 == 0:
            encoded = msgspec.json.encode(state)
            state = msgspec.json.decode(encoded, type=State)
            assert msgspec.json.encode(state) == encoded
    assert GAME.outcome(state) is not None, f"seed {seed} did not finish"
    assert GAME.validate(state) == []
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_campaigns(chunk):
    ends = {(len(state.players), bool(state.won)) for state in map(play_campaign, chunk_of(chunk))}
    assert {players for players, _ in ends} == {1, 2, 3, 4}
