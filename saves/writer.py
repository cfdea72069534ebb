"""Autosaves written on a thread of their own, so a move does not wait for the disk.

Each file is still written whole (saves/atomic.py): at any instant it holds one complete
version, the one before a move or the one after. Files are written in the order given; a file
given again before its turn came is written once, with its newest bytes. `flush` waits until
everything given is on disk (exiting flushes); reading a save, listing and deleting wait for
what is under way first.

A write that fails on the thread is not lost silently: it is tried again, in the caller's
thread, at the next write or flush, so its error reaches the player with the next move, or
when they leave the game or the app (which flush first, and ask: try again, or leave without
it, knowingly; see TabletopApp.leave).
"""

from __future__ import annotations

import atexit
import threading
from pathlib import Path

from saves.atomic import write_atomic


class SaveWriter:
    def __init__(self) -> None:
        self._pending: dict[Path, bytes] = {}  # in the order given
        self._writing = False
        self._failed: tuple[Path, bytes] | None = None  # the newest write that failed
        self.error: OSError | None = None  # why it failed (None once a write succeeds again)
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def write(self, path: Path, data: bytes) -> None:
        with self._changed:
            if self._failed is None:
                self._pending[path] = data
                self._start()
                self._changed.notify_all()
                return
        try:  # the last write failed: this one is made here, so its error is the caller's
            self.flush()
            write_atomic(path, data)
        except OSError as error:
            with self._changed:
                self._failed = (path, data)  # tried again at the next write or flush
                self.error = error
            raise

    def wait(self) -> None:
        """Return once every file given so far has been written, or has failed."""
        with self._changed:
            while self._pending or self._writing:
                self._changed.wait()

    def flush(self) -> None:
        """Return once every file given so far is on disk. A write that failed on the thread
        is tried once more here, and its OSError raised if it fails again."""
        self.wait()
        with self._changed:
            failed, self._failed = self._failed, None
        if failed is not None:
            try:
                write_atomic(*failed)
            except OSError as error:
                with self._changed:
                    self._failed = self._failed or failed
                    self.error = error
                raise
            with self._changed:
                self.error = None

    def drop_failed(self) -> None:
        """The player chose to leave without the write that failed: it is not tried again
        (a later save of the same game must not be replaced by it)."""
        self.wait()
        with self._changed:
            self._failed = None
            self.error = None

    def forget(self, path: Path) -> None:
        """The file is being removed: nothing given for it may land later."""
        self.wait()
        with self._changed:
            if self._failed is not None and self._failed[0] == path:
                self._failed = None

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
            self._thread.start()
            atexit.register(self._flush_quietly)  # the last move reaches the disk on any exit

    def _flush_quietly(self) -> None:
        try:
            self.flush()
        except OSError:
            pass  # nothing left to tell it to: the player was told when the move was made

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._pending:
                    self._changed.wait()
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                self._writing = True
            try:
                write_atomic(path, data)
            except OSError as error:
                with self._changed:
                    if path not in self._pending:  # else newer bytes are on their way
                        self._failed = (path, data)
                        self.error = error
            else:
                with self._changed:
                    if self._failed is None:
                        self.error = None
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()
