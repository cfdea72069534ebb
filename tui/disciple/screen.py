"""The Disciple table: the foe, you, your hand or the choice at hand, what is in play, the log."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.disciple import energy
from engine.disciple.content import load
from engine.disciple.journey import DECLINE, NONE_OPTION
from engine.disciple.model import COLOUR_LETTER, Choose, EndTurn, PlayCard, State
from engine.disciple.rules import DiscipleGame
from saves.session import GameSession
from tui.game_screen import GameScreen
from tui.disciple import explain, view
from tui.disciple.widgets import HandList, InfoScreen, Span
from tui.widgets.choices import Choice
from tui.widgets.keybar import KeyBar
from tui.widgets.log import GameLog
from tui.widgets.panel import panel

DIGITS = "123456789"
PENDING_TITLE = {
    "style": "Choose your martial art",
    "start_choice": "Starting deck: pick one",
    "event": "Event: choose",
    "reward": "Reward",
    "remove_card": "Remove a card from your deck",
    "weakened": "Weakened: pick its attack pattern",
    "stun_tap": "Stunned: tap an energy card",
    "second_style": "A second style?",
    "energy_pick": "New energy allotment",
}


def card_line(card, cost: list[int], can_pay: bool) -> tuple[str, str, list[Span]]:
    """A card in the list: '×Name  cost  type', the rarity letter, and the cost's colours.
    × marks a card the energy at hand cannot pay for."""
    mark = " " if can_pay or card.kind == "energy" else "×"
    cost_text = view.cost_text(cost, card.kind == "energy")
    label = f"{mark}{card.name[:20]:<20} {cost_text.plain:<4} {view.TYPE_NAME[card.kind]}"
    start = 22  # where the cost begins in the label
    spans: list[Span] = [(start + s.start, start + s.end, str(s.style)) for s in cost_text.spans]
    if mark == "×":
        spans.append((0, 1, "bold red"))
    return label, view.RARITY_LETTER[card.rarity], spans


class DiscipleScreen(GameScreen):
    CSS_PATH = "disciple.tcss"
    BINDINGS = [
        *(Binding(d, f"pick({i})", show=False) for i, d in enumerate(DIGITS)),
        Binding("e", "end_turn", "End turn"),
        Binding("i", "info", "Card info"),
        Binding("d", "details", "Details"),
        Binding("l", "log", "Log"),
        Binding("n", "new_game", "New run"),
    ]
    HELP = """
# Disciple: A Journey

Fight your way through the event deck to the final boss with 25 vitality and no refill.

- The **Hand** list shows your cards: key, name, cost in energy letters (B blue, R red,
  G green, N gray, which any colour can pay), type and rarity (C, U, E, L). A `×` marks a
  card you cannot pay for now. The lines under the list tell the highlighted card in full.
- `1`-`8` plays that card; arrows or `j`/`k` and `Enter` do the same. Energy is tapped for
  you. `e` ends your turn, and the enemy attacks at once.
