"""The data folder as it may really be: named pipes where files should be, temporary files of
killed writes, folders that cannot be entered or whose names are too long, a file where a
folder should be, two damaged settings files in a row, saves written in the same second; and
a crash, which leaves a crash file and a non-zero exit status, never a traceback."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from textual.app import App

from engine.registry import GAMES
from saves import daily, files  # noqa: F401 (loaded before a test drops privileges)
from saves.daily import load_attempts
from saves.decks import DeckStore, WordStore
from saves.history import History
from saves.paths import DataPaths
from saves.session import GameSession
from saves.settings import Settings, load_settings, save_settings
from saves.store import SaveStore
from saves.tables import TableStore
from tui import crash  # noqa: F401 (loaded before a test drops privileges)
from tui.app import TabletopApp
from tui.cli import main, shorten

GAME = GAMES["disruption"]
NOBODY = 65534


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@contextmanager
def no_hang(seconds: int = 20):
    """Fail, rather than hang the suite, if reading blocks (a named pipe opened for reading)."""

    def stuck(*_):
        raise AssertionError(f"blocked for {seconds} s")

    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ----- named pipes and other things that are not files ----------------------------------


def test_a_named_pipe_among_the_saves_is_listed_as_damaged_and_never_opened(capsys, tmp_path):
    data = tmp_path / "data"
    store = SaveStore(DataPaths(data), GAMES)
    session = GameSession.start(store, GAME, 1)
    os.mkfifo(store.paths.save_file("pipe"))
    (store.paths.saves / "folder.json").mkdir()
    with no_hang():
        entries = {entry.save_id: entry for entry in store.list()}
        assert entries["pipe"].damage == "it is a named pipe, not a file"
        assert entries["folder"].damage == "it is a folder, not a file"
        assert not entries[session.save_id].damaged
        code, out, err = run_main(capsys, "--data-dir", str(data), "continue", "pipe")
        assert code == 2 and "cannot be opened: it is a named pipe" in err
        code, out, _ = run_main(capsys, "--data-dir", str(data), "saves")
        assert code == 0 and "pipe  DAMAGED: it is a named pipe" in out
        assert store.most_recent().save_id == session.save_id  # continue skips it


def test_no_reader_of_the_data_folder_blocks_on_a_named_pipe(tmp_path):
    """Decks, the Lexicon, shared tables, the history, settings, daily tries: a pipe where a
    file should be is damage (or, for settings, defaults with the reason), at once."""
    paths = DataPaths(tmp_path / "data")
    store = SaveStore(paths, GAMES)
    for folder in (paths.decks, paths.lexicon, paths.tables, paths.history):
        folder.mkdir(parents=True)
    for fifo in (paths.decks / "ab-1.json", paths.lexicon / "shared.json", paths.tables / "KXPT.json",
                 paths.history / "old.json", paths.settings, paths.daily_attempts):  # fmt: skip
        os.mkfifo(fifo)
    with no_hang():
        (deck,) = DeckStore(paths.decks, "decknforge", dict).list()
        assert deck.damage == "it is a named pipe, not a file"
        words, damaged = WordStore(paths.lexicon, "decknforge", dict).load()
        assert damaged == [("shared", "it is a named pipe, not a file")]
        (table,) = TableStore(paths, GAMES).list()
        assert table.damage == "it is a named pipe, not a file"
        (finished,) = History(store).list()
        assert finished.damage == "it is a named pipe, not a file"
        settings, problem = load_settings(paths)
        assert settings == Settings() and "a named pipe" in problem
        assert load_attempts(store).attempts == []
        assert (paths.root / "daily.damaged.json").exists()  # kept aside, not lost


def test_a_file_far_too_large_is_refused_unread_wherever_it_sits(capsys, tmp_path):
    """A sparse 3 GB file takes no disk, but reading it would take minutes and all memory."""
    paths = DataPaths(tmp_path / "data")
    store = SaveStore(paths, GAMES)
    for folder in (paths.saves, paths.decks, paths.tables, paths.history):
        folder.mkdir(parents=True, exist_ok=True)
    huge = (store.paths.save_file("huge"), paths.decks / "ab-1.json", paths.tables / "KXPT.json",
            paths.history / "old.json", paths.settings)  # fmt: skip
    for path in huge:
        with open(path, "wb") as handle:
            handle.truncate(3 * 1024**3)
    said = "it is 3,072 MB, far more than any file of the app holds (64 MB at most)"
    with no_hang(10):
        assert store.list()[0].damage == said
        assert DeckStore(paths.decks, "decknforge", dict).list()[0].damage == said
        assert TableStore(paths, GAMES).list()[0].damage == said
        assert History(store).list()[0].damage == said
        settings, problem = load_settings(paths)
        assert settings == Settings() and "3,072 MB" in problem
        code, out, _ = run_main(capsys, "--data-dir", str(paths.root), "saves")
        assert code == 0 and "huge  DAMAGED: it is 3,072 MB" in out


def test_json_nested_thousands_deep_is_damage_in_every_file_never_a_crash(capsys, tmp_path):
    """msgspec gives up at Python's recursion limit with a RecursionError, which no reader
    expected: `saves` crashed on such a file."""
    from datetime import date

    from saves import names

    paths = DataPaths(tmp_path / "data")
    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, GAME, 1)
    day = date(2026, 12, 1)
    for folder in (paths.decks, paths.lexicon, paths.tables, paths.history, paths.daily / day.isoformat()):
        folder.mkdir(parents=True, exist_ok=True)
    deep = "[" * 100_000 + "]" * 100_000
    for path in (store.paths.save_file("deep"), store.paths.saves / ".listing.json", paths.decks / "ab-1.json",
                 paths.lexicon / "shared.json", paths.tables / "KXPT.json", paths.history / "old.json",
                 paths.history / ".index.json", paths.settings, paths.daily_attempts,
                 paths.daily / day.isoformat() / "someone.json", paths.names):  # fmt: skip
        path.write_text('{"format": "tabletop-tui-save", "version": 1, "x": %s}' % deep)
    said = "it nests lists or objects thousands deep, as no file of the app does"
    entries = {entry.save_id: entry for entry in store.list()}
    assert entries["deep"].damage == said and not entries[session.save_id].damaged
    assert DeckStore(paths.decks, "decknforge", dict).list()[0].damage == said
    assert WordStore(paths.lexicon, "decknforge", dict).load()[1] == [("shared", said)]
    assert TableStore(paths, GAMES).list()[0].damage == said
    assert History(store).list()[0].damage == said
    assert load_settings(paths)[1] == f"settings.json cannot be used: {said}; using defaults"
    assert load_attempts(store).attempts == []
    assert daily.read_board(store, day).lines == []
    assert names.claim_name(paths, "key-1", "Ann") == ("", f"names.json cannot be used: {said}; it is kept as"
                                                      " names.damaged.json and a new list begun")  # fmt: skip
    assert (paths.root / "names.damaged.json").read_text().endswith("]}")  # kept as it was
    code, out, _ = run_main(capsys, "--data-dir", str(paths.root), "saves")
    assert code == 0 and f"deep  DAMAGED: {said}" in out


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path):
    """The size is checked again on the bytes read: a file may grow after it was examined
    (here a file of the system that reports no size at all)."""
    proc_file = Path("/proc/self/maps")
    if not proc_file.exists():
        pytest.skip("needs /proc")
    assert len(files.read_regular(proc_file)) > 100
    with pytest.raises(files.NotAFile, match="far more than any file"):
        files.read_regular(proc_file, limit=100)


# ----- temporary files of killed writes -------------------------------------------------


def test_temporary_files_of_gone_processes_are_removed_when_the_folder_is_next_used(store):
    GameSession.start(store, GAME, 1)
    gone = 2**22 + 12345  # above any pid this system hands out
    saves = store.paths.saves
    left = [saves / f".disruption-x.json.{gone}.tmp", saves / f".disruption-x.json.bak.{gone}.tmp"]
    alive = [saves / f".disruption-y.json.{os.getpid()}.tmp", saves / f".disruption-z.json.{os.getppid()}.tmp"]
    for path in left + alive:
        path.write_bytes(b"half a save")
    assert len(store.list()) == 1
    assert not any(path.exists() for path in left)
    assert all(path.exists() for path in alive)  # a write still under way is not touched


def test_the_first_write_in_a_folder_removes_what_killed_writes_left(paths):
    from saves.atomic import write_atomic

    paths.decks.mkdir()
    stale = paths.decks / f".ab-1.json.{2**22 + 7}.tmp"
    stale.write_bytes(b"half a deck")
    write_atomic(paths.decks / "ab-1.json", b"{}")
    assert not stale.exists()


# ----- the data folder itself -------------------------------------------------------------


@pytest.mark.parametrize("command", [["saves"], ["continue"], ["history"], []])
def test_an_empty_data_dir_is_refused_not_taken_for_the_usual_folder(capsys, command):
    code, out, err = run_main(capsys, "--data-dir", "", *command)
    assert code == 2 and err == "tabletop-tui: --data-dir needs a folder name (an empty one would mean the usual folder)\n"


@pytest.mark.parametrize("command", [["saves"], ["continue"], []])
def test_a_file_where_the_data_folder_or_saves_folder_should_be_is_named(capsys, tmp_path, command):
    as_file = tmp_path / "data"
    as_file.write_text("not a folder")
    code, _, err = run_main(capsys, "--data-dir", str(as_file), *command)
    assert code == 2 and err == f"tabletop-tui: cannot use the data folder {shorten(as_file)}: it is a file, not a folder\n"
    folder = tmp_path / "other"
    folder.mkdir()
    (folder / "saves").write_text("")
    code, _, err = run_main(capsys, "--data-dir", str(folder), *command)
    assert code == 2 and err == f"tabletop-tui: cannot use the saves folder {shorten(folder / 'saves')}: it is a file, not a folder\n"


@pytest.mark.parametrize("command", [["saves"], ["continue"], ["history"], ["stats"], []])
def test_a_name_too_long_is_one_line_and_exit_2(capsys, tmp_path, command):
    long = tmp_path / ("a" * 300)
    code, out, err = run_main(capsys, "--data-dir", str(long), *command)
    assert code == 2 and err.count("\n") == 1 and err.endswith(": File name too long\n")
    assert "Traceback" not in err and len(err) < 200


def run_as_another_user(argv: list[str]) -> tuple[int, str]:
    """main(argv) in a process that may not enter folders it does not own. Run as root, the
    test forks and drops to `nobody`: a folder's permissions do not stop root."""
    if os.geteuid() != 0:
        err = io.StringIO()
        old, sys.stderr = sys.stderr, err
        try:
            return main(argv), err.getvalue()
        finally:
            sys.stderr = old
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        code = 99
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
            code = main(argv)
            os.write(write, sys.stderr.getvalue().encode())
        finally:
            os._exit(code)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), data.decode()


