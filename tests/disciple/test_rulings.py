"""A test per ruling of engine/disciple/RULINGS.md (others are in test_rules, test_journey)."""

import pytest

from engine.core.errors import IllegalAction
from engine.disciple import combat, effects, energy, journey
from engine.disciple import enemy as foe
from engine.disciple.content import load
from engine.disciple.model import START_VITALITY, Choose, EndTurn, EnemyTurn, EnergyCard, PlayCard

from .helpers import GAME, end_turn, fight, half_up, play, submit_of, vitality_of

CONTENT = load()


def test_R3_an_enemy_actions_own_clinch_enhances_that_action():
    # Title Holder's Tie-Up: Clinch on its Grapple hit, so the hit keeps the Clinch and the
    # next action of the pattern, an Upperbody punch, Rocks the Disciple.
    state = fight([], enemy="bx_title_holder", draw=["jab"] * 8, patterns=["Clinch Work"])
    state.players[0].stance = "shell_guard"
    state.players[0].owned.append("shell_guard")
    end_turn(state)
    assert state.players[0].stance == "" and "shell_guard" in state.players[0].discard  # Rocked knocked it away
    assert any("Clinch: the hit Rocks you" in line for line in GAME.log_lines(state))


def test_R5_card_text_draws_in_full_past_a_hand_of_8():
    """Rulebook, End of Turn (line 257): "Draw 3 cards, stopping if your hand reaches 8
    cards" limits that draw only; card text takes priority (line 14): Step In draws 2."""
    state = fight(["step_in"] + ["jab"] * 7, style="karate", enemy="kr_white_belt",
                  draw=["front_kick"] * 5)
    state.players[0].energy = [EnergyCard("gray", 1)] * 3
    play(state, "step_in")  # 7 left in hand, Draw 2: 9
    assert len(state.players[0].hand) == 9
    effects.end_draw(state, state.players[0])  # the end-of-turn draw stops at 8: nothing
    assert len(state.players[0].hand) == 9 and len(state.players[0].draw) == 3


def test_R5_the_end_of_turn_draw_stops_at_8():
    state = fight(["jab"] * 7, draw=["hook"] * 5)
    effects.end_draw(state, state.players[0])
    assert len(state.players[0].hand) == 8 and len(state.players[0].draw) == 4


def test_R6_combo_takes_a_coloured_point_when_there_is_no_gray():
    state = fight(["jab"])
    state.players[0].combo = ["uppercut"]
    assert energy.cost_of(state.players[0], CONTENT.cards["uppercut"]) == [0, 1, 0, 0]


def test_R6_energy_cards_do_not_break_a_combo():
    state = fight(["jab", "energy_blue", "cross"])
    play(state, "jab")
    play(state, "energy_blue")
    assert state.players[0].combo == ["cross", "hook"]


def test_R7_default_pays_gray_with_gray_energy_first():
    state = fight(["slip"])
    play(state, "slip")
    assert [e.tapped for e in state.players[0].energy] == [False, False, True]  # blue, blue, gray


def test_R7_default_gray_spares_the_colour_the_hand_needs():
    state = fight(["slip", "front_kick"], style="karate", enemy="kr_white_belt")
    state.players[0].energy = [EnergyCard("red", 1), EnergyCard("blue", 1)]
    play(state, "slip")
    assert [e.tapped for e in state.players[0].energy] == [False, True]


def test_R7_the_player_may_tap_other_energy_and_each_way_is_a_legal_move():
    state = fight(["slip"])  # Slip costs N; energy blue, blue, gray
    actions = GAME.legal_actions(state)
    assert PlayCard(0) in actions and PlayCard(0, (0,)) in actions
    assert PlayCard(0, (2,)) not in actions  # the default, already PlayCard(0)
    assert PlayCard(0, (1,)) not in actions  # the same mix of colours as (0,)
    assert PlayCard(0, (0, 2)) not in actions  # more than the cost needs
    GAME.apply(state, PlayCard(0, (0,)))
    assert [e.tapped for e in state.players[0].energy] == [True, False, False]
    assert "tapping B" in GAME.log_lines(state)[-2]


def test_R7_an_unpaying_or_wasteful_tap_is_refused_and_changes_nothing():
    state = fight(["cross"])  # B + N
    for taps in ((2,), (0, 1, 2), (5,)):
        with pytest.raises(IllegalAction):
            GAME.apply(state, PlayCard(0, taps))
    assert not any(e.tapped for e in state.players[0].energy) and state.players[0].hand == ["cross"]


