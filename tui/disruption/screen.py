"""The Disruption table: defenders, allies, choices with their odds, dice, piles and log."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.core.odds import percent
from engine.disruption.model import DEFEATS_TO_LOSE, WINS_TO_WIN, Fight, State, Trade
from engine.disruption.rules import DisruptionGame, singles_phase
from saves.session import GameSession
from tui.game_screen import GameScreen
from tui.widgets.cards import CardFace, CardRow
from tui.widgets.choices import Choice, ChoiceList
from tui.widgets.dice import render_dice
from tui.widgets.log import GameLog
from tui.widgets.track import render_track
from tui.widgets.keybar import KeyBar
from tui.widgets.panel import panel

DIGITS = "1234567890"


class DisruptionScreen(GameScreen):
    CSS_PATH = "disruption.tcss"
    BINDINGS = [
        Binding("r", "roll", "Roll 2d6"),
        *(Binding(d, f"ally({i})", show=False) for i, d in enumerate(DIGITS)),
        Binding("t", "trade", "Trade 3 Minors"),
    ]
    HELP = """
# Disruption

Beat ten Ritual Defenders before they beat you three times.

- The **Choices** list shows every move open to you with its chance of winning the
  encounter (ties are re-rolled until settled). Arrows or `j`/`k` move, `Enter` commits.
- `r` rolls 2d6 with no ally; `1`-`9` (and `0` for the tenth) brings that ally from your hand.
- `t` lists the ways to trade three Minor allies for one Major draw; `Esc` cancels.
- After a tie, `Enter` re-rolls the same dice.
- When the game ends, `n` starts a new one with the same options.
- `q` returns to the menu; the game is saved after every move.

