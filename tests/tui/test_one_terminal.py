"""A save is open in one terminal at a time, and no move is lost without a word.

Two real apps, each in its own process on its own pseudo-terminal, open one save: the second is
told where it is open and may watch it or take it over; the first then lets go, and writes no
more. A full disk and a read-only data folder: the last move's failed autosave is told before
the game (or the app) is left, with the choice to try again or to leave without it, and an
exit that leaves a move unsaved is not status 0.

The full disk is a small tmpfs where this process may mount one (as root); elsewhere the same
test runs with a writer that fails on demand, with the error the disk would give. The
read-only folder is the same tmpfs remounted read-only, else a folder without write
permission (not as root), else the failing writer.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from engine.registry import GAMES
from saves import atomic, holds
from saves.paths import DataPaths
from saves.session import GameSession
from saves.store import SaveStore
from tests.conftest import screen_text
from tests.tui.launcher import SIZE, make_app
from tests.tui.pty_app import PtyApp
from tui.app import MOVES_LOST, TabletopApp
from tui.game_screen import GameScreen
from tui.screens.dialogs import NotSaved, OpenElsewhereChoice
from tui.screens.home import HomeScreen

GAME = GAMES["disruption"]
SEED = 3  # the table shows "Ritual Defender"; `r` rolls with no ally, a legal move throughout


def moves_in(path: Path) -> int:
    return len(msgspec.json.decode(path.read_bytes())["actions"])


def wait_for(check, patience: float = 30.0) -> bool:
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def a_save(data: Path) -> str:
    store = SaveStore(DataPaths.resolve(str(data)), GAMES)
    session = GameSession.start(store, GAME, SEED)
    session.hold.release()  # made here for the apps: this process does not keep it open
    return session.save_id


# ----- two terminals ---------------------------------------------------------------------


def test_a_second_terminal_is_told_and_may_watch_or_take_the_save_over(tmp_path):
    save_id = a_save(tmp_path)
    path = DataPaths.resolve(str(tmp_path)).save_file(save_id)
    first = PtyApp(tmp_path, "continue", save_id)
    second = None
    try:
        assert first.read_until(b"Ritual Defender")
        first.drain()
        first.press(b"r")
        assert wait_for(lambda: moves_in(path) == 1)

        second = PtyApp(tmp_path, "continue", save_id)
        assert second.read_until(b"open in another terminal"), "the second terminal was not told"
        second.drain()
        second.press(b"w")  # watch: the table follows the first terminal's moves
        assert second.read_until(b"WATCHING")
        second.drain()
        first.press(b"r")
        assert wait_for(lambda: moves_in(path) == 2)
        assert second.read_until(b"move 2/2"), "the watcher did not follow the move"
        second.press(b"q")
        second.drain()

        second.press(b"c")  # Continue, on its home screen: asked again, and takes it over
        assert second.read_until(b"open in another terminal")
        second.drain()
        second.press(b"t")
        assert first.read_until(b"taken over"), "the first terminal was not told"
        assert second.read_until(b"Ritual Defender")
        second.drain()
        second.press(b"r")
        assert wait_for(lambda: moves_in(path) == 3)

        first.drain()
        first.press(b"r")  # the first is on its home screen now: `r` opens the rules, moves nothing
        first.drain()
        assert moves_in(path) == 3
        first.press(b"\x1b")
        first.drain()
        first.press(b"c")  # Continue: the save is the second's now
        assert first.read_until(b"open in another terminal")
        first.drain()

        second.process.kill()  # a holder that crashed: the lock went with it
        second.process.wait()
        first.press(b"\x1b")
        first.drain()
        first.press(b"c")
        assert first.read_until(b"Ritual Defender"), "a crashed holder kept the save"
        first.drain()
        first.press(b"r")
        assert wait_for(lambda: moves_in(path) == 4)  # 1, 2, 3 then 4: nothing was overwritten
    finally:
        first.close()
        if second is not None:
            second.close()


def test_a_holder_that_does_not_let_go_keeps_the_save(tmp_path):
    """A terminal stopped (Ctrl+Z) cannot let go: asking it times out, and says so."""
    save_id = a_save(tmp_path)
    first = PtyApp(tmp_path, "continue", save_id)
    try:
        assert first.read_until(b"Ritual Defender")
        first.drain()
        first.process.send_signal(19)  # SIGSTOP
        folder = DataPaths.resolve(str(tmp_path)).saves
        with pytest.raises(holds.OpenElsewhere) as refused:
            holds.take_over(folder, save_id, wait=0.5)
        assert refused.value.stuck and refused.value.holder.pid == first.process.pid
        assert not holds.request_path(folder, save_id).exists()  # the request is withdrawn
    finally:
        first.process.send_signal(18)  # SIGCONT
        first.close()


def test_a_save_is_held_once_a_process_and_let_go_when_no_screen_shows_it(paths):
    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, GAME, 1)
    again = GameSession.resume(store, session.save_id)  # the same terminal: the same hold
    assert again.hold is session.hold and session.hold.held
    other = subprocess.run(
        [sys.executable, "-c", f"from pathlib import Path; from saves import holds; holds.hold(Path({str(paths.saves)!r}), {session.save_id!r})"],
        capture_output=True, text=True, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    assert "OpenElsewhere" in other.stderr
    session.hold.release()
    assert holds.holder_elsewhere(paths.saves, session.save_id) is None


# ----- a full disk, a read-only folder -------------------------------------------------------


class FailingDisk:
    """Writes in the data folder fail with `code` while `failing`: the real disk (a tmpfs)
    where one could be mounted, else the save layer's writes made to fail the same way."""

    def __init__(self, root: Path, code: int, monkeypatch) -> None:
        self.root, self.code, self.real = root, code, False
        self._monkeypatch = monkeypatch
        self.failing = False

    def start(self) -> None:
        self.failing = True

    def stop(self) -> None:
        self.failing = False

    def fake(self) -> None:
        real_write = atomic.write_atomic

        def write(path, data, keep_backup=True):
            if self.failing and Path(path).is_relative_to(self.root):
                raise OSError(self.code, os.strerror(self.code), str(path.parent / f".{path.name}.tmp"))
            return real_write(path, data, keep_backup)

        for module in ("saves.atomic", "saves.writer", "saves.store"):
            self._monkeypatch.setattr(f"{module}.write_atomic", write)


