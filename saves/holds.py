"""A save is open in one terminal at a time.

While a game is open its process holds an OS lock (flock) on `saves/.<id>.lock`; the lock
file also says who holds it (process, host, terminal, since when), for the message another
terminal shows. The lock dies with its process, so a crashed or killed holder leaves nothing
to clear: the next one to open the save takes the lock and writes its own record over the old.

Taking a save over: the terminal that wants it writes `saves/.<id>.takeover` (who it is) and
waits. The holder looks for that file a few times a second (TabletopApp), writes what it has
not written yet, lets go of the lock and leaves the game, saying who took it; the new holder
then reads the save as the old one left it. A holder that does not let go in time (stopped,
hung) keeps the save, and the one asking is told so.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
import weakref
from datetime import datetime, timezone
from pathlib import Path

import msgspec

from saves.files import JSON_DAMAGE, process_alive, read_regular

TAKE_OVER_WAIT = 3.0  # seconds a holder is given to let go
# A lock file is opened where it lies, never through a link (which could lead anywhere).
_OPEN = os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
# The saves this process holds, by their lock file's device and inode: one hold each, however
# the folder was named (a relative path, a link) or the lock file linked elsewhere.
# A hold lasts while something (a game's session) refers to it, or until it is released.
_HELD: weakref.WeakValueDictionary[tuple[int, int], Hold] = weakref.WeakValueDictionary()


class Holder(msgspec.Struct, frozen=True):
    """Who has a save open."""

    pid: int = 0
    host: str = ""
    terminal: str = ""  # the terminal's device (/dev/pts/3); "" when not known
    since: str = ""  # UTC, ISO 8601

    @property
    def where(self) -> str:
        """Where the save is open, in words: "in another terminal (pts/3, process 812, since 20:15)"."""
        parts = []
        if self.terminal:
            parts.append(self.terminal.removeprefix("/dev/"))
        if self.host and self.host != os.uname().nodename:
            parts.append(f"on {self.host}")
        if self.pid:
            parts.append(f"process {self.pid}")
        if self.since:
            parts.append(f"since {self.since[11:16]} UTC")
        return "in another terminal" + (f" ({', '.join(parts)})" if parts else "")


def this_process() -> Holder:
    terminal = ""
    for fd in (0, 1, 2):
        try:
            terminal = os.ttyname(fd)
            break
        except OSError:
            continue
    since = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return Holder(os.getpid(), os.uname().nodename, terminal, since)


class OpenElsewhere(Exception):
    """The save is open in another terminal (`holder` says where; None when it cannot be told)."""

    def __init__(self, save_id: str, holder: Holder | None, stuck: bool = False) -> None:
        self.save_id = save_id
        self.holder = holder
        self.stuck = stuck  # asked to let go, it did not in time
        where = holder.where if holder is not None else "in another terminal"
        if stuck:
            super().__init__(f"This game is open {where}, which did not let go of it.")
        else:
            super().__init__(f"This game is open {where}.")


class TakenOver(OSError):
    """A write refused: another terminal took the save over."""

    def __init__(self, holder: Holder | None) -> None:
        where = holder.where if holder is not None else "in another terminal"
        super().__init__(errno.EBUSY, f"the game was taken over {where}")
        self.holder = holder


class Hold:
    """This process's hold of one save: it lasts until `release`, or until nothing refers to
    it any more (the sessions of the game are gone), or the process ends."""

    def __init__(self, folder: Path, save_id: str, fd: int | None) -> None:
        self.folder = folder
        self.save_id = save_id
        self._fd = fd  # None: the folder allows no lock file (read-only): nothing to hold
        self.key = _key(os.fstat(fd)) if fd is not None else None
        # closing the descriptor releases the lock: done once, by release() or when forgotten
        self._close = weakref.finalize(self, os.close, fd) if fd is not None else None
        self.taken_by: Holder | None = None  # set when let go to a terminal taking it over

    @property
    def held(self) -> bool:
        return self.taken_by is None

    def asked_to_let_go(self) -> bool:
        """Another terminal, still running, asks for the save (a request left by one that
        died while it waited is removed)."""
        request = request_path(self.folder, self.save_id)
        if self._fd is None or not request.exists():
            return False
        asking = read_holder(request)
        if asking is not None and asking.host == os.uname().nodename and not process_alive(asking.pid):
            request.unlink(missing_ok=True)
            return False
        return True

    def let_go(self) -> Holder | None:
        """Give the save to the terminal that asked for it; returns who that is."""
        self.taken_by = read_holder(request_path(self.folder, self.save_id)) or Holder()
        self.release()
        return self.taken_by

    def release(self) -> None:
        if self.key is not None and _HELD.get(self.key) is self:
            del _HELD[self.key]
        if self._close is not None:
            self._close()
        self._fd = None


def _key(info: os.stat_result) -> tuple[int, int]:
    return (info.st_dev, info.st_ino)


def _mine(path: Path) -> Hold | None:
    """This process's hold of the lock file at `path`, if it has one."""
    try:
        return _HELD.get(_key(os.stat(path)))
    except OSError:
        return None


