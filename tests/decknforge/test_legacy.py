"""Legacy: what a game writes on the decks, and what the next game sees of it."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.decknforge.effects import strength
from engine.decknforge.legacy import (
    Deck,
    GameRecord,
    copy_deck,
    fresh_deck,
    name_deck,
    record_clear,
    record_fall,
    roll_scar,
    xp_to_legend,
)
from engine.decknforge.lexicon import words_of
from engine.decknforge.model import InscribeScar
from tests.decknforge.helpers import GAME, check_invariants, finish_round, rig_monster, set_slots


def _record() -> GameRecord:
    return GameRecord(game=0, seed=1, result="clear", band=["AB"], rounds=1, xp=0)


def clear_game(decks: list[Deck], seed: int = 1) -> list[Deck]:
    state = GAME.new_game(seed, decks=decks)
    set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D", "9C"])])
    set_slots(state, 1, [("KD", ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.result == "clear"
    check_invariants(state)
    return GAME.result_decks(state)


def fall_game(decks: list[Deck], seed: int = 1, word: str = "GNASH") -> list[Deck]:
    state = GAME.new_game(seed, decks=decks)
    top = rig_monster(state, "X1", owner=0)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    finish_round(state)
    while state.phase == "scar":
        GAME.apply(state, InscribeScar(word))
    check_invariants(state)
    return GAME.result_decks(state)


def test_fresh_deck_is_54_cards_split_the_rulebooks_way():
    deck = fresh_deck("ab")
    roles = {"monster": 0, "adventurer": 0, "equipment": 0}
    from engine.decknforge.model import ROLE

    for card in deck.cards:
        roles[ROLE[card.code]] += 1
    assert roles == {"monster": 6, "adventurer": 12, "equipment": 36}
    assert deck.initials == "AB" and deck.level == 1 and deck.xp == 0 and not deck.name
    with pytest.raises(ValueError):
        fresh_deck("toolong")


def test_a_fall_carries_its_scar_into_the_next_game():
    decks = fall_game([fresh_deck("AB"), fresh_deck("CD")])
    scar = decks[0].scars[-1]
    assert scar.monster and scar.monster_word == "GNASH" and 2 <= scar.modifier <= 10
    assert decks[0].card(scar.monster).word == "GNASH"
    assert decks[0].card(scar.equipment).word in {w.name for w in words_of("equipment")}
    assert decks[0].xp == 10 and decks[0].history[-1].result == "fall"
    state = GAME.new_game(2, decks=decks)
    monster = next(c for c in state.monster_pile if c.owner == 0 and c.code == scar.monster)
    assert monster.word == "GNASH" and monster.mod == scar.modifier
    assert strength(state) == 50 + 12 + scar.modifier + decks[1].scars[-1].modifier
    gear = next(c for p in [state.players[0]] for c in p.hand + p.equipment_deck if c.code == scar.equipment)
    assert gear.word == decks[0].card(scar.equipment).word


def test_two_clears_in_a_row_level_up_and_monsters_hit_harder():
    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks = clear_game(decks)
    assert decks[0].level == 1 and decks[0].streak == 1 and decks[0].xp == 150
    decks = clear_game(decks, seed=2)
    assert decks[0].level == 2 and decks[0].streak == 0 and decks[0].xp == 300
    assert any("Level 2" in i.text for i in decks[0].inscriptions)
    state = GAME.new_game(3, decks=decks)
    set_slots(state, 0, [("QS", ["2S"])])
    set_slots(state, 1, [("KC", [])])
    rig_monster(state, "AS", owner=0)
    finish_round(state)
    assert state.last_attack[0].attack == 2  # was 1 for a new deck
    assert strength(state) >= 50


def test_r21_a_fall_breaks_the_streak():
    decks = clear_game([fresh_deck("AB"), fresh_deck("CD")])
    decks = fall_game(decks)
    decks = clear_game(decks, seed=4)
    assert decks[0].level == 1 and decks[0].streak == 1


def test_xp_totals_and_legend():
    decks = [fresh_deck("AB"), fresh_deck("CD")]
    decks = clear_game(decks)
    decks = fall_game(decks)
    decks = fall_game(decks, seed=3)
    assert decks[0].xp == 150 + 10 + 10 and xp_to_legend(decks[0]) == 1000 - 170
    assert [h.xp for h in decks[0].history] == [150, 10, 10]
    assert [h.game for h in decks[0].history] == [1, 2, 3]
    deck = decks[0]
    rng = Rng.from_seed(1)
    pool = [w.name for w in words_of("adventurer")]
    while not deck.legendary:
        deck = record_clear(deck, rng, pool, _record())
    assert deck.xp == 170 + 6 * 150 and deck.legendary and xp_to_legend(deck) == 0


def test_r22_a_clear_inscribes_one_blank_adventurer_with_an_adventurer_word():
    decks = clear_game([fresh_deck("AB"), fresh_deck("CD")])
    written = [c for c in decks[0].cards if c.word]
    assert len(written) == 1 and written[0].code[0] in "JQK"
    assert written[0].word in {w.name for w in words_of("adventurer")}
    assert all(not c.word for c in decks[0].cards if c.code[0] in "AX")  # no Monster mutates


def test_record_functions_leave_their_input_alone():
    deck = fresh_deck("AB")
    before = msgspec.json.encode(deck)
    rng = Rng.from_seed(9)
    record_clear(deck, rng, ["TIDESTEP"], _record())
    scar = roll_scar(deck, rng, ["KINDLE"])
    record_fall(deck, scar, "GNASH", _record())
    assert msgspec.json.encode(deck) == before


def test_r23_scars_run_out_of_monsters_but_still_upgrade_equipment():
    deck = fresh_deck("AB")
    rng = Rng.from_seed(2)
    for _ in range(7):
        deck = record_fall(deck, roll_scar(deck, rng, ["KINDLE"]), "GNASH", _record())
    assert all(c.word == "GNASH" for c in deck.cards if c.code[0] in "AX")
    assert deck.scars[-1].monster == "" and deck.scars[-1].equipment
    assert sum(1 for c in deck.cards if c.word == "KINDLE") == 7
    assert deck.xp == 70 and deck.falls == 7


def test_r24_a_deck_is_named_after_its_first_clear_only_once():
    deck = fresh_deck("AB")
    with pytest.raises(ValueError, match="clears"):
        name_deck(deck, "Ashfall")
    deck = clear_game([deck, fresh_deck("CD")])[0]
    named = name_deck(deck, "Ashfall")
    assert named.name == "Ashfall" and not deck.name
    with pytest.raises(ValueError, match="already"):
        name_deck(named, "Other")


def test_decks_round_trip_as_json():
    decks = fall_game(clear_game([fresh_deck("AB"), fresh_deck("CD")]))
    for deck in decks:
        data = msgspec.json.encode(deck)
        assert msgspec.json.encode(msgspec.json.decode(data, type=Deck)) == data
        assert copy_deck(deck) == deck