def mount_tmpfs(where: Path, size: str) -> bool:
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    return done.returncode == 0


class FullDisk(FailingDisk):
    def __init__(self, root: Path, monkeypatch) -> None:
        super().__init__(root, errno.ENOSPC, monkeypatch)
        self.real = mount_tmpfs(root, "256k")
        if not self.real:
            self.fake()

    def start(self) -> None:
        super().start()
        if self.real:  # fill it to the last page
            fd = os.open(self.root / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
            try:
                for chunk in (65536, 4096, 1):
                    try:
                        while True:
                            os.write(fd, b"\0" * chunk)
                    except OSError as error:
                        assert error.errno == errno.ENOSPC, error
            finally:
                os.close(fd)

    def stop(self) -> None:
        super().stop()
        if self.real:
            (self.root / "filler").unlink(missing_ok=True)

    def close(self) -> None:
        if self.real:
            subprocess.run(["umount", "-l", str(self.root)], capture_output=True)


class ReadOnlyFolder(FailingDisk):
    def __init__(self, root: Path, monkeypatch) -> None:
        super().__init__(root, errno.EROFS, monkeypatch)
        self.mounted = mount_tmpfs(root, "1m")
        self.by_permission = not self.mounted and os.geteuid() != 0
        self.real = self.mounted or self.by_permission
        if not self.real:
            self.fake()

    def start(self) -> None:
        super().start()
        if self.mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(self.root)], check=True)
        elif self.by_permission:
            (self.root / "saves").chmod(0o555)

    def stop(self) -> None:
        super().stop()
        if self.mounted:
            subprocess.run(["mount", "-o", "remount,rw", str(self.root)], check=True)
        elif self.by_permission:
            (self.root / "saves").chmod(0o755)

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.root)], capture_output=True)


@pytest.fixture(params=["full-disk", "read-only"])
def failing(request, tmp_path, monkeypatch):
    kind = FullDisk if request.param == "full-disk" else ReadOnlyFolder
    disk = kind(tmp_path / "data", monkeypatch)
    try:
        yield disk
    finally:
        disk.stop()
        disk.close()


def start_game(app: TabletopApp) -> None:
    app.start_game("disruption", SEED)


async def test_a_last_move_that_cannot_be_saved_is_told_before_leaving(failing):
    paths = DataPaths(failing.root)
    paths.ensure()
    app = make_app(paths, on_start=start_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreen)
        path = paths.save_file(table.session.save_id)
        await pilot.press("r")
        app.store.flush()
        assert moves_in(path) == 1
        failing.start()
        await pilot.press("r")  # its autosave fails on the writer's thread: said at once
        await pilot.pause(0.5)
        told = [str(n.message) for n in app._notifications]
        assert any(t.startswith("The last move could not be saved") for t in told), told
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, NotSaved), "the table was left without a word"
        await pilot.press("r")  # try again: still failing, still asked
        await pilot.pause()
        assert isinstance(app.screen, NotSaved)
        await pilot.press("escape")  # stay at the table
        await pilot.pause()
        assert app.screen is table
        failing.stop()
        await pilot.press("q")  # now it can be written: the table is left at once
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert moves_in(path) == 2

        app.resume(table.session.save_id)
        await pilot.pause()
        failing.start()
        await pilot.press("r")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, NotSaved), "the app was left without a word"
        await pilot.press("l")  # leave without it, knowingly
        await pilot.pause()
    assert app.return_code == MOVES_LOST
    failing.stop()
    assert moves_in(path) == 2  # the move not saved is not written later either
    print(f"{'a real' if failing.real else 'a simulated'} {type(failing).__name__}")


