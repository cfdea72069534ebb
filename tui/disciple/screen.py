"""The Disciple table: the foe and its intent, you, your hand or the choice at hand, the log."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import Static

from engine.disciple import energy
from engine.disciple.combat import tap_words
from engine.disciple.content import load
from engine.disciple.model import Choose, EndTurn, PlayCard, State
from engine.disciple.rules import DiscipleGame
from saves.session import GameSession
from tui.disciple.view import you
from tui.disciple import deck, explain, opponent, rows, view
from tui.disciple.hand import DIGITS, Slots
from tui.disciple.widgets import HandList, InfoScreen, Span
from tui.game_screen import GameScreen
from tui.widgets.choices import Choice
from tui.widgets.keybar import KeyBar
from tui.widgets.log import GameLog
from tui.widgets.panel import panel

LARGE = (120, 40)  # from this size on, the table shows the intent per pattern and more text


class DiscipleScreen(GameScreen):
    CSS_PATH = "disciple.tcss"
    BINDINGS = [
        *(Binding(d, f"pick({i})", show=False) for i, d in enumerate(DIGITS)),
        Binding("e", "end_turn", "End turn"),
        Binding("t", "tap", "Energy"),
        Binding("i", "info", "Info"),
        Binding("v", "deck", "Deck"),
        Binding("d", "details", "Table"),
        Binding("l", "log", "Log"),
        Binding("n", "new_game", "New run"),
    ]
    HELP = """
# Disciple: A Journey

Fight your way through the event deck to the final boss with 25 vitality and no refill.

- The **Hand** list shows your cards: key, name, cost in energy letters (B blue, R red,
  G green, N gray, which any colour can pay), type and rarity (C, U, E, L). A `×` marks a
  card you cannot pay for now, a `!` one your energy can never pay. The lines under the list
  tell the highlighted card in full. A card keeps its digit for the whole turn.
- `1`-`8` plays that card; arrows or `j`/`k` and `Enter` do the same. The **You** panel shows
  the energy the highlighted card will tap; `t` lists the other ways to pay for it (`Esc`
  backs out). `e` ends your turn, and the enemy attacks at once.
- The **enemy** panel's *Next* line is what its pattern pile can do this turn, its named
  attacks' bonuses and its Power added (a bigger terminal lists each pattern).
