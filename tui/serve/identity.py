"""Who is at the door: a player is their public key; the host lists who may enter and who
moderates, in OpenSSH's authorized_keys format."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import NamedTuple

import asyncssh

from saves.paths import DataPaths


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
            self._stamp, self._keys, self.problem = None, None, f"{self.path}: {error.strerror}"
            return self.problem
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                self._keys, self.problem = asyncssh.read_authorized_keys(str(self.path)), ""
            except (OSError, ValueError) as error:  # ValueError: no key in it
                self._keys, self.problem = None, f"{self.path}: {error}"
        return self.problem


def player_folder(paths: DataPaths, player: Player) -> Path:
    """The player's own data folder, made on the first visit and readable by the host only."""
    folder = paths.player(player.id)
    paths.players.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The server's key: read, or made on the first run and kept (owner-only, 0600).
    Says whether it was made now."""
    if path.exists():
        return asyncssh.read_private_key(str(path)), False
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
    return key, True
