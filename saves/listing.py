"""What the saved-games list last found in each save file, kept beside the saves.

Checking a save means decoding its whole state and running its game's rules over it (see
check_meaning), which costs milliseconds a file and loads the game's engine. The list is shown
at every start, so each file's line (a usable save with its summary, or a damaged one with the
reason) is remembered in `saves/.listing.json` together with what identified the file then:
its size, modification time and inode. A file that changed in any of these is checked again,
as is every file after the program itself changed (its checks may have changed with it).

The remembered lines are only a shortcut for the list: opening a save always checks it in
full. A damaged or missing listing file is simply rebuilt.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import msgspec

from saves.files import JSON_DAMAGE, read_regular

LISTING_NAME = ".listing.json"
# A file written this recently is not remembered: a second write within the same tick of the
# file system's clock, of the same size and in place, would leave its key as it was.
RECENT_NS = 2_000_000_000


class FileKey(msgspec.Struct, frozen=True, array_like=True):
    size: int
    modified_ns: int
    inode: int


class Remembered(msgspec.Struct, frozen=True, array_like=True):
    key: FileKey
    entry: msgspec.Raw  # the SaveEntry as the list showed it


class Listing(msgspec.Struct):
    program: str = ""  # program_stamp() when the lines were checked
    files: dict[str, Remembered] = {}


def file_key(stat: os.stat_result) -> FileKey:
    return FileKey(stat.st_size, stat.st_mtime_ns, stat.st_ino)


def list_number(name: str, count: int) -> int | None:
    """The place in a listing of `count` lines that `name` gives as a number (1 = the first),
    or None: not a plain decimal number, or none of the listing's (a number thousands of digits
    long included, which Python would refuse to convert)."""
    if not (name.isascii() and name.isdigit()) or len(name) > len(str(count)):
        return None
    number = int(name)
    return number if 1 <= number <= count else None


def readable_name(name: str) -> str:
    """A file name as text that can be shown and stored: bytes that are not UTF-8 (which Python
    keeps as lone surrogates) are written as `\\xNN`."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return name


def settled(key: FileKey) -> bool:
    """Whether a file's key will show its next change: not when it was written so recently
    that it may change again within the clock's tick, unseen by its key."""
    return key.modified_ns <= time.time_ns() - RECENT_NS


def program_stamp() -> str:
    """Changes whenever the code that checks saves may have: the number, size and time of
    every module of the engines and of the saves package (a new version changes them too)."""
    root = Path(__file__).parents[1]
    newest, count, total = 0, 0, 0
    for package in ("engine", "saves"):
        for folder, _dirs, names in os.walk(root / package):
            for name in names:
                if name.endswith((".py", ".toml")):
                    stat = os.stat(os.path.join(folder, name))
                    newest, count, total = max(newest, stat.st_mtime_ns), count + 1, total + stat.st_size
    return f"{count}:{total}:{newest}"


class ListingMemory:
    """The remembered lines of one saves folder, read once and written back when they changed."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LISTING_NAME
        self._listing: Listing | None = None
        self._changed = False

    def _load(self) -> Listing:
        if self._listing is None:
            stamp = program_stamp()
            try:
                listing = msgspec.json.decode(read_regular(self.path), type=Listing)
            except (OSError, *JSON_DAMAGE):
                listing = Listing()
            if listing.program != stamp:
                listing = Listing(program=stamp)
            self._listing = listing
        return self._listing

    def recall(self, name: str, key: FileKey) -> msgspec.Raw | None:
        remembered = self._load().files.get(name)
        return remembered.entry if remembered is not None and remembered.key == key else None

    def remember(self, name: str, key: FileKey, entry: msgspec.Raw) -> None:
        if not settled(key):
            return
        self._load().files[name] = Remembered(key, entry)
        self._changed = True

    def keep_only(self, names: set[str]) -> None:
        files = self._load().files
        for gone in set(files) - names:
            del files[gone]
            self._changed = True

    def write(self) -> None:
        """Written when something changed; a failed write only means checking again next time.
        No fsync: a listing torn by a crash is refused when read and rebuilt."""
        if not self._changed or self._listing is None:
            return
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            temp.write_bytes(msgspec.json.encode(self._listing))
            os.replace(temp, self.path)
            self._changed = False
        except OSError:
            temp.unlink(missing_ok=True)
