"""One test per ruling in engine/decknforge/RULINGS.md (named test_r<n>_...)."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.decknforge.effects import equipped_total, strength
from engine.decknforge.legacy import fresh_deck
from engine.decknforge.lexicon import Effect, Trigger
from engine.decknforge.moderation import coin
from engine.core.errors import IllegalAction
from engine.decknforge.model import (
    Cast,
    DrawAdventurer,
    DrawEquipment,
    EndTurn,
    Equip,
    Hire,
    InscribeScar,
    UpgradeScar,
)
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


def test_r4_a_placed_jokers_stripped_gear_retaliates_and_slays_it():
    """Rulebook 7: every Monster drawn "strikes the whole band"; a placed joker's strike is that
    "every equipped piece of Equipment, on EVERY player's Adventurers, is discarded", and
    RETALIATION: "So the cards you just lost can still take the monster down with them"."""
    state = new(1)
    set_slots(state, 0, [("QS", ["9S"]), ("QH", []), ("QD", [])])
    set_slots(state, 1, [("KC", ["2C"])])
    rig_monster(state, "X2", owner=1, mod=9)  # attack 1 + 9 = 10: 9 + 2 = 11 beats it
    before = strength(state)
    finish_round(state)
    assert len(state.players[0].slots) == 3 and equipped_total(state) == 0  # no Adventurer goes
    strike = state.last_attack[0]
    assert strike.result == "slain" and strike.retaliation == 11 and strike.attack == 10
    assert state.slain[-1].code == "X2" and state.rows == [[]]  # discarded from its row...
    assert state.slain_places == [0]  # ...its place there still taken (the book's joker count)
    assert strength(state) == before - 10  # "adding nothing to Dungeon Strength"
    assert GAME.validate(state) == []


def test_r4_the_3rd_joker_escalates_even_when_the_first_two_were_slain():
    """Rulebook 7 Jokers: "So the 3rd joker escalates. The 4th and 5th wipe equipment in the
    new row. The 6th escalates again." A slain joker leaves the Strength, not its place."""
    state = new(1)
    _quiet(state)
    for code in ("X2", "X1"):
        set_slots(state, 0, [("QS", ["9S"])])
        rig_monster(state, code, owner=1)  # attack 1: the 9 it strips slays it
        finish_round(state)
        assert state.last_attack[0].result == "slain" and state.slain[-1].code == code
    assert state.rows == [[]] and state.slain_places == [0, 0] and not state.escalations
    set_slots(state, 0, [("QS", ["9S"])])
    rig_monster(state, "X1", owner=0)
    finish_round(state)
    assert state.last_attack[0].result == "escalates" and state.escalations[-1].code == "X1"
    assert state.rows == [[], []] and equipped_total(state) == 9  # no wipe: it strikes nobody
    put_in_hand(state, 0, "KH")  # a reserve: the escalation's extra Monster may strike Q♠ (R15)
    rig_monster(state, "X2", owner=0)  # the 4th wipes equipment in the new row
    finish_round(state)
    assert state.last_attack[0].result == "slain" and state.slain_places == [0, 0, 1]
    assert GAME.validate(state) == []
    freed = new(1)
    freed.joker_places_freed = True  # begun under content 6: a slain joker's place was freed
    _quiet(freed)
    for code, owner in (("X2", 1), ("X1", 1), ("X1", 0)):
        set_slots(freed, 0, [("QS", ["9S"])])
        rig_monster(freed, code, owner=owner)
        finish_round(freed)
        assert freed.last_attack[0].result == "slain"
    assert freed.rows == [[]] and not freed.escalations and not freed.slain_places


def test_r4_a_joker_the_stripped_gear_does_not_beat_holds_its_row():
    state = new(1)
    set_slots(state, 0, [("QS", ["9S"])])
    set_slots(state, 1, [("KC", [])])
    rig_monster(state, "X2", owner=1, mod=8)  # attack 9: a tie is not enough
    before = strength(state)
    finish_round(state)
    assert state.last_attack[0].result == "placed" and state.last_attack[0].retaliation == 9
    assert state.rows[0][-1].code == "X2" and strength(state) == before and equipped_total(state) == 0


