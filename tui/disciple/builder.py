"""The Versus deck builder: pick one or two styles, add and remove copies of their cards, choose
the energy allotment, and see the counts and every broken rule while building. A deck that
breaks a rule still saves, as a draft; only a legal deck can be picked to play."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from engine.disciple.content import Card, load
from engine.disciple.decks import VersusDeck, allotment_problems, check_versus_deck
from engine.disciple.model import COLOURS, COLOUR_LETTER
from saves.envelope import Damaged
from tui.disciple import view
from tui.disciple.deck_files import versus_deck_store
from tui.disciple.deck_text import (
    DRAFT_NOTE,
    RARITIES,
    card_note,
    card_row,
    counts_text,
    status_text,
    styles_line,
)
from tui.disciple.widgets import HandList
from tui.plain import plain
from tui.screens.dialogs import AskText, Confirm
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.text import Horizontal, Static, Vertical

MAX_STYLES = 2


class StylePick(ModalScreen[tuple[str, ...] | None]):
    """Tick one or two styles, with the keys of every setup form (tui/setup_form.py): `Space`
    or the arrows tick the highlighted style, `Enter` moves on (on Done it accepts), `s`
    accepts from any line."""

    DEFAULT_CSS = """
    StylePick { align: center middle; }
    StylePick > Vertical { width: 60; height: 10; border: round $accent; background: $surface; }
    StylePick #style-note { height: 2; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [
        Binding("space,right,l,left,h", "tick", "Tick", id="setup.change"),
        Binding("s,d", "done", "Done", id="setup.start"),
        Binding("escape,q", "cancel", "Cancel", id="setup.back"),
    ]
    HELP = (
        "`Space` (or an arrow) ticks or unticks the highlighted style (at most two); `Enter` moves"
        " on, and on Done accepts; `s` accepts from any line; `Esc` cancels."
    )

    def __init__(self, chosen: tuple[str, ...]) -> None:
        super().__init__()
        self.chosen = list(chosen)
        self.ids = list(load().styles)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Styles of the deck (one or two)"
            yield ChoiceList(id="styles")
            yield Static("The deck's cards come from the ticked styles;\nunticking one takes its cards out.", id="style-note")
        yield KeyBar()

    def on_mount(self) -> None:
        listing = self.query_one(ChoiceList)
        self.watch(listing, "cursor", lambda _: self.refresh_bindings(), init=False)  # Tick comes and goes
        self.redraw(0)
        listing.focus()

    def redraw(self, cursor: int) -> None:
        styles = load().styles
        choices = []
        for style_id in self.ids:
            mark = f"[{self.chosen.index(style_id) + 1}]" if style_id in self.chosen else "[ ]"
            letters = " ".join(COLOUR_LETTER[c] for c in styles[style_id].energy)
            choices.append(Choice(f"{mark} {styles[style_id].name}", f"energy {letters}"))
        choices.append(Choice("Done", key="s", enabled=bool(self.chosen)))
        self.query_one(ChoiceList).show(choices, cursor)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tick":  # on Done there is nothing to tick
            return self.query_one(ChoiceList).cursor < len(self.ids) if self.is_mounted else True
        return True

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        if event.index == len(self.ids):
            self.action_done()
        else:  # Enter never ticks (Space does): it moves on toward Done
            self.query_one(ChoiceList).cursor = event.index + 1

    def action_tick(self) -> None:
        cursor = self.query_one(ChoiceList).cursor
        if cursor >= len(self.ids):
            return
        style_id = self.ids[cursor]
        if style_id in self.chosen:
            self.chosen.remove(style_id)
        elif len(self.chosen) >= MAX_STYLES:
            self.notify("A Versus deck mixes at most 2 styles: untick one first.", severity="warning")
        else:
            self.chosen.append(style_id)
        self.redraw(cursor)

    def action_done(self) -> None:
        if not self.chosen:
            self.notify("Tick a style first (Space).", severity="warning")
            return
        self.dismiss(tuple(self.chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)


class AllotmentPick(ModalScreen[tuple[str, ...] | None]):
    """Choose a two-style deck's energy, one colour per energy card; a forbidden allotment is
    refused with the rule's reason."""

    DEFAULT_CSS = """
    AllotmentPick { align: center middle; }
    AllotmentPick > Vertical { width: 66; height: 14; border: round $accent; background: $surface; }
    AllotmentPick #allot-note { height: 6; padding: 0 1; }
    """
    BINDINGS = [Binding("backspace", "undo", "Take back"), Binding("escape,q", "cancel", "Cancel")]
    HELP = (
        "Pick a colour for each energy card with the arrows and `Enter`; `Backspace` takes the"
        " last one back; `Esc` keeps the allotment as it was."
    )

    def __init__(self, styles: tuple[str, str]) -> None:
        super().__init__()
        self.pair = styles
        content = load()
        self.size_needed = len(content.styles[styles[0]].energy)
        self.picked: list[str] = []
        self.refusal = ""

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Energy allotment"
            yield Static(id="allot-note")
            yield ChoiceList(id="colours")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = [Choice(f"{colour.capitalize()} ({COLOUR_LETTER[colour]})") for colour in COLOURS]
        self.query_one(ChoiceList).show(choices)
        self.query_one(ChoiceList).focus()
        self.redraw()

    def redraw(self) -> None:
        styles = load().styles
        text = Text()
        for style_id in self.pair:
            text.append(f"{styles[style_id].name} offers ")
            text.append_text(view.letters_text(styles[style_id].energy))
            text.append("\n")
        text.append("Each colour at most as often as the two offer it together.\n")
        text.append(f"Chosen ({len(self.picked)} of {self.size_needed}): ")
        text.append_text(view.letters_text(self.picked) if self.picked else Text("none yet", style="dim"))
        if self.refusal:
            text.append(f"\nRefused: {self.refusal}", style="bold red")
        self.query_one("#allot-note", Static).update(text)

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        """A colour is taken when the allotment can still be completed under the rule: the
        rule's own check is asked about the picks so far, filled up with what is left."""
        content = load()
        trial = self.picked + [COLOURS[event.index]]
        offered = Counter(c for s in self.pair for c in content.styles[s].energy)
        rest = list((offered - Counter(trial)).elements())
        problems = allotment_problems(self.pair, tuple(trial + rest[: self.size_needed - len(trial)]), content)
        if problems:
            self.refusal = "; ".join(problems)
            self.notify(f"Refused: {self.refusal}.", severity="warning")
        else:
            self.refusal = ""
            self.picked = trial
            if len(self.picked) == self.size_needed:
                self.dismiss(tuple(self.picked))
                return
        self.redraw()

    def action_undo(self) -> None:
        if self.picked:
            self.picked.pop()
        self.refusal = ""
        self.redraw()

    def action_cancel(self) -> None:
        self.dismiss(None)


class DeckBuilder(Screen[None]):
    """Builds the deck in file `deck_id` (None: a new deck, saved to a new file)."""

    CSS_PATH = "disciple.tcss"
    BINDINGS = [
        Binding("a,plus,right", "add(1)", "Add"),
        Binding("x,minus,left", "add(-1)", "Remove"),
        Binding("t", "styles", "Styles"),
        Binding("e", "allotment", "Energy"),
        Binding("n", "name", "Name"),
        Binding("s,ctrl+s", "save", "Save"),
        Binding("escape,q", "back", "Back"),
    ]
    HELP = """
# Versus deck builder

A Versus deck takes its cards from one or two styles. It needs at least 60 cards; of each
card a deck holds at most 4 copies of a common, 3 of an uncommon, 2 of an epic and 1 of a
legendary; of each rarity but common, at most 10 different cards.

- Arrows or `j`/`k` move through the cards of the deck's styles
- `a` (or `+`, `→`) adds a copy of the highlighted card, `x` (or `-`, `←`) takes one out
- `t` ticks the deck's styles (one or two); unticking a style takes its cards out
- `e` chooses the energy allotment of a two-style deck: each colour at most as often as the
  two styles offer it together. A one-style deck keeps its style's own allotment
- `n` names the deck, `s` saves it
- Every broken rule is listed as you build. A deck that breaks one still saves, as a
  **draft**: only a legal deck can be picked to play
- `Esc` goes back (asking first when there are unsaved changes)
"""

    def __init__(self, deck_id: str | None = None, deck: VersusDeck | None = None) -> None:
        super().__init__()
        self.content = load()
        self.deck_id = deck_id
        deck = deck or VersusDeck(name="", styles=(), allotment=(), cards=())
        self.deck_name = deck.name
        self.deck_styles: tuple[str, ...] = deck.styles
        self.deck_allotment: tuple[str, ...] = deck.allotment
        self.copies: Counter[str] = Counter(deck.cards)
        self.saved: VersusDeck | None = deck if deck_id else None
        self.cards: list[Card] = []

    def compose(self) -> ComposeResult:
        yield Static(id="build-status", classes="title")
        with Horizontal():
            with Vertical(id="cards-panel", classes="panel") as box:
                box.border_title = "Cards of the deck's styles"
                yield HandList(id="cards")
            with Vertical(id="side"):
                with Vertical(id="deck-panel", classes="panel") as box:
                    box.border_title = "Deck"
                    yield Static(id="deck-info")
                with Vertical(id="card-panel", classes="panel") as box:
                    box.border_title = "Card"
                    yield Static(id="card-info")
        yield KeyBar()

    def on_mount(self) -> None:
        self.store = versus_deck_store(self.app.paths, self.app.store.clock)
        listing = self.query_one("#cards", HandList)
        self.watch(listing, "cursor", self._show_card, init=False)
        listing.focus()
        self.set_class(self.app.size.width >= 110 and self.app.size.height >= 32, "large")
        if not self.deck_styles:
            self.app.push_screen(StylePick(()), self._styles_for_new_deck)
        self.redraw()
        self.call_after_refresh(self.redraw)  # again once the panels have their sizes

    def on_resize(self) -> None:
        self.set_class(self.size.width >= 110 and self.size.height >= 32, "large")
        self.redraw()

    # ----- the deck as built ----------------------------------------------------------------

    def deck(self) -> VersusDeck:
        """The deck as it stands: cards in the order of the list, copies together."""
        order = {card_id: i for i, card_id in enumerate(self.content.cards)}
        cards = sorted(self.copies.elements(), key=lambda c: order.get(c, len(order)))
        return VersusDeck(self.deck_name, self.deck_styles, self.deck_allotment, tuple(cards))

    def problems(self) -> list[str]:
        return check_versus_deck(self.deck(), self.content)

    def changed(self) -> bool:
        if self.saved is None:
            return bool(self.copies) or bool(self.deck_name)
        return self.deck() != self.saved

    # ----- drawing ----------------------------------------------------------------------

    def redraw(self) -> None:
        rank = {r: i for i, r in enumerate(RARITIES)}
        order = {s: i for i, s in enumerate(self.deck_styles)}
        self.cards = sorted(
            (c for c in self.content.cards.values() if c.style in self.deck_styles and c.kind != "energy"),
            key=lambda c: (order[c.style], rank[c.rarity], c.name),
        )
        wide = self.has_class("large")
        choices, spans = [], []
        for card in self.cards:
            label, colour = card_row(card, self.copies[card.id], wide)
            choices.append(Choice(label, card_note(card)))
            spans.append(colour)
        listing = self.query_one("#cards", HandList)
        listing.show_styled(choices, spans, listing.cursor)
        deck, problems = self.deck(), self.problems()
        name = plain(self.deck_name).plain or "(no name yet)"
        unsaved = " · unsaved changes" if self.changed() else ""
        state = "legal" if not problems else "draft"
        self.query_one("#build-status", Static).update(
            Text.assemble(" Versus deck builder · ", (name, "bold"), f" · {len(deck.cards)} cards · {state}{unsaved}")
        )
        info = styles_line(deck, self.content)
        info.append("\n")
        info.append_text(counts_text(deck, self.content))
        info.append("\n")
        room = max(self.query_one("#deck-info").size.height - 7, 3)
        info.append_text(status_text(problems, room))
        self.query_one("#deck-info", Static).update(info)
        panel = self.query_one("#cards-panel")
        panel.border_subtitle = "a/+ adds · x/- takes out"
        self._show_card(listing.cursor)

    def _show_card(self, index: int) -> None:
        info = self.query_one("#card-info", Static)
        if not 0 <= index < len(self.cards):
            info.update(Text("Tick a style with t to see its cards.", style="dim"))
            return
        card = self.cards[index]
        style = self.content.styles[card.style].name
        width = max(self.query_one("#card-panel").size.width - 4, 20)
        text = Text(f"{card.name} · {style}\n", style="bold")
        text.append_text(view.card_detail(None, card, width))
        info.update(text)

    # ----- building -------------------------------------------------------------------------

    def action_add(self, step: int) -> None:
        index = self.query_one("#cards", HandList).cursor
        if not 0 <= index < len(self.cards):
            self.notify("Tick a style with t first.", severity="warning")
            return
        card = self.cards[index]
        if step < 0 and not self.copies[card.id]:
            self.notify(f"The deck holds no {card.name}.")
            return
        self.copies[card.id] += step
        if self.copies[card.id] <= 0:
            del self.copies[card.id]
        self.redraw()

    def _styles_for_new_deck(self, styles: tuple[str, ...] | None) -> None:
        if styles is None:
            if not self.deck_styles:
                self.app.pop_screen()  # a new deck without a style is no deck
            return
        self._set_styles(styles)

    def action_styles(self) -> None:
        self.app.push_screen(StylePick(self.deck_styles), self._set_styles)

    def _set_styles(self, styles: tuple[str, ...] | None) -> None:
        if styles is None:
            return
        gone = [c for c in self.copies.elements() if self.content.cards[c].style not in styles]
        for card_id in gone:
            del self.copies[card_id]
        if gone:
            self.notify(f"{len(gone)} card(s) of the unticked style taken out.")
        if styles != self.deck_styles:
            own = self.content.styles[styles[0]].energy
            if len(styles) == 1 or allotment_problems(styles, self.deck_allotment, self.content):
                self.deck_allotment = tuple(own)  # a style's own allotment is always allowed
        self.deck_styles = styles
        self.query_one("#cards", HandList).cursor = 0
        self.redraw()

    def action_allotment(self) -> None:
        if len(self.deck_styles) != 2:
            own = " ".join(COLOUR_LETTER[c] for c in self.deck_allotment)
            self.notify(f"A one-style deck keeps its style's allotment ({own}).")
            return

        def chosen(allotment: tuple[str, ...] | None) -> None:
            if allotment is not None:
                self.deck_allotment = allotment
                self.redraw()

        self.app.push_screen(AllotmentPick((self.deck_styles[0], self.deck_styles[1])), chosen)

    def action_name(self, then_save: bool = False) -> None:
        def named(text: str | None) -> None:
            if text is None or not text.strip():
                if then_save:
                    self.notify("Not saved: a deck needs a name.", severity="warning")
                return
            self.deck_name = text.strip()[:40]
            self.redraw()
            if then_save:
                self.action_save()

        self.app.push_screen(AskText("A name for the deck:", self.deck_name), named)

    def action_save(self) -> None:
        if not self.deck_name.strip():
            self.action_name(then_save=True)
            return
        deck = self.deck()
        try:
            if self.deck_id is None:
                self.deck_id = self.store.add(deck, deck.name)
            else:
                self.store.replace(self.deck_id, deck)
        except Damaged as damage:
            self.notify(f"Not saved: the deck's file cannot be read ({damage}); it is left as it is.", severity="error")
            return
        except OSError as error:
            self.notify(f"Not saved: {error.strerror}", severity="error")
            return
        self.saved = deck
        problems = self.problems()
        if problems:
            self.notify(f"Saved as a draft ({self.deck_id}). {DRAFT_NOTE.split(': ', 1)[1].capitalize()}.")
        else:
            self.notify(f"Saved ({self.deck_id}): legal, ready to play.")
        self.redraw()

    def action_back(self) -> None:
        if not self.changed():
            self.app.pop_screen()
            return

        def leave(sure: bool | None) -> None:
            if sure:
                self.app.pop_screen()

        self.app.push_screen(Confirm("Leave the builder without saving the changes?"), leave)
