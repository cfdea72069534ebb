"""Autosaves on a thread of their own (saves/writer.py): in order, newest bytes, nothing lost
on a failure or a kill, and nothing read or removed behind their back."""

from __future__ import annotations

import errno
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import saves.writer
from engine.registry import GAMES
from saves.atomic import write_atomic
from saves.session import GameSession
from saves.writer import SaveWriter

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def slow_disk(monkeypatch):
    """Each write takes a while, so the writer really is behind the game; `broken` fails them."""
    disk = {"broken": False, "written": [], "gate": threading.Event(), "started": threading.Event()}
    disk["gate"].set()

    def write(path, data, keep_backup=True):
        disk["started"].set()
        assert disk["gate"].wait(5)
        time.sleep(0.02)
        if disk["broken"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        write_atomic(path, data, keep_backup)
        disk["written"].append((path.name, data))

    monkeypatch.setattr(saves.writer, "write_atomic", write)
    return disk


def test_files_are_written_in_order_each_with_its_newest_bytes(tmp_path, slow_disk):
    writer = SaveWriter()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    slow_disk["gate"].clear()  # the disk holds the first write until the rest are queued
    writer.write(a, b"a1")
    assert slow_disk["started"].wait(5)
    writer.write(a, b"a2")
    writer.write(b, b"b1")
    writer.write(a, b"a3")  # replaces a2, still queued, in its place before b
    slow_disk["gate"].set()
    writer.flush()
    assert a.read_bytes() == b"a3" and b.read_bytes() == b"b1"
    assert slow_disk["written"] == [("a.json", b"a1"), ("a.json", b"a3"), ("b.json", b"b1")]


def test_a_read_right_after_a_move_sees_the_move(store, slow_disk):
    store.write_in_background()
    session = GameSession.start(store, GAMES["disruption"], 5)
    session.play(session.legal_actions()[0])
    assert len(store.read(session.save_id).actions) == 1  # waited for the writer
    assert [e.save_id for e in store.list()] == [session.save_id]


def test_a_removed_save_is_not_written_again_afterwards(store, slow_disk):
    store.write_in_background()
    session = GameSession.start(store, GAMES["disruption"], 5)
    session.play(session.legal_actions()[0])
    store.delete(session.save_id)
    store.flush()
    assert not store.paths.save_file(session.save_id).exists()


def test_a_failed_write_is_told_with_the_next_move_and_not_lost(tmp_path, slow_disk):
    writer = SaveWriter()
    path = tmp_path / "s.json"
    slow_disk["broken"] = True
    writer.write(path, b"one")  # fails on the thread: nobody to tell yet
    writer.wait()
    with pytest.raises(OSError):
        writer.write(path, b"two")  # the next move is told
    slow_disk["broken"] = False
    writer.flush()  # the disk is back: the newest bytes land
    assert path.read_bytes() == b"two"


KILLED_WRITER = """
import json, sys
from pathlib import Path
from saves.writer import SaveWriter
writer, path = SaveWriter(), Path(sys.argv[1])
print("ready", flush=True)
n = 0
while True:
    n += 1
    writer.write(path, json.dumps({"n": n, "body": "x" * (n % 5000)}).encode())
"""


@pytest.mark.parametrize("delay", [0.05, 0.2, 0.4])
def test_a_kill_at_any_moment_leaves_a_whole_save(tmp_path, delay):
    path = tmp_path / "s.json"
    process = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE
    )
    assert process.stdout.readline() == b"ready\n"
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()
    if path.exists():  # the first write may not have landed yet: then there is no file at all
        saved = json.loads(path.read_bytes())
        assert saved["body"] == "x" * (saved["n"] % 5000)