def test_r4_an_escalating_joker_strikes_nobody_and_a_game_begun_earlier_keeps_its_rule():
    state = new(1)
    state.rows = [[take(state, 0, "X1"), take(state, 0, "X2")]]
    set_slots(state, 0, [("QS", ["9S"])])
    rig_monster(state, "X1", owner=1)
    finish_round(state)
    assert state.escalations[-1].code == "X1" and equipped_total(state) == 9 and not state.slain
    old = new(1)
    old.jokers_unanswered = True  # begun under content 5: its placed jokers are never answered
    set_slots(old, 0, [("QS", ["9S"])])
    rig_monster(old, "X2", owner=1)
    finish_round(old)
    assert old.rows[0][-1].code == "X2" and not old.slain and equipped_total(old) == 0


def test_r5_players_act_at_once_in_any_order_and_the_attack_waits_for_all():
    state = new(1, players=3)
    assert GAME.to_move(state) == (0, 1, 2)
    GAME.apply(state, Equip(2, 0, 0))
    GAME.apply(state, Equip(0, 0, 1))
    GAME.apply(state, Equip(2, 0, 1))
    GAME.apply(state, EndTurn(1))
    assert GAME.to_move(state) == (0, 2) and state.round == 1
    GAME.apply(state, EndTurn(2))
    assert state.round == 1 and not state.last_attack  # seat 1 is still acting
    GAME.apply(state, EndTurn(0))
    assert state.round == 2 and state.last_attack and GAME.to_move(state) == (0, 1, 2)


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
    for _ in range(3):
        GAME.apply(state, Equip(0, 0, 0))
    rig_monster(state, "X1", owner=1)
    finish_round(state)
    hand = state.players[0].hand
    assert len(hand) == 7 and all(c.code[0].isdigit() for c in hand)


def test_r9_a_cast_lasts_the_turn_and_word_effects_the_round():
    # Equipment: a word waiting for an equip that never comes burns when the turn ends.
    state = new(1)
    set_slots(state, 0, [("QS", [])])
    _quiet(state)
    player = state.players[0]
    GAME.apply(state, Cast(0, put_in_hand(state, 0, "3D", word="WHETSTONE")))
    assert [c.code for c in player.cast] == ["3D"]
    rig_monster(state, "AH", owner=1)
    deck = len(player.equipment_deck)
    finish_round(state)
    assert player.cast == [] and player.discard[-1].code == "3D"
    assert state.round == 2 and not any("WHETSTONE:" in line for line in GAME.log_lines(state))
    # ...and a word that speaks in the turn acts in the turn: one equip, one extra card.
    GAME.apply(state, Cast(0, put_in_hand(state, 0, "4D", word="WHETSTONE")))
    deck = len(player.equipment_deck)
    GAME.apply(state, Equip(0, 0, 0))
    assert len(player.slots[0].gear) == 2 and len(player.equipment_deck) == deck - 1
    assert player.cast == [] and player.discard[-1].code == "4D"  # it spoke once, and burnt
    # Adventurer and Monster words: a Strength change holds through the round's check only.
    for word, owner, kind in (("GRUDGE", 1, "monster"), ("BANNERMAN", 0, "adventurer")):
        state = new(2)
        base = strength(state)
        set_slots(state, 0, [("QH", [])], word="BANNERMAN" if kind == "adventurer" else "")
        _quiet(state)
        if kind == "monster":
            rig_monster(state, "AS", owner=owner, word=word)
            change = 3  # GRUDGE; the Monster itself was counted in the pile already (R1)
        else:
            state.rows = [[take(state, 1, "X1"), take(state, 1, "X2")]]
            rig_monster(state, "X1", owner=0)
            change = -3
        finish_round(state)
        assert state.strength_adjust == 0 and state.round == 2
        assert any(f"Equipped 0 against Strength {base + change}" in line for line in GAME.log_lines(state))


def test_r10_the_hit_are_discarded_first_then_the_words_speak():
    """Book 7, steps 1-2: "Every player discards Adventurers matching the Monster's suit. Their
    equipment goes too." then "Resolve any mutation and Qi Word effects"."""
    state = new(1)
    set_slots(state, 0, [("QH", ["4H"]), ("KS", ["9S", "2S"])], word="TIDESTEP")
    _quiet(state)
    rig_monster(state, "AH", owner=1, word="MAULER")  # on a hit: smash the best equipped piece
    finish_round(state)
    player = state.players[0]
    # Step 1 took Q♥ out of play, so MAULER's smash (step 2) found the 9♠, not the 4♥; then
    # Q♥'s own TIDESTEP spoke (its attack drops by 3), and Q♥ stays discarded with its gear.
    assert [s.adventurer.code for s in player.slots] == ["KS"]
    assert {"QH", "4H", "9S"} <= {c.code for c in player.discard}
    words = GAME.log_lines(state)
    lines = [i for i, line in enumerate(words) if "hits Q♥/P1" in line or "MAULER" in line or "TIDESTEP" in line]
    assert len(lines) == 3 and "hits" in words[lines[0]] and "TIDESTEP" in words[lines[2]]


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
    index = put_in_hand(state, 0, "3D", word="KINDLE")
    hand = len(state.players[0].hand)
    GAME.apply(state, Equip(0, index, 0))
    assert len(state.players[0].hand) == hand - 1 and not any("KINDLE:" in line for line in GAME.log_lines(state))
    assert equipped_total(state) == 5