async def test_quitting_with_every_move_saved_is_status_0(paths):
    app = make_app(paths, on_start=start_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r", "ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_holder_asked_to_let_go_writes_its_moves_and_goes_home(paths):
    app = make_app(paths, on_start=start_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.screen.session
        await pilot.press("r")
        request = holds.request_path(paths.saves, session.save_id)
        request.write_bytes(msgspec.json.encode(holds.Holder(pid=4242, terminal="/dev/pts/9")))
        await pilot.pause(0.5)
        assert isinstance(app.screen, HomeScreen)
        told = [str(n.message) for n in app._notifications]
        assert any("taken over in another terminal (pts/9, process 4242" in t for t in told), told
        assert moves_in(paths.save_file(session.save_id)) == 1  # written before letting go
        with pytest.raises(OSError, match="taken over"):
            session.play(session.legal_actions()[0])  # and nothing is written after
        request.unlink()
    assert app.return_code in (None, 0)


async def test_a_request_left_by_a_terminal_that_died_is_not_obeyed(paths):
    app = make_app(paths, on_start=start_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
        request = holds.request_path(paths.saves, table.session.save_id)
        asking = holds.Holder(pid=int(gone.stdout), host=os.uname().nodename)
        request.write_bytes(msgspec.json.encode(asking))
        await pilot.pause(0.5)
        assert app.screen is table and table.session.hold.held
        assert not request.exists()  # cleared


async def test_the_second_terminal_is_offered_watch_or_take_over(paths):
    save_id = a_save(paths.root)
    holder = hold_in_a_child(paths.saves, save_id)
    try:
        app = make_app(paths, on_start=lambda app: app.resume(save_id))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, OpenElsewhereChoice)
            assert f"process {holder.pid}" in app.screen.message
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("s")  # the list says where it is open; it is neither renamed nor deleted here
            await pilot.pause()
            assert f"open in another terminal (process {holder.pid}" in screen_text(app).replace("\n  ", " ")
            await pilot.press("d")
            await pilot.pause()
            told = [str(n.message) for n in app._notifications]
            assert any("close it there first" in t for t in told), told
            assert paths.save_file(save_id).exists()
    finally:
        holder.kill()
        holder.wait()


def hold_in_a_child(folder: Path, save_id: str) -> subprocess.Popen:
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; from saves import holds;"
         " kept = holds.hold(Path(sys.argv[1]), sys.argv[2]); print('held', flush=True); time.sleep(60)",
         str(folder), save_id],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        cwd=Path(__file__).parents[2],
    )  # fmt: skip (no terminal: none is named)
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_a_finished_game_open_in_another_terminal_is_filed_there_not_by_a_new_start(paths):
    """Starting the app files what a crash left finished, but not a game another terminal has
    open: that terminal files it (a second filing could write over its record)."""
    from engine.core.rng import Rng
    from saves.filing import sweep
    from saves.history import History

    store = SaveStore(paths, GAMES)
    session = GameSession.start(store, GAME, 5)
    session.file = lambda: None  # the terminal playing it had not filed it yet
    chooser = Rng.from_seed(5)
    while session.outcome() is None:
        session.play(chooser.choice(session.legal_actions()))
    session.hold.release()
    holder = hold_in_a_child(paths.saves, session.save_id)
    try:
        (entry,) = store.list()
        assert entry.finished and f"process {holder.pid}" in entry.open_in
        assert sweep(store) == [] and store.paths.save_file(session.save_id).exists()
        assert not History(store).exists(session.save_id)
    finally:
        holder.kill()
        holder.wait()
    (filed,) = sweep(store)  # its terminal is gone: now it is filed, once
    assert filed.id == session.save_id and not store.paths.save_file(session.save_id).exists()


async def test_watching_follows_the_moves_and_says_when_the_game_ended_there(paths):
    from engine.core.rng import Rng

    other = SaveStore(paths, GAMES)  # the other terminal, as the file sees it
    session = GameSession.start(other, GAME, 5)
    app = make_app(paths, on_start=lambda app: app.watch_save(session.save_id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "WATCHING  move 0/0" in screen_text(app)
        chooser = Rng.from_seed(5)
        session.play(chooser.choice(session.legal_actions()))
        await pilot.pause(0.6)
        assert "WATCHING  move 1/1" in screen_text(app)
        while session.outcome() is None:  # played to its end there, and filed
            session.play(chooser.choice(session.legal_actions()))
        await pilot.pause(0.6)
        told = [str(n.message) for n in app._notifications]
        assert any("ended there: it is in your history" in t for t in told), told


async def test_taking_over_from_a_terminal_that_does_not_let_go_says_so(paths):
    """The app goes on while it waits (the screen is not frozen), then says what happened."""
    save_id = a_save(paths.root)
    holder = hold_in_a_child(paths.saves, save_id)  # it holds, and never looks for requests
    try:
        app = make_app(paths, on_start=lambda app: app.resume(save_id))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            assert holds.request_path(paths.saves, save_id).exists()  # asked, and waiting
            await pilot.pause(holds.TAKE_OVER_WAIT + 0.5)
            told = [str(n.message) for n in app._notifications]
            assert any("which did not let go of it" in t for t in told), told
            assert isinstance(app.screen, HomeScreen)
            assert not holds.request_path(paths.saves, save_id).exists()  # withdrawn
    finally:
        holder.kill()
        holder.wait()
