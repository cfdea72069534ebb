"""The saved-games folder: create, list, load, autosave, rename and delete saves."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from collections.abc import Callable
from typing import Any

import msgspec

from engine.core.game import Game
from saves import holds
from saves.atomic import backup_path, put_back_backup, write_atomic
from saves.files import is_regular, modified_ns, not_a_file, read_data_file, read_regular, remove_stale_temps
from saves.listing import ListingMemory, file_key, list_number, readable_name
from saves.envelope import FORMAT_VERSION, SAVE_FORMAT, Damaged, Envelope, decode, encode
from saves.paths import DataPaths
from saves.writer import SaveWriter


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def updated_at(text: str, modified_ns: int) -> datetime:
    """When a save was last written: its recorded time, or its file's when that is unreadable."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return datetime.fromtimestamp(modified_ns / 1e9, timezone.utc)
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


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
    backup: str = ""  # a damaged file's readable backup, told in a few words ("" when none)
    open_in: str = ""  # where another terminal has it open ("in another terminal (pts/3...)")
    finished: bool = False  # the game has its outcome (a campaign: it is over)
    game_ended: bool = False  # the game has its outcome (a campaign: its current game)

    @property
    def damaged(self) -> bool:
        return bool(self.damage)

    @property
    def shown_id(self) -> str:
        """The id as it can be shown: a file name's bytes that are not UTF-8 as `\\xNN`."""
        return readable_name(self.save_id)


class Kept(msgspec.Struct, frozen=True):
    """A save file's backup, as the listing tells it beside the damaged file."""

    label: str
    summary: str
    updated: str
    finished: bool = False

    @property
    def described(self) -> str:
        when = self.updated[:16].replace("T", " ")
        return f"{self.label}, {self.summary} ({when})" + (", finished" if self.finished else "")


def check_meaning(game: Game, envelope: Envelope, state: Any) -> None:
    """Damaged unless the save could have come from play: its options, its log of moves, its
    seats and its state as the game's rules see them (Game.validate), and someone able to
    move while the game runs."""
    try:
        game.check_options(dict(envelope.options))
    except (ValueError, TypeError) as problem:
        raise Damaged(f"its options are not valid ({problem})") from None
    for number, raw in enumerate(envelope.actions, start=1):
        try:
            msgspec.json.decode(raw, type=game.Action)
        except (msgspec.ValidationError, msgspec.DecodeError):
            raise Damaged(f"move {number} of its log is not a {game.title} move") from None
    campaign = envelope.kind == "campaign"
    try:
        problems = game.validate_campaign(state) if campaign else game.validate(state)
        if problems:
            more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
            raise Damaged(f"its {game.title} {'campaign' if campaign else 'game'} is impossible: {problems[0]}{more}")
        table = game.campaign_game(state) if campaign else state
        if table is None:
            return
        if envelope.seats and len(envelope.seats) != len(game.seats(table)):
            raise Damaged(f"it names {len(envelope.seats)} seats for a game of {len(game.seats(table))}")
        if game.outcome(table) is None and not game.legal_actions(table):
            raise Damaged(f"its {game.title} game is stuck: nobody can move")
        for number, line in enumerate(getattr(table, "log", ()), start=1):
            try:
                game.log_text(line)
            except Exception:  # noqa: BLE001 (the wording met parts it was not written for)
                raise Damaged(f"line {number} of its {game.title} log cannot be told") from None
    except Damaged:
        raise
    except Exception as error:  # noqa: BLE001 (a state no check foresaw: refused, not played)
        raise Damaged(f"its {game.title} state could not be checked ({type(error).__name__})") from None


