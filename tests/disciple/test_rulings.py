"""A test per ruling of engine/disciple/RULINGS.md (others are in test_rules, test_journey)."""

from engine.disciple import combat, effects, energy, journey
from engine.disciple.content import load
from engine.disciple.model import EXHAUSTION_TURN, START_VITALITY, Choose, EnergyCard

from .helpers import GAME, end_turn, fight, play

CONTENT = load()


def test_R5_hand_limit_caps_card_draws_too():
    state = fight(["slip"] + ["jab"] * 7, draw=["hook"] * 5)
    play(state, "slip")  # 7 in hand, draw 1 -> 8
    assert len(state.hand) == 8
    effects.draw_cards(state, 3)
    assert len(state.hand) == 8


def test_R6_combo_takes_a_coloured_point_when_there_is_no_gray():
    state = fight(["jab"])
    state.combo = ["uppercut"]
    assert energy.cost_of(state, CONTENT.cards["uppercut"]) == [0, 1, 0, 0]


def test_R6_energy_cards_do_not_break_a_combo():
    state = fight(["jab", "energy_blue", "cross"])
    play(state, "jab")
    play(state, "energy_blue")
    assert state.combo == ["cross", "hook"]


def test_R7_gray_costs_use_gray_energy_first():
    state = fight(["slip"])
    play(state, "slip")
    assert [e.tapped for e in state.energy] == [False, False, True]  # blue, blue, gray


def test_R7_gray_cost_spares_the_colour_the_hand_needs():
    state = fight(["slip", "front_kick"], style="karate", enemy="kr_white_belt")
    state.energy = [EnergyCard("red", 1), EnergyCard("blue", 1)]
    play(state, "slip")
    assert [e.tapped for e in state.energy] == [False, True]


