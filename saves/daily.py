"""The daily deal: one seed per game and UTC day for everyone, one counted try, a board.

The seed is the first four bytes of SHA-256 of the text "<YYYY-MM-DD> <game id>" (UTF-8),
read as a big-endian unsigned integer, so anyone can reproduce a day's deal with
`tabletop-tui new GAME --seed N` and the game's daily options (README, "Daily deal").

The first daily game a player begins on a day is the one that counts; later tries the same
day are practice and say so. Which tries were begun is kept in `daily.json`, so deleting a
bad start does not buy a second counted try. Counted results are also written to the
common folder's `daily/<day>/`, where every player of a `serve` host reads the Daily board.
"""

from __future__ import annotations

import hashlib
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from saves.atomic import write_atomic
from saves.envelope import NESTED_TOO_DEEP, Damaged, check_header
from saves.files import keep_aside, read_data_file
from saves.paths import is_save_id
from saves.settings import load_settings
from saves.store import SaveStore

ATTEMPTS_FORMAT = "tabletop-tui-daily"
ATTEMPTS_VERSION = 1
BOARD_FORMAT = "tabletop-tui-daily-result"
NO_NAME = "anonymous"


def daily_seed(game_id: str, day: date) -> int:
    digest = hashlib.sha256(f"{day.isoformat()} {game_id}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big")


def today(store: SaveStore) -> date:
    return store.clock().date()  # the store's clock runs in UTC


class Attempt(msgspec.Struct, frozen=True):
    day: str  # YYYY-MM-DD
    game_id: str
    save_id: str
    counted: bool


class Attempts(msgspec.Struct):
    format: str = ATTEMPTS_FORMAT
    version: int = ATTEMPTS_VERSION
    attempts: list[Attempt] = []


def read_attempts(path: Path) -> Attempts:
    """The tries a daily record holds (none when there is no file yet); Damaged with the
    reason when the file cannot be used."""
    try:
        data = read_data_file(path)
    except FileNotFoundError:
        return Attempts()
    check_header(data, ATTEMPTS_FORMAT, ATTEMPTS_VERSION, "a tabletop-tui daily record")
    try:
        attempts = msgspec.json.decode(data, type=Attempts)
    except msgspec.ValidationError as error:
        raise Damaged(f"its contents have the wrong shape ({error})") from None
    for number, attempt in enumerate(attempts.attempts, start=1):
        try:
            date.fromisoformat(attempt.day)
        except ValueError:
            raise Damaged(f"try {number} has no valid day ({attempt.day[:20]!r})") from None
        if not is_save_id(attempt.save_id):
            raise Damaged(f"try {number} names no save ({attempt.save_id[:20]!r})")
    return attempts


def checked_attempts(store: SaveStore) -> tuple[Attempts, str]:
    """The tries begun so far, and what was wrong with the record ("" when nothing was).

    A damaged record is kept aside as daily.damaged.json (-2, -3... when one is kept
    already) and the list starts again: nothing is overwritten that a player might want back.
    """
    path = store.paths.daily_attempts
    try:
        return read_attempts(path), ""
    except Damaged as damage:
        kept = keep_aside(path, "daily.damaged")
        return Attempts(), f"{path.name} cannot be used: {damage}; it is kept as {kept.name}"


def load_attempts(store: SaveStore) -> Attempts:
    return checked_attempts(store)[0]


def counted_attempt(store: SaveStore, game_id: str, day: date) -> Attempt | None:
    return next(
        (a for a in load_attempts(store).attempts if a.day == day.isoformat() and a.game_id == game_id and a.counted),
        None,
    )


def add_attempt(store: SaveStore, attempt: Attempt) -> None:
    """Keep a try as begun (saves/daily_play.py begins them)."""
    attempts = load_attempts(store)
    attempts.attempts.append(attempt)
    write_atomic(store.paths.daily_attempts, msgspec.json.encode(attempts))


def note(store: SaveStore, game_id: str) -> str:
    """What opening today's deal says: the day, its seed, and whether this try counts."""
    day = today(store)
    text = f"Daily deal {day.isoformat()}, seed {daily_seed(game_id, day)}"
    if counted_attempt(store, game_id, day) is not None:
        text += ": today's counted try is taken, this one is practice"
    return text