def test_r14_draw_takes_one_card_and_a_full_hand_discards_for_an_adventurer():
    state = new(1)
    player = state.players[0]
    assert DrawEquipment(0) not in GAME.legal_actions(state)
    draws = [a for a in GAME.legal_actions(state) if isinstance(a, DrawAdventurer) and a.seat == 0]
    assert [a.discard for a in draws] == list(range(7))  # full: name the card to let go
    dropped = player.hand[4]
    GAME.apply(state, DrawAdventurer(0, 4))
    assert len(player.hand) == 7 and player.hand[-1].code[0] in "JQK"
    assert player.discard[-1] == dropped and player.actions_left == 2
    GAME.apply(state, Equip(0, 0, 0))
    GAME.apply(state, DrawEquipment(0))
    assert len(player.hand) == 7 and player.done


def test_r15_a_player_whose_last_adventurer_in_play_or_hand_is_gone_is_driven_out():
    """Rulebook 10: "Exhaust your last Adventurer and you leave the dungeon"; 4.2: the rest are
    "set aside", so those still in the deck keep nobody in. One in hand does: it can be hired."""
    state = new(1)
    set_slots(state, 0, [("QS", [])])
    _quiet(state)
    put_in_hand(state, 0, "KH")
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    player = state.players[0]
    assert not player.slots and state.phase == "turn"  # K♥ in hand: hire it next turn
    assert player.adventurer_deck  # and more set aside in the deck
    player.discard.append(take(state, 0, "KH"))
    rig_monster(state, "X2", owner=1)  # a joker hits no Adventurer: the check still comes
    finish_round(state)
    assert state.result == "driven_out" and state.phase == "scar"
    assert any("P1 has no Adventurer left and leaves" in line for line in GAME.log_lines(state))


def test_r15_a_game_begun_before_content_8_counts_the_deck_too():
    """Such a game goes on under its rule (`adventurer_deck_counts`), so its moves replay."""
    state = new(1)
    state.adventurer_deck_counts = True
    set_slots(state, 0, [("QS", [])])
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    player = state.players[0]
    assert not player.slots and state.phase == "turn"  # Adventurers still in the deck
    for code in [c.code for c in player.adventurer_deck]:
        player.discard.append(take(state, 0, code))
    rig_monster(state, "X2", owner=1)
    finish_round(state)
    assert state.result == "driven_out"


def test_r16_words_never_push_strength_below_25_per_player():
    state = new(1)
    state.strength_adjust = -500
    assert strength(state) == 50


def test_r17_end_turn_is_always_legal():
    state = new(1)
    for _ in range(30):
        if state.phase != "turn":
            break
        legal = GAME.legal_actions(state)
        assert all(EndTurn(seat) in legal for seat in GAME.to_move(state))
        GAME.apply(state, legal[0])


def test_r18_actions_at_ready_count_now_and_in_an_attack_wait_banked_up_to_two():
    state = new(1)
    set_slots(state, 1, [("KC", []), ("QD", [])], word="TRAILBLAZER")
    set_slots(state, 0, [("QS", ["10S"]), ("KH", [], "OATHKEEPER")])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.last_attack[0].result == "slain"
    assert state.players[1].actions_left == 4  # TRAILBLAZER at READY: this round
    assert state.players[0].actions_left == 4 and state.players[0].extra_actions == 0  # banked
    from engine.decknforge.effects import HANDLERS, Attack

    state.players[0].extra_actions = 2
    HANDLERS["actions"](state, Effect("actions", 2), 0, Attack(None), None)
    assert state.players[0].extra_actions == 2


