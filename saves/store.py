"""The saved-games folder: create, list, load, autosave, rename and delete saves."""

from __future__ import annotations

from datetime import datetime, timezone
from collections.abc import Callable
from typing import Any

import msgspec

from engine.core.game import Game
from saves.atomic import backup_path, write_atomic
from saves.envelope import FORMAT_VERSION, SAVE_FORMAT, Damaged, Envelope, decode, encode
from saves.paths import DataPaths


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class SaveEntry(msgspec.Struct, frozen=True):
    """One line of the saved-games list: a usable save, or a damaged file and why."""

    save_id: str
    path: str
    label: str = ""
    game_id: str = ""
    kind: str = "game"
    summary: str = ""
    updated: str = ""
    damage: str = ""  # empty when the save is usable

    @property
    def damaged(self) -> bool:
        return bool(self.damage)


class SaveStore:
    def __init__(
        self,
        paths: DataPaths,
        games: dict[str, Game],
        clock: Callable[[], datetime] = utc_now,  # tests pass a fixed clock
    ) -> None:
        self.paths = paths
        self.games = games
        self.clock = clock

    def now_iso(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    # ----- reading ----------------------------------------------------------------------

    def read(self, save_id: str) -> Envelope:
        """Decode one save; Damaged (with the reason) if it cannot be used."""
        path = self.paths.save_file(save_id)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise Damaged("there is no such save") from None
        except OSError as error:
            raise Damaged(f"it cannot be read ({error.strerror})") from None
        envelope = decode(data, set(self.games))
        game = self.games[envelope.game_id]
        if envelope.content_version < game.content_version:
            self._upgrade(envelope, game)
        if envelope.content_version != game.content_version:
            # Cards, enemies or paths changed between versions: the state may name things
            # that no longer exist, so it is refused rather than half-loaded.
            age = "newer" if envelope.content_version > game.content_version else "older"
            raise Damaged(
                f"it was made with {age} {game.title} cards (content {envelope.content_version},"
                f" this version has {game.content_version})"
            )
        self.decode_state(envelope)  # a state that no longer fits is damage too
        return envelope

    @staticmethod
    def _upgrade(envelope: Envelope, game: Game) -> None:
        """A save made with older content of its game, carried over when the game knows how
        (Game.upgrade); left as it is otherwise, to be refused with the reason. The file
        itself changes only at the next autosave, which keeps the old one as its backup."""
        try:
            options, state, actions = game.upgrade(
                envelope.content_version,
                dict(envelope.options),
                msgspec.json.decode(envelope.state),
                [msgspec.json.decode(a) for a in envelope.actions],
            )
        except NotImplementedError:
            return
        except ValueError as problem:
            raise Damaged(str(problem)) from None
        envelope.options = options
        envelope.state = msgspec.Raw(msgspec.json.encode(state))
        envelope.actions = [msgspec.Raw(msgspec.json.encode(a)) for a in actions]
        envelope.content_version = game.content_version

    def decode_state(self, envelope: Envelope) -> Any:
        game = self.games[envelope.game_id]
        state_type = game.Campaign if envelope.kind == "campaign" else game.State
        try:
            return msgspec.json.decode(envelope.state, type=state_type)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise Damaged(f"its {game.title} state is not valid ({error})") from None

    def list(self) -> list[SaveEntry]:
        """Every save file, newest first; damaged ones included with their reason."""
        entries: list[SaveEntry] = []
        if not self.paths.saves.is_dir():
            return entries
        for path in self.paths.saves.glob("*.json"):
            if path.name.startswith("."):
                continue
            save_id = path.stem
            try:
                envelope = self.read(save_id)
            except Damaged as damage:
                modified = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
                entries.append(
                    SaveEntry(
                        save_id,
                        str(path),
                        label=save_id,
                        updated=modified.isoformat(timespec="seconds"),
                        damage=str(damage),
                    )
                )
                continue
            entries.append(
                SaveEntry(
                    save_id,
                    str(path),
                    label=envelope.label,
                    game_id=envelope.game_id,
                    kind=envelope.kind,
                    summary=envelope.summary,
                    updated=envelope.updated,
                )
            )
        entries.sort(key=lambda entry: (entry.updated, entry.save_id), reverse=True)
        return entries

    def most_recent(self) -> SaveEntry | None:
        return next((entry for entry in self.list() if not entry.damaged), None)

    def find(self, name: str) -> SaveEntry | None:
        """A save by id, by label (any case), or by its number in the listing (1 = newest)."""
        entries = self.list()
        if name.isdigit() and 1 <= int(name) <= len(entries):
            return entries[int(name) - 1]
        for entry in entries:
            if entry.save_id == name:
                return entry
        lowered = name.casefold()
        return next((e for e in entries if e.label.casefold() == lowered), None)

    # ----- writing ----------------------------------------------------------------------

    def new_id(self, game_id: str) -> str:
        stamp = self.clock().strftime("%Y%m%d-%H%M%S")
        base = f"{game_id}-{stamp}"
        candidate, n = base, 1
        # A finished game keeps its id in the history: a new save never takes it over.
        while self.paths.save_file(candidate).exists() or (self.paths.history / f"{candidate}.json").exists():
            n += 1
            candidate = f"{base}-{n}"
        return candidate

    def create(
        self,
        game: Game,
        state: Any,
        seed: int,
        options: dict[str, Any],
        kind: str = "game",
        label: str = "",
        summary: str | None = None,
    ) -> tuple[str, Envelope]:
        save_id = self.new_id(game.id)
        stamp = self.now_iso()
        envelope = Envelope(
            format=SAVE_FORMAT,
            version=FORMAT_VERSION,
            kind=kind,
            game_id=game.id,
            content_version=game.content_version,
            created=stamp,
            updated=stamp,
            label=label or f"{game.title} {stamp[:16].replace('T', ' ')}",
            summary="",
            seed=seed,
            options=dict(options),
            state=msgspec.Raw(b"null"),
            actions=[],
        )
        self.write(save_id, envelope, state, summary=game.summary(state) if summary is None else summary)
        return save_id, envelope

    def write(self, save_id: str, envelope: Envelope, state: Any, summary: str) -> None:
        envelope.state = msgspec.Raw(msgspec.json.encode(state))
        envelope.summary = summary
        envelope.updated = self.now_iso()
        write_atomic(self.paths.save_file(save_id), encode(envelope))

    def rename(self, save_id: str, label: str) -> None:
        label = label.strip()
        if not label:
            raise ValueError("A save needs a name.")
        envelope = self.read(save_id)  # refuses damaged files: they are never rewritten
        envelope.label = label
        write_atomic(self.paths.save_file(save_id), encode(envelope))

    def delete(self, save_id: str) -> None:
        """Remove a save and its backup. Callers ask the player first."""
        path = self.paths.save_file(save_id)
        for target in (path, backup_path(path)):
            target.unlink(missing_ok=True)

