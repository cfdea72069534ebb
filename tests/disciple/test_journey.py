"""The journey: setup, the event deck, events, rewards, a second style, the end of a run."""

from collections import Counter

import pytest

from engine.disciple import journey
from engine.disciple.content import load, style_deck
from engine.disciple.model import Choose, EndTurn, Pending

from .helpers import GAME, fight, play, to_first_fight

CONTENT = load()


def test_style_choice_is_the_first_decision_R1():
    state = GAME.new_game(seed=1)
    assert state.pending.kind == "style"
    labels = [GAME.describe(a, state) for a in GAME.legal_actions(state)]
    assert labels == ["Boxing", "Jiu-Jitsu", "Karate"]
    GAME.apply(state, Choose(2))
    assert state.players[0].styles == ["karate"] and state.pending.kind == "start_choice"


def test_style_option_skips_the_choice_and_bad_options_are_refused():
    state = GAME.new_game(seed=1, style="jiujitsu")
    assert state.players[0].styles == ["jiujitsu"] and state.pending.kind == "start_choice"
    with pytest.raises(ValueError):
        GAME.new_game(seed=1, style="sumo")
    with pytest.raises(ValueError):
        GAME.new_game(seed=1, colour="red")


def test_starting_deck_holds_the_fixed_cards_and_the_choices_R10():
    state = GAME.new_game(seed=2, style="boxing")
    GAME.apply(state, Choose(1))  # body_shot
    GAME.apply(state, Choose(0))  # bob_and_weave
    owned = Counter(state.players[0].owned)
    assert owned["jab"] == 4 and owned["body_shot"] == 1 and owned["bob_and_weave"] == 1
    assert owned["energy_blue"] == 1
    deck = Counter(style_deck(CONTENT, CONTENT.styles["boxing"]))
    started = Counter(c for c in state.players[0].owned if c != "energy_blue")
    assert Counter(state.players[0].skills_deck) == deck - started


def test_event_deck_follows_the_rulebook_order():
    state = GAME.new_game(seed=4, style="karate")
    style = CONTENT.styles["karate"]
    top_first = state.players[0].event_deck[::-1]
    g1, g2, g3, g4 = (len(style.events[g]) for g in ("1", "2", "3", "4"))
    assert sorted(top_first[:g1]) == sorted(style.events["1"])
    assert top_first[g1] == style.minibosses["1"]
    rest = top_first[g1 + 1 :]
    assert sorted(rest[:g2]) == sorted(style.events["2"]) and rest[g2] == style.minibosses["2"]
    assert rest[g2 + 1] == "crossroads_school"
    rest = rest[g2 + 2 :]
    assert sorted(rest[:g3]) == sorted(style.events["3"]) and rest[g3] == style.minibosses["3"]
    rest = rest[g3 + 1 :]
    assert sorted(rest[:g4]) == sorted(style.events["4"]) and rest[g4:] == [style.boss]


def test_second_style_option_removes_group_2_5():
    state = GAME.new_game(seed=4, style="karate", second_style=False)
    assert "crossroads_school" not in state.players[0].event_deck


def test_non_enemy_events_resolve_until_an_enemy_appears():
    state = GAME.new_game(seed=1, style="boxing")
    state.queue.clear()
    state.pending = None
    state.phase = "journey"
    state.players[0].event_deck = ["bx_brawler", "quiet_dojo", "healing_spring"]
    state.players[0].vitality = 10
    GAME._advance(state)
    assert state.pending.kind == "event" and state.event == "healing_spring"
    GAME.apply(state, Choose(0))  # heal 7
    assert state.players[0].vitality == 17 and state.event == "quiet_dojo"
    GAME.apply(state, Choose(2))  # heal 4
    assert state.phase == "player" and state.enemies[0].id == "bx_brawler"


