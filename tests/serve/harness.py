"""A real `tabletop-tui serve` in a temporary folder, and asyncssh clients to visit it.

Shared by the server tests and the server benchmark. The server runs as its own process, as a
host would start it; its log (stderr) is collected line by line, so a test can wait for an
event (the port it listens on, an app's process id) instead of sleeping.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import asyncssh

from tests.serve.vt import Screen

ROOT = Path(__file__).resolve().parents[2]
CSI = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78MNOPc])")
PATIENCE = 30.0  # seconds before a wait gives up: a deadline against hangs, not a measure


def plain(screen: bytes) -> str:
    """What a terminal shows of `screen`, give or take placement: escape sequences removed."""
    return CSI.sub(b"", screen).decode("utf-8", "replace")


def make_key(folder: Path, name: str) -> tuple[asyncssh.SSHKey, Path]:
    """A client key pair; returns the private key and the path of its public half."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    public = folder / f"{name}.pub"
    public.write_bytes(key.export_public_key())
    return key, public


class Server:
    """`python -m tui --data-dir DATA serve --port 0 ...` and its log; `root`: the checkout
    whose server runs (a benchmark compares another one's)."""

    def __init__(self, data: Path, *options: str, root: Path = ROOT) -> None:
        self.data, self.options, self.root = data, options, root
        self.process: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self.changed = asyncio.Condition()
        self.port = 0

    async def __aenter__(self) -> Server:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui", "--data-dir", str(self.data), "serve", "--port", "0",
            "--listen", "127.0.0.1", *self.options,
            cwd=self.root, env=env, stdin=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )
        self.reader = asyncio.get_running_loop().create_task(self._read_log())
        line = await self.wait_for(r"listening address=127\.0\.0\.1:(\d+)")
        self.port = int(re.search(r"address=127\.0\.0\.1:(\d+)", line).group(1))
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.process and self.process.returncode is None:
            self.process.terminate()
            await asyncio.wait_for(self.process.wait(), PATIENCE)
        await self.reader

    async def _read_log(self) -> None:
        assert self.process and self.process.stderr
        async for raw in self.process.stderr:
            async with self.changed:
                self.lines.append(raw.decode(errors="replace").rstrip("\n"))
                self.changed.notify_all()

    async def wait_for(self, pattern: str, after: int = 0) -> str:
        """The first log line from number `after` on that matches `pattern`."""
        found = re.compile(pattern)

        def match() -> str | None:
            return next((line for line in self.lines[after:] if found.search(line)), None)

        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(match), PATIENCE)
        return match() or ""

    async def connect(self, key: asyncssh.SSHKey | None, **options: object) -> asyncssh.SSHClientConnection:
        return await asyncssh.connect(
            "127.0.0.1", self.port, username="player", client_keys=[key] if key else None,
            known_hosts=None, agent_path=None, config=None, preferred_auth="publickey,keyboard-interactive,password",
            **options,
        )


class Terminal(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A client terminal: collects every byte the app draws (`screen`) and shows it as a
    terminal would (`vt`); `seen` waits for some text in what arrived, `shows` on screen."""

    def __init__(self, size: tuple[int, int] = (80, 24)) -> None:
        self.vt = Screen(*size)
        self.screen = bytearray()
        self.arrived = asyncio.Event()
        self.closed = asyncio.Event()
        self.exit_status: int | None = None

    def data_received(self, data: bytes, datatype: object) -> None:
        self.screen += data
        self.vt.feed(data)
        self.arrived.set()

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    async def seen(self, text: str, start: int = 0) -> int:
        """Wait until `text` shows in what arrived from byte `start` on; returns the new end."""
        await self.first_of((text,), start)
        return len(self.screen)

    async def first_of(self, texts: tuple[str, ...], start: int = 0) -> str:
        """Wait until one of `texts` shows (from byte `start` on); returns which."""

        def found() -> str | None:
            shown = plain(bytes(self.screen[start:]))
            return next((text for text in texts if text in shown), None)

        async def until() -> str:
            while (text := found()) is None:
                self.arrived.clear()
                await self.arrived.wait()
            return text

        return await asyncio.wait_for(until(), PATIENCE)

    async def shows(self, *texts: str, patience: float = PATIENCE) -> str:
        """Wait until the screen shows all of `texts` at once; returns the screen's text."""

        async def until() -> str:
            while not all(text in (shown := self.vt.text()) for text in texts):
                self.arrived.clear()
                await self.arrived.wait()
            return shown

        return await asyncio.wait_for(until(), patience)


NAME_ASKED = "Other players will see this name"


async def arrive(channel: asyncssh.SSHClientChannel, terminal: Terminal, expected: str, name: str = "Ann") -> int:
    """Wait for `expected` on screen, first giving a name if the app asks for one (a player's
    first visit). Returns where the screen had got to."""
    if await terminal.first_of((NAME_ASKED, expected)) == NAME_ASKED:
        mark = len(terminal.screen)
        channel.write(name.encode() + b"\r")
        return await terminal.seen(expected, mark)
    return len(terminal.screen)


async def open_terminal(
    conn: asyncssh.SSHClientConnection, command: str | None = None, size: tuple[int, int] = (80, 24)
) -> tuple[asyncssh.SSHClientChannel, Terminal]:
    channel, terminal = await conn.create_session(
        lambda: Terminal(size), command, term_type="xterm-256color", term_size=size, encoding=None
    )
    return channel, terminal


def gone(pid: int) -> bool:
    """Whether process `pid` has ended and been reaped (a zombie still counts as there)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def dead(pid: int) -> bool:
    """Whether process `pid` has ended, reaped or not (once its parent is gone, reaping is up
    to whoever adopts it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


async def until_gone(pid: int, test=gone) -> None:
    async def poll() -> None:
        while not test(pid):
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), PATIENCE)
