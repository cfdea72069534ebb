"""DecknForge's seats (DESIGN.md "Seats"): who may act, what each seat may see, the bot, and
the checks a save's state must pass (validate)."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.decknforge.effects import equipped_total, strength
from engine.decknforge.model import Card, EndTurn, Equip, InscribeScar, State
from engine.decknforge.view import HIDDEN
from tests.decknforge.helpers import GAME, finish_round, new, rig_monster, set_slots
from tests.decknforge.test_fuzz import check_view, hidden_twin


def fall(state: State) -> State:
    top = rig_monster(state, "X1", owner=0)
    state.lair += state.monster_pile[:-1]
    state.monster_pile = [top]
    finish_round(state)
    return state


def test_seats_to_move_and_privacy_follow_the_phase():
    state = new(1, players=3)
    assert GAME.seats(state) == ["P1", "P2", "P3"] and GAME.to_move(state) == (0, 1, 2)
    assert GAME.hides_between_seats(state)
    GAME.apply(state, EndTurn(1))
    assert GAME.to_move(state) == (0, 2)
    fall(state)
    assert state.phase == "scar" and GAME.to_move(state) == (0, 1, 2)
    assert not GAME.hides_between_seats(state)  # every card has gone home, face up
    assert not GAME.hides_between_seats(new(1, solo=True))  # one person at both seats (R20)
    assert GAME.seat_of(InscribeScar(2, "HOWL")) == 2


def test_a_view_hides_hands_decks_and_the_pile_but_keeps_counts_and_the_strength():
    state = new(4)
    mine, spectator = check_view(state, 0), check_view(state, None)
    assert mine.players[0].hand == state.players[0].hand
    assert all(c == Card(1, HIDDEN) for c in mine.players[1].hand)
    assert all(c.code == HIDDEN for p in spectator.players for c in p.hand)
    assert strength(mine) == strength(state) and equipped_total(mine) == equipped_total(state)
    assert mine.players[0].slots == state.players[0].slots  # the band is in plain sight
    mine.players[0].hand.pop()  # a copy: changing it changes nothing at the table
    assert len(state.players[0].hand) == 7


def test_a_view_cannot_tell_two_tables_apart_that_differ_only_in_what_it_hides():
    state = new(6)
    twin = hidden_twin(state, 0, Rng.from_seed(3))
    assert msgspec.json.encode(twin) != msgspec.json.encode(state)
    assert msgspec.json.encode(GAME.view(twin, 0)) == msgspec.json.encode(GAME.view(state, 0))
    assert msgspec.json.encode(GAME.view(twin, 1)) != msgspec.json.encode(GAME.view(state, 1))


def test_the_bot_plays_legal_moves_from_its_own_view_only():
    state = new(8, players=3)
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_move(state)[-1]
        action = GAME.bot_action(state, seat)
        assert GAME.is_legal(state, action) and action.seat == seat
        twin = hidden_twin(state, seat, Rng.from_seed(len(state.log)))
        assert GAME.bot_action(twin, seat) == action  # nothing hidden sways it
        GAME.apply(state, action)
    assert GAME.outcome(state) is not None


def test_validate_names_what_makes_a_state_impossible():
    state = new(2)
    assert GAME.validate(state) == []
    broken = msgspec.json.decode(msgspec.json.encode(state), type=State)
    broken.players[0].hand.append(broken.players[1].hand[0])  # one card in two places
    found = GAME.validate(broken)
    assert any("lies in 2 places" in p for p in found) and any("limit is 7" in p for p in found)
    broken = msgspec.json.decode(msgspec.json.encode(state), type=State)
    broken.players[0].hand[0] = Card(0, "AS")  # a Monster in hand, and the ace twice
    broken.players[1].slots[0].gear.append(Card(1, "QH"))
    found = GAME.validate(broken)
    assert any("no equipment card" in p for p in found)
    broken = msgspec.json.decode(msgspec.json.encode(state), type=State)
    for player in broken.players:
        player.done = True
    broken.players[0].actions_left = -1
    slot = broken.players[1].slots[0]
    slot.adventurer = Card(1, slot.adventurer.code, "NOSUCHWORD")
    found = GAME.validate(broken)
    assert any("yet the Monster attack has not come" in p for p in found)
    assert any("out of range" in p for p in found) and any("NOSUCHWORD" in p for p in found)
    scarred = fall(new(3))
    assert GAME.validate(scarred) == []
    for scar in scarred.scars:
        scar.monster_word, scar.equipment_word = "HOWL", "KINDLE"
    assert GAME.validate(scarred) == ["Scars are being written but none waits for a word."]


def test_validate_stays_quiet_along_a_whole_game():
    state = new(9, players=4)
    set_slots(state, 0, [("QH", ["10H"])])
    while GAME.outcome(state) is None:
        GAME.apply(state, GAME.bot_action(state, GAME.to_move(state)[0]))
        assert GAME.validate(state) == []
    assert GAME.validate(state) == []
    assert Equip(0, 0, 0) not in GAME.legal_actions(state)