def test_r19_discarded_is_gone_for_good():
    """Book 12, CARD TERMS: "DISCARDED Gone for good - removed from this game"; 7 Retaliation:
    a slain Monster is "discarded from the dungeon". No word brings a card back."""
    from engine.decknforge.lexicon import OPS
    from tests.decknforge.test_fuzz import veteran_decks

    assert not {"spare", "keep_gear", "salvage", "return"} & set(OPS)
    state = new(1)
    set_slots(state, 0, [("QS", ["10S"]), ("QD", ["10D"])])
    _quiet(state)
    rig_monster(state, "AS", owner=1, word="REVENANT")  # once "crawled back"; now it fortifies
    finish_round(state)
    assert state.slain[-1].code == "AS" and all(c.code != "AS" or c.owner != 1 for c in state.monster_pile)
    assert {"QS", "10S"} <= {c.code for c in state.players[0].discard}
    # and in play: a card once discarded stays in the discard until the game is over
    for seed in range(40):
        decks = veteran_decks(seed, 2 + seed % 3) if seed % 2 else None
        game = GAME.new_game(seed, decks=decks) if decks else new(seed, players=2 + seed % 3)
        rng = Rng.from_seed(seed)
        gone: list[set] = [set() for _ in game.players]
        slain: set = set()
        while GAME.outcome(game) is None and game.phase == "turn":
            seat = GAME.to_move(game)[0]
            action = GAME.bot_action(game, seat) if seed % 4 < 2 else rng.choice(GAME.legal_actions(game))
            GAME.apply(game, action)
            if game.phase != "turn":
                break
            for player, before in zip(game.players, gone):
                now = {(c.owner, c.code) for c in player.discard}
                assert before <= now, f"seed {seed}: a discarded card came back"
                before |= now
            assert slain <= {(c.owner, c.code) for c in game.slain}
            slain = {(c.owner, c.code) for c in game.slain}


def test_r20_solo_is_two_decks_of_one_person():
    state = GAME.new_game(3, solo=True, strength="strict")
    assert [p.initials for p in state.players] == ["ME", "ME"] and strength(state) == 50 + 12
    with pytest.raises(ValueError, match="solo"):
        GAME.new_game(3, solo=True, decks=[fresh_deck("AB"), fresh_deck("CD")])


def test_r25_scar_words_include_own_pending_words_only():
    mine = coin("GLOOMTIDE", "monster", Trigger("attack"), [Effect("strip_hand", 1)], author="P1")
    theirs = coin("SLOWROT", "monster", Trigger("attack"), [Effect("burn_deck", 1)], author="P2")
    state = GAME.new_game(1, coined=[mine, theirs])
    rig_monster(state, "X1")
    state.lair += state.monster_pile[:-1]
    state.monster_pile = state.monster_pile[-1:]
    finish_round(state)
    assert state.phase == "scar" and GAME.to_move(state) == (0, 1)  # both owners pick at once
    names = {a.word for a in GAME.legal_actions(state) if a.seat == 0}
    assert "GLOOMTIDE" in names and "SLOWROT" not in names
    GAME.apply(state, InscribeScar(0, "GLOOMTIDE"))
    assert isinstance(GAME.legal_actions(state)[0], (InscribeScar, UpgradeScar))
    late = coin("LATECOMER", "monster", Trigger("attack"), [Effect("fortify", 1)], author="P2")
    GAME.add_coined(state, late)
    assert InscribeScar(1, "LATECOMER") in GAME.legal_actions(state)
    GAME.apply(state, InscribeScar(1, "LATECOMER"))
    for seat in (1, 0):
        GAME.apply(state, next(a for a in GAME.legal_actions(state) if a.seat == seat))
    assert state.phase == "over"
    decks = GAME.result_decks(state)
    assert decks[0].card(state.scars[0].monster).word == "GLOOMTIDE"
    check_invariants(state)


def test_r27_no_deck_changes_before_the_end():
    state = new(1)
    assert GAME.result_decks(state) == [] and GAME.results(state) == []
    assert state.results == []


def test_r28_monster_word_fires_before_the_bands_words():
    state = new(1)
    set_slots(state, 0, [("QS", ["2S"])], word="WARDANCER")
    _quiet(state)
    rig_monster(state, "AS", owner=1, word="GNASH")
    finish_round(state)
    gnash = next(i for i, line in enumerate(GAME.log_lines(state)) if "GNASH" in line)
    dancer = next(i for i, line in enumerate(GAME.log_lines(state)) if "WARDANCER" in line)
    assert gnash < dancer


