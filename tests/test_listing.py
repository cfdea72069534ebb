"""The saved-games list remembers each unchanged file's line (saves/listing.py): a start with
many saves looks at each file instead of checking every game again, and never shows a line
that no longer fits its file."""

from __future__ import annotations

import json
import os

import pytest

from engine.core.rng import Rng
from engine.registry import GAMES
from saves import listing
from saves.listing import LISTING_NAME
from saves.session import GameSession
from saves.store import SaveStore

GAME = GAMES["disruption"]
LONG_AGO_NS = 1_700_000_000 * 10**9  # November 2023


def age(path) -> None:
    """As if the file had been written long ago (a just-written file is never remembered)."""
    os.utime(path, ns=(LONG_AGO_NS, LONG_AGO_NS))


@pytest.fixture
def checks(monkeypatch) -> list[str]:
    """Every save the store checks in full, by id."""
    seen: list[str] = []
    read = SaveStore._read

    def counted(self, save_id):
        seen.append(save_id)
        return read(self, save_id)

    monkeypatch.setattr(SaveStore, "_read", counted)
    return seen


def saved_games(store, count: int) -> list[str]:
    ids = []
    for seed in range(count):
        session = GameSession.start(store, GAME, seed)
        session.play(Rng.from_seed(seed).choice(session.legal_actions()))
        age(store.paths.save_file(session.save_id))
        ids.append(session.save_id)
    return ids


def test_an_unchanged_file_is_not_checked_again_even_by_another_process(store, paths, checks):
    ids = saved_games(store, 3)
    first = store.list()
    assert sorted(checks) == sorted(ids)
    checks.clear()
    fresh = SaveStore(paths, GAMES)  # as the next start of the program would
    again = fresh.list()
    assert checks == []
    assert again == first  # the same lines: labels, summaries, times, order


def test_a_file_that_changed_is_checked_again(store, checks):
    damaged, kept = saved_games(store, 2)
    store.list()
    path = store.paths.save_file(damaged)
    text = path.read_bytes()
    path.write_bytes(text.replace(b'"format"', b'"f0rmat"'))  # same size, in place
    os.utime(path, ns=(LONG_AGO_NS + 1, LONG_AGO_NS + 1))  # long ago, but not the time it was listed at
    checks.clear()
    entries = {e.save_id: e for e in SaveStore(store.paths, GAMES).list()}
    assert checks == [damaged]
    assert entries[damaged].damaged and not entries[kept].damaged


def test_a_file_just_written_is_checked_every_time(store, checks):
    session = GameSession.start(store, GAME, 5)  # not aged: it may change again within a tick
    store.list()
    store.list()
    assert checks == [session.save_id, session.save_id]


def test_a_changed_program_checks_every_file_again(store, checks, monkeypatch):
    ids = saved_games(store, 2)
    store.list()
    monkeypatch.setattr(listing, "program_stamp", lambda: "another version")
    checks.clear()
    SaveStore(store.paths, GAMES).list()
    assert sorted(checks) == sorted(ids)


@pytest.mark.parametrize("damage", ["garbage", "wrong shape", "a folder", "a named pipe"])
def test_a_damaged_listing_file_is_rebuilt(store, checks, damage):
    ids = saved_games(store, 2)
    first = store.list()
    target = store.paths.saves / LISTING_NAME
    target.unlink()
    if damage == "garbage":
        target.write_bytes(b"\x00{not json")
    elif damage == "wrong shape":
        target.write_bytes(b'{"program": 3, "files": []}')
    elif damage == "a folder":
        target.mkdir()
    else:
        os.mkfifo(target)
    checks.clear()
    assert SaveStore(store.paths, GAMES).list() == first
    assert sorted(checks) == sorted(ids)


def test_deleted_saves_are_forgotten(store):
    first, second = saved_games(store, 2)
    store.list()
    store.delete(first)
    assert [e.save_id for e in store.list()] == [second]
    remembered = json.loads((store.paths.saves / LISTING_NAME).read_bytes())["files"]
    assert list(remembered) == [f"{second}.json"]


def test_a_finished_game_is_still_filed_at_start(store, checks):
    """A crash between a game's last move and its record: the next start files it, reading
    only the saves whose game has ended, whether their lines were remembered or not."""
    from saves.filing import sweep
    from saves.history import History

    ongoing, ending = saved_games(store, 2)
    store.list()  # both remembered as games in progress
    session = GameSession.resume(store, ending)
    chooser = Rng.from_seed(1)

    def power_cut(self, record):
        raise OSError("power cut")

    with pytest.MonkeyPatch.context() as crash, pytest.raises(OSError):
        crash.setattr(History, "write", power_cut)
        while session.outcome() is None:
            session.play(chooser.choice(session.legal_actions()))
    age(store.paths.save_file(ending))
    checks.clear()
    filed = sweep(SaveStore(store.paths, GAMES))
    assert [entry.id for entry in filed] == [ending]
    assert set(checks) == {ending}  # the ongoing game's unchanged line said it was still going
    assert History(store).exists(ending)
    assert [e.save_id for e in store.list()] == [ongoing]