@pytest.mark.parametrize("command", [["saves"], ["continue"], []])
@pytest.mark.parametrize("locked", ["", "saves"])
def test_a_folder_that_may_not_be_entered_is_one_line_and_exit_2(command, locked):
    data = Path(tempfile.mkdtemp(prefix="tabletop-eacces-"))  # reachable by the other user
    data.chmod(0o755)
    (data / "saves").mkdir()
    (data / locked).chmod(0o000)
    try:
        code, err = run_as_another_user(["--data-dir", str(data), *command])
    finally:
        (data / locked).chmod(0o755)
        shutil.rmtree(data)
    what = "saves folder" if locked else "data folder"
    assert code == 2 and err == f"tabletop-tui: cannot use the {what} {shorten(data / locked)}: Permission denied\n"


# ----- damaged copies, JSON of the wrong shape, the newest save ---------------------------------


def test_a_second_damaged_settings_file_does_not_replace_the_first_ones_copy(paths):
    for damage in (b"{first", b"[2]"):
        paths.settings.write_bytes(damage)
        save_settings(paths, Settings(theme="tabletop-ansi"))
    assert (paths.root / "settings.damaged.json").read_bytes() == b"{first"
    assert (paths.root / "settings.damaged-2.json").read_bytes() == b"[2]"