def recalled_entry(remembered: msgspec.Raw, item: os.DirEntry[str]) -> SaveEntry | None:
    """The line the listing's memory kept for this file, or None when the memory is damaged
    (then the file is checked again, and the memory mended)."""
    try:
        entry = msgspec.json.decode(remembered, type=SaveEntry)
    except msgspec.ValidationError:
        return None
    if entry.save_id != item.name[: -len(".json")]:
        return None
    return msgspec.structs.replace(entry, path=item.path)


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
        self.writer: SaveWriter | None = None  # autosaves in the background, once the app asks
        self.listing_memory = ListingMemory(paths.saves)  # the list's lines of unchanged files (read when first needed)

    def write_in_background(self) -> None:
        """Autosaves (write) go to a thread of their own from now on; see saves/writer.py."""
        if self.writer is None:
            self.writer = SaveWriter()

    def flush(self) -> None:
        """Every autosave given so far is on disk (OSError if the last one could not be)."""
        if self.writer is not None:
            self.writer.flush()

    def unsaved(self) -> OSError | None:
        """Why the newest autosave could not be written, while it is not (None: all is on disk
        or on its way)."""
        return self.writer.error if self.writer is not None else None

    def drop_unsaved(self) -> None:
        """Give up the autosave that failed (the player chose to leave without it)."""
        if self.writer is not None:
            self.writer.drop_failed()

    def _settle(self) -> None:
        """Autosaves under way have landed (or failed): the folder is as the game left it."""
        if self.writer is not None:
            self.writer.wait()

    def now_iso(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    # ----- reading ----------------------------------------------------------------------

    def read(self, save_id: str) -> Envelope:
        """Decode one save; Damaged (with the reason) if it cannot be used."""
        return self._read(save_id)[0]

    def load(self, save_id: str) -> tuple[Envelope, Any]:
        """One save and its state (a Campaign for a campaign), checked; Damaged if unusable."""
        return self._read(save_id)

    def _read(self, save_id: str) -> tuple[Envelope, Any]:
        self._settle()
        path = self.paths.save_file(save_id)
        try:
            data = read_data_file(path)
        except FileNotFoundError:
            raise Damaged("there is no such save") from None
        return self.load_data(data)

    def load_data(self, data: bytes) -> tuple[Envelope, Any]:
        """A save file's bytes as an envelope and its state, or Damaged with the reason: the
        shape first (JSON, format, types), then the meaning (Game.validate)."""
        envelope = decode(data, set(self.games))
        game = self.games[envelope.game_id]
        if envelope.kind not in self.kinds(game):
            raise Damaged(f"it holds a {game.title} save of an unknown kind '{envelope.kind}'")
        upgraded = envelope.content_version < game.content_version
        if upgraded:
            self.upgrade(envelope, game)
        if envelope.content_version != game.content_version:
            # Cards, enemies or paths changed between versions: the state may name things
            # that no longer exist, so it is refused rather than half-loaded.
            age = "newer" if envelope.content_version > game.content_version else "older"
            raise Damaged(
                f"it was made with {age} {game.title} cards (content {envelope.content_version},"
                f" this version has {game.content_version})"
            )
        state = self.decode_state(envelope)  # a state that no longer fits is damage too
        check_meaning(game, envelope, state)
        if upgraded:  # a listing's words follow the upgraded state (e.g. how a loss is told)
            campaign = envelope.kind == "campaign"
            envelope.summary = game.campaign_summary(state) if campaign else game.summary(state)
        return envelope, state

    @staticmethod
    def kinds(game: Game) -> tuple[str, ...]:
        """The kinds of save a game keeps in the saves folder."""
        return ("game", "campaign") if hasattr(game, "new_campaign") else ("game",)

    def finished(self, envelope: Envelope, state: Any) -> bool:
        """A game with its outcome, or a campaign that is over: nothing left to continue."""
        game = self.games[envelope.game_id]
        if envelope.kind == "campaign":
            return not game.campaign_active(state)
        return game.outcome(state) is not None

    def game_ended(self, envelope: Envelope, state: Any) -> bool:
        """The game on the table (a campaign's current game) has its outcome: there may be
        something to file in the history (see history.sweep)."""
        game = self.games[envelope.game_id]
        table = game.campaign_game(state) if envelope.kind == "campaign" else state
        return table is not None and game.outcome(table) is not None

    @staticmethod
    def upgrade(envelope: Envelope, game: Game) -> None:
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
        except Exception as error:  # noqa: BLE001 (an old file damaged in a way upgrades never met)
            raise Damaged(f"it could not be carried over to the new cards ({type(error).__name__})") from None
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
        """Every save file, newest first; damaged ones included with their reason. OSError
        when the saves folder itself cannot be examined (a missing one holds no saves).

        A file unchanged since it was last listed keeps the line it got then (saves/listing.py):
        the list costs a look at each file, not a check of every game in it."""
        self._settle()
        try:
            found = [e for e in os.scandir(self.paths.saves) if e.name.endswith(".json") and not e.name.startswith(".")]
        except FileNotFoundError:
            return []
        remove_stale_temps(self.paths.saves)
        memory = self.listing_memory
        entries: list[tuple[tuple[datetime, int], SaveEntry]] = []
        for item in found:
            try:
                stat = item.stat()
            except OSError:
                stat = None
            modified = stat.st_mtime_ns if stat is not None else modified_ns(item)
            storable = readable_name(item.name) == item.name  # the memory keeps UTF-8 names
            key = file_key(stat) if stat is not None and storable and is_regular(item) else None
            remembered = memory.recall(item.name, key) if key is not None else None
            entry = recalled_entry(remembered, item) if remembered is not None else None
            if entry is None:
                entry = self._entry(item)
                if key is not None:
                    memory.remember(item.name, key, msgspec.Raw(msgspec.json.encode(entry)))
            if entry.damaged:
                when = datetime.fromtimestamp(modified / 1e9, timezone.utc)
            else:
                when = updated_at(entry.updated, modified)
            if not entry.damaged:  # who else has it open: now, never remembered
                holder = holds.holder_elsewhere(self.paths.saves, entry.save_id)
                if holder is not None:
                    entry = msgspec.structs.replace(entry, open_in=holder.where)
            entries.append(((when, modified), entry))
        memory.keep_only({item.name for item in found})
        memory.write()
        # By time, not by the text of the times: a second's ties go to the later write.
        entries.sort(key=lambda pair: (pair[0], pair[1].save_id), reverse=True)
        return [entry for _, entry in entries]

    def _entry(self, item: os.DirEntry[str]) -> SaveEntry:
        """The list's line for one save file, checked in full."""
        save_id = item.name[: -len(".json")]
        try:
            if readable_name(save_id) != save_id:
                raise Damaged("its file name is not valid UTF-8 text: give the file another name to open it")
            if not is_regular(item):
                raise Damaged(not_a_file(item))
            envelope, state = self._read(save_id)
        except Damaged as damage:
            stamp = datetime.fromtimestamp(modified_ns(item) / 1e9, timezone.utc)
            kept = self.backup_of(save_id) if readable_name(save_id) == save_id else None
            return SaveEntry(
                save_id, item.path, label=readable_name(save_id), updated=stamp.isoformat(timespec="seconds"),
                damage=str(damage), backup=kept.described if kept is not None else "",
            )
        return SaveEntry(
            save_id,
            item.path,
            label=envelope.label,
            game_id=envelope.game_id,
            kind=envelope.kind,
            summary=envelope.summary,
            updated=envelope.updated,
            finished=self.finished(envelope, state),
            game_ended=self.game_ended(envelope, state),
        )

    def backup_of(self, save_id: str) -> Kept | None:
        """The version a save file held before its last write (`<id>.json.bak`), if it can
        be played; None otherwise."""
        self._settle()
        try:
            envelope, state = self.load_data(read_regular(backup_path(self.paths.save_file(save_id))))
        except (OSError, Damaged):
            return None
        return Kept(envelope.label, envelope.summary, envelope.updated, finished=self.finished(envelope, state))

    def restore(self, save_id: str) -> None:
        """Put a damaged save's backup back in its place, at the player's request; the
        damaged bytes are kept aside, hidden (saves/atomic.put_back_backup). Damaged when the
        backup cannot be played either; a usable save is never replaced by its backup."""
        if self.backup_of(save_id) is None:
            raise Damaged("there is no readable backup of this save")
        try:
            self.read(save_id)
        except Damaged:
            put_back_backup(self.paths.save_file(save_id))
        else:
            raise Damaged("the save can be opened as it is: its backup is older")

    def most_recent(self) -> SaveEntry | None:
        """The newest save that can be played on (a finished game is not continued)."""
        return next((entry for entry in self.list() if not entry.damaged and not entry.finished), None)

    def find(self, name: str) -> SaveEntry | None:
        """A save by id, by label (any case), or by its number in the listing (1 = newest)."""
        entries = self.list()
        number = list_number(name, len(entries))
        if number is not None:
            return entries[number - 1]
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
        variant = game.variant_name(options)
        variant = f" ({variant})" if variant else ""
        envelope = Envelope(
            format=SAVE_FORMAT,
            version=FORMAT_VERSION,
            kind=kind,
            game_id=game.id,
            content_version=game.content_version,
            created=stamp,
            updated=stamp,
            label=label or f"{game.title}{variant} {stamp[:16].replace('T', ' ')}",
            summary="",
            seed=seed,
            options=dict(options),
            state=msgspec.Raw(b"null"),
            actions=[],
        )
        summary = game.summary(state) if summary is None else summary
        self.write(save_id, envelope, state, summary, at_once=True)  # the file exists from now on
        return save_id, envelope

    def write(self, save_id: str, envelope: Envelope, state: Any, summary: str, at_once: bool = False) -> None:
        envelope.state = msgspec.Raw(msgspec.json.encode(state))
        envelope.summary = summary
        envelope.updated = self.now_iso()
        data = encode(envelope)  # here: the state may change again before the disk is written
        if self.writer is None or at_once:
            self.flush()
            write_atomic(self.paths.save_file(save_id), data)
        else:
            self.writer.write(self.paths.save_file(save_id), data)

    def rename(self, save_id: str, label: str) -> None:
        label = label.strip()
        if not label:
            raise ValueError("A save needs a name.")
        envelope = self.read(save_id)  # refuses damaged files: they are never rewritten
        envelope.label = label
        write_atomic(self.paths.save_file(save_id), encode(envelope))

    def delete(self, save_id: str) -> None:
        """Remove a save and its backup. Callers ask the player first (and, for a save open
        in another terminal, refuse: see holder_elsewhere)."""
        path = self.paths.save_file(save_id)
        if self.writer is not None:
            self.writer.forget(path)  # no autosave may land after the file is gone
        for target in (path, backup_path(path)):
            target.unlink(missing_ok=True)
        holds.forget(self.paths.saves, save_id)

    # ----- one terminal at a time (saves/holds.py) ------------------------------------------

    def hold(self, save_id: str) -> holds.Hold:
        """Hold the save for this terminal while it is open: OpenElsewhere when another
        terminal has it (which may be asked to let go: holds.ask_to_let_go)."""
        return holds.hold(self.paths.saves, save_id)

    def holder_elsewhere(self, save_id: str) -> holds.Holder | None:
        """Who has the save open in another terminal, if anyone."""
        return holds.holder_elsewhere(self.paths.saves, save_id)

