"""`tabletop-tui web` without a browser: who gets in, and the bounds. A page is fetched as a
browser fetches it (its cookie kept) and its WebSocket opened with aiohttp, so nothing here needs
chromium; an app is started only where a test needs one (each costs a second of CPU)."""

from __future__ import annotations

import asyncio
import os
import re
import signal

import pytest

pytest.importorskip("textual_serve", reason="the 'web' extra (textual-serve) is not installed")

import aiohttp  # noqa: E402
from yarl import URL  # noqa: E402

from tests.web.harness import PATIENCE, WebServer, gone, until_gone  # noqa: E402

REFUSAL = "needs its secret"
TICKET = re.compile(r'"/ws/([A-Za-z0-9_-]+)"')


@pytest.fixture
def server(tmp_path):
    servers: list[WebServer] = []

    def start(*options: str) -> WebServer:
        servers.append(WebServer(tmp_path / f"data{len(servers)}", *options))
        return servers[-1]

    yield start
    for each in servers:
        each.stop()


def browser(**options: object) -> aiohttp.ClientSession:
    """A client that keeps cookies as a browser does, for an address given as an IP too."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), **options)


async def page(client: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with client.get(url) as response:
        return response.status, await response.text()


async def ticket_of(client: aiohttp.ClientSession, base: str) -> str:
    status, text = await page(client, base + "/")
    assert status == 200, text
    return TICKET.search(text).group(1)


async def received(socket: aiohttp.ClientWebSocketResponse, *texts: str) -> str:
    """What the page's terminal is sent, until it holds all of `texts` or the socket closes."""
    got = ""

    async def read() -> str:
        nonlocal got
        async for message in socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                got += message.data.decode("utf-8", "replace")
                if all(text in got for text in texts):
                    break
        return got

    return await asyncio.wait_for(read(), PATIENCE)


async def test_no_token_no_page_and_no_app(server, tmp_path):
    web = await asyncio.to_thread(server)
    token = web.url.split("token=", 1)[1]
    assert (tmp_path / "data0" / "web-token").read_text().strip() == token  # kept for the next start
    assert web.url.startswith("http://127.0.0.1:")  # this machine only, unless told otherwise
    async with browser() as stranger:
        for path in ("/", "/?token=", f"/?token={token[:-1]}", f"/?token={token}x", "/ws/made-up"):
            status, text = await page(stranger, web.base + path)
            assert status == 403 and REFUSAL in text, path
        assert not stranger.cookie_jar.filter_cookies(URL(web.base))
    async with browser() as friend:
        async with friend.get(f"{web.base}/?token={token}", allow_redirects=False) as response:
            assert response.status == 303 and response.headers["Location"] == "/"  # the token leaves the address
            cookie = response.cookies["tabletop_player"]
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
        first = await ticket_of(friend, web.base)
        assert await ticket_of(friend, web.base) != first  # each page load its own ticket
        # A page of another site cannot open a game with this browser's cookie, and a ticket
        # opens at most one socket, whatever came of it.
        headers = {"Origin": "http://elsewhere.example"}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await friend.ws_connect(f"{web.base}/ws/{first}", headers=headers)
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await friend.ws_connect(f"{web.base}/ws/{first}")
        # One browser reloading over and over holds at most twice its pages' tickets (the
        # oldest go first), so it cannot keep other players' pages from opening.
        pending = [await ticket_of(friend, web.base) for _ in range(7)]
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await friend.ws_connect(f"{web.base}/ws/{pending[0]}")
    # A cookie made up, or signed by no one, opens nothing either.
    async with browser(cookies={"tabletop_player": "0123456789abcdef.ffff.0000"}) as forger:
        status, text = await page(forger, web.base + "/")
        assert status == 403 and REFUSAL in text
    await asyncio.to_thread(web.stop)  # its whole log read
    assert not web.pids()
    assert "reason=another site's page" in "\n".join(web.lines) and token not in "\n".join(web.lines)


async def test_a_token_taken_back_from_the_file_shuts_its_browsers_out(server, tmp_path):
    tokens = tmp_path / "tokens"
    ann, ben = "ann-" + "a" * 20, "ben-" + "b" * 20
    tokens.write_text(f"# friends\n{ann}\n{ben}  # Ben\nshort\n")
    web = await asyncio.to_thread(server, "--tokens", str(tokens))
    assert web.said[0].endswith(f"/?token=TOKEN with a TOKEN of {tokens}") and not (tmp_path / "data0" / "web-token").exists()
    await asyncio.to_thread(web.wait_for, r"warning .*shorter than 16")
    async with browser() as visitor:
        for token, status in (("short", 403), (ann, 200)):
            assert (await page(visitor, f"{web.base}/?token={token}"))[0] == status
        me = visitor.cookie_jar.filter_cookies(URL(web.base))["tabletop_player"].value.split(".")[0]
        tokens.write_text(f"{ben}\n")  # Ann's token is taken back: her browser is out at once
        assert (await page(visitor, web.base + "/"))[0] == 403
        assert (await page(visitor, f"{web.base}/?token={ann}"))[0] == 403
        assert (await page(visitor, f"{web.base}/?token={ben}"))[0] == 200  # a token still listed
        assert visitor.cookie_jar.filter_cookies(URL(web.base))["tabletop_player"].value.split(".")[0] == me
    tokens.unlink()  # a file gone lets nobody in
    async with browser() as visitor:
        assert (await page(visitor, f"{web.base}/?token={ben}"))[0] == 403


