"""Who is at the door: a player is their public key; the host lists who may enter and who
moderates, in OpenSSH's authorized_keys format."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import NamedTuple

import asyncssh

from saves.paths import DataPaths
from tui.serve.files import UnusableFile, read_capped, reason  # noqa: F401 (also imported from here)


# What the files given to `serve` may hold at most: an authorized_keys file of some thousands
# of keys, a private key. A file past its cap (or no file at all: /dev/zero, a pipe) is refused.
MAX_KEY_LIST = 1 << 20
MAX_HOST_KEY = 1 << 16


class Player(NamedTuple):
    id: str  # stable for a key: names the player's data folder, and the app's player
    fingerprint: str  # what the log shows (never the key itself)
    moderator: bool


def player_for(key: asyncssh.SSHKey, moderator: bool) -> Player:
    digest = hashlib.sha256(key.public_data).hexdigest()
    return Player(f"k{digest[:16]}", key.get_fingerprint("sha256"), moderator)


class KeyList:
    """An authorized_keys file. It is read again when it changes, so the host can add or remove
    a friend without a restart; a file that cannot be read lets nobody in."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self.problem = ""

    def allows(self, key: asyncssh.SSHKey, host: str, addr: str) -> bool:
        self.reload()
        return self._keys is not None and self._keys.validate(key, host, addr) is not None

    def reload(self) -> str:
        """Read the file again if it changed; says what is wrong with it, if anything."""
        try:
            stat = self.path.stat()
        except OSError as error:
            self._stamp, self._keys, self.problem = None, None, f"{self.path}: {reason(error)}"
            return self.problem
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                text = read_capped(self.path, MAX_KEY_LIST).decode("utf-8", "replace")
                if not text.strip():
                    raise ValueError("empty")
                self._keys, self.problem = asyncssh.import_authorized_keys(text), ""
            except UnusableFile as problem:
                self._keys, self.problem = None, str(problem)
            except ValueError:  # no key in it, or a line that is not one
                self._keys, self.problem = None, f"{self.path}: it holds no key in OpenSSH's authorized_keys format"
        return self.problem


def player_folder(paths: DataPaths, player: Player) -> Path:
    """The player's own data folder, made on the first visit and readable by the host only."""
    folder = paths.player(player.id)
    paths.players.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def host_key(path: Path, make_folder: bool) -> tuple[asyncssh.SSHKey, bool]:
    """The server's key: read, or made on the first run and kept (owner-only, 0600).
    Says whether it was made now. Its folder is made only if `make_folder` (the data
    folder's own); a key given with --host-key in a folder that does not exist is refused.
    Raises UnusableFile or ValueError (not a private key)."""
    if os.path.lexists(path):
        return asyncssh.import_private_key(read_capped(path, MAX_HOST_KEY)), False
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    elif not path.parent.is_dir():
        raise UnusableFile(f"{path}: there is no folder {path.parent}")
    key = asyncssh.generate_private_key("ssh-ed25519")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
    return key, True
