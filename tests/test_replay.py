"""Replays from the log: the table after each move is the table the game had, random events are
found, nothing is written, and a game made with other cards is refused with the reason."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import atomic
from saves.envelope import Damaged
from saves.history import History
from saves.replay import from_history, from_save, new_lines, open_replay
from saves.session import CampaignSession, GameSession


@pytest.fixture(autouse=True)
def quick_writes(monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)


def snapshot(folder) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_step_is_the_table_the_game_had(store, game_id):
    game = GAMES[game_id]
    session = GameSession.start(store, game, 12)
    chooser = Rng.from_seed(12)
    tables = [msgspec.json.encode(session.state)]
    reveals = []
    while session.outcome() is None:
        draws = game.random_draws(session.state)
        session.play(chooser.choice(session.legal_actions()))
        tables.append(msgspec.json.encode(session.state))
        reveals.append(game.random_draws(session.state) != draws)
    files = snapshot(store.paths.root)
    timeline = open_replay(store, session.save_id)
    assert len(timeline) == len(tables) - 1 == timeline.reachable
    for index in (0, len(tables) - 1, *range(1, len(tables) - 1, 3)):
        assert msgspec.json.encode(timeline.state(index)) == tables[index]
    for index in range(len(tables) - 2, 0, -5):  # stepping back is the same table again
        assert msgspec.json.encode(timeline.state(index)) == tables[index]
    first = timeline.next_reveal(0)
    if any(reveals):
        assert first is not None and timeline.step(first).revealed
        assert first <= reveals.index(True) + 1  # a roll is found no later than it happened
    assert timeline.step(0) is None and timeline.step(1).label
    assert snapshot(store.paths.root) == files  # a replay writes nothing


def test_a_save_in_progress_replays_up_to_its_latest_move(store):
    session = GameSession.start(store, GAMES["druid-path"], 3)
    chooser = Rng.from_seed(3)
    for _ in range(6):
        session.play(chooser.choice(session.legal_actions()))
    timeline = from_save(store, session.save_id)
    assert len(timeline) == 6 and timeline.source == "save"
    assert msgspec.json.encode(timeline.state(6)) == msgspec.json.encode(session.state)


def test_a_campaigns_game_in_progress_replays_from_its_own_start(store):
    session = CampaignSession.start(store, GAMES["druid-path"], 3)
    with pytest.raises(Damaged, match="no game in progress"):
        from_save(store, session.save_id)
    session.start_next_game()
    chooser = Rng.from_seed(1)
    for _ in range(5):
        session.play(chooser.choice(session.legal_actions()))
    timeline = from_save(store, session.save_id)
    assert msgspec.json.encode(timeline.state(5)) == msgspec.json.encode(session.state)


def test_a_game_made_with_other_cards_says_so(store):
    session = GameSession.start(store, GAMES["disruption"], 3)
    chooser = Rng.from_seed(3)
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
    path = History(store).path(session.save_id)
    raw = msgspec.json.decode(path.read_bytes())
    raw["entry"]["content_version"] = GAMES["disruption"].content_version + 1
    path.write_bytes(msgspec.json.encode(raw))
    with pytest.raises(Damaged, match="newer Disruption cards"):
        from_history(store, session.save_id)
    with pytest.raises(Damaged, match="no save or finished game"):
        open_replay(store, "nothing-like-it")


def test_new_lines_counts_what_a_move_wrote_to_a_trimmed_log():
    assert new_lines([], ["a", "b"]) == 2
    assert new_lines(["a", "b", "c"], ["a", "b", "c", "d"]) == 1
    assert new_lines(["a", "b", "c"], ["c", "d", "e"]) == 2  # the log kept its last lines only
    assert new_lines(["a", "b"], ["a", "b"]) == 0
