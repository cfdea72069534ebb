"""One test per ruling in engine/decknforge/RULINGS.md (named test_r<n>_...)."""

from __future__ import annotations

import pytest

from engine.decknforge.effects import equipped_total, strength
from engine.decknforge.legacy import fresh_deck
from engine.decknforge.lexicon import Effect, Trigger, coin
from engine.decknforge.model import Cast, DrawEquipment, EndTurn, Equip, Hire, InscribeScar
from tests.decknforge.helpers import (
    GAME,
    check_invariants,
    finish_round,
    new,
    put_in_hand,
    rig_monster,
    set_slots,
    take,
)


def _quiet(state, seat=1):
    """Give a seat one Adventurer of clubs so it is never driven out by the rigged Monsters."""
    set_slots(state, seat, [("KC", [])])


def test_r1_surviving_monsters_stay_in_the_strength_slain_ones_leave():
    state = new(1)
    before = strength(state)
    set_slots(state, 0, [("QH", [])])
    _quiet(state)
    rig_monster(state, "AS", owner=0, mod=4)
    finish_round(state)
    assert state.lair[-1].code == "AS" and strength(state) == before + 4
    set_slots(state, 0, [("QH", ["10H"]), ("QS", [])])
    rig_monster(state, "AH", owner=1)
    finish_round(state)
    assert strength(state) == before + 4 - 1


def test_r2_new_deck_monsters_hit_for_level_1():
    deck = fresh_deck("ZZ")
    assert deck.level == 1
    state = GAME.new_game(1, decks=[deck, fresh_deck("YY")])
    set_slots(state, 0, [("QS", ["2S"])])
    _quiet(state)
    rig_monster(state, "AS", owner=0)
    finish_round(state)
    assert state.last_attack[0].attack == 1 and state.last_attack[0].result == "slain"


def test_r3_the_three_face_up_adventurers_start_hired():
    state = new(5)
    assert all(len(p.slots) == 3 and not p.slots[0].gear for p in state.players)


def test_r4_a_joker_hits_nobody_and_is_never_slain():
    state = new(1)
    set_slots(state, 0, [("QS", ["9S"]), ("QH", []), ("QD", []), ])
    before = strength(state)
    rig_monster(state, "X2", owner=1)
    finish_round(state)
    assert len(state.players[0].slots) == 3 and state.rows[0][-1].code == "X2"
    assert strength(state) == before and not state.slain


def test_r5_players_take_turns_in_seat_order():
    state = new(1, players=3)
    seen = []
    while state.round == 1:
        seen.append(state.turn)
        GAME.apply(state, EndTurn())
    assert seen == [0, 1, 2]


def test_r6_and_r7_escalated_attack_resolves_monsters_in_draw_order():
    state = new(1)
    state.rows = [[take(state, 0, "X1"), take(state, 0, "X2")]]
    rig_monster(state, "X1", owner=1)
    set_slots(state, 0, [("QH", ["5H"])])
    _quiet(state)
    finish_round(state)
    assert state.escalations[0].code == "X1" and state.rows[-1] == []  # beside the rows
    rig_monster(state, "AD", owner=0)
    rig_monster(state, "AS", owner=0)
    finish_round(state)
    assert [s.monster for s in state.last_attack] == ["A♠/P1", "A♦/P1"]


def test_r8_hands_refill_with_equipment_at_ready():
    state = new(1)
    GAME.apply(state, Equip(0, 0))
    GAME.apply(state, Equip(0, 0))
    GAME.apply(state, Equip(0, 0))
    GAME.apply(state, EndTurn())
    rig_monster(state, "X1", owner=1)
    finish_round(state)
    hand = state.players[0].hand
    assert len(hand) == 7 and all(c.code[0].isdigit() for c in hand)


def test_r9_a_cast_word_lasts_through_the_rounds_attack():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"]), ("KH", [])])
    _quiet(state)
    index = put_in_hand(state, 0, "3D", word="WHETSTONE")
    GAME.apply(state, Cast(index))
    rig_monster(state, "AS", owner=1, mod=3)  # attack 4; gear 2 + 3 beats it
    finish_round(state)
    assert state.last_attack[0].retaliation == 5 and state.last_attack[0].result == "slain"


def test_r10_hit_words_resolve_before_the_discard():
    state = new(1)
    set_slots(state, 0, [("QH", ["4H"])], word="TIDESTEP")
    _quiet(state)
    rig_monster(state, "AH", owner=1)
    finish_round(state)
    assert [s.adventurer.code for s in state.players[0].slots] == ["QH"]


def test_r11_no_hit_no_retaliation():
    state = new(1)
    set_slots(state, 0, [("QH", ["10H"])])
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.last_attack[0].result == "survives" and state.last_attack[0].retaliation == 0


