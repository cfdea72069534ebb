"""The Lexicon: WORDS to browse, FIND to search, DEFINE for the glossary, coining, and the
moderation of coined words (approve, reject, challenge; a challenged word goes back to its
author to modify)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from engine.decknforge.lexicon import (
    GlossaryEntry,
    Word,
    base_words,
    cannot_fire,
    define,
    find,
    fires_on,
    glossary,
    word_text,
)
from engine.decknforge.moderation import (
    approve,
    challenge,
    pending,
    recheck,
    reject,
    sent_back,
    why_not_approve,
    why_not_challenge,
)
from saves.envelope import Damaged
from tui.decknforge.storage import deck_store, judge, word_store
from tui.plain import plain
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical

KIND_MARK = {"adventurer": "ADV", "equipment": "EQP", "monster": "MON"}
MODE_TITLE = {"words": "WORDS · FIND", "define": "DEFINE", "review": "Pending review", "mine": "Sent back to you"}
STATUS_TEXT = {
    "approved": "In the shared lexicon.",
    "pending": "Pending review: already usable by its author.",
    "challenged": "Challenged: back with its author to modify and send again.",
    "rejected": "Rejected.",
}


FIND_EXAMPLES = ("spade", "retaliate", "joker strength")  # each finds words (tested)


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
        Binding("o", "mode('mine')", "Sent back"),
        Binding("a", "verdict('approve')", "Approve"),
        Binding("h", "verdict('challenge')", "Challenge"),
        Binding("x", "verdict('reject')", "Reject"),
        Binding("e", "modify", "Modify"),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = f"""
# The Lexicon

Every Qi Word is a trigger and an effect: "If this happens, then that".

- `w` **WORDS**: every word, the shared ones first, then coined ones (marked pending,
  challenged or approved, with their author).
- `/` **FIND**: then type words of a name or of what a word does, and every word holding all
  of them is listed: {", ".join(f"`{q}`" for q in FIND_EXAMPLES)}. `Esc` or `↓` goes back to
  the list (its letters are keys there).
- `d` **DEFINE**: the glossary; type a term to look it up.
- `c` coins a new word from the vocabulary's triggers and effects. It is yours at once
  (usable on your decks) and waits for review before it joins everyone's lexicon.
- `m` is the queue of pending words. Any player but its author may `h` challenge a word as
  too strong (or unclear) with a reason, sending it back to its author; a moderator `a`
  approves it or `x` rejects it for good. An author never approves their own word: on your
  own machine you moderate and say who you are (initials) when you approve or challenge; on
  a shared host the host names the moderators.
- `o` lists your words sent back with a challenge: `e` modifies one and sends it again; its
  history keeps every step.
