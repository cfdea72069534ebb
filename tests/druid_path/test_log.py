"""What the Druid Path log tells, and in which order: the cases the table once left silent."""

from __future__ import annotations

import json

import msgspec

from engine.druid_path import table
from engine.druid_path.model import (
    AttackDarach, NextTurn, PendingBranch, PendingResponse, PendingTurnEnd, PickBranch, Slot, Tame,
)  # fmt: skip
from engine.druid_path.phases import advance, why_no_attack
from tests.druid_path.helpers import GAME, at_play, give, put, rig_dice
from tests.druid_path.test_combat import no_boosts, to_combat
from tests.druid_path.test_explained import facts
from tests.explain import explain_step


def new_words(state, before: int) -> list[str]:
    return [GAME.log_text(line) for line in state.log[before - state.logged :]] if state.logged > before else []


def test_a_shadow_attack_ability_names_its_source_before_the_blow_that_ends_the_game():
    state = at_play()
    put(state, "darach", 0, "scorchling_python")  # attack: the Druid loses 2 HP
    state.druid_hp = 2
    before = state.logged
    to_combat(state)
    words = new_words(state, before)
    assert words[:4] == [
        "Lane 1: Scorchling Python attacks for 4.",
        "Scorchling Python: Attack: the Druid loses 2 HP.",
        "Belthar loses 2 HP to Scorchling Python (♥0 left).",
        "Belthar has fallen.",
    ]
    assert state.druid_hp == 0 and state.result == "lost"  # never below 0


def test_the_darachs_defeat_is_told_after_the_hit_that_caused_it():
    state = at_play()
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    state.darach_hp = 1
    to_combat(state)
    rig_dice(state, 12)
    before = state.logged
    GAME.apply(state, AttackDarach())
    words = new_words(state, before)
    assert words[-2].startswith("Emberclaw hits Kaliran for ") and words[-2].endswith("(♥0 left).")
    assert words[-1] == "Kaliran is defeated!"
    assert state.darach_hp == 0


def test_draegs_riposte_is_told():  # R31
    state = at_play(darach="draeg")
    no_boosts(state)
    put(state, "druid", 0, "emberclaw")
    to_combat(state)
    rig_dice(state, 12)
    before = state.logged
    GAME.apply(state, AttackDarach())
    assert any(w.startswith("Draeg's riposte hits Emberclaw for 1") for w in new_words(state, before))


def test_an_item_discarded_at_random_is_named():
    state = at_play()
    give(state, "war_paint")
    state.queue.append(table.EffectTask(list(table.C.beasts["mirage_cat"].shadow.effects), "darach",
                                        label="Mirage Cat", says="Tame: the Druid discards a random item.",
                                        told=False))  # fmt: skip
    before = state.logged
    hand = list(state.hand)
    advance(state)
    gone = [item for item in hand if item not in state.hand]
    words = new_words(state, before)
    assert words[0] == "Mirage Cat: Tame: the Druid discards a random item."
    assert words[1] == f"Mirage Cat: {table.C.items[gone[0]].name} is discarded from your hand at random."


def test_a_ward_is_named_as_the_reason_no_attack_is_offered():  # R14
    state = at_play()
    put(state, "druid", 0, "emberclaw")
    put(state, "darach", 2, "veilcrawler")
    assert why_no_attack(state, 0) == "Veilcrawler wards the Darach"
    put(state, "darach", 0, "sparkit")
    to_combat(state)
    assert isinstance(state.pending, PendingResponse) and AttackDarach() not in GAME.legal_actions(state)


def test_a_taken_branch_is_logged():  # R22
    state = at_play(path="naarmut")
    while not isinstance(state.pending, PendingBranch):
        GAME.apply(state, GAME.legal_actions(state)[-1])  # end each turn as soon as it can
    step = table.C.paths["naarmut"].steps[state.turn - 1]
    before = state.logged
    GAME.apply(state, PickBranch(True))
    assert new_words(state, before)[0] == f"Step {state.turn} branches: you take the branching way ({step.alt.label()})."


def test_combat_ends_in_a_pause_that_holds_the_turns_lines():
    state = at_play()
    put(state, "darach", 0, "sparkit")
    start = state.logged
    GAME.apply(state, GAME.legal_actions(state)[-1])  # end the Play phase
    while not isinstance(state.pending, PendingTurnEnd):
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert GAME.legal_actions(state) == [NextTurn()]
    assert state.pending.since == start and state.turn == 1 and state.phase == "end"
    GAME.apply(state, NextTurn())
    assert state.turn == 2 and state.phase == "play"
    assert GAME.log_lines(state)[state.logged - 40 :][0]  # the log is intact


def test_every_line_of_a_tame_is_told_before_its_change():
    state = at_play()
    state.gems = {"green": 3, "red": 3, "blue": 3, "yellow": 3}
    for colour in state.gem_supply:
        state.gem_supply[colour] = 0
    state.encounter[0] = Slot(table.C.beasts["sparkit"].id)
    state.beast_deck.remove("sparkit")
    rig_dice(state, 12)
    assert explain_step(GAME, state, Tame(0), facts) == []


def test_saved_logs_are_data_not_text():
    raw = json.loads(msgspec.json.encode(at_play()))
    assert raw["log"][0] == ["start", ["Belthar", "Celthar Path", "Kaliran"]]
