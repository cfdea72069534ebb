"""A test per keyword and per turn step. Rulings are cited as R<n> (engine/disciple/RULINGS.md)."""

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.disciple import effects
from engine.disciple import enemy as foe
from engine.disciple.content import Card, Op, load
from engine.disciple.effects import resolve_player_ops
from engine.disciple.model import Choose, EndTurn, EnergyCard, PlayCard, START_VITALITY

from .helpers import GAME, PATTERN, end_turn, fight, half_up, play, submit_of, vitality_of

CARDS = load().cards


# ----- energy -----------------------------------------------------------------------------


def test_coloured_cost_needs_its_colour_and_gray_pays_only_gray():
    state = fight(["front_kick", "slip"])  # boxing energy: blue, blue, gray
    actions = GAME.legal_actions(state)
    assert PlayCard(0) not in actions  # red cost, no red energy
    assert PlayCard(1) in actions
    state.players[0].energy = [EnergyCard("gray", 1)]
    assert PlayCard(0) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="cannot pay"):
        GAME.apply(state, PlayCard(0))


def test_any_colour_pays_gray_costs_and_tapping_is_tracked():
    state = fight(["slip", "slip"])
    state.players[0].energy = [EnergyCard("red", 1)]
    play(state, "slip")
    assert state.players[0].energy[0].tapped
    assert GAME.legal_actions(state) == [EndTurn()]


def test_unused_energy_fades_and_energy_untaps_at_end_of_turn():
    state = fight(["jab"], patterns=["Cover Up"])
    state.players[0].pool = [1, 0, 0, 0]
    state.players[0].energy[0].tapped = True
    end_turn(state)
    assert state.players[0].pool == [0, 0, 0, 0]
    assert not any(e.tapped for e in state.players[0].energy)


def test_energy_card_stays_in_play_until_the_fight_ends():
    state = fight(["energy_red", "front_kick"], draw=["jab"] * 6, patterns=["Cover Up"] * 3)
    assert PlayCard(1) not in GAME.legal_actions(state)
    play(state, "energy_red")
    assert [e.colour for e in state.players[0].energy][-1] == "red"
    play(state, "front_kick")
    end_turn(state)
    assert any(e.card == "energy_red" for e in state.players[0].energy)
    from engine.disciple.journey import gather_deck

    gather_deck(state, state.players[0])
    assert "energy_red" in state.players[0].draw and state.players[0].energy == []


# ----- card play --------------------------------------------------------------------------


def test_stance_style_and_state_stay_and_replace_their_own_kind():
    state = fight(["shell_guard", "peekaboo", "rope_a_dope", "sweet_science"], draw=["jab"] * 5)
    state.players[0].energy = [EnergyCard("blue", 5), EnergyCard("gray", 5)]
    play(state, "shell_guard")
    assert state.players[0].stance == "shell_guard"
    play(state, "peekaboo")
    assert state.players[0].stance == "peekaboo" and "shell_guard" in state.players[0].discard
    play(state, "rope_a_dope")
    play(state, "sweet_science")
    assert state.players[0].state_card == "rope_a_dope" and state.players[0].style == "sweet_science"


def test_other_cards_are_discarded_after_resolving():
    state = fight(["jab"])
    play(state, "jab")
    assert state.players[0].discard == ["jab"] and state.players[0].hand == []


def test_resolution_order_buffs_before_attacks_R3():
    # Exposed (a debuff) strips Guard before Body Shot's hit (a skill) lands.
    state = fight(["body_shot"])
    state.enemies[0].guard = 4
    play(state, "body_shot")
    assert state.enemies[0].vitality == 11 - 2


# ----- buffs ------------------------------------------------------------------------------


def test_power_adds_to_the_next_hit_only():
    state = fight(["kiai", "front_kick", "front_kick"], style="karate", enemy="kr_street_kicker")
    state.players[0].energy = [EnergyCard("red", 5), EnergyCard("gray", 1)]
    play(state, "kiai")
    play(state, "front_kick")
    assert state.enemies[0].vitality == 11 - 5
    play(state, "front_kick")
    assert state.enemies[0].vitality == 11 - 8


