"""`tabletop-tui web`: the web server. Each page load is one player's own app process.

The page is textual-serve's terminal (xterm.js, from its static folder) in a page of ours; the
app runs with Textual's web driver (tui/web/driver.py), which frames keys and screen on its
stdin and stdout (pipes), and this server carries them over one WebSocket per page. The apps are
forked by a fork server of the web's own (tui/serve/forkserver.py, as `serve`'s are), which has
imported the app with the web driver chosen: a page's app starts without imports, and cannot
outlive the server (the kernel ends the fork server with the server, and its apps with it).

Nobody gets in uninvited: a page needs a token the host gave (printed in the address at start,
or one of a file's). The first load with `?token=` sets a signed cookie that names the browser
(its identity, `web:<id>`, owns its seats, as an SSH key does for `serve`) and the token that
let it in, and sends it on to `/` so the token leaves the address bar. Each page then carries a
ticket of its own, good once and for a minute, that opens the one WebSocket which starts its
app: a request without a token or cookie, a cookie whose token the host took back, and a page
from another site get a refusal and start nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import secrets
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

import textual_serve

from saves.paths import COMMON_ENV_VAR, ENV_VAR, DataPaths
from tui.serve.files import UnusableFile, read_capped
from tui.serve.log import ServerLog
from tui.serve.process import MAX_SIDE, ForkedApp, ForkServer, base_environment, stop_in_steps, watch_until_stopped

STATIC = Path(textual_serve.__file__).resolve().parent / "static"
PAGE = Path(__file__).resolve().parent / "page.html"
COOKIE = "tabletop_player"
COOKIE_DAYS = 400  # the longest a browser keeps a cookie
MIN_TOKEN = 16  # characters: a shorter line of a token file is no token
MAX_TOKENS_FILE = 1 << 20
TICKET_SECONDS = 60.0
MAX_MESSAGE = 1 << 16  # bytes of one message from a page (a paste longer than that ends it)
HEARTBEAT = 10.0  # seconds between pings: a page gone without a word is noticed within ~1.5x
QUIT_SECONDS = 1.5  # the app is asked to quit and given this long before the signals
START_SECONDS = 30.0  # the app's first words, at most this long in coming
STOP_SECONDS = 5.0
# What the app left switched on in the page's terminal, switched off again, then a fresh line
# (the server's own words are written over whatever the app drew last).
RESTORE = (
    b"\x18\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?1049l\x1b[?25h\x1b[0m\x1b[2J\x1b[H"
)
REFUSED = (
    "This game needs its secret. Open the address the host gave you, the one ending in"
    " ?token=... (once is enough: this browser then remembers it).\n"
)
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
}


# textual-serve's script, with its terminal given a name on the page (`tabletopTerminal`), so
# that the page's own scripts (and tests) can read what it shows, line by line.
NAMED_TERMINAL = ("this.terminal.open(e),", "this.terminal.open(e),window.tabletopTerminal=this.terminal,")


def page_script() -> bytes:
    script = (STATIC / "js" / "textual.js").read_text(encoding="utf-8")
    if NAMED_TERMINAL[0] in script:
        script = script.replace(NAMED_TERMINAL[0], NAMED_TERMINAL[1], 1)
    return script.encode()


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def secret_file(path: Path, make: Callable[[], str]) -> str:
    """The text of a secret file (owner-only, 0600), made by `make` on the first run."""
    if os.path.lexists(path):
        return read_capped(path, 1 << 12).decode("utf-8", "replace").strip()
    text = make()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text + "\n")
    return text


class Tokens:
    """The tokens that open the page: the one kept in the data folder, or a file of the host's
    (one a line, `#` begins a comment), read again when it changes so the host can let a friend
    in or shut one out without a restart; a file that cannot be read lets nobody in."""

    def __init__(self, path: Path | None, own: str = "") -> None:
        self.path, self.own = path, own
        self._stamp: tuple[int, int] | None = None
        self._digests: set[str] = {digest(own)} if own else set()
        self.problem = ""

    def reload(self) -> str:
        if self.path is None:
            return ""
        try:
            stat = self.path.stat()
        except OSError as error:
            from tui.serve.files import reason

            self._stamp, self._digests, self.problem = None, set(), f"{self.path}: {reason(error)}"
            return self.problem
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                text = read_capped(self.path, MAX_TOKENS_FILE).decode("utf-8", "replace")
            except UnusableFile as problem:
                self._digests, self.problem = set(), str(problem)
                return self.problem
            lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
            tokens = [line for line in lines if line]
            self._digests = {digest(token) for token in tokens if len(token) >= MIN_TOKEN}
            short = len(tokens) - len([t for t in tokens if len(t) >= MIN_TOKEN])
            self.problem = "" if self._digests else f"{self.path}: it holds no token (one a line, {MIN_TOKEN} characters or more)"
            if short and self._digests:
                self.problem = f"{self.path}: {short} line(s) shorter than {MIN_TOKEN} characters are no token"
        return self.problem

    def allows(self, token_digest: str) -> bool:
        self.reload()
        return any(hmac.compare_digest(token_digest, known) for known in self._digests)


# Textual reads these when it is imported: the fork server has them from the start.
WEB_DRIVER = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_COLOR_SYSTEM": "truecolor"}
READ_LIMIT = 1 << 16  # bytes of one line of the app's (only its first lines are read as lines)


class PageApp:
    """A page's app as the server sees it: forked with pipes for its stdin and stdout (asyncio
    streams here, for the web driver's packets) and its stderr thrown away; its exit status and
    signals go through the fork server, which alone reaps it."""

    def __init__(self, forked: ForkedApp, stdin: asyncio.StreamWriter, stdout: asyncio.StreamReader,
                 reading: asyncio.BaseTransport) -> None:  # fmt: skip
        self.forked, self.stdin, self.stdout, self._reading = forked, stdin, stdout, reading

    @classmethod
    async def fork(cls, forks: ForkServer, env: dict[str, str], cwd: Path) -> PageApp:
        """`tabletop-tui` forked for a page; OSError if it could not be."""
        loop = asyncio.get_running_loop()
        app_in, to_app = os.pipe()
        from_app, app_out = os.pipe()
        try:
            with open(os.devnull, "wb") as quiet:
                forked = await forks.fork([], env, cwd, [app_in, app_out, quiet.fileno()])
        except BaseException:
            os.close(to_app)
            os.close(from_app)
            raise
        finally:
            os.close(app_in)
            os.close(app_out)
        stdout = asyncio.StreamReader(limit=READ_LIMIT)
        reading, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdout), open(from_app, "rb", 0))
        writing, protocol = await loop.connect_write_pipe(
            lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), open(to_app, "wb", 0))  # fmt: skip
        return cls(forked, asyncio.StreamWriter(writing, protocol, None, loop), stdout, reading)

    @property
    def pid(self) -> int | None:
        return self.forked.pid

    @property
    def returncode(self) -> int | None:
        return self.forked.returncode

    async def wait(self) -> int:
        return await self.forked.wait()

    def send_signal(self, number: int) -> None:
        self.forked.send_signal(number)

    def close(self) -> None:
        self.stdin.close()
        self._reading.close()


class Visit:
    """One page: one app process, bridged to its WebSocket, ended whatever happens."""

    def __init__(self, host: Host, player: str, peer: str, socket: web.WebSocketResponse) -> None:
        self.host, self.player, self.peer, self.socket = host, player, peer, socket
        self.process: PageApp | None = None
        self.last_key = time.monotonic()
        self.farewell = b""
        self.signals: list[str] = []
        self.stopping: asyncio.Task[Any] | None = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    async def start(self, columns: int, rows: int) -> None:
        folder = self.host.player_folder(self.player)
        env = self.host.app_environment(self.player, folder, columns, rows)
        self.process = await PageApp.fork(self.host.forks, env, folder)

    async def _packet(self, kind: bytes, payload: bytes) -> None:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            return
        try:
            stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
            await stdin.drain()  # a slow app slows the reading of this page, nothing more
        except (ConnectionError, RuntimeError):
            pass

    async def meta(self, **fields: object) -> None:
        await self._packet(b"M", json.dumps(fields).encode())

    async def pump_output(self) -> None:
        """The app's screen to the page, until the app says it is done or ends."""
        stdout = self.process.stdout
        try:
            for _ in range(10):  # the web driver's first line, then framed packets
                line = await asyncio.wait_for(stdout.readline(), START_SECONDS)
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                head = await stdout.readexactly(5)
                payload = await stdout.readexactly(int.from_bytes(head[1:], "big"))
                if head[:1] == b"D" and not self.farewell and not self.socket.closed:
                    await self.socket.send_bytes(payload)
                elif head[:1] == b"M" and json.loads(payload).get("type") == "exit":
                    break
        except (asyncio.IncompleteReadError, TimeoutError, ConnectionError, ValueError):
            pass
        if not self.farewell:
            await self.socket.close()

    async def pump_input(self) -> None:
        """The page's keys, size and focus to the app, until the page goes."""
        async for message in self.socket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind, data = (envelope + [None])[:2] if isinstance(envelope, list) else (None, None)
            except ValueError:
                continue
            if kind == "stdin" and isinstance(data, str) and not self.farewell:
                self.last_key = time.monotonic()
                await self._packet(b"D", data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                size = [data.get("width"), data.get("height")]
                if all(isinstance(side, int) for side in size):
                    columns, rows = (min(max(side, 1), MAX_SIDE) for side in size)
                    await self.meta(type="resize", width=columns, height=rows)
            elif kind in ("focus", "blur"):
                await self.meta(type=kind)
            elif kind == "ping" and isinstance(data, str) and len(data) < 64:
                await self.socket.send_json(["pong", data])

    def _signal(self, number: int) -> None:
        if self.process is not None:
            self.process.send_signal(number)  # to its process group, while it is not reaped

    async def stop(self) -> int | None:
        """End the app: asked to quit (it saves and closes), then SIGHUP, SIGTERM, SIGKILL,
        each after the one before had its time; always waited for, so nothing is left."""
        if self.process is None:
            return None
        if self.process.returncode is None:
            await self.meta(type="quit")
            try:
                await asyncio.wait_for(asyncio.shield(self.process.wait()), QUIT_SECONDS)
            except TimeoutError:
                pass
        status = await stop_in_steps(self.process, self._signal, self.signals)
        self.process.close()
        return status

    async def send_away(self, message: str, reason: str) -> None:
        """Tell the page why its game ends (over the app's last screen), then end the app."""
        if self.farewell or self.socket.closed:
            return
        self.farewell = message.encode()
        self.host.log.line("hangup", peer=self.peer, player=self.player, reason=reason)
        try:
            await self.socket.send_bytes(RESTORE + b"\r\n  " + self.farewell + b"\r\n\x1b[?25l")
        except ConnectionError:
            pass
        await self.socket.close()


class Host:
    """What every page shares: the options, the folders, the tokens, the visits in progress."""

    def __init__(self, options: Any, paths: DataPaths, log: ServerLog, tokens: Tokens, key: bytes) -> None:
        self.paths, self.log, self.tokens, self.key = paths, log, tokens, key
        self.max_sessions: int = options.max_sessions
        self.max_per_player: int = options.max_per_player
        self.idle_seconds: float | None = options.idle_timeout * 60 if options.idle_timeout else None
        self.visits: set[Visit] = set()
        self.tickets: dict[str, tuple[str, float]] = {}  # ticket: (player, good until)
        self.page = PAGE.read_text(encoding="utf-8")
        self.forks = ForkServer(base_environment(**WEB_DRIVER), lambda why: log.line("warning", problem=f"the fork server"
                                f" started again: {why}"))  # fmt: skip

    # ----- who is this browser ----------------------------------------------------------

    def sign(self, browser: str, token_digest: str) -> str:
        body = f"{browser}.{token_digest}"
        return f"{body}.{hmac.new(self.key, body.encode(), hashlib.sha256).hexdigest()[:32]}"

    def cookie_of(self, request: web.Request) -> tuple[str, str] | None:
        """The browser's id and its token's digest, from a cookie this server signed."""
        parts = request.cookies.get(COOKIE, "").split(".")
        if len(parts) != 3 or not hmac.compare_digest(self.sign(parts[0], parts[1]), ".".join(parts)):
            return None
        return parts[0], parts[1]

    def player_of(self, request: web.Request) -> str | None:
        """The identity of a browser let in by a token the host still lists, or None."""
        cookie = self.cookie_of(request)
        if cookie is None or not self.tokens.allows(cookie[1]):
            return None
        return f"web:{cookie[0]}"

    def player_folder(self, player: str) -> Path:
        folder = self.paths.player(player.replace(":", "-"))
        self.paths.players.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder

    def app_environment(self, player: str, folder: Path, columns: int, rows: int) -> dict[str, str]:
        """All the app gets from the server's environment: nothing of the host's own."""
        return base_environment(**WEB_DRIVER) | {
            "HOME": str(folder),
            "TERM": "xterm-256color",
            "COLORTERM": "truecolor",
            "COLUMNS": str(columns),
            "ROWS": str(rows),
            ENV_VAR: str(folder),
            COMMON_ENV_VAR: str(self.paths.common),
            "TABLETOP_TUI_PLAYER": player,
        }

    # ----- requests ---------------------------------------------------------------------

    def refuse(self, request: web.Request, reason: str, status: int = 403, text: str = REFUSED) -> web.Response:
        self.log.line("refused", peer=peer_of(request), reason=reason)
        return web.Response(status=status, text=text, headers=HEADERS)

    async def index(self, request: web.Request) -> web.StreamResponse:
        token = request.query.get("token")
        if token is not None:
            token_digest = digest(token)
            if not self.tokens.allows(token_digest):
                return self.refuse(request, "unknown token")
            cookie = self.cookie_of(request)
            browser = cookie[0] if cookie else secrets.token_hex(8)
            response = web.Response(status=303, headers={**HEADERS, "Location": "/"})  # the token leaves the address bar
            response.set_cookie(COOKIE, self.sign(browser, token_digest), max_age=COOKIE_DAYS * 86400,
                                httponly=True, samesite="Strict", path="/",
                                secure=request.headers.get("X-Forwarded-Proto") == "https")  # fmt: skip
            self.log.line("welcome", peer=peer_of(request), player=f"web:{browser}", new=None if cookie else "yes")
            return response
        player = self.player_of(request)
        if player is None:
            return self.refuse(request, "no token")
        now = time.monotonic()
        for ticket, (_, until) in list(self.tickets.items()):
            if until < now:
                del self.tickets[ticket]
        if len(self.tickets) >= 4 * self.max_sessions:
            return self.refuse(request, "too many pages opening", 503, "Too many pages are opening at once; try again in a minute.\n")
        mine = [ticket for ticket, (holder, _) in self.tickets.items() if holder == player]
        for ticket in mine[: max(len(mine) - 2 * self.max_per_player + 1, 0)]:  # one player's
            del self.tickets[ticket]  # reloads cannot keep the others' pages from opening
        ticket = secrets.token_urlsafe(18)
        self.tickets[ticket] = (player, now + TICKET_SECONDS)
        font = request.query.get("fontsize", "")
        page = (self.page.replace("{{ticket}}", ticket)
                .replace("{{font_size}}", str(min(max(int(font), 6), 64)) if font.isdigit() and len(font) < 4 else "16"))  # fmt: skip
        return web.Response(text=page, content_type="text/html", headers=HEADERS)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        ticket = request.match_info["ticket"]
        player, until = self.tickets.pop(ticket, ("", 0.0))
        if not player or until < time.monotonic() or self.player_of(request) != player:
            return self.refuse(request, "no ticket")
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            return self.refuse(request, "another site's page")
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        peer = peer_of(request)
        if len(self.visits) >= self.max_sessions:
            return await self.turn_away(socket, peer, player, f"The server is full ({self.max_sessions} players); try again later.", "full")
        if sum(visit.player == player for visit in self.visits) >= self.max_per_player:
            return await self.turn_away(socket, peer, player, f"This browser has as many games open here as one may ({self.max_per_player}); close one first.", "player's sessions")
        visit = Visit(self, player, peer, socket)
        self.visits.add(visit)
        try:
            columns, rows = (to_side(request.query.get(side), default) for side, default in (("width", 80), ("height", 24)))
            try:
                await visit.start(columns, rows)
            except OSError as error:
                self.visits.discard(visit)
                return await self.turn_away(socket, peer, player, "The server could not start the game; try again later.", f"start failed ({error.strerror})")
            self.log.line("start", peer=peer, player=player, pid=visit.pid, sessions=len(self.visits))
            output = asyncio.ensure_future(visit.pump_output())
            try:
                await visit.pump_input()
            finally:
                if not visit.farewell:
                    self.log.line("hangup", peer=peer, player=player, reason="page gone")
                status = await visit.stop()
                output.cancel()
                await socket.close()
                signals = ",".join(visit.signals)
                self.log.line("end", peer=peer, player=player, status=status, signals=signals or None)
        finally:
            self.visits.discard(visit)
        return socket

    async def turn_away(self, socket: web.WebSocketResponse, peer: str, player: str, message: str, reason: str) -> web.WebSocketResponse:
        self.log.line("refused", peer=peer, player=player, reason=reason)
        await socket.send_bytes(b"\r\n  " + message.encode() + b"\r\n")
        await socket.close()
        return socket

    async def watch_idle(self) -> None:
        if self.idle_seconds is None:
            return
        while True:
            await asyncio.sleep(min(30.0, max(self.idle_seconds / 4, 0.05)))
            now = time.monotonic()
            for visit in list(self.visits):
                if now - visit.last_key > self.idle_seconds:
                    minutes = f"{self.idle_seconds / 60:g}"
                    await visit.send_away(f"Closed after {minutes} min without a key. Your game is saved.", "idle")

    async def close_all(self) -> None:
        leaving = list(self.visits)
        await asyncio.gather(*(visit.send_away("The server is stopping. Your game is saved.", "server stopping") for visit in leaving))
        deadline = time.monotonic() + STOP_SECONDS
        while self.visits and time.monotonic() < deadline:
            await asyncio.sleep(0.05)


def to_side(text: str | None, default: int) -> int:
    return min(max(int(text), 1), MAX_SIDE) if text and text.isdigit() and len(text) < 6 else default


def peer_of(request: web.Request) -> str:
    return request.remote or "?"


def address(listen: str, port: int) -> str:
    return f"[{listen}]:{port}" if ":" in listen else f"{listen}:{port}"


async def run_server(options: Any, paths: DataPaths, log: ServerLog) -> int:
    """Serve until SIGINT, SIGTERM or SIGHUP. A tokens file that cannot be used stops it before
    it listens; once running, a file gone bad lets nobody in until it is mended."""
    own = "" if options.tokens else secret_file(paths.web_token, lambda: secrets.token_urlsafe(24))
    tokens = Tokens(Path(options.tokens) if options.tokens else None, own)
    if tokens.reload() and not tokens._digests:
        raise UnusableFile(f"--tokens {tokens.problem}")
    key = secret_file(paths.web_secret, lambda: secrets.token_hex(32)).encode()
    host = Host(options, paths, log, tokens, key)
    host.forks.start()  # it imports the app while the server starts listening
    try:
        return await serve_pages(host, options, tokens, own)
    finally:
        host.forks.close()


async def serve_pages(host: Host, options: Any, tokens: Tokens, own: str) -> int:
    paths, log = host.paths, host.log
    app = web.Application(client_max_size=1 << 12)
    app.router.add_get("/", host.index)
    app.router.add_get("/ws/{ticket}", host.socket)
    script = page_script()
    app.router.add_get("/static/js/textual.js", lambda request: web.Response(
        body=script, content_type="application/javascript", headers={"Cache-Control": "no-cache"}))
    app.router.add_static("/static", STATIC)
    runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, options.listen, options.port)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # the port chosen, for --port 0
    where = address(options.listen, port)
    log.line("listening", address=where, players=str(paths.players), common=str(paths.common),
             max_sessions=host.max_sessions)  # fmt: skip
    if tokens.problem:
        log.line("warning", problem=tokens.problem)
    shown = address(socket.gethostname() if options.listen in ("0.0.0.0", "::") else options.listen, port)
    if own:
        print(f"Play at http://{shown}/?token={own}", flush=True)
    else:
        print(f"Play at http://{shown}/?token=TOKEN with a TOKEN of {options.tokens}", flush=True)
    await watch_until_stopped(host, log)
    await host.close_all()
    await runner.cleanup()
    return 0
