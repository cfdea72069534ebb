"""The process that starts the apps of `serve` and of `web`: it imports the app once, then forks
a copy of itself for each session, so a session starts without imports and shares those pages
with its siblings.

The server starts it (`python -P -m tui.serve.forkserver SERVER_PID FD`) with the environment
every app starts from, and sends it one packet per session over the socket FD: the app's
arguments, environment and working directory, with the session's standard streams (one PTY for
all three, as `serve` gives, or three of their own: `web`'s pipes) and a socket of the session's
own. On that socket this process answers `pid N` once the app runs (or `failed WHY`),
signals the app's process group when asked (`signal N`), and says `exit STATUS` (as asyncio
reports one: negative for a signal) once it has reaped the app, then closes it. Only this
process reaps the apps, so a signal can never reach a process that took a reaped app's number.

Forking is safe here because this process stays as plain as a process can be after its imports:
one thread, no event loop, no open files but its sockets; the app starts its own of each after
the fork. It ignores the terminal's and the supervisor's signals (the server stops the apps in
order, then closes the socket) and ends when that socket closes. On Linux the kernel kills it if
the server dies, and an app if this process dies, so no app outlives the server.
"""

from __future__ import annotations

import gc
import io
import json
import os
import selectors
import signal
import socket
import sys
import threading
from typing import Any

PR_SET_PDEATHSIG = 1
MAX_REQUEST = 1 << 16  # bytes of one session's arguments, environment and folder
# Whatever an app imports only when a screen needs it is imported here once for all of them.
PRELOAD = ("tui", "saves", "engine", "themes")
NOT_PRELOADED = ("tui.serve.server", "tui.serve.identity", "tui.serve.forkserver", "tui.web.server")


class AppRequest:
    """What the forked app runs: decoded from the server's packet."""

    def __init__(self, packet: bytes, streams: list[int]) -> None:
        request = json.loads(packet)
        self.arguments: list[str] = [str(a) for a in request["arguments"]]
        self.env: dict[str, str] = {str(k): str(v) for k, v in request["env"].items()}
        self.cwd: str = str(request["cwd"])
        self.streams = streams  # stdin, stdout and stderr, or one for all three


def die_with_parent(parent: int) -> None:
    """Have the kernel end this process with SIGKILL when `parent` (the one that forked it)
    dies; end it now if that happened already."""
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)


def preload() -> None:
    """Import every module the app may use (each game's screens, rules and content too), so
    that no app imports one for itself."""
    import importlib
    import pkgutil

    for name in PRELOAD:
        package = importlib.import_module(name)
        for found in pkgutil.walk_packages(package.__path__, f"{name}."):
            module = found.name
            if module.endswith("__main__") or module.startswith(NOT_PRELOADED):
                continue
            try:
                importlib.import_module(module)
            except ImportError:  # an optional part whose extra is not installed
                continue
    from engine.registry import GAMES

    for game_id in GAMES:
        GAMES[game_id]  # its rules and content, built once


