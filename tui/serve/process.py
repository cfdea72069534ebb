"""One player's app: its own process in a pseudo-terminal, bridged to asyncio.

The apps are forked by the fork server (tui/serve/forkserver.py), which has imported the app
once for all of them; `ForkServer` is the server's side of it, and starts it again should it
ever stop. An app runs in a session of its own with the PTY as stdin, stdout and stderr
(Textual draws on stderr). It has no controlling terminal, so a resize is TIOCSWINSZ on the PTY
plus an explicit SIGWINCH, and a hang-up is an explicit signal too: `stop` sends SIGHUP, then
SIGTERM, then SIGKILL on a deadline, and always waits for the exit, so nothing is ever left
behind. The fork server sends the signals, since only it can tell the app has not been reaped.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import termios
import tty
from collections.abc import Callable
from typing import Any
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
FORK_PATIENCE = 30.0  # seconds an app may take to be forked (the fork server may still be importing)


async def watch_until_stopped(host: Any, log: Any) -> None:
    """Watch the host's idle sessions until SIGINT, SIGTERM or SIGHUP, then log the stop
    (the caller closes the sessions and the listener)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(number, stop.set)
    idle = loop.create_task(host.watch_idle())
    await stop.wait()
    log.line("stopping", sessions=len(host.visits))
    idle.cancel()


async def stop_in_steps(process: Any, send: Callable[[int], None], sent: list[str]) -> int:
    """End an app: SIGHUP, SIGTERM, SIGKILL (STOP_STEPS), each after the one before had its
    time, until `process` (anything with `returncode` and `wait()`) has ended. `send` delivers
    a signal; `sent` gets each signal's name. Returns the exit status."""
    for number, grace in STOP_STEPS:
        if process.returncode is not None:
            break
        sent.append(signal.Signals(number).name.removeprefix("SIG"))
        send(number)
        try:
            await asyncio.wait_for(asyncio.shield(process.wait()), grace)
        except TimeoutError:
            continue
    return await process.wait()


def package_root() -> str:
    """The folder holding the `tui` package, for the app's import path: the same code as the
    server's, installed or not."""
    return str(Path(__file__).resolve().parents[2])


def base_environment(**more: str) -> dict[str, str]:
    """What every app's environment holds, its fork server's too (it imports the app, and what
    is read from the environment at import must be what each app would read), with `more`."""
    return {
        "PATH": os.defpath,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": package_root(),
        **more,
    }


def window_size(columns: int, rows: int) -> bytes:
    columns, rows = (min(max(side, 1), MAX_SIDE) for side in (columns, rows))
    return struct.pack("HHHH", rows, columns, 0, 0)


