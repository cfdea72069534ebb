"""Shared tables: saves in the common folder whose seats players claim from several terminals.

A table is a save envelope of kind "table" named by a short code (`KXPT.json`). Its seats say
who sits where; its state stays null until no seat is open, when the game starts. Every change
is made under an OS lock on the table (`.KXPT.lock`) after re-reading the file, so moves from
several processes never interleave, and is written the crash-safe way every save is.
"""

from __future__ import annotations

import fcntl
import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from engine.core.game import Game
from saves.atomic import write_atomic
from saves.files import is_regular, read_data_file
from saves.envelope import FORMAT_VERSION, SAVE_FORMAT, Damaged, Envelope, Seat, decode, encode
from saves.listing import FileKey, file_key, settled
from saves.paths import DataPaths
from saves.store import SaveStore, check_meaning, utc_now

TABLE_KIND = "table"
CODE_LETTERS = "ACDEFGHJKLMNPQRTUVWXY"  # no look-alikes: B/8, I/1, O/0, S/5, Z/2
CODE_LENGTH = 4


class TableProblem(Exception):
    """Why a seat cannot be claimed or a table opened; the message is for the player."""


class TableEntry(msgspec.Struct, frozen=True):
    """One line of the Tables list."""

    code: str
    game_id: str = ""
    label: str = ""
    seats: list[Seat] = []
    started: bool = False
    over: bool = False
    summary: str = ""
    updated: str = ""
    damage: str = ""
    options: dict[str, Any] = {}  # the game's options (a joining player may need them)

    @property
    def open_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.bot and not seat.player]

    def seat_of(self, player: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player == player), None)


def normal_code(text: str) -> str:
    return text.strip().upper()