def test_R7_gathered_energy_pays_before_any_tap():
    state = fight(["slip"])
    state.players[0].pool = [0, 0, 1, 0]  # a red gathered earlier this turn
    play(state, "slip")
    assert not any(e.tapped for e in state.players[0].energy) and state.players[0].pool == [0, 0, 0, 0]
    assert energy.payments(state.players[0], [1, 0, 0, 0])[0] == (2,)


def test_R7_describe_names_the_energy_the_default_taps():
    state = fight(["cross"])
    assert GAME.describe(PlayCard(0), state) == "Play Cross (NB), tapping B N"
    assert GAME.describe(PlayCard(0, (0, 1)), state) == "Play Cross (NB), tapping B B"


def test_R8_lock_needs_its_condition_when_played():
    state = fight(["full_mount", "ezekiel_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.players[0].energy = [EnergyCard("green", 3), EnergyCard("gray", 1)]
    play(state, "full_mount")
    play(state, "ezekiel_choke")
    assert state.players[0].locked and state.players[0].state_card == "ezekiel_choke"


def test_R9_one_counter_per_action_oldest_first():
    state = fight(["counter_right", "counter_right"], draw=["jab"] * 8, patterns=["Jab Jab"])
    state.players[0].energy = [EnergyCard("blue", 3)]
    play(state, "counter_right")
    play(state, "counter_right")
    end_turn(state)  # each punch of Jab Jab meets one counter
    assert state.enemies[0].vitality == 11 - 6 and "counter_right" in state.players[0].discard


def test_R9_a_counter_on_any_attack_answers_an_untyped_one():
    """Rising Block: "Counter: when the enemy attacks", and an attack is "an action that
    generally deals damage" (rulebook glossary, line 141), whatever its colour: Shove and
    Swing's untyped shove is an attack, so the Guard 4 comes before it."""
    state = fight([], draw=["jab"] * 8, patterns=["Shove and Swing"])
    state.players[0].counters = ["rising_block"]
    state.players[0].owned.append("rising_block")
    end_turn(state)  # the shove (untyped 1) meets Guard 4, then the swing (Upper 1): Guard 2
    assert state.players[0].vitality == START_VITALITY
    lines = GAME.log_lines(state)
    answered = next(i for i, line in enumerate(lines) if "Rising Block" in line and "answers" in line)
    shove = next(i for i, line in enumerate(lines) if "hits you" in line)
    assert answered < shove


def test_R9_a_counter_on_any_attack_lets_an_untyped_buff_pass():
    state = fight([], draw=["jab"] * 8, patterns=["Wind Up"], enemy="bx_contender")
    state.players[0].counters = ["rising_block"]
    state.players[0].owned.append("rising_block")
    wind_up = next(p for p in CONTENT.pile("bx_contender") if p.name == "Wind Up")
    foe.enemy_action(state, state.enemies[0], wind_up.actions[0], "")
    assert state.players[0].counters == ["rising_block"]  # Power 2 is no attack


def test_R10_starting_cards_leave_the_skills_deck():
    state = GAME.new_game(seed=1, style="karate")
    deck_size = sum(e.copies for e in CONTENT.styles["karate"].skills)
    skills_owned = [c for c in state.players[0].owned if CONTENT.cards[c].kind != "energy"]
    assert len(state.players[0].skills_deck) == deck_size - len(skills_owned)


def test_R11_withdrawn_an_event_can_end_the_journey():
    state = GAME.new_game(seed=1, style="karate")
    state.players[0].vitality = 3
    journey.run_event_choice(state, state.players[0], CONTENT.events["wandering_master"].choices[0].ops)
    assert state.players[0].vitality == 0 and state.phase == "over" and GAME.outcome(state).won is False
    assert state.players[0].beaten == "worn out" and GAME.legal_actions(state) == []


def _reward_after_a_win(skills_deck, event_deck, shown):
    state = fight(["knockout_artist"], draw=["jab"] * 3)
    state.players[0].skills_deck = list(skills_deck) + list(shown)[::-1]
    state.players[0].event_deck = list(event_deck)
    state.players[0].energy[0].amount = 3
    state.enemies[0].vitality = 5
    play(state, "knockout_artist")
    return state


def test_R12_the_player_orders_the_unchosen_cards_when_it_can_matter():
    # one minion left (3 more cards may be drawn) and only one card above: order can matter
    state = _reward_after_a_win(["jab"], ["iron_champion", "bx_brawler"], ["hook", "cross", "slip"])
    assert state.pending.options == ["hook", "cross", "slip", "-"]
    GAME.apply(state, Choose(0))  # keep Hook
    assert state.pending.kind == "bottom_order" and state.pending.options == ["cross", "slip"]
    GAME.apply(state, Choose(1))  # Slip comes back first
    assert state.pending is None or state.pending.kind != "bottom_order"
    assert state.players[0].skills_deck == ["cross", "slip", "jab"]


def test_R12_no_question_when_the_order_cannot_matter():
    # three cards above and one minion left: its reward shows those three, never the others
    state = _reward_after_a_win(["jab"] * 3, ["iron_champion", "bx_brawler"], ["hook", "cross", "slip"])
    GAME.apply(state, Choose(0))
    assert state.pending is None or state.pending.kind != "bottom_order"
    assert state.players[0].skills_deck[:2] == ["slip", "cross"]  # under the deck, Cross first to come back


def test_R12_no_question_when_the_cards_are_alike():
    state = _reward_after_a_win(["jab"], ["iron_champion", "bx_brawler"], ["hook", "slip", "slip"])
    GAME.apply(state, Choose(0))
    assert state.pending is None or state.pending.kind != "bottom_order"


def test_R13_half_of_an_odd_skills_deck_rounds_down():
    state = GAME.new_game(seed=1, style="boxing")
    state.players[0].skills_deck = state.players[0].skills_deck[:51]
    state.players[0].second_skills = ["front_kick"] * 30
    journey.halve_skills(state, state.players[0], "karate")
    assert len(state.players[0].skills_deck) == 26 + 25 and state.players[0].skills_deck.count("front_kick") == 25
    assert len(state.players[0].set_aside) == 25 + 5


def test_R14_withdrawn_a_full_hand_draws_nothing_and_keeps_its_cards():
    state = fight(["hook"] * 8, draw=["jab"] * 3, patterns=["Cover Up"])
    state.players[0].energy = []
    end_turn(state)
    assert state.players[0].hand == ["hook"] * 8 and state.players[0].draw == ["jab"] * 3 and state.players[0].discard == []


def test_R14_withdrawn_every_card_is_paid_by_its_own_styles_allotment():
    from engine.disciple.checks import pays

    for card in CONTENT.cards.values():
        if card.style:
            assert pays(CONTENT.styles[card.style].energy, card), card.name


def test_R15_withdrawn_no_clock_and_a_stuck_hand_still_loses():
    # nothing playable, nothing to draw, Guard renewed every turn: the piles' guard breaker
    # still gets through, so the fight ends without any clock
    state = fight(["uppercut"] * 8, patterns=["Feint Jab"])
    state.players[0].energy = []
    state.players[0].stance = "shell_guard"
    state.players[0].owned.append("shell_guard")
    state.turn = 40
    state.players[0].vitality = 10
    end_turn(state)  # Feint: Upper 2 + Wild Haymaker 1, less 1 armour, past any Guard
    assert state.players[0].vitality == 10 - 2 and state.turn == 41
    turns = 0
    while GAME.outcome(state) is None:
        end_turn(state)
        turns += 1
    assert GAME.outcome(state).won is False and turns < 200


def test_R16_a_grapple_clinch_carries_to_the_next_action_then_fades():
    state = fight([], enemy="jj_brown_belt_coach", style="jiujitsu", draw=["shrimp"] * 8,
                  patterns=["Pass and Choke"])
    end_turn(state)  # Pressure Pass: Clinch on each Grapple hit; the Submit 2 lands in full
    assert any(line.startswith("Submit 2, in full (Clinch): you lose 2") for line in GAME.log_lines(state))
    assert not state.enemies[0].clinch


def test_R17_power_adds_to_the_next_submit():
    """Rulebook, glossary (line 107): Power "adds the listed number to the next damage dealt
    this turn", and Submit is damage ("Guard also reduces Submit damage", line 108)."""
    state = fight(["kiai", "rear_naked_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.players[0].energy = [EnergyCard(c, 1) for c in ("gray", "green", "gray")]
    play(state, "kiai")  # Power 2
    play(state, "rear_naked_choke")  # its Submit + 2, half rounded up
    lost = half_up(submit_of("rear_naked_choke") + 2)
    assert state.enemies[0].vitality == vitality_of("jj_purple_belt") - lost and state.players[0].power == 0
    assert "Your Power 2 adds to the Submit." in GAME.log_lines(state)


def test_R17_feint_lets_the_next_submit_ignore_guard():
    """Rulebook, glossary (line 115): with Feint "the opponent's Guard is ignored by the next
    damage dealt": Scramble's Feint serves the Choke its Combo names."""
    state = fight(["scramble", "rear_naked_choke"], style="jiujitsu", enemy="jj_purple_belt")
    state.players[0].energy = [EnergyCard(c, 1) for c in ("gray", "green", "gray")]
    play(state, "scramble")
    state.enemies[0].guard = 5
    play(state, "rear_naked_choke")  # its whole Submit, Guard ignored: loses half, rounded up
    lost = half_up(submit_of("rear_naked_choke"))
    assert state.enemies[0].vitality == vitality_of("jj_purple_belt") - lost and state.enemies[0].guard == 5
    assert not state.players[0].feint


def test_R17_an_enemy_spends_power_and_feint_on_its_submit_too():
    """The same glossary lines, for the enemy: Grip and Pull's Submit (a debuff) resolves
    before its hit (R3), so it takes the Power and the Feint; the intent says so."""
    state = fight([], enemy="jj_white_belt", style="jiujitsu", draw=["shrimp"] * 8,
                  patterns=["Grip and Pull"])
    enemy = state.enemies[0]
    enemy.power, enemy.feint = 2, True
    grip = next(p for p in CONTENT.pile("jj_white_belt") if p.name == "Grip and Pull")
    shown = foe.preview(state, enemy, grip)[1]
    assert shown.damage == 1 and [op.n for op in shown.ops if op.op == "submit"] == [4]
    assert foe.pattern_words(state, enemy, grip) == "Clinch, then Grapple 1 + Submit 4"
    state.players[0].guard = 9
    end_turn(state)  # Submit 4 in full (Clinch) through the Guard; the hit of 1 is stopped
    assert state.players[0].vitality == START_VITALITY - 4
    assert "Spazzy White Belt's Power 2 adds to the Submit, and Feint lets it ignore Guard." in GAME.log_lines(state)


def test_R18_stun_with_no_untapped_energy_asks_nothing():
    state = fight([], enemy="kr_kickboxer", style="karate", draw=["kiai"] * 8,
                  patterns=["Straight Punch"])
    state.players[0].energy = []
    end_turn(state)
    assert state.pending is None and state.phase == "player" and state.players[0].to_tap == 0


def test_R19_stun_skips_the_first_action_whatever_it_is():
    """Rulebook, Enemy Turn (lines 268-269): "For each Stun applied, ignore the first Action in
    the pattern"; the enemy card lists its untyped (white) entries among its attacks (line
    46-47). Wind Up's first action, Power 2, is the one ignored; its punch lands unboosted."""
    state = fight([], enemy="bx_contender", draw=["jab"] * 8, patterns=["Wind Up"])
    state.enemies[0].stun = 1
    end_turn(state)
    lines = GAME.log_lines(state)
    assert not any("gains 2 Power" in line for line in lines)
    assert any(line.startswith("Stunned, ") and line.endswith("loses the first action of Wind Up.") for line in lines)
    assert state.players[0].vitality == START_VITALITY - 3  # Upper 1 + Flurry 1 + Power 1 (each turn)


def test_R20_named_attack_bonus_and_effects_apply_to_damaging_actions():
    state = fight([], enemy="kr_tournament_finalist", style="karate", draw=["kiai"] * 8,
                  patterns=["Kick and Punch"])
    # Power 1 (special) on the first hit: Lower 1 + Spinning Heel 1 + 1; then Upper 2 and
    # Backfist's Rocked
    end_turn(state)
    assert state.players[0].vitality == START_VITALITY - 3 - 2 and state.players[0].rocked == 1


def test_R20_multi_pattern_enemy_draws_again():
    state = fight([], enemy="bx_brawler", draw=["jab"] * 8, patterns=["Straight Right", "Hold and Hit"])
    # an enemy with patterns_per_turn = 2: its turn record says one more pattern to draw
    state.phase = "enemy"
    turn = EnemyTurn(pattern=state.enemies[0].patterns.pop(), patterns_left=1)
    state.enemies[0].patterns_out.append(turn.pattern)
    state.enemy_turn = turn
    foe.run_turn(state)
    assert state.players[0].vitality == START_VITALITY - 3 - 2


def test_R21_pattern_piles_are_per_style_and_tier():
    state = fight([], enemy="jj_mat_bully", style="jiujitsu", draw=["shrimp"] * 8)
    assert sorted(state.enemies[0].patterns) == list(range(len(CONTENT.patterns["jiujitsu"]["miniboss"])))
    kinds = [a.kind for p in CONTENT.patterns["jiujitsu"]["minion"] for a in p.actions if a.damage]
    assert kinds.count("grapple") > len(kinds) / 2  # a grappler grapples
    kinds = [a.kind for p in CONTENT.patterns["karate"]["minion"] for a in p.actions if a.damage]
    assert kinds.count("lower") > len(kinds) / 2


def test_R22_allotment_is_back_untapped_each_fight():
    state = fight(["slip"])
    play(state, "slip")
    journey.gather_deck(state, state.players[0])
    combat.start_combat(state, "bx_brawler")
    assert [e.colour for e in state.players[0].energy] == ["blue", "blue", "gray"]
    assert not any(e.tapped for e in state.players[0].energy)


def test_R23_healing_caps_at_25():
    state = fight(["second_wind"])
    state.players[0].energy = [EnergyCard("gray", 2)]
    state.players[0].vitality = 24
    play(state, "second_wind")
    assert state.players[0].vitality == START_VITALITY


def test_R25_enemy_buffs_fade_at_the_end_of_its_turn():
    state = fight([], draw=["jab"] * 8, patterns=["Cover Up"])
    state.enemies[0].clinch = True
    state.enemies[0].power = 2
    end_turn(state)  # Cover Up's punch uses Clinch and Power; nothing is left after
    assert state.enemies[0].power == 0 and not state.enemies[0].clinch
    state = fight([], draw=["jab"] * 8, patterns=["Cover Up"])
    state.enemies[0].feint = True
    state.enemies[0].clinch = True
    foe.end_turn(state, state.enemies[0])
    assert not state.enemies[0].feint and not state.enemies[0].clinch


def test_R26_score_counts_fights_and_vitality():
    state = fight(["knockout_artist"], enemy="iron_champion")
    state.players[0].energy[0].amount = 3
    state.enemies[0].vitality = 1
    state.fights_won = 14
    state.players[0].vitality = 9
    play(state, "knockout_artist")
    assert GAME.outcome(state).score == 150 + 9


def test_R1_describe_every_pending_kind():
    state = GAME.new_game(seed=1)
    assert GAME.describe(Choose(0), state) == "Boxing"
    GAME.apply(state, Choose(0))
    assert GAME.describe(Choose(0), state) == CONTENT.cards[state.pending.options[0]].name


def test_R27_card_text_overrides_guard_fading():
    state = fight(["patience"], style="jiujitsu", enemy="jj_white_belt", draw=["shrimp"] * 8,
                  patterns=["Leg Attack"])
    play(state, "patience")  # Guard 1 now
    state.players[0].guard = 6
    end_turn(state)  # Leg Attack hits 2: Guard 4; at turn start 2 stay, then Focus adds 1
    assert state.players[0].guard == 2 + 1


def test_R28_a_deals_more_bonus_adds_to_submit():
    state = fight(["side_control", "rear_naked_choke", "armbar"], style="jiujitsu",
                  enemy="jj_sambo_fighter")
    state.players[0].energy = [EnergyCard(c, 1) for c in ["green"] * 5 + ["gray"] * 2]
    play(state, "side_control")  # Chokes and Joint Locks deal 1 more
    play(state, "rear_naked_choke")  # its Submit + 1, half rounded up
    choke, lock, start = submit_of("rear_naked_choke"), submit_of("armbar"), vitality_of("jj_sambo_fighter")
    assert state.enemies[0].vitality == start - half_up(choke + 1)
    state.enemies[0].guard = 0
    play(state, "armbar")  # its Submit + 1, half rounded up
    assert state.enemies[0].vitality == start - half_up(choke + 1) - half_up(lock + 1)


def test_R29_intent_counts_bonuses_power_and_stun():
    state = fight([], enemy="bx_contender", draw=["jab"] * 8)
    pile = CONTENT.pile("bx_contender")
    wind_up = next(p for p in pile if p.name == "Wind Up")
    # Power 1 each turn (special) + Power 2 (pattern) + Upper 1 + Flurry 1
    assert [a.damage for a in foe.preview(state, state.enemies[0], wind_up)] == [0, 5]
    state.enemies[0].stun = 1
    shown = foe.preview(state, state.enemies[0], wind_up)
    assert shown[0].skipped and shown[1].damage == 3  # the Power 2 is skipped with its action
    state.enemies[0].stun = 0
    hold = next(p for p in pile if p.name == "Hold and Hit")
    # the Power goes to the first hit; the second gets Low Blow's 2
    assert foe.pattern_words(state, state.enemies[0], hold) == "Grapple 2, then Lower 3"


def test_end_turn_then_enemy_then_next_turn_one_action():
    state = fight(["jab"], draw=["jab"] * 8, patterns=["Straight Right"])
    GAME.apply(state, EndTurn())
    assert state.phase == "player" and state.turn == 2 and state.players[0].vitality == START_VITALITY - 3