- A word written on some deck stays valid for good: it can no longer be rejected.
- `Esc` leaves the box, then goes back (a game you came from waits where it was).
"""

    def __init__(self, coin_for: str = "", coin_kind: str = "monster", coin_card: str = "") -> None:
        super().__init__()
        self.coin_for = coin_for  # initials: open straight on coining a word for them
        self.coin_kind = coin_kind
        self.coin_card = coin_card  # the scar's card the word is coined for, if any (R38)
        self.mode = "words"
        self.items: list[Word | GlossaryEntry] = []
        self.judge = judge()

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
        if self.judge.moderator and self.judge.identity:
            self._enrol()
        listing = self.query_one("#items", ChoiceList)
        self.watch(listing, "cursor", self._show_detail, init=False)
        self.reload()
        listing.focus()
        if self.coin_for:
            self.action_coin()

    def _enrol(self) -> None:
        """A moderator on a shared host joins the list of moderators (R39); a list that could
        not be read is said here, where it decides whether an author may approve their word."""
        try:
            problem = self.store.enrol(self.judge.identity)
        except (OSError, Damaged):  # another moderator will simply not know of this one yet
            problem = self.store.checked_moderators()[1]
        if problem:
            self.notify(f"{problem}.", severity="warning", timeout=15, markup=False)

    # ----- data -------------------------------------------------------------------------

    def reload(self) -> None:
        loaded, damaged = self.store.load()
        self.as_stored = {w.name: w for w in loaded}  # a verdict replaces the word as stored
        self.coined = recheck(loaded)
        for name, reason in damaged:
            self.notify(f"Lexicon file {name}.json cannot be read: {reason}. It is left untouched.",
                        severity="error", markup=False)  # fmt: skip
        try:
            decks = deck_store(self.app.paths, self.app.store.clock).decks()
        except OSError:
            decks = []
        self.written = {c.word for d in decks for c in d.cards if c.word}
        self.redraw()

    def on_deck(self, word: Word) -> bool:
        """Written on some deck, here or at any table that shares this Lexicon (R40)."""
        return word.inscribed or word.name in self.written

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
            words = find(query, self.coined)
            if self.mode in ("review", "mine"):
                wanted = {w.name for w in words}
                queue = pending(self.coined) if self.mode == "review" else self._mine()
                words = [w for w in queue if w.name in wanted]
            self.items = words
            shown = [Choice(plain(w.name).plain, self._tag(w)) for w in words]
        self.query_one("#items", ChoiceList).show(shown, cursor)
        self.query_one("#query-box").border_title = "DEFINE" if self.mode == "define" else "FIND"
        panel = self.query_one("#list-panel")
        panel.border_title = MODE_TITLE[self.mode]
        panel.border_subtitle = f"{len(self.items)} shown"
        total = len(base_words()) + len([w for w in self.coined if w.status != "rejected"])
        waiting = len(pending(self.coined))
        back = len(self._mine())
        mine = f" · {back} sent back to you" if back else ""
        self.query_one("#lexicon-title", Static).update(
            f" Lexicon · {total} words · {waiting} pending review{mine}", layout=False
        )
        self._show_detail(self.query_one("#items", ChoiceList).cursor)
        self.refresh_bindings()

    def _mine(self) -> list[Word]:
        return sent_back(self.coined, self.judge.identity, self.coin_for)

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
            empty = {
                "review": "No word is waiting for review.",
                "mine": "None of your words has been sent back.",
            }.get(self.mode, "No match. Try fewer or shorter terms.")
            if self.query_one("#query", Input).value:
                empty = "No match. Try fewer or shorter terms."
            detail.update(Text(empty, style="dim"), layout=False)
            return
        if isinstance(item, GlossaryEntry):
            panel.border_title = "DEFINE"
            detail.update(Text.assemble((item.term.upper(), "bold"), "\n\n", item.text), layout=False)
            return
        # Words, authors and reasons were typed by players, perhaps on another terminal: plain.
        panel.border_title = plain(item.name)
        text = Text.assemble((plain(item.name).plain, "bold"), f"  {item.kind} word\n\n", word_text(item), "\n\n")
        if item.author:
            text.append(f"Coined by {plain(item.author).plain}. ", style="dim")
        text.append(STATUS_TEXT[item.status], style="dim")
        if item.note and item.status in ("challenged", "rejected"):
            text.append(f" Why: {plain(item.note).plain}", style="dim")
        if self.on_deck(item) and item.author:
            text.append("\nWritten on a deck: it stays valid for good.", style="bold")
        for review in item.history[1:]:
            line = f"\n· {review.verdict}" + (f": {plain(review.reason).plain}" if review.reason else "")
            text.append(line + (f" (was: {review.was})" if review.was else ""), style="dim")
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
        if action == "verdict":  # anyone challenges; a moderator approves or rejects (R39)
            allowed = parameters == ("challenge",) or self.judge.moderator
            return self.mode == "review" and bool(self.items) and allowed
        if self.mode == "review" and (action == "coin" or parameters == ("mine",)):
            return False  # the verdicts take the footer's room (80 columns): w leaves the queue
        if action == "modify":
            return self.mode == "mine" and bool(self.items)
        if action == "mode":
            return parameters[0] != self.mode
        return True

    def action_mode(self, mode: str) -> None:
        self.mode = mode
        self.query_one("#query", Input).value = ""
        self.redraw()

    def action_search(self) -> None:
        self.query_one("#query", Input).focus()

    def _picked(self) -> Word | None:
        index = self.query_one("#items", ChoiceList).cursor
        item = self.items[index] if 0 <= index < len(self.items) else None
        return item if isinstance(item, Word) else None

    def action_coin(self) -> None:
        from tui.decknforge.coin import CoinScreen

        def coined(word: Word | None) -> None:
            if word is None:
                return
            try:
                self.store.add(word)
            except (OSError, Damaged, ValueError) as problem:
                self.notify(plain(f"{word.name} was not saved: {problem}").plain, severity="error", markup=False)
                return
            self.notify(plain(f"{word.name} is in {word.author}'s lexicon, pending review.").plain, markup=False)
            if self.coin_card and word.kind == self.coin_kind and not fires_on(word, self.coin_card):
                self.notify(plain(cannot_fire(word, self.coin_card)).plain, severity="warning", markup=False)
            self.mode = "words"
            self.query_one("#query", Input).value = word.name
            self.reload()

        screen = CoinScreen(
            self.coined, author=self.coin_for, kind=self.coin_kind, author_id=self.judge.identity,
            card=self.coin_card,
        )  # fmt: skip
        self.app.push_screen(screen, coined)

    def action_modify(self) -> None:
        """The author's turn: change a challenged word and send it again."""
        from tui.decknforge.coin import CoinScreen

        word = self._picked()
        if word is None or self.mode != "mine":
            return

        def modified(new: Word | None) -> None:
            if new is not None:
                self._store_verdict(word, new, f"{word.name} is sent again for review.")

        self.app.push_screen(CoinScreen(self.coined, editing=word, author_id=self.judge.identity), modified)

    def action_verdict(self, verdict: str) -> None:
        word = self._picked()
        if self.mode != "review" or word is None:
            return
        me = self.judge.identity
        if not me and verdict in ("approve", "challenge"):  # one machine: who judges? (R39)
            role = "approves" if verdict == "approve" else "challenges"
            ask = f"Who {role} {word.name}? Initials of a player other than its author:"
            self.app.push_screen(AskText(plain(ask)), lambda who: who and self._verdict(word, verdict, who))
            return
        self._verdict(word, verdict, "")

    def _verdict(self, word: Word, verdict: str, initials: str) -> None:
        """The verdict of `me` on a shared host, or on one machine of the player `initials`."""
        me = self.judge.identity
        by = me or initials.strip().upper()
        if verdict == "approve":
            moderators, problem = self.store.checked_moderators()
            # A list that cannot be read may hold another moderator: an author then waits (R39).
            others = bool(problem) or any(m != me for m in moderators)
            why = why_not_approve(word, me, self.judge.moderator, others, initials)
            if why and problem and me and word.author_id == me:
                why = f"{why} {problem}."
            if why:
                self.notify(why, severity="warning", markup=False)
                return
            self._store_verdict(word, approve(word, by=by), f"{word.name} approved.")
            return
        if verdict == "challenge":
            why = why_not_challenge(word, me, initials)
            if why:
                self.notify(why, severity="warning", markup=False)
                return
        if verdict == "reject" and self.on_deck(word):  # permanent on a deck: must keep working
            self.notify(
                plain(f"{word.name} is already written on a deck, for good: it cannot be rejected,"
                      " only approved, challenged or left pending.").plain,
                severity="warning",
                markup=False,
            )
            return

        def judged(reason: str | None) -> None:
            if not reason or not reason.strip():
                if reason is not None:
                    self.notify("Say why, so the author knows what to change.", severity="warning")
                return
            new = challenge(word, reason, by=by) if verdict == "challenge" else reject(word, reason, by=by)
            said = "sent back to its author" if verdict == "challenge" else "rejected"
            self._store_verdict(word, new, f"{word.name} {said}.")

        ask = "What should change in" if verdict == "challenge" else "Why is this rejected:"
        self.app.push_screen(AskText(plain(f"{ask} {word.name}?")), judged)

    def _store_verdict(self, old: Word, new: Word, said: str) -> None:
        try:
            self.store.replace(self.as_stored.get(old.name, old), new)
        except (OSError, Damaged, ValueError) as problem:
            self.notify(plain(f"{old.name} was not changed: {problem}").plain, severity="error", markup=False)
            self.reload()
            return
        self.notify(plain(said).plain, markup=False)
        self.reload()

    def action_back(self) -> None:
        query = self.query_one("#query", Input)
        if query.has_focus:
            self.query_one("#items", ChoiceList).focus()
            return
        self.app.pop_screen()

