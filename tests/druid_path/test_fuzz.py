"""1,000 seeded random games through legal_actions/apply, with invariants at every step."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.rng import Rng
from engine.druid_path import model as m
from engine.druid_path.choices import PLAY_OPTIONS
from engine.druid_path.model import State
from tests.druid_path.helpers import GAME, check_invariants, round_trip

DRUIDS = ("belthar", "emrys", "seren", "oisin")
DARACHS = ("kaliran", "morvenna", "draeg", "vorthak")
PATHS = ("celthar", "thornwild", "naarmut", "mireholt")


REFS = ["druid", "darach", "druid:0", "darach:2", "druid:3", "nowhere"]
FIXED = [
    *(m.TakeGem(c) for c in (*m.COLOURS, "purple")), *(m.Tame(i) for i in range(-1, 4)), m.DrawItem(),
    m.DruidAbility(), m.EndPlay(), m.AcceptRoll(), m.Endure(), m.AttackDarach(), m.Block(), m.NextTurn(),
    m.PickBranch(False), m.PickBranch(True), *(m.Activate(i) for i in range(-1, 4)),
    *(m.UseRobot(i) for i in range(-1, 4)), *(m.PickLane(i) for i in range(-1, 4)),
    *(m.PickGem(c) for c in (*m.COLOURS, "purple")), *(m.PickTarget(ref) for ref in REFS),
]  # fmt: skip


def candidate_actions(state: State) -> list:
    """Every kind of action with every index this hand allows, legal or not, and some out of range."""
    indices = range(-1, len(state.hand) + 1)
    return FIXED + [kind(i) for kind in (m.PlayItem, m.StaminaBoost, m.RollBoost, m.UsePotion) for i in indices]


def play_random(seed: int, trip: bool, watch: Any = None) -> tuple[State, int]:
    """One seeded random game with the invariants at every step; `trip` also round-trips the
    state through JSON and checks the one-pass action list at every step. `watch` (the long
    fuzz runner's) sees the start and every move. Returns the end state and its move count."""
    options = dict(druid=DRUIDS[seed % 4], darach=DARACHS[(seed // 4) % 4], path=PATHS[(seed // 16) % 4])
    state = GAME.new_game(seed, **options)
    if watch is not None:
        watch.start(GAME, seed, options, state)
    rng = Rng.from_seed(seed + 12345)
    steps = 0
    while GAME.outcome(state) is None:
        actions = GAME.legal_actions(state)
        assert actions, f"stuck in {state.phase}/{state.stage} with {state.pending}"
        if trip and state.pending is None:  # the one-pass list agrees with the per-kind options
            assert actions == [a for options in PLAY_OPTIONS.values() for a in options(state)]
        if trip:  # the legality check by kind agrees with the list
            for candidate in candidate_actions(state):
                assert GAME.is_legal(state, candidate) == (candidate in actions), candidate
        action = rng.choice(actions)
        GAME.apply(state, action)
        if watch is not None:
            watch.moved(state, action)
        check_invariants(state)
        assert GAME.validate(state) == [], GAME.validate(state)
        if trip:
            round_trip(state)
        steps += 1
        assert steps < 2000
    assert GAME.legal_actions(state) == []
    assert not any(GAME.is_legal(state, candidate) for candidate in candidate_actions(state))
    assert state.turn <= 10
    return state, steps


@pytest.mark.parametrize("block", range(10))
def test_random_games(block: int) -> None:
    # every game round-trips the state through JSON at every step and checks the invariants
    for seed in range(block * 100, block * 100 + 100):
        play_random(seed, trip=True)


def test_greedy_games_on_every_path_keep_the_invariants() -> None:
    from engine.druid_path.bots import greedy_player

    for seed in range(64):
        options = dict(druid=DRUIDS[seed % 4], darach=DARACHS[(seed // 4) % 4], path=PATHS[seed % 4])
        state = GAME.new_game(seed, **options)
        rng = Rng.from_seed(seed)
        while GAME.outcome(state) is None:
            GAME.apply(state, greedy_player(GAME, state, rng))
            check_invariants(state)
            assert GAME.validate(state) == [], GAME.validate(state)
        assert state.turn <= 10
