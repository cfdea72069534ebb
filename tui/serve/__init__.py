"""`tabletop-tui serve`: friends play with `ssh -p 2222 HOST`; each gets their own app.

This module only declares the command's options, so the command line works without the
optional `serve` extra (asyncssh) installed; the server loads when it is started.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

DEFAULT_PORT = 2222
DEFAULT_MAX_SESSIONS = 128  # the fork server keeps an idle session small (see README: serve)
DEFAULT_MAX_PER_KEY = 3  # one person's terminals at once: a key cannot fill the host alone
DEFAULT_IDLE_MINUTES = 60.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--listen", metavar="ADDR", default="",
                        help="address to listen on (default: all; 127.0.0.1 for this machine only)")
    parser.add_argument("--host-key", metavar="FILE",
                        help="the server's private key, made on first run (default: in the data folder)")
    parser.add_argument("--authorized-keys", metavar="FILE",
                        help="only these public keys may play (authorized_keys format); default: any key")
    parser.add_argument("--moderators", metavar="FILE", help="public keys of the moderators (same format)")
    parser.add_argument("--max-sessions", type=int, default=DEFAULT_MAX_SESSIONS, metavar="N",
                        help=f"players at once (default {DEFAULT_MAX_SESSIONS})")
    parser.add_argument("--max-per-key", type=int, default=DEFAULT_MAX_PER_KEY, metavar="N",
                        help=f"sessions of one key at once (default {DEFAULT_MAX_PER_KEY})")
    parser.add_argument("--idle-timeout", type=float, default=DEFAULT_IDLE_MINUTES, metavar="MIN",
                        help=f"close a session after MIN minutes without a key (default {DEFAULT_IDLE_MINUTES:g}; 0: never)")
    parser.add_argument("--log", metavar="FILE", help="append the log to FILE instead of stderr")


def serve(args: Any, paths: Any) -> int:
    """Run the server until SIGINT or SIGTERM; returns the exit status."""
    import asyncio

    from tui.usage import UsageError

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535 (not {args.port})")
    if args.max_sessions < 1:
        raise UsageError("--max-sessions must be at least 1")
    if args.max_per_key < 1:
        raise UsageError("--max-per-key must be at least 1")
    if args.idle_timeout < 0:
        raise UsageError("--idle-timeout must be 0 (never) or more minutes")
    try:
        from tui.serve.identity import UnusableFile, reason
        from tui.serve.log import ServerLog
        from tui.serve.server import run_server
    except ImportError as missing:
        if missing.name != "asyncssh":
            raise
        raise UsageError(
            "serve needs asyncssh, which the 'serve' extra brings: in the clone of tabletop-tui run"
            f" .venv/bin/pip install '.[serve]' (or {sys.executable} -m pip install 'asyncssh>=2.14,<3')"
        ) from None
    if args.log and not os.path.isdir(os.path.dirname(os.path.abspath(args.log))):
        raise UsageError(f"serve: --log {args.log}: there is no folder {os.path.dirname(os.path.abspath(args.log))}")
    try:
        paths.root.mkdir(parents=True, exist_ok=True)
        log_file = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    except OSError as problem:
        option = "--log " if args.log and problem.filename == args.log else ""
        raise UsageError(f"serve: {option}{problem.filename}: {reason(problem)}") from None
    try:
        return asyncio.run(run_server(args, paths, ServerLog(log_file)))
    except UnusableFile as problem:
        raise UsageError(f"serve: {problem}") from None
    except OSError as problem:  # the port is taken, the key file is unreadable, ...
        where = f"{problem.filename}: " if problem.filename else ""
        raise UsageError(f"serve: {where}{problem.strerror or problem}") from None
    except ValueError as problem:  # a host key file that is not a usable private key
        raise UsageError(f"serve: the host key cannot be used: {problem}") from None
    finally:
        if log_file is not None:
            log_file.close()
