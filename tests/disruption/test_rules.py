"""One test (or more) per rule of Disruption and per ruling in engine/disruption/RULINGS.md."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from engine.core.errors import IllegalAction
from engine.disruption import encounter
from engine.disruption.model import Card, Fight, Reroll, Trade
from engine.disruption.odds import fight_chances
from engine.disruption.rules import BLACK_DIE, RED_DIE, TEN_DIE, score, win_chance
from tests.disruption.helpers import GAME, all_cards, encoded, new, rig_dice, set_encounter, set_hand

C, S, H, D = "C", "S", "H", "D"


def test_setup_splits_the_deck_and_deals_three_minors():
    state = new(seed=4)
    assert sorted((c.rank, c.suit) for c in state.defender_deck + state.encounter.defenders) == sorted(
        (r, s) for s in "HD" for r in range(1, 11)
    )
    assert len(state.hand) == 3 and all(not c.is_major for c in state.hand)
    assert all(c.suit in "CS" and c.rank <= 5 for c in state.minor_deck)
    assert sorted((c.rank, c.suit) for c in state.major_deck) == sorted(
        (r, s) for s in "CS" for r in range(6, 11)
    )
    assert len(state.minor_deck) == 7
    assert len(state.encounter.defenders) == 1  # the first fight is against a single


def test_decks_are_shuffled_by_seed():
    assert encoded(new(seed=1)) == encoded(new(seed=1))
    assert [c.rank for c in new(seed=1).defender_deck] != [c.rank for c in new(seed=2).defender_deck]


def test_single_options_are_two_dice_or_one_die_and_one_ally():
    state = new()
    set_hand(state, [Card(2, C), Card(7, S)])
    fights = [a for a in GAME.legal_actions(state) if isinstance(a, Fight)]
    assert fights == [Fight(()), Fight((0,)), Fight((1,))]
    assert GAME.dice_for(state, Fight(())) == 2
    assert GAME.dice_for(state, Fight((0,))) == 1
    with pytest.raises(IllegalAction):
        GAME.apply(state, Fight((0, 1)))


def test_one_die_plus_ally_is_rolled_against_a_single():
    state = new()
    set_hand(state, [Card(4, C)])
    set_encounter(state, [Card(6, H)])
    rig_dice(state, [5])
    GAME.apply(state, Fight((0,)))
    assert state.last.dice == [5] and state.last.total == 9 and state.last.result == "won"


def test_higher_total_wins_and_defender_goes_to_graveyard():
    state = new()
    set_encounter(state, [Card(5, H)])
    rig_dice(state, [3, 4])
    GAME.apply(state, Fight(()))
    assert state.wins == 1 and state.defeats == 0
    assert Card(5, H) in state.defender_graveyard


def test_lower_total_loses_and_defender_goes_to_the_defeats_pile():
    state = new()
    set_hand(state, [Card(1, C)])
    set_encounter(state, [Card(9, D)])
    rig_dice(state, [2])
    GAME.apply(state, Fight((0,)))
    assert state.defeats == 1 and state.wins == 0
    assert state.defeats_pile == [Card(9, D)]
    assert Card(1, C) in state.ally_graveyard  # allies go to the graveyard win or lose


def test_r1_equal_total_is_a_tie_rerolled_with_the_same_dice_keeping_the_ally():
    state = new()
    set_hand(state, [Card(3, C)])
    set_encounter(state, [Card(7, H)])
    rig_dice(state, [4, 6])  # 4 + 3 = 7: a tie; then the re-roll gives 6 + 3
    GAME.apply(state, Fight((0,)))
    assert state.phase == "tie" and state.wins == 0 and state.defeats == 0
    assert GAME.legal_actions(state)[0] == Reroll()
    assert not any(isinstance(a, Fight) for a in GAME.legal_actions(state))
    GAME.apply(state, Reroll())
    assert state.last.dice == [6]  # one die again, and it replaced the first
    assert state.last.total == 9 and state.wins == 1


def test_r1_a_tie_can_repeat_and_the_last_roll_decides():
    state = new()
    set_encounter(state, [Card(8, H)])
    rig_dice(state, [4, 4, 5, 3, 1, 1])
    GAME.apply(state, Fight(()))
    GAME.apply(state, Reroll())
    assert state.phase == "tie"
    GAME.apply(state, Reroll())
    assert state.defeats == 1 and state.last.dice == [1, 1]


def test_a_loss_against_a_single_brings_another_single():
    state = new()
    state.wins = 4
    set_encounter(state, [Card(10, H)])
    rig_dice(state, [1, 2])
    GAME.apply(state, Fight(()))
    assert state.defeats == 1 and len(state.encounter.defenders) == 1


def test_pairs_begin_after_five_wins_and_their_values_add():
    state = new()
    state.wins = 4
    set_encounter(state, [Card(2, H)])
    rig_dice(state, [6, 6])
    GAME.apply(state, Fight(()))
    assert state.wins == 5
    assert len(state.encounter.defenders) == 2
    assert state.encounter.target == sum(c.rank for c in state.encounter.defenders)


def test_pair_always_rolls_two_dice_with_an_optional_ally():
    state = new()
    state.wins = 5
    set_hand(state, [Card(2, C), Card(8, S)])
    set_encounter(state, [Card(6, H), Card(7, D)])
    fights = [a for a in GAME.legal_actions(state) if isinstance(a, Fight)]
    assert fights == [Fight(()), Fight((0,)), Fight((1,))]  # a Major is held: no Minor pair
    assert GAME.dice_for(state, Fight((1,))) == 2
    rig_dice(state, [3, 4])
    GAME.apply(state, Fight((1,)))
    assert state.last.dice == [3, 4] and state.last.total == 15 and state.last.result == "won"
    assert state.defeats == 0 and state.wins == 6


def test_r9_two_minors_only_without_a_major_and_against_17_or_more():
    state = new()
    state.wins = 5
    set_hand(state, [Card(2, C), Card(5, S), Card(4, C)])
    set_encounter(state, [Card(9, H), Card(8, D)])
    fights = {a for a in GAME.legal_actions(state) if isinstance(a, Fight)}
    assert {Fight((0, 1)), Fight((0, 2)), Fight((1, 2))} <= fights
    set_encounter(state, [Card(9, H), Card(7, D)])  # 16: too weak for two Minors
    assert not any(len(a.allies) == 2 for a in GAME.legal_actions(state) if isinstance(a, Fight))
    set_hand(state, [Card(2, C), Card(5, S), Card(6, C)])
    set_encounter(state, [Card(10, H), Card(9, D)])  # strong enough, but a Major is held
    assert not any(len(a.allies) == 2 for a in GAME.legal_actions(state) if isinstance(a, Fight))


def test_two_minors_add_to_two_dice():
    state = new()
    state.wins = 5
    set_hand(state, [Card(4, C), Card(5, S)])
    set_encounter(state, [Card(9, H), Card(8, D)])
    rig_dice(state, [5, 6])
    GAME.apply(state, Fight((0, 1)))
    assert state.last.total == 20 and state.last.result == "won"


def test_r4_dice_alone_earn_a_major():
    state = new()
    set_encounter(state, [Card(3, H)])
    rig_dice(state, [2, 3])
    GAME.apply(state, Fight(()))
    assert state.hand[-1].is_major


def test_r4_ally_alone_earns_a_major():
    state = new()
    set_hand(state, [Card(9, C)])
    set_encounter(state, [Card(8, H)])
    rig_dice(state, [1])
    GAME.apply(state, Fight((0,)))
    assert state.hand[-1].is_major and state.last.reward == state.hand[-1].label


def test_r4_needing_both_earns_a_minor():
    state = new()
    set_hand(state, [Card(4, C)])
    set_encounter(state, [Card(7, H)])
    rig_dice(state, [5])  # 5 + 4 = 9 > 7, but neither 5 nor 4 beats 7 alone
    GAME.apply(state, Fight((0,)))
    assert state.wins == 1 and not state.hand[-1].is_major


def test_r4_pair_needing_dice_and_ally_earns_a_minor():
    state = new()
    state.wins = 5
    set_hand(state, [Card(6, C)])
    set_encounter(state, [Card(8, H), Card(5, D)])
    rig_dice(state, [4, 5])  # 9 + 6 = 15 > 13; 9 and 6 alone do not beat 13
    GAME.apply(state, Fight((0,)))
    assert state.wins == 6 and not state.hand[-1].is_major


def test_trading_three_minors_draws_a_major_at_any_time():
    state = new()
    set_hand(state, [Card(1, C), Card(2, C), Card(3, S), Card(7, S)])
    trades = [a for a in GAME.legal_actions(state) if isinstance(a, Trade)]
    assert trades == [Trade((0, 1, 2))]  # the Major in hand is never part of a trade
    majors_before = len(state.major_deck)
    GAME.apply(state, Trade((0, 1, 2)))
    assert [c for c in state.hand if not c.is_major] == []
    assert len([c for c in state.hand if c.is_major]) == 2
    assert len(state.major_deck) == majors_before - 1
    assert {Card(1, C), Card(2, C), Card(3, S)} <= set(state.ally_graveyard)


def test_r8_trading_is_allowed_while_a_tie_waits():
    state = new()
    set_hand(state, [Card(1, C), Card(2, C), Card(3, S), Card(4, S)])
    set_encounter(state, [Card(5, H)])
    rig_dice(state, [1])
    GAME.apply(state, Fight((3,)))  # 1 + 4 = 5: tie
    assert state.phase == "tie"
    assert Trade((0, 1, 2)) in GAME.legal_actions(state)


def test_r2_no_trade_when_no_major_can_be_drawn():
    state = new()
    set_hand(state, [Card(1, C), Card(2, C), Card(3, S)] + [Card(r, s) for s in "CS" for r in range(6, 11)])
    assert state.major_deck == []
    assert not any(isinstance(a, Trade) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="no Major ally left"):
        GAME.apply(state, Trade((0, 1, 2)))


def test_r2_empty_ally_deck_is_rebuilt_from_the_graveyard():
    state = new()
    majors = [Card(r, s) for s in "CS" for r in range(6, 11)]
    set_hand(state, [Card(1, C)])
    state.major_deck = []
    state.ally_graveyard = majors[:3]
    set_encounter(state, [Card(2, H)])
    rig_dice(state, [6, 6, 0][:2])
    GAME.apply(state, Fight(()))  # dice alone: a Major, drawn from the rebuilt deck
    assert state.hand[-1] in majors[:3]
    assert len(state.major_deck) == 2 and all(c in majors[:3] for c in state.major_deck)


def test_r2_reward_from_a_spent_deck_gives_nothing():
    state = new()
    majors = [Card(r, s) for s in "CS" for r in range(6, 11)]
    set_hand(state, majors)
    set_encounter(state, [Card(2, H)])
    rig_dice(state, [6, 6])
    GAME.apply(state, Fight(()))
    assert state.wins == 1 and len(state.hand) == 10
    assert "spent" in state.last.reward


def test_ten_wins_win_the_game_and_score_counts_hand_plus_five_minus_defeats():
    state = new()
    state.wins, state.defeats = 9, 2
    set_hand(state, [Card(3, C), Card(9, S)])
    set_encounter(state, [Card(1, H), Card(2, H)])
    rig_dice(state, [6, 6])
    GAME.apply(state, Fight(()))
    result = GAME.outcome(state)
    assert result is not None and result.won
    hand_value = sum(c.rank for c in state.hand)
    assert result.score == hand_value + 5 - 4 == score(state)
    assert state.phase == "over" and GAME.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, Fight(()))


def test_r10_the_tenth_victorys_reward_is_in_the_hand_that_is_scored():
    # disruption.txt: "On victory, ... a Major Summoned Ally card is drawn and added to the
    # player's hand" and "At ten wins, ... The value of all remaining allies in the player's
    # hand, plus 5 for the player winning, minus 2 for each defeat ... is the resulting score"
    state = new()
    state.wins, state.defeats = 9, 1
    set_hand(state, [Card(3, C)])
    set_encounter(state, [Card(1, H), Card(2, H)])
    rig_dice(state, [6, 6])  # the dice alone beat 3: a Major
    GAME.apply(state, Fight(()))
    reward = state.hand[-1]
    assert len(state.hand) == 2 and reward.is_major and state.last.reward == reward.label
    assert GAME.outcome(state).score == 3 + reward.rank + 5 - 2


def test_r5_three_defeats_lose_with_no_score_that_could_rank_beside_a_win():
    state = new()
    state.defeats, state.wins = 2, 6
    set_hand(state, [Card(10, C), Card(9, S), Card(8, C)])  # a rich hand earns a loss nothing
    set_encounter(state, [Card(10, H)])
    rig_dice(state, [1, 1])
    GAME.apply(state, Fight(()))
    result = GAME.outcome(state)
    assert result is not None and not result.won
    assert result.score is None and score(state) is None and result.terms == ()
    assert "6 of 10 wins" in result.summary
    assert GAME.summary(state).startswith("Lost at 6/10 wins") and "score" not in GAME.summary(state)


def test_a_victory_names_each_term_of_its_score():
    state = new()
    state.wins, state.defeats = 9, 1
    set_hand(state, [Card(3, C), Card(9, S)])
    set_encounter(state, [Card(1, H), Card(2, H)])
    rig_dice(state, [6, 6])
    GAME.apply(state, Fight(()))
    result = GAME.outcome(state)
    labels = [label for label, _ in result.terms]
    assert labels[1:] == ["victory", "1 defeat x -2"] and "3♣" in labels[0] and "9♠" in labels[0]
    assert sum(value for _, value in result.terms) == result.score == sum(c.rank for c in state.hand) + 5 - 2


def test_a_pair_defeat_counts_once():
    state = new()
    state.wins = 5
    set_encounter(state, [Card(10, H), Card(9, D)])
    rig_dice(state, [1, 1])
    GAME.apply(state, Fight(()))
    assert state.defeats == 1 and len(state.defeats_pile) == 2


def test_illegal_actions_leave_the_state_unchanged():
    state = new()
    before = encoded(state)
    for action in (Reroll(), Fight((7,)), Fight((0, 1)), Trade((0, 1, 2))):
        if action in GAME.legal_actions(state):
            continue
        with pytest.raises(IllegalAction):
            GAME.apply(state, action)
        assert encoded(state) == before


def test_r6_accursed_joker_takes_a_d10_value():
    state = new(accursed_joker=True)
    assert sum(c.is_joker for c in all_cards(state)) == 2
    state.encounter = None
    joker = Card(0, "X")
    state.defender_deck = [c for c in state.defender_deck if not c.is_joker] + [joker]
    rig_dice(state, [7], sides=10)
    encounter.reveal(state)
    assert state.encounter.defenders == [joker] and state.encounter.values == [7]


def test_r6_two_jokers_together_share_one_roll():
    state = new(accursed_joker=True, seed=2)
    state.wins = 5
    state.encounter = None
    jokers = [c for c in state.defender_deck if c.is_joker]
    state.defender_deck = [c for c in state.defender_deck if not c.is_joker] + jokers
    rig_dice(state, [3, 9], sides=10)
    encounter.reveal(state)
    assert state.encounter.values == [3, 3]
    assert state.rng.counter == 1  # one roll, not two


def test_r7_no_dice_draws_cards_read_from_the_tables():
    assert sorted(v for _, v in BLACK_DIE) == sorted(v for _, v in RED_DIE) == list(range(1, 7))
    assert sorted(v for _, v in TEN_DIE) == list(range(1, 11))
    assert "J♣" not in dict(TEN_DIE) and "J♥" not in dict(TEN_DIE)
    state = new(no_dice=True, seed=9)
    set_encounter(state, [Card(1, H)])  # 2d6 always beats 1: no tie to muddle the record
    GAME.apply(state, Fight(()))
    first, second = state.last.dice_cards
    assert dict(BLACK_DIE)[first] == state.last.dice[0]  # the first die is a black card
    assert dict(RED_DIE)[second] == state.last.dice[1]  # the second a red one
    lines = " ".join(GAME.log_lines(state))
    assert f"Drew {first}={state.last.dice[0]} {second}={state.last.dice[1]} = " in lines


def test_dice_rolled_normally_record_no_cards():
    state = new(seed=9)
    set_encounter(state, [Card(1, H)])
    GAME.apply(state, Fight(()))
    assert state.last.dice_cards == [] and len(state.last.dice) == 2


def test_r7_no_dice_values_are_uniform():
    state = new(no_dice=True)
    counts = Counter(encounter.die(state, BLACK_DIE, 6)[0] for _ in range(6000))
    assert set(counts) == set(range(1, 7)) and min(counts.values()) > 850


def test_win_chance_matches_brute_force_with_ties_rerolled():
    for dice, bonus, target in ((2, 0, 7), (1, 4, 8), (2, 6, 13), (2, 0, 12), (1, 0, 6)):
        rolls = [sum(r) + bonus for r in product(range(1, 7), repeat=dice)]
        wins = sum(t > target for t in rolls)
        decided = sum(t != target for t in rolls)
        expected = Fraction(wins, decided) if decided else Fraction(0)
        assert win_chance(dice, bonus, target) == expected


def test_chance_shown_for_an_option_uses_its_dice_and_allies():
    state = new()
    set_hand(state, [Card(5, C)])
    set_encounter(state, [Card(8, H)])
    assert GAME.chance(state, Fight((0,))) == win_chance(1, 5, 8)
    assert GAME.chance(state, Fight(())) == win_chance(2, 0, 8)


def test_options_are_validated():
    with pytest.raises(ValueError, match="no option"):
        GAME.new_game(seed=1, jokers=True)
    with pytest.raises(ValueError, match="on or off"):
        GAME.new_game(seed=1, no_dice="yes")


def brute_force_rewards(dice: int, allies: int, target: int, with_ally: bool) -> tuple[Fraction, ...]:
    """R4 counted over every roll, ties dropped (they are rolled again)."""
    settled = [sum(r) for r in product(range(1, 7), repeat=dice) if sum(r) + allies != target]
    if not settled:
        return (Fraction(0),) * 3
    wins = [d for d in settled if d + allies > target]
    major = [d for d in wins if d > target or (with_ally and allies > target)]
    n = len(settled)
    return Fraction(len(wins), n), Fraction(len(major), n), Fraction(len(wins) - len(major), n)


def test_reward_chances_are_exact_and_add_up_to_the_win_chance():
    for dice, allies, target, with_ally in (
        (2, 0, 7, False), (1, 4, 8, True), (2, 6, 13, True), (2, 9, 8, True), (1, 3, 3, True),
        (2, 5, 17, True), (2, 0, 12, False), (1, 10, 2, True),
    ):  # fmt: skip
        chances = fight_chances(dice, allies, target, with_ally)
        assert (chances.win, chances.major, chances.minor) == brute_force_rewards(dice, allies, target, with_ally)
        assert chances.major + chances.minor == chances.win
        assert chances.win == win_chance(dice, allies, target)


def test_rolling_with_no_ally_can_only_earn_a_major():
    state = new()
    set_encounter(state, [Card(7, H)])
    chances = GAME.chances(state, Fight(()))
    assert chances.minor == 0 and chances.major == chances.win == win_chance(2, 0, 7)


def test_an_ally_that_beats_the_defender_alone_makes_every_win_a_major():
    state = new()
    set_hand(state, [Card(9, S)])
    set_encounter(state, [Card(8, H)])
    chances = GAME.chances(state, Fight((0,)))
    assert chances.win == chances.major == 1 and chances.minor == 0


def test_best_first_breaks_equal_win_chances_by_the_major_then_the_minor_chance():
    state = new()
    set_hand(state, [Card(2, C), Card(3, S)])
    set_encounter(state, [Card(2, H)])  # every way wins for sure: 2d6, or 1d6 + 2, or 1d6 + 3
    roll, two, three = Fight(()), Fight((0,)), Fight((1,))
    assert set(GAME.legal_actions(state)) >= {roll, two, three}
    odds = {way: GAME.chances(state, way) for way in (roll, two, three)}
    assert {o.win for o in odds.values()} == {1}
    assert (odds[roll].major, odds[two].major, odds[three].major) == (1, Fraction(2, 3), 1)
    # the sure Major of the 3 comes before the 2, which needs its die above 2 for a Major
    assert GAME.best_first(state, [roll, two, three]) == [roll, three, two]
    assert GAME.best_first(state, [two, three, roll]) == [three, roll, two]  # equal: as given


def test_a_tie_re_roll_shows_its_chances_and_names_the_committed_ally():
    state = new()
    set_hand(state, [Card(3, C)])
    set_encounter(state, [Card(7, H)])
    rig_dice(state, [4])
    GAME.apply(state, Fight((0,)))
    assert state.phase == "tie"
    assert GAME.describe(Reroll(), state) == "Re-roll 1d6 with 3♣ (committed)"
    assert GAME.chances(state, Reroll()) == fight_chances(1, 3, 7, True)


def test_no_dice_never_says_roll_2d6():
    state = new(no_dice=True)
    set_hand(state, [Card(3, C)])
    assert GAME.describe(Fight(()), state) == "Draw 2 die cards"
    assert GAME.describe(Fight((0,)), state) == "1 die card + 3♣"
    assert GAME.describe(Fight(()), new()) == "Roll 2d6"


def test_a_win_logs_the_verdict_then_the_reward_and_its_reason_before_the_card_arrives():
    state = new()
    set_hand(state, [Card(4, C)])
    set_encounter(state, [Card(6, H)])
    rig_dice(state, [3])
    top = state.minor_deck[-1]
    lines = GAME.apply(state, Fight((0,)))
    words = [GAME.log_text(line) for line in lines]
    assert words[0] == "4♣ joins the fight with 1d6."
    assert words[1] == "Rolled [3] + 4 = 7 against 6."
    assert words[2] == "Victory 1/10 over 6♥; 4♣ to the ally graveyard."
    assert words[3] == f"Reward, a Minor ally (it took dice and 4♣ together): {top.label}."
    assert words[4].startswith("Defender ")
    assert state.hand == [top] and state.last.reward == top.label
    assert state.last.reward_why == "Minor: it took dice and 4♣ together"


def test_the_end_is_logged_after_the_defeat_that_caused_it():
    state = new()
    state.defeats = 2
    set_encounter(state, [Card(10, H)])
    rig_dice(state, [1, 1])
    words = [GAME.log_text(line) for line in GAME.apply(state, Fight(()))]
    assert words[-2].startswith("Defeat 3/3: 10♥ beat you")
    assert words[-1] == "The ritual goes on: the third defeat, after 0 of 10 wins."


def test_the_switch_to_pairs_is_logged_with_the_fifth_win():
    state = new()
    state.wins = 4
    set_encounter(state, [Card(1, H)])
    GAME.apply(state, Fight(()))
    words = GAME.log_lines(state)
    assert "Five wins: from now on the defenders come in pairs." in words
    assert words[-1].startswith("Defenders ")


def test_r2_an_empty_deck_rebuilt_from_the_graveyard_is_logged_before_the_draw():
    state = new()
    set_hand(state, [Card(1, C), Card(2, C), Card(3, C)])
    spent = list(state.major_deck)
    state.ally_graveyard.extend(spent)
    state.major_deck.clear()
    words = [GAME.log_text(line) for line in GAME.apply(state, Trade((0, 1, 2)))]
    assert words[0] == f"The Major deck is empty: {len(spent)} Major allies from the ally graveyard are shuffled into it."
    assert words[1].startswith("Traded A♣, 2♣, 3♣ for the Major ")
    assert state.hand[0].label in words[1]
