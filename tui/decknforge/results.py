"""After a dungeon: what each deck gained, and a name for a deck that cleared its first one."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen

from engine.decknforge.legacy import LEGEND_XP, Deck, history_free, name_deck, xp_to_legend
from saves.envelope import Damaged
from saves.session import GameSession
from tui.decknforge.storage import deck_store
from tui.plain import plain
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Static, Vertical


def gains(before: Deck, after: Deck) -> str:
    """One deck's change in a line or two: XP, level, legend, and what was written on it."""
    record = after.history[-1] if after.history else None
    parts = [f"+{after.xp - before.xp} XP ({after.xp}, {xp_to_legend(after)} to legend)"]
    if after.level != before.level:
        parts.append(f"Level {before.level} → {after.level}")
    if after.legendary and not before.legendary:
        parts.append(f"LEGENDARY ({LEGEND_XP}+ XP)")
    if record and record.note:
        parts.append(record.note)
    return "; ".join(parts)


class ResultsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ResultsScreen { align: center middle; }
    ResultsScreen > Vertical { width: 76; height: 20; border: round $accent; background: $surface; padding: 0 1; }
    ResultsScreen #gains { height: auto; }
    ResultsScreen #deck-choices { height: 1fr; }
    """
    BINDINGS = [
        Binding("n", "name", "Name deck"),
        Binding("escape,q", "close", "Close"),
    ]
    HELP = """
# What the decks gained

Every saved deck at the table is written with this game's result: XP, a level after two
clears in a row, a word on an Adventurer after a clear, a scar after a fall. A deck made for
one game only (a bot's, or the fresh decks of a game started from the command line) keeps
nothing.

- A deck that clears its first dungeon earns a name: highlight it and press `Enter` (or `n`).
- `Esc` closes; the decks are already saved.
"""

    def __init__(self, session: GameSession, problems: list[str]) -> None:
        super().__init__()
        self.session = session
        self.problems = problems

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            outcome = self.session.outcome()
            box.border_title = outcome.summary if outcome else "Results"
            yield Static(id="gains")
            yield ChoiceList(id="deck-choices")
        yield KeyBar()

    def on_mount(self) -> None:
        self.store = deck_store(self.app.paths, self.app.store.clock)
        self.redraw()
        self.query_one(ChoiceList).focus()

    def stored(self, deck: Deck) -> Deck | None:
        try:
            return self.store.load(deck.id) if deck.id else None
        except Damaged:
            return None

    def redraw(self) -> None:
        state = self.session.state
        after = self.session.game.result_decks(state)  # type: ignore[attr-defined]
        before = [history_free(d, p.returned) for d, p in zip(state.decks, state.players)]
        text = Text()
        choices = []
        for old, new in zip(before, after):
            now = self.stored(new) or new
            label = plain(now.name).plain or f"{now.initials} (no name yet)"
            text.append(f"{label}: ", style="bold")
            text.append(gains(old, new))
            if not new.id:  # a bot's deck, or a fresh one of a game begun without decks
                text.append(" Not kept: a deck made for this game only.", style="dim")
            text.append("\n")
            if self.can_name(now):
                choices.append(Choice(f"Name {now.initials}'s deck: it cleared its first dungeon", key="n"))
        for problem in self.problems:
            text.append(f"! {problem}\n", style="bold red")
        choices.append(Choice("Close", key="q"))
        self.namable = [d for d in (self.stored(n) for n in after) if d is not None and self.can_name(d)]
        self.query_one("#gains", Static).update(text)
        self.query_one(ChoiceList).show(choices)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "name":
            return bool(getattr(self, "namable", []))
        return True

    @staticmethod
    def can_name(deck: Deck) -> bool:
        return deck.clears > 0 and not deck.name and bool(deck.id)  # R24

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        if event.index < len(self.namable):
            self.ask_name(self.namable[event.index])
        else:
            self.dismiss()

    def action_name(self) -> None:
        index = self.query_one(ChoiceList).cursor
        if self.namable:
            self.ask_name(self.namable[min(index, len(self.namable) - 1)])

    def ask_name(self, deck: Deck) -> None:
        def named(text: str | None) -> None:
            if not text:
                return
            try:
                self.store.update(name_deck(deck, text))
            except (ValueError, Damaged) as problem:
                self.notify(str(problem), severity="warning", markup=False)
                return
            self.notify(plain(f"{deck.initials}'s deck is now {text.strip()}.").plain, markup=False)
            self.redraw()

        self.app.push_screen(AskText(f"A name for {deck.initials}'s deck (up to 24 characters):"), named)

    def action_close(self) -> None:
        self.dismiss()
