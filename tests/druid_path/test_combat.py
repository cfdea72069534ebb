"""Combat, keywords, the end of the game and the expansion rules (R<n> in RULINGS.md)."""

from __future__ import annotations

from engine.druid_path.table import C, attack_of, push_darach, spirits_in_play
from engine.druid_path.model import (
    AttackDarach, Beast, Block, DruidAbility, Endure, PendingBranch, PendingResponse, PendingRoll,
    PendingTurnEnd,
    PickBranch, PlayItem, RollBoost, StaminaBoost, UseRobot,
)  # fmt: skip
from engine.druid_path.phases import advance, resolve_step, spiral_swap
from engine.druid_path.model import Step
from tests.druid_path.helpers import GAME, at_play, check_invariants, give, put, rig_dice


def to_combat(state) -> None:
    """Skip straight to the Combat phase, lane 1 (the Darach phase is tested elsewhere)."""
    state.phase, state.stage, state.combat_lane = "combat", "start", 0
    state.queue.clear()
    advance(state)


def hold(state) -> None:
    """A Druid beastborg alone in lane 3 keeps combat waiting there after lanes 1-2."""
    put(state, "druid", 2, "mudwhelp")


def no_boosts(state) -> None:
    state.item_discard.extend(state.hand)
    state.hand = []


# ----- Combat -------------------------------------------------------------------------


def test_do_nothing_lets_the_attack_hit_the_druid_through_armor() -> None:  # R6
    state = at_play()
    put(state, "druid", 0, "pebblit")
    put(state, "darach", 0, "emberclaw")  # attack: +1 attack token on itself first
    hold(state)
    hp, armor = state.druid_hp, C.druids["belthar"].armor
    to_combat(state)
    assert isinstance(state.pending, PendingResponse) and state.pending.darach_attacks
    GAME.apply(state, Endure())
    assert state.druid_hp == hp - (attack_of(Beast("emberclaw")) + 1 - armor)


def test_lanes_resolve_in_order_and_darach_beasts_attack_first() -> None:
    state = at_play()
    put(state, "darach", 0, "sparkit")
    put(state, "darach", 2, "ashpup")
    put(state, "druid", 2, "pebblit")
    to_combat(state)
    assert isinstance(state.pending, PendingResponse) and state.pending.lane == 2  # R20: lane 1 auto
    assert "Sparkit hits Belthar" in " ".join(GAME.log_lines(state))


def test_attack_the_darach_costs_stamina_and_hits_on_parry() -> None:  # R24
    state = at_play()
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    put(state, "darach", 0, "sparkit")
    hold(state)
    to_combat(state)
    hp, darach_hp = state.druid_hp, state.darach_hp
    rig_dice(state, 12)
    GAME.apply(state, AttackDarach())
    assert state.stamina == 2
    assert state.druid_hp < hp or C.druids["belthar"].armor >= attack_of(state.darach_row[0])
    assert state.darach_hp == darach_hp - attack_of(state.druid_row[0])  # Kaliran: no armor


def test_a_parried_attack_does_nothing() -> None:
    state = at_play()
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    to_combat(state)
    darach_hp = state.darach_hp
    rig_dice(state, 2)
    GAME.apply(state, AttackDarach())
    assert state.darach_hp == darach_hp and isinstance(state.pending, PendingTurnEnd)


def test_attack_roll_takes_roll_boosts_but_not_stamina_boosts() -> None:  # R21
    state = at_play()
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    skull = give(state, "cursed_skull")
    leaf = give(state, "wisdom_leaf")
    to_combat(state)
    rig_dice(state, 4)
    GAME.apply(state, AttackDarach())
    assert isinstance(state.pending, PendingRoll)
    acts = GAME.legal_actions(state)
    assert RollBoost(skull) in acts and RollBoost(leaf) not in acts and StaminaBoost(leaf) not in acts


def test_attack_abilities_trigger_before_the_roll() -> None:
    state = at_play()
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")  # attack: +1 attack token on itself
    to_combat(state)
    rig_dice(state, 12)
    darach_hp = state.darach_hp
    GAME.apply(state, AttackDarach())
    assert state.druid_row[0].attack_mod == 1
    assert state.darach_hp == darach_hp - attack_of(state.druid_row[0])


def test_block_exchanges_damage_at_the_same_time() -> None:
    state = at_play()
    put(state, "druid", 0, "sparkit")  # 2 HP
    put(state, "darach", 0, "cragmite")  # 2 HP, armor 1, blocked: 1 damage to the blocker
    hold(state)
    to_combat(state)
    hp = state.druid_hp
    GAME.apply(state, Block())
    assert state.druid_hp == hp and state.stamina == 2
    assert state.druid_row[0] is None  # the blocked ability's 1 damage, then the blow
    foe = state.darach_row[0]
    assert foe is not None and foe.damage == C.beasts["sparkit"].attack - 1  # armor took 1


