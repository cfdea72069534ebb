"""Shared tables: saves in the common folder whose seats players claim from several terminals.

A table is a save envelope of kind "table" named by a short code (`KXPT.json`). Its seats say
who sits where; its state stays null until no seat is open, when the game starts. Every change
is made under an OS lock on the table (`.KXPT.lock`) after re-reading the file, so moves from
several processes never interleave, and is written the crash-safe way every save is.

A table's life reaches every terminal at it through that one file: a move, a seat handed to
the bot or taken back rewrites it; a deleted table leaves a note of who deleted it
(`.KXPT.gone`). Each terminal that has the table open says so, and at which seats, in a
presence file of its own (`.KXPT.<terminal>.here`, rewritten every few seconds): a seat no
terminal has had open for AWAY_AFTER seconds is away, and the players still there may hand it
to the bot until its owner comes back.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import secrets
import time
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
from saves.table_bell import TableBell, ring

TABLE_KIND = "table"
CODE_LETTERS = "ACDEFGHJKLMNPQRTUVWXY"  # no look-alikes: B/8, I/1, O/0, S/5, Z/2
CODE_LENGTH = 4
PRESENCE_BEAT = 5.0  # seconds between a terminal's signs that it has a table open
AWAY_AFTER = 60.0  # seconds a player's seat has been open in no terminal: away


class TableProblem(Exception):
    """Why a seat cannot be claimed or a table opened; the message is for the player."""


class TableGone(Damaged):
    """The table's file is gone: someone deleted the table (the message says who, if known)."""


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

    def names_seated(self) -> set[str]:
        """The names (case folded) of those sitting here, bots included: not a newcomer's."""
        return {s.name.casefold() for s in self.seats if s.bot or s.player}


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
            raise TableGone(self.gone_reason(code)) from None
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
        try:
            info = self.file(code).stat()
        except FileNotFoundError:
            raise TableGone(self.gone_reason(code)) from None
        return (info.st_ino, info.st_mtime_ns, info.st_size)

    def gone_reason(self, code: str) -> str:
        """Why there is no table `code`: who deleted it, when that is known."""
        try:
            by = (self.paths.tables / f".{code}.gone").read_text(encoding="utf-8", errors="replace")[:80].strip()
        except OSError:
            by = ""
        return f"table {code} was deleted by {by}" if by else f"there is no table {code}"

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
        ring(self.paths.tables, code)  # the terminals at the table read it at once

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
        shelf = shelf_of(self.paths)  # whatever a seat brings here comes from the creator's folder
        seats = [msgspec.structs.replace(s, shelf=shelf) if s.brings is not None and not s.shelf else s for s in seats]
        for i, seat in enumerate(seats):
            problem = seat_problem(seats[:i], seat.name if seat.player else "", seat.brings, seat.shelf)
            if problem:
                raise ValueError(problem)
        code = self.new_code()
        (self.paths.tables / f".{code}.gone").unlink(missing_ok=True)  # a code used before
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

    def claim(
        self, code: str, player: str, name: str, brings: Any = None, another: bool = False, legacy: str = ""
    ) -> int:
        """Seat `player` at the table (back at their own seat if they sit here, unless
        `another` person of that identity takes a free one); the game starts when the last
        open seat is taken. A seat of an old table claimed under the `legacy` identity (a
        typed name) becomes `player`'s. Returns the seat."""
        with self.locked(code):
            envelope = self.read(code)
            for i, seat in enumerate(envelope.seats):
                if another:
                    break
                if seat.player == player:
                    return i  # back at one's own seat
                if legacy and seat.player == legacy:
                    envelope.seats[i] = msgspec.structs.replace(seat, player=player)
                    self.write(code, envelope, self.decode_state(envelope))
                    return i
            free = [i for i, seat in enumerate(envelope.seats) if not seat.bot and not seat.player]
            if not free:
                raise TableProblem(f"Table {code} has no free seat (press w to watch it).")
            if self.decode_state(envelope) is not None:
                raise TableProblem(f"Table {code} has started without that seat.")
            shelf = shelf_of(self.paths) if brings is not None else ""
            problem = seat_problem(envelope.seats, name, brings, shelf)
            if problem:
                raise TableProblem(problem)
            seat = free[0]
            envelope.seats[seat] = Seat(name=name, player=player, brings=brings, shelf=shelf)
            self._start_when_full(code, envelope)
            return seat

    def leave_lobby(self, code: str, player: str, seats: set[int] | None = None) -> None:
        """Give claimed seats back before the game starts (once it starts, a seat is kept):
        all of `player`'s, or only those of them in `seats` (one terminal's)."""
        with self.locked(code):
            envelope = self.read(code)
            if self.decode_state(envelope) is not None:
                return
            for i, seat in enumerate(envelope.seats):
                if seat.player == player and (seats is None or i in seats):
                    envelope.seats[i] = Seat(name=f"Seat {i + 1}")
            if any(seat.player for seat in envelope.seats):
                self.write(code, envelope, None)
            else:  # nobody sits here now, and only a seated player could delete it
                self._remove(code)

    def _start_when_full(self, code: str, envelope: Envelope) -> None:
        game = self.games[envelope.game_id]
        state = None
        if all(seat.bot or seat.player for seat in envelope.seats):
            envelope.options, state = set_up(game, envelope)
        self.write(code, envelope, state)

    def delete(self, code: str, by: str = "") -> None:
        """Delete the table for everyone; `by` (the name of who did it) is left for the
        terminals still at it, which are told so."""
        with self.locked(code):
            if by:
                (self.paths.tables / f".{code}.gone").write_text(by, encoding="utf-8")
            self._remove(code)

    def _remove(self, code: str) -> None:
        """The table's files, its backup and its presences, gone (under the table's lock)."""
        self.file(code).unlink(missing_ok=True)
        (self.paths.tables / f"{code}.json.bak").unlink(missing_ok=True)
        for here in self.paths.tables.glob(f".{code}.*.here"):
            here.unlink(missing_ok=True)
        ring(self.paths.tables, code)  # the terminals still at it hear that it is gone

    # ----- who is at the table, and seats handed to the bot -----------------------------

    wall: Callable[[], float] = staticmethod(time.time)  # presence is told by the files' times
    away_after = AWAY_AFTER

    def bell(self, code: str, terminal: str) -> TableBell:
        """The bell this terminal hears the table's changes by (saves/table_bell.py)."""
        return TableBell(self.paths.tables, code, terminal)

    def presence_file(self, code: str, terminal: str) -> Path:
        return self.paths.tables / f".{code}.{terminal}.here"

    def mark_here(self, code: str, terminal: str, seats: set[int], here: bool = True) -> None:
        """This terminal has the table open at `seats` (`here`), or has just left it."""
        if not seats:
            return
        path = self.presence_file(code, terminal)
        path.write_text(f"{'here' if here else 'left'} {' '.join(map(str, sorted(seats)))}", encoding="ascii")
        if here:  # what terminals that left (or stopped: a crash) said of these seats is old news
            for other, (status, at, written) in self._presences(code).items():
                stopped = status == "left" or self.wall() - written >= 3 * PRESENCE_BEAT
                if other != path and stopped and at <= seats:
                    other.unlink(missing_ok=True)

    def _presences(self, code: str) -> dict[Path, tuple[str, set[int], float]]:
        """Each terminal's presence at the table: (here or left, its seats, when written)."""
        found = {}
        for path in self.paths.tables.glob(f".{code}.*.here"):
            try:
                words = path.read_text(encoding="ascii", errors="replace").split()
                found[path] = (words[0], {int(w) for w in words[1:] if w.isdigit()}, path.stat().st_mtime)
            except (OSError, IndexError):
                continue  # gone meanwhile, or half written: seen at the next look
        return found

    def absence(self, code: str, seats: list[Seat]) -> dict[int, float]:
        """Players' seats no terminal has open now: seat -> seconds since one last had it open
        (inf: not since the table started). A terminal that stopped saying it is here (it
        hung, or its machine went down) counts as gone after three beats."""
        now = self.wall()
        here: set[int] = set()
        seen: dict[int, float] = {}
        for status, at, written in self._presences(code).values():
            if status == "here" and now - written < 3 * PRESENCE_BEAT:
                here |= at
            for seat in at:
                seen[seat] = max(seen.get(seat, written), written)
        return {
            i: now - seen[i] if i in seen else float("inf")
            for i, seat in enumerate(seats)
            if seat.player and i not in here
        }

    def hand_to_bot(self, code: str, seat: int, by: str) -> str:
        """The players still at the table give an away player's seat to the game's bot,
        until its owner comes back; the game's log says who did it and why."""
        with self.locked(code):
            envelope = self.read(code)
            state = self.decode_state(envelope)
            owner = envelope.seats[seat] if 0 <= seat < len(envelope.seats) else None
            if state is None or owner is None or not owner.player:
                raise TableProblem("That seat is not a player's to hand to the bot.")
            if owner.bot:  # another player at the table handed it over a moment before
                raise TableProblem(f"The bot plays {owner.name}'s seat already.")
            gone = self.absence(code, envelope.seats).get(seat)
            if gone is None or gone < self.away_after:
                raise TableProblem(f"{owner.name} is at the table: their seat stays theirs.")
            note = f"{by} hands {owner.name}'s seat to the bot: {owner.name} has been away {away_words(gone)}."
            envelope.seats[seat] = msgspec.structs.replace(owner, bot=True)
            self.games[envelope.game_id].note(state, note)
            self.write(code, envelope, state)
            return note

    def take_back(self, code: str, player: str, seats: set[int] | None = None) -> str:
        """The owner is back: their seats the bot played (of `seats`, when given: one
        terminal's) are theirs again, logged; "" when there were none."""
        with self.locked(code):
            envelope = self.read(code)
            state = self.decode_state(envelope)
            mine = [
                i for i, s in enumerate(envelope.seats)
                if s.bot and s.player == player and (seats is None or i in seats)
            ]  # fmt: skip
            if state is None or not mine or self.games[envelope.game_id].outcome(state) is not None:
                return ""  # nothing to take back, or the bot saw the game to its end
            for i in mine:
                envelope.seats[i] = msgspec.structs.replace(envelope.seats[i], bot=False)
            names = ", ".join(envelope.seats[i].name for i in mine)
            note = f"{names} is back and takes the seat from the bot."
            self.games[envelope.game_id].note(state, note)
            self.write(code, envelope, state)
            return note