def test_event_adds_and_removes_cards_and_shuffles():
    state = GAME.new_game(seed=1, style="boxing")
    state.queue.clear()
    state.pending = None
    state.phase = "journey"
    state.players[0].event_deck = ["iron_champion", "bx_brawler", "quiet_dojo", "energy_shrine"]
    GAME._advance(state)
    before = len(state.players[0].owned)
    GAME.apply(state, Choose(1))  # a red energy card
    assert state.players[0].owned.count("energy_red") == 1 and len(state.players[0].draw) == before + 1
    GAME.apply(state, Choose(1))  # remove a card: a pending choice of the deck's cards
    assert state.pending.kind == "remove_card"
    gone = state.pending.options[0]
    count = state.players[0].owned.count(gone)
    GAME.apply(state, Choose(0))
    assert state.players[0].owned.count(gone) == count - 1 and GAME.validate(state) == []


def test_an_event_that_takes_the_last_vitality_ends_the_run_R11():
    state = GAME.new_game(seed=1, style="boxing")
    state.queue.clear()
    state.pending = None
    state.phase = "journey"
    state.players[0].event_deck = ["iron_champion", "bx_brawler", "quiet_dojo", "wandering_master"]
    GAME._advance(state)
    state.players[0].vitality = 3
    GAME.apply(state, Choose(0))  # the hard lesson: lose 3
    assert state.phase == "over" and GAME.outcome(state).won is False
    assert state.players[0].event_deck == ["iron_champion", "bx_brawler", "quiet_dojo"] and GAME.validate(state) == []
    assert GAME.log_lines(state)[-3:] == ["Wandering Master: Hard lesson (lose 3, top 2 skills).",
                              "You lose 3 vitality (0 left).",
                              "You are worn out. Your journey ends here."]


def test_reward_three_keep_one_unchosen_to_the_bottom_and_reshuffle_R12():
    state = fight(["knockout_artist", "hook"], draw=["jab"] * 3)
    state.players[0].energy[0].amount = 3
    top3 = state.players[0].skills_deck[-3:][::-1]
    state.enemies[0].vitality = 5
    play(state, "knockout_artist")
    assert state.pending.kind == "reward" and state.pending.options == top3 + ["-"]
    GAME.apply(state, Choose(1))
    if state.pending is not None and state.pending.kind == "bottom_order":  # R12
        assert state.pending.options == [top3[0], top3[2]]
        GAME.apply(state, Choose(0))
    assert top3[1] in state.players[0].draw
    # the bottom of the pile is index 0: shown order top3[0], top3[2] from the bottom up
    assert state.players[0].skills_deck[:2] == [top3[2], top3[0]]
    assert state.players[0].hand == [] and state.players[0].discard == [] and not state.enemies
    assert sorted(state.players[0].draw) == sorted(state.players[0].owned)  # everything gathered into the deck


def test_miniboss_reward_five_keep_two():
    state = fight(["knockout_artist"], enemy="bx_gym_bully")
    size = len(state.players[0].skills_deck)
    state.players[0].energy[0].amount = 3
    state.enemies[0].vitality = 5
    play(state, "knockout_artist")
    assert state.pending.picks_left == 2 and len(state.pending.options) == 6
    GAME.apply(state, Choose(0))
    assert state.pending.picks_left == 1 and len(state.pending.options) == 5
    GAME.apply(state, Choose(4))  # keep none of the rest
    while state.pending is not None and state.pending.kind == "bottom_order":  # R12
        GAME.apply(state, Choose(0))
    assert state.pending is None or state.pending.kind != "reward"
    assert len(state.players[0].skills_deck) == size - 1


def test_vitality_does_not_refill_after_a_fight():
    state = fight(["knockout_artist"])
    state.players[0].energy[0].amount = 3
    state.players[0].vitality = 12
    state.enemies[0].vitality = 5
    play(state, "knockout_artist")
    GAME.apply(state, Choose(0))
    assert state.players[0].vitality == 12


def test_defeat_ends_the_run():
    state = fight([], draw=["jab"] * 8, patterns=["Straight Right"])
    state.players[0].vitality = 2
    GAME.apply(state, EndTurn())
    assert state.phase == "over" and GAME.outcome(state).won is False
    assert GAME.legal_actions(state) == []


