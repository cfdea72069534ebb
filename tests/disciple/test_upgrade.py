"""Saves of content 2 (one Disciple and one enemy in flat fields) carried over to the state of
several players and enemies: files the earlier version wrote, resumed and replayed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec

from saves.atomic import backup_path
from saves.replay import from_history
from saves.session import GameSession
from tests.disciple.helpers import GAME

DATA = Path(__file__).parents[1] / "data"


def without_log(state) -> dict:
    raw = msgspec.to_builtins(state)
    raw.pop("log"), raw.pop("logged")
    return raw


def _resume_old(store) -> tuple[GameSession, bytes]:
    old = (DATA / "disciple_v2_running.json").read_bytes()
    assert json.loads(old)["content_version"] == 2
    store.paths.save_file("running").write_bytes(old)
    return GameSession.resume(store, "running"), old


def test_a_solo_run_saved_by_content_2_goes_on_where_it_stood(store):
    before = json.loads((DATA / "disciple_v2_running.json").read_bytes())["state"]
    session, old = _resume_old(store)
    state = session.state
    assert session.envelope.content_version == GAME.content_version
    assert GAME.validate(state) == []
    me, (enemy,) = state.players[0], state.enemies
    assert (me.vitality, me.hand, me.draw, me.energy[0].colour) == (
        before["vitality"], before["hand"], before["draw"], before["energy"][0][0]
    )
    assert (enemy.name, enemy.vitality, enemy.patterns) == (
        before["enemy"]["name"], before["enemy"]["vitality"], before["patterns"]
    )
    assert GAME.log_lines(state) == before["log"] and state.fights_won == before["fights_won"]
    # the same seed and moves draw the same table under the new state (its log told anew)
    assert without_log(session.replay()) == without_log(state)
    session.play(GAME.legal_actions(state)[-1])
    assert backup_path(store.paths.save_file("running")).read_bytes() == old  # nothing lost
    assert json.loads(store.paths.save_file("running").read_bytes())["content_version"] == GAME.content_version


def test_a_run_finished_under_content_2_replays_from_history(store):
    store.paths.ensure()
    store.paths.history.mkdir(parents=True, exist_ok=True)
    record = json.loads((DATA / "disciple_v2_history.json").read_bytes())
    record_id = record["entry"]["id"]  # a record is filed under its own id
    shutil.copy(DATA / "disciple_v2_history.json", store.paths.history / f"{record_id}.json")
    assert record["entry"]["content_version"] == 2
    timeline = from_history(store, record_id)
    assert timeline.reachable == len(record["actions"])  # every old move replays
    final = timeline.state(len(record["actions"]))
    assert GAME.outcome(final).won and GAME.log_text(final.log[-1]) == record["state"]["log"][-1]  # told anew
    assert final.players[0].vitality == record["state"]["vitality"]
