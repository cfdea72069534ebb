"""600 seeded random runs through legal_actions/apply, checking at every step that
Game.validate finds nothing wrong (every card in one place, counters in range, a pending
decision that can be made) and that a running game offers a move.

The first 60 runs also round-trip the state through JSON at every step (the save path).
"""

from typing import Any

import msgspec

from engine.core.rng import Rng
from engine.disciple.model import Choose, EndTurn, PlayCard, State

from .helpers import GAME

RUNS = 600
ROUND_TRIP_RUNS = 60
MAX_STEPS = 5000
STYLES = ("ask", "boxing", "karate", "jiujitsu")


def check_invariants(state: State, actions: list | None = None) -> None:
    assert GAME.validate(state) == []
    actions = GAME.legal_actions(state) if actions is None else actions
    if GAME.outcome(state) is None:
        assert actions, "a running game must offer a move"
    else:
        assert state.phase == "over" and actions == []


def play_fuzz_run(seed: int, round_trip: bool, watch: Any = None) -> int:
    """One seeded random run; `watch` (the long fuzz runner's) sees the start and every move."""
    options = {"style": STYLES[seed % len(STYLES)], "second_style": seed % 3 != 0}
    state = GAME.new_game(seed=seed, **options)
    if watch is not None:
        watch.start(GAME, seed, options, state)
    rng = Rng.from_seed(seed * 7919 + 1)
    steps = 0
    actions = GAME.legal_actions(state)
    check_invariants(state, actions)
    while GAME.outcome(state) is None and steps < MAX_STEPS:
        if steps % 7 == 0:  # the quick legality check agrees with the full list
            probes = [PlayCard(i) for i in range(-1, len(state.players[0].hand) + 1)] + [EndTurn()]
            probes += [PlayCard(i, taps) for i in range(len(state.players[0].hand))
                       for taps in ((0,), (1,), (2,), (0, 1), (1, 2), ())]
            probes += [Choose(i) for i in range(-1, 6)]
            assert [p for p in probes if GAME.is_legal(state, p)] == [
                p for p in probes if p in actions
            ]
        action = actions[rng.below(len(actions))]
        GAME.apply(state, action)
        if watch is not None:
            watch.moved(state, action)
        steps += 1
        if round_trip:
            encoded = msgspec.json.encode(state)
            again = msgspec.json.decode(encoded, type=State)
            assert msgspec.json.encode(again) == encoded
            state = again
        actions = GAME.legal_actions(state)
        check_invariants(state, actions)
    assert GAME.outcome(state) is not None, f"seed {seed} did not finish"
    return steps


def test_fuzz_random_runs():
    total = 0
    for seed in range(RUNS):
        total += play_fuzz_run(seed, round_trip=seed < ROUND_TRIP_RUNS)
    assert total > RUNS


def test_actions_decode_from_json():
    state = GAME.new_game(seed=3)
    for action in GAME.legal_actions(state):
        raw = msgspec.json.encode(action)
        assert msgspec.json.decode(raw, type=GAME.Action) == action


def test_fuzz_deep_runs_with_random_decisions():
    """Greedy fighting reaches Group 2.5 and the boss; every decision is random."""
    from engine.disciple.bots import greedy_action

    learned = 0
    for seed in range(60):
        state = GAME.new_game(seed=seed, style=STYLES[1 + seed % 3])
        rng = Rng.from_seed(seed)
        steps = 0
        while GAME.outcome(state) is None and steps < MAX_STEPS:
            if state.pending is not None:
                actions = GAME.legal_actions(state)
                action = actions[rng.below(len(actions))]
            else:
                action = greedy_action(GAME, state, rng)
            GAME.apply(state, action)
            steps += 1
            check_invariants(state)
            if seed < 15:
                encoded = msgspec.json.encode(state)
                assert msgspec.json.encode(msgspec.json.decode(encoded, type=State)) == encoded
        assert GAME.outcome(state) is not None
        learned += len(state.players[0].styles) > 1
    assert learned > 0
