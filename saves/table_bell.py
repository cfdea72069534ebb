"""A shared table's bell: the terminals at a table hear of each change to its file at once,
instead of each looking at the file many times a second.

Each terminal at the table binds a Unix datagram socket beside the table's file
(`.KXPT.<terminal>.sock`, readable and writable by its owner only); whoever changes the table
rings every bell there with one byte once the new file is in place, and a rung terminal reads
the file as it would have on a look. A ring is a hint, never news itself: the file says what
changed, so a lost ring costs only time, and the terminals still look now and then (a ring
missed, or rung from another machine sharing the folder).

Socket paths are short on Linux (108 bytes with the closing NUL). A folder too deep for one
is reached through /proc/self/fd, the path of an open descriptor of the folder; where even that
cannot be had, the bell cannot be bound and says why, and the terminal looks often instead.
"""

from __future__ import annotations

import errno
import os
import socket
from contextlib import contextmanager
from collections.abc import Iterator
from pathlib import Path

SUFFIX = ".sock"
MAX_SOCKET_PATH = 107  # bytes of a Unix socket's path, the closing NUL not counted
RING = b"!"


def bell_name(code: str, terminal: str) -> str:
    return f".{code}.{terminal}{SUFFIX}"


@contextmanager
def _reachable(folder: Path, name: str) -> Iterator[str]:
    """A path to `folder`/`name` short enough for a socket: the plain one, or one through
    an open descriptor of the folder. OSError when there is none."""
    plain = os.path.join(folder, name)
    if len(os.fsencode(plain)) <= MAX_SOCKET_PATH:
        yield plain
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_PATH", 0))
    try:
        short = f"/proc/self/fd/{fd}/{name}"
        if not os.path.isdir(f"/proc/self/fd/{fd}") or len(os.fsencode(short)) > MAX_SOCKET_PATH:
            raise OSError(errno.ENAMETOOLONG, f"the folder's path is too long for a socket ({len(os.fsencode(plain))} bytes)")
        yield short
    finally:
        os.close(fd)


def ring(folder: Path, code: str) -> None:
    """Ring every bell at table `code` (call once the change is on disk). A bell nobody has
    bound any more (its terminal stopped without closing it) is taken away."""
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.startswith(f".{code}.")
                 and entry.name.endswith(SUFFIX)]  # fmt: skip
    except OSError:
        return
    if not names:
        return
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
        sender.setblocking(False)
        for name in names:
            try:
                with _reachable(folder, name) as path:
                    sender.sendto(RING, path)
            except ConnectionRefusedError:  # a bell whose terminal is gone
                try:
                    os.unlink(folder / name)
                except OSError:
                    pass
            except OSError:  # rung already and not read yet (full), not ours to ring, gone: all fine
                continue


class TableBell:
    """This terminal's bell at one table. `open()` binds it (None) or says why it cannot;
    `fileno()` is readable when rung; `answer()` takes the rings waiting."""

    def __init__(self, folder: Path, code: str, terminal: str) -> None:
        self.folder, self.code, self.terminal = folder, code, terminal
        self.path = folder / bell_name(code, terminal)
        self.sock: socket.socket | None = None
        self._identity: tuple[int, int] | None = None

    def open(self) -> str | None:
        """Bind the bell; None once bound, else why not (in words for a person)."""
        self.close()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            sock.setblocking(False)
            self.folder.mkdir(parents=True, exist_ok=True)
            with _reachable(self.folder, self.path.name) as path:
                try:
                    os.unlink(path)  # a bell of the same name left behind: this terminal's now
                except FileNotFoundError:
                    pass
                sock.bind(path)
                os.chmod(path, 0o600)
            info = self.path.stat()
        except OSError as problem:
            sock.close()
            return f"no bell at table {self.code} ({problem.strerror or problem}): other terminals' moves are looked for"
        self.sock, self._identity = sock, (info.st_dev, info.st_ino)
        return None

    def fileno(self) -> int:
        assert self.sock is not None
        return self.sock.fileno()

    def answer(self) -> bool:
        """Take every ring waiting; whether there was one."""
        rung = False
        while self.sock is not None:
            try:
                self.sock.recv(64)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            rung = True
        return rung

    def still_hung(self) -> bool:
        """Whether the bell's file is still this bell's (not taken away by someone)."""
        try:
            info = self.path.stat()
        except OSError:
            return False
        return (info.st_dev, info.st_ino) == self._identity

    def close(self) -> None:
        if self.sock is None:
            return
        if self.still_hung():
            try:
                self.path.unlink()
            except OSError:
                pass
        self.sock.close()
        self.sock, self._identity = None, None
