"""Saves of content 2 (one Disciple and one enemy in flat fields) carried over to the state of
several players and enemies, and of content 3 (the log as text) to the log as data: files the
earlier versions wrote, resumed, replayed and played on; and of content 4 (rulings in place of
some rules the rulebook states) to content 5; and of content 5 to content 6's numbers."""

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


# ----- content 3 files: the log was text --------------------------------------------------------


def _content_3(name: str) -> tuple[dict, bytes]:
    old = (DATA / f"disciple_v3_{name}.json").read_bytes()
    raw = json.loads(old)
    version = raw["entry"]["content_version"] if name == "history" else raw["content_version"]
    assert version == 3 and isinstance(raw["state"]["log"][0], str)  # written before the log was data
    return raw, old


def test_a_content_3_save_is_replayed_with_its_log_as_data_and_plays_on(store):
    raw, old = _content_3("running")
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    state = session.state
    assert session.envelope.content_version == GAME.content_version == 6
    assert session.envelope.actions == [msgspec.Raw(msgspec.json.encode(a)) for a in raw["actions"]]
    # its moves replay to the table saved, so every line is told anew, in the words it had
    assert all(line.what != "said" for line in state.log)
    assert GAME.log_lines(state) == raw["state"]["log"] and len(state.log) == 40
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(state)
    story = GAME.turning_points(session.whole_log())  # picked by kind, from the first line on
    assert story[0] == "You begin your journey as a student of Boxing." and len(story) > 1
    session.play(GAME.bot_action(state, GAME.to_move(state)[0]))
    assert backup_path(store.paths.save_file("old")).read_bytes() == old  # nothing lost
    rewritten = json.loads(store.paths.save_file("old").read_bytes())
    assert rewritten["content_version"] == GAME.content_version and isinstance(rewritten["state"]["log"][-1], list)
    while session.outcome() is None:
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)


def test_a_content_3_save_whose_moves_fall_short_keeps_its_lines_as_written(store):
    raw, _ = _content_3("running")
    raw["actions"] = raw["actions"][:-1]  # one move short of the table saved
    store.paths.save_file("old").write_bytes(json.dumps(raw).encode())
    session = GameSession.resume(store, "old")
    assert [line.what for line in session.state.log] == ["said"] * len(raw["state"]["log"])
    assert GAME.log_lines(session.state) == raw["state"]["log"]
    session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))  # and it plays on
    kept = [GAME.log_text(line) for line in session.state.log if line.what == "said"]
    assert kept and kept == raw["state"]["log"][-len(kept) :] and session.state.log[-1].what != "said"


def test_a_content_3_finished_run_replays_from_history(store):
    raw, old = _content_3("history")
    store.paths.history.mkdir(parents=True, exist_ok=True)
    (store.paths.history / f"{raw['entry']['id']}.json").write_bytes(old)
    timeline = from_history(store, raw["entry"]["id"])
    assert timeline.reachable == len(raw["actions"])  # every old move replays
    final = timeline.state(len(raw["actions"]))
    # under content 5's rules its Submits take the Power played before them (R17), so the
    # last fights' numbers are not those filed; the run still ends as it did
    assert GAME.outcome(final).won and len(GAME.log_lines(final)) == len(raw["state"]["log"])
    assert GAME.turning_points(final.log)[-1] == "You have beaten the final boss. Your journey is complete!"


def test_a_content_3_versus_table_is_carried_over_hides_what_it_hid_and_plays_on(paths):
    from engine.disciple.view import HIDDEN
    from engine.registry import GAMES
    from saves.session import SharedSession
    from saves.tables import TableStore
    from tests.conftest import FIXED_TIME

    raw, old = _content_3("table")
    tables = TableStore(paths, GAMES, clock=lambda: FIXED_TIME)
    tables.file("TCUV").parent.mkdir(parents=True, exist_ok=True)
    tables.file("TCUV").write_bytes(old)
    [entry] = tables.list()
    assert entry.code == "TCUV" and not entry.damage and entry.started
    ann = SharedSession.open(tables, "TCUV", "ann")
    assert GAME.log_lines(ann.state) == raw["state"]["log"]
    assert all(line.what != "said" for line in ann.state.log)
    seen = GAME.view(ann.state, 0)
    assert seen.players[1].hand == [HIDDEN] * len(ann.state.players[1].hand)
    assert GAME.log_lines(seen) == raw["state"]["log"]
    seat = GAME.to_move(ann.state)[0]
    player = ann if seat == 0 else SharedSession.open(tables, "TCUV", "ben")
    player.play(GAME.bot_action(GAME.view(player.state, seat), seat))
    rewritten = json.loads(tables.file("TCUV").read_bytes())
    assert rewritten["content_version"] == GAME.content_version and len(rewritten["actions"]) == len(raw["actions"]) + 1


