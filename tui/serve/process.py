"""One player's app: its own process in a pseudo-terminal, bridged to asyncio.

The process runs in a session of its own with the PTY as stdin, stdout and stderr (Textual
draws on stderr). It has no controlling terminal, so a resize is TIOCSWINSZ on the PTY plus an
explicit SIGWINCH, and a hang-up is an explicit signal too: `stop` sends SIGHUP, then SIGTERM,
then SIGKILL on a deadline, and always waits for the exit, so nothing is ever left behind.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import sys
import termios
import tty
from collections.abc import Callable
from pathlib import Path

# Seconds given to each of SIGHUP and SIGTERM before the next, harder signal. On SIGHUP the app
# saves and closes down within tui.terminal.CLOSE_DOWN (0.8 s), so SIGHUP is given more than that
# even on a busy host; the app saves after every move, so even SIGKILL loses nothing.
STOP_STEPS = ((signal.SIGHUP, 1.5), (signal.SIGTERM, 0.5), (signal.SIGKILL, None))
READ_SIZE = 65536
# Keys waiting for the app to read them. Past INPUT_HIGH the client is asked to wait (the SSH
# channel stops reading, so its window closes); below INPUT_LOW it may send again. A client can
# still have up to one SSH window in flight: past MAX_PENDING, keys are dropped.
INPUT_HIGH = 1 << 16
INPUT_LOW = 1 << 12
MAX_PENDING = 1 << 22
MAX_SIDE = 1000  # columns or rows a client may ask for


SERVER_PID = "TABLETOP_TUI_SERVER_PID"  # the server's process id, for the app's launcher


def app_command(arguments: list[str]) -> list[str]:
    """The app started through the launcher, which ties its life to the server's (see there).
    -P keeps the player's folder (its working directory) off the import path."""
    return [sys.executable, "-P", "-m", "tui.serve.launcher", *arguments]


def package_root() -> str:
    """The folder holding the `tui` package, for the app's import path: the same code as the
    server's, installed or not."""
    return str(Path(__file__).resolve().parents[2])


def window_size(columns: int, rows: int) -> bytes:
    columns, rows = (min(max(side, 1), MAX_SIDE) for side in (columns, rows))
    return struct.pack("HHHH", rows, columns, 0, 0)


class AppProcess:
    """The app for one SSH session. `on_output` gets what the app draws; `on_exit` its status,
    after the last of its output; `on_input_full(True)` says the app is behind on its keys, so
    stop sending them, and `on_input_full(False)` that it has caught up."""

    def __init__(
        self,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        on_input_full: Callable[[bool], None] = lambda full: None,
    ) -> None:
        self.on_output, self.on_exit, self.on_input_full = on_output, on_exit, on_input_full
        self.input_full = False
        self.signals: list[str] = []  # what `stop` had to send, in order ("HUP", "TERM", "KILL")
        self.process: asyncio.subprocess.Process | None = None
        self.master = -1
        self.pending = bytearray()  # keys the app has not read yet
        self.reading = False
        self.output_ended = asyncio.Event()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    async def start(
        self, command: list[str], env: dict[str, str], cwd: Path, columns: int, rows: int, terminal: bool = True
    ) -> None:
        """Start the app. `terminal`: the client has a terminal of its own, where a newline
        prints as CR LF; without one (`ssh HOST tables`) the output goes on as the app wrote it."""
        master, slave = os.openpty()
        try:
            tty.setraw(slave)  # no echo or line editing before the app takes the terminal
            if terminal:
                attributes = termios.tcgetattr(slave)
                attributes[tty.OFLAG] |= termios.OPOST | termios.ONLCR
                termios.tcsetattr(slave, termios.TCSANOW, attributes)
            fcntl.ioctl(slave, termios.TIOCSWINSZ, window_size(columns, rows))
            self.process = await asyncio.create_subprocess_exec(
                *command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, start_new_session=True
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        self.resume_output()
        asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        assert self.process is not None
        status = await self.process.wait()
        # The PTY may still hold the last frame: read it before saying the app is gone.
        try:
            await asyncio.wait_for(self.output_ended.wait(), 1.0)
        except TimeoutError:
            pass
        self._close_master()
        self.on_exit(status)

    # ----- output -----------------------------------------------------------------------

    def pause_output(self) -> None:
        """The client is behind: stop reading, so the app waits on a full PTY."""
        if self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def resume_output(self) -> None:
        if not self.reading and self.master >= 0:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self.reading = True

    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every copy of the terminal's other side is closed
            data = b""
        if data:
            self.on_output(data)
            return
        self.pause_output()
        self.output_ended.set()

    # ----- input and size ---------------------------------------------------------------

    def send_keys(self, data: bytes) -> None:
        if self.master < 0:
            return
        was_waiting = bool(self.pending)
        if len(self.pending) + len(data) > MAX_PENDING:
            return  # a stuck app must not make a flood of input grow the server without end
        self.pending += data
        if not was_waiting:
            self._writable()
        if len(self.pending) >= INPUT_HIGH and not self.input_full:
            self.input_full = True
            self.on_input_full(True)

    def _writable(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            written = os.write(self.master, self.pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self.pending.clear()
            written = 0
        del self.pending[:written]
        if self.pending:
            loop.add_writer(self.master, self._writable)
        else:
            loop.remove_writer(self.master)
        if self.input_full and len(self.pending) <= INPUT_LOW:
            self.input_full = False
            self.on_input_full(False)

    def resize(self, columns: int, rows: int) -> None:
        if self.master < 0:
            return
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, window_size(columns, rows))
        self._signal(signal.SIGWINCH)

    # ----- the end ----------------------------------------------------------------------

    def _signal(self, number: int) -> None:
        """Signal the app's whole process group, while it has not been reaped (after that its
        number may belong to someone else)."""
        if self.process is not None and self.process.returncode is None:
            try:
                os.killpg(self.process.pid, number)
            except ProcessLookupError:
                pass

    async def stop(self) -> int | None:
        """End the app: SIGHUP, SIGTERM, SIGKILL, each after the one before had its time."""
        if self.process is None:
            return None
        for number, grace in STOP_STEPS:
            if self.process.returncode is not None:
                break
            self.signals.append(signal.Signals(number).name.removeprefix("SIG"))
            self._signal(number)
            try:
                await asyncio.wait_for(asyncio.shield(self.process.wait()), grace)
            except TimeoutError:
                continue
        return await self.process.wait()

    def _close_master(self) -> None:
        if self.master >= 0:
            self.pause_output()
            asyncio.get_running_loop().remove_writer(self.master)
            os.close(self.master)
            self.master = -1
