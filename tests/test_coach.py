"""The coach (engine/core/coach.py): hints and the hard bot see only their seat's view.

No peeking: two whole states with the same view(state, seat) but different hidden parts (other
hands, draw order, the Rng's seed) get the very same advice for the same seed and playouts, in
every game; and no hint names a card its seat cannot know."""

from __future__ import annotations

import re

import msgspec
import pytest

from engine.core.coach import LEVELS, Advice, Search, bot_move
from engine.core.rng import Rng
from engine.disruption.coach import encounter_advice, percent
from engine.disruption.model import Card, Encounter, Fight
from engine.registry import GAMES
from tests.seat_knowledge import named, secrets

PLAYOUTS = 12

# (game, options, greedy moves made before the hint is asked)
TABLES = [
    ("disruption", {}, 3),
    ("disruption", {"accursed_joker": True}, 9),
    ("druid-path", {}, 8),
    ("disciple", {}, 12),
    ("disciple", {"mode": "versus"}, 7),
    ("disciple", {"mode": "coop", "players": 2}, 10),
    ("disciple", {"mode": "campaign", "players": 2}, 10),
    ("disciple", {"mode": "campaign", "players": 2, "cl": "human"}, 10),
    ("decknforge", {}, 4),
    ("decknforge", {"players": 3}, 5),
]


def copy(state):
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))


def table(game_id: str, options: dict, moves: int, seed: int = 7):
    game = GAMES[game_id]
    state = game.new_game(seed=seed, **options)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = game.to_move(state)[0]
        game.apply(state, game.bot_action(state, seat))
    return game, state


def hidden_twin(game, state, seat: int):
    """Another whole state with the same view for `seat`: what it cannot see dealt otherwise
    (and, in a one-seat game, whose view is the state, every face-down pile reordered and the
    Rng reseeded)."""
    twin = game.redeal(state, seat, Rng.from_seed(99))
    if game.view(state, seat) is state:
        return twin
    assert msgspec.json.encode(game.view(twin, seat)) == msgspec.json.encode(game.view(state, seat))
    return twin


def plain(advice: list[Advice], game, view) -> list[tuple]:
    return [(msgspec.json.encode(a.action), a.worth, a.worth_text, a.why, a.samples,
             game.describe(a.action, view)) for a in advice]  # fmt: skip


@pytest.mark.parametrize("game_id,options,moves", TABLES, ids=lambda v: str(v))
def test_advice_is_the_same_whatever_is_hidden(game_id, options, moves):
    game, state = table(game_id, options, moves)
    seat = game.to_move(state)[0]
    twin = hidden_twin(game, state, seat)
    assert msgspec.json.encode(twin) != msgspec.json.encode(state)  # something hidden differs
    answers = []
    for whole in (state, twin, copy(state)):
        before = msgspec.json.encode(whole)
        search = Search(game, whole, seat, seed=3)
        search.run(PLAYOUTS)
        answers.append(plain(search.advice(5), game, game.view(whole, seat)))
        assert msgspec.json.encode(whole) == before  # a hint changes nothing in the game
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]
    legal = [msgspec.json.encode(a) for a in game.legal_actions(state)]
    assert all(entry[0] in legal for entry in answers[0])


def test_a_different_seed_searches_otherwise():
    game, state = table("druid-path", {}, 8)
    runs = []
    for seed in (1, 2):
        search = Search(game, state, 0, seed=seed)
        search.run(40)
        runs.append([(a.samples, a.worth) for a in search.advice(5)])
    assert runs[0] != runs[1]


@pytest.mark.parametrize("game_id,options,moves", [t for t in TABLES if t[0] in ("disciple", "decknforge")][1:],
                         ids=lambda v: str(v))  # fmt: skip
def test_a_hint_never_names_a_hidden_card(game_id, options, moves):
    game, state = table(game_id, options, moves)
    seat = game.to_move(state)[0]
    secret = secrets(game, state, seat)
    search = Search(game, state, seat, seed=5)
    search.run(PLAYOUTS)
    view = game.view(state, seat)
    for advice in search.advice(10):
        text = " ".join((game.describe(advice.action, view), advice.worth_text, advice.why))
        assert not named(text, secret, game_id), text


