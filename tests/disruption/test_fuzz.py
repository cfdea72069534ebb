"""1,000 seeded random games: invariants, save round trips at every step, replays."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import msgspec

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.disruption.model import Action, Card, Fight, Reroll, State, Trade
from saves.history import History
from saves.session import GameSession
from tests.disruption.helpers import GAME, all_cards

FULL_SET = Counter(Card(r, s) for s in "HDCS" for r in range(1, 11))
JOKERS = Counter([Card(0, "X"), Card(0, "X")])
DECODER = msgspec.json.Decoder(State)


def check_invariants(state: State) -> None:
    expected = FULL_SET + JOKERS if state.accursed_joker else FULL_SET
    assert Counter(all_cards(state)) == expected, "every card in exactly one place"
    assert 0 <= state.wins <= 10 and 0 <= state.defeats <= 3
    assert (GAME.outcome(state) is None) == (state.phase != "over")
    assert all(not c.is_major for c in state.minor_deck)
    assert all(c.is_major for c in state.major_deck)
    assert len(state.log) <= 40
    assert GAME.validate(state) == []


def candidate_actions(state: State) -> list:
    """Every action of the right shape for this hand, legal or not, and some out of range."""
    n = len(state.hand) + 1
    pairs = [Fight((i, j)) for i in range(n) for j in range(n)]
    trades = [Trade(c) for c in combinations(range(n), 3)] + [Trade((0, 0, 1))]
    return [Fight(()), Reroll(), *(Fight((i,)) for i in range(-1, n)), *pairs, *trades]


def play_random_game(seed: int, checked: bool, watch: Any = None) -> tuple[State, int]:
    """One seeded random game with the invariants at every step and the save round trip of
    the state; `checked` also compares the fast legality check with the full list. `watch`
    (the long fuzz runner's) sees the start and every move. Returns the end state and its
    number of moves."""
    options = {"accursed_joker": seed % 2 == 1, "no_dice": seed % 3 == 0}
    state = GAME.new_game(seed=seed, **options)
    if watch is not None:
        watch.start(GAME, seed, options, state)
    chooser = Rng.from_seed(seed + 10_000)
    steps = 0
    while GAME.outcome(state) is None:
        check_invariants(state)
        data = msgspec.json.encode(state)
        assert msgspec.json.encode(DECODER.decode(data)) == data
        legal = GAME.legal_actions(state)
        if checked:  # the fast legality check agrees with the full list
            for action in candidate_actions(state):
                assert GAME.is_legal(state, action) == (action in legal), action
        action = chooser.choice(legal)
        GAME.apply(state, action)
        if watch is not None:
            watch.moved(state, action)
        steps += 1
        assert steps < 200
    check_invariants(state)
    return state, steps


def test_one_thousand_random_games():
    outcomes = Counter()
    for seed in range(1000):
        state, _ = play_random_game(seed, checked=seed < 200)
        outcomes[GAME.outcome(state).won] += 1
    assert outcomes[True] > 0 and outcomes[False] > 0


def test_replaying_a_saves_action_log_rebuilds_the_same_state(store):
    for seed in range(30):
        session = GameSession.start(store, GAME, seed, accursed_joker=seed % 2 == 0)
        chooser = Rng.from_seed(seed)
        while session.outcome() is None:
            session.play(chooser.choice(session.legal_actions()))
        record = History(store).read(session.save_id)  # a finished game moves to history
        assert msgspec.json.encode(msgspec.json.decode(record.state, type=State)) == msgspec.json.encode(session.state)
        assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
        actions = [msgspec.json.decode(raw, type=Action) for raw in record.actions]
        assert len(actions) == len(session.envelope.actions) > 0


def test_an_illegal_action_is_not_saved(store):
    session = GameSession.start(store, GAME, 5)
    before = session.store.paths.save_file(session.save_id).read_bytes()
    try:
        session.play(msgspec.json.decode(b'{"type":"reroll"}', type=Action))
    except IllegalAction:
        pass
    assert session.store.paths.save_file(session.save_id).read_bytes() == before
