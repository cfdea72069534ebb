"""1,000 seeded Versus games through legal_actions/apply: every seat played by the random or the
greedy player (the greedy one decides from its own view), Game.validate finding nothing wrong
at every step, saves round-tripped, and each seat's view holding no card it may not know: no
event and no line of its log names a card the other seat has set face down (R35)."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engine.core.rng import Rng
from engine.disciple.bots import greedy_action
from engine.disciple.content import load
from engine.disciple.effects import LOG_LENGTH
from engine.disciple.model import State
from engine.disciple.view import HIDDEN

from .helpers import GAME

CARDS = load().cards
GAMES = 1000
ROUND_TRIP_GAMES = 100  # these round-trip the state at every step; the others at each turn


# The seeds in four runs of their own, one after another, so that a parallel suite shares
# them out; each run holds to what the whole holds to (the first to its endings' variety).
CHUNKS = 4


def chunk_of(chunk: int) -> range:
    return range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS)
MAX_STEPS = 4000


# For each line the rules wrote (numbered as `State.logged` counts them): the names of the
# cards each seat held face down in their counters once that line's step was over, less any
# the same step showed (a copy answering, discarded, ...). The line may not name them.
FaceDown = dict[int, tuple[frozenset[str], ...]]


def face_up(state: State) -> Counter[str]:
    """Every card lying face up on the table, copies counted."""
    shown: Counter[str] = Counter()
    for me in state.players:
        shown.update(me.discard + [c for c in (me.stance, me.style, me.state_card) if c])
        shown.update(e.card for e in me.energy if e.card)
    return shown


def note_face_down(state: State, events: list, shown_before: Counter[str], face_down: FaceDown) -> None:
    """Mark the lines of one step with the counters face down after it, and check that the
    step's events name none of them, in their words or their parts (R35)."""
    shown = face_up(state) - shown_before
    hidden = tuple(
        frozenset(CARDS[card].name for card in me.counters if not shown[card]) for me in state.players
    )
    first = state.logged - len(events)
    for number, event in enumerate(events, start=first):
        face_down[number] = hidden
        words, parts = GAME.log_text(event.line), msgspec.json.encode(event).decode()
        for name in hidden[0] | hidden[1]:
            assert name not in words and f'"{name}"' not in parts, (name, words)
    for number in [n for n in face_down if n < state.logged - LOG_LENGTH]:
        del face_down[number]  # gone from the log


def check_view(state: State, seat: int | None, face_down: FaceDown | None = None) -> None:
    """What `seat` may know and nothing more: the other hand, draw pile, deck list and set
    counters are placeholders, its own draw pile shows no order, the shuffle is gone; no line
    of its log names a card the other seat held face down when that line was written."""
    seen = GAME.view(state, seat)
    first = state.logged - len(seen.log)
    for number, line in enumerate(seen.log, start=first):
        held = (face_down or {}).get(number, ())
        words = GAME.log_text(line)
        for other, names in enumerate(held):
            if other != seat:
                assert not any(name in words for name in names), (seat, words)
    assert seen.rng.seed == 0 and seen.rng.counter == 0
    for index, (me, real) in enumerate(zip(seen.players, state.players)):
        if index == seat:
            assert me.hand == real.hand and me.counters == real.counters
            assert me.draw == sorted(real.draw)
            continue
        for pile in ("hand", "draw", "owned", "counters"):
            assert getattr(me, pile) == [HIDDEN] * len(getattr(real, pile)), pile
        if real.last_played in real.counters:
            assert me.last_played == HIDDEN
        # what lies face up is as it is
        assert (me.discard, me.stance, me.style, me.state_card) == (
            real.discard, real.stance, real.style, real.state_card)
    lines = [(msgspec.json.encode(line).decode(), GAME.log_text(line)) for line in seen.log]
    for index, real in enumerate(state.players):
        if index == seat:
            continue
        shown = msgspec.json.encode(seen.players[index]).decode()
        public = set(real.discard + real.combo + [real.stance, real.style, real.state_card])
        public |= {e.card for e in real.energy} | {card for pull in state.pulls for card in pull}
        if real.last_played not in real.counters:
            public.add(real.last_played)
        for card in set(real.hand + real.draw + real.counters) - public:
            assert f'"{card}"' not in shown, card  # a card only ever hidden never shows
            name = CARDS[card].name  # a log line's parts hold no name its words do not say
            assert all(name in words for parts, words in lines if f'"{name}"' in parts), card
    if seat is not None and GAME.to_move(state) == (seat,):  # a seat can play from its view
        assert GAME.legal_actions(seen) == GAME.legal_actions(state)


def play_game(seed: int) -> State:
    state = GAME.new_game(seed=seed, mode="versus")
    rng = Rng.from_seed(seed * 31 + 7)
    greedy = (seed % 3 != 0, seed % 2 == 0)  # which seats the greedy player takes
    steps = 0
    face_down: FaceDown = {}
    while GAME.outcome(state) is None and steps < MAX_STEPS:
        actions = GAME.legal_actions(state)
        assert actions and GAME.validate(state) == []
        (seat,) = GAME.to_move(state)
        assert {GAME.seat_of(a) for a in actions} == {seat}
        if greedy[seat]:
            action = greedy_action(GAME, GAME.view(state, seat), rng)
        else:
            action = actions[rng.below(len(actions))]
        assert action in actions
        turn = state.turn
        shown_before = face_up(state)
        events = GAME.apply(state, action)
        note_face_down(state, events, shown_before, face_down)
        steps += 1
        if seed < ROUND_TRIP_GAMES or state.turn != turn:
            encoded = msgspec.json.encode(state)
            state = msgspec.json.decode(encoded, type=State)
            assert msgspec.json.encode(state) == encoded
        if seed < ROUND_TRIP_GAMES or steps % 5 == 0:
            for who in (0, 1, None):
                check_view(state, who, face_down)
    assert GAME.outcome(state) is not None, f"seed {seed} did not finish"
    assert GAME.validate(state) == [] and GAME.legal_actions(state) == []
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_versus_games(chunk):
    endings: Counter[str] = Counter()
    for seed in chunk_of(chunk):
        state = play_game(seed)
        endings[state.players[1 - state.winner].beaten] += 1
    assert set(endings) <= {"defeated", "knocked out", "tapped out", "out of cards"}
    if chunk == 0:  # its seeds reach several endings already (the later runs some of them)
        assert endings["defeated"] and len(endings) > 1


def test_a_replay_of_the_moves_draws_the_same_table():
    state = GAME.new_game(seed=9, mode="versus")
    moves = []
    while GAME.outcome(state) is None:
        action = GAME.bot_action(state, GAME.to_move(state)[0])
        moves.append(msgspec.json.encode(action))
        GAME.apply(state, action)
    again = GAME.new_game(seed=9, **GAME.check_options({"mode": "versus"}))
    for raw in moves:
        GAME.apply(again, msgspec.json.decode(raw, type=GAME.Action))
    assert msgspec.json.encode(again) == msgspec.json.encode(state)
