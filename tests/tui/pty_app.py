"""The real app in its own process on a pseudo-terminal, as a terminal emulator would run it:
keys go in through the PTY's master side, the screen comes out of it, and closing the master is
the terminal hanging up. Shared by the hang-up tests and the start-up benchmark."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CSI = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78MNOPc])")  # escape sequences
PATIENCE = 30.0  # seconds before a wait gives up: a deadline against hangs, not a measure


class PtyApp:
    def __init__(
        self, data: Path, *arguments: str, ignore_hang_up: bool = False, size=(80, 24), env: dict[str, str] | None = None
    ) -> None:
        settings = data / "settings.json"
        if data.is_dir() and not settings.exists():  # as tests/tui/launcher.make_app: no legend,
            from saves.settings import Settings, save_settings  # so the log shows at 80x24
            from saves.paths import DataPaths

            save_settings(DataPaths(data), Settings(legend=False))
        master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

        def before_exec() -> None:  # as nohup starts a program
            if ignore_hang_up:
                signal.signal(signal.SIGHUP, signal.SIG_IGN)

        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")} | (env or {})
        env.setdefault("TERM", "xterm-256color")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui", "--data-dir", str(data), *arguments],
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env,
            start_new_session=True, preexec_fn=before_exec,
        )  # fmt: skip
        os.close(slave)
        self.master = master
        self.output = b""

    def read_until(self, marker: bytes, patience: float = PATIENCE) -> bool:
        """Read the screen until `marker` appears in what was drawn since the last call."""
        self.output = b""
        deadline = time.monotonic() + patience
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return False
                self.output += chunk
                if marker in self.output:
                    return True
        return False

    def drain(self, quiet: float = 0.5) -> None:
        """Read (onto `output`) until the app has drawn nothing for `quiet` seconds."""
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready:
                return
            try:
                self.output += os.read(self.master, 65536)
            except OSError:
                return

    def press(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def hang_up(self, send_signal: int | None = None, close: bool = True) -> float | None:
        """Send `send_signal` (as `serve` sends SIGHUP) and close the terminal; seconds until
        the app ended, or None if it had not ended within PATIENCE."""
        start = time.perf_counter()
        if send_signal is not None:
            self.process.send_signal(send_signal)
        if close:
            os.close(self.master)
            self.master = -1
        try:
            self.process.wait(PATIENCE)
        except subprocess.TimeoutExpired:
            return None
        return time.perf_counter() - start

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