def attempt_of(store: SaveStore, save_id: str) -> Attempt | None:
    """The try a save was begun as (the latest: a deleted save's id may be given again)."""
    return next((a for a in reversed(load_attempts(store).attempts) if a.save_id == save_id), None)


def mark(store: SaveStore, entry: Any, seed: int) -> Any:
    """A finished game's history line, marked daily (and practice) when it was one."""
    attempt = attempt_of(store, entry.id)
    if attempt is None or seed != daily_seed(entry.game_id, date.fromisoformat(attempt.day)):
        return entry
    return msgspec.structs.replace(entry, daily=attempt.day, practice=not attempt.counted)


# ----- the Daily board ----------------------------------------------------------------------


class BoardLine(msgspec.Struct, frozen=True, kw_only=True):
    format: str = BOARD_FORMAT
    name: str
    game_id: str
    day: str
    won: bool
    score: int | None = None
    rank: tuple[int, int] = (0, 0)
    summary: str = ""
    moves: int = 0
    finished: str = ""


def player_key(store: SaveStore) -> str:
    """A stable file name for this player's lines that shows nothing about them."""
    return hashlib.sha256(str(store.paths.root.resolve()).encode("utf-8")).hexdigest()[:16]


def post(store: SaveStore, entry: Any) -> None:
    """Put a counted daily result on the board of the common folder. Best effort: the
    result is in the player's own history whatever happens here."""
    if not entry.daily or entry.practice:
        return
    settings, _ = load_settings(store.paths)
    line = BoardLine(
        name=settings.display_name.strip() or NO_NAME,
        game_id=entry.game_id,
        day=entry.daily,
        won=entry.won,
        score=entry.score,
        rank=entry.rank,
        summary=entry.summary,
        moves=entry.moves,
        finished=entry.finished,
    )
    path = store.paths.daily / entry.daily / f"{entry.game_id}-{player_key(store)}.json"
    try:
        write_atomic(path, msgspec.json.encode(line), keep_backup=False)
    except OSError:
        pass


def read_board_line(path: Path, games: Any) -> BoardLine:
    """One player's posted result; Damaged with the reason when it cannot be shown."""
    try:
        line = msgspec.json.decode(read_data_file(path), type=BoardLine)
    except FileNotFoundError:
        raise Damaged("it is gone") from None
    except msgspec.ValidationError as error:  # before DecodeError, which it is a kind of
        raise Damaged(f"its contents have the wrong shape ({error})") from None
    except msgspec.DecodeError:
        raise Damaged("it is not complete JSON") from None
    except RecursionError:
        raise Damaged(NESTED_TOO_DEEP) from None
    if line.format != BOARD_FORMAT:
        raise Damaged("it is not a daily result")
    if line.game_id not in games:
        raise Damaged(f"it is for an unknown game '{line.game_id[:20]}'")
    return line


class Board(NamedTuple):
    lines: list[BoardLine]  # best first
    unreadable: list[str]  # why each damaged line was left out


def read_board(store: SaveStore, day: date, game_id: str | None = None) -> Board:
    """That day's counted results of every player, best first (then the earliest finish),
    and the reasons of the lines that could not be read: another player's damaged line hides
    only itself, and the board says that one is missing."""
    folder = store.paths.daily / day.isoformat()
    if not folder.is_dir():
        return Board([], [])
    lines, unreadable = [], []
    for path in folder.glob("*.json"):
        if path.name.startswith("."):
            continue
        try:
            line = read_board_line(path, store.games)
        except Damaged as damage:
            posted_for = path.stem.rsplit("-", 1)[0]  # the file is named for its game
            if game_id is None or posted_for == game_id or posted_for not in store.games:
                unreadable.append(str(damage))
            continue
        if game_id is None or line.game_id == game_id:
            game = store.games[line.game_id]  # a line posted under earlier rules shows today's score
            lines.append(msgspec.structs.replace(line, score=game.filed_score(line.won, line.score)))
    lines.sort(key=lambda line: (-line.rank[0], -line.rank[1], line.finished, line.name))
    unreadable.sort()
    return Board(lines, unreadable)


def unreadable_note(unreadable: list[str]) -> str:
    """One line for the damaged lines of a board, however many there are."""
    if not unreadable:
        return ""
    if len(unreadable) == 1:
        return f"1 posted result could not be read: {unreadable[0]}."
    return f"{len(unreadable)} posted results could not be read (the first: {unreadable[0]})."