async def test_limits_idle_and_stop(server):
    web = await asyncio.to_thread(server, "--max-sessions", "2", "--max-per-player", "1", "--idle-timeout", "0.05")
    async with browser() as ann, browser() as ben, browser() as cy:
        for each in (ann, ben, cy):
            await page(each, web.url)
        socket = await ann.ws_connect(f"{web.base}/ws/{await ticket_of(ann, web.base)}?width=80&height=24")
        assert "Your name" in await received(socket, "Your name")

        async def keep_typing(into: aiohttp.ClientWebSocketResponse, key: str) -> None:
            while True:
                await into.send_json(["stdin", key])
                await asyncio.sleep(0.4)

        # Ann types until the server is full, so a slow machine cannot idle her out (3 s) first.
        ann_typing = asyncio.ensure_future(keep_typing(socket, "A"))
        # One browser, one game at a time here (--max-per-player 1); no app is started for it.
        again = await ann.ws_connect(f"{web.base}/ws/{await ticket_of(ann, web.base)}")
        assert "as many games open here as one may (1)" in await received(again)
        second = await ben.ws_connect(f"{web.base}/ws/{await ticket_of(ben, web.base)}")
        await received(second, "Your name")
        full = await cy.ws_connect(f"{web.base}/ws/{await ticket_of(cy, web.base)}")
        assert "The server is full (2 players)" in await received(full)
        ann_app, ben_app = web.pids()
        # Ben types; Ann stops: after 3 s without a key, her page is told and her app ends.
        typing = asyncio.ensure_future(keep_typing(second, "B"))
        ann_typing.cancel()
        told = await received(socket, "Closed after")
        typing.cancel()
        assert "Your game is saved." in told
        await received(socket)  # then the page's socket is closed
        assert socket.closed
        await asyncio.to_thread(until_gone, ann_app)
        assert not gone(ben_app)
        # A stop tells each page still open and ends its app; the server exits cleanly.
        web.process.send_signal(signal.SIGTERM)
        assert "The server is stopping. Your game is saved." in await received(second, "stopping")
        assert await asyncio.to_thread(web.process.wait, PATIENCE) == 0
        assert gone(ben_app)
    assert len(web.pids()) == 2


def parent(pid: int) -> int:
    return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])


async def test_pages_apps_are_forked_from_the_web_fork_server_and_end_with_the_server(server):
    """Each page's app is forked (no imports of its own) by a fork server the web server
    started, is a session of its own, and a SIGKILLed server takes its apps with it."""
    web = await asyncio.to_thread(server)
    async with browser() as ann, browser() as ben:
        sockets = []
        for each in (ann, ben):
            await page(each, web.url)
            sockets.append(await each.ws_connect(f"{web.base}/ws/{await ticket_of(each, web.base)}?width=80&height=24"))
            await received(sockets[-1], "Your name")
        first, second = web.pids()
        forks = parent(first)
        assert parent(second) == forks != web.process.pid and parent(forks) == web.process.pid
        assert b"tui.serve.forkserver" in open(f"/proc/{forks}/cmdline", "rb").read()
        assert os.getsid(first) == first != os.getsid(second)
        web.process.kill()
        for pid in (forks, first, second):
            await asyncio.to_thread(until_gone, pid)
        web.process.wait()


def rss_kib(pid: int) -> int:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def test_a_flood_of_keys_is_dropped_and_the_app_answers_after_it(server):
    """2 MiB of `j` from one page: kept as key events, they would take the app hundreds of MiB
    and minutes; past what it can handle they are dropped, and the next key is answered."""
    web = await asyncio.to_thread(server)
    async with browser() as visitor:
        await page(visitor, web.url)
        socket = await visitor.ws_connect(f"{web.base}/ws/{await ticket_of(visitor, web.base)}?width=80&height=24")
        await received(socket, "Your name")
        await socket.send_json(["stdin", "Flo\r"])
        await received(socket, "Quit")
        [app] = web.pids()
        before = rss_kib(app)
        for _ in range(64):
            await socket.send_json(["stdin", "j" * 32768])

        async def ask() -> None:  # a key pressed during the flood is dropped with it: again
            while True:
                await socket.send_json(["stdin", "3"])  # a key that opens a screen of its own
                await asyncio.sleep(1.0)

        asking = asyncio.ensure_future(ask())
        try:
            await received(socket, "New game of Disruption")
        finally:
            asking.cancel()
        assert rss_kib(app) - before < 32 * 1024
        await socket.close()
    await asyncio.to_thread(until_gone, app)
