"""Your legacy decks: create, name, and read every card, mark and game written on them."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from engine.decknforge.legacy import (
    ADVENTURER_CODES,
    EQUIPMENT_CODES,
    LEGEND_XP,
    MONSTER_CODES,
    Deck,
    card_name,
    fresh_deck,
    name_deck,
    xp_to_legend,
)
from engine.decknforge.lexicon import Word, base_index, word_text
from saves.decks import DeckEntry
from saves.envelope import Damaged
from tui.decknforge.storage import decks_of, word_store
from tui.plain import plain
from tui.screens.dialogs import AskText, ask_to_restore
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical, VerticalScroll

VIEWS = ("summary", "cards", "history")
RESULT_WORD = {"clear": "cleared", "fall": "fell (pile ran out)", "driven_out": "fell (driven out)"}


def xp_bar(deck: Deck, width: int = 20) -> Text:
    filled = min(deck.xp * width // LEGEND_XP, width)
    text = Text("XP ")
    text.append("█" * filled, style="green")
    text.append("░" * (width - filled), style="dim")
    text.append(f" {deck.xp}/{LEGEND_XP}")
    return text


def summary_text(deck: Deck) -> Text:
    text = Text()
    text.append(plain(deck.name).plain or "(no name yet: it gets one when it first clears a dungeon)", style="bold")
    text.append(f"\nInitials {deck.initials} · file {deck.id}\n\n")
    text.append_text(xp_bar(deck))
    text.append(
        "\nLEGENDARY\n" if deck.legendary else f"\n{xp_to_legend(deck)} XP to legend\n"
    )
    text.append(f"Level {deck.level}", style="bold")
    text.append(f" (its Monsters hit for {deck.level} + their modifier)\n")
    text.append(f"Clear streak {deck.streak}/2 towards the next level\n")
    text.append(f"Games {len(deck.history)} · clears {deck.clears} · falls {deck.falls}\n")
    words = sum(1 for c in deck.cards if c.word)
    text.append(f"Cards with a word {words}/54 · scars {len(deck.scars)}\n")
    return text


def cards_text(deck: Deck, words: dict[str, Word] | None = None) -> Group:
    """All 54 cards by role; what is written on each (with the word's rules), blank ones
    together. A word the deck defines itself reads as the deck defines it (R45)."""
    words = {**(words or {}), **{w.name: w for w in deck.words}}
    parts: list[Any] = []
    for title, codes in (
        ("Monsters", MONSTER_CODES),
        ("Adventurers", ADVENTURER_CODES),
        ("Equipment", EQUIPMENT_CODES),
    ):
        cards = [c for c in deck.cards if c.code in codes]
        marked = [c for c in cards if c.word or c.modifier]
        blank = [card_name(c.code) for c in cards if not (c.word or c.modifier)]
        parts.append(Text(f"{title} ({len(cards)}, {len(marked)} written on)", style="bold"))
        for card in marked:
            mod = f" +{card.modifier}" if card.modifier else ""
            parts.append(Padding(Text.assemble(f"{card_name(card.code)} ", (f"{card.word}{mod}", "bold")), (0, 0, 0, 2)))
            if card.word in words:
                parts.append(Padding(Text(word_text(words[card.word]), style="dim"), (0, 0, 0, 6)))
        if blank:
            parts.append(Padding(Text(f"blank: {' '.join(blank)}", style="dim"), (0, 0, 0, 2)))
    return Group(*parts)


def history_text(deck: Deck) -> Text | Group:
    if not deck.history and not deck.inscriptions:
        return Text("No game played yet.", style="dim")
    parts: list[Any] = []
    for record in reversed(deck.history):
        line = Text.assemble((f"Game {record.game}: ", "bold"), RESULT_WORD[record.result])
        line.append(f" in round {record.rounds}, +{record.xp} XP, with {' '.join(record.band)}")
        parts.append(line)
        if record.note:
            parts.append(Padding(Text(record.note, style="dim"), (0, 0, 0, 2)))
    if deck.inscriptions:
        parts.append(Text("\nWritten on the deck", style="bold"))
        for mark in deck.inscriptions:
            where = "box" if mark.card == "deck" else card_name(mark.card)
            parts.append(Padding(Text(f"game {mark.game} · {where}: {mark.text}"), (0, 0, 0, 2)))
    return Group(*parts)


class DecksScreen(Screen[None]):
    DEFAULT_CSS = """
    DecksScreen #deck-list-panel { width: 34; height: 1fr; }
    DecksScreen #deck-detail-panel { width: 1fr; height: 1fr; }
    DecksScreen #deck-scroll { height: 1fr; }
    """
    BINDINGS = [
        Binding("n", "new", "New deck"),
        Binding("r", "rename", "Name"),
        Binding("v", "view", "View"),
        Binding("b", "restore", "Restore backup"),
        Binding("pagedown,J", "scroll(1)", "Scroll", show=False),
        Binding("pageup,K", "scroll(-1)", show=False),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# DecknForge decks

Every deck remembers its games: XP, Level, the words and scars written on its cards.

- Arrows or `j`/`k` pick a deck; `v` switches between its summary, every card, and its
  history; `PgUp`/`PgDn` (or `K`/`J`) scroll a long view.
- `n` makes a new deck with your initials.
- `r` names a deck: only once it has cleared a dungeon, and only once.
- A file marked DAMAGED cannot be read; it is shown with the reason and never written over.
  When the copy kept before its last write is readable, `b` puts that copy back (after
  asking); the damaged file is kept aside, hidden, rather than deleted.
"""

    def __init__(self) -> None:
        super().__init__()
        self.view = "summary"
        self.entries: list[DeckEntry] = []

    def compose(self) -> ComposeResult:
        yield Static(" DecknForge decks", classes="title")
        with Horizontal():
            with Vertical(id="deck-list-panel", classes="panel") as box:
                box.border_title = "Decks"
                yield ChoiceList(id="deck-list")
            with Vertical(id="deck-detail-panel", classes="panel") as box:
                box.border_title = "Deck"
                with VerticalScroll(id="deck-scroll"):
                    yield Static(id="deck-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.store = decks_of(self.app)
        coined, _ = word_store(self.app.paths, self.app.store.clock).load()
        self.words = dict(base_index()) | {w.name: w for w in coined}
        listing = self.query_one("#deck-list", ChoiceList)
        self.watch(listing, "cursor", self._show, init=False)
        self.reload()
        listing.focus()

    def reload(self, cursor: int | None = None) -> None:
        self.entries = self.store.list()
        choices = []
        for entry in self.entries:
            if entry.damaged:
                choices.append(Choice(f"{entry.deck_id}.json", "DAMAGED"))
            else:
                deck = entry.deck
                label = f"{deck.name} · {deck.initials}" if deck.name else deck.initials
                choices.append(Choice(plain(label).plain, f"L{deck.level} {deck.xp}XP"))
        listing = self.query_one("#deck-list", ChoiceList)
        listing.show(choices, listing.cursor if cursor is None else cursor)
        count = len(self.entries)
        self.query_one("#deck-list-panel").border_subtitle = f"{count} deck{'' if count == 1 else 's'}"
        self._show(listing.cursor)

    def selected(self) -> DeckEntry | None:
        index = self.query_one("#deck-list", ChoiceList).cursor
        return self.entries[index] if 0 <= index < len(self.entries) else None

    def _show(self, index: int) -> None:
        self.refresh_bindings()
        detail = self.query_one("#deck-detail", Static)
        panel = self.query_one("#deck-detail-panel")
        entry = self.entries[index] if 0 <= index < len(self.entries) else None
        if entry is None:
            panel.border_title = "No decks"
            detail.update(Text("No deck yet. Press n to make one with your initials.", style="dim"))
            return
        if entry.damaged:
            panel.border_title = "DAMAGED"
            text = Text.assemble(
                (f"{entry.deck_id}.json cannot be read:\n", "bold"), f"{entry.damage}.\n\n",
                ("It is left exactly as it is; nothing here writes over it.", "dim"),
            )  # fmt: skip
            backup = self.store.backup_of(entry.deck_id)
            if backup is not None:
                text.append(
                    f"\n\nA readable copy from before its last write is kept: {backup.initials},"
                    f" Level {backup.level}, {backup.xp} XP. Press b to put it back."
                )
            detail.update(text)
            return
        deck = entry.deck
        panel.border_title = plain(f"{deck.name or deck.initials} · {self.view}")
        panel.border_subtitle = "v: summary / cards / history"
        if self.view == "cards":
            detail.update(cards_text(deck, self.words))
        else:
            detail.update(summary_text(deck) if self.view == "summary" else history_text(deck))
        self.query_one("#deck-scroll", VerticalScroll).scroll_home(animate=False)

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        self.action_view()

    def action_view(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        self._show(self.query_one("#deck-list", ChoiceList).cursor)

    def action_scroll(self, pages: int) -> None:
        scroll = self.query_one("#deck-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(scroll.size.height - 1, 1), animate=False)

    def action_new(self) -> None:
        def made(initials: str | None) -> None:
            if not initials:
                return
            try:
                deck = self.store.create(fresh_deck(initials))
            except ValueError as problem:
                self.notify(str(problem), severity="warning")
                return
            except OSError as error:
                self.notify(f"The deck could not be saved: {error.strerror}", severity="error")
                return
            self.reload(next(i for i, e in enumerate(self.store.list()) if e.deck_id == deck.id))
            self.notify(f"New deck {deck.initials} ({deck.id}): 54 blank cards, Level 1.")

        self.app.push_screen(AskText("Initials for the new deck (1 to 3 letters):"), made)

    def action_rename(self) -> None:
        entry = self.selected()
        if entry is None or entry.damaged:
            self.notify("Pick a readable deck first.", severity="warning")
            return
        deck = entry.deck
        if deck.name or deck.clears == 0:  # R24: check before asking, and say why
            try:
                name_deck(deck, "x")
            except ValueError as problem:  # it may quote the deck's name
                self.notify(plain(str(problem)).plain, severity="warning", markup=False)
            return

        def named(text: str | None) -> None:
            if not text:
                return
            try:
                self.store.update(name_deck(deck, text))
            except (ValueError, Damaged, OSError) as problem:
                self.notify(str(problem), severity="warning")
                return
            self.reload()

        self.app.push_screen(AskText(f"A name for {deck.initials}'s deck (up to 24 characters):"), named)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "restore":  # offered only for a damaged file with a readable backup
            if not hasattr(self, "store"):  # asked before the screen has mounted
                return False
            entry = self.selected()
            return entry is not None and entry.damaged and self.store.backup_of(entry.deck_id) is not None
        if action == "rename":  # offered only to a deck that may take its name now (R24)
            if not hasattr(self, "store"):
                return False
            entry = self.selected()
            return entry is not None and not entry.damaged and not entry.deck.name and entry.deck.clears > 0
        return True

    def action_restore(self) -> None:
        entry = self.selected()
        if entry is None or not entry.damaged:
            self.notify("Only a damaged deck file can be restored from its backup.")
            return
        ask_to_restore(self, self.store, entry.deck_id, self.reload)

    def action_back(self) -> None:
        self.app.pop_screen()