def holding(folder: Path, save_id: str) -> bool:
    """Whether this process holds the save already."""
    return _mine(lock_path(folder, save_id)) is not None


def held() -> list[Hold]:
    """The saves this process holds."""
    return list(_HELD.values())


def lock_path(folder: Path, save_id: str) -> Path:
    return folder / f".{save_id}.lock"


def request_path(folder: Path, save_id: str) -> Path:
    return folder / f".{save_id}.takeover"


def read_holder(path: Path) -> Holder | None:
    try:
        return msgspec.json.decode(read_regular(path, limit=4096), type=Holder)
    except (OSError, *JSON_DAMAGE):
        return None


def hold(folder: Path, save_id: str) -> Hold:
    """Take the save's lock, or OpenElsewhere saying who has it. In a folder where no lock
    file can be made (read-only) nothing can be saved either: the hold holds nothing.

    The lock is held on a descriptor open for reading only (a folder with a file open for
    writing could not be made read-only under a running game); the record of who holds it
    is written through another, closed at once."""
    path = lock_path(folder, save_id)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CREAT | _OPEN, 0o644)
    except OSError:
        try:
            fd = os.open(path, os.O_RDONLY | _OPEN)
        except OSError:
            return Hold(folder, save_id, None)
    mine = _HELD.get(_key(os.fstat(fd)))
    if mine is not None:  # one process is one terminal: it holds a save once, however often opened
        os.close(fd)  # (closing another descriptor of the file leaves the flock as it is)
        return mine
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        os.close(fd)
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise OpenElsewhere(save_id, read_holder(path)) from None
        return Hold(folder, save_id, None)  # a file system without locks: as before them
    try:
        with os.fdopen(os.open(path, os.O_WRONLY | _OPEN), "wb") as record:
            record.write(msgspec.json.encode(this_process()))
            record.truncate()
    except OSError:
        pass  # only the words of the message another terminal would show
    taken = Hold(folder, save_id, fd)
    _HELD[taken.key] = taken
    return taken


def ask_to_let_go(folder: Path, save_id: str) -> None:
    """Ask the terminal holding the save to let go of it (see the module)."""
    request = request_path(folder, save_id)
    temp = request.with_name(request.name + f".{os.getpid()}.tmp")
    temp.write_bytes(msgspec.json.encode(this_process()))
    os.replace(temp, request)


def withdraw(folder: Path, save_id: str) -> None:
    """The request is answered, or given up."""
    request_path(folder, save_id).unlink(missing_ok=True)


def take_over(folder: Path, save_id: str, wait: float = TAKE_OVER_WAIT) -> Hold:
    """Ask the terminal holding the save to let go, and hold it once it has; OpenElsewhere
    (stuck) when it has not within `wait` seconds. (This waits; a screen asks, then tries
    `hold` again now and then.)"""
    ask_to_let_go(folder, save_id)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                return hold(folder, save_id)
            except OpenElsewhere as busy:
                if time.monotonic() >= deadline:
                    raise OpenElsewhere(save_id, busy.holder, stuck=True) from None
            time.sleep(0.05)
    finally:
        withdraw(folder, save_id)


def forget(folder: Path, save_id: str) -> None:
    """The save is gone: so are its lock file, when this process holds it, and the hold."""
    path = lock_path(folder, save_id)
    mine = _mine(path)
    if mine is not None:
        path.unlink(missing_ok=True)
        mine.release()


def holder_elsewhere(folder: Path, save_id: str) -> Holder | None:
    """Who has the save open in another process; None when nobody does (or this one)."""
    path = lock_path(folder, save_id)
    if not path.exists() or _mine(path) is not None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | _OPEN)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return read_holder(path) or Holder()
        return None
    finally:
        os.close(fd)
    return None