def test_guard_absorbs_damage_and_fades_at_the_next_turn():
    state = fight(["tie_up"], draw=["jab"] * 8, patterns=["Straight Right"])
    play(state, "tie_up")  # Guard 2 (and a Clinch that fades unused)
    state.players[0].guard += 1
    end_turn(state)  # Straight Right: upper 2 (+1 Wild Haymaker) = 3
    assert state.players[0].vitality == START_VITALITY
    state2 = fight(["tie_up"], draw=["jab"] * 8, patterns=["Cover Up"])
    play(state2, "tie_up")
    state2.players[0].guard += 1
    end_turn(state2)  # upper 1 + 1 against Guard 3: Guard 1 left, then fades
    assert state2.players[0].guard == 0 and state2.players[0].vitality == START_VITALITY


def test_guard_reduces_submit():
    state = fight([])
    state.players[0].guard = 3
    effects.submit_player(state, state.players[0], 5, full=False)
    assert state.players[0].guard == 0 and state.players[0].vitality == START_VITALITY - 1


def test_clinch_upperbody_rocks_on_hit_R16():
    state = fight(["tie_up", "jab"])
    play(state, "tie_up")
    play(state, "jab")
    assert state.enemies[0].rocked == 1 and not state.players[0].clinch


def test_clinch_lowerbody_adds_half_the_damage_as_submit_R16():
    state = fight(["foot_sweep"], style="karate", enemy="kr_street_kicker")
    play(state, "foot_sweep")  # Clinch, then 2 damage, then Submit 1 (loses 1)
    assert state.enemies[0].vitality == 11 - 2 - 1


