"""DecknForge saves: small at any deck age (R41), and saves made under the earlier rules carried
over to the current ones (R42), tested on files the earlier version wrote."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from engine.core.rng import Rng
from engine.decknforge.legacy import Deck, DeckResult, apply_result, fresh_deck, roll_scar, scar_marks
from saves.atomic import backup_path
from saves.session import GameSession
from tests.decknforge.helpers import GAME

DATA = Path(__file__).parents[1] / "data"
SIZE_LIMIT = 20 * 1024


def aged(initials: str, games: int, seed: int = 1) -> Deck:
    """A deck that has played `games` dungeons: two falls to a clear, scars until no blank card is
    left, a history entry each."""
    rng = Rng.from_seed(seed)
    deck = fresh_deck(initials)
    deck.id = f"{initials.lower()}-1"
    for number in range(games):
        if number % 3 == 2:
            deck = apply_result(deck, DeckResult("clear", number, [initials, "ZZ"], 9))
            continue
        scar = roll_scar(deck.cards, rng)
        scar.monster_word = ("HOWL" if scar.monster.startswith("X") else "GNASH") if scar.monster else ""
        scar.equipment_word = "KINDLE" if scar.equipment else ""
        deck = apply_result(deck, DeckResult("fall", number, [initials, "ZZ"], 12, scar_marks(scar), scar))
    return deck


def test_a_save_stays_small_with_decks_500_games_old(store):
    decks = [aged("AB", 500), aged("CD", 500, seed=2)]
    assert len(decks[0].history) == 500 and len(msgspec.json.encode(decks[0])) > 40_000
    session = GameSession.start(store, GAME, 7, decks=decks)
    path = store.paths.save_file(session.save_id)
    largest = path.stat().st_size
    saved = {}
    while session.outcome() is None:
        seat = GAME.to_move(session.state)[0]
        session.play(GAME.bot_action(session.state, seat))
        if path.exists():  # a finished game moves on to the history
            largest = max(largest, path.stat().st_size)
            saved = json.loads(path.read_bytes())
    assert largest < SIZE_LIMIT, largest
    assert "history" not in json.dumps(saved["state"]) and "history" not in json.dumps(saved["options"])
    assert saved["state"]["decks"][0]["fingerprint"] == saved["options"]["decks"][0]["fingerprint"]
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def _resume_old(store, name: str) -> tuple[GameSession, bytes]:
    old = (DATA / f"decknforge_v1_{name}.json").read_bytes()
    assert json.loads(old)["content_version"] == 1
    store.paths.save_file(name).write_bytes(old)
    return GameSession.resume(store, name), old


def test_r42_a_game_saved_under_the_earlier_rules_goes_on_where_it_stood(store):
    before = json.loads((DATA / "decknforge_v1_running.json").read_bytes())["state"]
    session, old = _resume_old(store, "running")
    state = session.state
    assert session.envelope.content_version == GAME.content_version
    assert GAME.validate(state) == []
    assert state.round == before["round"] and GAME.log_lines(state) == before["log"]
    turn, left = before["turn"], before["actions_left"]
    assert [p.done for p in state.players] == [s < turn for s in range(len(state.players))]
    assert state.players[turn].actions_left == left and GAME.to_move(state) == tuple(range(turn, 2))
    assert "history" not in json.dumps(session.envelope.options)
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(state)
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert backup_path(store.paths.save_file("running")).read_bytes() == old  # nothing lost
    assert json.loads(store.paths.save_file("running").read_bytes())["content_version"] == GAME.content_version
    while session.outcome() is None:
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def test_r42_a_finished_game_keeps_its_result_as_marks(store):
    before = json.loads((DATA / "decknforge_v1_finished.json").read_bytes())["state"]
    session, _ = _resume_old(store, "finished")
    state = session.state
    assert GAME.validate(state) == [] and GAME.outcome(state).summary.startswith("The band fell")
    after = GAME.result_decks(state, [msgspec.convert(d, Deck) for d in before["decks"]])
    for merged, old in zip(after, before["result_decks"]):
        old = msgspec.convert(old, Deck)
        assert [c.word for c in merged.cards] == [c.word for c in old.cards]
        assert (merged.xp, merged.level, merged.streak) == (old.xp, old.level, old.streak)
