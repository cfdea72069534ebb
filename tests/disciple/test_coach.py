"""Disciple's search (engine/disciple/coach.py): a Versus or Solo playout is played on only so
far and judged from where it stands; a band's journey is still played to its end."""

from __future__ import annotations

import pytest

from engine.core.coach import Search
from engine.disciple import coach
from tests.disciple.helpers import GAME


def duel(moves: int, seed: int = 3):
    state = GAME.new_game(seed=seed, mode="versus")
    for _ in range(moves):
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
    return state


def test_a_duel_not_over_is_worth_its_chance_by_the_vitality_left():
    state = duel(6)
    assert state.won is None
    first, second = state.players
    first.vitality = second.vitality = 30
    assert GAME.playout_worth(state, 0) == pytest.approx(0.5)
    first.vitality = 40
    ahead = GAME.playout_worth(state, 0)
    assert 0.5 < ahead < 1.0
    assert GAME.playout_worth(state, 1) == pytest.approx(1.0 - ahead)  # one's chance is the other's loss
    first.vitality = 45
    assert GAME.playout_worth(state, 0) > ahead  # more vitality, more chance
    first.vitality = 0  # beaten but not yet marked so: no division by nothing, no chance left to speak of
    assert GAME.playout_worth(state, 0) < 0.01


def test_a_finished_duel_is_worth_its_result():
    state = duel(0)
    while GAME.outcome(state) is None:
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
    assert GAME.playout_worth(state, state.winner) == 1.0
    assert GAME.playout_worth(state, 1 - state.winner) == 0.0


def test_versus_and_solo_playouts_stop_at_a_horizon():
    assert GAME.playout_horizon(duel(0)) == coach.DUEL_HORIZON
    assert GAME.playout_horizon(GAME.new_game(seed=1)) == coach.JOURNEY_HORIZON
    assert GAME.search_budget(duel(0)) == coach.DUEL_PLAYOUTS
    assert GAME.search_budget(GAME.new_game(seed=1)) == GAME.search_playouts


def test_a_versus_search_judges_duels_cut_short():
    state = duel(7)
    seat = GAME.to_move(state)[0]
    search = Search(GAME, state, seat, seed=5)
    search.run(40)
    values = [v for per_move in search.values for v in per_move]
    assert len(values) == 40
    assert any(0.0 < v < 1.0 for v in values)  # a duel 30 moves on is seldom over: judged, not won or lost


def test_the_versus_hint_says_its_worth_is_an_estimate():
    state = duel(7)
    seat = GAME.to_move(state)[0]
    search = Search(GAME, state, seat, seed=5)
    search.run(20)
    best = search.advice(1)[0]
    assert best.worth_text.startswith("about ") and best.worth_text.endswith("% to win the duel")
    assert f"played {coach.DUEL_HORIZON} moves on, then judged by vitality" in best.why
    solo = GAME.new_game(seed=1)
    assert GAME.worth_words(solo, 0, 0.5) == "about 50% to finish the journey"



def test_a_solo_journey_not_over_is_judged_by_what_is_left():
    state = GAME.new_game(seed=2, style="karate")
    while state.phase != "player":
        GAME.apply(state, GAME.bot_action(state, 0))
    me = state.players[0]
    start = GAME.playout_worth(state, 0)
    assert 0.0 < start < 1.0
    me.vitality -= 5
    hurt = GAME.playout_worth(state, 0)
    assert hurt < start  # less vitality, less chance
    state.enemies[0].vitality -= 3
    assert GAME.playout_worth(state, 0) > hurt  # an enemy worn down, more
    me.event_deck = me.event_deck[:-4]
    assert GAME.playout_worth(state, 0) > hurt  # fewer events to come, more
    assert GAME.playout_horizon(state) == coach.JOURNEY_HORIZON


def test_a_finished_journey_is_worth_its_result():
    for seed in range(6):
        state = GAME.new_game(seed=seed, style="boxing")
        while GAME.outcome(state) is None:
            GAME.apply(state, GAME.bot_action(state, 0))
        assert GAME.playout_worth(state, 0) == (1.0 if state.won else 0.0)


def test_a_band_still_plays_its_journey_to_the_end():
    state = GAME.new_game(seed=1, mode="coop", players=2)
    assert GAME.playout_horizon(state) is None
    assert GAME.playout_worth(state, 0) == 0.0  # not over: no estimate, no win