# ----- content 4 files: rules the rulebook states, the Campaign's player order -------------------


def test_a_content_4_save_reads_as_it_was_and_plays_on_under_the_rulebooks_rules(store):
    """DESIGN.md, Saves: every format version bump ships a migration, tested on a stored old
    file. Content 5 added the Campaign's player order (R41) and plays Power on Submit (R17)."""
    raw = json.loads((DATA / "disciple_v4_versus_history.json").read_bytes())
    assert raw["entry"]["content_version"] == 4 and "order" not in raw["state"]
    options, state, actions = GAME.upgrade(4, raw["options"], raw["state"], raw["actions"])
    assert (options, actions) == (raw["options"], raw["actions"])
    carried = msgspec.convert(state, GAME.State)
    assert carried.order == [] and GAME.validate(carried) == []
    assert [p.vitality for p in carried.players] == [p["vitality"] for p in raw["state"]["players"]]


def test_a_content_4_campaign_resumes_in_the_seats_order_and_plays_on(store):
    old = (DATA / "disciple_v4_campaign_running.json").read_bytes()
    raw = json.loads(old)
    assert raw["content_version"] == 4 and raw["options"]["mode"] == "campaign"
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    state = session.state
    assert state.order == [] and without_log(state) == without_log(msgspec.convert(raw["state"], GAME.State))
    for _ in range(40):  # the seats' order stands in for the order no CL set then
        if session.outcome() is not None:
            break
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
        assert GAME.validate(session.state) == []
    rewritten = json.loads(store.paths.save_file("old").read_bytes())
    assert rewritten["content_version"] == GAME.content_version and len(rewritten["actions"]) > len(raw["actions"])


# ----- content 5 files: the numbers before the balance of content 6 ---------------------------


def test_a_content_5_run_resumes_mid_fight_and_plays_on_by_the_new_numbers(store):
    """DESIGN.md, Saves: every format version bump ships a migration, tested on a stored old
    file. Content 6 changed numbers only: the Judoka in the fight (7 of content 5's 13 left)
    takes content 6's 12 less the 6 damage it has taken, and the Blue Belt next in the event
    deck comes with content 6's 12, not content 5's 14."""
    from engine.disciple.content import load

    old = (DATA / "disciple_v5_solo_running.json").read_bytes()
    raw = json.loads(old)
    assert raw["content_version"] == 5 and raw["state"]["enemies"][0]["max_vitality"] == 13
    store.paths.save_file("old").write_bytes(old)
    session = GameSession.resume(store, "old")
    state = session.state
    judoka = state.enemies[0]
    assert (judoka.id, judoka.vitality, judoka.max_vitality) == ("jj_judoka", 6, 12)
    raw["state"]["enemies"][0].update(vitality=6, max_vitality=12)
    assert without_log(state) == without_log(msgspec.convert(raw["state"], GAME.State))
    assert state.players[0].event_deck[-1] == "jj_blue_belt" and load().enemies["jj_blue_belt"].vitality == 12
    met = []
    for _ in range(400):
        if session.outcome() is not None or len(met) == 2:
            break
        session.play(GAME.bot_action(session.state, GAME.to_move(session.state)[0]))
        assert GAME.validate(session.state) == []
        enemies = session.state.enemies
        if enemies and (enemies[0].id, enemies[0].max_vitality) not in met:
            met.append((enemies[0].id, enemies[0].max_vitality))
    assert met[:2] == [("jj_judoka", 12), ("jj_blue_belt", 12)]
    rewritten = json.loads(store.paths.save_file("old").read_bytes())
    assert rewritten["content_version"] == 6 and len(rewritten["actions"]) > len(raw["actions"])
