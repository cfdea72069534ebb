"""`tabletop-tui serve` holds under abuse: what one session queues is bounded, and only modern
algorithms are spoken. Against the real server and an asyncssh client; nothing is timed."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import asyncssh
import pytest

from tests.serve.harness import NAME_ASKED, PATIENCE, Server, arrive, make_key, open_terminal

HOME = "New Disruption"
FLOOD = 2 << 20


def rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


def bytes_read(pid: int) -> int:
    return int(re.search(r"rchar:\s+(\d+)", Path(f"/proc/{pid}/io").read_text()).group(1))


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="reads the app's figures from /proc")
@pytest.mark.parametrize("pressed", [b"j", b"\x1b[B", "é".encode()], ids=["letter", "arrow", "two-byte"])
async def test_a_key_flood_leaves_the_app_small_and_answering(tmp_path, pressed):
    key, _ = make_key(tmp_path, "flooder")
    async with Server(tmp_path / "host") as server, await server.connect(key) as conn:
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        pid = int(re.search(r"pid=(\d+)", await server.wait_for(r"^\S+ start ", before)).group(1))
        start = bytes_read(pid)
        flood = pressed * (FLOOD // len(pressed))
        channel.write(flood)

        async def swallowed() -> None:  # every byte reached the app (none dropped on the way)
            while bytes_read(pid) - start < len(flood):
                await asyncio.sleep(0.1)

        # A deadline against a hang: a megabyte of two-byte characters takes this machine's
        # app most of half a minute to read and drop, and a busy machine longer.
        await asyncio.wait_for(swallowed(), 4 * PATIENCE)
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


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="reads the app's figures from /proc")
async def test_an_endless_paste_is_cut_and_a_short_one_arrives_whole(tmp_path):
    key, _ = make_key(tmp_path, "paster")
    async with Server(tmp_path / "host") as server, await server.connect(key) as conn:
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await terminal.shows(NAME_ASKED)  # a first visit: the name others will see
        pid = int(re.search(r"pid=(\d+)", await server.wait_for(r"^\S+ start ", before)).group(1))
        channel.write(b"\x1b[200~Zed\x1b[201~")  # pasted into the name
        await terminal.shows("Zed")
        start = bytes_read(pid)
        flood = b"\x1b[200~" + b"x" * (4 * FLOOD)  # a paste that does not end

        async def swallowed() -> None:
            while bytes_read(pid) - start < len(flood):
                await asyncio.sleep(0.1)

        channel.write(flood)
        await asyncio.wait_for(swallowed(), PATIENCE)
        assert rss_mib(pid) < 100
        channel.write(b"\x1b[201~\r")  # it ends; Enter takes the name
        await terminal.shows(HOME)
    names = json.loads((tmp_path / "host" / "names.json").read_bytes())["names"]
    assert list(names.values()) == ["Zed"]  # the first paste whole, the endless one not in it


async def test_a_flood_of_window_sizes_reaches_the_app_as_its_last_size(tmp_path):
    key, _ = make_key(tmp_path, "resizer")
    async with Server(tmp_path / "host") as server, await server.connect(key) as conn:
        before = len(server.lines)
        channel, terminal = await open_terminal(conn)
        await arrive(channel, terminal, HOME)
        pid = int(re.search(r"pid=(\d+)", await server.wait_for(r"^\S+ start ", before)).group(1))
        for i in range(20000):  # a client that sends nothing but window changes
            channel.change_terminal_size(80 + i % 40, 24 + i % 16)
            if i % 1000 == 0:
                await asyncio.sleep(0)
        channel.change_terminal_size(70, 20)  # too small for the app: it says so
        terminal.vt.resize(70, 20)
        await terminal.shows("The terminal is 70x20.")
        assert rss_mib(pid) < 100


OLD_ALGORITHMS = [
    {"kex_algs": ["diffie-hellman-group14-sha1"]},
    {"kex_algs": ["diffie-hellman-group1-sha1"]},
    {"kex_algs": ["diffie-hellman-group-exchange-sha1"]},
    {"mac_algs": ["hmac-sha1"], "encryption_algs": ["aes128-ctr"]},  # a cipher that needs a MAC
    {"mac_algs": ["hmac-sha1-etm@openssh.com"], "encryption_algs": ["aes128-ctr"]},
    {"mac_algs": ["umac-64@openssh.com"], "encryption_algs": ["aes128-ctr"]},
    {"encryption_algs": ["aes128-cbc"]},
    {"encryption_algs": ["3des-cbc"]},
    {"encryption_algs": ["arcfour256"]},
    {"server_host_key_algs": ["ssh-rsa"]},  # the server's RSA key signing with SHA-1
]
REFUSED = (asyncssh.KeyExchangeFailed, asyncssh.ProtocolError, asyncssh.DisconnectError)


@pytest.fixture
def rsa_host(tmp_path) -> Path:
    """A host whose key is RSA, which can sign with SHA-1 as well as SHA-2."""
    key_file = tmp_path / "rsa_host_key"
    key_file.write_bytes(asyncssh.generate_private_key("ssh-rsa", key_size=2048).export_private_key())
    return key_file


async def test_a_client_asking_only_for_an_old_algorithm_is_refused(tmp_path, rsa_host):
    key, _ = make_key(tmp_path, "player")
    async with Server(tmp_path / "host", "--host-key", str(rsa_host)) as server:
        for old in OLD_ALGORITHMS:
            with pytest.raises(REFUSED):
                await server.connect(key, **old)
        # The same client is let in with the modern ones.
        async with await server.connect(key, server_host_key_algs=["rsa-sha2-256"], encryption_algs=["aes128-ctr"],
                                        mac_algs=["hmac-sha2-256"]):  # fmt: skip
            pass


async def test_sha1_rsa_signatures_and_dsa_keys_cannot_log_in(tmp_path):
    rsa = asyncssh.generate_private_key("ssh-rsa", key_size=2048)
    dsa = asyncssh.generate_private_key("ssh-dss")
    async with Server(tmp_path / "host") as server:
        with pytest.raises(asyncssh.PermissionDenied):
            await server.connect(rsa, signature_algs=["ssh-rsa"])  # RSA signed with SHA-1
        with pytest.raises(asyncssh.PermissionDenied):
            await server.connect(dsa)
        async with await server.connect(rsa, signature_algs=["rsa-sha2-256"]):  # the same key, SHA-2
            pass
    assert "refused" in "\n".join(server.lines)


def test_a_dsa_host_key_is_refused(tmp_path, capsys):
    from tui.cli import main

    key_file = tmp_path / "dsa_key"
    key_file.write_bytes(asyncssh.generate_private_key("ssh-dss").export_private_key())
    assert main(["--data-dir", str(tmp_path / "host"), "serve", "--port", "0", "--host-key", str(key_file)]) == 2
    assert "it is a ssh-dss key, which is no longer safe" in capsys.readouterr().err
