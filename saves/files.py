"""Opening files a player's data folder holds, whatever they turn out to be.

Only regular files are read: a named pipe would block the reader for ever, a device could
hand out bytes without end. Whatever else sits under a file's name is refused with a reason
like any damaged file, and so is a file far larger than any the app writes (reading one of
gigabytes would take minutes and all the memory there is). Temporary files that a killed write left behind are removed once the
process that wrote them is gone.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

import msgspec

# write_atomic's temporary names: `.<name>.<pid>.tmp` (the backup's staging copy included)
_TEMP_NAME = re.compile(r"^\..+\.(\d+)\.tmp$")

_KINDS = (
    (stat.S_ISREG, "a file"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


# The largest file read. The app's own files are far smaller: a long campaign's save is a few
# hundred KB, the history's index about 300 bytes a finished game.
MAX_FILE_BYTES = 64 * 1024 * 1024


# What decoding a damaged JSON file may raise: msgspec's own errors, and RecursionError for
# lists or objects nested thousands deep (msgspec stops at Python's recursion limit).
JSON_DAMAGE = (msgspec.DecodeError, msgspec.ValidationError, RecursionError)


class NotAFile(OSError):
    """What sits under the name cannot be read as one of the app's files (not a regular file,
    or far too large to be one); strerror says what, in words that follow "it is"."""


def kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_regular(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of `path`, which must be a regular file (a link to one will do) of at most
    `limit` bytes.

    Opened without blocking, so a named pipe is seen for what it is instead of waiting for a
    writer. Raises FileNotFoundError, NotAFile, or the OSError the system gives.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotAFile(errno.EINVAL, f"{kind_of(info.st_mode)}, not a file", str(path))
        if info.st_size > limit:
            raise _too_large(info.st_size, limit, path)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)  # a file growing while it is read stops here too
        if len(data) > limit:
            raise _too_large(len(data), limit, path)
        return data
    finally:
        os.close(fd)


def _too_large(size: int, limit: int, path: Path) -> NotAFile:
    words = f"{_megabytes(size)}, far more than any file of the app holds ({_megabytes(limit)} at most)"
    return NotAFile(errno.EFBIG, words, str(path))


def _megabytes(size: int) -> str:
    return f"{size / 1024 / 1024:,.0f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


def read_data_file(path: Path) -> bytes:
    """The bytes of a data file: FileNotFoundError when there is none, Damaged with the reason
    when what sits under its name cannot be read (the one wording for every kind of file)."""
    from saves.envelope import Damaged

    try:
        return read_regular(path)
    except FileNotFoundError:
        raise
    except NotAFile as error:
        raise Damaged(f"it is {error.strerror}") from None
    except OSError as error:
        raise Damaged(f"it cannot be read ({error.strerror})") from None


def is_regular(entry: os.DirEntry[str]) -> bool:
    """Whether a folder entry is a regular file (following a link); False if it vanished."""
    try:
        return entry.is_file()
    except OSError:
        return False


def not_a_file(entry: os.DirEntry[str]) -> str:
    """Why a folder entry that is not a regular file cannot be a data file, as a damage
    reason: what it is, or what kind of link it is that leads to no file."""
    try:
        return f"it is {kind_of(entry.stat().st_mode)}, not a file"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "it is a link in a loop of links that never reaches a file"
        if error.errno == errno.ENOENT:
            return "it is a link to a file that is not there"
        return f"it cannot be examined ({error.strerror or error})"


def modified_ns(entry: os.DirEntry[str]) -> int:
    """When a folder entry last changed: its file's time, or a link's own when it leads to
    no file; 0 when neither can be known."""
    for follow in (True, False):
        try:
            return entry.stat(follow_symlinks=follow).st_mtime_ns
        except OSError:
            continue
    return 0


def folder_problem(folder: Path) -> str:
    """Why `folder` cannot be used as a folder, in a few words; "" when it can (or does not
    exist yet, and can be made)."""
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        return ""
    except OSError as error:
        return error.strerror or str(error)
    if not stat.S_ISDIR(info.st_mode):
        return f"it is {kind_of(info.st_mode)}, not a folder"
    try:
        with os.scandir(folder):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return ""


def process_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: somebody else's process, alive
        return True
    return True


def remove_stale_temps(folder: Path) -> int:
    """Remove the temporary files of writes whose process is gone (killed mid-write); the
    file they were to replace is whole either way. Returns how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None or not is_regular_no_follow(entry):
            continue
        pid = int(match.group(1))
        if pid == os.getpid() or process_alive(pid):
            continue
        try:
            os.unlink(entry.path)
            removed += 1
        except OSError:
            pass  # gone already, or not ours to remove: left for later
    return removed


def is_regular_no_follow(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


def keep_aside(path: Path, stem: str) -> Path:
    """Move a damaged file out of the way under a name no earlier copy holds
    (`<stem>.json`, then `<stem>-2.json`...), so one damaged copy never replaces another."""
    n = 1
    while True:
        target = path.with_name(f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            os.link(path, target)  # fails rather than replace an earlier copy
        except FileExistsError:
            n += 1
            continue
        except OSError:  # links not allowed here (or not a file): rename if the name is free
            if target.exists() or target.is_symlink():
                n += 1
                continue
            os.replace(path, target)
            return target
        os.unlink(path)
        return target