@pytest.mark.parametrize(
    "text, reason",
    [(b"[1, 2]", "it holds a JSON list, not a tabletop-tui save"),
     (b'"save"', "it holds a JSON string, not a tabletop-tui save"),
     (b"7", "it holds a number, not a tabletop-tui save"),
     (b"[1, 2", "the file is not complete JSON (truncated or corrupted)")],
)  # fmt: skip
def test_json_that_is_not_an_object_is_named_for_what_it_is(store, text, reason):
    store.paths.save_file("odd").write_bytes(text)
    (entry,) = store.list()
    assert entry.damage == reason


def _stamp(store: SaveStore, save_id: str, updated: str) -> None:
    path = store.paths.save_file(save_id)
    saved = json.loads(path.read_bytes())
    saved["updated"] = updated
    path.write_bytes(json.dumps(saved).encode())


def test_continue_picks_the_newest_save_by_time_not_by_the_text_of_its_time_or_id(store):
    earlier = GameSession.start(store, GAME, 1).save_id
    later = GameSession.start(store, GAME, 2).save_id
    assert later > earlier  # ids alone would pick `later`
    _stamp(store, earlier, "2026-05-17T21:00:00+00:00")
    _stamp(store, later, "2026-05-17T23:30:00+03:00")  # 20:30 UTC: earlier, though its text is larger
    assert store.most_recent().save_id == earlier
    same = "2026-05-17T21:00:00+00:00"  # the same second: the file written last is the newest
    _stamp(store, later, same)
    _stamp(store, earlier, same)
    os.utime(store.paths.save_file(later), ns=(10**18, 10**18))
    os.utime(store.paths.save_file(earlier), ns=(2 * 10**18, 2 * 10**18))
    assert store.most_recent().save_id == earlier


