"""The Disruption table: defenders, allies, choices with their odds, dice, piles and log.

Keys stay put: `r` rolls with no ally, a digit brings the ally that has it (each ally keeps its
digit for the whole encounter, trades or not; tui/hand_digits.py), and marks it while trading;
`t` trades, `Enter` picks the highlighted choice.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from engine.disruption.model import Fight, Reroll, State, Trade
from engine.disruption.rules import DisruptionGame
from saves.session import GameSession
from tui.disruption import table
from tui.game_screen import GameScreen
from tui.hand_digits import HandDigits
from tui.screens.viewer import Viewer, log_viewer
from tui.widgets.cards import CardFace, CardRow
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.keybar import KeyBar
from tui.widgets.legend import legend_panel
from tui.widgets.lines import Lines
from tui.widgets.log import GameLog
from tui.widgets.panel import panel
from tui.widgets.text import Horizontal, Vertical

DIGITS = "1234567890"
TRADE = "trade"  # the last line of the trade list: trade the three marked Minors


class DisruptionScreen(GameScreen):
    CSS_PATH = "disruption.tcss"
    BINDINGS = [
        Binding("r", "roll", "Dice only"),
        *(Binding(d, f"ally({i})", show=False) for i, d in enumerate(DIGITS)),
        Binding("t", "trade", "Trade 3 Minors"),
    ]  # then the keys every table shares (tui/grammar.py): i v D L, u q n o ...
    HELP = """
# Disruption

Beat ten Ritual Defenders before they beat you three times.

- The **Choices** list shows every way to fight, best chance first (at equal chances, the
  likelier Major, then Minor, first), each with three exact chances: to **win**, to win with
  a **Maj**or reward and to win with a **Min**or one (ties are counted as rolled again until
  settled). Arrows or `j`/`k` move, `Enter` commits.
- `r` rolls with no ally (after a tie, `r` rolls the same dice again); `1`-`9` and `0` bring
  the ally shown with that digit. An ally keeps its digit for the whole encounter: after a
  trade the others keep theirs and the new Major takes a new one.
- `t` trades three Minor allies for one Major draw: mark three Minors with their digits (or
  `Enter` on each), then `Enter` on the last line. `Esc` puts the trade away.
- `D` (Shift+d) shows the whole table in words (every pile that is face up), `L` (Shift+l)
  the whole log, `v` the piles: the same keys at every table. `i` tells the highlighted
  choice in full.
