"""Each op of the effect vocabulary, tested once for what it does."""

from __future__ import annotations

from engine.decknforge.effects import HANDLERS, Attack, equipped_total, strength
from engine.decknforge.lexicon import Effect
from engine.decknforge.model import Card
from tests.decknforge.helpers import check_invariants, new, set_slots


def run(state, op, amount=0, suit="", owner=0, attack=None, adventurer=None):
    HANDLERS[op](state, Effect(op, amount, suit), owner, attack, adventurer)
    check_invariants(state)


def ace(owner=1, code="AS"):
    return Attack(Card(owner, code))


def test_attack_numbers():
    state = new(1)
    attack = ace()
    for op, amount in (("retaliate", 3), ("weaken", 2), ("empower", 4), ("reinforce", 1)):
        run(state, op, amount, attack=attack)
    assert (attack.retaliate, attack.weaken, attack.empower, attack.extra) == (3, 2, 4, 1)


def test_also_suit_adds_a_suit():
    attack = ace()
    run(new(1), "also_suit", suit="D", attack=attack)
    assert attack.suits == {"S", "D"}


def test_ward_marks_its_adventurer():
    state = new(1)
    set_slots(state, 0, [("QS", ["5S"]), ("KH", [])])
    attack = ace()
    run(state, "ward", attack=attack, adventurer=Card(0, "KH"))
    assert attack.ward == {(0, "KH")}


def test_draws_respect_the_hand_limit():
    state = new(1)
    player = state.players[0]
    player.discard += player.hand[:2]
    del player.hand[:2]
    run(state, "draw_equipment", 3)
    assert len(player.hand) == 7
    player.discard.append(player.hand.pop())
    run(state, "draw_adventurer", 2)
    assert len(player.hand) == 7 and player.hand[-1].code[0] in "JQK"


def test_actions_in_turn_and_banked():
    state = new(1)
    run(state, "actions", 2)
    assert state.players[0].actions_left == 5
    run(state, "actions", 1, owner=1, attack=ace())  # in an attack: for the next turn
    assert state.players[1].extra_actions == 1 and state.players[1].actions_left == 3


def test_sap_and_fortify_move_the_strength():
    state = new(1)
    base = strength(state)
    run(state, "fortify", 6)
    run(state, "sap", 2)
    assert strength(state) == base + 4


def test_strip_hand_smash_and_burn_deck_hit_every_player():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S", "2S"])])
    set_slots(state, 1, [("KH", ["9H"])])
    hands = [len(p.hand) for p in state.players]
    decks = [len(p.equipment_deck) for p in state.players]
    run(state, "strip_hand", 2)
    run(state, "smash", 2)
    run(state, "burn_deck", 3)
    assert [len(p.hand) for p in state.players] == [h - 2 for h in hands]
    assert [len(p.equipment_deck) for p in state.players] == [d - 3 for d in decks]
    assert equipped_total(state) == 2  # the 10 and the 9 went


def test_arm_puts_the_top_equipment_on_the_named_or_lightest_adventurer():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S"]), ("KH", ["2H"])])
    player = state.players[0]
    top = player.equipment_deck[-1]
    run(state, "arm", 1)  # no Adventurer named: the one carrying least
    assert player.slots[1].gear[-1] == top
    top = player.equipment_deck[-1]
    run(state, "arm", 1, adventurer=player.slots[0].adventurer)
    assert player.slots[0].gear[-1] == top


def test_recruit_hires_the_top_adventurer():
    state = new(1)
    set_slots(state, 0, [("QS", [])])
    player = state.players[0]
    top = player.adventurer_deck[-1]
    run(state, "recruit")
    assert player.slots[-1].adventurer == top and len(player.slots) == 2


def test_every_op_is_tested_here():
    source = open(__file__).read()
    assert all(f'"{op}"' in source for op in HANDLERS)