class TableStore:
    def __init__(
        self, paths: DataPaths, games: dict[str, Game], clock: Callable[[], datetime] = utc_now
    ) -> None:
        self.paths = paths
        self.games = games
        self.clock = clock
        # The Tables screen lists every table about once a second, and checking one sets its
        # game up: each file's line is kept with the key it had, and used while that holds.
        self._listed: dict[str, tuple[FileKey, TableEntry]] = {}

    def now_iso(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    def file(self, code: str) -> Path:
        return self.paths.tables / f"{code}.json"

    @contextmanager
    def locked(self, code: str) -> Iterator[None]:
        """Hold the table's OS lock: one process at a time reads, changes and writes it."""
        self.paths.tables.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.paths.tables / f".{code}.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing the descriptor releases the lock

    # ----- reading ----------------------------------------------------------------------

    def read(self, code: str) -> Envelope:
        path = self.file(code)
        try:
            data = read_data_file(path)
        except FileNotFoundError:
            raise Damaged(f"there is no table {code}") from None
        envelope = decode(data, set(self.games))
        if envelope.kind != TABLE_KIND:
            raise Damaged("it is not a shared table")
        game = self.games[envelope.game_id]
        if envelope.content_version < game.content_version:  # carried over when the game knows how
            SaveStore.upgrade(envelope, game)
        if envelope.content_version != game.content_version:
            raise Damaged(f"it was made with other {game.title} cards")
        state = self.decode_state(envelope)
        if state is None:
            check_lobby(game, envelope)
        else:
            check_meaning(game, envelope, state)  # as a save's: options, moves, seats, state
        return envelope

    def decode_state(self, envelope: Envelope) -> Any:
        """The game's state, or None while the table waits for players."""
        if bytes(envelope.state) == b"null":
            return None
        game = self.games[envelope.game_id]
        try:
            return msgspec.json.decode(envelope.state, type=game.State)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise Damaged(f"its {game.title} state is not valid ({error})") from None

    def signature(self, code: str) -> tuple[int, int, int]:
        """Changes whenever the table's file is rewritten: cheap to ask many times a second."""
        info = self.file(code).stat()
        return (info.st_ino, info.st_mtime_ns, info.st_size)

    def list(self) -> list[TableEntry]:
        """Every table, newest first; damaged files with their reason. A file unchanged since
        the last listing (same size, time and inode) is not read again."""
        entries: list[TableEntry] = []
        if not self.paths.tables.is_dir():
            return entries
        listed, self._listed = self._listed, {}
        for item in os.scandir(self.paths.tables):
            if item.name.startswith(".") or not item.name.endswith(".json"):
                continue
            code = item.name[: -len(".json")]
            try:
                key = file_key(item.stat()) if is_regular(item) else None
            except OSError:
                key = None  # gone meanwhile: read() says so
            known = listed.get(code)
            entry = known[1] if key is not None and known is not None and known[0] == key else self._entry(code)
            if key is not None and settled(key):
                self._listed[code] = (key, entry)
            entries.append(entry)
        entries.sort(key=lambda e: (e.updated, e.code), reverse=True)
        return entries

    def _entry(self, code: str) -> TableEntry:
        try:
            envelope = self.read(code)  # a named pipe or a folder is damage, not a table
            state = self.decode_state(envelope)
        except Damaged as damage:
            return TableEntry(code, damage=str(damage))
        game = self.games[envelope.game_id]
        return TableEntry(
            code,
            game_id=envelope.game_id,
            label=envelope.label,
            seats=list(envelope.seats),
            started=state is not None,
            over=state is not None and game.outcome(state) is not None,
            summary=envelope.summary,
            updated=envelope.updated,
            options=dict(envelope.options),
        )

    # ----- writing ----------------------------------------------------------------------

    def write(self, code: str, envelope: Envelope, state: Any) -> None:
        """Write the table (call with its lock held)."""
        game = self.games[envelope.game_id]
        envelope.state = msgspec.Raw(msgspec.json.encode(state))
        envelope.summary = game.summary(state) if state is not None else waiting_summary(envelope.seats)
        envelope.updated = self.now_iso()
        write_atomic(self.file(code), encode(envelope))

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if not self.file(code).exists():
                return code

    def create(
        self, game: Game, seed: int, options: dict[str, Any], seats: list[Seat], label: str = ""
    ) -> str:
        """Open a table; it starts at once if no seat is left open."""
        options = game.check_options(options)
        code = self.new_code()
        stamp = self.now_iso()
        envelope = Envelope(
            format=SAVE_FORMAT,
            version=FORMAT_VERSION,
            kind=TABLE_KIND,
            game_id=game.id,
            content_version=game.content_version,
            created=stamp,
            updated=stamp,
            label=label or f"{game.title} table {code}",
            seed=seed,
            options=dict(options),
            state=msgspec.Raw(b"null"),
            seats=list(seats),
        )
        with self.locked(code):
            self._start_when_full(code, envelope)
        return code

    def claim(self, code: str, player: str, name: str, brings: Any = None) -> int:
        """Seat `player` at the table (their old seat if they sat here before); the game
        starts when the last open seat is taken. Returns the seat."""
        with self.locked(code):
            envelope = self.read(code)
            for i, seat in enumerate(envelope.seats):
                if seat.player == player:
                    return i  # back at one's own seat
            free = [i for i, seat in enumerate(envelope.seats) if not seat.bot and not seat.player]
            if not free:
                raise TableProblem(f"Table {code} has no free seat (press w to watch it).")
            if self.decode_state(envelope) is not None:
                raise TableProblem(f"Table {code} has started without that seat.")
            seat = free[0]
            envelope.seats[seat] = Seat(name=name, player=player, brings=brings)
            self._start_when_full(code, envelope)
            return seat

    def leave_lobby(self, code: str, player: str) -> None:
        """Give a claimed seat back before the game starts (once it starts, a seat is kept)."""
        with self.locked(code):
            envelope = self.read(code)
            if self.decode_state(envelope) is not None:
                return
            for i, seat in enumerate(envelope.seats):
                if seat.player == player:
                    envelope.seats[i] = Seat(name=f"Seat {i + 1}")
            self.write(code, envelope, None)

    def _start_when_full(self, code: str, envelope: Envelope) -> None:
        game = self.games[envelope.game_id]
        state = None
        if all(seat.bot or seat.player for seat in envelope.seats):
            envelope.options, state = set_up(game, envelope)
        self.write(code, envelope, state)

    def delete(self, code: str) -> None:
        with self.locked(code):
            self.file(code).unlink(missing_ok=True)
            (self.paths.tables / f"{code}.json.bak").unlink(missing_ok=True)


def set_up(game: Game, envelope: Envelope) -> tuple[dict[str, Any], Any]:
    """The options and the new game of a table whose seats are all taken (what each seat
    brought, and its name, go into the options)."""
    brought = [seat.brings for seat in envelope.seats]
    names = [seat.name for seat in envelope.seats]
    options = game.table_options(dict(envelope.options), brought, names)
    return options, game.new_game(seed=envelope.seed, **options)


def check_lobby(game: Game, envelope: Envelope) -> None:
    """Damaged unless a table waiting for players can start once they sit down: its options
    set a game up with the seats it has (those still open bringing nothing), and no move has
    been made."""
    if envelope.actions:
        raise Damaged(f"it holds {len(envelope.actions)} moves of a game that has not begun")
    if not envelope.seats:
        raise Damaged("it has no seats")
    try:
        game.check_options(dict(envelope.options))
        _, state = set_up(game, envelope)
    except (ValueError, TypeError) as problem:
        raise Damaged(f"its {game.title} game cannot be set up ({problem})") from None
    if len(envelope.seats) != len(game.seats(state)):
        raise Damaged(f"it has {len(envelope.seats)} seats for a game of {len(game.seats(state))}")


def waiting_summary(seats: list[Seat]) -> str:
    free = sum(1 for seat in seats if not seat.bot and not seat.player)
    return f"waiting for {free} player{'s' if free != 1 else ''}"
