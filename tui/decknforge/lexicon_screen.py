"""The Lexicon: WORDS to browse, FIND to search, DEFINE for the glossary, coining and review."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from engine.decknforge.lexicon import (
    GlossaryEntry,
    Word,
    approve,
    base_words,
    define,
    find,
    glossary,
    pending,
    reject,
    word_text,
)
from saves.envelope import Damaged
from tui.decknforge.storage import deck_store, word_store
from tui.plain import plain
from tui.screens.dialogs import AskText
from tui.tables.identity import moderates
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar

KIND_MARK = {"adventurer": "ADV", "equipment": "EQP", "monster": "MON"}
MODE_TITLE = {"words": "WORDS · FIND", "define": "DEFINE", "review": "Pending review"}


class LexiconScreen(Screen[None]):
    DEFAULT_CSS = """
    LexiconScreen #query-box { height: 3; }
    LexiconScreen #query { width: 1fr; }
    LexiconScreen #list-panel { width: 40; height: 1fr; }
    LexiconScreen #detail-panel { width: 1fr; height: 1fr; }
    LexiconScreen #detail { height: 1fr; }
    """
    BINDINGS = [
        Binding("w", "mode('words')", "Words"),
        Binding("d", "mode('define')", "Define"),
        Binding("slash", "search", "Find"),
        Binding("c", "coin", "Coin"),
        Binding("m", "mode('review')", "Review"),
        Binding("a", "verdict(True)", "Approve"),
        Binding("x", "verdict(False)", "Reject"),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# The Lexicon

Every Qi Word is a trigger and an effect: "If this happens, then that".

- `w` **WORDS**: every word, the shared ones first, then coined ones (marked pending or
  approved, with their author). Type in the box (`/` goes there) to **FIND** words by name
  or by what they do: `spade`, `retaliate`, `joker draw`.
- `d` **DEFINE**: the glossary; type a term to look it up.
- `c` coins a new word from the vocabulary's triggers and effects. It is yours at once
  (usable on your decks) and waits for review before it joins everyone's lexicon.
- `m` is the moderator's view of pending words: `a` approves, `x` rejects with a reason.
- `Esc` leaves the box, then goes back (a game you came from waits where it was).
"""

    def __init__(self, coin_for: str = "") -> None:
        super().__init__()
        self.coin_for = coin_for  # initials: open straight on coining a Monster word for them
        self.mode = "words"
        self.items: list[Word | GlossaryEntry] = []

    def compose(self) -> ComposeResult:
        yield Static(" Lexicon", classes="title", id="lexicon-title")
        with Vertical(id="query-box", classes="panel") as box:
            box.border_title = "FIND"
            yield Input(placeholder="type to search; Enter or ↓ to the list", id="query")
        with Horizontal():
            with Vertical(id="list-panel", classes="panel") as box:
                box.border_title = "WORDS"
                yield ChoiceList(id="items")
            with Vertical(id="detail-panel", classes="panel") as box:
                box.border_title = "Word"
                yield Static(id="detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.store = word_store(self.app.paths, self.app.store.clock)
        listing = self.query_one("#items", ChoiceList)
        self.watch(listing, "cursor", self._show_detail, init=False)
        self.reload()
        listing.focus()
        if self.coin_for:
            self.action_coin()

    # ----- data -------------------------------------------------------------------------

    def reload(self) -> None:
        self.coined, damaged = self.store.load()
        for name, reason in damaged:
            self.notify(f"Lexicon file {name}.json cannot be read: {reason}. It is left untouched.", severity="error")
        self.redraw()

    def redraw(self, cursor: int = 0) -> None:
        query = self.query_one("#query", Input).value
        if self.mode == "define":
            entries = list(glossary())
            if query.strip():
                hit = define(query)
                wanted = query.strip().upper()
                entries = [hit] if hit else [e for e in entries if wanted in e.term.upper()]
            self.items = entries
            shown = [Choice(e.term.upper()) for e in entries]
        else:
            words = pending(self.coined) if self.mode == "review" else find(query, self.coined)
            if self.mode == "review" and query.strip():
                wanted = {w.name for w in find(query, self.coined)}
                words = [w for w in words if w.name in wanted]
            self.items = words
            shown = [Choice(plain(w.name).plain, self._tag(w)) for w in words]
        self.query_one("#items", ChoiceList).show(shown, cursor)
        self.query_one("#query-box").border_title = "DEFINE" if self.mode == "define" else "FIND"
        panel = self.query_one("#list-panel")
        panel.border_title = MODE_TITLE[self.mode]
        panel.border_subtitle = f"{len(self.items)} shown"
        total = len(base_words()) + len([w for w in self.coined if w.status != "rejected"])
        self.query_one("#lexicon-title", Static).update(
            f" Lexicon · {total} words · {len(pending(self.coined))} pending review", layout=False
        )
        self._show_detail(self.query_one("#items", ChoiceList).cursor)
        self.refresh_bindings()

    @staticmethod
    def _tag(word: Word) -> str:
        status = "" if word.status == "approved" else f" {word.status[:4]}"
        return f"{KIND_MARK[word.kind]}{status}"

    def _show_detail(self, index: int) -> None:
        detail = self.query_one("#detail", Static)
        panel = self.query_one("#detail-panel")
        item = self.items[index] if 0 <= index < len(self.items) else None
        if item is None:
            panel.border_title = "Nothing here"
            empty = "No word is waiting for review." if self.mode == "review" and not self.query_one("#query", Input).value else "No match. Try fewer or shorter terms."
            detail.update(Text(empty, style="dim"), layout=False)
            return
        if isinstance(item, GlossaryEntry):
            panel.border_title = "DEFINE"
            detail.update(Text.assemble((item.term.upper(), "bold"), "\n\n", item.text), layout=False)
            return
        panel.border_title = plain(item.name)
        text = Text.assemble((plain(item.name).plain, "bold"), f"  {item.kind} word\n\n", word_text(item), "\n\n")
        if item.author:
            text.append(f"Coined by {plain(item.author).plain}. ", style="dim")
        status = {
            "approved": "In the shared lexicon.",
            "pending": "Pending review: already usable by its author.",
            "rejected": f"Rejected: {plain(item.note).plain or 'no reason given'}.",
        }[item.status]
        text.append(status, style="dim")
        detail.update(text, layout=False)

    # ----- input ------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        self.redraw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#items", ChoiceList).focus()

    def on_key(self, event: Any) -> None:
        query = self.query_one("#query", Input)
        if query.has_focus and event.key in ("down", "escape"):
            self.query_one("#items", ChoiceList).focus()
            event.stop()
            event.prevent_default()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if isinstance(self.focused, Input) and action != "back":
            return False  # letters go into the box
        if action == "verdict" or (action == "mode" and parameters[0] == "review"):
            if not moderates():  # a server's players review only if its host says so
                return False
        if action == "verdict":
            return self.mode == "review" and bool(self.items)
        if action == "mode":
            return parameters[0] != self.mode
        return True

    def action_mode(self, mode: str) -> None:
        self.mode = mode
        self.query_one("#query", Input).value = ""
        self.redraw()

    def action_search(self) -> None:
        self.query_one("#query", Input).focus()

    def action_coin(self) -> None:
        from tui.decknforge.coin import CoinScreen

        def coined(word: Word | None) -> None:
            if word is None:
                return
            try:
                self.store.add(word)
            except (OSError, Damaged) as problem:
                self.notify(plain(f"{word.name} was not saved: {problem}").plain, severity="error", markup=False)
                return
            self.notify(plain(f"{word.name} is in {word.author}'s lexicon, pending review.").plain, markup=False)
            self.mode = "words"
            self.query_one("#query", Input).value = word.name
            self.reload()

        self.app.push_screen(CoinScreen(self.coined, author=self.coin_for), coined)

    def action_verdict(self, approved: bool) -> None:
        index = self.query_one("#items", ChoiceList).cursor
        if self.mode != "review" or not 0 <= index < len(self.items):
            return
        word = self.items[index]
        assert isinstance(word, Word)

        def judged(reason: str | None) -> None:
            if reason is None:
                return
            new = approve(word) if approved else reject(word, reason)
            try:
                self.store.replace(word, new)
            except (OSError, Damaged) as problem:
                self.notify(plain(f"{word.name} was not changed: {problem}").plain, severity="error", markup=False)
                return
            self.notify(plain(f"{word.name} {'approved' if approved else 'rejected'}.").plain, markup=False)
            self.reload()

        if approved:
            judged("")
            return
        decks = deck_store(self.app.paths, self.app.store.clock).decks()
        carriers = [d.name or d.initials for d in decks if any(c.word == word.name for c in d.cards)]
        if carriers:  # what is written on a deck is permanent: the word must keep working there
            self.notify(
                plain(f"{word.name} is already written on {', '.join(carriers)}'s deck, for good: "
                      "it cannot be rejected, only approved or left pending.").plain,
                severity="warning",
                markup=False,
            )
            return
        self.app.push_screen(AskText(plain(f"Why is {word.name} rejected?")), judged)

    def action_back(self) -> None:
        query = self.query_one("#query", Input)
        if query.has_focus:
            self.query_one("#items", ChoiceList).focus()
            return
        self.app.pop_screen()