def test_defeated_abilities_trigger_when_hp_reaches_zero() -> None:  # R26
    state = at_play()
    put(state, "druid", 0, "shellnaut")
    put(state, "darach", 0, "nightmaw", damage=2)  # shadow defeated: the Druid loses 2 HP
    to_combat(state)
    hp = state.druid_hp
    GAME.apply(state, Block())
    assert state.darach_row[0] is None and "nightmaw" in state.shadow_discard
    assert state.druid_hp == hp - 2


def test_ward_stops_attacks_on_the_darach() -> None:  # R14
    state = at_play()
    put(state, "druid", 0, "emberclaw")
    put(state, "darach", 2, "veilcrawler", exhausted=True)
    to_combat(state)
    assert state.pending is None or AttackDarach() not in GAME.legal_actions(state)


def test_exhausted_beasts_neither_attack_nor_block() -> None:  # R29
    state = at_play()
    put(state, "druid", 0, "emberclaw", exhausted=True)
    put(state, "darach", 0, "ashpup", exhausted=True)
    hp = state.druid_hp
    to_combat(state)
    assert isinstance(state.pending, PendingTurnEnd) and state.druid_hp == hp


def test_draeg_ripostes_a_successful_attacker() -> None:  # R31
    state = at_play(darach="draeg")
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    to_combat(state)
    rig_dice(state, 12)
    GAME.apply(state, AttackDarach())
    assert state.druid_row[0].damage == C.darachs["draeg"].riposte


# ----- keywords -----------------------------------------------------------------------


def test_armor_is_a_pool_per_turn_and_losing_hp_ignores_it() -> None:  # R6
    from engine.druid_path.table import hurt_beast, hurt_leader

    state = at_play()
    put(state, "druid", 0, "dunecolossus")  # armor 2
    assert hurt_beast(state, "druid", 0, 1, "a test") == 0
    assert hurt_beast(state, "druid", 0, 3, "a test") == 2  # 1 armor left
    assert hurt_beast(state, "druid", 0, 1, "a test", armored=False) == 1
    hp = state.druid_hp
    hurt_leader(state, "druid", 2, "a test", armored=False)
    assert state.druid_hp == hp - 2


def test_relics_attach_and_go_to_the_discard_when_the_beast_falls() -> None:  # R28
    state = at_play()
    put(state, "druid", 0, "sparkit")
    index = give(state, "warhorn")
    GAME.apply(state, PlayItem(index))
    beast = state.druid_row[0]
    assert beast.relics == ["warhorn"] and attack_of(beast) == C.beasts["sparkit"].attack + 2
    assert "warhorn" not in state.item_discard
    from engine.druid_path.table import defeat

    defeat(state, "druid", 0)
    assert "warhorn" in state.item_discard
    check_invariants(state)


# ----- the end ------------------------------------------------------------------------


def test_win_when_the_darach_reaches_zero_even_mid_combat() -> None:  # R27
    state = at_play()
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    put(state, "druid", 1, "ashpup")
    state.darach_hp = 1
    to_combat(state)
    rig_dice(state, 12)
    GAME.apply(state, AttackDarach())
    assert state.result == "won" and GAME.outcome(state).won
    assert GAME.legal_actions(state) == []


def test_loss_when_the_druid_falls() -> None:
    state = at_play()
    put(state, "darach", 0, "emberclaw")
    state.druid_hp = 1
    to_combat(state)
    assert state.result == "lost" and not GAME.outcome(state).won


def test_loss_at_the_end_of_step_ten() -> None:
    state = at_play()
    state.turn = 10
    GAME.apply(state, GAME.legal_actions(state)[-1])  # end the Play phase
    while state.result is None:
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.result == "lost" and "path ends" in state.result_reason


def test_loss_when_the_item_deck_is_spent_at_the_end_of_a_turn() -> None:  # R12
    state = at_play()
    state.item_discard.extend(state.item_deck[1:])
    del state.item_deck[1:]
    GAME.apply(state, GAME.legal_actions(state)[-1])
    while state.result is None and state.turn == 1:
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.result == "lost" and "item deck" in state.result_reason


# ----- expansion ----------------------------------------------------------------------


def test_shadow_draw_keeps_the_card_and_resolves_its_shadow() -> None:  # R17
    state = at_play()
    state.item_deck.append("cursed_skull")
    hp = state.druid_hp
    resolve_step(state, Step(shadow_draw=1))
    advance(state)
    assert "cursed_skull" in state.hand and state.druid_hp == hp - 2