def test_disruption_answers_at_once_by_runs_told_with_the_encounter_s_exact_odds():
    game, state = table("disruption", {}, 3)
    search = Search(game, state, 0)
    assert search.fixed and search.playouts > 0
    played = search.playouts
    search.run(100)
    assert search.playouts == played  # whole when made: thinking longer adds nothing
    again = Search(game, state, 0, seed=12345)  # seeded by the table, not by the caller
    assert plain(again.advice(50), game, state) == plain(search.advice(50), game, state)
    advice = search.advice(50)
    assert len(advice) == len(game.legal_actions(state))
    exact = {msgspec.json.encode(way): (worth, why) for way, worth, _, why in encounter_advice(game, state)}
    for entry in advice:
        worth, why = exact[msgspec.json.encode(entry.action)]
        told = re.fullmatch(r"encounter (.+) \((.*)\), (\d+) of (\d+) runs won", entry.why)
        assert told and told[1] == percent(worth) and told[2] == why, entry.why
        assert int(told[4]) == entry.samples >= 8  # every move runs 8 rounds at least
        assert entry.worth == pytest.approx(int(told[3]) / entry.samples)
        assert entry.worth_text == f"{percent(entry.worth)} to disrupt the ritual"


def test_disruption_trade_is_averaged_over_the_majors_it_may_draw():
    game = GAMES["disruption"]
    for seed in range(40):
        state = game.new_game(seed=seed)
        trades = [a for a in game.legal_actions(state) if type(a).__name__ == "Trade"]
        if trades:
            break
    else:
        pytest.skip("no trade in these deals")
    trade = trades[0]
    worths = []
    for card in sorted(set(state.major_deck), key=lambda c: (c.suit, c.rank)):
        after = copy(state)
        after.major_deck.remove(card)
        after.major_deck.append(card)  # this Major on top: the trade draws it
        game.apply(after, trade)
        ways = game.legal_actions(after)
        ways = [w for w in ways if type(w).__name__ != "Trade"]
        worths.append(float(game.chance(after, game.best_first(after, ways)[0])))
    exact = {msgspec.json.encode(way): worth for way, worth, _, _ in encounter_advice(game, state)}
    assert exact[msgspec.json.encode(trade)] == pytest.approx(sum(worths) / len(worths))
    told = {msgspec.json.encode(a.action): a.why for a in Search(game, state, 0).advice(100)}
    assert told[msgspec.json.encode(trade)].startswith(f"encounter {round(100 * sum(worths) / len(worths))}% (over the ")


def test_disruption_s_fights_by_the_encounter_are_best_first_s_order():
    game, state = table("disruption", {}, 3)
    ranked = [way for way, _, _, _ in encounter_advice(game, state)]
    fights = [way for way in ranked if type(way).__name__ != "Trade"]
    assert fights == game.best_first(state, fights)


def test_disruption_keeps_the_encounter_s_best_until_the_run_shows_another_better(monkeypatch):
    game = GAMES["disruption"]
    monkeypatch.setattr(type(game), "search_playouts", 1)  # one round: it shows nothing
    for seed in range(6):
        state = game.new_game(seed=seed)
        while game.outcome(state) is None:
            first = encounter_advice(game, state)[0][0]
            search = Search(game, state, 0)
            assert search.rounds == 1 or len(search.legal) == 1
            assert search.advice(1)[0].action == first
            game.apply(state, game.easy_action(state, 0))


def test_disruption_ranks_by_the_run_what_the_encounter_s_odds_cannot_see():
    """The last single, a Major 6 and a Minor in hand, against a 6: the Major wins the
    encounter for certain, but only a Minor reward comes of it and the Major is spent before
    the pairs; the dice alone win it two times in three and bring a Major. The run rolls."""
    game = GAMES["disruption"]
    state = game.new_game(seed=3)
    major, minor, defender = Card(6, "C"), Card(2, "S"), Card(6, "H")
    state.wins = 4
    defenders = [c for c in state.defender_deck + state.encounter.defenders if c != defender]
    state.defender_graveyard, state.defender_deck = defenders[:4], defenders[4:]
    state.minor_deck = [c for c in state.minor_deck + state.hand if c != minor]
    state.major_deck.remove(major)
    state.hand = [major, minor]
    state.encounter = Encounter([defender], [6])
    assert game.validate(state) == []
    assert encounter_advice(game, state)[0][0] == Fight((0,))  # the Major: certain to win
    best = Search(game, state, 0).advice(1)[0]
    assert best.action == Fight(()) and best.why.startswith("encounter 68% (")


