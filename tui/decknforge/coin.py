"""Coining a word: pick a trigger and effects from the vocabulary, give it a name."""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen

from engine.decknforge.lexicon import OPS, SUIT_SYMBOL, TRIGGERS, Effect, Trigger, Word, cannot_fire, word_text
from engine.decknforge.moderation import coin, resubmit
from tui.screens.dialogs import AskText
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Static, Vertical

KINDS = ("adventurer", "equipment", "monster")
SUITS = tuple(SUIT_SYMBOL)
NONE = "(none)"


class CoinScreen(ModalScreen[Word | None]):
    DEFAULT_CSS = """
    CoinScreen { align: center middle; }
    CoinScreen > Vertical { width: 76; height: 18; border: round $accent; background: $surface; padding: 0 1; }
    CoinScreen #parts { height: 12; }
    CoinScreen #preview { height: 1fr; }
    """
    BINDINGS = [
        Binding("right,l,space", "turn(1)", "Next value"),
        Binding("left,h", "turn(-1)", "Previous", show=False),
        Binding("ctrl+s", "coin", "Coin it"),
        Binding("escape", "cancel", "Cancel"),
    ]
    HELP = """
# Coin a word

Build the word line by line: `→`/`Space` (or `Enter`) steps through the choices of the
highlighted line, `←` steps back. `Enter` on Name or Author types them.

The vocabulary keeps words fair: numbers are capped, no word can end or win a dungeon, and
an effect may follow only the triggers where it does something (an Equipment word speaks in
its caster's turn). The preview says what is wrong until the word is sound. A coined word is
yours at once and waits for a moderator before it joins the shared lexicon. A word sent back
with a challenge opens here with its name and kind fixed: change what it does, then send it.
"""

    def __init__(
        self,
        coined: list[Word],
        author: str = "",
        kind: str = "monster",
        author_id: str = "",
        editing: Word | None = None,
        card: str = "",
    ) -> None:
        super().__init__()
        self.card = card  # coined at a scar: the card it is meant for (R38)
        self.coined = coined
        self.kind = kind if kind in KINDS else "monster"
        self.trigger = next(iter(TRIGGERS[self.kind]))
        self.suit = "S"
        self.effects: list[list[object]] = [[self.ops_for()[0], 1, "S"], [NONE, 0, "S"]]
        self.word_name = ""
        self.author = author
        self.author_id = author_id
        self.editing = editing  # a challenged word being modified: name and kind stay
        if editing is not None:
            self.kind, self.trigger = editing.kind, editing.trigger.event
            self.suit = editing.trigger.suit or "S"
            self.effects = [[e.op, e.amount, e.suit or "S"] for e in editing.effects]
            self.effects += [[NONE, 0, "S"]] * (2 - len(self.effects))
            self.word_name, self.author = editing.name, editing.author
        self.rows: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Coin a Qi Word"
            yield ChoiceList(id="parts")
            yield Static(id="preview")
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()
        self.query_one(ChoiceList).focus()

    # ----- the word being built -----------------------------------------------------------

    def ops_for(self) -> list[str]:
        return [
            name
            for name, op in OPS.items()
            if self.kind in op.kinds and (op.triggers is None or self.trigger in op.triggers)
        ]

    def word_effects(self) -> list[Effect]:
        effects = []
        for op, amount, suit in self.effects:
            if op == NONE:
                continue
            spec = OPS[str(op)]
            effects.append(Effect(str(op), int(amount) if spec.cap else 0, str(suit) if spec.needs_suit else ""))  # type: ignore[arg-type]
        return effects

    def draft(self) -> tuple[Word | None, str]:
        trigger = Trigger(self.trigger, self.suit if self.trigger == "hit_suit" else "")
        try:
            if self.editing is not None:
                return resubmit(self.editing, trigger, self.word_effects(), self.coined, self.author_id), ""
            word = coin(self.word_name or "?", self.kind, trigger, self.word_effects(), self.author,
                        self.coined, author_id=self.author_id)  # fmt: skip
            return word, ""
        except ValueError as problem:
            return None, str(problem)

    def redraw(self) -> None:
        rows: list[tuple[str, str]] = [("kind", f"Kind: {self.kind} word")]
        rows.append(("trigger", f"If: {TRIGGERS[self.kind][self.trigger].format(suit=SUIT_SYMBOL[self.suit])}"))
        if self.trigger == "hit_suit":
            rows.append(("suit", f"Suit: {SUIT_SYMBOL[self.suit]}"))
        for i, (op, amount, suit) in enumerate(self.effects):
            label = "Then" if i == 0 else "And"
            rows.append((f"op:{i}", f"{label}: {op}"))
            if op != NONE:
                spec = OPS[str(op)]
                if spec.cap:
                    rows.append((f"amount:{i}", f"  number: {amount} (1 to {spec.cap})"))
                if spec.needs_suit:
                    rows.append((f"esuit:{i}", f"  suit: {SUIT_SYMBOL[str(suit)]}"))
        rows.append(("name", f"Name: {self.word_name or '(Enter to type)'}"))
        rows.append(("author", f"Author initials: {self.author or '(Enter to type)'}"))
        rows.append(("coin", "Send it again" if self.editing else "Coin it"))
        self.rows = [key for key, _ in rows]
        listing = self.query_one(ChoiceList)
        listing.show([Choice(text) for _, text in rows], listing.cursor)
        word, problem = self.draft()
        preview = Text()
        effects = self.word_effects()
        if effects:
            sample = Word("X", self.kind, Trigger(self.trigger, self.suit if self.trigger == "hit_suit" else ""), tuple(effects))  # type: ignore[arg-type]
            preview.append(word_text(sample) + "\n", style="bold")
        if effects and self.card:  # R38: say so before it is coined, not after
            warning = cannot_fire(msgspec.structs.replace(sample, name=self.word_name or "This word"), self.card)
            if warning:
                preview.append(warning + "\n", style="bold yellow")
        if word is None:
            preview.append(problem, style="yellow")
        else:
            preview.append("Ready: Enter on the last line (or Ctrl+S).", style="green")
        self.query_one("#preview", Static).update(preview)

    # ----- input --------------------------------------------------------------------------

    def action_turn(self, step: int) -> None:
        row = self.rows[self.query_one(ChoiceList).cursor]
        if self.editing is not None and row in ("kind", "name", "author"):
            self.notify("A word sent back keeps its name, kind and author.", severity="warning")
            return
        if row == "kind":
            self.kind = KINDS[(KINDS.index(self.kind) + step) % len(KINDS)]
            self.trigger = next(iter(TRIGGERS[self.kind]))
            self._fix_effects()
        elif row == "trigger":
            events = list(TRIGGERS[self.kind])
            self.trigger = events[(events.index(self.trigger) + step) % len(events)]
            self._fix_effects()
        elif row == "suit":
            self.suit = SUITS[(SUITS.index(self.suit) + step) % len(SUITS)]
        elif row.startswith("op:"):
            i = int(row[3:])
            options = self.ops_for() + ([NONE] if i > 0 else [])
            current = str(self.effects[i][0])
            index = options.index(current) if current in options else -1
            self.effects[i][0] = options[(index + step) % len(options)]
            self.effects[i][1] = 1
        elif row.startswith("amount:"):
            i = int(row[7:])
            cap = OPS[str(self.effects[i][0])].cap
            self.effects[i][1] = (int(self.effects[i][1]) - 1 + step) % cap + 1  # type: ignore[call-overload]
        elif row.startswith("esuit:"):
            i = int(row[6:])
            self.effects[i][2] = SUITS[(SUITS.index(str(self.effects[i][2])) + step) % len(SUITS)]
        elif row in ("name", "author", "coin"):
            self.on_choice_list_picked(ChoiceList.Picked(self.query_one(ChoiceList), self.rows.index(row)))
            return
        self.redraw()

    def _fix_effects(self) -> None:
        allowed = self.ops_for()
        for i, effect in enumerate(self.effects):
            if effect[0] not in allowed and effect[0] != NONE:
                effect[0] = allowed[0] if i == 0 and allowed else NONE
                effect[1] = 1

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        row = self.rows[event.index]
        if self.editing is not None and row in ("kind", "name", "author"):
            self.action_turn(1)
        elif row == "name":
            self.app.push_screen(AskText("Name (3 to 20 capital letters):", self.word_name), self._named)
        elif row == "author":
            self.app.push_screen(AskText("Your initials (as on your decks):", self.author), self._authored)
        elif row == "coin":
            self.action_coin()
        else:
            self.action_turn(1)

    def _named(self, text: str | None) -> None:
        if text is not None:
            self.word_name = text.strip().upper()
            self.redraw()

    def _authored(self, text: str | None) -> None:
        if text is not None:
            self.author = text.strip().upper()[:3]
            self.redraw()

    def action_coin(self) -> None:
        word, problem = self.draft()
        if word is None or not self.word_name or not self.author:
            self.notify(problem or "A word needs a name and its author's initials.", severity="warning")
            return
        self.dismiss(word)

    def action_cancel(self) -> None:
        self.dismiss(None)
