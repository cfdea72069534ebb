"""Disciple's Versus decks: each style's default deck (read-only, always ready) and your built
decks: build, edit, copy, rename, delete; damaged files shown with the reason."""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen

from engine.disciple.content import load
from saves.envelope import Damaged
from tui.disciple.builder import DeckBuilder
from tui.disciple.deck_files import DeckRow, copy_name, deck_rows, versus_deck_store
from tui.disciple.deck_text import counts_text, deck_list_text, status_text, styles_line
from tui.plain import plain
from tui.screens.dialogs import AskText, Confirm, ask_to_restore
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical, VerticalScroll


class VersusDecksScreen(Screen[None]):
    DEFAULT_CSS = """
    VersusDecksScreen #vdeck-list-panel { width: 34; height: 1fr; }
    VersusDecksScreen #vdeck-detail-panel { width: 1fr; height: 1fr; }
    VersusDecksScreen #vdeck-scroll { height: 1fr; }
    """
    BINDINGS = [
        Binding("n", "new", "New deck"),
        Binding("e", "edit", "Edit"),
        Binding("c", "copy", "Copy"),
        Binding("r", "rename", "Rename"),
        Binding("d", "delete", "Delete"),
        Binding("b", "restore", "Restore backup"),
        Binding("pagedown,J", "scroll(1)", "Scroll", show=False),
        Binding("pageup,K", "scroll(-1)", show=False),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# Disciple Versus decks

The decks you bring to a Versus game. Each style's default deck is always here, ready and
read-only; the decks you build are files of your own.

- Arrows or `j`/`k` pick a deck; `PgUp`/`PgDn` (or `K`/`J`) scroll its details
- `n` builds a new deck; `e` (or `Enter`) opens a deck of yours in the builder
- `c` copies a deck (a default deck's copy is yours to change), `r` renames, `d` deletes
  (after asking)
- A deck that breaks a rule is a **draft**: it is kept, but cannot be picked to play until
  it is legal. Its broken rules are listed
- A file marked DAMAGED cannot be read; it is shown with the reason and never written over.
  `b` puts back the copy kept before its last write, when that copy reads; `d` deletes it
"""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[DeckRow] = []
        self.content = load()

    def compose(self) -> ComposeResult:
        yield Static(" Disciple Versus decks", classes="title")
        with Horizontal():
            with Vertical(id="vdeck-list-panel", classes="panel") as box:
                box.border_title = "Decks"
                yield ChoiceList(id="vdeck-list")
            with Vertical(id="vdeck-detail-panel", classes="panel") as box:
                box.border_title = "Deck"
                with VerticalScroll(id="vdeck-scroll"):
                    yield Static(id="vdeck-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.store = versus_deck_store(self.app.paths, self.app.store.clock)
        listing = self.query_one("#vdeck-list", ChoiceList)
        self.watch(listing, "cursor", self._show, init=False)
        self.reload()
        listing.focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, key: str | None = None) -> None:
        self.rows = deck_rows(self.store, self.content)
        choices = []
        for row in self.rows:
            if row.damaged:
                choices.append(Choice(f"{row.key}.json", "DAMAGED"))
            else:
                choices.append(Choice(plain(row.deck.name).plain, "ready" if row.ready else "draft"))
        listing = self.query_one("#vdeck-list", ChoiceList)
        keys = [r.key for r in self.rows]
        listing.show(choices, keys.index(key) if key in keys else listing.cursor)
        built = sum(1 for r in self.rows if not r.default)
        self.query_one("#vdeck-list-panel").border_subtitle = f"{built} of your own"
        self._show(listing.cursor)

    def selected(self) -> DeckRow | None:
        index = self.query_one("#vdeck-list", ChoiceList).cursor
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def _show(self, index: int) -> None:
        self.refresh_bindings()
        detail = self.query_one("#vdeck-detail", Static)
        panel = self.query_one("#vdeck-detail-panel")
        row = self.rows[index] if 0 <= index < len(self.rows) else None
        if row is None:
            return
        if row.damaged:
            panel.border_title = "DAMAGED"
            text = Text.assemble(
                (f"{row.key}.json cannot be read:\n", "bold"), f"{row.damage}.\n\n",
                ("It is left exactly as it is; nothing here writes over it.", "dim"),
            )  # fmt: skip
            backup = self.store.backup_of(row.key)
            if backup is not None:
                text.append(f"\n\nA readable copy from before its last write is kept: {backup.name}, "
                            f"{len(backup.cards)} cards. Press b to put it back.")  # fmt: skip
            detail.update(text)
            return
        deck = row.deck
        panel.border_title = plain(deck.name).plain
        panel.border_subtitle = "read-only: c copies it" if row.default else f"file {row.key}"
        text = styles_line(deck, self.content)
        text.append("\n")
        text.append_text(counts_text(deck, self.content))
        text.append("\n")
        text.append_text(status_text(row.problems))
        text.append("\n")
        text.append_text(deck_list_text(deck, self.content))
        detail.update(text)
        self.query_one("#vdeck-scroll", VerticalScroll).scroll_home(animate=False)

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.action_edit()

    def action_scroll(self, pages: int) -> None:
        scroll = self.query_one("#vdeck-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(scroll.size.height - 1, 1), animate=False)

    def _own(self, doing: str) -> DeckRow | None:
        """The highlighted deck when it is a readable deck of one's own; else says why not."""
        row = self.selected()
        if row is None:
            return None
        if row.damaged:
            self.notify(f"This file cannot be read: it cannot be {doing}.", severity="warning")
            return None
        if row.default:
            self.notify(f"A default deck is read-only: c makes a copy that can be {doing}.", severity="warning")
            return None
        return row

    def action_new(self) -> None:
        self.app.push_screen(DeckBuilder())

    def action_edit(self) -> None:
        row = self._own("edited")
        if row is not None:
            self.app.push_screen(DeckBuilder(row.key, row.deck))

    def action_copy(self) -> None:
        row = self.selected()
        if row is None or row.damaged:
            self.notify("Pick a readable deck to copy.", severity="warning")
            return
        taken = {r.deck.name for r in self.rows if r.deck is not None}
        name = copy_name(row.deck.name, taken)
        try:
            key = self.store.add(msgspec.structs.replace(row.deck, name=name), name)
        except OSError as error:
            self.notify(f"Not copied: {error.strerror}", severity="error")
            return
        self.reload(key)
        self.notify(f"Copied as {name} ({key}): yours to change.")

    def action_rename(self) -> None:
        row = self._own("renamed")
        if row is None:
            return

        def named(text: str | None) -> None:
            if text is None or not text.strip():
                return
            try:
                self.store.replace(row.key, msgspec.structs.replace(row.deck, name=text.strip()[:40]))
            except (Damaged, OSError) as problem:
                self.notify(f"Not renamed: {problem}", severity="error")
                return
            self.reload(row.key)

        self.app.push_screen(AskText("A new name for the deck:", row.deck.name), named)

    def action_delete(self) -> None:
        row = self.selected()
        if row is None:
            return
        if row.default:
            self.notify("A default deck is always there: it cannot be deleted.", severity="warning")
            return
        what = f"{row.key}.json (damaged)" if row.damaged else plain(row.deck.name).plain

        def delete(sure: bool | None) -> None:
            if sure:
                try:
                    self.store.delete(row.key)
                except OSError as error:
                    self.notify(f"Not deleted: {error.strerror}", severity="error")
                self.reload()

        self.app.push_screen(Confirm(Content(f"Delete the deck {what}? This cannot be undone.")), delete)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("restore", "edit", "rename", "delete", "copy") and not hasattr(self, "store"):
            return False
        if action == "restore":  # offered only for a damaged file with a readable backup
            row = self.selected()
            return row is not None and row.damaged and self.store.backup_of(row.key) is not None
        if action in ("edit", "rename"):  # never offered on a default deck (read-only) or a damaged file
            row = self.selected()
            return row is not None and not row.default and not row.damaged
        if action == "delete":  # a damaged file can go; a default deck is always there
            row = self.selected()
            return row is not None and not row.default
        if action == "copy":
            row = self.selected()
            return row is not None and not row.damaged
        return True

    def action_restore(self) -> None:
        row = self.selected()
        if row is None or not row.damaged:
            self.notify("Only a damaged deck file can be restored from its backup.")
            return
        ask_to_restore(self, self.store, row.key, lambda: self.reload(row.key))

    def action_back(self) -> None:
        self.app.pop_screen()
