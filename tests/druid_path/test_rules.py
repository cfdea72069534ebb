"""Setup, the Encounter, Play and Darach phases: one test per rule and ruling (R<n>)."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.druid_path.table import C
from engine.druid_path.model import (
    AcceptRoll, Activate, DrawItem, DruidAbility, EndPlay, PendingLane, PendingRoll,
    PendingTarget, PickLane, PickTarget, PlayItem, RollBoost, Slot, StaminaBoost, TakeGem,
    Tame, UsePotion, UseRobot, NextTurn,
)  # fmt: skip
from engine.druid_path.phases import advance
from tests.druid_path.helpers import (
    GAME, at_play, check_invariants, give, new, put, rig_dice, take_beast,
)  # fmt: skip


def encounter_card(state, lane: int, card: str) -> None:
    take_beast(state, card)
    state.encounter[lane] = Slot(card)


# ----- setup and the contract ---------------------------------------------------------


def test_setup_follows_the_rulebook() -> None:
    state = new(7)
    assert (state.druid, state.darach, state.path) == ("belthar", "kaliran", "celthar")
    assert len(state.hand) == C.paths["celthar"].hand
    assert state.darach_hp == state.darach_hp_max == C.darachs["kaliran"].hp
    assert state.druid_hp == C.druids["belthar"].hp
    assert sorted(state.robots) == sorted(r.id for r in C.robots.values() if r.owner == "belthar")
    assert len(state.shadow_deck) == 6 and len(state.beast_deck) == 39
    assert state.turn == 1 and state.stamina == 3  # R2
    assert sum(s is not None for s in state.encounter) == C.paths["celthar"].steps[0].beasts
    check_invariants(state)


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        new(1, druid="nobody")
    with pytest.raises(ValueError):
        new(1, darach_bonus=-1)


def test_same_seed_same_actions_same_bytes() -> None:
    def play(seed):
        state = new(seed)
        for _ in range(40):
            acts = GAME.legal_actions(state)
            if not acts:
                break
            GAME.apply(state, acts[len(acts) // 2])
        return msgspec.json.encode(state)

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_illegal_action_leaves_state_untouched() -> None:
    state = at_play()
    state.stamina = 0
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction, match="stamina"):
        GAME.apply(state, TakeGem("red"))
    assert msgspec.json.encode(state) == before


def test_actions_round_trip_as_a_tagged_union() -> None:
    for action in GAME.legal_actions(new(3)):
        raw = msgspec.json.encode(action)
        assert b'"type"' in raw
        assert msgspec.json.decode(raw, type=GAME.Action) == action
        assert GAME.describe(action, new(3))


# ----- Encounter ----------------------------------------------------------------------


def test_stamina_gain_carries_over_to_a_maximum_of_five() -> None:
    state = at_play()
    state.stamina = 3
    GAME.apply(state, EndPlay())
    while state.turn == 1:
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.stamina == 5  # 3 + 3, capped


def test_step_draws_beastborgs_from_lane_one_and_items() -> None:
    state = at_play()
    hand = len(state.hand)
    GAME.apply(state, EndPlay())  # step 2 of Celthar: 2 beastborgs and an item
    GAME.apply(state, NextTurn())
    assert state.turn == 2
    assert [s is not None for s in state.encounter] == [True, True, False]
    assert len(state.hand) == hand + 1


def test_shadow_step_pushes_the_darach_row_right() -> None:
    state = at_play()
    put(state, "darach", 0, "sparkit")
    state.turn = 2  # the next step (3) has a shadow icon
    GAME.apply(state, EndPlay())
    GAME.apply(state, NextTurn())
    assert state.turn == 3
    assert state.darach_row[0] is not None and state.darach_row[0].card in C.shadows
    assert state.darach_row[1] is not None and state.darach_row[1].card in C.beasts


# ----- Play ---------------------------------------------------------------------------


def test_gems_cost_stamina_and_the_supply_is_finite() -> None:  # R1, R3
    state = at_play()
    state.stamina = 5
    for _ in range(3):
        GAME.apply(state, TakeGem("blue"))
    assert state.gems["blue"] == 3 and state.gem_supply["blue"] == 0 and state.stamina == 2
    assert TakeGem("blue") not in GAME.legal_actions(state)


def test_taming_needs_the_gem_cost_and_gems_stay() -> None:  # R4
    state = at_play()
    encounter_card(state, 0, "coraltron")
    state.gems = {"blue": 1, "green": 1}
    state.gem_supply.update(blue=2, green=2)
    assert Tame(0) not in GAME.legal_actions(state)
    GAME.apply(state, TakeGem("blue"))
    assert Tame(0) in GAME.legal_actions(state)
    rig_dice(state, 9)
    GAME.apply(state, Tame(0))
    assert isinstance(state.pending, PendingLane)
    assert state.gems == {"blue": 2, "green": 1} and state.stamina == 1
    GAME.apply(state, PickLane(2))
    assert state.druid_row[2] is not None and state.druid_row[2].card == "coraltron"
    check_invariants(state)


def test_uncoloured_cost_takes_any_spare_gems() -> None:  # R4
    state = at_play()
    encounter_card(state, 0, "prism_drake")  # 4 uncoloured
    state.gems = {"red": 2, "blue": 1}
    state.gem_supply.update(red=1, blue=2)
    assert Tame(0) not in GAME.legal_actions(state)
    state.gems["green"] = 1
    state.gem_supply["green"] = 2
    assert Tame(0) in GAME.legal_actions(state)


def test_the_rulebook_taming_example_with_cursed_skull() -> None:  # R21
    state = at_play()
    encounter_card(state, 0, "coraltron")
    state.gems = {"blue": 2, "green": 1}
    state.gem_supply.update(blue=1, green=2)
    state.item_discard.extend(state.hand)
    state.hand = []
    index = give(state, "cursed_skull")
    rig_dice(state, 5)
    GAME.apply(state, Tame(0))
    assert isinstance(state.pending, PendingRoll) and sum(state.pending.dice) == 5
    assert RollBoost(index) in GAME.legal_actions(state)
    GAME.apply(state, RollBoost(index))
    assert isinstance(state.pending, PendingLane)
    assert "cursed_skull" in state.item_discard


def test_a_failed_tame_cannot_be_tried_again() -> None:
    state = at_play()
    encounter_card(state, 0, "sparkit")
    state.gems = {"red": 1}
    state.gem_supply["red"] = 2
    state.item_discard.extend(state.hand)  # nothing to boost with
    state.hand = []
    rig_dice(state, 2)
    GAME.apply(state, Tame(0))
    if state.pending is not None:
        GAME.apply(state, AcceptRoll())
    assert state.encounter[0] is not None and state.encounter[0].tried
    assert Tame(0) not in GAME.legal_actions(state)


def test_placing_on_an_occupied_lane_replaces_without_defeated() -> None:  # R5
    state = at_play()
    put(state, "druid", 0, "flarebeetle")  # defeated: 2 damage to a Darach beastborg
    put(state, "darach", 0, "sparkit")
    state.pending = PendingLane(take_beast(state, "pebblit"))
    GAME.apply(state, PickLane(0))
    assert state.druid_row[0].card == "pebblit"
    assert "flarebeetle" in state.beast_discard
    assert state.darach_row[0].damage == 0


def test_tame_ability_resolves_with_a_target_choice() -> None:
    state = at_play()
    put(state, "darach", 0, "glassviper")
    put(state, "darach", 1, "ashpup")
    state.pending = PendingLane(take_beast(state, "sparkit"))  # tame: 1 damage to a Darach beast
    GAME.apply(state, PickLane(1))
    assert isinstance(state.pending, PendingTarget)
    GAME.apply(state, PickTarget("darach:1"))
    assert state.darach_row[1].damage == 1 and state.darach_row[0].damage == 0


def test_drawing_an_item_costs_one_stamina() -> None:
    state = at_play()
    hand, deck = len(state.hand), len(state.item_deck)
    GAME.apply(state, DrawItem())
    assert (len(state.hand), len(state.item_deck), state.stamina) == (hand + 1, deck - 1, 2)


def test_playing_an_item_pays_its_cost_and_resolves_the_light_side() -> None:
    state = at_play()
    put(state, "darach", 0, "glassviper")
    index = give(state, "scroll_of_embers")
    GAME.apply(state, PlayItem(index))
    assert state.stamina == 3 - C.items["scroll_of_embers"].cost
    assert state.darach_row[0] is None  # 3 damage defeats a 3 HP beast
    assert "scroll_of_embers" in state.item_discard


def test_potions_only_boost_rolls() -> None:
    state = at_play()
    index = give(state, "swiftroot_tonic")
    assert PlayItem(index) not in GAME.legal_actions(state)
    state.pending = PendingRoll("attack", 0, 12, [1, 1])
    put(state, "druid", 0, "sparkit")
    assert UsePotion(index) in GAME.legal_actions(state)


def test_stamina_boost_only_in_the_play_phase() -> None:  # R21
    state = at_play()
    state.stamina = 1
    index = give(state, "wisdom_leaf")
    GAME.apply(state, StaminaBoost(index))
    assert state.stamina == 1 + C.items["wisdom_leaf"].boost
    index = give(state, "feather_token")
    state.pending = PendingRoll("attack", 0, 12, [1, 1])
    acts = GAME.legal_actions(state)
    assert RollBoost(index) not in acts and StaminaBoost(index) not in acts


def test_activated_abilities_once_per_turn() -> None:
    state = at_play()
    put(state, "druid", 0, "ripplefin", damage=2)  # once per turn: remove 2 damage
    assert Activate(0) in GAME.legal_actions(state)
    GAME.apply(state, Activate(0))
    assert state.druid_row[0].damage == 0
    assert Activate(0) not in GAME.legal_actions(state)


def test_druid_ability_once_per_turn_for_stamina() -> None:
    state = at_play()
    put(state, "druid", 0, "sparkit")
    GAME.apply(state, DruidAbility())  # Belthar: +1 attack token on each of your beastborgs
    assert state.druid_row[0].attack_mod == 1 and state.stamina == 2
    assert DruidAbility() not in GAME.legal_actions(state)


def test_robots_spend_energy_once_per_turn() -> None:  # R7
    state = at_play()
    index = state.robots.index("tinker_owl")
    energy = state.robot_energy[index]
    GAME.apply(state, UseRobot(index))
    assert state.robot_energy[index] == energy - 1 and state.stamina == 3
    assert UseRobot(index) not in GAME.legal_actions(state)
    state.robots_used[index] = False
    state.robot_energy[index] = 0
    assert UseRobot(index) not in GAME.legal_actions(state)


# ----- Darach phase -------------------------------------------------------------------


def darach_phase(state) -> None:
    state.phase, state.stage = "darach", "start"
    state.queue.clear()
    while state.phase == "darach" and state.pending is None:
        advance(state)
        if state.phase != "darach":
            break


def test_darach_shifts_left_and_tames_the_encounter_row_in_order() -> None:  # R13
    state = at_play()
    put(state, "darach", 2, "ashpup")
    encounter_card(state, 0, "pebblit")
    encounter_card(state, 1, "dustmole")
    state.item_deck.append("stone_idol")  # a harmless draw: a relic for the strongest
    GAME.apply(state, EndPlay())
    names = [b.card if b else None for b in state.darach_row]
    assert names == ["pebblit", "dustmole", "ashpup"]


def test_full_darach_row_drops_the_rightmost_with_hp_transfer() -> None:  # R8
    state = at_play()
    for lane, card in enumerate(("sparkit", "ashpup", "terravore")):
        put(state, "darach", lane, card)
    encounter_card(state, 0, "pebblit")
    state.darach_hp = state.darach_hp_max - 5
    state.item_deck.append("stone_idol")
    GAME.apply(state, EndPlay())
    assert "terravore" in state.beast_discard
    transfer = C.beasts["terravore"].hp_transfer
    assert state.darach_hp >= state.darach_hp_max - 5 + transfer - 10  # combat may follow
    state2 = at_play()
    for lane, card in enumerate(("sparkit", "ashpup", "terravore")):
        put(state2, "darach", lane, card)
    from engine.druid_path.table import push_darach
    from engine.druid_path.model import Beast

    push_darach(state2, Beast(take_beast(state2, "pebblit")))
    assert state2.darach_hp == state2.darach_hp_max  # R8: never above the track
    state2.darach_hp -= 5
    push_darach(state2, Beast(take_beast(state2, "dustmole")))
    assert state2.darach_hp == state2.darach_hp_max - 5 + C.beasts["ashpup"].hp_transfer


def test_shadow_tame_abilities_resolve_after_the_darach_tames() -> None:
    state = at_play()
    encounter_card(state, 0, "kilnback")  # shadow tame: the Druid loses 1 HP
    state.item_deck.append("stone_idol")
    hp = state.druid_hp
    darach_phase(state)
    assert state.druid_hp <= hp - 1


def test_darach_draw_resolves_the_shadow_side_and_discards() -> None:
    state = at_play()
    state.item_deck.append("cursed_skull")  # shadow: the Druid loses 2 HP
    hp = state.druid_hp
    darach_phase(state)
    assert state.druid_hp == hp - 2 and state.item_discard[-1] == "cursed_skull"


def test_darach_stamina_counter_fires_its_ability() -> None:  # R9
    state = at_play()
    put(state, "darach", 0, "sparkit")
    state.darach_charge = C.darachs["kaliran"].stamina - 1
    state.item_deck.append("stone_idol")
    darach_phase(state)
    assert state.darach_charge == 0
    assert state.darach_row[0].attack_mod == 1


def test_darach_beasts_use_activated_abilities_each_darach_phase() -> None:  # R19
    state = at_play()
    put(state, "darach", 0, "rootling", damage=2)  # shadow activated: remove 1 damage from itself
    state.item_deck.append("wisdom_leaf")
    darach_phase(state)
    assert state.darach_row[0].damage == 1


def test_the_darach_picks_the_strongest_druid_beast() -> None:  # R10
    state = at_play()
    put(state, "druid", 0, "pebblit")
    put(state, "druid", 1, "emberclaw")
    state.item_deck.append("scroll_of_embers")  # shadow: 2 damage to the strongest
    darach_phase(state)
    assert state.druid_row[0].damage == 0
    assert state.druid_row[1] is None or state.druid_row[1].damage == 2


def test_empty_beast_deck_reshuffles_its_discard() -> None:  # R11
    state = at_play()
    state.beast_discard.extend(state.beast_deck)
    state.beast_deck.clear()
    from engine.druid_path.table import next_beast

    assert next_beast(state) is not None and state.beast_deck and not state.beast_discard
    assert "The beastborg deck is empty: its discard is shuffled" in GAME.log_lines(state)[-1]


def test_events_report_the_new_log_lines_even_when_the_log_is_full() -> None:
    state = at_play()
    state.log = [f"old {i}" for i in range(40)]
    events = GAME.apply(state, TakeGem("red"))
    assert events == [state.log[-1]] and "red gem" in GAME.log_text(events[0])
    assert len(state.log) == 40


def test_nothing_to_aim_at_is_not_offered() -> None:  # R32
    state = at_play()
    index = give(state, "scroll_of_embers")  # 3 damage to a Darach beastborg
    cog = state.robots.index("cogwarden")
    acts = GAME.legal_actions(state)
    assert PlayItem(index) not in acts and DruidAbility() not in acts and UseRobot(cog) not in acts
    put(state, "darach", 1, "sparkit")
    put(state, "druid", 0, "pebblit")
    acts = GAME.legal_actions(state)
    assert PlayItem(index) in acts and DruidAbility() in acts and UseRobot(cog) in acts


def test_nothing_to_mend_is_not_offered() -> None:  # R32
    state = at_play(druid="seren")  # Seren: mend a beastborg and the Druid
    state.robots, state.robot_energy, state.robots_used = ["brassroot"], [2], [False]  # mends a beast
    moss, philter = give(state, "healing_moss"), give(state, "dewdrop_philter")  # heal; +1 stamina
    put(state, "druid", 0, "sparkit")
    state.stamina = 5
    acts = GAME.legal_actions(state)
    assert PlayItem(moss) not in acts and UseRobot(0) not in acts and DruidAbility() not in acts
    assert StaminaBoost(philter) not in acts  # full stamina: the card would be lost for nothing
    state.druid_row[0].damage = 1
    acts = GAME.legal_actions(state)
    assert UseRobot(0) in acts and DruidAbility() in acts and PlayItem(moss) not in acts
    state.druid_hp -= 1
    state.stamina = 4
    acts = GAME.legal_actions(state)
    assert PlayItem(moss) in acts and StaminaBoost(philter) in acts


def test_registered_and_every_label_and_message_is_readable() -> None:
    from engine.core.rng import Rng
    from engine.registry import GAMES

    game = GAMES["druid-path"]
    assert game.id == "druid-path" and game.title == "Druid Path"
    state = game.new_game(21, druid="emrys", path="naarmut")
    rng = Rng.from_seed(21)
    probes = [TakeGem("red"), Tame(2), DrawItem(), PlayItem(30), EndPlay(), AcceptRoll(), PickLane(0)]
    while game.outcome(state) is None:
        acts = game.legal_actions(state)
        for action in acts:
            assert game.describe(action, state) and game.describe(action)
        for probe in probes:
            if probe not in acts:
                before = msgspec.json.encode(state)
                with pytest.raises(IllegalAction) as err:
                    game.apply(state, probe)
                assert str(err.value) and msgspec.json.encode(state) == before
        assert "Emrys" in game.summary(state)
        game.apply(state, rng.choice(acts))
    assert game.summary(state).endswith(("won", "lost"))
    assert game.outcome(state).summary


def test_a_gem_taken_goes_under_the_item_deck_into_the_collection() -> None:  # R1
    # druid-path.txt, Play Phase: "Take 1 gemstone of your choice from the components and place
    # it on the bottom of the item deck. This gemstone becomes part of your gemstone collection
    # and won't be removed when you tame a beastborg."
    state = at_play()
    deck = list(state.item_deck)
    before = state.logged
    GAME.apply(state, TakeGem("red"))
    told = GAME.log_lines(state)[-(state.logged - before):]
    assert told == ["Collected a red gem, under the item deck (2 stamina left)."]
    assert state.gems["red"] == 1 and state.item_deck == deck  # under the deck: no card moves
    GAME.apply(state, DrawItem())
    assert state.hand[-1] == deck[-1]  # the top card is still the next one drawn