- When a decision is waiting (your style, a starting card, an event, a reward, a Weakened
  enemy's pattern, a Stun, a second style), the list shows its options: a digit or `Enter`
  picks one.
- `i` explains the keywords of the highlighted card (or the highlighted option).
- `d` shows everything at once: your hand with full text, what is in play, the enemy's
  attacks and its pattern pile. `l` shows the whole log.
- Energy in play: `[B]` is ready, `(b)` is tapped. The enemy panel shows the pattern it
  used last turn, or the one it is playing out (`✓` done, `▸` next).
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

    # ----- drawing ----------------------------------------------------------------------

    def _set_titles(self, selector: str, title: str, subtitle: str = "") -> None:
        panel = self.query_one(selector)
        if panel.border_title != title:
            panel.border_title = title
        if panel.border_subtitle != subtitle:
            panel.border_subtitle = subtitle

    def draw(self) -> None:
        state = self.state
        self.choices = self._current_choices()
        self._draw_status(state)
        title, text = view.foe_lines(state)
        self._set_titles("#foe-panel", title, self._event_deck_note(state))
        self.paint("foe", text)
        title, text = view.you_lines(state)
        self._set_titles("#you-panel", title, view.piles_note(state) if state.styles else "")
        self.paint("you", text)
        self._draw_choices(state)
        self.query_one("#log", GameLog).show(state.log)

    def footer_keys(self) -> tuple[object, ...]:
        return (*super().footer_keys(), self._can_end_turn())

    def _event_deck_note(self, state: State) -> str:
        if not state.styles:
            return ""
        group = f"group {state.group} · " if state.group and state.group != "boss" else ""
        if state.group == "boss":
            group = "final boss · "
        return f"{group}{len(state.event_deck)} events left"

    def _draw_status(self, state: State) -> None:
        text = Text(" Disciple: A Journey", style="bold")
        if state.group:
            text.append(f" · Group {state.group}" if state.group != "boss" else " · Final boss")
        if state.styles:
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
        """The list's entries: the pending options, else every card in hand and End turn."""
        state = self.state
        if self.over:
            return ["new", "menu"]
        if state.pending is not None:
            return [Choose(i) for i in range(len(state.pending.options))]
        if state.phase == "player":
            return [PlayCard(i) for i in range(len(state.hand))]  # e ends the turn: 8 rows fit
        return []

    def _draw_choices(self, state: State) -> None:
        content = load()
        playable = set(energy.playable_indices(state)) if state.phase == "player" else set()
        shown: list[Choice] = []
        spans: list[list[Span]] = []
        for action in self.choices:
            if action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key="n"))
                spans.append([])
            elif action == "menu":
                shown.append(Choice("Back to the menu", key="q"))
                spans.append([])
            elif isinstance(action, PlayCard):
                card = content.cards[state.hand[action.hand_index]]
                can_play = action.hand_index in playable
                label, rarity, card_spans = card_line(card, view.current_cost(state, card), can_play)
                shown.append(Choice(label, rarity, DIGITS[action.hand_index], can_play))
                spans.append(card_spans)
            else:
                key = DIGITS[action.index] if action.index < len(DIGITS) else ""
                label, note, option_spans = self._option_choice(state, action.index)
                shown.append(Choice(label, note, key))
                spans.append(option_spans)
        context = self._list_context(state)
        choices = self.query_one("#choices", HandList)
        cursor = choices.cursor if context == self.list_context else 0
        self.list_context = context
        choices.show_styled(shown, spans, cursor)
        title, subtitle = self._choices_title(state)
        self._set_titles("#choices-panel", title, subtitle)
        self._draw_detail(choices.cursor)

    def _list_context(self, state: State) -> tuple[object, ...]:
        pending = state.pending
        if pending is not None:
            return ("pending", pending.kind, pending.prompt, state.event)
        return ("phase", state.phase, state.won, state.event, state.turn)

    def _option_choice(self, state: State, index: int) -> tuple[str, str, list[Span]]:
        pending = state.pending
        assert pending is not None
        option = pending.options[index]
        content = load()
        if pending.kind in ("start_choice", "reward", "remove_card") and option != NONE_OPTION:
            card = content.cards[option]
            return card_line(card, list(energy.base_cost(card)), True)
        label = self.game.describe(Choose(index), state)
        if pending.kind in ("style", "second_style") and option != DECLINE:
            letters = " ".join(COLOUR_LETTER[c] for c in content.styles[option].energy)
            return label, f"energy {letters}", []
        if pending.kind in ("energy_pick", "stun_tap"):  # "... (B)": the letter in its colour
            style = view.LETTER_STYLE.get(label[-2], "")
            return label, "", [(len(label) - 2, len(label) - 1, style)]
        return label, "", []

    def _choices_title(self, state: State) -> tuple[str, str]:
        if self.session.outcome() is not None:
            return "The journey is over", ""
        pending = state.pending
        if pending is not None:
            title = PENDING_TITLE.get(pending.kind, "Choose")
            if pending.kind == "event":
                title = f"Event: {load().events[state.event].name}"
            if pending.kind == "reward":
                title = f"Reward: keep up to {pending.picks_left}"
            if pending.kind == "energy_pick":
                return title, f"{pending.picks_left} picks left"
            return title, ""
        if state.phase == "player":
            return f"Hand ({len(state.hand)})", "cost · type · rarity"
        return "Waiting", ""

    def _draw_detail(self, index: int) -> None:
        self.paint("detail", explain.detail(self.state, self._highlighted(index), self._detail_width()))

    def _detail_width(self) -> int:
        width = self.query_one("#detail").content_size.width
        return width if width > 0 else 46

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

    def _can_end_turn(self) -> bool:
        state = self.state
        return state.phase == "player" and state.pending is None and state.won is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end_turn":
            return self._can_end_turn()
        if action == "pick":
            return not self.over
        return super().check_action(action, parameters)

    def action_pick(self, index: int) -> None:
        state = self.state
        if state.pending is not None:
            self.play(Choose(index))
        elif state.phase == "player":
            self.play(PlayCard(index))

    def action_end_turn(self) -> None:
        self.play(EndTurn())

    def action_info(self) -> None:
        index = self.query_one("#choices", HandList).cursor
        title, body = explain.info(self.state, self._highlighted(index))
        self.app.push_screen(InfoScreen(title, body))

    def action_details(self) -> None:
        self.app.push_screen(InfoScreen("The whole table", explain.table(self.state)))

    def action_log(self) -> None:
        log = Text("\n".join(self.state.log) or "Nothing has happened yet.")
        self.app.push_screen(InfoScreen("Log (oldest first)", log, at_end=True))