class ForkServer:
    """The server's side of the fork server: starts it, asks it for apps, and starts it
    again if it has stopped (`on_restart` hears why)."""

    def __init__(self, env: dict[str, str], on_restart: Callable[[str], None] = lambda why: None) -> None:
        self.env, self.on_restart = env, on_restart
        self.process: subprocess.Popen[bytes] | None = None
        self.control: socket.socket | None = None

    def start(self) -> None:
        """Start it (it imports the app meanwhile: the first app waits for that, no later one)."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            # -P keeps the working directory off the import path.
            self.process = subprocess.Popen(
                [sys.executable, "-P", "-m", "tui.serve.forkserver", str(os.getpid()), str(theirs.fileno())],
                pass_fds=(theirs.fileno(),), env=self.env, cwd="/", stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        mine.setblocking(False)
        self.control = mine

    def _running(self) -> bool:
        return self.process is not None and self.process.poll() is None and self.control is not None

    def _restart(self, why: str) -> None:
        self.close()
        self.on_restart(why)
        self.start()

    async def fork(self, arguments: list[str], env: dict[str, str], cwd: Path, streams: list[int]) -> ForkedApp:
        """An app running `tabletop-tui ARGUMENTS` with `streams` as its standard streams (one
        PTY for all three, or stdin, stdout and stderr); OSError if none could be made. The
        caller still closes its copies of them."""
        if not self._running():
            self._restart("it had stopped" if self.process is not None else "it was not started")
        packet = json.dumps({"arguments": arguments, "env": env, "cwd": str(cwd)}).encode()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            try:
                await self._send(packet, [*streams, theirs.fileno()])
            except (BrokenPipeError, ConnectionResetError):
                self._restart("it had stopped")
                await self._send(packet, [*streams, theirs.fileno()])
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        app = ForkedApp(mine)
        await app.begin()
        return app

    async def _send(self, packet: bytes, fds: list[int]) -> None:
        assert self.control is not None
        loop = asyncio.get_running_loop()
        while True:
            try:
                socket.send_fds(self.control, [packet], fds)
                return
            except BlockingIOError:  # it is busy forking: its queue is full for a moment
                ready = loop.create_future()
                loop.add_writer(self.control, ready.set_result, None)
                try:
                    await ready
                finally:
                    loop.remove_writer(self.control)

    def close(self) -> None:
        """Stop it: it ends once its socket closes (an app still running ends with it)."""
        if self.control is not None:
            self.control.close()
            self.control = None
        if self.process is not None:
            try:
                self.process.wait(2.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class ForkedApp:
    """One forked app as the server sees it: its process id, its exit status once the fork
    server has reaped it, and signals sent through the fork server while it has not."""

    def __init__(self, session: socket.socket) -> None:
        self.session = session
        self.pid: int | None = None
        self.returncode: int | None = None
        self.exited = asyncio.Event()

    async def begin(self) -> None:
        self.reader, self.writer = await asyncio.open_unix_connection(sock=self.session)
        try:
            line = (await asyncio.wait_for(self.reader.readline(), FORK_PATIENCE)).decode("ascii", "replace").split()
        except TimeoutError:
            line = ["failed", "the fork server did not answer"]
        if len(line) != 2 or line[0] != "pid" or not line[1].isdigit():
            self.writer.close()
            raise OSError(0, " ".join(line[1:]) if line[:1] == ["failed"] else "the fork server stopped")
        self.pid = int(line[1])
        asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        status = -signal.SIGKILL  # the fork server stopped: the kernel ended its apps with it
        async for raw in self.reader:
            words = raw.decode("ascii", "replace").split()
            if len(words) == 2 and words[0] == "exit":
                status = int(words[1])
                break
        self.returncode = status
        self.writer.close()
        self.exited.set()

    def send_signal(self, number: int) -> None:
        """Signal the app's process group, unless it has been reaped (its number may be
        someone else's by now: the fork server checks that too)."""
        if self.returncode is None and not self.writer.is_closing():
            self.writer.write(f"signal {int(number)}\n".encode())

    async def wait(self) -> int:
        await self.exited.wait()
        assert self.returncode is not None
        return self.returncode


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
        self.process: ForkedApp | None = None
        self.master = -1
        self.pending = bytearray()  # keys the app has not read yet
        self.reading = False
        self.output_ended = asyncio.Event()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    async def start(
        self, forks: ForkServer, arguments: list[str], env: dict[str, str], cwd: Path, columns: int, rows: int,
        terminal: bool = True,
    ) -> None:
        """Start `tabletop-tui ARGUMENTS`. `terminal`: the client has a terminal of its own, where a newline
        prints as CR LF; without one (`ssh HOST tables`) the output goes on as the app wrote it."""
        master, slave = os.openpty()
        try:
            tty.setraw(slave)  # no echo or line editing before the app takes the terminal
            if terminal:
                attributes = termios.tcgetattr(slave)
                attributes[tty.OFLAG] |= termios.OPOST | termios.ONLCR
                termios.tcsetattr(slave, termios.TCSANOW, attributes)
            fcntl.ioctl(slave, termios.TIOCSWINSZ, window_size(columns, rows))
            self.process = await forks.fork(arguments, env, cwd, [slave])
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
        if self.process is not None:
            self.process.send_signal(number)

    async def stop(self) -> int | None:
        """End the app: SIGHUP, SIGTERM, SIGKILL, each after the one before had its time."""
        if self.process is None:
            return None
        return await stop_in_steps(self.process, self._signal, self.signals)

    def _close_master(self) -> None:
        if self.master >= 0:
            self.pause_output()
            asyncio.get_running_loop().remove_writer(self.master)
            os.close(self.master)
            self.master = -1
