"""Saved games: resume, rename, delete (after asking); damaged files shown with why."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets.option_list import Option

from engine.registry import CATALOGUE
from saves.envelope import Damaged
from saves.store import SaveEntry
from tui.plain import plain, short_time
from tui.screens.dialogs import AskText, Confirm, ask_to_restore
from tui.widgets.keybar import KeyBar
from tui.widgets.text import OptionList, Static

TITLES = {entry.id: entry.title for entry in CATALOGUE}


def entry_text(entry: SaveEntry) -> Text:
    text = Text()
    if entry.damaged:
        text.append(plain(f"{entry.shown_id}.json").plain, style="bold")
        text.append(f"  {short_time(entry.updated)}\n")
        text.append(plain(f"  DAMAGED: {entry.damage}").plain, style="bold red")
        if entry.backup:
            text.append("\n  b puts back its backup: " + plain(entry.backup).plain)
        return text
    kind = " campaign" if entry.kind == "campaign" else ""
    text.append(plain(entry.label).plain, style="bold")
    text.append(f"  {TITLES.get(entry.game_id, entry.game_id)}{kind}  {short_time(entry.updated)}\n")
    text.append(f"  {plain(entry.summary).plain}", style="dim")
    if entry.open_in:
        text.append(f"\n  open {entry.open_in}", style="bold")
    return text


class SavesScreen(Screen[None]):
    DEFAULT_CSS = """
    SavesScreen #saves { height: 1fr; }
    """
    BINDINGS = [
        Binding("enter", "resume", "Resume", priority=True),
        Binding("r", "rename", "Rename"),
        Binding("p", "replay", "Replay"),
        Binding("d,delete", "delete", "Delete"),
        Binding("b", "restore", "Restore backup"),
        Binding("escape,q", "back", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]
    HELP = """
# Saved games

Newest first. Every game is saved after each move.

- `Enter` resumes the highlighted game
- `r` renames it, `d` deletes it (you are asked first)
- `p` replays it move by move, read-only (finished games are in History)
- A file marked **DAMAGED** cannot be opened; the reason is shown. It is left untouched
  unless you delete it, or put back its backup with `b` when one can be played (the copy
  kept before the file's last write; the damaged file is kept aside, hidden).
"""

    entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        yield Static("Saved games", classes="title")
        yield OptionList(id="saves")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, keep: int | None = None) -> None:
        listing = self.query_one("#saves", OptionList)
        position = listing.highlighted if keep is None else keep
        self.entries = self.app.saved_games()
        self.refresh_bindings()
        listing.clear_options()
        if not self.entries:
            empty = self.app.saves_problem or "No saved games yet. Start one from the home screen."
            listing.add_option(Option(empty, disabled=True))
            return
        listing.add_options(Option(entry_text(e), id=e.save_id) for e in self.entries)
        listing.highlighted = min(position or 0, len(self.entries) - 1)
        listing.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The keys that act on the highlighted save are off the bar while there is none.
        if action in ("resume", "rename", "replay", "delete"):
            return bool(self.entries)
        if action == "restore":  # offered only for a damaged file with a backup that can be played
            entry = self.selected()
            return entry is not None and entry.damaged and bool(entry.backup)
        return True

    def selected(self) -> SaveEntry | None:
        index = self.query_one("#saves", OptionList).highlighted
        if index is None or not self.entries:
            return None
        return self.entries[index]

    def action_cursor(self, step: int) -> None:
        listing = self.query_one("#saves", OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_resume(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.damaged:
            self.notify(f"This file cannot be opened: {entry.damage}", severity="error")
            return
        self.app.resume(entry.save_id)

    def action_replay(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.damaged:
            self.notify(f"This file cannot be opened: {entry.damage}", severity="error")
            return
        self.app.open_replay(entry.save_id)

    def action_rename(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.damaged:
            self.notify("A damaged file cannot be renamed.", severity="warning")
            return
        if self._open_elsewhere(entry):
            return

        def rename(label: str | None) -> None:
            if label is None:
                return
            try:
                self.app.store.rename(entry.save_id, label)
            except (ValueError, Damaged, OSError) as problem:
                self.notify(f"Not renamed: {problem}", severity="error")
            self.reload()

        self.app.push_screen(AskText("New name for this save:", entry.label), rename)

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if self._open_elsewhere(entry):
            return
        name = f"{entry.shown_id}.json" if entry.damaged else f"'{entry.label}'"

        def delete(sure: bool | None) -> None:
            if sure:
                try:
                    self.app.store.delete(entry.save_id)
                except OSError as problem:
                    self.notify(f"Not deleted: {problem.strerror}", severity="error")
            self.reload()

        self.app.push_screen(Confirm(plain(f"Delete {name} for good?")), delete)

    def _open_elsewhere(self, entry: SaveEntry) -> bool:
        """Say so when the save is open in another terminal (changed there, not here)."""
        holder = self.app.store.holder_elsewhere(entry.save_id)
        if holder is not None:
            self.notify(f"This game is open {holder.where}: close it there first.", severity="warning")
        return holder is not None

    def on_option_list_option_highlighted(self) -> None:
        self.refresh_bindings()  # `b` is live for some lines only

    def action_restore(self) -> None:
        entry = self.selected()
        if entry is None or not entry.damaged:
            self.notify("Only a damaged save can be put back from its backup.")
            return
        ask_to_restore(self, self.app.store, entry.save_id, lambda: self.reload(), name=f"{entry.shown_id}.json")

    def action_back(self) -> None:
        self.app.pop_screen()