def test_disruption_s_hard_bot_plays_the_hint_s_first_move():
    game, state = table("disruption", {}, 3)
    assert game.bot_action(state, 0, "hard") == Search(game, state, 0).advice(1)[0].action


def test_disruption_s_hard_bot_wins_more_runs_than_the_greedy_one(monkeypatch):
    game = GAMES["disruption"]
    monkeypatch.setattr(type(game), "search_playouts", 60)  # a short race keeps the test quick
    runs = {"hard": 0, "easy": 0}
    for seed in range(12):
        for level in runs:
            state = game.new_game(seed=seed)
            while game.outcome(state) is None:
                if level == "hard":
                    move = bot_move(game, state, 0, "hard")
                else:
                    move = game.easy_action(state, 0)
                game.apply(state, move)
            runs[level] += game.outcome(state).won
    assert runs["hard"] > runs["easy"] + 3, runs


def test_no_hint_for_a_finished_game_or_a_seat_not_to_move():
    game, state = table("disciple", {"mode": "versus"}, 3)
    waiting = 1 - game.to_move(state)[0]
    with pytest.raises(ValueError, match=r"^It is not .*'s move\.$"):
        Search(game, state, waiting)
    game = GAMES["disruption"]
    state = game.new_game(seed=1)
    while game.outcome(state) is None:
        game.apply(state, game.easy_action(state, 0))
    with pytest.raises(ValueError, match=r"^The game is over\.$"):
        Search(game, state, 0)


def test_the_search_is_deterministic_and_grows():
    game, state = table("decknforge", {}, 4)
    seat = game.to_move(state)[0]
    first, second = Search(game, state, seat, seed=11), Search(game, state, seat, seed=11)
    first.run(10)
    first.run(10)
    second.run(20)
    assert first.playouts == second.playouts == 20
    assert plain(first.advice(), game, state) == plain(second.advice(), game, state)
    assert sum(a.samples for a in first.advice(100)) == 20


@pytest.mark.parametrize("game_id,options,moves", TABLES[2:], ids=lambda v: str(v))
def test_bot_levels_make_legal_moves(game_id, options, moves):
    game, state = table(game_id, options, moves)
    seat = game.to_move(state)[0]
    before = msgspec.json.encode(state)
    for level in LEVELS:
        action = bot_move(game, state, seat, level)
        assert action in game.legal_actions(state)
        assert game.seat_of(action) == seat
    assert game.bot_action(state, seat) == bot_move(game, state, seat, "easy")
    assert msgspec.json.encode(state) == before
    with pytest.raises(ValueError):
        bot_move(game, state, seat, "medium")


def test_the_campaign_leaders_search_keeps_the_decks_it_sees_as_they_lie():
    """A person leading a Campaign sees every event deck and pattern pile in order (R43), and
    their choices read the tops (how many enemies commit is counted from them): a deal for the
    Leader's seat keeps them so, while the Disciples' draw piles, which nobody sees, are dealt
    afresh; and the search then plays on from a commit without meeting a card out of place."""
    game = GAMES["disciple"]
    state = game.new_game(seed=1, mode="campaign", players=1, cl="human")
    leader = len(state.players)
    while not (state.pending and state.pending.kind == "cl_commit"):
        assert game.outcome(state) is None
        game.apply(state, game.bot_action(state, game.to_move(state)[0]))
    assert list(game.to_move(state)) == [leader]
    deals = [game.redeal(state, leader, Rng.from_seed(n)) for n in range(6)]
    for deal in deals:
        assert [p.event_deck for p in deal.players] == [p.event_deck for p in state.players]
        assert [e.patterns for e in deal.enemies] == [e.patterns for e in state.enemies]
    assert len({tuple(deal.players[0].draw) for deal in deals}) > 1
    search = Search(game, state, leader, seed=3)
    search.run(40)
    assert search.playouts == 40
    assert all(advice.action in game.legal_actions(state) for advice in search.advice())