def test_R8_lock_needs_its_condition_when_played():
    state = fight(["full_mount", "ezekiel_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.energy = [EnergyCard("green", 3), EnergyCard("gray", 1)]
    play(state, "full_mount")
    play(state, "ezekiel_choke")
    assert state.locked and state.state_card == "ezekiel_choke"


def test_R9_one_counter_per_action_oldest_first():
    state = fight(["counter_right", "counter_right"], draw=["jab"] * 8, patterns=["One-Two"])
    state.energy = [EnergyCard("blue", 3)]
    play(state, "counter_right")
    play(state, "counter_right")
    end_turn(state)  # each punch of One-Two meets one counter
    assert state.enemy.vitality == 11 - 6 and "counter_right" in state.discard


def test_R10_starting_cards_leave_the_skills_deck():
    state = GAME.new_game(seed=1, style="karate")
    deck_size = sum(e.copies for e in CONTENT.styles["karate"].skills)
    skills_owned = [c for c in state.owned if CONTENT.cards[c].kind != "energy"]
    assert len(state.skills_deck) == deck_size - len(skills_owned)


def test_R11_event_losses_stop_at_one():
    state = GAME.new_game(seed=1, style="karate")
    state.vitality = 3
    journey.run_event_choice(state, CONTENT.events["wandering_master"].choices[0].ops)
    assert state.vitality == 1


def test_R13_half_of_an_odd_skills_deck_rounds_down():
    state = GAME.new_game(seed=1, style="boxing")
    state.skills_deck = state.skills_deck[:51]
    state.second_skills = ["front_kick"] * 30
    journey.halve_skills(state, "karate")
    assert len(state.skills_deck) == 26 + 25 and state.skills_deck.count("front_kick") == 25
    assert len(state.set_aside) == 25 + 5


def test_R14_full_hand_cycles_its_oldest_cards():
    state = fight(["hook"] * 8, draw=["jab"] * 3, patterns=["Cover Up"])
    state.hand[0] = state.hand[1] = state.hand[2] = "cross"
    state.owned = list(state.hand) + list(state.draw)
    state.energy = []
    end_turn(state)
    assert state.discard == ["cross"] * 3 and state.hand.count("jab") == 3


def test_R15_exhaustion_after_turn_20():
    state = fight([], draw=["slip"] * 40, patterns=["Cover Up"])
    state.energy = []
    state.turn = EXHAUSTION_TURN
    state.vitality = 10
    end_turn(state)  # Cover Up's 1 damage, then the exhaustion loss at turn 21
    assert state.vitality == 10 - 1 - 2


def test_R17_power_does_not_boost_submit():
    state = fight(["rear_naked_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.power = 3
    play(state, "rear_naked_choke")
    assert state.enemy.vitality == 16 - 3 and state.power == 3


def test_R18_stun_with_no_untapped_energy_asks_nothing():
    state = fight([], enemy="kr_kickboxer", style="karate", draw=["kiai"] * 8,
                  patterns=["Low Line"])
    state.energy = []
    end_turn(state)
    assert state.pending is None and state.phase == "player" and state.to_tap == 0


def test_R20_named_attack_bonus_and_effects_apply_to_damaging_actions():
    state = fight([], enemy="kr_tournament_finalist", style="karate", draw=["kiai"] * 8,
                  patterns=["Feint and Strike"])
    # Power 1 (special), lower 3 + Spinning Heel 1, Feint ignores Guard, then Rocked 1
    state.guard = 5
    end_turn(state)
    assert state.vitality == START_VITALITY - 5 and state.rocked == 1


def test_R20_multi_pattern_enemy_draws_again():
    state = fight([], enemy="bx_brawler", draw=["jab"] * 8, patterns=["Probe", "Low Line"])
    # an enemy with patterns_per_turn = 2: its turn record says one more pattern to draw
    state.phase = "enemy"
    turn = combat.EnemyTurn(pattern=state.patterns.pop(), patterns_left=1)
    state.patterns_out.append(turn.pattern)
    state.enemy_turn = turn
    combat.run_enemy_turn(state)
    assert state.vitality == START_VITALITY - 3 - 2


def test_R21_pattern_piles_are_per_tier_and_reshuffled():
    state = fight([], enemy="bx_gym_bully", draw=["jab"] * 8)
    assert sorted(state.patterns) == list(range(len(CONTENT.patterns["miniboss"])))


def test_R22_allotment_is_back_untapped_each_fight():
    state = fight(["slip"])
    play(state, "slip")
    journey.gather_deck(state)
    combat.start_combat(state, "bx_brawler")
    assert [e.colour for e in state.energy] == ["blue", "blue", "gray"]
    assert not any(e.tapped for e in state.energy)


def test_R23_healing_caps_at_25():
    state = fight(["second_wind"])
    state.energy = [EnergyCard("gray", 2)]
    state.vitality = 24
    play(state, "second_wind")
    assert state.vitality == START_VITALITY


def test_R25_enemy_buffs_fade_at_the_end_of_its_turn():
    state = fight([], draw=["jab"] * 8, patterns=["Wind Up"])
    state.enemy.clinch = True
    end_turn(state)
    assert state.enemy.power == 0 and not state.enemy.clinch


def test_R26_score_counts_fights_and_vitality():
    state = fight(["knockout_artist"], enemy="iron_champion")
    state.energy[0].amount = 3
    state.enemy.vitality = 1
    state.fights_won = 14
    state.vitality = 9
    play(state, "knockout_artist")
    assert GAME.outcome(state).score == 150 + 9


def test_R1_describe_every_pending_kind():
    state = GAME.new_game(seed=1)
    assert GAME.describe(Choose(0), state) == "Boxing"
    GAME.apply(state, Choose(0))
    assert GAME.describe(Choose(0), state) == CONTENT.cards[state.pending.options[0]].name


def test_R27_card_text_overrides_guard_fading():
    state = fight(["patience"], style="jiujitsu", enemy="jj_white_belt", draw=["shrimp"] * 8,
                  patterns=["Cover Up"])
    play(state, "patience")  # Guard 1 now
    state.guard = 6
    end_turn(state)  # Cover Up hits 1: Guard 5; at turn start 2 stay, then Focus adds 1
    assert state.guard == 2 + 1
