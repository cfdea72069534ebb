"""Crash-safe file writing: at any instant the file holds the old or the new bytes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from saves.files import remove_stale_temps

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"
_tidied: set[Path] = set()  # folders whose leftover temporary files this process removed


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some platforms cannot open folders; the rename is still atomic
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Write `data` to `path`: temp file in the same folder, fsync, os.replace, fsync folder.

    With keep_backup, the version being replaced stays beside it as `<name>.bak`.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.parent not in _tidied:  # the first write here: clear what killed writes left
        _tidied.add(path.parent)
        remove_stale_temps(path.parent)
    temp = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    if keep_backup and path.exists():
        _keep_backup(path)
    os.replace(temp, path)
    _fsync_dir(path.parent)


def _keep_backup(path: Path) -> None:
    """Point `<name>.bak` at the current version without ever leaving `path` missing."""
    backup = backup_path(path)
    staged = path.with_name(f".{backup.name}.{os.getpid()}{TEMP_SUFFIX}")
    staged.unlink(missing_ok=True)  # left over by a crash: linking over it would fail
    try:
        os.link(path, staged)  # a second name for the old bytes: no copy, nothing to lose
    except OSError:
        shutil.copy2(path, staged)
    os.replace(staged, backup)


def move_atomic(source: Path, target: Path) -> None:
    """Give a file written with write_atomic its final name in another folder of the same
    disk: at any instant it is under one name or the other, whole."""
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(source, target)
    _fsync_dir(target.parent)
    _fsync_dir(source.parent)


def put_back_backup(path: Path) -> Path | None:
    """Put `<name>.bak` back in place of `path`, at the player's request (the caller checked
    that the backup is usable). What `path` held is first kept aside, hidden from every
    listing, as `.<name>.damaged` (`-2`, `-3`... when an earlier copy holds that name), so
    nothing is lost even then. Returns where the replaced bytes went (None: there were none)."""
    from saves.files import read_regular

    data = read_regular(backup_path(path))
    kept = None
    if path.exists() or path.is_symlink():
        n = 1
        while True:
            kept = path.with_name(f".{path.name}.damaged" + ("" if n == 1 else f"-{n}"))
            if not (kept.exists() or kept.is_symlink()):
                break
            n += 1
        try:
            old = read_regular(path)
        except OSError:  # a link to nothing, a folder...: the name itself is moved aside
            os.replace(path, kept)
        else:
            write_atomic(kept, old, keep_backup=False)
    write_atomic(path, data, keep_backup=False)
    return kept