# ----- a crash ----------------------------------------------------------------------------


def test_a_crash_on_the_command_line_writes_a_crash_file_and_exits_1(capsys, tmp_path, monkeypatch):
    def broken(self):
        secret = "a whole save's worth of state"  # noqa: F841 (must not reach the terminal)
        raise RuntimeError("a bug")

    monkeypatch.setattr(SaveStore, "list", broken)
    code, out, err = run_main(capsys, "--data-dir", str(tmp_path / "data"), "saves")
    (report,) = (tmp_path / "data" / "crashes").iterdir()
    assert code == 1 and out == ""
    assert err == f"tabletop-tui: an unexpected error stopped the program; the details are in {report}\n"
    text = report.read_text()
    assert "RuntimeError: a bug" in text and "Traceback" in text and "secret = " in text


def test_a_crash_inside_the_app_exits_1_with_one_line_and_a_crash_file(capfd, tmp_path, monkeypatch):
    data = tmp_path / "data"
    store = SaveStore(DataPaths(data), GAMES)
    GameSession.start(store, GAME, 1)

    def broken(self, save_id):
        state = GameSession.resume(self.store, save_id).state  # noqa: F841 (the 68 KB of locals)
        raise AssertionError("the table cannot be drawn")

    monkeypatch.setattr(TabletopApp, "resume", broken)
    monkeypatch.setattr(TabletopApp, "run", lambda self: App.run(self, headless=True, size=(80, 24)))
    code = main(["--data-dir", str(data), "continue"])
    out, err = capfd.readouterr()
    (report,) = (data / "crashes").iterdir()
    assert code == 1
    assert "Traceback" not in err and "defender_deck" not in err and "─" not in err
    assert f"tabletop-tui: an unexpected error stopped the program; the details are in {report}" in err
    assert "AssertionError: the table cannot be drawn" in report.read_text()