Full rules: Rules on the home screen.
"""

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.game: DisruptionGame = session.game  # type: ignore[assignment]
        self.trading = False
        self.choices: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal():
            with Vertical(id="left"):
                yield panel(CardRow(id="defenders"), "Ritual Defender")
                yield panel(CardRow(id="hand"), "Your allies")
                yield panel(ChoiceList(id="choices"), "Choices")
            with Vertical(id="right"):
                yield panel(Static(id="roll"), "Roll")
                yield panel(Static(id="piles"), "Piles")
                yield panel(GameLog(id="log"), "Log")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = self.query_one("#choices", ChoiceList)
        self.watch(choices, "cursor", self._cursor_moved, init=False)
        choices.focus()

    # ----- drawing ----------------------------------------------------------------------

    def draw(self) -> None:
        state = self.state
        self.choices = self._current_choices()
        self._draw_status(state)
        self._draw_defenders(state)
        self._draw_choices()
        self._draw_roll(state)
        self._draw_piles(state)
        self.query_one("#log", GameLog).show(state.log)

    def footer_keys(self) -> tuple[object, ...]:
        trade = any(isinstance(a, Trade) for a in self.legal())
        return (*super().footer_keys(), self.state.phase, self.trading, trade)

    def _current_choices(self) -> list[Any]:
        """What the Choices list offers: legal actions, or the end-of-game commands."""
        if self.over:
            return ["new", "menu"]
        legal = self.legal()
        if self.trading:
            return [a for a in legal if isinstance(a, Trade)]
        return [a for a in legal if not isinstance(a, Trade)]

    def _draw_status(self, state: State) -> None:
        text = Text(" Disruption  ", style="bold")
        text.append_text(render_track("Wins", state.wins, WINS_TO_WIN, "■", "□", "green"))
        text.append("   ")
        text.append_text(render_track("Defeats", state.defeats, DEFEATS_TO_LOSE, "✗", "·", "red"))
        result = self.session.outcome()
        if result is not None:
            text.append("   VICTORY" if result.won else "   DEFEAT", style="bold reverse")
            text.append(f" score {result.score}", style="bold")
        else:
            text.append("   singles" if singles_phase(state) else "   pairs", style="italic")
        self.paint("status", text)

    def _draw_defenders(self, state: State) -> None:
        panel = self.query_one("#defenders-panel")
        encounter = state.encounter
        row = self.query_one("#defenders", CardRow)
        if encounter is None:
            panel.border_title = "Ritual Defenders"
            panel.border_subtitle = ""
            result = self.session.outcome()
            row.show([], result.summary if result else "")
            return
        faces = [
            CardFace("Jkr" if card.is_joker else card.label, f"={value}" if card.is_joker else "")
            for card, value in zip(encounter.defenders, encounter.values)
        ]
        pair = len(encounter.defenders) > 1
        panel.border_title = "Ritual Defenders (pair)" if pair else "Ritual Defender"
        panel.border_subtitle = f"beat {encounter.target}: {encounter.target + 1}+ wins, {encounter.target} ties"
        row.show(faces)

    def _draw_hand(self, marked: tuple[int, ...] = ()) -> None:
        faces = []
        for i, card in enumerate(self.state.hand):
            key = DIGITS[i] if i < len(DIGITS) else " "
            kind = "MAJ" if card.is_major else "min"
            faces.append(CardFace(card.label, f"{key} {kind}", f"{key}{kind[0]}", i in marked))
        self.query_one("#hand", CardRow).show(faces, "No allies in hand.")
        self.query_one("#hand-panel").border_subtitle = f"value {sum(c.rank for c in self.state.hand)}"

    def _draw_choices(self) -> None:
        show_odds = self.app.settings.show_odds
        shown = []
        for action in self.choices:
            if action == "new":
                shown.append(Choice(self.NEW_GAME_LABEL, key="n"))
            elif action == "menu":
                shown.append(Choice("Back to the menu", key="q"))
            else:
                odds = show_odds and isinstance(action, Fight)
                note = percent(self.game.chance(self.state, action)) if odds else ""
                shown.append(Choice(self.game.describe(action, self.state), note, self._key_for(action)))
        self.query_one("#choices", ChoiceList).show(shown)
        self._draw_hand(self._allies_of(0))
        panel = self.query_one("#choices-panel")
        panel.border_title = "Trade which three Minors? (Esc cancels)" if self.trading else "Choices"
        panel.border_subtitle = "win chance" if show_odds and self.state.phase == "fight" and not self.trading else ""

    def _key_for(self, action: Any) -> str:
        """The shortcut that plays this action, shown beside it."""
        if isinstance(action, Fight) and not self.trading:
            if not action.allies:
                return "r"
            if len(action.allies) == 1 and action.allies[0] < len(DIGITS):
                return DIGITS[action.allies[0]]
        return ""

    def _allies_of(self, index: int | None) -> tuple[int, ...]:
        if index is None or not 0 <= index < len(self.choices):
            return ()
        action = self.choices[index]
        if isinstance(action, Fight):
            return action.allies
        if isinstance(action, Trade):
            return action.minors
        return ()

    def _draw_roll(self, state: State) -> None:
        encounter = state.encounter
        if encounter is not None and state.phase == "tie":
            dice = render_dice(encounter.dice, encounter.dice_cards)
            allies = sum(c.rank for c in encounter.allies)
            total = sum(encounter.dice) + allies
            line = f"{sum(encounter.dice)}{f' + {allies}' if allies else ''} = {total}: tie! Re-roll."
            self.paint("roll", Text.assemble(dice, "\n", (line, "bold yellow")))
            return
        last = state.last
        if last is None:
            self.paint("roll", Text("No roll yet.\nChoose how to fight.", style="dim"))
            return
        allies = f" + {'+'.join(last.allies)}" if last.allies else ""
        verdict = ("WON", "bold green") if last.result == "won" else ("LOST", "bold red")
        line = Text.assemble(f"dice {sum(last.dice)}{allies} = {last.total} vs {last.target}: ", verdict)
        if last.reward:
            line.append(f"\nreward {last.reward}")
        self.paint("roll", Text.assemble(render_dice(last.dice, last.dice_cards), "\n", line))

    def _draw_piles(self, state: State) -> None:
        self.paint(
            "piles",
            f"Defender deck {len(state.defender_deck)}\n"
            f"Beaten {len(state.defender_graveyard)} · beat you {len(state.defeats_pile)}\n"
            f"Minor deck {len(state.minor_deck)} · Major deck {len(state.major_deck)}\n"
            f"Ally graveyard {len(state.ally_graveyard)}",
        )

    # ----- input ------------------------------------------------------------------------

    def _cursor_moved(self, index: int) -> None:
        self._draw_hand(self._allies_of(index))

    def on_choice_list_picked(self, event: ChoiceList.Picked) -> None:
        choice = self.choices[event.index]
        if choice == "new":
            self.action_new_game()
        elif choice == "menu":
            self.action_back()
        else:
            self.play(choice)

    def play(self, action: Any) -> None:
        self.trading = False
        super().play(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.over
        if action in ("roll", "ally"):
            return not over and self.state.phase == "fight" and not self.trading
        if action == "trade":
            return not over and not self.trading and any(isinstance(a, Trade) for a in self.legal())
        return super().check_action(action, parameters)

    def action_roll(self) -> None:
        self.play(Fight(()))

    def action_ally(self, index: int) -> None:
        self.play(Fight((index,)))

    def action_trade(self) -> None:
        self.trading = True
        self.redraw()

    def cancel(self) -> bool:
        """Esc while choosing Minors to trade puts the trade away."""
        if not self.trading:
            return False
        self.trading = False
        self.redraw()
        return True

