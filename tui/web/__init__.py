"""`tabletop-tui web`: friends play in a browser; each page load gets its own app.

This module only declares the command's options, so the command line works without the
optional `web` extra (textual-serve, aiohttp) installed; the server loads when it is started.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

DEFAULT_PORT = 8022
DEFAULT_LISTEN = "127.0.0.1"
DEFAULT_MAX_SESSIONS = 16
DEFAULT_MAX_PER_PLAYER = 3  # one browser's pages at once: one person cannot fill the host alone
DEFAULT_IDLE_MINUTES = 60.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--listen", metavar="ADDR", default=DEFAULT_LISTEN,
                        help=f"address to listen on (default {DEFAULT_LISTEN}: this machine only)")
    parser.add_argument("--tokens", metavar="FILE",
                        help="the secrets that open the page, one a line (default: one made on the first run,"
                             " kept in the data folder and printed in the address at start)")
    parser.add_argument("--max-sessions", type=int, default=DEFAULT_MAX_SESSIONS, metavar="N",
                        help=f"players at once (default {DEFAULT_MAX_SESSIONS})")
    parser.add_argument("--max-per-player", type=int, default=DEFAULT_MAX_PER_PLAYER, metavar="N",
                        help=f"pages one browser may have open at once (default {DEFAULT_MAX_PER_PLAYER})")
    parser.add_argument("--idle-timeout", type=float, default=DEFAULT_IDLE_MINUTES, metavar="MIN",
                        help=f"close a page's game after MIN minutes without a key (default {DEFAULT_IDLE_MINUTES:g}; 0: never)")
    parser.add_argument("--log", metavar="FILE", help="append the log to FILE instead of stderr")


def web(args: Any, paths: Any) -> int:
    """Run the web server until SIGINT, SIGTERM or SIGHUP; returns the exit status."""
    import asyncio

    from tui.usage import UsageError

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535 (not {args.port})")
    if args.max_sessions < 1:
        raise UsageError("--max-sessions must be at least 1")
    if args.max_per_player < 1:
        raise UsageError("--max-per-player must be at least 1")
    if args.idle_timeout < 0:
        raise UsageError("--idle-timeout must be 0 (never) or more minutes")
    if not args.listen.strip():
        raise UsageError("--listen needs an address (127.0.0.1 for this machine only, 0.0.0.0 for all)")
    try:
        from tui.serve.files import UnusableFile, reason
        from tui.serve.log import ServerLog
        from tui.web.server import run_server
    except ImportError as missing:
        if missing.name not in ("aiohttp", "aiohttp_jinja2", "textual_serve", "asyncssh"):
            raise
        raise UsageError(
            "web needs textual-serve, which the 'web' extra brings: in the clone of tabletop-tui run"
            f" .venv/bin/pip install '.[web]' (or {sys.executable} -m pip install 'textual-serve>=1.1,<2')"
        ) from None
    if args.log and not os.path.isdir(os.path.dirname(os.path.abspath(args.log))):
        raise UsageError(f"web: --log {args.log}: there is no folder {os.path.dirname(os.path.abspath(args.log))}")
    try:
        paths.root.mkdir(parents=True, exist_ok=True)
        log_file = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    except OSError as problem:
        option = "--log " if args.log and problem.filename == args.log else ""
        raise UsageError(f"web: {option}{problem.filename}: {reason(problem)}") from None
    try:
        return asyncio.run(run_server(args, paths, ServerLog(log_file)))
    except UnusableFile as problem:
        raise UsageError(f"web: {problem}") from None
    except OSError as problem:  # the port is taken, the address is not this machine's, ...
        where = f"{problem.filename}: " if problem.filename else ""
        raise UsageError(f"web: {where}{problem.strerror or problem}") from None
    finally:
        if log_file is not None:
            log_file.close()
