"""`tabletop-tui serve` holds under abuse: what one session queues is bounded, and only modern
algorithms are spoken. Against the real server and an asyncssh client; nothing is timed."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest

from tests.serve.harness import PATIENCE, Server, arrive, make_key, open_terminal

HOME = "New Disruption"
FLOOD = 2 << 20


def rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


def bytes_read(pid: int) -> int:
    return int(re.search(r"rchar:\s+(\d+)", Path(f"/proc/{pid}/io").read_text()).group(1))


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="reads the app's figures from /proc")
async def test_a_key_flood_leaves_the_app_small_and_answering(tmp_path):
    key, _ = make_key(tmp_path, "flooder")
    async with Server(tmp_path / "host") as server, await server.connect(key) as conn:
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        pid = int(re.search(r"pid=(\d+)", await server.wait_for(r"^\S+ start ", before)).group(1))
        start = bytes_read(pid)
        channel.write(b"j" * FLOOD)

        async def swallowed() -> None:  # every byte reached the app (none dropped on the way)
            while bytes_read(pid) - start < FLOOD:
                await asyncio.sleep(0.1)

        await asyncio.wait_for(swallowed(), PATIENCE)
        assert rss_mib(pid) < 100
        # The app is still there for the player: a key after the flood is answered.
        help_shown = "Esc, q or ? closes this help"
        for _ in range(10):  # a key reaching an app still busy with the flood is dropped
            if help_shown in terminal.vt.text():
                break
            channel.write(b"?")
            try:
                await terminal.shows(help_shown, patience=3)
            except TimeoutError:
                continue
        assert help_shown in terminal.vt.text()
        assert rss_mib(pid) < 100