- When a decision is waiting (your style, a starting card, an event, a reward, where the
  cards you leave go, a Weakened enemy's pattern, a Stun, a second style, new energy), the
  list shows its options: a digit or `Enter` picks one. A `!` warns of a card or an energy
  choice that leaves cards your energy can never pay.
- `i` explains the keywords of the highlighted card (or option), `v` shows your deck: draw
  pile, discard pile, the whole journey's deck. `d` shows the whole table, the enemy's
  pattern pile included, and `l` the whole log.
- Energy in play: `[B]` is ready, `(b)` is tapped.
- When the run ends, `n` starts a new one with the same options.
- `q` returns to the menu; the run is saved after every move.

How to play: Rules on the home screen.
"""

    NEW_GAME_LABEL = "New run, same options"

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DiscipleGame = session.game  # type: ignore[assignment]
        self.choices: list[Any] = []
        self.list_context: tuple[object, ...] = ()
        self.slots = Slots()
        self.paying: int | None = None  # hand position of the card whose energy is chosen

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield panel(Static(id="foe"), "Enemy")
            yield panel(Static(id="you"), "You")
        with Horizontal(id="bottom"):
            with Vertical(id="choices-panel", classes="panel") as box:
                box.border_title = "Hand"
                yield HandList(id="choices")
                yield Static(id="detail")
            yield panel(GameLog(id="log"), "Log")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = self.query_one("#choices", HandList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        choices.focus()

    def on_resize(self, event: Resize) -> None:
        large = event.size.width >= LARGE[0] and event.size.height >= LARGE[1]
        if self.has_class("large") != large:
            self.set_class(large, "large")
            self.call_after_refresh(self.redraw)  # the panels have their new sizes then

    @property
    def large(self) -> bool:
        return self.has_class("large")

    # ----- drawing ----------------------------------------------------------------------

    def _set_titles(self, selector: str, title: str, subtitle: str = "") -> None:
        panel = self.query_one(selector)
        if panel.border_title != title:
            panel.border_title = title
        if panel.border_subtitle != subtitle:
            panel.border_subtitle = subtitle

    def draw(self) -> None:
        state = self.state
        me = you(state)
        self.slots.follow(state)
        if self.paying is not None and (not self._can_end_turn() or self.paying >= len(me.hand)):
            self.paying = None  # the turn moved on (or a move was taken back)
        self.choices = self._current_choices()
        self._draw_status(state)
        width = self.query_one("#foe").content_size.width or 38
        title, text = opponent.foe_lines(state, self.large, width)
        self._set_titles("#foe-panel", title, self._event_deck_note(state))
        self.paint("foe", text)
        self._draw_choices(state)
        self.query_one("#log", GameLog).show(state.log)

    def _draw_you(self, state: State, highlighted: Any) -> None:
        me = you(state)
        paying = rows.paying_line(state, highlighted, self.paying is not None)
        title, text = view.you_lines(state, paying, self.large)
        self._set_titles("#you-panel", title, view.piles_note(state) if me.styles else "")
        self.paint("you", text)

    def footer_keys(self) -> tuple[object, ...]:
        return (*super().footer_keys(), self._can_end_turn(), self.paying is not None)

    def _event_deck_note(self, state: State) -> str:
        me = you(state)
        if not me.styles:
            return ""
        group = f"group {state.group} · " if state.group and state.group != "boss" else ""
        if state.group == "boss":
            group = "final boss · "
        left = len(me.event_deck)
        return f"{group}{left} event{'' if left == 1 else 's'} left"

    def _draw_status(self, state: State) -> None:
        me = you(state)
        text = Text(" Disciple: A Journey", style="bold")
        if state.group:
            text.append(f" · Group {state.group}" if state.group != "boss" else " · Final boss")
        if me.styles:
            won = state.fights_won
            text.append(f" · Won {won} fight{'' if won == 1 else 's'}")
        result = self.session.outcome()
        if result is not None:
            text.append("   ")
            text.append(" VICTORY " if result.won else " DEFEAT ", style="bold reverse")
            text.append(f"  score {result.score}", style="bold")
        elif state.phase == "player" and state.pending is None:
            text.append(f" · Turn {state.turn}")
        self.paint("status", text)

    def _current_choices(self) -> list[Any]:
        """The list's entries: the pending options, else the hand in its digits' order."""
        state = self.state
        if self.over:
            return ["new", "menu"]
        if state.pending is not None:
            return [Choose(i) for i in range(len(state.pending.options))]
        if self.paying is not None:
            i = self.paying
            return [PlayCard(i)] + [PlayCard(i, taps) for taps in energy.other_payments(you(state), i)]
        if state.phase == "player":
            return [PlayCard(i) for i in self.slots.in_order()]  # e ends the turn: 8 rows fit
        return []

    def _draw_choices(self, state: State) -> None:
        playable = set(energy.playable_indices(you(state))) if state.phase == "player" else set()
        shown: list[Choice] = []
        spans: list[list[Span]] = []
        for row, action in enumerate(self.choices):
            if action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key="n"))
                spans.append([])
            elif action == "menu":
                shown.append(Choice("Back to the menu", key="q"))
                spans.append([])
            elif isinstance(action, PlayCard) and self.paying is not None:
                label, note, row_spans = rows.payment_row(state, action)
                shown.append(Choice(label, note, DIGITS[row]))
                spans.append(row_spans)
            elif isinstance(action, PlayCard):
                i = action.hand_index
                label, rarity, row_spans = rows.hand_row(state, i, i in playable, self._wide_list())
                shown.append(Choice(label, rarity, self.slots.digit(i), i in playable))
                spans.append(row_spans)
            else:
                key = DIGITS[action.index] if action.index < len(DIGITS) else ""
                label, note, row_spans = rows.option_row(self.game, state, action.index, self._wide_list())
                shown.append(Choice(label, note, key))
                spans.append(row_spans)
        context = self._list_context(state)
        choices = self.query_one("#choices", HandList)
        cursor = choices.cursor if context == self.list_context else 0
        self.list_context = context
        choices.show_styled(shown, spans, cursor)
        title, subtitle = rows.list_title(state, self.over, self.paying)
        self._set_titles("#choices-panel", title, subtitle)
        self._draw_detail(choices.cursor)

    def _wide_list(self) -> bool:
        """Room in the list for what each card does, after its name, cost and type."""
        return self.query_one("#choices").content_size.width >= 76

    def _list_context(self, state: State) -> tuple[object, ...]:
        pending = state.pending
        if pending is not None:
            return ("pending", pending.kind, pending.prompt, state.event)
        return ("phase", state.phase, state.won, state.event, state.turn, self.paying)

    def _draw_detail(self, index: int) -> None:
        highlighted = self._highlighted(index)
        detail = self.query_one("#detail")
        width = detail.content_size.width or 46
        room = detail.content_size.height or 2
        self.paint("detail", explain.detail(self.state, highlighted, width, room))
        self._draw_you(self.state, highlighted)

    def _highlighted(self, index: int) -> Any:
        return self.choices[index] if 0 <= index < len(self.choices) else None

    # ----- input ------------------------------------------------------------------------

    def _cursor_moved(self, index: int) -> None:
        self._draw_detail(index)

    def on_choice_list_picked(self, event: HandList.Picked) -> None:
        choice = self.choices[event.index]
        if choice == "new":
            self.action_new_game()
        elif choice == "menu":
            self.action_back()
        else:
            self.play(choice)

    def play(self, action: Any) -> None:
        if isinstance(action, PlayCard) and self.game.is_legal(self.session.state, action):
            self.slots.played(action.hand_index)
        self.paying = None
        super().play(action)

    def _can_end_turn(self) -> bool:
        state = self.state
        return state.phase == "player" and state.pending is None and state.won is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("end_turn", "tap"):
            if not self._can_end_turn():
                return False
            return True if self.paying is None else None  # shown, idle while paying
        if action == "pick":
            return not self.over
        return super().check_action(action, parameters)

    def action_pick(self, index: int) -> None:
        state = self.state
        if state.pending is not None:
            self.play(Choose(index))
        elif self.paying is not None:
            if index < len(self.choices):
                self.play(self.choices[index])
        elif state.phase == "player":
            hand_index = self.slots.hand_index(index)
            if hand_index is None:
                self.notify(f"No card has the key {DIGITS[index]} this turn.", severity="warning")
                return
            self.play(PlayCard(hand_index))

    def action_end_turn(self) -> None:
        self.play(EndTurn())

    def action_tap(self) -> None:
        """List the ways to pay for the highlighted card (R7); Esc backs out."""
        action = self._highlighted(self.query_one("#choices", HandList).cursor)
        if self.paying is not None or not isinstance(action, PlayCard):
            return
        me = you(self.state)
        card = load().cards[me.hand[action.hand_index]]
        if card.kind == "energy" or not energy.playable(me, action.hand_index):
            self.notify(f"{card.name} takes no energy you could tap now.", severity="warning")
            return
        if not energy.other_payments(me, action.hand_index):
            taps = energy.default_taps(me, energy.cost_of(me, card), action.hand_index)
            self.notify(f"{card.name} can only be paid one way: {tap_words(me, taps)}.")
            return
        self.paying = action.hand_index
        self.redraw()

    def cancel(self) -> bool:
        if self.paying is None:
            return False
        self.paying = None
        self.redraw()
        return True

    def action_info(self) -> None:
        index = self.query_one("#choices", HandList).cursor
        title, body = explain.info(self.state, self._highlighted(index))
        self.app.push_screen(InfoScreen(title, body))

    def action_deck(self) -> None:
        self.app.push_screen(InfoScreen("Your deck", deck.deck_text(self.state)))

    def action_details(self) -> None:
        self.app.push_screen(InfoScreen("The whole table", explain.table(self.state)))

    def action_log(self) -> None:
        log = Text("\n".join(self.state.log) or "Nothing has happened yet.")
        self.app.push_screen(InfoScreen("Log (oldest first)", log, at_end=True))
