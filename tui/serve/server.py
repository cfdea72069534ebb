"""`tabletop-tui serve`: the SSH server. Each session is one player's own app process.

A connection is a `Door` (who is this key, may it enter); each session on it is a `Visit` (one
app in a PTY of the client's size). Only public keys open the door; no shell, no subsystem
(sftp), no forwarding of any kind is offered: nothing but the app.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import asyncssh
from asyncssh.packet import PacketDecodeError, SSHPacket

from saves.paths import COMMON_ENV_VAR, ENV_VAR, DataPaths
from tui.serve.commands import Refused, USAGE, is_interactive, safe_arguments
from tui.serve.identity import KeyList, Player, UnusableFile, host_key, player_folder, player_for
from tui.serve.log import ServerLog
from tui.serve.process import AppProcess, ForkServer, base_environment, watch_until_stopped

# A client that stops answering (dropped network) is let go after KEEPALIVE_SECONDS *
# (KEEPALIVE_MISSES + 1), about 3 s; its app then ends within 2 s (process.STOP_STEPS).
KEEPALIVE_SECONDS = 1.0
KEEPALIVE_MISSES = 2
LOGIN_SECONDS = 30
# A stop gives the apps this long to end (at most 2 s: process.STOP_STEPS), then the
# clients this long to take their last words and close their side.
STOP_SECONDS = 5.0
FAREWELL_SECONDS = 3.0
RESIZE_SECONDS = 0.05
TERM_NAME = re.compile(r"[A-Za-z0-9._+-]{1,40}")
DEFAULT_TERM = "xterm-256color"
# Modern algorithms only: no SHA-1 (signatures, MACs, key exchange), no DSA, no CBC or RC4
# ciphers, no 64-bit MACs. Each list keeps the ones this asyncssh knows, in this order.
KEX_ALGS = (
    "mlkem768x25519-sha256", "curve25519-sha256", "curve25519-sha256@libssh.org", "curve448-sha512",
    "ecdh-sha2-nistp521", "ecdh-sha2-nistp384", "ecdh-sha2-nistp256", "diffie-hellman-group-exchange-sha256",
    "diffie-hellman-group18-sha512", "diffie-hellman-group16-sha512", "diffie-hellman-group14-sha256",
)
ENCRYPTION_ALGS = (
    "chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com", "aes128-gcm@openssh.com",
    "aes256-ctr", "aes192-ctr", "aes128-ctr",
)
MAC_ALGS = (
    "hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "umac-128-etm@openssh.com",
    "hmac-sha2-256", "hmac-sha2-512", "umac-128@openssh.com",
)
# Signatures: a player's key signing in, and the server's own key.
SIGNATURE_ALGS = (
    "ssh-ed25519", "sk-ssh-ed25519@openssh.com", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521", "sk-ecdsa-sha2-nistp256@openssh.com", "ssh-ed448", "rsa-sha2-512", "rsa-sha2-256",
)
HOST_KEY_ALGS = ("ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
                 "ssh-ed448", "rsa-sha2-512", "rsa-sha2-256")  # fmt: skip
# What a killed app leaves switched on in the client's terminal (alternate screen, mouse and
# focus reports, bracketed paste, the kitty keyboard mode, no line wrap), switched off again;
# first CAN, which ends any escape sequence the app's last output was cut in the middle of.
RESTORE = (
    b"\x18\x1b[<u\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1004l\x1b[?2004l"
    b"\x1b[?2048l\x1b[?7h\x1b[?1049l\x1b[?25h\x1b[0m"
)


class Host:
    """What every connection shares: the options, the folders, the visits in progress."""

    def __init__(self, options: Any, paths: DataPaths, log: ServerLog) -> None:
        self.paths, self.log = paths, log
        self.max_sessions: int = options.max_sessions
        self.max_per_key: int = options.max_per_key
        self.idle_seconds: float | None = options.idle_timeout * 60 if options.idle_timeout else None
        self.authorized = KeyList(Path(options.authorized_keys)) if options.authorized_keys else None
        self.moderators = KeyList(Path(options.moderators)) if options.moderators else None
        self.visits: set[Visit] = set()
        self.doors: set[Door] = set()
        self.forks = ForkServer(base_environment(), lambda why: log.line("warning", problem=f"the fork server"
                                f" started again: {why}"))  # fmt: skip

    def app_environment(self, player: Player, folder: Path, term: str, colorterm: str) -> dict[str, str]:
        """All the app gets from the server's environment: nothing of the host's own."""
        env = base_environment() | {
            "HOME": str(folder),
            "TERM": term,
            ENV_VAR: str(folder),
            COMMON_ENV_VAR: str(self.paths.common),
            "TABLETOP_TUI_PLAYER": player.id,
        }
        if colorterm in ("truecolor", "24bit"):
            env["COLORTERM"] = colorterm
        if player.moderator:
            env["TABLETOP_TUI_MODERATOR"] = "1"
        return env

    async def watch_idle(self) -> None:
        if self.idle_seconds is None:
            return
        while True:
            await asyncio.sleep(min(30.0, max(self.idle_seconds / 4, 0.05)))
            now = asyncio.get_running_loop().time()
            for visit in list(self.visits):
                if now - visit.last_key > self.idle_seconds:
                    minutes = f"{self.idle_seconds / 60:g}"
                    visit.send_away(f"Closed after {minutes} min without a key. Your game is saved.", "idle")

    async def close_all(self) -> None:
        """Every client is told and its terminal put back at once; then the apps end, each
        client gets its exit status and closes its side; only then are connections cut (a cut
        connection drops what it had not sent yet)."""
        leaving = list(self.visits)
        for visit in leaving:
            visit.send_away("The server is stopping. Your game is saved.", "server stopping")
        await wait_all([visit.ended.wait() for visit in leaving], STOP_SECONDS)
        await wait_all([visit.channel.wait_closed() for visit in leaving if visit.channel], FAREWELL_SECONDS)
        for door in list(self.doors):
            if door.connection is not None:
                door.connection.close()


async def wait_all(waits: list[Any], seconds: float) -> None:
    if waits:
        await asyncio.wait([asyncio.ensure_future(w) for w in waits], timeout=seconds)


class Door(asyncssh.SSHServer):
    """One connection: only a public key gets in (an allowed one, when the host lists them)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.connection: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.key: asyncssh.SSHKey | None = None
        self.player: Player | None = None
        self.unlisted: set[str] = set()

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        self.host.doors.add(self)
        address = conn.get_extra_info("peername") or ("?", 0)
        self.peer = f"{address[0]}:{address[1]}"
        only_modern_signatures(conn)

    def begin_auth(self, username: str) -> bool:
        return True  # the user name is not used: the key is the identity

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        authorized = self.host.authorized
        if authorized is not None and not authorized.allows(key, *self._address()):
            self.unlisted.add(key.get_fingerprint("sha256"))
            return False
        self.key = key  # the last key accepted before auth_completed is the one that signed
        return True

    def _address(self) -> tuple[str, str]:
        host = self.peer.rsplit(":", 1)[0]
        return host, host

    def auth_completed(self) -> None:
        assert self.key is not None
        moderators = self.host.moderators
        moderator = moderators is not None and moderators.allows(self.key, *self._address())
        self.player = player_for(self.key, moderator)
        self.host.log.line("login", peer=self.peer, key=self.player.fingerprint, player=self.player.id,
                           moderator="yes" if moderator else None)

    def session_requested(self) -> Visit | bool:
        if self.player is None:
            return False
        return Visit(self.host, self.player, self.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.doors.discard(self)
        if self.player is None:
            reason = "unlisted key" if self.unlisted else "no key accepted"
            keys = ",".join(sorted(self.unlisted)) or None
            self.host.log.line("refused", peer=self.peer, reason=reason, key=keys)
        else:
            self.host.log.line("disconnect", peer=self.peer, player=self.player.id)


class Visit(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One SSH session: one app process, bridged both ways, ended whatever happens."""

    def __init__(self, host: Host, player: Player, peer: str) -> None:
        self.host, self.player, self.peer = host, player, peer
        self.channel: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None  # None: the client asked for no terminal
        self.columns, self.rows = 80, 24
        self.command: str | None = None
        self.app: AppProcess | None = None
        self.open = True  # the channel, as far as we know
        self.farewell = b""  # said to a client whose app the server ends
        self.stopping = False
        self.done = False  # the app has ended
        self.last_key = asyncio.get_running_loop().time()
        self.resized = 0.0  # when the app was last told of a new size
        self.resize_due: asyncio.TimerHandle | None = None
        self.ended = asyncio.Event()

    # ----- the client asks ---------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.channel = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term = term_type if TERM_NAME.fullmatch(term_type or "") else DEFAULT_TERM
        if term_size[0] and term_size[1]:
            self.columns, self.rows = term_size[0], term_size[1]
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp, no anything

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self.begin())

    async def begin(self) -> None:
        try:
            arguments = safe_arguments(self.command.decode() if isinstance(self.command, bytes) else self.command)
        except (Refused, UnicodeDecodeError) as refusal:
            self.refuse(str(refusal) if isinstance(refusal, Refused) else USAGE, "command", status=2)
            return
        if self.term is None and is_interactive(arguments):
            self.refuse("tabletop-tui needs a terminal: add -t to ssh (ssh -t -p PORT HOST ...).", "no terminal", 2)
            return
        if len(self.host.visits) >= self.host.max_sessions:
            self.refuse(f"The server is full ({self.host.max_sessions} players); try again later.", "full", 1)
            return
        if sum(visit.player.id == self.player.id for visit in self.host.visits) >= self.host.max_per_key:
            self.refuse(f"This key has as many sessions open here as one key may ({self.host.max_per_key});"
                        " close one first.", "key's sessions", 1)  # fmt: skip
            return
        self.host.visits.add(self)
        try:
            folder = player_folder(self.host.paths, self.player)
            environment = self.channel.get_environment() if self.channel else {}
            env = self.host.app_environment(self.player, folder, self.term or DEFAULT_TERM,
                                            str(environment.get("COLORTERM", "")))
            self.app = AppProcess(self.output, self.app_ended, self.input_full)
            await self.app.start(self.host.forks, arguments, env, folder, self.columns, self.rows, self.term is not None)
        except OSError as error:
            self.host.visits.discard(self)
            self.refuse("The server could not start the game; try again later.", f"start failed ({error.strerror})", 1)
            return
        self.host.log.line("start", peer=self.peer, player=self.player.id, command=arguments[0] if arguments else "home",
                           pid=self.app.pid, sessions=len(self.host.visits))
        if self.stopping:  # hung up while the app was starting: its stop was left to us
            asyncio.get_running_loop().create_task(self.app.stop())
        elif not self.open:
            self.hang_up("gone before start")

    def refuse(self, message: str, reason: str, status: int) -> None:
        self.host.log.line("refused", peer=self.peer, player=self.player.id, reason=reason)
        self.say(self.line(message), stderr=True)
        self.exit(status)
        self.ended.set()

    def line(self, message: str) -> bytes:
        """One line of the server's own to the client: a terminal wants CR LF, a plain pipe LF."""
        return message.encode() + (b"\r\n" if self.term is not None else b"\n")

    def say(self, data: bytes, stderr: bool = False) -> None:
        """Words to a client that may be gone already."""
        if self.channel is None or not self.open:
            return
        try:
            (self.channel.write_stderr if stderr else self.channel.write)(data)
        except (BrokenPipeError, OSError):
            pass

    def exit(self, status: int) -> None:
        """The exit status, which closes the channel once all before it has been sent."""
        if self.channel is None or not self.open:
            return
        try:
            self.channel.exit(status)
        except (BrokenPipeError, OSError):
            pass

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_key = asyncio.get_running_loop().time()
        if self.app is not None and not self.stopping:
            self.app.send_keys(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The app hears of a new size at once, and of a stream of them (a window dragged, or a
        client sending nothing else) at most every RESIZE_SECONDS, the last one always."""
        if not (width and height):
            return
        self.columns, self.rows = width, height
        if self.resize_due is not None:
            return  # the size now is sent when it is due
        loop = asyncio.get_running_loop()
        wait = self.resized + RESIZE_SECONDS - loop.time()
        if wait > 0:
            self.resize_due = loop.call_later(wait, self._resize)
        else:
            self._resize()

    def _resize(self) -> None:
        self.resize_due = None
        self.resized = asyncio.get_running_loop().time()
        if self.app is not None:
            self.app.resize(self.columns, self.rows)

    def break_received(self, msec: int) -> bool:
        return False

    def eof_received(self) -> bool:
        """The client will send nothing more. A player at a terminal has left; a command run
        without one (`ssh HOST tables < /dev/null`) may still have output to give."""
        if self.term is not None:
            self.hang_up("end of input")
        return True  # keep our side open for the last output and the exit status

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        self.hang_up("client gone")

    def input_full(self, full: bool) -> None:
        """The app is behind on its keys: read no more from the client until it catches up."""
        if self.channel is not None and self.open:
            (self.channel.pause_reading if full else self.channel.resume_reading)()

    def pause_writing(self) -> None:
        if self.app is not None:
            self.app.pause_output()

    def resume_writing(self) -> None:
        if self.app is not None:
            self.app.resume_output()

    # ----- the app answers ---------------------------------------------------------------

    def output(self, data: bytes) -> None:
        if self.open and self.channel is not None and not self.farewell:
            try:
                self.channel.write(data)
            except BrokenPipeError:  # the client closed its side: connection_lost follows
                pass

    def app_ended(self, status: int) -> None:
        self.done = True
        self.host.visits.discard(self)
        signals = ",".join(self.app.signals) if self.app is not None else ""
        self.host.log.line("end", peer=self.peer, player=self.player.id, status=status, signals=signals or None)
        self.exit(0 if self.farewell else max(status, 0))
        self.ended.set()

    # ----- the server ends it ------------------------------------------------------------

    def hang_up(self, reason: str) -> None:
        """The client is gone: end the app (it saved its last move already)."""
        if self.app is None:
            self.ended.set()
        if self.app is None or self.stopping or self.done:
            return
        self.stopping = True
        self.host.log.line("hangup", peer=self.peer, player=self.player.id, reason=reason)
        if self.app.pid is not None:  # else begin() stops it as soon as it has started
            asyncio.get_running_loop().create_task(self.app.stop())

    def send_away(self, message: str, reason: str) -> None:
        """Tell a client still here why they are sent away, with their terminal put back as
        it was (the app's output stops here: it cannot undo its screen modes behind this),
        then end the app."""
        if self.stopping or self.done or self.farewell:
            return
        self.farewell = message.encode()
        self.say((RESTORE + b"\r\n" if self.term is not None else b"") + self.line(message))
        if self.app is None:  # not started yet: begin() stops it as soon as it has
            self.stopping = True
            self.host.log.line("hangup", peer=self.peer, player=self.player.id, reason=reason)
            return
        self.hang_up(reason)


def shared_file_problems(paths: DataPaths) -> list[str]:
    """The files every player's app shares that cannot be read, each in one line: the host
    hears of them at start (an app keeps such a file aside when it next writes it)."""
    from saves.names import names_problem
    from tui.decknforge.storage import word_store

    return [problem for problem in (names_problem(paths), word_store(paths).checked_moderators()[1]) if problem]


def only_modern_signatures(conn: asyncssh.SSHServerConnection) -> None:
    """Have `conn` take a player's signature only if made with one of SIGNATURE_ALGS.
    asyncssh tells clients which it prefers (server-sig-algs) but verifies any the key can make,
    SHA-1 RSA and DSA included: the check is added in front of its own."""
    verify = conn.validate_public_key
    allowed = {name.encode() for name in SIGNATURE_ALGS}

    async def validate_public_key(username: str, key_data: bytes, msg: bytes, signature: bytes) -> bool:
        if signature:
            try:
                algorithm = SSHPacket(signature).get_string()
            except PacketDecodeError:
                return False
            if algorithm not in allowed:
                return False
        return await verify(username, key_data, msg, signature)

    conn.validate_public_key = validate_public_key  # type: ignore[method-assign]


def known(wanted: tuple[str, ...], supported: list[bytes]) -> list[str]:
    return [name for name in wanted if name.encode() in supported]


def algorithms() -> dict[str, list[str]]:
    """create_server's options that keep to the modern algorithms (see KEX_ALGS and the rest)."""
    from asyncssh.encryption import get_encryption_algs
    from asyncssh.kex import get_kex_algs
    from asyncssh.mac import get_mac_algs
    from asyncssh.public_key import get_public_key_algs

    return {
        "kex_algs": known(KEX_ALGS, get_kex_algs()),
        "encryption_algs": known(ENCRYPTION_ALGS, get_encryption_algs()),
        "mac_algs": known(MAC_ALGS, get_mac_algs()),
        "signature_algs": known(SIGNATURE_ALGS, get_public_key_algs()),
    }


def modern_host_key(key: asyncssh.SSHKey, path: Path) -> asyncssh.SSHKeyPair:
    """The server's key, signing only with modern algorithms (an RSA key: SHA-2, never SHA-1)."""
    keypair = asyncssh.load_keypairs([key])[0]
    keypair.host_key_algorithms = [alg for alg in keypair.host_key_algorithms if alg.decode() in HOST_KEY_ALGS]
    if not keypair.host_key_algorithms:
        raise UnusableFile(f"--host-key {path}: it is a {key.get_algorithm()} key, which is no longer safe: use ed25519")
    return keypair


async def run_server(options: Any, paths: DataPaths, log: ServerLog) -> int:
    """Serve until SIGINT, SIGTERM or SIGHUP. A file given to an option that cannot be used
    stops it before it listens (UnusableFile, ValueError for a host key that is no key); once
    running, a list of keys gone bad lets nobody match it until it is mended."""
    host = Host(options, paths, log)
    for keys, option in ((host.authorized, "--authorized-keys"), (host.moderators, "--moderators")):
        if keys is not None and keys.reload():
            raise UnusableFile(f"{option} {keys.problem}")
    key_path = Path(options.host_key) if options.host_key else paths.host_key
    try:
        key, made = host_key(key_path, make_folder=not options.host_key)
    except UnusableFile as problem:
        raise UnusableFile(f"--host-key {problem}" if options.host_key else str(problem)) from None
    keypair = modern_host_key(key, key_path)
    log.line("host-key", file=str(key_path), key=key.get_fingerprint("sha256"), made="yes" if made else None)
    for problem in shared_file_problems(paths):
        log.line("warning", problem=problem)
    host.forks.start()  # it imports the app while the server starts listening
    try:
        return await serve_until_stopped(host, options, keypair)
    finally:
        host.forks.close()


async def serve_until_stopped(host: Host, options: Any, keypair: asyncssh.SSHKeyPair) -> int:
    paths, log = host.paths, host.log
    acceptor = await asyncssh.create_server(
        lambda: Door(host),
        options.listen or None,
        options.port,
        server_host_keys=[keypair],
        **algorithms(),
        encoding=None,
        public_key_auth=True,
        password_auth=False,
        kbdint_auth=False,
        host_based_auth=False,
        gss_auth=False,
        gss_kex=False,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        sftp_factory=None,
        rdns_lookup=False,
        login_timeout=LOGIN_SECONDS,
        keepalive_interval=KEEPALIVE_SECONDS,
        keepalive_count_max=KEEPALIVE_MISSES,
    )
    log.line("listening", address=f"{options.listen or '*'}:{acceptor.get_port()}",
             players=str(paths.players), common=str(paths.common), max_sessions=host.max_sessions)
    if host.authorized is None:
        where = "anyone who can reach this machine" if not options.listen else f"anyone who can reach {options.listen}"
        log.line("warning", problem=f"any SSH key may play: {where} on port {acceptor.get_port()} gets a session"
                 " (a game, never a shell); --authorized-keys FILE lets in only the keys it lists")
    await watch_until_stopped(host, log)
    acceptor.close()
    await host.close_all()
    await acceptor.wait_closed()
    return 0