def test_clinch_grapple_lands_submit_in_full_and_clinches_again_R16():
    state = fight(["collar_grip", "rear_naked_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.players[0].energy = [EnergyCard("green", 3), EnergyCard("gray", 1)]
    play(state, "collar_grip")
    play(state, "rear_naked_choke")  # its whole Submit (combo: costs 1 less)
    choke = submit_of("rear_naked_choke")
    assert state.enemies[0].vitality == vitality_of("jj_purple_belt") - choke and state.players[0].clinch
    assert f"Submit {choke}, in full (Clinch)" in GAME.log_lines(state)[-2]  # then the card goes to the discard
    state = fight(["rear_naked_choke"], style="jiujitsu", enemy="jj_purple_belt")
    play(state, "rear_naked_choke")
    assert state.enemies[0].vitality == vitality_of("jj_purple_belt") - half_up(choke)  # without Clinch: half, rounded up


def test_clinch_untyped_attack_weakens_R16():
    state = fight([])
    generic = Card(id="t", name="Shove", kind="generic", effects=(Op("clinch"), Op("attack", 1)))
    resolve_player_ops(state, state.players[0], generic, [("effects", generic.effects)])
    assert state.enemies[0].weakened == 1


def test_clinch_fades_at_end_of_turn():
    state = fight(["tie_up"], patterns=["Cover Up"])
    play(state, "tie_up")
    end_turn(state)
    assert not state.players[0].clinch


def test_feint_ignores_guard_for_one_hit():
    state = fight(["footwork", "jab", "jab"])
    state.players[0].energy = [EnergyCard("blue", 5)]
    state.enemies[0].guard = 3
    play(state, "footwork")
    play(state, "jab")
    assert state.enemies[0].vitality == 9 and state.enemies[0].guard == 3
    play(state, "jab")
    assert state.enemies[0].vitality == 9 and state.enemies[0].guard == 1


def test_combo_makes_listed_cards_cost_one_less_right_after_R6():
    state = fight(["jab", "cross"])  # blue, blue, gray
    play(state, "jab")
    play(state, "cross")  # blue+gray, minus 1 gray
    assert [e.tapped for e in state.players[0].energy] == [True, True, False]


def test_combo_only_counts_immediately_after():
    state = fight(["jab", "slip", "cross"], draw=["jab"] * 4)
    state.players[0].energy = [EnergyCard("blue", 2), EnergyCard("gray", 2)]
    play(state, "jab")
    play(state, "slip")
    assert "cross" not in state.players[0].combo


def test_flow_triggers_only_after_a_combo_listing_the_card():
    state = fight(["jab", "cross"])
    play(state, "jab")
    play(state, "cross")  # 2 + (4 + Flow Power 2)
    assert state.enemies[0].vitality == 11 - 2 - 6
    state = fight(["cross"])
    play(state, "cross")
    assert state.enemies[0].vitality == 11 - 4


def test_lock_it_in_becomes_a_state_and_repeats_R8():
    state = fight(["closed_guard", "triangle_choke"], style="jiujitsu", enemy="jj_purple_belt",
                  draw=["shrimp"] * 8, patterns=["Leg Attack"])
    state.players[0].energy = [EnergyCard("green", 3), EnergyCard("gray", 1)]
    play(state, "closed_guard")
    play(state, "triangle_choke")  # Submit 5: loses 3
    choke, start = submit_of("triangle_choke"), vitality_of("jj_purple_belt")
    assert state.players[0].state_card == "triangle_choke" and state.players[0].locked
    assert state.enemies[0].vitality == start - half_up(choke)
    end_turn(state)  # Leg Attack 2 against Guard 1; the enemy takes Guard 1 (special)
    # at the start of the Disciple's turn the lock resolves again, less the enemy's Guard 1
    assert state.players[0].vitality == START_VITALITY - 1 and state.players[0].lock_damage == 1
    assert state.enemies[0].vitality == start - half_up(choke) - half_up(choke - 1)
    assert state.players[0].locked


def test_lock_it_in_breaks_on_damage_or_lost_condition_R8():
    state = fight(["closed_guard", "triangle_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.players[0].energy = [EnergyCard("green", 3), EnergyCard("gray", 1)]
    play(state, "closed_guard")
    play(state, "triangle_choke")
    effects.rock_player(state, state.players[0], 1)  # the Guard stance is knocked away
    assert not state.players[0].locked and state.players[0].state_card == "" and "triangle_choke" in state.players[0].discard
    state = fight(["closed_guard", "triangle_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.players[0].energy = [EnergyCard("green", 3), EnergyCard("gray", 1)]
    play(state, "closed_guard")
    play(state, "triangle_choke")
    effects.hit_disciple(state, state.enemies[0], state.players[0], 6 + state.players[0].guard + 1, "upper")
    assert not state.players[0].locked


def test_lock_it_in_without_its_condition_is_a_plain_attack():
    state = fight(["triangle_choke"], style="jiujitsu", enemy="jj_purple_belt")
    play(state, "triangle_choke")
    assert not state.players[0].locked and state.players[0].discard == ["triangle_choke"]


def test_focus_resolves_on_play_and_each_turn():
    state = fight(["shell_guard"], draw=["jab"] * 8, patterns=["Cover Up"])
    play(state, "shell_guard")
    assert state.players[0].guard == 2
    end_turn(state)  # Cover Up hits 1 through Guard 2: Guard 1 left, fades, Focus: Guard 2
    assert state.players[0].guard == 2 and state.players[0].vitality == START_VITALITY


# ----- debuffs ----------------------------------------------------------------------------


def test_exposed_removes_all_guard():
    state = fight([])
    state.enemies[0].guard = 5
    resolve_player_ops(state, state.players[0], CARDS["body_shot"], [("effects", (Op("exposed"),))])
    assert state.enemies[0].guard == 0


def test_rocked_knocks_out_past_the_tier_limit_R4():
    state = fight(["hook", "hook", "hook"])
    state.players[0].energy = [EnergyCard("blue", 5), EnergyCard("gray", 5)]
    play(state, "hook")
    play(state, "hook")
    assert state.enemies[0].rocked == 2 and GAME.outcome(state) is None and state.phase == "player"
    play(state, "hook")
    assert state.fights_won == 1 and state.pending.kind == "reward"


@pytest.mark.parametrize("tier,limit", [("minion", 2), ("miniboss", 3), ("boss", 4)])
def test_rocked_limits_per_tier(tier, limit):
    enemy = {"minion": "bx_brawler", "miniboss": "bx_gym_bully", "boss": "iron_champion"}[tier]
    state = fight([], enemy=enemy)
    effects.rock_enemy(state, state.enemies[0], limit)
    assert state.enemies[0].beaten == ""
    effects.rock_enemy(state, state.enemies[0], 1)
    assert state.enemies[0].beaten == "knocked out"


def test_rocked_count_restarts_each_turn():
    state = fight(["hook", "hook"], draw=["hook"] * 8, patterns=["Cover Up"] * 3)
    state.players[0].energy = [EnergyCard("blue", 5), EnergyCard("gray", 5)]
    play(state, "hook")
    play(state, "hook")
    end_turn(state)
    assert state.enemies[0].rocked == 0


def test_rocked_on_the_disciple_discards_the_stance_and_knocks_out_past_4():
    state = fight([])
    state.players[0].stance = "shell_guard"
    effects.rock_player(state, state.players[0], 1)
    assert state.players[0].stance == "" and "shell_guard" in state.players[0].discard
    effects.rock_player(state, state.players[0], 3)
    assert state.players[0].beaten == ""
    effects.rock_player(state, state.players[0], 1)
    assert state.players[0].beaten == "knocked out"


def test_submit_half_rounded_up_and_tap_out_R2():
    state = fight([], enemy="bx_bouncer")  # 14
    effects.submit_enemy(state, state.enemies[0], 5, full=False)
    assert state.enemies[0].vitality == 11 and state.enemies[0].beaten == ""
    state = fight([], enemy="bx_pickpocket")  # 9
    effects.submit_enemy(state, state.enemies[0], 6, full=False)  # loses 3, 6 left: 6 is not more than 6
    assert state.enemies[0].vitality == 6 and state.enemies[0].beaten == ""
    effects.submit_enemy(state, state.enemies[0], 5, full=False)  # loses 3, 3 left: 5 > 3
    assert state.enemies[0].beaten == "tapped out"


def test_weakened_enemy_draws_two_patterns_and_the_disciple_chooses_R19():
    state = fight(["bob_and_weave"], draw=["jab"] * 8,
                  patterns=["Straight Right", "Cover Up", "Jab Jab"])
    play(state, "bob_and_weave")
    end_turn(state)
    pending = state.pending
    assert pending.kind == "weakened" and len(pending.options) == 2
    names = [GAME.describe(Choose(i), state) for i in range(2)]
    assert names == ["Straight Right: Upper 3", "Cover Up: Guard 3, then Upper 2"]
    GAME.apply(state, Choose(1))
    # Cover Up was used, not Straight Right: the enemy took Guard 3; its 2 met Guard 2
    assert state.enemies[0].guard == 3 and state.players[0].vitality == START_VITALITY
    assert state.phase == "player" and state.enemies[0].patterns_out == []
    assert state.enemies[0].patterns_used == [PATTERN["Cover Up"]]  # the screen shows the one it used


def test_weakened_disciple_discards_a_random_card_R18():
    state = fight(["jab", "slip", "hook"])
    effects.weaken_player(state, state.players[0])
    assert len(state.players[0].hand) == 2 and len(state.players[0].discard) == 1


def test_stun_skips_the_enemys_first_action_R19():
    state = fight(["elbow_crash"], draw=["jab"] * 8, patterns=["Jab Jab"])
    play(state, "elbow_crash")
    end_turn(state)
    assert state.players[0].vitality == START_VITALITY - (1 + 1)  # only the second punch (1 +1 bonus)


def test_stun_on_the_disciple_taps_an_energy_card_of_their_choice_R18():
    state = fight([], enemy="kr_kickboxer", style="karate", draw=["kiai"] * 8,
                  patterns=["Straight Punch"])
    end_turn(state)  # Spinning Elbow: its Upperbody hits Stun
    # energy red, red, blue: the two reds tap alike, so one red and the blue are offered
    assert state.pending.kind == "stun_tap" and state.pending.options == ["0", "2"]
    assert GAME.describe(Choose(1), state) == "Tap your blue energy (B)"
    GAME.apply(state, Choose(1))
    assert state.players[0].energy[2].tapped and state.phase == "player"
    assert not state.players[0].energy[0].tapped and not state.players[0].energy[1].tapped


def test_counter_answers_an_action_then_is_discarded_R9():
    state = fight(["counter_right"], draw=["jab"] * 8, patterns=["Straight Right"])
    play(state, "counter_right")
    assert state.players[0].counters == ["counter_right"]
    end_turn(state)  # Counter: Guard 3 then deal 3; Straight Right 2+1 is blocked
    assert state.players[0].vitality == START_VITALITY and state.enemies[0].vitality == 11 - 3
    assert state.players[0].counters == [] and "counter_right" in state.players[0].discard


def test_unused_counter_is_discarded_at_the_next_beginning_of_turn():
    state = fight(["counter_right"], draw=["jab"] * 8, patterns=["Hold and Hit"])
    play(state, "counter_right")
    end_turn(state)
    assert state.players[0].counters == [] and "counter_right" in state.players[0].discard


# ----- turn structure ---------------------------------------------------------------------


def test_first_turn_draws_five():
    from .helpers import to_first_fight

    state = to_first_fight(GAME.new_game(seed=3, style="karate"))
    assert len(state.players[0].hand) == 5 and state.turn == 1


def test_end_of_turn_draws_three_up_to_eight():
    state = fight(["slip"] * 7, draw=["jab"] * 10, patterns=["Cover Up"])
    state.players[0].energy = []
    end_turn(state)
    assert len(state.players[0].hand) == 8


def test_empty_draw_pile_reshuffles_the_discard_pile():
    state = fight([], draw=["jab"], patterns=["Cover Up"])
    state.players[0].discard = ["hook", "cross"]
    state.players[0].owned += ["hook", "cross"]
    end_turn(state)
    assert sorted(state.players[0].hand) == ["cross", "hook", "jab"] and state.players[0].discard == []


def test_enemy_guard_fades_at_its_turn_and_patterns_return_to_the_pile():
    state = fight([], draw=["jab"] * 8, patterns=["Straight Right"])
    state.enemies[0].guard = 4
    size = len(state.enemies[0].patterns)
    end_turn(state)
    assert state.enemies[0].guard == 0 and len(state.enemies[0].patterns) == size and state.enemies[0].patterns_out == []
    assert state.enemies[0].patterns_used == [PATTERN["Straight Right"]]  # kept for the screen until its next turn


def test_illegal_action_leaves_the_state_unchanged():
    state = fight(["front_kick"])
    before = msgspec.json.encode(state)
    for bad in (PlayCard(0), PlayCard(5), Choose(0)):
        with pytest.raises(IllegalAction):
            GAME.apply(state, bad)
    assert msgspec.json.encode(state) == before


def test_same_seed_same_actions_same_bytes():
    from engine.core.rng import Rng
    from engine.disciple.bots import random_action

    def run():
        state = GAME.new_game(seed=11)
        rng = Rng.from_seed(5)
        for _ in range(200):
            if GAME.outcome(state) is not None:
                break
            GAME.apply(state, random_action(GAME, state, rng))
        return msgspec.json.encode(state)

    assert run() == run()


# ----- the rest of the op vocabulary, each once -----------------------------------------


def test_energy_op_adds_to_the_pool_for_this_turn():
    state = fight([])
    card = Card(id="t", name="Breath", kind="generic", effects=(Op("energy", 2, colour="red"),))
    resolve_player_ops(state, state.players[0], card, [("effects", card.effects)])
    assert state.players[0].pool == [0, 0, 2, 0]


def test_armor_and_bonus_passives():
    state = fight(["shell_guard", "peekaboo", "jab"], draw=["jab"] * 8)
    state.players[0].energy = [EnergyCard("blue", 5), EnergyCard("gray", 5)]
    play(state, "shell_guard")
    state.players[0].guard = 0
    effects.hit_disciple(state, state.enemies[0], state.players[0], 3, "upper")  # Shell Guard: 1 less Upperbody
    assert state.players[0].vitality == START_VITALITY - 2
    play(state, "peekaboo")
    state.enemies[0].guard = 0
    play(state, "jab")  # Peekaboo: Punches deal 1 more
    assert state.enemies[0].vitality == 11 - 3


def test_enemy_heal_and_self_buffs():
    state = fight([])
    state.enemies[0].vitality = 5
    for op in (Op("heal", 3), Op("guard", 2), Op("power", 1), Op("clinch"), Op("feint")):
        foe.enemy_op(state, state.enemies[0], op, "none")
    enemy = state.enemies[0]
    assert (enemy.vitality, enemy.guard, enemy.power, enemy.clinch, enemy.feint) == (8, 2, 1, True, True)


def test_add_card_event_op():
    from engine.disciple import journey

    state = GAME.new_game(seed=1, style="boxing")
    journey.run_event_choice(state, state.players[0], (Op("add_card", 2, tag="uppercut"),))
    assert state.players[0].draw.count("uppercut") == 2 and state.players[0].owned.count("uppercut") == 2


def test_registry_lists_disciple():
    from engine.registry import GAMES

    assert GAMES["disciple"].title == "Disciple: A Journey"