def test_r29_suit_triggers_look_at_the_monsters_own_suit():
    state = new(1)
    set_slots(state, 0, [("QD", ["2D"])], word="EMBERGUARD")
    _quiet(state)
    rig_monster(state, "AS", owner=1, word="CINDERJAW")
    finish_round(state)
    assert not any("EMBERGUARD" in line for line in GAME.log_lines(state))
    assert state.last_attack[0].hit == ["Q♦/P1"]


def test_r30_a_hit_adventurers_gear_goes_with_it_whatever_its_word():
    """Book 7 step 1: "Their equipment goes too"; 12: DISCARDED "Gone for good"."""
    state = new(1)
    set_slots(state, 0, [("QC", ["9C", "8C"]), ("KH", [])], word="IRONROOT")
    set_slots(state, 1, [("KD", [])])
    rig_monster(state, "AC", owner=1)
    finish_round(state)
    player = state.players[0]
    assert {"QC", "9C", "8C"} <= {c.code for c in player.discard}
    assert not {"9C", "8C"} & {c.code for c in player.hand}
    assert any("IRONROOT" in line for line in GAME.log_lines(state))  # it spoke: retaliate, sap


def test_r31_an_unknown_word_on_a_deck_is_refused():
    deck = fresh_deck("AB")
    deck.card("AS").word = "NOSUCHWORD"
    with pytest.raises(ValueError, match="NOSUCHWORD"):
        GAME.new_game(1, decks=[deck, fresh_deck("CD")])


def test_r26_and_r32_cards_go_home_and_score_is_the_xp_each_deck_banks():
    state = new(1)
    set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D"])])
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    outcome = GAME.outcome(state)
    assert outcome.won and outcome.score == 150 and outcome.terms == (("Dungeon cleared: XP for each deck", 150),)
    assert GAME.rank(outcome) == (1, -1)  # cleared in round 1
    assert equipped_total(state) == 0  # cards went home: R26
    check_invariants(state)


def test_hire_fires_a_hired_word():
    state = new(1)
    set_slots(state, 0, [("QD", [])])
    index = put_in_hand(state, 0, "JS", word="QUICKHAND")
    GAME.apply(state, Hire(0, index))
    assert state.players[0].actions_left == 3  # spent one, won one


def test_r23_scar_steps_3_and_4_are_the_owners_picks_in_order():
    veteran = fresh_deck("AB")
    for card in veteran.cards:
        if card.code[0] in "AX":
            card.word, card.modifier = ("WILDJEST" if card.code[0] == "X" else "GNASH"), 3
    state = GAME.new_game(1, decks=[veteran, fresh_deck("CD")])
    top = rig_monster(state, "X1", owner=1)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    finish_round(state)
    assert state.scars[0].monster == "" and state.scars[0].equipment  # no blank Monster
    first = {type(a) for a in GAME.legal_actions(state) if a.seat == 0}
    assert first == {UpgradeScar}  # step 3 skipped: straight to step 4
    assert {type(a) for a in GAME.legal_actions(state) if a.seat == 1} == {InscribeScar}
    with pytest.raises(IllegalAction, match="comes first"):
        GAME.apply(state, UpgradeScar(1, "KINDLE"))
    GAME.apply(state, UpgradeScar(0, "KINDLE"))
    GAME.apply(state, InscribeScar(1, "HOWL"))
    assert GAME.describe(GAME.legal_actions(state)[0], state).startswith("Write ")
    GAME.apply(state, UpgradeScar(1, "HASTE"))
    decks = GAME.result_decks(state)
    assert decks[0].card(state.scars[0].equipment).word == "KINDLE" and decks[0].xp == 10
    assert decks[1].card(state.scars[1].monster).word == "HOWL"
    assert decks[1].card(state.scars[1].equipment).word == "HASTE"


def test_r33_a_hit_adventurer_does_not_hear_the_slaying():
    state = new(1)
    set_slots(state, 0, [("QS", ["10S"]), ("KD", [])], word="OATHKEEPER")
    _quiet(state)
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.last_attack[0].result == "slain"
    assert not any("OATHKEEPER" in line for line in GAME.log_lines(state))


def test_decks_and_players_must_agree():
    with pytest.raises(ValueError, match="decks"):
        GAME.new_game(1, players=3, decks=[fresh_deck("AB"), fresh_deck("CD")])


