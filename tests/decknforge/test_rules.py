"""One test per rule of the rulebook (rulings have their own file)."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.decknforge.effects import equipped_total, strength
from engine.decknforge.legacy import fresh_deck
from engine.decknforge.model import (
    Action,
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Hire,
    State,
)
from engine.registry import GAMES
from tests.decknforge.helpers import (
    GAME,
    check_invariants,
    finish_round,
    new,
    put_in_hand,
    rig_monster,
    set_slots,
)


def test_registered_and_default_game_works():
    game = GAMES["decknforge"]
    state = game.new_game(seed=42)
    assert len(state.players) == 2 and game.outcome(state) is None
    assert msgspec.json.decode(msgspec.json.encode(Hire(1, 2)), type=Action) == Hire(1, 2)


def test_setup_splits_every_deck_the_same_way():
    state = new(3, players=4)
    check_invariants(state)
    assert len(state.monster_pile) == 6 * 4  # aces and jokers of every deck, one pile
    assert {c.owner for c in state.monster_pile} == {0, 1, 2, 3}  # initialled: owner kept
    for p in state.players:
        assert len(p.slots) == 3 and all(s.adventurer.code[0] in "JQK" for s in p.slots)
        assert len(p.adventurer_deck) == 9
        assert len(p.hand) == 7 and all(c.code[0].isdigit() for c in p.hand)
        assert len(p.equipment_deck) == 29


def test_options_are_validated():
    with pytest.raises(ValueError):
        GAME.new_game(1, players=5)
    with pytest.raises(ValueError):
        GAME.new_game(1, colour="red")


def test_strength_is_25_per_player_plus_monsters():
    state = new(1, players=3)
    assert strength(state) == 25 * 3 + 18  # 18 Monsters at Level 1, no modifiers


def test_every_player_acts_in_the_same_turn_and_three_actions_finish_it():
    state = new(1)
    assert GAME.to_move(state) == (0, 1)
    GAME.apply(state, Equip(1, 0, 0))  # any order: seat 2 first
    for _ in range(3):
        GAME.apply(state, Equip(0, 0, 0))
    assert GAME.to_move(state) == (1,) and state.players[1].actions_left == 2
    assert not any(a.seat == 0 for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="finished"):
        GAME.apply(state, EndTurn(0))


def test_draw_needs_room_in_hand():
    state = new(1)
    assert DrawEquipment(0) not in GAME.legal_actions(state)  # 7 cards: full
    with pytest.raises(IllegalAction, match="full"):
        GAME.apply(state, DrawEquipment(0))
    GAME.apply(state, Equip(0, 0, 0))
    GAME.apply(state, DrawAdventurer(0))
    assert state.players[0].hand[-1].code[0] in "JQK"


def test_hire_needs_an_empty_slot():
    state = new(1)
    index = put_in_hand(state, 0, "JS")
    assert Hire(0, index) not in GAME.legal_actions(state)
    set_slots(state, 0, [("QH", [])])
    index = next(i for i, c in enumerate(state.players[0].hand) if c.code == "JS")
    GAME.apply(state, Hire(0, index))
    assert [s.adventurer.code for s in state.players[0].slots] == ["QH", "JS"]


def test_equip_puts_face_value_on_an_adventurer():
    state = new(1)
    card = state.players[0].hand[0]
    GAME.apply(state, Equip(0, 0, 1))
    assert state.players[0].slots[1].gear == [card]
    assert equipped_total(state) == int(card.code[:-1])


def test_cast_needs_an_equipment_word_and_the_card_burns():
    state = new(1)
    assert not any(isinstance(a, Cast) for a in GAME.legal_actions(state))
    index = put_in_hand(state, 0, "5S", word="KINDLE")
    GAME.apply(state, Equip(0, 0, 0))  # make room: KINDLE draws two
    index -= 1
    GAME.apply(state, Cast(0, index))
    player = state.players[0]
    assert player.cast == [] and len(player.hand) == 7  # spoken at once, and burnt (R9)
    assert player.discard[-1].code == "5S"
    words = GAME.log_lines(state)
    assert words.index("P1 casts 5♠ for KINDLE.") < len(words) - 1  # cause, then effect


def test_monster_discards_its_suit_with_gear():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"]), ("KH", ["9H"])])
    set_slots(state, 1, [("JS", []), ("QD", ["3D"])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert [s.adventurer.code for s in state.players[0].slots] == ["KH"]
    assert [s.adventurer.code for s in state.players[1].slots] == ["QD"]
    assert {"QS", "2S"} <= {c.code for c in state.players[0].discard}


def test_retaliation_slays_when_hit_gear_beats_the_attack():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"]), ("KH", [])])
    set_slots(state, 1, [("KD", [])])
    before = strength(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.last_attack[0].result == "slain" and state.slain[-1].code == "AS"
    assert strength(state) == before - 1  # R1: a slain Monster leaves the Strength


def test_retaliation_must_be_greater_than_the_attack():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"]), ("KH", [])])
    set_slots(state, 1, [("KD", [])])
    rig_monster(state, "AS", owner=1, mod=1)  # attack 1 + 1 = 2: a tie is not enough
    finish_round(state)
    assert state.last_attack[0].result == "survives" and state.lair[-1].code == "AS"


def test_placed_joker_wipes_every_players_equipment():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S", "3S"])])
    set_slots(state, 1, [("KD", ["9D"])])
    rig_monster(state, "X1", mod=14)  # attack 15: the 14 stripped does not slay it (R4)
    finish_round(state)
    assert equipped_total(state) == 0
    assert state.rows[0][0].code == "X1"


def test_joker_with_no_room_escalates_without_wiping_and_adds_a_draw():
    state = new(1)
    state.rows = [[state.monster_pile.pop(), state.monster_pile.pop()]]  # row 1 full
    while any(c.code[0] == "X" for c in state.monster_pile):
        first = next(i for i, c in enumerate(state.monster_pile) if c.code[0] == "X")
        state.lair.append(state.monster_pile.pop(first))
    set_slots(state, 0, [("QH", ["9H"])])
    set_slots(state, 1, [("KH", ["8H"])])
    rig_monster(state, "X1", owner=0)
    state.lair = [c for c in state.lair if not (c.owner == 0 and c.code == "X1")]
    check_invariants(state)
    finish_round(state)
    assert state.escalations[-1].code == "X1" and len(state.rows) == 2
    assert equipped_total(state) == 17
    rig_monster(state, "AC", owner=1)  # two Monsters that hit nobody
    rig_monster(state, "AD", owner=1)
    pile = len(state.monster_pile)
    finish_round(state)
    assert len(state.monster_pile) == pile - 2  # one extra Monster per escalation


def test_clear_is_checked_after_the_attack_only():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S", "10H", "10D", "10C", "9S", "9H"]), ("KD", [])])
    set_slots(state, 1, [("KH", ["9D", "9C", "8S", "8H"])])
    assert equipped_total(state) > strength(state)
    assert GAME.outcome(state) is None  # not before the attack
    rig_monster(state, "AS", owner=1)  # takes QS and its 58 points with it
    finish_round(state)
    assert GAME.outcome(state) is None and state.round == 2


def test_clear_after_the_attack_wins():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S", "10H", "10D", "10C", "9S", "9H"]), ("KD", [])])
    set_slots(state, 1, [("KH", ["9D", "9C", "8S", "8H"])])
    rig_monster(state, "AC", owner=1)
    finish_round(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.won and state.result == "clear"
    check_invariants(state)


def test_empty_pile_with_dungeon_standing_is_a_fall():
    state = new(1)
    keep = rig_monster(state, "X1")
    state.lair += [c for c in state.monster_pile if c != keep]
    state.monster_pile = [keep]
    finish_round(state)
    assert state.result == "fall" and state.phase == "scar"


def test_illegal_action_leaves_state_untouched():
    state = new(1)
    before = msgspec.json.encode(state)
    for action in (Equip(0, 0, 5), Hire(0, 0), Cast(0, 0), Equip(0, 9, 0), DrawEquipment(0),
                   EndTurn(2), EndTurn(-1), DrawAdventurer(0), DrawAdventurer(0, 9), Equip(1, 9, 9)):
        with pytest.raises(IllegalAction):
            GAME.apply(state, action)
    assert msgspec.json.encode(state) == before


def test_same_seed_same_actions_same_bytes():
    def run() -> bytes:
        state = new(7, players=3)
        for i in range(40):
            actions = GAME.legal_actions(state)
            if not actions:
                break
            GAME.apply(state, actions[(i * 7) % len(actions)])
        return msgspec.json.encode(state)

    assert run() == run()


def test_decks_are_brought_and_not_changed_by_setup():
    decks = [fresh_deck("AB"), fresh_deck("CD"), fresh_deck("EF")]
    before = msgspec.json.encode(decks)
    state = GAME.new_game(2, decks=decks)
    assert [p.initials for p in state.players] == ["AB", "CD", "EF"]
    assert msgspec.json.encode(decks) == before


def test_texts_for_the_screen():
    state = new(1)
    assert GAME.describe(Equip(0, 0, 0), state).startswith("Equip ")
    assert GAME.describe(EndTurn(1)) == "End turn"
    assert "round 1" in GAME.summary(state)
    over = msgspec.structs.replace(state, phase="over", result="fall", round=9)
    assert GAME.summary(over).endswith(": the band fell: the Monster pile ran out in round 9")  # a name keeps its capital
    assert GAME.why_illegal(state, Hire(0, 0)) == "Only an Adventurer can be hired."
    assert GAME.seats(state) == ["P1", "P2"]
    assert state.log and len(state.log) <= 40
    assert isinstance(msgspec.json.decode(msgspec.json.encode(state), type=State), State)
