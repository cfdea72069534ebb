"""The server's log: one line per connection, session and refusal, to stderr or a file.

Only who and what happened: addresses, key fingerprints, player ids, reasons. Never a key, a
name a player typed, or anything of a game.
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from typing import TextIO


class ServerLog:
    def __init__(self, file: TextIO | None = None) -> None:
        self.file: TextIO | None = file or sys.stderr

    def line(self, event: str, **fields: object) -> None:
        """One line. A log that can no longer be written (the terminal the server ran in was
        closed, the disk is full) is given up: the server goes on, and a stop still says
        goodbye to every player, which matters more than its line."""
        if self.file is None:
            return
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        parts = [stamp, event] + [f"{name}={value}" for name, value in fields.items() if value is not None]
        try:
            self.file.write(" ".join(parts) + "\n")
            self.file.flush()
        except (OSError, ValueError):  # EIO from a hung-up terminal, a closed pipe or file
            self.file = None
