"""`serve` forks each session's app from one process that has imported the app (the fork
server): every app is its own process, apart from the server; one stopped is started again,
and takes its apps with it."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

from tests.serve.harness import Server, arrive, dead, make_key, open_terminal, until_gone

HOME = "New Disruption"


def parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def command_line(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


async def visit(server: Server, key, name: str):
    before = len(server.lines)
    conn = await server.connect(key)
    channel, terminal = await open_terminal(conn)
    await arrive(channel, terminal, HOME, name)
    line = await server.wait_for(r"^\S+ start .* pid=(\d+)", before)
    return conn, terminal, int(re.search(r"pid=(\d+)", line).group(1))


async def test_apps_are_forked_from_one_fork_server_and_one_stopped_is_started_again(tmp_path):
    ann, _ = make_key(tmp_path, "ann")
    ben, _ = make_key(tmp_path, "ben")
    async with Server(tmp_path / "host") as server:
        first_conn, first, first_app = await visit(server, ann, "Ann")
        second_conn, _, second_app = await visit(server, ben, "Ben")
        forks = parent(first_app)
        assert parent(second_app) == forks != server.process.pid
        assert parent(forks) == server.process.pid and b"tui.serve.forkserver" in command_line(forks)
        assert os.getsid(first_app) == first_app != os.getsid(second_app)  # each its own session

        os.kill(forks, signal.SIGKILL)  # its apps go with it, and the players are let go
        await until_gone(first_app, dead)
        await until_gone(second_app, dead)
        await asyncio.wait_for(first.closed.wait(), 30)
        first_conn.abort()
        second_conn.abort()

        conn, _, app = await visit(server, ann, "Ann")  # the next visit starts a new one
        assert parent(app) not in (forks, server.process.pid)
        assert any("the fork server started again" in line for line in server.lines)
        conn.abort()
