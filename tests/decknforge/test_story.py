"""DecknForge's end: the score is the XP each deck banks, the rank the round it ended in (R32),
and the turning points are the lines of the dungeon's story, drawn from the whole log."""

from __future__ import annotations

from engine.core.rng import Rng
from saves.session import new_lines
from tests.decknforge.helpers import GAME, finish_round, new, rig_monster, set_slots


def whole_game(seed: int):
    """A seeded random game to its end, with every line it wrote."""
    state = GAME.new_game(seed)
    lines = list(state.log)
    rng = Rng.from_seed(seed)
    while GAME.outcome(state) is None:
        before = list(state.log)
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        lines += new_lines(before, state.log)
    return state, lines


def test_a_fall_banks_ten_xp_and_ranks_by_how_long_the_band_held():
    state = new(3)
    while state.phase == "turn":
        finish_round(state)  # nobody acts: the dungeon wins
    while GAME.outcome(state) is None:
        GAME.apply(state, GAME.legal_actions(state)[0])  # the scars' words
    outcome = GAME.outcome(state)
    assert not outcome.won and outcome.score == 10 and outcome.length == state.round
    assert outcome.terms == (("Fell: XP for each deck", 10),)
    assert GAME.rank(outcome) == (0, state.round)


def test_a_clear_outranks_every_fall_and_sooner_is_better():
    from engine.core.game import Outcome

    soon, late, fall = Outcome(True, 150, length=3), Outcome(True, 150, length=9), Outcome(False, 10, length=20)
    assert GAME.rank(soon) > GAME.rank(late) > GAME.rank(fall)


def test_turning_points_tell_hits_slayings_jokers_stripping_and_the_end():
    for seed in range(6):
        state, lines = whole_game(seed)
        points = GAME.turning_points(lines)
        words = [GAME.log_text(line) for line in lines]
        # fresh decks made for this game: the story ends saying they keep nothing
        assert points[-1].endswith("not kept (a deck saved from the new-game screen keeps what it gains).")
        points = points[:-1]
        ends = ("cleared!", "band falls.", ": a fall.")
        assert any(end in points[-1] for end in ends) and points[-1] in words
        for text in words:
            marks = (": slain.", "pieces of gear:", "piece of gear:", "finds no room", "discarded with their gear", *ends)
            assert (text in points) == any(mark in text for mark in marks), text
        assert not any(" draws " in text or " equips " in text for text in points)


def test_a_slain_monster_is_a_turning_point():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S", "9H"])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    points = GAME.turning_points(state.log)
    assert "Retaliation 19 beats A♠/P2's attack 1: slain." in points
    assert any(point.startswith("A♠/P2 hits Q♠/P1 (10♠ 9♥)") for point in points)
    assert not any("comes out of the pile" in point for point in points)


def test_decks_made_for_one_game_say_they_keep_nothing_and_saved_decks_do_not():
    """A game begun without decks (`tabletop-tui new decknforge`, a bot's seat) tells its +150
    or +10 XP; it must not let a player think a deck banked it."""
    from engine.decknforge.bots import GreedyPlayer, play
    from engine.decknforge.legacy import fresh_deck

    state = play(GAME, GAME.new_game(4), [GreedyPlayer(), GreedyPlayer()])
    last = GAME.log_lines(state)[-1]
    assert last.startswith("P1 and P2's decks were made for this game only") and "not kept" in last
    saved = [fresh_deck("AB"), fresh_deck("CD")]
    saved[0].id, saved[1].id = "ab-1", "cd-1"
    state = play(GAME, GAME.new_game(4, decks=saved), [GreedyPlayer(), GreedyPlayer()])
    assert not any("not kept" in line for line in GAME.log_lines(state))
    saved[1].id = ""  # a bot's deck beside a saved one
    state = play(GAME, GAME.new_game(4, decks=saved), [GreedyPlayer(), GreedyPlayer()])
    assert GAME.log_lines(state)[-1].startswith("CD's deck was made for this game only")