def away_words(seconds: float) -> str:
    if seconds == float("inf"):
        return "since the game began"
    if seconds < 120:
        return f"{int(seconds)} seconds"
    return f"{int(seconds // 60)} minutes"


def brought_id(brings: Any) -> str:
    """The stored thing a seat brought (a deck's id), if it names one."""
    return str(brings.get("id") or "") if isinstance(brings, dict) else ""


def shelf_of(paths: DataPaths) -> str:
    """A short name for the data folder a player's decks are kept in: two decks are one deck
    when they have the same id on the same shelf. (Each SSH key has a folder of its own, so
    two players' decks may share an id, made from the same initials, and still be two.)"""
    return hashlib.sha256(os.fsencode(paths.decks.absolute())).hexdigest()[:16]


def seat_problem(seats: list[Seat], name: str, brings: Any, shelf: str = "") -> str:
    """Why a newcomer cannot sit with these seats: a name someone here goes by already (names
    are only what others read, but two alike would read as one), or a deck already at
    another seat (nobody plays out of somebody else's deck: the same id from the same
    `shelf`; a seat written before shelves were kept matches any). "" when they may."""
    seated = [s for s in seats if s.bot or s.player]
    if name and any(s.name.casefold() == name.casefold() for s in seated):
        return f"{name} already sits at this table: sit under another name."
    deck = brought_id(brings)
    for number, s in enumerate(seats, start=1):
        same_shelf = not s.shelf or not shelf or s.shelf == shelf
        if deck and (s.bot or s.player) and brought_id(s.brings) == deck and same_shelf:
            return (
                f"That deck is already at this table (seat {number}, {s.name}'s): a deck"
                " sits at one seat. Bring another deck, or make a new one."
            )
    return ""


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
