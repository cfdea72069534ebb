"""Disciple's end (R26): a won run's score term by term, a lost run without a score, and the
turning points drawn from the whole log; in Solo, Co-Op and Versus."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.disciple.bots import greedy_action
from saves.session import new_lines
from tests.disciple.helpers import GAME

GREEDY_WINS, GREEDY_LOSES = 7, 1  # as in the screen tests: a won run, a lost one
BAND_WINS, BAND_LOSES = 0, 1  # a greedy Co-Op band of three wins and loses with these seeds


def whole_run(seed: int):
    state = GAME.new_game(seed)
    lines, bot = list(state.log), Rng.from_seed(seed)
    while GAME.outcome(state) is None:
        before = list(state.log)
        GAME.apply(state, greedy_action(GAME, state, bot))
        lines += new_lines(before, state.log)
    return state, lines


def test_a_won_run_scores_ten_a_fight_and_the_vitality_left():
    state, _ = whole_run(GREEDY_WINS)
    outcome = GAME.outcome(state)
    vitality = state.players[0].vitality
    assert outcome.won and outcome.terms == (
        (f"10 per fight won ({state.fights_won})", 10 * state.fights_won), ("vitality left", vitality),
    )  # fmt: skip
    assert outcome.score == 10 * state.fights_won + vitality


def test_a_lost_run_has_no_score_and_ranks_below_every_win():
    state, _ = whole_run(GREEDY_LOSES)
    outcome = GAME.outcome(state)
    assert not outcome.won and outcome.score is None and outcome.terms == ()
    assert f"after {state.fights_won} won fights" in outcome.summary
    won = GAME.outcome(whole_run(GREEDY_WINS)[0])
    assert GAME.rank(outcome) < GAME.rank(won)
    assert GAME.filed_score(False, 130) is None and GAME.filed_score(True, 164) == 164


def test_turning_points_are_the_school_every_fight_won_and_the_end():
    for seed in (GREEDY_WINS, GREEDY_LOSES):
        state, lines = whole_run(seed)
        points = GAME.turning_points(lines)
        assert points[0].startswith("You begin your journey as a student of")
        won = [p for p in points if p.endswith(("is defeated!", "is knocked out!", "is tapped out!"))]
        assert len(won) == state.fights_won
        assert points[-1].endswith("Your journey is complete!" if state.won else "Your journey ends here.")
        assert not any(p.startswith(("You play", "You hit", "You draw")) for p in points)


def band_journey(mode: str, seed: int, players: int = 2):
    state = GAME.new_game(seed, mode=mode, players=players)
    bot = Rng.from_seed(seed)
    for _ in range(20000):
        if GAME.outcome(state) is not None:
            break
        GAME.apply(state, greedy_action(GAME, state, bot))
    return state


def test_a_band_scores_only_a_won_journey_and_versus_names_a_winner():
    """R26 for several players: Co-Op and a Campaign score a win term by term and leave a loss
    unscored; Versus has a winner and no score."""
    outcomes = {}
    for seed in (BAND_WINS, BAND_LOSES):
        state = band_journey("coop", seed, players=3)
        outcomes[state.won] = (state, GAME.outcome(state))
    assert set(outcomes) == {True, False}
    state, won = outcomes[True]
    left = sum(max(p.vitality, 0) for p in state.players)
    assert won.terms == ((f"10 per fight won ({state.fights_won})", 10 * state.fights_won), ("vitality left between you", left))
    assert won.score == 10 * state.fights_won + left
    state, lost = outcomes[False]
    assert lost.score is None and lost.terms == () and f"after {state.fights_won} won fight" in lost.summary
    assert GAME.turning_points(state.log)[-1].endswith("Your journey ends here.")
    versus = band_journey("versus", 3)
    outcome = GAME.outcome(versus)
    assert outcome.won and outcome.score is None and outcome.terms == ()
    assert GAME.turning_points(versus.log)[-1].endswith(f"{versus.players[versus.winner].name} wins!")


def test_every_kind_of_line_the_rules_write_is_worded():
    """A line of a kind wording.py does not know would still show, as its kind and parts: seeded
    random games in every playstyle write only kinds it words, and the kinds told to "you" only
    in Solo."""
    from engine.disciple.wording import TURNING_POINTS, WORDING, YOU

    seen: dict[str, set[str]] = {}
    for options in ({}, {"mode": "versus"}, {"mode": "coop", "players": 3}, {"mode": "campaign", "players": 2}):
        kinds = seen.setdefault(options.get("mode", "solo"), set())
        for seed in range(4):
            state, rng = GAME.new_game(seed, **options), Rng.from_seed(seed)
            kinds.update(line.what for line in state.log)
            while GAME.outcome(state) is None:
                events = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
                kinds.update(event.line.what for event in events)
    every = set().union(*seen.values())
    assert every <= set(WORDING), every - set(WORDING)
    assert TURNING_POINTS <= set(WORDING)
    assert any(kind.endswith(YOU) for kind in seen["solo"])
    assert not any(kind.endswith(YOU) for mode, kinds in seen.items() if mode != "solo" for kind in kinds)
