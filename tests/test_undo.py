"""Undo, on the Board Game Arena policy, for every game: over seeded random playouts, a move
taken back restores the table and the file exactly, the same move played again gives the same
result, and nothing is taken back across a roll, a shuffle or a card drawn face down.

Whether a move revealed something is judged here independently of the games' own hooks:
by the Rng counter, and by which card identities left the face-down piles.
"""

from __future__ import annotations

import os
from collections import Counter

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import atomic
from saves.session import GameSession
from saves.undo import CannotUndo


def face_down(game_id: str, state) -> Counter:
    """Every card in a shuffled face-down pile, by identity (what a player does not know)."""
    if game_id == "disruption":
        piles = [state.defender_deck, state.minor_deck, state.major_deck]
    elif game_id == "druid-path":
        piles = [state.beast_deck, state.item_deck, state.shadow_deck]
    elif game_id == "disciple":
        piles = [enemy.patterns for enemy in state.enemies]
        for me in state.players:
            piles += [me.event_deck, me.skills_deck, me.second_skills, me.draw]
    else:
        piles = [state.monster_pile]
        for player in state.players:
            piles += [player.adventurer_deck, player.equipment_deck]
    return Counter(msgspec.json.encode(card) for pile in piles for card in pile)


def revealed(game_id: str, before, after) -> bool:
    """A roll or shuffle happened, or a card left the face-down piles."""
    if before.rng.counter != after.rng.counter:
        return True
    return bool(face_down(game_id, before) - face_down(game_id, after))


# More seeds for a longer run: UNDO_FUZZ_SEEDS=200 python -m pytest tests/test_undo.py
SEEDS = int(os.environ.get("UNDO_FUZZ_SEEDS", "4"))


@pytest.fixture(autouse=True)
def quick_writes(monkeypatch):
    """Hundreds of saves a test: the crash-safety of writes is tested in test_saves.py."""
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)


def on_disk(store, session):
    envelope = store.read(session.save_id)
    return envelope, store.decode_state(envelope)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_undo_restores_exactly_and_never_crosses_a_reveal(store, game_id):
    game = GAMES[game_id]
    undone = refused_after_reveal = 0
    for seed in range(SEEDS):
        session = GameSession.start(store, game, seed)
        chooser = Rng.from_seed(seed + 99)
        log: list[tuple[object, bytes, bool]] = []  # each move still in the log: the move,
        steps = 0  # the table before it, and whether it revealed something
        while session.outcome() is None and steps < 400:
            steps += 1
            action = chooser.choice(session.legal_actions())
            before = msgspec.json.encode(session.state)
            session.play(action)
            log.append((action, before, revealed(game_id, msgspec.json.decode(before, type=game.State), session.state)))
            if session.outcome() is not None:
                break
            seat = game.seat_of(action)
            if log[-1][2]:
                assert not session.undo_status(seat).possible
                refused_after_reveal += 1
                continue
            if chooser.below(2):
                continue
            now = msgspec.json.encode(session.state)
            taken = []
            while session.undo_status(seat).possible and len(taken) < 3:
                move, table, showed = log.pop()
                assert not showed  # never across a roll, a shuffle or a card drawn
                assert session.undo(seat) == move
                taken.append(move)
                undone += 1
                assert msgspec.json.encode(session.state) == table
                envelope, stored = on_disk(store, session)
                assert msgspec.json.encode(stored) == table and len(envelope.actions) == len(log)
            for move in reversed(taken):  # no re-rolling by undoing: the same moves, the same table
                before = msgspec.json.encode(session.state)
                session.play(move)
                log.append((move, before, False))
            assert msgspec.json.encode(session.state) == now
            if steps % 7 == 0:  # a resumed save works the same moves out from its log
                resumed = GameSession.resume(store, session.save_id)
                assert resumed.undo_status(seat) == session.undo_status(seat)
    assert refused_after_reveal > 0
    if game_id == "disruption":
        assert undone == 0  # every move rolls the dice or draws an ally
    else:
        assert undone > 0


def test_taking_back_several_moves_stops_at_the_last_reveal(store):
    game = GAMES["druid-path"]
    session = GameSession.start(store, game, 3)
    free = [a for a in session.legal_actions() if type(a).__name__ == "TakeGem"]
    first, second = free[0], free[1]
    session.play(first)
    session.play(second)
    assert session.undo_status().text.startswith("Take back: ")
    assert session.undo() == second
    assert session.undo() == first
    status = session.undo_status()
    assert not status.possible
    with pytest.raises(CannotUndo):
        session.undo()
    assert session.envelope.actions == []


def test_a_finished_game_takes_nothing_back(store):
    session = GameSession.start(store, GAMES["disruption"], 1)
    chooser = Rng.from_seed(1)
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
    status = session.undo_status()
    assert not status.possible and "over" in status.text


def test_undo_never_crosses_another_seats_move(store):
    """Two seats: seat 1 acting after seat 0 settles seat 0's moves."""
    game = GAMES["druid-path"]
    session = GameSession.start(store, game, 3)
    gem = next(a for a in session.legal_actions() if type(a).__name__ == "TakeGem")
    session.takebacks.begin()
    move = session.takebacks.before(session.state, gem)
    session.takebacks.after(session.state, move._replace(seat=1))
    assert session.undo_status(0).text == "Nothing to take back: another player has moved since."
    assert session.undo_status(1).possible
    assert not session.undo_status(None).possible
