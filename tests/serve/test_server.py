"""`tabletop-tui serve` against a real asyncssh client: who gets in, what they get, and that an
app never outlives its session. Every wait has a generous deadline; nothing asserts a duration."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import stat
import sys

import asyncssh
import pytest

from tests.serve.harness import NAME_ASKED, Server, arrive, dead, gone, make_key, open_terminal, plain, until_gone

HOME = "New Disruption"


@pytest.fixture
def keys(tmp_path):
    friend, friend_pub = make_key(tmp_path, "friend")
    stranger, _ = make_key(tmp_path, "stranger")
    return friend, friend_pub, stranger


async def app_pid(server: Server, after: int) -> int:
    line = await server.wait_for(r"^\S+ start .* pid=(\d+)", after)
    return int(re.search(r"pid=(\d+)", line).group(1))


async def test_a_listed_key_plays_an_unlisted_one_and_passwords_are_refused(tmp_path, keys):
    friend, friend_pub, stranger = keys
    async with Server(tmp_path / "host", "--authorized-keys", str(friend_pub)) as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await server.connect(stranger)
        await server.wait_for(r"refused .*reason=unlisted key key=SHA256:")
        with pytest.raises(asyncssh.PermissionDenied):
            await server.connect(None, password="hunter2", kbdint_auth=True)

        async with await server.connect(friend) as conn:
            channel, terminal = await open_terminal(conn)
            await arrive(channel, terminal, HOME)
            channel.close()
        log = "\n".join(server.lines)
    assert "hunter2" not in log and friend.export_public_key().split()[1].decode() not in log
    assert "any SSH key may play" not in log
    key_file = tmp_path / "host" / "ssh_host_ed25519_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


async def test_each_key_has_its_own_folder_and_gives_its_name_once(tmp_path, keys):
    friend, _, stranger = keys
    async with Server(tmp_path / "host") as server:  # open: any key gets in
        seen, asked = [], []
        for key, name in ((friend, "Ann"), (stranger, "Bea"), (friend, "Ann")):
            before = len(server.lines)
            async with await server.connect(key) as conn:
                channel, terminal = await open_terminal(conn)
                asked.append(await terminal.first_of((NAME_ASKED, HOME)) == NAME_ASKED)
                await arrive(channel, terminal, HOME, name)
            seen.append(re.search(r"player=(\w+)", await server.wait_for(r"^\S+ start ", before)).group(1))
    assert asked == [True, True, False]
    warning = next(line for line in server.lines if " warning " in line)  # said once, at start
    assert "any SSH key may play: anyone who can reach 127.0.0.1 on port" in warning and "--authorized-keys" in warning
    assert seen[0] == seen[2] != seen[1]
    players = sorted(p.name for p in (tmp_path / "host" / "players").iterdir())
    assert players == sorted({seen[0], seen[1]})
    names = json.loads((tmp_path / "host" / "names.json").read_bytes())["names"]
    assert names == {seen[0]: "Ann", seen[1]: "Bea"}


async def test_the_host_hears_of_damaged_shared_files_at_start(tmp_path):
    host = tmp_path / "host"
    (host / "lexicon" / "moderators").mkdir(parents=True)
    (host / "names.json").write_text('{"format": "tabletop-tui-names", "version": 7}')
    (host / "lexicon" / "moderators" / "list.json").write_text("")
    async with Server(host) as server:
        log = "\n".join(server.lines)
    assert "warning problem=names.json cannot be used: it was written by a newer tabletop-tui (format 7)" in log
    moderators = "The Lexicon's list of moderators (moderators/list.json) cannot be used: the file is empty"
    assert f"warning problem={moderators}" in log
    assert (host / "names.json").read_text().endswith("7}")  # the host's files are left as they are


async def test_window_change_reaches_the_app(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host") as server, await server.connect(friend) as conn:
        channel, terminal = await open_terminal(conn, size=(80, 24))
        mark = await arrive(channel, terminal, HOME)
        channel.change_terminal_size(70, 20)
        mark = await terminal.seen("The terminal is 70x20.", mark)
        channel.change_terminal_size(120, 40)
        await terminal.seen(HOME, mark)


async def test_keys_reach_the_app_and_a_game_starts_from_the_command(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host") as server, await server.connect(friend) as conn:
        channel, terminal = await open_terminal(conn, "new disruption --seed 3")
        mark = await arrive(channel, terminal, "Roll 2d6")
        channel.write(b"r")
        # the Roll box tells the fight (a first game's legend may hold the log's place)
        await terminal.first_of((": WON", ": LOST"), mark)
        channel.write(b"\x11")  # Ctrl+Q quits, as at home
        await asyncio.wait_for(terminal.closed.wait(), 30)
    assert terminal.exit_status == 0
    saves = list((tmp_path / "host" / "players").glob("*/saves/disruption-*.json"))
    assert len(saves) == 1
    save = json.loads(saves[0].read_bytes())
    assert save["seed"] == 3 and len(save["actions"]) == 1  # the roll, saved before the quit


async def test_a_vanished_client_leaves_no_app_behind(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host") as server:
        # Killed client: its connection closes at once, without a goodbye.
        conn = await server.connect(friend)
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        pid = await app_pid(server, before)
        conn.abort()
        await until_gone(pid)

        # Dropped network: the client stops answering and nothing closes; keepalives notice.
        conn = await server.connect(friend)
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        pid = await app_pid(server, before)
        conn._transport.pause_reading()  # hear nothing, so answer no keepalive
        await until_gone(pid)
        conn.abort()

        # Gone while its app was still starting: the app is ended once it has started.
        conn = await server.connect(friend)
        before = len(server.lines)
        await open_terminal(conn)
        conn.abort()
        await until_gone(await app_pid(server, before))
        assert not gone(server.process.pid)  # the server itself goes on


async def test_only_the_safe_commands_run(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host") as server, await server.connect(friend) as conn:
        for command in ("--data-dir /", "saves", "continue ../other/saves/x", "new disruption --data-dir /",
                        "sh -c id", "join KXPT --data /"):
            result = await conn.run(command, encoding=None)
            assert result.exit_status == 2, command
            assert len(plain(result.stderr).strip().splitlines()) == 1, command
        result = await conn.run("new disruption", encoding=None)  # no terminal asked for
        assert result.exit_status == 2 and b"-t" in result.stderr
        with pytest.raises(asyncssh.Error):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.Error):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
    assert not any(" start " in line for line in server.lines)


async def test_extra_sessions_are_refused(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host", "--max-sessions", "1") as server, await server.connect(friend) as conn:
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        result = await conn.run("new disruption", term_type="xterm", encoding=None)
        assert result.exit_status == 1 and b"full" in result.stderr
        assert len(plain(result.stderr).strip().splitlines()) == 1


async def test_one_key_cannot_take_every_session(tmp_path, keys):
    """With 'any key may play', one person must not be able to fill the host alone."""
    friend, _, stranger = keys
    async with Server(tmp_path / "host", "--max-per-key", "1") as server, await server.connect(friend) as conn:
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        result = await conn.run("new disruption", term_type="xterm", encoding=None)
        assert result.exit_status == 1 and b"as many sessions open here as one key may (1)" in result.stderr
        async with await server.connect(stranger) as second:  # another key still gets in
            channel, terminal = await open_terminal(second)
            await arrive(channel, terminal, HOME, "Bea")


async def test_an_idle_session_is_closed_with_a_word_and_its_app_ended(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host", "--idle-timeout", "0.02") as server:
        async with await server.connect(friend) as conn:
            before = len(server.lines)
            channel, terminal = await open_terminal(conn)
            pid = await app_pid(server, before)
            await terminal.seen("without a key")
            await asyncio.wait_for(terminal.closed.wait(), 30)
            assert gone(pid)
            assert "without a key. Your game is saved." in terminal.vt.text()
            assert not terminal.vt.alternate_on and not terminal.vt.mouse_on and terminal.vt.cursor_shown
        assert any("reason=idle" in line for line in server.lines)


async def test_stopping_the_server_says_goodbye_and_puts_every_terminal_back(tmp_path, keys):
    friend, _, stranger = keys
    server = Server(tmp_path / "host")
    async with server:
        clients, pids = [], []
        for key, name in ((friend, "Ann"), (stranger, "Bea")):
            conn = await server.connect(key)
            before = len(server.lines)
            channel, terminal = await open_terminal(conn)
            await arrive(channel, terminal, HOME, name)
            pids.append(await app_pid(server, before))
            clients.append((conn, terminal))
        for _, terminal in clients:  # the app switched these on; the server must switch them off
            assert terminal.vt.alternate_on and terminal.vt.mouse_on and not terminal.vt.cursor_shown
        stopping = len(server.lines)
        server.process.terminate()
        for conn, terminal in clients:
            await asyncio.wait_for(terminal.closed.wait(), 30)
            shown = terminal.vt.text()
            assert "The server is stopping. Your game is saved." in shown and HOME not in shown
            assert not terminal.vt.alternate_on and not terminal.vt.mouse_on and terminal.vt.cursor_shown
            assert terminal.exit_status == 0
            conn.abort()
        assert await asyncio.wait_for(server.process.wait(), 30) == 0
    ends = [line for line in server.lines[stopping:] if " end " in line]
    assert len(ends) == 2 and all(line.endswith("status=0 signals=HUP") for line in ends), ends  # SIGHUP was enough
    assert all(gone(pid) for pid in pids)
    assert os.path.isdir(tmp_path / "host" / "players")


async def test_a_server_whose_terminal_closed_still_puts_every_terminal_back(tmp_path, keys):
    """The host's own terminal goes away (its window closed): SIGHUP, and the log on stderr
    can no longer be written. The stop must not end there: every client is still told and
    gets its terminal back."""
    friend, _, _ = keys
    server = Server(tmp_path / "host")
    async with server:
        conn = await server.connect(friend)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        assert terminal.vt.alternate_on and terminal.vt.mouse_on
        server.process._transport.get_pipe_transport(2).close()  # nobody reads the log any more
        await server.reader
        server.process.send_signal(signal.SIGHUP)
        await asyncio.wait_for(terminal.closed.wait(), 30)
        assert "The server is stopping. Your game is saved." in terminal.vt.text()
        assert not terminal.vt.alternate_on and not terminal.vt.mouse_on and terminal.vt.cursor_shown
        conn.abort()
        await asyncio.wait_for(server.process.wait(), 30)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
async def test_an_app_does_not_outlive_a_killed_server(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host") as server:
        conn = await server.connect(friend)
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        pid = await app_pid(server, before)
        server.process.kill()  # no chance to end its apps itself
        await server.process.wait()
        await until_gone(pid, dead)
        conn.abort()


async def test_a_command_without_a_terminal_prints_plain_lines(tmp_path, keys):
    friend, _, _ = keys
    async with Server(tmp_path / "host") as server, await server.connect(friend) as conn:
        result = await conn.run("tables", encoding=None)
        with_terminal = await conn.run("tables", term_type="xterm", encoding=None)
    assert result.exit_status == 0 and result.stdout.strip() and b"\r" not in result.stdout
    assert b"\r\n" in with_terminal.stdout  # a terminal of its own wants CR LF
