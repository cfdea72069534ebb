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
        self.file = file or sys.stderr

    def line(self, event: str, **fields: object) -> None:
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        parts = [stamp, event] + [f"{name}={value}" for name, value in fields.items() if value is not None]
        self.file.write(" ".join(parts) + "\n")
        self.file.flush()
