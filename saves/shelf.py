"""Small versioned JSON files kept beside the saves (legacy decks, coined words).

Each file is an envelope: format name and version, the game it belongs to, times, and a
payload the caller types. Reading never trusts a file (anything unusable is `Damaged` with a
reason); writing is atomic with a backup, and a damaged file is never written over.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import msgspec

from saves.atomic import backup_path, put_back_backup, write_atomic
from saves.envelope import Damaged, check_header
from saves.files import read_data_file, read_regular


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class ShelfEnvelope(msgspec.Struct, kw_only=True):
    format: str
    version: int
    game_id: str
    created: str
    updated: str
    applied: list[str] = []  # save ids whose results this file already holds
    payload: msgspec.Raw


_envelope = msgspec.json.Decoder(ShelfEnvelope)
_encoder = msgspec.json.Encoder()


class Shelf:
    """One folder of envelopes of one format; `payload_type` decodes what they carry."""

    def __init__(
        self,
        folder: Path,
        file_format: str,
        version: int,
        game_id: str,
        payload_type: Any,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.folder = folder
        self.format = file_format
        self.version = version
        self.game_id = game_id
        self.payload_type = payload_type
        self.clock = clock

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def names(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.json") if not p.name.startswith("."))

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def read(self, name: str) -> tuple[ShelfEnvelope, Any]:
        """The envelope and its decoded payload; Damaged with a player-readable reason."""
        return self._decode(self.path(name))

    def backup(self, name: str) -> tuple[ShelfEnvelope, Any]:
        """The version kept before the last write; Damaged if there is none usable."""
        return self._decode(backup_path(self.path(name)))

    def restore_backup(self, name: str) -> None:
        """Put the kept version back in place of a damaged file, at the player's request.

        The damaged bytes are first kept aside as `.<name>.json.damaged` (hidden from the
        listing; see saves/atomic.put_back_backup), so nothing is lost even then.
        """
        self.backup(name)  # Damaged if the backup cannot be used either
        put_back_backup(self.path(name))

    def _decode(self, path: Path) -> tuple[ShelfEnvelope, Any]:
        try:
            data = read_data_file(path)
        except FileNotFoundError:
            raise Damaged("there is no such file") from None
        check_header(data, self.format, self.version, f"a {self.format} file")
        try:
            envelope = _envelope.decode(data)
            payload = msgspec.json.decode(envelope.payload, type=self.payload_type)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise Damaged(f"its contents have the wrong shape ({error})") from None
        if envelope.game_id != self.game_id:
            raise Damaged(f"it belongs to another game ({envelope.game_id})")
        return envelope, payload

    def write(self, name: str, payload: Any, applied: list[str] | None = None) -> None:
        """Write (or replace) one file atomically, keeping the old one as a backup.

        A file that exists but cannot be read is never replaced: Damaged says so.
        """
        stamp = self.clock().isoformat(timespec="seconds")
        created = stamp
        if self.path(name).exists():
            old, _ = self.read(name)  # raises Damaged: a damaged file is left alone
            created = old.created
            if applied is None:
                applied = old.applied
        self.write_envelope(name, self.envelope(payload, created, applied or []))

    def envelope(self, payload: Any, created: str = "", applied: list[str] = ()) -> ShelfEnvelope:  # type: ignore[assignment]
        stamp = self.clock().isoformat(timespec="seconds")
        return ShelfEnvelope(
            format=self.format,
            version=self.version,
            game_id=self.game_id,
            created=created or stamp,
            updated=stamp,
            applied=list(applied),
            payload=msgspec.Raw(_encoder.encode(payload)),
        )

    def write_envelope(self, name: str, envelope: ShelfEnvelope) -> None:
        write_atomic(self.path(name), msgspec.json.format(_encoder.encode(envelope), indent=1))