def test_r34_the_books_strength_is_the_default_worked_out_at_setup():
    """Book, Quickstart 2: "That pile is the dungeon and the timer"; Quickstart 4 (before the
    first round): "Work out what you have to beat: 25 × players + monsters + modifiers"."""
    state = GAME.new_game(1)  # no reading asked for
    assert not state.gentle and GAME.check_options({})["strength"] == "strict"
    assert len(state.monster_pile) == 12 and strength(state) == 25 * 2 + 12  # 12 Level-1 Monsters
    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks[0].card("AS").modifier, decks[0].card("AS").word = 7, "GNASH"
    assert strength(GAME.new_game(1, decks=decks)) == 25 * 2 + 12 + 7  # its modifier from the start


def test_r34_two_readings_of_the_strength():
    state = GAME.new_game(1, strength="gentle")
    assert strength(state) == 50
    set_slots(state, 0, [("QH", [])])
    _quiet(state)
    rig_monster(state, "AS", owner=0, mod=4)
    finish_round(state)
    assert strength(state) == 50 + 5
    assert strength(new(1, strength="strict")) == 62
    from engine.decknforge.readings import explain

    assert "game 20" in explain("strict") and "game 20" in explain("gentle")
    assert explain("gentle").startswith("House rule") and "book" in explain("strict")
    with pytest.raises(ValueError, match="Strength reading"):
        GAME.new_game(1, strength="lenient")


def test_r35_a_save_carries_its_decks_and_words_as_plain_data():
    import msgspec

    from engine.decknforge.bots import RandomPlayer

    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks[0].id, decks[1].id = "ab-1", "cd-1"
    word = coin("EMBERWAKE", "monster", Trigger("attack"), [Effect("empower", 2)], "AB")
    options = GAME.check_options({"decks": decks, "coined": [word]})
    assert options["players"] == 2 and isinstance(options["decks"][0], dict)
    stored = msgspec.json.decode(msgspec.json.encode(options))  # as a save holds them
    assert GAME.check_options(stored)["decks"] == options["decks"]  # table decks stay as they are
    state = GAME.new_game(8, **options)
    again = GAME.new_game(8, **stored)
    bot = RandomPlayer(3)
    while GAME.outcome(state) is None:
        action = bot.rng.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        GAME.apply(again, action)
    assert msgspec.json.encode(state) == msgspec.json.encode(again)
    assert [d.id for d in GAME.result_decks(state)] == ["ab-1", "cd-1"]  # each goes home
    with pytest.raises(ValueError, match="not readable"):
        GAME.check_options({"decks": [{"initials": 5}, {"initials": "CD"}]})




def test_r36_clears_and_scars_draw_on_approved_coined_words_of_every_kind():
    from engine.decknforge.ending import table_pool
    from engine.decknforge.moderation import approve

    made = [
        ("ASHVEIL", "adventurer", Trigger("hit"), [Effect("retaliate", 1)]),
        ("IRONVOW", "adventurer", Trigger("hit"), [Effect("weaken", 1)]),
        ("BRAMBLECALL", "adventurer", Trigger("hired"), [Effect("arm", 1)]),
        ("SPARKFLINT", "equipment", Trigger("cast"), [Effect("actions", 1)]),
        ("MIRECLAW", "monster", Trigger("attack"), [Effect("strip_hand", 1)]),
    ]
    approved = [approve(coin(n, k, t, e, "ZZ")) for n, k, t, e in made]
    waiting = coin("SLOWROT", "monster", Trigger("attack"), [Effect("burn_deck", 1)], "ZZ")
    coined_names = {w.name for w in approved}
    inscribed = set()
    for seed in range(80):  # a clear draws a random word: some clear soon writes a coined one
        state = GAME.new_game(seed, coined=[*approved, waiting])
        set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D", "9C"])])
        set_slots(state, 1, [("KD", ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"])])
        rig_monster(state, "AS", owner=1)
        finish_round(state)
        inscribed |= {m.word for r in state.results for m in r.marks} & coined_names
        if inscribed:
            break
    assert inscribed <= {"ASHVEIL", "IRONVOW", "BRAMBLECALL"} and inscribed
    assert "SLOWROT" not in {w.name for w in table_pool(state, "monster")}  # nobody's own here
    state = GAME.new_game(2, coined=[*approved, waiting])
    top = rig_monster(state, "X1", owner=0)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    finish_round(state)
    offered = {a.word for a in GAME.legal_actions(state)}
    scar = state.scars[0]
    assert "MIRECLAW" in offered  # another author's approved word, for ace and joker alike
    GAME.apply(state, InscribeScar(0, "MIRECLAW" if scar.monster else "HOWL"))
    assert "SPARKFLINT" in {a.word for a in GAME.legal_actions(state) if a.seat == 0}
