"""Legacy: what a game writes on the decks, and what the next game sees of it."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.decknforge.effects import strength
from engine.decknforge.legacy import (
    Deck,
    DeckResult,
    Mark,
    apply_result,
    copy_deck,
    fingerprint,
    fresh_deck,
    name_deck,
    roll_scar,
    xp_to_legend,
)
from engine.decknforge.lexicon import words_of
from engine.decknforge.model import InscribeScar, UpgradeScar
from tests.decknforge.helpers import GAME, check_invariants, finish_round, rig_monster, set_slots


def _clear(marks=()) -> DeckResult:
    return DeckResult("clear", seed=1, band=["AB"], rounds=1, marks=list(marks))


def clear_game(decks: list[Deck], seed: int = 1) -> list[Deck]:
    state = GAME.new_game(seed, decks=decks)
    set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D", "9C"])])
    set_slots(state, 1, [("KD", ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    assert state.result == "clear"
    check_invariants(state)
    return GAME.result_decks(state, decks)


def fall_game(decks: list[Deck], seed: int = 1, word: str = "GNASH", upgrade: str = "KINDLE") -> list[Deck]:
    state = GAME.new_game(seed, decks=decks, strength="strict")
    top = rig_monster(state, "X1", owner=0)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    finish_round(state)
    while state.phase == "scar":
        seat = GAME.to_move(state)[0]
        action = InscribeScar(seat, word)
        if not GAME.is_legal(state, action):  # a joker takes a joker's word (R38)
            action = UpgradeScar(seat, upgrade) if GAME.is_legal(state, UpgradeScar(seat, upgrade)) else InscribeScar(seat, "HOWL")
        GAME.apply(state, action)
    check_invariants(state)
    return GAME.result_decks(state, decks)


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
    assert scar.monster and scar.monster_word in ("GNASH", "HOWL") and 2 <= scar.modifier <= 10
    assert decks[0].card(scar.monster).word == scar.monster_word
    assert decks[0].card(scar.equipment).word == "KINDLE" and scar.game == 1
    assert decks[0].xp == 10 and decks[0].history[-1].result == "fall"
    state = GAME.new_game(2, decks=decks, strength="strict")
    monster = next(c for c in state.monster_pile if c.owner == 0 and c.code == scar.monster)
    assert monster.word == scar.monster_word and monster.mod == scar.modifier
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
    while not deck.legendary:
        deck = apply_result(deck, _clear())
    assert deck.xp == 170 + 6 * 150 and deck.legendary and xp_to_legend(deck) == 0


def test_r22_a_clear_inscribes_one_blank_adventurer_with_an_adventurer_word():
    decks = clear_game([fresh_deck("AB"), fresh_deck("CD")])
    written = [c for c in decks[0].cards if c.word]
    assert len(written) == 1 and written[0].code[0] in "JQK"
    assert written[0].word in {w.name for w in words_of("adventurer")}
    assert all(not c.word for c in decks[0].cards if c.code[0] in "AX")  # no Monster mutates


def _fall(deck: Deck, rng: Rng) -> Deck:
    scar = roll_scar(deck.cards, rng)
    scar.monster_word = "GNASH" if scar.monster else ""
    scar.equipment_word = "KINDLE" if scar.equipment else ""
    from engine.decknforge.legacy import scar_marks

    return apply_result(deck, DeckResult("fall", 1, ["AB"], 3, scar_marks(scar), scar))


def test_results_leave_their_input_alone():
    deck = fresh_deck("AB")
    before = msgspec.json.encode(deck)
    apply_result(deck, _clear([Mark("QS", "TIDESTEP")]))
    _fall(deck, Rng.from_seed(9))
    assert msgspec.json.encode(deck) == before


def test_r23_scars_run_out_of_monsters_but_still_upgrade_equipment():
    deck = fresh_deck("AB")
    rng = Rng.from_seed(2)
    for _ in range(7):
        deck = _fall(deck, rng)
    assert all(c.word == "GNASH" for c in deck.cards if c.code[0] in "AX")
    assert deck.scars[-1].monster == "" and deck.scars[-1].equipment
    assert deck.scars[-1].modifier == 0 and [s.game for s in deck.scars] == list(range(1, 8))
    assert sum(1 for c in deck.cards if c.word == "KINDLE") == 7
    assert deck.xp == 70 and deck.falls == 7


def test_r41_a_result_is_merged_onto_the_deck_as_it_is_now():
    decks = [fresh_deck("AB"), fresh_deck("CD")]
    state = GAME.new_game(1, decks=decks)
    assert state.decks[0].fingerprint == fingerprint(decks[0]) and not hasattr(state.decks[0], "history")
    set_slots(state, 0, [("QD", ["10S", "10H", "10D", "10C", "9S", "9H", "9D", "9C"])])
    set_slots(state, 1, [("KD", ["8S", "8H", "8D", "8C", "7S", "7H", "7D", "7C"])])
    rig_monster(state, "AS", owner=1)
    finish_round(state)
    mark = state.results[0].marks[0]
    # Meanwhile the stored deck was played elsewhere (a clear: the streak is 1) and the very
    # card this game marks was written on.
    elsewhere = apply_result(decks[0], _clear([Mark(mark.card, "TIDESTEP" if mark.word != "TIDESTEP" else "ROOTFAST")]))
    merged = GAME.result_decks(state, [elsewhere, decks[1]])
    assert merged[0].xp == 300 and merged[0].clears == 2 and len(merged[0].history) == 2
    assert merged[0].level == 2 and merged[0].streak == 0  # two clears in a row, counted now
    assert merged[0].card(mark.card).word == elsewhere.card(mark.card).word  # never written over
    assert "was not written" in merged[0].history[-1].note
    other = state.results[1].marks[0]
    assert merged[1].card(other.card).word == other.word and merged[1].xp == 150


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