def test_beating_the_boss_wins_the_run():
    state = fight(["knockout_artist"], enemy="iron_champion")
    state.players[0].energy[0].amount = 3
    state.enemies[0].vitality = 5
    play(state, "knockout_artist")
    result = GAME.outcome(state)
    assert result.won and state.phase == "over"
    assert "victory" in GAME.summary(state)


def _to_crossroads(seed=5, style="boxing"):
    state = to_first_fight(GAME.new_game(seed=seed, style=style))
    journey.gather_deck(state, state.players[0])
    state.phase = "journey"
    while state.players[0].event_deck[-1] != "crossroads_school":
        state.players[0].event_deck.pop()
    GAME._advance(state)
    return state


def test_group_2_5_learns_a_second_style_with_the_exact_halving_R13_R24():
    state = _to_crossroads()
    assert state.pending.kind == "second_style"
    labels = [GAME.describe(a, state) for a in GAME.legal_actions(state)]
    assert labels == ["Jiu-Jitsu", "Karate", "Decline"]
    owned_before = Counter(state.players[0].owned)
    n = len(state.players[0].skills_deck)
    GAME.apply(state, Choose(1))  # karate
    assert state.players[0].styles == ["boxing", "karate"]
    while state.pending.kind == "start_choice":
        GAME.apply(state, Choose(0))
    assert state.pending.kind == "energy_pick" and state.pending.picks_left == 3
    assert sorted(state.pending.options) == sorted(["blue", "blue", "gray", "red", "red", "blue"])
    karate_cards = [c for c in state.players[0].skills_deck if CONTENT.cards[c].style == "karate"]
    assert len(state.players[0].skills_deck) == n - n // 2 + n // 2 and len(karate_cards) == n // 2
    new_start = Counter(state.players[0].owned) - owned_before
    assert sum(new_start.values()) == 12 + 2  # the fixed karate start plus its two choices
    assert GAME.validate(state) == []
    for colour in ("red", "red", "gray"):
        GAME.apply(state, Choose(state.pending.options.index(colour)))
    assert state.players[0].allotment == ["red", "red", "gray"]


def test_energy_pick_cannot_take_a_colour_more_often_than_offered():
    state = _to_crossroads()
    GAME.apply(state, Choose(1))
    while state.pending.kind == "start_choice":
        GAME.apply(state, Choose(0))
    assert state.pending.options.count("gray") == 1  # boxing and karate offer one gray
    GAME.apply(state, Choose(state.pending.options.index("gray")))
    assert "gray" not in state.pending.options


def test_declining_keeps_one_school():
    state = _to_crossroads()
    skills = list(state.players[0].skills_deck)
    GAME.apply(state, Choose(len(state.pending.options) - 1))
    assert state.players[0].styles == ["boxing"] and state.players[0].allotment == ["blue", "blue", "gray"]
    assert state.players[0].skills_deck == skills and state.players[0].set_aside == []
    assert state.pending is None or state.pending.kind == "event"


def test_summary_and_describe():
    state = to_first_fight(GAME.new_game(seed=1, style="boxing"))
    assert "Boxing" in GAME.summary(state) and "vitality" in GAME.summary(state)
    labels = [GAME.describe(a, state) for a in GAME.legal_actions(state)]
    assert labels[-1] == "End turn" and all(labels)
    assert isinstance(Pending(kind="x", prompt="", options=[]).options, list)


@pytest.mark.parametrize("second_style", [True, False])
def test_the_group_of_each_event_follows_the_deck_order(second_style):
    """An enemy listed in two groups shows the later group once the journey has reached it."""
    state = GAME.new_game(seed=1, style="boxing", second_style=second_style)
    style = load().styles["boxing"]
    expected = []
    for group in ("1", "2", "2.5", "3", "4") if second_style else ("1", "2", "3", "4"):
        expected += [group] * (len(style.events[group]) + (group in style.minibosses))
    expected.append("boss")
    seen = []
    state.queue.clear()
    state.pending = None
    while state.players[0].event_deck:
        journey.flip_event(state)
        seen.append(state.group)
        state.pending = None
        state.enemies = []
    assert seen == expected
