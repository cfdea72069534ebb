"""Saves: where they live, the envelope, atomic writes, listing, damage, migration, settings."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import atomic
from saves.atomic import backup_path, write_atomic
from saves.envelope import FORMAT_VERSION, Damaged
from saves.paths import ENV_VAR, DataPaths
from saves.session import GameSession
from saves.settings import Settings, load_settings, save_settings

DATA = Path(__file__).with_name("data")
GAME = GAMES["disruption"]


def play_some(session: GameSession, moves: int, seed: int = 0) -> None:
    chooser = Rng.from_seed(seed)
    for _ in range(moves):
        if session.outcome() is None:
            session.play(chooser.choice(session.legal_actions()))


# ----- where files live ---------------------------------------------------------------------


def test_data_dir_flag_beats_environment_beats_platform_default(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    assert DataPaths.resolve(tmp_path / "flag").root == tmp_path / "flag"
    assert DataPaths.resolve().root == tmp_path / "from-env"
    monkeypatch.delenv(ENV_VAR)
    assert "tabletop-tui" in str(DataPaths.resolve().root)


# ----- the envelope and autosave --------------------------------------------------------------


def test_a_new_game_is_saved_with_the_full_envelope(store):
    session = GameSession.start(store, GAME, 77, no_dice=True)
    raw = json.loads(store.paths.save_file(session.save_id).read_bytes())
    assert raw["format"] == "tabletop-tui-save" and raw["version"] == FORMAT_VERSION
    assert raw["game_id"] == "disruption" and raw["content_version"] == GAME.content_version
    assert raw["seed"] == 77 and raw["options"] == {"accursed_joker": False, "no_dice": True}
    assert raw["created"] == raw["updated"] == "2026-05-17T20:30:00+00:00"
    assert raw["label"] and raw["summary"].startswith("Wins 0/10")
    assert raw["actions"] == []
    assert raw["state"]["no_dice"] is True


def test_every_action_is_saved_at_once(store):
    session = GameSession.start(store, GAME, 3)
    for moves in range(1, 4):
        play_some(session, 1, seed=moves)
        on_disk = GameSession.resume(store, session.save_id)
        assert len(on_disk.envelope.actions) == moves
        assert msgspec.json.encode(on_disk.state) == msgspec.json.encode(session.state)


# ----- atomic writes --------------------------------------------------------------------------


def test_write_keeps_the_previous_version_as_backup(tmp_path):
    target = tmp_path / "file.json"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    write_atomic(target, b"three")
    assert target.read_bytes() == b"three"
    assert backup_path(target).read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_crash_before_the_rename_leaves_the_old_save(tmp_path, monkeypatch):
    target = tmp_path / "file.json"
    write_atomic(target, b"old and whole")

    def crash(*args, **kwargs):
        raise OSError("power cut")

    monkeypatch.setattr(atomic.os, "replace", crash)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old and whole"


def test_a_crash_while_writing_the_temp_file_leaves_the_old_save(tmp_path, monkeypatch):
    target = tmp_path / "file.json"
    write_atomic(target, b"old and whole")

    def crash(fd):
        raise OSError("disk gone")

    monkeypatch.setattr(atomic.os, "fsync", crash)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old and whole"


def test_leftover_temp_files_are_not_listed(store):
    GameSession.start(store, GAME, 1)
    (store.paths.saves / ".disruption-x.json.123.tmp").write_bytes(b"half")
    assert len(store.list()) == 1 and not store.list()[0].damaged


# ----- listing, rename, delete ------------------------------------------------------------------


def test_listing_is_newest_first_with_label_game_summary_and_time(paths):
    from datetime import datetime, timezone

    from saves.store import SaveStore

    times = iter(datetime(2026, 1, day, tzinfo=timezone.utc) for day in range(1, 30))
    store = SaveStore(paths, GAMES, clock=lambda: next(times))
    first = GameSession.start(store, GAME, 1)
    second = GameSession.start(store, GAME, 2)
    play_some(first, 2)  # played last: now the newest
    entries = store.list()
    assert [e.save_id for e in entries] == [first.save_id, second.save_id]
    assert entries[0].game_id == "disruption" and entries[0].summary == GAME.summary(first.state)
    assert entries[0].updated > entries[1].updated
    assert store.most_recent().save_id == first.save_id


def test_rename_changes_only_the_label(store):
    session = GameSession.start(store, GAME, 1)
    play_some(session, 3)
    store.rename(session.save_id, "  Friday night  ")
    again = GameSession.resume(store, session.save_id)
    assert again.envelope.label == "Friday night"
    assert msgspec.json.encode(again.state) == msgspec.json.encode(session.state)
    assert store.find("friday NIGHT").save_id == session.save_id
    with pytest.raises(ValueError):
        store.rename(session.save_id, "   ")


def test_delete_removes_the_save_and_its_backup(store):
    session = GameSession.start(store, GAME, 1)
    play_some(session, 2)
    path = store.paths.save_file(session.save_id)
    assert backup_path(path).exists()
    store.delete(session.save_id)
    assert not path.exists() and not backup_path(path).exists()
    assert store.list() == []


# ----- damaged files --------------------------------------------------------------------------


def valid_save_bytes(store) -> bytes:
    session = GameSession.start(store, GAME, 1)
    data = store.paths.save_file(session.save_id).read_bytes()
    store.delete(session.save_id)
    return data


def damage_cases(good: bytes) -> dict[str, tuple[bytes, str]]:
    raw = json.loads(good)
    newer = dict(raw, version=FORMAT_VERSION + 1)
    unknown = dict(raw, game_id="chess")
    wrong_shape = dict(raw, seed="not a number")
    bad_state = dict(raw, state={"rng": "nonsense"})
    other_content = dict(raw, content_version=raw["content_version"] + 1)
    return {
        "empty": (b"", "empty"),
        "truncated": (good[: len(good) // 2], "not complete JSON"),
        "random": (bytes(range(256)) * 4, "not text"),
        "foreign": (b'{"hello": "world"}', "not a tabletop-tui save"),
        "wrong-shape": (json.dumps(wrong_shape).encode(), "wrong shape"),
        "unknown-game": (json.dumps(unknown).encode(), "unknown game 'chess'"),
        "newer": (json.dumps(newer).encode(), "newer tabletop-tui"),
        "bad-state": (json.dumps(bad_state).encode(), "state is not valid"),
        "other-content": (json.dumps(other_content).encode(), "made with newer Disruption cards"),
    }


def test_each_kind_of_damage_is_listed_with_its_reason_and_left_untouched(store):
    cases = damage_cases(valid_save_bytes(store))
    for name, (data, _) in cases.items():
        store.paths.save_file(name).write_bytes(data)
    healthy = GameSession.start(store, GAME, 9)
    entries = {entry.save_id: entry for entry in store.list()}
    for name, (data, reason) in cases.items():
        assert entries[name].damaged, name
        assert reason in entries[name].damage, (name, entries[name].damage)
        with pytest.raises(Damaged):
            GameSession.resume(store, name)
        with pytest.raises(Damaged):
            store.rename(name, "fixed?")
        assert store.paths.save_file(name).read_bytes() == data  # never overwritten
    assert not entries[healthy.save_id].damaged
    assert store.most_recent().save_id == healthy.save_id
    play_some(healthy, 3)  # playing goes on beside the damaged files


def test_new_saves_never_take_a_damaged_files_name(store):
    stamp = "20260517-203000"
    store.paths.save_file(f"disruption-{stamp}").write_bytes(b"garbage")
    session = GameSession.start(store, GAME, 1)
    assert session.save_id != f"disruption-{stamp}"
    assert store.paths.save_file(f"disruption-{stamp}").read_bytes() == b"garbage"


# ----- migration ------------------------------------------------------------------------------


def test_a_version_1_save_is_migrated_and_plays_on(store):
    old = (DATA / "disruption_v1.json").read_bytes()
    assert json.loads(old)["version"] == 1
    store.paths.save_file("old-game").write_bytes(old)
    session = GameSession.resume(store, "old-game")
    assert session.envelope.version == FORMAT_VERSION
    assert session.envelope.game_id == "disruption" and len(session.envelope.actions) == 4
    # its moves were replayed under the current rules: the log is data and told anew
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
    assert GAME.log_lines(session.state)[-1].startswith("Defender ")
    play_some(session, 1)
    rewritten = json.loads(store.paths.save_file("old-game").read_bytes())
    assert rewritten["version"] == FORMAT_VERSION and "moves" not in rewritten
    assert backup_path(store.paths.save_file("old-game")).read_bytes() == old


def resume_old(store, name: str) -> tuple[GameSession, bytes]:
    old = (DATA / name).read_bytes()
    assert json.loads(old)["content_version"] == 1  # written before the log was data
    store.paths.save_file("old").write_bytes(old)
    return GameSession.resume(store, "old"), old


def test_an_old_druid_path_save_is_replayed_under_the_new_rules_and_plays_on(store):
    game = GAMES["druid-path"]
    session, old = resume_old(store, "druid_path_state1.json")
    raw = json.loads(old)
    assert raw["content_version"] == 1 and isinstance(raw["state"]["log"][0], str)
    assert session.envelope.content_version == game.content_version == 3
    # the moves lead to the table (the pause after each combat taken where it falls)
    assert msgspec.json.encode(session.replay()) == msgspec.json.encode(session.state)
    assert len(session.envelope.actions) > len(raw["actions"])  # NextTurn after each combat
    assert all(line.what != "said" for line in session.state.log)  # every line told anew
    assert "The Darach moves." in game.log_lines(session.state)
    play_some(session, 5)
    rewritten = json.loads(store.paths.save_file("old").read_bytes())
    assert rewritten["content_version"] == game.content_version and isinstance(rewritten["state"]["log"][-1][1], list)


def test_an_old_save_whose_moves_do_not_lead_to_its_table_keeps_its_text(store):
    game = GAMES["druid-path"]
    raw = json.loads((DATA / "druid_path_state1.json").read_bytes())
    raw["actions"] = raw["actions"][:-1]  # one move short of the table saved
    store.paths.save_file("old").write_bytes(json.dumps(raw).encode())
    session = GameSession.resume(store, "old")
    assert game.log_lines(session.state) == raw["state"]["log"]  # the old lines, as they were
    play_some(session, 3)  # and it plays on


def test_an_old_druid_path_campaign_upgrades_the_game_inside_it(store):
    game = GAMES["druid-path"]
    session, old = resume_old(store, "druid_path_campaign_state1.json")
    assert session.kind == "campaign"
    text = json.loads(old)["state"]["game"]["log"]
    assert game.log_lines(session.state)[0] == text[0]  # the same first line, told anew
    assert all(line.what != "said" for line in session.state.log)
    play_some(session, 3)
    assert json.loads(store.paths.save_file("old").read_bytes())["content_version"] == game.content_version


def test_an_old_lost_disruption_save_no_longer_lists_a_score(store):
    old = json.loads((DATA / "disruption_lost_state1.json").read_bytes())
    assert "score" in old["summary"]  # how it was listed when it was saved
    store.paths.save_file("old").write_bytes(json.dumps(old).encode())
    entry = store.find("old")
    assert entry is not None and not entry.damaged
    assert entry.summary.startswith("Lost at ") and "score" not in entry.summary
    session = GameSession.resume(store, "old")
    assert session.outcome().score is None and not session.outcome().won


def test_a_save_from_a_newer_program_is_refused_with_the_reason(store):
    session = GameSession.start(store, GAMES["druid-path"], 3)
    raw = json.loads(store.paths.save_file(session.save_id).read_bytes())
    raw["content_version"] = 99
    store.paths.save_file(session.save_id).write_bytes(json.dumps(raw).encode())
    with pytest.raises(Damaged, match="newer Druid Path cards"):
        store.read(session.save_id)


# ----- settings -------------------------------------------------------------------------------


def test_settings_round_trip(paths):
    assert load_settings(paths) == (Settings(), "")
    save_settings(paths, Settings(theme="tabletop-light", show_odds=False))
    settings, problem = load_settings(paths)
    assert problem == "" and settings.theme == "tabletop-light" and settings.show_odds is False


def test_damaged_settings_fall_back_to_defaults_and_are_kept_aside(paths):
    paths.settings.write_bytes(b"{not json")
    settings, problem = load_settings(paths)
    assert settings == Settings()
    assert problem == "settings.json cannot be used: the file is not complete JSON (truncated or corrupted); using defaults"
    save_settings(paths, Settings(theme="tabletop-ansi"))
    assert (paths.root / "settings.damaged.json").read_bytes() == b"{not json"
    assert load_settings(paths)[0].theme == "tabletop-ansi"




def test_continue_never_picks_a_finished_game(store):
    playing = GameSession.start(store, GAME, 1)
    play_some(playing, 2)
    done = GameSession.start(store, GAME, 2)
    play_some(done, 200)
    assert done.outcome() is not None
    done.save()  # a finished game kept among the saves (as older versions left them)
    entries = {entry.save_id: entry for entry in store.list()}
    assert entries[done.save_id].finished and not entries[playing.save_id].finished
    assert store.most_recent().save_id == playing.save_id


def test_a_save_reads_line_by_line_with_its_state_on_one_line(store):
    session = GameSession.start(store, GAME, 3)
    play_some(session, 3)
    text = store.paths.save_file(session.save_id).read_text()
    lines = text.splitlines()
    assert ' "label": ' in text and sum(line.startswith(' "state": {') for line in lines) == 1
    actions = [json.loads(line.strip().rstrip(",")) for line in lines if line.startswith("  {")]
    assert len(actions) == 3 and all("type" in action for action in actions)  # an action a line
    envelope = store.read(session.save_id)
    assert bytes(envelope.state) == msgspec.json.encode(session.state) and len(envelope.actions) == 3