- When the game ends its result, score and turning points show; `o` shows them again.
- `q` returns to the menu; the game is saved after every move.
"""

    LEGEND = table.LEGEND
    FRESH = ("status", "piles")

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DisruptionGame = session.game  # type: ignore[assignment]
        self.trading = False
        self.marked: list[int] = []  # hand places marked for a trade, in marking order
        self.choices: list[Any] = []
        self.digits = HandDigits(DIGITS)  # each ally keeps its digit for the encounter

    def compose(self) -> ComposeResult:
        yield Lines(id="status")
        with Horizontal():
            with Vertical(id="left"):
                yield panel(CardRow(id="defenders"), "Ritual Defender")
                yield panel(CardRow(id="hand"), "Your allies")
                yield panel(ChoiceList(id="choices"), "Choices")
            with Vertical(id="right"):
                yield panel(Lines(id="roll"), "Roll")
                yield panel(Lines(id="piles"), "Piles")
                yield legend_panel()
                yield panel(GameLog(id="log"), "Log")
            yield panel(Lines(id="rules"), "The rules at a glance")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = self.query_one("#choices", ChoiceList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        self.paint("rules", table.RULES_AT_A_GLANCE)
        choices.focus()

    @property
    def wide(self) -> bool:
        return self.has_class("w120")

    # ----- drawing ----------------------------------------------------------------------

    def draw(self) -> None:
        state = self.state
        self.digits.follow((state.wins, state.defeats), state.hand)  # a new encounter deals them afresh
        self.choices = self._current_choices()
        result = self.session.outcome()
        won = None if result is None else result.won
        self.paint("status", table.status_text(self.game, state, won, None if result is None else result.score))
        self._draw_defenders(state)
        self._draw_choices()
        reroll = self.game.chances(state, Reroll()) if state.phase == "tie" else None
        self.paint("roll", table.roll_text(state, reroll))
        self.query_one("#roll-panel").border_title = "Draw (No Dice)" if state.no_dice else "Roll"
        self.paint("piles", table.piles_text(state, self.has_class("w200")))
        self.query_one("#log", GameLog).show(self.game.log_lines(state))

    def on_resize(self) -> None:
        if self.session.state is not None:
            self.redraw()

    def footer_keys(self) -> tuple[object, ...]:
        legal = self.legal()
        trade = any(isinstance(a, Trade) for a in legal)
        return (*super().footer_keys(), self.state.phase, self.trading, trade, self._roll() in legal)

    def _current_choices(self) -> list[Any]:
        """What the Choices list offers: ways to fight (best chance first), the Minors to
        mark for a trade, or the end-of-game commands."""
        if self.over:
            return ["outcome", "new", "menu"]
        state = self.state
        if self.trading:
            return [i for i, card in enumerate(state.hand) if not card.is_major] + [TRADE]
        ways = [a for a in self.legal() if not isinstance(a, Trade)]
        if state.phase == "tie":
            return ways
        return self.game.best_first(state, ways)

    def _draw_defenders(self, state: State) -> None:
        box = self.query_one("#defenders-panel")
        encounter = state.encounter
        row = self.query_one("#defenders", CardRow)
        if encounter is None:
            box.border_title = "Ritual Defenders"
            box.border_subtitle = ""
            result = self.session.outcome()
            row.show([], result.summary if result else "")
            return
        faces = [
            CardFace("Jkr" if card.is_joker else card.label, f"={value}" if card.is_joker else "")
            for card, value in zip(encounter.defenders, encounter.values)
        ]
        box.border_title = table.defenders_title(state)
        box.border_subtitle = f"beat {encounter.target}: {encounter.target + 1}+ wins, {encounter.target} ties"
        row.show(faces)

    def _draw_hand(self, marked: tuple[int, ...] = ()) -> None:
        faces = []
        for i, card in enumerate(self.state.hand):
            key = self.digits.digit(i) or " "
            kind = "MAJ" if card.is_major else "min"
            chosen = i in (self.marked if self.trading else marked)
            faces.append(CardFace(card.label, f"{key} {kind}", f"{key}{kind[0]}", chosen))
        self.query_one("#hand", CardRow).show(faces, "No allies in hand.")
        self.query_one("#hand-panel").border_subtitle = f"value {sum(c.rank for c in self.state.hand)}"

    def _draw_choices(self) -> None:
        show_odds = self.app.settings.show_odds
        state = self.state
        shown = []
        for action in self.choices:
            if action == "outcome":
                shown.append(Choice("The result, score and turning points", key="o"))
            elif action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key="n"))
            elif action == "menu":
                shown.append(Choice("Back to the menu", key="q"))
            elif action == TRADE:
                picked = ", ".join(state.hand[i].label for i in sorted(self.marked))
                label = f"Trade {picked} for a Major" if len(self.marked) == 3 else f"Mark three Minors ({len(self.marked)}/3)"
                shown.append(Choice(label, key="⏎", enabled=len(self.marked) == 3))
            elif isinstance(action, int):
                mark = "[x]" if action in self.marked else "[ ]"
                shown.append(Choice(f"{mark} {state.hand[action].label}", key=self._digit(action)))
            else:
                shown.append(self._fight_choice(action, show_odds))
        cursor = self.query_one("#choices", ChoiceList).cursor if self.trading else 0
        self.query_one("#choices", ChoiceList).show(shown, cursor)
        self._draw_hand(self._allies_of(cursor))
        box = self.query_one("#choices-panel")
        box.border_title = "Trade which three Minors? (Esc puts it away)" if self.trading else "Choices"
        fighting = show_odds and not self.trading and not self.over
        box.border_subtitle = table.CHANCE_COLUMNS if fighting else ""

    def _fight_choice(self, action: Fight | Reroll, show_odds: bool) -> Choice:
        state = self.state
        label = self.game.describe(action, state)
        if self.wide:
            dice = state.encounter.dice_count if isinstance(action, Reroll) else self.game.dice_for(state, action)
            label += f": {table.needs(state, action, dice)}"
        note = table.chance_note(self.game.chances(state, action)) if show_odds else ""
        return Choice(label, note, self._key_for(action))

    def _digit(self, index: int) -> str:
        """The key of the ally at this place in the hand."""
        return self.digits.digit(index)

    def _key_for(self, action: Any) -> str:
        """The key that plays this action, shown beside it (it never depends on the list)."""
        if isinstance(action, Reroll) or (isinstance(action, Fight) and not action.allies):
            return "r"
        if isinstance(action, Fight) and len(action.allies) == 1:
            return self._digit(action.allies[0])
        return ""

    def _allies_of(self, index: int | None) -> tuple[int, ...]:
        if index is None or not 0 <= index < len(self.choices):
            return ()
        action = self.choices[index]
        return action.allies if isinstance(action, Fight) else ()

    # ----- input ------------------------------------------------------------------------

    def _cursor_moved(self, index: int) -> None:
        self._draw_hand(self._allies_of(index))

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        choice = self.choices[event.index]
        if choice == "outcome":
            self.show_end()
        elif choice == "new":
            self.action_new_game()
        elif choice == "menu":
            self.action_back()
        elif choice == TRADE:
            self._trade_marked()
        elif isinstance(choice, int):
            self._toggle_mark(choice)
        else:
            self.play(choice)

    def play(self, action: Any) -> None:
        self.trading = False
        self.marked = []
        super().play(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.over
        if action == "roll":  # offered only where the rules let it roll (or draw) alone
            return not over and not self.trading and self._roll() in self.legal()
        if action == "ally":
            return not over and (self.trading or self.state.phase == "fight")
        if action == "trade":
            return not over and not self.trading and any(isinstance(a, Trade) for a in self.legal())
        return super().check_action(action, parameters)

    def action_info(self) -> None:
        listing = self.query_one("#choices", ChoiceList)
        action = self.choices[listing.cursor] if 0 <= listing.cursor < len(self.choices) else None
        self.app.push_screen(Viewer("The highlighted choice", table.choice_detail(self.game, self.state, action)))

    def action_details(self) -> None:
        result = self.session.outcome()
        won, score = (None, None) if result is None else (result.won, result.score)
        self.app.push_screen(Viewer("The whole table", table.details_text(self.game, self.state, won, score)))

    def action_log(self) -> None:
        self.app.push_screen(log_viewer([self.game.log_text(line) for line in self.session.whole_log()]))

    def key_hint(self, action: str) -> tuple[str, bool] | None:
        if action == "roll" and self.state is not None and self.state.no_dice:
            return "Die cards only", True  # No Dice: the dice are cards drawn (R7)
        return super().key_hint(action)

    def _roll(self) -> Fight | Reroll:
        return Reroll() if self.state.phase == "tie" else Fight(())

    def action_roll(self) -> None:
        self.play(self._roll())

    def action_piles(self) -> None:
        self.app.push_screen(Viewer("Piles", Text(table.piles_text(self.state, wide=True))))

    def action_ally(self, digit: int) -> None:
        """The ally that has this digit (it keeps it all encounter, trades or not)."""
        index = self.digits.hand_index(digit)
        if index is None:
            self.notify(f"There is no such ally in your hand: none has the key {DIGITS[digit]}.", severity="warning")
        elif self.trading:
            self._toggle_mark(index)
        else:
            self.play(Fight((index,)))

    def action_trade(self) -> None:
        self.trading = True
        self.marked = []
        self.redraw()

    def _toggle_mark(self, index: int) -> None:
        hand = self.state.hand
        if index >= len(hand):
            self.notify("There is no such ally in your hand.", severity="warning")
            return
        if hand[index].is_major:
            self.notify(f"{hand[index].label} is a Major ally: only Minors are traded.", severity="warning")
            return
        if index in self.marked:
            self.marked.remove(index)
        elif len(self.marked) < 3:
            self.marked.append(index)
        else:
            self.notify("Three Minors are marked: unmark one first.", severity="warning")
            return
        self.redraw()
        if len(self.marked) == 3:  # the trade line is next: Enter confirms
            self.query_one("#choices", ChoiceList).cursor = len(self.choices) - 1

    def _trade_marked(self) -> None:
        if len(self.marked) != 3:
            self.notify("Mark three Minor allies first (their digits, or Enter on each).", severity="warning")
            return
        self.play(Trade(tuple(sorted(self.marked))))  # type: ignore[arg-type]

    def cancel(self) -> bool:
        """Esc while marking Minors to trade puts the trade away."""
        if not self.trading:
            return False
        self.trading = False
        self.marked = []
        self.redraw()
        return True