def test_r12_a_clear_beats_a_player_driven_out_on_the_same_attack():
    state = new(1)
    set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D", "9C"])])
    set_slots(state, 1, [("QS", [])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert not state.players[1].slots or state.result == "clear"
    assert state.result == "clear"


def test_r13_equipped_cards_words_sleep():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"])])
    _quiet(state)
    index = put_in_hand(state, 0, "3D", word="WHETSTONE")
    GAME.apply(state, Equip(index, 0))
    rig_monster(state, "AS", owner=1, mod=5)  # attack 6; gear 5, no +3 from the word
    finish_round(state)
    assert state.last_attack[0].retaliation == 5 and state.last_attack[0].result == "survives"


def test_r14_draw_takes_one_card():
    state = new(1)
    GAME.apply(state, Equip(0, 0))
    GAME.apply(state, DrawEquipment())
    assert len(state.players[0].hand) == 7 and state.actions_left == 1


def test_r15_driven_out_with_an_adventurer_only_in_hand():
    state = new(1)
    set_slots(state, 0, [("QS", [])])
    put_in_hand(state, 0, "KH")
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.result == "driven_out" and state.phase == "scar"


def test_r16_words_never_push_strength_below_25_per_player():
    state = new(1)
    state.strength_adjust = -500
    assert strength(state) == 50


def test_r17_end_turn_is_always_legal():
    state = new(1)
    for _ in range(30):
        if state.phase != "turn":
            break
        assert EndTurn() in GAME.legal_actions(state)
        GAME.apply(state, GAME.legal_actions(state)[0])


def test_r18_actions_won_outside_the_turn_are_banked_up_to_two():
    state = new(1)
    set_slots(state, 1, [("KC", [])], word="TRAILBLAZER")
    rig_monster(state, "X1", owner=1)
    finish_round(state)
    GAME.apply(state, EndTurn())
    assert state.turn == 1 and state.actions_left == 4
    state.players[0].extra_actions = 2
    from engine.decknforge.effects import HANDLERS

    HANDLERS["actions"](state, Effect("actions", 2), 0, None, None)
    assert state.players[0].extra_actions == 2


def test_r19_a_returning_monster_comes_back_once():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S"]), ("QD", ["10D"])])
    _quiet(state)
    rig_monster(state, "AS", owner=1, word="REVENANT")
    finish_round(state)
    assert state.monster_pile[0].code == "AS" and state.returned_once == ["1:AS"]
    card = state.monster_pile.pop(0)
    state.monster_pile.append(card)
    set_slots(state, 0, [("KS", ["9S"]), ("QD", ["10D"])])
    finish_round(state)
    assert state.slain[-1].code == "AS"


def test_r20_solo_is_two_decks_of_one_person():
    state = GAME.new_game(3, solo=True)
    assert [p.initials for p in state.players] == ["ME", "ME"] and strength(state) == 50 + 12
    with pytest.raises(ValueError, match="solo"):
        GAME.new_game(3, solo=True, decks=[fresh_deck("AB"), fresh_deck("CD")])


def test_r25_scar_words_include_own_pending_words_only():
    mine = coin("GLOOMTIDE", "monster", Trigger("attack"), [Effect("empower", 1)], author="P1")
    theirs = coin("SLOWROT", "monster", Trigger("attack"), [Effect("burn_deck", 1)], author="P2")
    state = GAME.new_game(1, coined=[mine, theirs])
    rig_monster(state, "X1")
    state.lair += state.monster_pile[:-1]
    state.monster_pile = state.monster_pile[-1:]
    finish_round(state)
    assert state.phase == "scar" and state.scar_turn == 0
    names = {a.word for a in GAME.legal_actions(state)}
    assert "GLOOMTIDE" in names and "SLOWROT" not in names
    GAME.apply(state, InscribeScar("GLOOMTIDE"))
    assert state.scar_turn == 1
    late = coin("LATECOMER", "monster", Trigger("attack"), [Effect("empower", 1)], author="P2")
    GAME.add_coined(state, late)
    assert InscribeScar("LATECOMER") in GAME.legal_actions(state)
    GAME.apply(state, InscribeScar("LATECOMER"))
    assert state.phase == "over"
    assert state.result_decks[0].card(state.scars[0].monster).word == "GLOOMTIDE"
    check_invariants(state)


def test_r27_no_deck_changes_before_the_end():
    state = new(1)
    assert GAME.result_decks(state) == []
    assert state.result_decks == []


def test_r28_monster_word_fires_before_the_bands_words():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"])], word="WARDANCER")
    _quiet(state)
    rig_monster(state, "AS", owner=1, word="GNASH")
    finish_round(state)
    gnash = next(i for i, line in enumerate(state.log) if "GNASH" in line)
    dancer = next(i for i, line in enumerate(state.log) if "WARDANCER" in line)
    assert gnash < dancer


def test_r29_suit_triggers_look_at_the_monsters_own_suit():
    state = new(1)
    set_slots(state, 0, [("QD", ["2D"])], word="EMBERGUARD")
    _quiet(state)
    rig_monster(state, "AS", owner=1, word="CINDERJAW")
    finish_round(state)
    assert not any("EMBERGUARD" in line for line in state.log)
    assert state.last_attack[0].hit == ["Q♦/P1"]


def test_r30_kept_gear_without_room_is_discarded():
    state = new(1)
    set_slots(state, 0, [("QC", ["9C", "8C"]), ("KH", [])], word="IRONROOT")
    set_slots(state, 1, [("KD", [])])
    rig_monster(state, "AC", owner=1)
    player = state.players[0]
    player.discard += player.hand[:3]
    del player.hand[:3]
    finish_round(state)
    assert {"9C", "8C"} <= {c.code for c in player.hand}
    state2 = new(1)
    set_slots(state2, 0, [("QC", ["9C", "8C"]), ("KH", [])], word="IRONROOT")
    set_slots(state2, 1, [("KD", [])])
    rig_monster(state2, "AC", owner=1)
    assert len(state2.players[0].hand) == 7
    finish_round(state2)
    assert {"9C", "8C"} <= {c.code for c in state2.players[0].discard}


def test_r31_an_unknown_word_on_a_deck_is_refused():
    deck = fresh_deck("AB")
    deck.card("AS").word = "NOSUCHWORD"
    with pytest.raises(ValueError, match="NOSUCHWORD"):
        GAME.new_game(1, decks=[deck, fresh_deck("CD")])


def test_r26_and_r32_cards_go_home_and_score_is_the_round():
    state = new(1)
    set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D"])])
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert GAME.outcome(state).score == 1 and GAME.outcome(state).won
    assert equipped_total(state) == 0  # cards went home: R26
    check_invariants(state)


def test_hire_fires_a_hired_word():
    state = new(1)
    set_slots(state, 0, [("QD", [])])
    index = put_in_hand(state, 0, "JS", word="QUICKHAND")
    GAME.apply(state, Hire(index))
    assert state.actions_left == 3  # spent one, won one


def test_r23_a_deck_with_no_blank_monster_skips_its_pick():
    veteran = fresh_deck("AB")
    for card in veteran.cards:
        if card.code[0] in "AX":
            card.word, card.modifier = "GNASH", 3
    state = GAME.new_game(1, decks=[veteran, fresh_deck("CD")])
    top = rig_monster(state, "X1", owner=1)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    finish_round(state)
    assert state.scars[0].monster == "" and state.scar_turn == 1
    assert GAME.describe(GAME.legal_actions(state)[0], state).startswith("Inscribe ")
    GAME.apply(state, GAME.legal_actions(state)[0])
    decks = GAME.result_decks(state)
    assert decks[0].scars[-1].equipment and decks[0].xp == 10


def test_r33_a_hit_adventurer_does_not_hear_the_slaying():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S"]), ("KD", [])], word="OATHKEEPER")
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.last_attack[0].result == "slain"
    assert not any("OATHKEEPER" in line for line in state.log)


def test_decks_and_players_must_agree():
    with pytest.raises(ValueError, match="decks"):
        GAME.new_game(1, players=3, decks=[fresh_deck("AB"), fresh_deck("CD")])


def test_r34_gentle_dungeon_counts_only_monsters_out_of_the_pile():
    state = GAME.new_game(1, gentle=True)
    assert strength(state) == 50
    set_slots(state, 0, [("QH", [])])
    _quiet(state)
    rig_monster(state, "AS", owner=0, mod=4)
    finish_round(state)
    assert strength(state) == 50 + 5
    assert strength(new(1)) == 62


def test_r35_a_save_carries_its_decks_and_words_as_plain_data():
    import msgspec

    from engine.decknforge.bots import RandomPlayer

    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks[0].id, decks[1].id = "ab-1", "cd-1"
    word = coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 2)], "AB")
    options = GAME.check_options({"decks": decks, "coined": [word]})
    assert options["players"] == 2 and isinstance(options["decks"][0], dict)
    stored = msgspec.json.decode(msgspec.json.encode(options))  # as a save holds them
    state = GAME.new_game(8, **options)
    again = GAME.new_game(8, **stored)
    bot = RandomPlayer(3)
    while GAME.outcome(state) is None:
        action = bot.choose(GAME, state)
        GAME.apply(state, action)
        GAME.apply(again, action)
    assert msgspec.json.encode(state) == msgspec.json.encode(again)
    assert [d.id for d in GAME.result_decks(state)] == ["ab-1", "cd-1"]  # each goes home
    with pytest.raises(ValueError, match="not readable"):
        GAME.check_options({"decks": [{"initials": 5}, {"initials": "CD"}]})