def share_parsed_css() -> None:
    """Have every Textual stylesheet in this process (and in each app forked from it) share
    the rules parsed from one text with the same variables (a theme's colours), instead of
    each parsing its own: parsing the app's CSS is the most of an app's start. A stylesheet
    keeps the rules it parsed and never changes them, so sharing them changes nothing else."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    parsed: dict[tuple[Any, ...], Any] = {}

    def shared_parse(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> Any:  # fmt: skip
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = shared_parse  # type: ignore[method-assign]


def warm_up() -> None:
    """Start the app once to its home screen, headless, in a folder thrown away after: what
    every app computes the same way at start (its parsed CSS, Python's specialised bytecode)
    is then done once here, and shared."""
    import tempfile

    from saves.paths import DataPaths
    from tui.app import TabletopApp

    class Warming(TabletopApp):
        def on_mount(self) -> None:  # Textual runs TabletopApp.on_mount too (no super() call)
            self.call_after_refresh(self.exit)

    with tempfile.TemporaryDirectory() as folder:
        Warming(DataPaths.resolve(folder)).run(headless=True, size=(80, 24))


class Children:
    """The apps forked so far, each with its session's socket, until reaped."""

    def __init__(self, selector: selectors.BaseSelector) -> None:
        self.selector = selector
        self.sockets: dict[int, socket.socket] = {}  # pid -> session socket

    def add(self, pid: int, session: socket.socket) -> None:
        self.sockets[pid] = session
        self.selector.register(session, selectors.EVENT_READ, ("session", pid))

    def asked(self, pid: int) -> None:
        """The server wrote on a session's socket: a signal to send, or its side closed."""
        session = self.sockets[pid]
        try:
            data = session.recv(4096)
        except OSError:
            data = b""
        if not data:  # the server let go of the session: the app still ends the usual way
            self.selector.unregister(session)
            return
        for line in data.decode("ascii", "replace").splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "signal" and words[1].isdigit():
                try:
                    os.killpg(pid, int(words[1]))  # not reaped yet: the number is still the app's
                except (ProcessLookupError, PermissionError):
                    pass

    def reap(self) -> None:
        while self.sockets:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            session = self.sockets.pop(pid, None)
            if session is None:
                continue
            try:
                self.selector.unregister(session)
            except (KeyError, ValueError):
                pass
            try:
                session.sendall(f"exit {os.waitstatus_to_exitcode(status)}\n".encode())
            except OSError:
                pass
            session.close()


def serve(control: socket.socket) -> AppRequest | None:
    """Fork an app for each request until the server closes `control`. Returns None in this
    process when done, and the request in each forked app, which then runs it."""
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)
    signal.set_wakeup_fd(wake_write)
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ, ("control", 0))
    selector.register(wake_read, selectors.EVENT_READ, ("wake", 0))
    children = Children(selector)
    me = os.getpid()
    while True:
        for key, _mask in selector.select():
            what, pid = key.data
            if what == "wake":
                try:
                    while os.read(wake_read, 512):
                        pass
                except BlockingIOError:
                    pass
                children.reap()
            elif what == "session":
                if pid in children.sockets:
                    children.asked(pid)
            else:
                try:
                    packet, fds, _flags, _address = socket.recv_fds(control, MAX_REQUEST, 4)
                except OSError:
                    packet, fds = b"", []
                if not packet:  # the server is gone or done: so is this process
                    for fd in fds:
                        os.close(fd)
                    return None
                if len(fds) not in (2, 4):
                    for fd in fds:
                        os.close(fd)
                    continue
                *streams, session_fd = fds
                session = socket.socket(fileno=session_fd)
                try:
                    request = AppRequest(packet, streams)
                except (ValueError, KeyError, TypeError, AttributeError) as problem:
                    refuse(session, f"a request that cannot be read ({problem})")
                    close_all(streams)
                    continue
                children.reap()  # before forking: no child's status may wait behind a fork
                try:
                    child = os.fork()
                except OSError as problem:
                    refuse(session, problem.strerror or str(problem))
                    close_all(streams)
                    continue
                if child == 0:  # the app: let go of everything of this process's own first
                    signal.set_wakeup_fd(-1)
                    selector.close()
                    for sock in (control, session, *children.sockets.values()):
                        sock.close()
                    os.close(wake_read)
                    os.close(wake_write)
                    become_app(request, me)
                    return request
                close_all(streams)
                try:
                    session.sendall(f"pid {child}\n".encode())
                except OSError:
                    pass  # the server lets go of it; the app is still reaped and that is said
                children.add(child, session)


def close_all(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def refuse(session: socket.socket, why: str) -> None:
    try:
        session.sendall(f"failed {' '.join(why.split())}\n".encode())
    except OSError:
        pass
    session.close()


def become_app(request: AppRequest, forkserver: int) -> None:
    """In the forked child: a process as the server used to start for a session (its own
    session, its PTY or pipes as its standard streams, nothing else open, signals as a new
    Python process has them, the session's environment and folder), tied to this process's life."""
    os.setsid()
    streams = request.streams * 3 if len(request.streams) == 1 else request.streams
    for fd, stream in zip((0, 1, 2), streams):
        os.dup2(stream, fd)
    os.closerange(3, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 4096)
    for number in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM, signal.SIGWINCH):
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    die_with_parent(forkserver)
    os.chdir(request.cwd)
    os.environ.clear()
    os.environ.update(request.env)
    standard_streams()
    sys.argv = ["tabletop-tui", *request.arguments]


def standard_streams() -> None:
    """New sys.stdin, stdout and stderr on fds 0, 1 and 2, made as Python makes them at start for
    a terminal (PYTHONIOENCODING=utf-8, as the servers set it)."""
    encoding = os.environ.get("PYTHONIOENCODING", "utf-8").split(":")[0] or "utf-8"
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding=encoding, errors="strict", line_buffering=True
    )
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding=encoding, errors="strict", line_buffering=True
    )
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding=encoding, errors="backslashreplace",
        line_buffering=True,
    )


def asyncio_loop_gone() -> bool:
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return True
    return False


def run_app(request: AppRequest) -> int:
    from tui.cli import main

    return main(request.arguments)


def start(server: int, control_fd: int) -> AppRequest | None:
    die_with_parent(server)
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)  # the server ends the apps, then this process
    control = socket.socket(fileno=control_fd)
    preload()
    share_parsed_css()
    warm_up()
    # Forking is safe only from a single thread, outside an event loop (the warm-up's ended).
    assert threading.active_count() == 1, "the fork server must not run threads"
    assert asyncio_loop_gone(), "the fork server must not hold an event loop"
    gc.collect()
    gc.freeze()  # the imports' objects: left alone by the collector, so their pages stay shared
    return serve(control)


def main(argv: list[str] | None = None) -> Any:
    arguments = sys.argv[1:] if argv is None else argv
    request = start(int(arguments[0]), int(arguments[1]))
    if request is None:
        return 0
    return run_app(request)


if __name__ == "__main__":
    sys.exit(main())