def test_branching_path_asks_before_the_step_resolves() -> None:  # R22
    state = at_play(path="naarmut")
    state.turn = 2  # step 3 branches
    GAME.apply(state, GAME.legal_actions(state)[-1])
    while state.turn == 2:
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert isinstance(state.pending, PendingBranch)
    assert GAME.legal_actions(state) == [PickBranch(False), PickBranch(True)]
    GAME.apply(state, PickBranch(True))
    assert state.branch_taken == [3]
    assert sum(s is not None for s in state.encounter) == 3  # the alternative draws three


def test_spiral_swaps_rows_and_shadows_stay() -> None:  # R18
    state = at_play()
    put(state, "druid", 0, "pebblit", damage=1)
    put(state, "druid", 1, "sparkit")
    put(state, "darach", 0, "ashpup")
    spiral_swap(state)
    assert [b.card if b else None for b in state.druid_row] == ["ashpup", None, None]
    assert [b.card if b else None for b in state.darach_row] == ["pebblit", "sparkit", None]
    assert state.darach_row[0].damage == 1
    check_invariants(state)


def test_spiral_with_shadows_overflows_with_hp_transfer() -> None:  # R18
    state = at_play()
    for lane, card in enumerate(("pebblit", "sparkit", "ashpup")):
        put(state, "druid", lane, card)
    put(state, "darach", 2, "gloomfang")
    state.darach_hp -= 5
    hp = state.darach_hp
    spiral_swap(state)
    assert [b.card if b else None for b in state.darach_row] == ["gloomfang", "pebblit", "sparkit"]
    assert "ashpup" in state.beast_discard
    assert state.darach_hp == hp + C.beasts["ashpup"].hp_transfer
    assert state.druid_row == [None, None, None]
    check_invariants(state)


def test_spiral_step_draws_first_and_skips_tame_abilities() -> None:  # R18, R25
    state = at_play()
    put(state, "darach", 0, "sparkit")  # light tame would hit a Darach beastborg
    resolve_step(state, Step(spiral=2))
    advance(state)
    assert state.druid_row[0].card == "sparkit" and state.pending is None
    assert sum(s is not None for s in state.encounter) >= 2


def test_emrys_has_three_spirit_tokens_shared_by_both_rows() -> None:  # R15
    state = at_play(druid="emrys")
    state.stamina = 5
    GAME.apply(state, DruidAbility())
    assert state.druid_row[0].card == "spirit"
    push_darach(state, Beast("spirit"))
    push_darach(state, Beast("spirit"))
    assert spirits_in_play(state) == 3
    state.druid_ability_used = False
    assert DruidAbility() not in GAME.legal_actions(state)
    wisp = state.robots.index("wisp_engine")
    assert UseRobot(wisp) not in GAME.legal_actions(state)
    from engine.druid_path.table import defeat

    defeat(state, "darach", 0)  # a defeated token returns to the pile
    assert DruidAbility() in GAME.legal_actions(state)
    check_invariants(state)



def test_spiral_keeps_lanes_when_shadows_are_out_of_the_way() -> None:  # R18
    state = at_play()
    put(state, "druid", 0, "pebblit")
    put(state, "druid", 2, "sparkit")
    put(state, "darach", 1, "gloomfang")
    spiral_swap(state)
    assert [b.card if b else None for b in state.darach_row] == ["pebblit", "gloomfang", "sparkit"]
    check_invariants(state)


def test_spiral_slides_shadows_left_when_a_lane_clashes() -> None:  # R18
    state = at_play()
    put(state, "druid", 1, "pebblit")
    put(state, "darach", 1, "gloomfang")
    spiral_swap(state)
    assert [b.card if b else None for b in state.darach_row] == ["gloomfang", "pebblit", None]


def test_a_hit_on_the_darach_goes_through_its_armor() -> None:  # R34
    state = at_play(darach="draeg")  # armor 1
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    hold(state)
    to_combat(state)
    rig_dice(state, 12)
    hp = state.darach_hp
    GAME.apply(state, AttackDarach())
    armor = C.darachs["draeg"].armor
    assert state.darach_hp == hp - (attack_of(state.druid_row[0]) - armor)


def test_stamina_stays_between_zero_and_five() -> None:  # R33
    from engine.druid_path.effects import apply_effect
    from engine.druid_path.model import Effect, EffectTask

    state = at_play()
    task = EffectTask([], "druid")
    apply_effect(state, task, Effect("gain_stamina", 9), [])
    assert state.stamina == 5
    apply_effect(state, task, Effect("gain_stamina", -9), [])
    assert state.stamina == 0
