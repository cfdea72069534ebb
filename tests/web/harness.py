"""A real `tabletop-tui web` in a temporary folder, and Debian's chromium driven by Playwright.

The browser is the system's (/usr/bin/chromium, headless, in a new empty profile that Playwright
makes for each launch): none is ever downloaded. Without it the browser tests are skipped
outside CI and fail in CI (CI=true), where .ci/run installs it.

What a page shows is read from the page itself: the terminal in it (xterm.js, named
`tabletopTerminal` by the server's page) gives each line of its screen as text.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 60.0  # seconds before a wait gives up: a deadline against hangs, not a measure (a
# browser and an app start each page, on a host that may be busy)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCREEN_TEXT = """() => {
  const t = window.tabletopTerminal;
  if (!t) return "";
  const buffer = t.buffer.active, lines = [];
  for (let i = 0; i < t.rows; i++) {
    const line = buffer.getLine(buffer.viewportY + i);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""


def need_browser() -> str:
    """The system's chromium; a skip saying why (a failure in CI) where there is none."""
    reason = ""
    if not os.access(CHROMIUM, os.X_OK):
        reason = f"no browser: {CHROMIUM} is missing (Debian: apt-get install chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            reason = "no Playwright: install the test extra (pip install '.[test]')"
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser tests: {reason}")
        pytest.skip(reason)
    return CHROMIUM


class WebServer:
    """`python -m tui --data-dir DATA web --port 0 ...`: its address (stdout) and log (stderr).
    `root`: the checkout whose server runs (a benchmark compares another one's)."""

    def __init__(self, data: Path, *options: str, root: Path = ROOT) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui", "--data-dir", str(data), "web", "--port", "0", *options],
            cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.data = data
        self.lines: list[str] = []
        self.said: list[str] = []
        self.changed = threading.Condition()
        self.readers = [threading.Thread(target=self._read, args=(stream, into), daemon=True)
                        for stream, into in ((self.process.stdout, self.said), (self.process.stderr, self.lines))]
        for reader in self.readers:
            reader.start()
        self.url = re.search(r"Play at (\S+)", self.wait_for(r"Play at ", self.said)).group(1)
        self.base = self.url.split("/?", 1)[0]

    def _read(self, stream, into: list[str]) -> None:
        for line in stream:
            with self.changed:
                into.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, pattern: str, lines: list[str] | None = None, after: int = 0) -> str:
        """The first line (from `after` on) matching `pattern`, waited for."""
        lines = self.lines if lines is None else lines
        deadline = time.monotonic() + PATIENCE
        with self.changed:
            while True:
                found = next((line for line in lines[after:] if re.search(pattern, line)), None)
                if found is not None:
                    return found
                if not self.changed.wait(max(deadline - time.monotonic(), 0)) and time.monotonic() >= deadline:
                    raise AssertionError(f"the server never said {pattern!r}: {lines[-5:]} {self.process.poll()}")

    def pids(self, after: int = 0) -> list[int]:
        return [int(m.group(1)) for line in self.lines[after:] if (m := re.search(r" start .* pid=(\d+)", line))]

    def stop(self) -> int:
        """Ends the server; `lines` then holds all it logged (its readers have reached the end)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(PATIENCE)
            except subprocess.TimeoutExpired:
                self.process.kill()
        status = self.process.wait()
        for reader in self.readers:
            reader.join(PATIENCE)
        return status


def screen(page) -> str:
    return page.evaluate(SCREEN_TEXT)


def shows(page, *texts: str, patience: float = PATIENCE) -> str:
    """The page's screen once it shows every one of `texts`."""
    deadline = time.monotonic() + patience
    while True:
        shown = screen(page)
        if all(text in shown for text in texts):
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never showed {texts}:\n{shown}")
        time.sleep(0.05)


def gone(pid: int) -> bool:
    """The process has ended (and been reaped, or is a zombie waiting for it)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def until_gone(pid: int) -> None:
    deadline = time.monotonic() + PATIENCE
    while not gone(pid):
        assert time.monotonic() < deadline, f"the app {pid} is still running"
        time.sleep(0.05)


def browser_name(server: WebServer, page, name: str) -> None:
    """A new browser is asked once for the name the other players see."""
    shows(page, "Your name")
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    shows(page, "New Disruption", "Quit")

